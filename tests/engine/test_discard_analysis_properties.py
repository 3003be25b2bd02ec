"""The discard analysis against its own definitions, on seeded random hands: the useful
tiles are exactly the drawable faces whose draw lowers the least shanten (worked out
again one draw at a time, without the shortcuts the analysis takes), a 13-tile hand is
ready exactly when rules.waits finds a wait, and a 14-tile hand's discards are each a
13-tile analysis, ranked as promised."""
from __future__ import annotations

import random

import rules
from rules import shanten
from rules.sampling import sample_hand
from rules.shapes import waits_of_waiting_hand
from rules.tiles import ALL_TILES, counts_of

HANDS = 150


def near_winning(rng: random.Random, size: int) -> rules.Hand:
    """A sampled winning hand with up to three standing tiles swapped, cut to `size` tiles."""
    won = rules.parse_hand(sample_hand(rng).hand)
    standing = list(won.standing)
    held = list(won.copies)
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(standing))
        new = rng.choice([t for t in ALL_TILES if held[t.code] < 4])
        held[standing[at].code] -= 1
        held[new.code] += 1
        standing[at] = new
    return rules.Hand(won.melds, tuple(standing[:len(standing) - (14 - size)]))


def text(hand: rules.Hand) -> str:
    melds = "".join(f"[{rules.tiles.format_tiles(m.tiles)}{'1' if m.claimed and m.kind == 'kong' else ''}]"
                    for m in hand.melds)
    return melds + rules.tiles.format_tiles(sorted(hand.standing))


def least_after(hand: rules.Hand, code: int) -> int:
    counts = list(hand.standing_counts)
    counts[code] += 1
    caps = shanten.caps_of(counts_of([t for m in hand.melds for t in m.tiles]))
    values = shanten.shanten_by_shape(tuple(counts), caps, len(hand.melds)).values()
    return min(v for v in values if v is not None)


def test_useful_tiles_and_waits_follow_their_definitions() -> None:
    rng = random.Random(31)
    ready = 0
    for _ in range(HANDS):
        hand = near_winning(rng, 13)
        found = rules.analyze_hand(text(hand))
        expected = [t.text for t in ALL_TILES if hand.copies[t.code] < 4 and least_after(hand, t.code) < found.shanten]
        assert [u.tile.text for u in found.useful] == expected, text(hand)
        assert all(u.unseen == 4 - hand.copies[u.tile.code] for u in found.useful)
        waits = sorted(waits_of_waiting_hand(hand))
        assert (found.shanten == 0) == bool(waits), text(hand)
        if waits:
            ready += 1
            assert [w.tile for w in found.waits] == waits == [u.tile for u in found.useful]
    assert ready >= 10


def test_each_discard_is_the_analysis_of_the_tiles_left() -> None:
    rng = random.Random(32)
    for _ in range(HANDS // 3):
        hand = near_winning(rng, 14)
        found = rules.analyze_hand(text(hand))
        assert found.shanten == min(d.shanten for d in found.discards) or found.shanten == -1
        assert sorted(d.tile.code for d in found.discards) == sorted({t.code for t in hand.standing})
        keys = [(d.shanten, -d.unseen, d.tile.code) for d in found.discards]
        assert keys == sorted(keys)
        for discard in found.discards:
            left = list(hand.standing)
            left.remove(discard.tile)
            alone = rules.analyze_hand(text(rules.Hand(hand.melds, tuple(left))))
            assert discard.shanten == alone.shanten
            # The same faces; the unseen copies count the discarded one as seen.
            assert [u.tile for u in discard.useful] == [u.tile for u in alone.useful if u.unseen > (u.tile is discard.tile)]
            assert all(u.unseen == 4 - hand.copies[u.tile.code] for u in discard.useful)
