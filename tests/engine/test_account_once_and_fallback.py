"""Account-once never leaves out a combination that can still count, and the fallback fan
(Chicken Hand) counts only when no fan at all applies to the hand.

The four hands below once scored Chicken Hand's 8 in place of the fan they have (the
evaluator admitted leaving every account-once match out). Each expectation is worked
out by hand from the rules, and agrees with an independent calculator.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.tiles import ALL_TILES, SUITS, suited

TABLE = rules.fan_table()
FALLBACK = next(f.id for f in TABLE.fans if f.fallback)


@pytest.mark.parametrize(("hand", "expected", "total"), [
    # 234m 345p 456s: three chows shifted by one in three suits.
    ("[234m][345p]67p456sEE5p", {"mixed_shifted_chows": 1}, 6),
    # 345s and 678s: six tiles in a row of one suit.
    ("[234m][567p]345s78sEE6s", {"short_straight": 1}, 1),
    # 234m-234p, and 234p once more with 567p (234p had been combined once only).
    ("[234m][567p]234p78sEE9s", {"mixed_double_chow": 1, "short_straight": 1}, 2),
    # 888m and 888s.
    ("[678p][444m]8m8m8s8s8sFF8m", {"double_pung": 1}, 2),
])
def test_a_combination_fan_is_never_traded_for_the_fallback(hand: str, expected: dict[str, int], total: int) -> None:
    result = rules.score(hand)
    assert result.fan_counts() == expected
    assert result.total == total and not result.valid
    assert result.not_counted == ()


def test_the_fallback_still_counts_when_nothing_applies() -> None:
    result = rules.score("[234m][888p]567s34pEE5p")
    assert result.fan_counts() == {FALLBACK: 1} and result.total == 8


def _fallback_hand_has_no_fan(hand: str, situation: dict) -> None:
    """The property: with the fallback counted, no reading of the hand has any fan,
    counted or not (flowers aside)."""
    result = rules.score_with_table(TABLE, hand, **situation)
    if FALLBACK not in result.fan_counts():
        return
    assert result.not_counted == (), (hand, situation, result.not_counted)
    for reading in rules.score_readings(hand, table=TABLE, **situation):
        others = {f.id for f in reading.fans if not f.bonus} - {FALLBACK}
        assert not others and not reading.not_counted, (hand, situation, reading.groups)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=500, deadline=None)
@given(seeds)
def test_fallback_only_without_any_fan_on_random_hands(seed: int) -> None:
    sampled = rules_sampling_hand(seed)
    _fallback_hand_has_no_fan(sampled.hand, sampled.situation)


def rules_sampling_hand(seed: int):
    from rules.sampling import sample_hand
    return sample_hand(random.Random(seed))


def _chow_heavy(rng: random.Random) -> tuple[str, dict]:
    """Four chows over the three suits, some claimed, and an honor pair: the hands where
    account-once decides (most pairwise fans, few others)."""
    chows = [[suited(rng.choice(SUITS), rng.randint(1, 7))] for _ in range(4)]
    chows = [(c[0], ALL_TILES[c[0].code + 1], ALL_TILES[c[0].code + 2]) for c in chows]
    pair = rng.choice([t for t in ALL_TILES if t.is_honor])
    claimed = rng.randint(1, 3)
    melds = "".join("[" + "".join(t.text for t in c) + "]" for c in chows[:claimed])
    standing = [t for c in chows[claimed:] for t in c] + [pair, pair]
    win = standing.pop(rng.randrange(len(standing)))
    standing.sort(key=lambda t: t.code)
    return melds + "".join(t.text for t in standing) + win.text, {"seat_wind": "N", "prevalent_wind": "W"}


@settings(max_examples=600, deadline=None)
@given(seeds)
def test_fallback_only_without_any_fan_on_chow_hands(seed: int) -> None:
    hand, situation = _chow_heavy(random.Random(seed))
    try:
        rules.parse_hand(hand)
    except rules.RulesError:
        return  # five copies of a face: not a hand
    _fallback_hand_has_no_fan(hand, situation)


def test_the_chow_hands_do_reach_the_defect() -> None:
    # The generator above is worth running only if it makes hands like the four above:
    # an account-once fan alone, in a hand with nothing else.
    alone = 0
    for seed in range(3000):
        hand, situation = _chow_heavy(random.Random(seed))
        try:
            result = rules.score_with_table(TABLE, hand, **situation)
        except rules.RulesError:
            continue
        fans = [TABLE.fan(f.id) for f in result.fans]
        alone += bool(fans) and all(f.account_once for f in fans)
    assert alone >= 20
