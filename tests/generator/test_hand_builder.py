"""The hand builder: legal, realistic, reproducible hands that hit what they are asked for."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from generator.quizzes.hand_builder import BuildError, BuiltHand, HandBuilder, draft_of
from generator.quizzes import level_targets
from generator.quizzes.levels import LEVELS, hand_level

TABLE = rules.fan_table()
FAN_IDS = [f.id for f in TABLE.fans]


@pytest.fixture(scope="module")
def builder() -> HandBuilder:
    return HandBuilder(seed=81)


@pytest.fixture(scope="module")
def untargeted() -> list[BuiltHand]:
    b = HandBuilder(seed=7)
    return [b.build() for _ in range(300)]


def rescored(built: BuiltHand) -> rules.ScoreResult:
    """The engine's own verdict, independent of the builder's copy."""
    return rules.score(built.hand, **built.situation)


@pytest.mark.parametrize("fan", FAN_IDS)
def test_every_fan_can_be_targeted(builder: HandBuilder, fan: str) -> None:
    built = builder.build(fan=fan)
    assert fan in rescored(built).fan_counts(), built.hand


def test_targeted_hands_are_not_the_fan_tables_examples(builder: HandBuilder) -> None:
    examples = {ex.hand.replace(" ", "") for f in TABLE.fans for ex in f.examples}
    examples |= {rules.parse_hand(h).notation() for h in examples}
    hands = [builder.build(fan=fan).hand for fan in FAN_IDS]
    assert sum(h in examples for h in hands) <= len(hands) // 10


def test_same_seed_same_hands_and_another_seed_others() -> None:
    def run(seed: int) -> list[tuple[str, dict]]:
        b = HandBuilder(seed)
        return [(h.hand, h.situation) for h in (b.build(), b.build(fan="nine_gates"), b.build(level="expert"),
                                               b.build(band=(20, 30)))]
    assert run(3) == run(3)
    assert run(3) != run(4)


def test_untargeted_hands_are_valid_wins_with_a_realistic_mix(untargeted: list[BuiltHand]) -> None:
    assert all(h.result.valid for h in untargeted)
    melds = Counter(len(h.draft.melds) for h in untargeted)
    assert melds[0] > 30 and sum(n for k, n in melds.items() if k >= 2) > 30   # concealed and claimed hands
    self_drawn = sum(h.draft.situation.self_drawn for h in untargeted)
    assert 0.25 < self_drawn / len(untargeted) < 0.6
    shapes = Counter(h.result.shape for h in untargeted)
    assert shapes["standard"] > 0.8 * len(untargeted)
    chows = sum(any(len(g) == 4 and g[0] != g[1] for g in h.result.groups) for h in untargeted)
    assert chows > len(untargeted) // 2            # most hands have chows (groups like "123m")
    assert len({h.hand for h in untargeted}) > 0.95 * len(untargeted)
    winds = Counter((h.draft.situation.seat_wind, h.draft.situation.prevalent_wind) for h in untargeted)
    assert len(winds) == 16


def test_situations_are_consistent_with_the_hand(untargeted: list[BuiltHand], builder: HandBuilder) -> None:
    hands = untargeted + [builder.build(fan=f) for f in FAN_IDS]
    for h in hands:
        s, d = h.draft.situation, h.draft
        held = Counter(d.all_tiles)
        if s.robbing_kong:
            assert held[d.win] == 1 and not s.self_drawn, h.hand
        if s.replacement:
            assert s.self_drawn and any(len(m.tiles) == 4 for m in d.melds) and not s.last_wall_tile, h.hand
        if s.fourth_tile:
            assert d.win not in d.concealed, h.hand
        assert h.hand == rules.parse_hand(h.hand).notation()
        rescored(h)  # the engine accepts hand and situation


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), level=st.sampled_from((None,) + LEVELS))
def test_any_seed_gives_a_legal_hand_of_the_level_asked(seed: int, level: str | None) -> None:
    b = HandBuilder(seed)
    built = b.build(level=level)
    result = rescored(built)
    assert result.valid
    if level:
        assert hand_level(built.draft, result, TABLE) == level


def test_beginner_hands_are_made_of_common_fans_without_traps() -> None:
    # generator/quizzes/level_targets.yaml: a beginner hand counts only fans common in play (or listed
    # for beginners), a fan is left out only by non-repeat (or Two Terminal Chows inside
    # a Pure Straight), no fan twice, a standard or seven-pairs shape, one total.
    spec = level_targets.default(TABLE)
    b = HandBuilder(11)
    for _ in range(20):
        built = b.build(level="beginner")
        r = built.result
        assert r.valid and r.shape in (rules.STANDARD, rules.SEVEN_PAIRS), built.hand
        assert all(spec.fan_level(f.id) == "beginner" and f.count == 1 for f in r.fans if not f.bonus), built.hand
        assert all(n.principle == "non_repeat" or (n.id, n.principle) == ("two_terminal_chows", "non_separation")
                   for n in r.not_counted), built.hand
        assert not any(len(m.tiles) == 4 for m in built.draft.melds)   # kongs are rare in play: not beginner


def test_bands_and_false_wins() -> None:
    b = HandBuilder(5)
    for _ in range(10):
        assert 24 <= b.build(band=(24, 40)).result.total <= 40
        assert not b.build(valid=False).result.valid


def test_a_hand_the_caller_accepts() -> None:
    # What a question needs of its hand beyond a fan, a level or a band: here a false win
    # within 4 points of the 8-point minimum without flowers (4..7 points).
    def near_the_minimum(built: BuiltHand) -> bool:
        return 4 <= rescored(built).total_without_flowers <= 12

    b = HandBuilder(11)
    for _ in range(5):
        built = b.build(valid=False, accept=near_the_minimum)
        assert not rescored(built).valid and 4 <= rescored(built).total_without_flowers <= 7
    with pytest.raises(BuildError, match="accept=never"):
        def never(built: BuiltHand) -> bool:
            return False
        b.build(accept=never, max_tries=50)


def test_a_fan_and_a_level_together() -> None:
    b = HandBuilder(9)
    built = b.build(fan="seat_wind", level="intermediate")
    assert "seat_wind" in built.result.fan_counts()
    assert hand_level(built.draft, built.result, TABLE) == "intermediate"


def test_impossible_requests_fail_cleanly() -> None:
    b = HandBuilder(1)
    with pytest.raises(BuildError, match="unknown fan"):
        b.build(fan="no_such_fan")
    with pytest.raises(BuildError, match="unknown level"):
        b.build(level="grandmaster")
    with pytest.raises(BuildError, match="tries"):
        b.build(band=(500, 600), max_tries=200)


def test_draft_of_reads_the_notation_back() -> None:
    d = draft_of("[123m][5555p1][EEEE]555s3s3s", {"self_drawn": True, "seat_wind": "S"})
    assert d.notation() == rules.parse_hand("[123m][5555p1][EEEE]555s3s3s").notation()
    assert [m.exposed for m in d.melds] == [True, True, False]
    assert d.win.text == "3s" and d.situation.seat_wind == "S" and d.situation.self_drawn
