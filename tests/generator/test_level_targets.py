"""The levels as data (generator/quizzes/level_targets.yaml): how a fan and a hand get their level,
how faults in the file are reported, and the bank statistics against the targets."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

import rules
from generator.quizzes import level_targets
from generator.quizzes.bank_stats import checks, group_share, missing_fans, stats_of
from generator.quizzes.bank_selection import Selection
from generator.quizzes.hand_builder import BuiltHand, draft_of
from generator.quizzes.question_kinds import Ask
from generator.quizzes.level_targets import BigFans, LevelSpec, Levels, Target
from generator.quizzes.levels import features_of, level_of
from generator.quizzes.play_frequencies import PlayFrequencies

TABLE = rules.fan_table()

# Made-up play figures, so the rules are tested apart from the committed simulation:
# 100 wins, All Chows in 50, Tile Hog in 1, Seat Wind in 5.
PLAY = PlayFrequencies(seed=0, games=120, wins=100, fan_table_version=TABLE.version,
                       counts={"all_chows": 50, "tile_hog": 1, "seat_wind": 5, "concealed_hand": 40,
                               "single_wait": 10, "pure_straight": 5})


@pytest.fixture(scope="module")
def levels() -> Levels:
    return level_targets.load(table=TABLE, play=PLAY)


def test_a_fans_level_follows_its_share_in_play_and_the_declared_lists(levels: Levels) -> None:
    assert levels.common_share == 0.02
    assert levels.fan_level("all_chows") == "beginner"        # 50% >= 2%
    assert levels.fan_level("seat_wind") == "beginner"        # 5% >= 2%
    assert levels.fan_level("tile_hog") == "intermediate"     # 1%, and 2 points < 24
    assert levels.fan_level("full_flush") == "expert"         # never seen, 24 points
    assert levels.fan_level("big_three_winds") == "expert"    # 12 points, but a big honor hand (listed)
    assert levels.fan_level("melded_hand") == "beginner"      # never seen here, but listed for beginners


def _level(hand: str, levels: Levels, **situation) -> str:
    draft = draft_of(hand, situation, TABLE)
    result = rules.score_with_table(TABLE, hand, **situation)
    return level_of(features_of(draft, result, TABLE), levels)


def test_a_hands_level_is_the_highest_its_fans_and_principles_call_for(levels: Levels) -> None:
    # 123m 456m 789m 345p, 5s won on 5s (single wait), concealed, on a discard: Pure
    # Straight, All Chows, Concealed Hand, Single Wait, all beginner fans with the
    # made-up figures; Short Straight is not counted (non-repeat, beginner) and Two
    # Terminal Chows (123m+789m) not either (non-separation, allowed by the list).
    assert _level("123m456m789m345p5s5s", levels, seat_wind="S") == "beginner"
    # A seven-shifted-pairs hand is an expert fan.
    assert _level("11223344556677m", levels) == "expert"


def test_the_tile_hog_hand_is_intermediate(levels: Levels) -> None:
    # 234m 234p 333s 345s 55m, self-drawn on 5m: Fully Concealed Hand 4, Tile Hog 2
    # (the four 3s), All Simples 2, Mixed Double Chow 1 = 9, a valid win. Tile Hog
    # makes it intermediate; nothing is expert (no account-once, one total).
    result = rules.score_with_table(TABLE, "234m234p333s345s5m5m", self_drawn=True)
    assert "tile_hog" in result.fan_counts() and result.valid
    assert _level("234m234p333s345s5m5m", levels, self_drawn=True) == "intermediate"
    # Won on a discard it is 7 points (Concealed Hand 2 instead of 4): a false win that
    # looks like 8 to whoever counts No Honors too (non-repeat): expert.
    assert _level("234m234p333s345s5m5m", levels) == "expert"


def test_faults_in_the_levels_file_are_named(tmp_path: Path) -> None:
    text = level_targets.PATH.read_text(encoding="utf-8")
    bad = tmp_path / "levels.yaml"
    bad.write_text(text.replace("fans: all_chows, at_least: 0.35", "fans: all_chowz, at_least: 0.35"), "utf-8")
    with pytest.raises(ValueError, match=r"levels: beginner: targets\[0\]: 'all_chowz' is no fan"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("all_pungs: 0.04", "all_pungs: 4"), "utf-8")
    with pytest.raises(ValueError, match="caps: all_pungs: 4 is not a share"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("header_ruled_out: {at_most: 0.05}", "header_ruled_out: {at_least: 0.05}"), "utf-8")
    with pytest.raises(ValueError, match="questions: header_ruled_out: needs 'at_most' \\(a share\\)"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("header_traps: {at_most: 0.05}", "header_traps: {at_most: 0.1}"), "utf-8")
    with pytest.raises(ValueError, match="questions: header_traps: 0.1 is more than header_ruled_out \\(0.05\\)"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("valid_near_minimum: {points: 4,", "valid_near_minimum: {points: 1.5,"), "utf-8")
    with pytest.raises(ValueError, match="questions: valid_near_minimum: points: 1.5 is not a number of points"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("big_fans: {points: 16, at_most: 0.10}", "big_fans: {points: 16, at_most: 10}"), "utf-8")
    with pytest.raises(ValueError, match="levels: beginner: big_fans: at_most: 10 is not a share"):
        level_targets.load(bad, TABLE, PLAY)
    bad.write_text(text.replace("  expert:\n    targets:", "  master:\n    targets:"), "utf-8")
    with pytest.raises(ValueError, match="must declare exactly beginner, intermediate, expert"):
        level_targets.load(bad, TABLE, PLAY)


@dataclass(frozen=True)
class _Q:
    kind: str
    answer: dict
    answer_ids: tuple[str, ...]


@dataclass(frozen=True)
class _Bank:
    level: str
    questions: tuple[_Q, ...]


def test_bank_statistics_by_hand(levels: Levels) -> None:
    # Four questions: All Chows in 3 (75%), All Pungs in 1 (25%, over the beginner cap
    # of 4%), an edge wait in one and a closed wait in another (waits group: 50%).
    qs = (_Q("total", {"total": 10}, ("all_chows", "edge_wait")),
          _Q("fans", {"total": 12}, ("all_chows", "closed_wait")),
          _Q("fans", {"total": 8}, ("all_chows",)),
          _Q("valid", {"total": 30}, ("all_pungs",)))
    bank = _Bank("beginner", qs)
    st = stats_of(bank, levels)
    assert st.fans["all_chows"] == 0.75 and st.fans["all_pungs"] == 0.25
    assert st.kinds == {"total": 1, "fans": 2, "valid": 1}
    assert st.totals == (8, 11, 30)                 # median of 8, 10, 12, 30
    assert group_share(bank, ("edge_wait", "closed_wait", "single_wait")) == 0.5
    by_what = {c.what: c for c in checks(st, levels)}
    assert by_what["target all chows"].ok              # 75% >= 35%
    assert by_what["target waits"].ok                  # 50% >= 25%
    assert not by_what["target all simples"].ok        # 0% < 15%
    assert not by_what["cap all_pungs"].ok             # 25% > 4%
    assert "cap all_chows" not in by_what              # common in play: no default cap
    assert "all_chows" not in missing_fans([bank], TABLE) and "nine_gates" in missing_fans([bank], TABLE)


class _Totals:
    """Asks every hand its total."""

    def for_hand(self, built: BuiltHand) -> str:
        return "total"

    def ask(self, picked: list) -> Ask:
        return Ask("total", True)


def _small_bank(spec: Levels, level: str, count: int):
    from generator.quizzes.bank_selection import select
    from generator.quizzes.hand_builder import HandBuilder
    return select(level, count, spec, HandBuilder(f"selection:{level}"), [], _Totals())


def test_selection_meets_the_targets_and_keeps_the_caps() -> None:
    # The committed levels with a 40-question beginner bank: each target's share is
    # reached (e.g. Pure Straight 4% of 40: 2 questions), no capped fan goes over.
    spec = level_targets.default(TABLE)
    picked = _small_bank(spec, "beginner", 40)
    bank = _Bank("beginner", tuple(_Q(kind, {"total": b.result.total}, tuple(b.result.fan_counts()))
                                   for b, kind in picked))
    assert len(picked) == 40
    missed = [c for c in checks(stats_of(bank, spec), spec) if not c.ok and c.what != "median total"]
    assert missed == []


def test_a_cap_on_a_common_fan_is_kept() -> None:
    # All Chows counts in about half the beginner hands the builder draws; capped at 10%
    # of 30 questions, at most 3 may show it (and its target is dropped).
    spec = level_targets.default(TABLE)
    beginner = spec.specs["beginner"]
    capped = replace(spec, specs={**spec.specs, "beginner": replace(
        beginner, targets=tuple(t for t in beginner.targets if t.fans != ("all_chows",)),
        caps={**beginner.caps, "all_chows": 0.10})})
    picked = _small_bank(capped, "beginner", 30)
    assert len(picked) == 30
    assert sum("all_chows" in b.result.fan_counts() for b, _ in picked) <= 3


def _built(hand: str, **situation) -> BuiltHand:
    return BuiltHand(draft_of(hand, situation, TABLE), rules.score_with_table(TABLE, hand, **situation))


def test_a_hand_is_picked_once_whatever_its_order_winning_tile_or_situation(levels: Levels) -> None:
    sel = Selection("beginner", 10, replace(levels, specs={**levels.specs, "beginner": LevelSpec("beginner", (), {}, None)}))
    # The same claimed 123m and standing 456m 789m 345p 55s: won on 5p on a discard, then
    # on 5s self-drawn in another seat.
    assert sel.add(_built("[123m]456m789m34p55s5p"), "total")
    assert not sel.add(_built("[123m]456m789m345p5s5s", self_drawn=True, seat_wind="S"), "fans")
    # The same tiles with the 123m concealed are another hand.
    assert sel.add(_built("123456789m345p5s5s"), "total")
    assert len(sel.picked) == 2


def test_the_big_fans_bound_keeps_room_for_the_targets_made_of_them(levels: Levels) -> None:
    # 10 questions; a fan of 16 points or more in at most 20% (2 of them); Seven Pairs
    # (24 points) in at least 10% (1 of them), so one big hand is kept for it.
    spec = LevelSpec("beginner", (Target("seven pairs", ("seven_pairs",), 0.1),), {}, None, BigFans(16, 0.2))
    sel = Selection("beginner", 10, replace(levels, specs={**levels.specs, "beginner": spec}))
    straight = "123456789m345p5s5s"      # 123 456 789m: Pure Straight, 16 points
    other_straight = "123456789p345m5s5s"
    pairs = "1133m5577p2299sEE"           # seven pairs: Seven Pairs, 24 points
    small = "234m567p345s789s5m5m"       # four chows and a pair, no fan of 16 points
    assert TABLE.fan("pure_straight").points == 16 and TABLE.fan("seven_pairs").points == 24
    assert all(TABLE.fan(f).points < 16 for f in _built(small).result.fan_counts())
    assert sel.add(_built(straight), "total")              # 1 big, 1 kept for Seven Pairs: 2 of 2
    assert not sel.add(_built(other_straight), "total")    # would leave no room for Seven Pairs
    assert sel.add(_built(small), "total")                 # no big fan: no bound
    assert sel.add(_built(pairs), "total")                 # the room it was kept for
    assert not sel.add(_built(other_straight), "total")    # 2 of 2 taken
