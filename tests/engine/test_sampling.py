"""The hands the benchmarks type besides the winning ones (rules.sampling): a winning hand
before its winning tile, which the wait finder reads; and the near-win hands
(sample_near_wins): a winning hand from the same seed, its melds kept and two of its standing
tiles swapped, read as the discard analysis reads 14 tiles."""
from __future__ import annotations

from collections import Counter

import rules
from rules.sampling import sample_hands, sample_near_wins


def test_a_near_win_is_its_winning_hand_with_two_standing_tiles_swapped() -> None:
    near = sample_near_wins(60, 5)
    assert near == sample_near_wins(60, 5)   # reproducible from its seed
    changed = []
    for text, won in zip(near, sample_hands(60, 5)):
        hand = rules.parse_hand_to_analyze(text)   # 14 tiles, as the analysis takes them
        winning = rules.parse_hand(won.hand)
        assert [m.tiles for m in hand.melds] == [m.tiles for m in winning.melds], text
        assert max(hand.copies) <= 4, text
        left = Counter(t.code for t in winning.standing) - Counter(t.code for t in hand.standing)
        assert sum(left.values()) <= 2, (text, won.hand)
        changed.append(sum(left.values()))
    assert changed.count(0) < len(changed) // 4   # a swap seldom puts back the tile it took


def test_a_hand_before_its_winning_tile_waits_on_that_tile() -> None:
    for sampled in sample_hands(80, 9):
        waiting = sampled.waiting
        hand = rules.parse_waiting_hand(waiting)   # 13 tiles
        won = rules.parse_hand(sampled.hand)
        assert sorted(t.code for t in hand.standing) == sorted(t.code for t in won.standing[:-1]), sampled.hand
        assert won.standing[-1] in rules.waits(waiting), (sampled.hand, waiting)
