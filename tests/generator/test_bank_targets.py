"""The committed quiz banks against the levels' declared targets and caps
(generator/quizzes/level_targets.yaml), and `mcr quiz-banks --stats` that reports them."""
from __future__ import annotations

import pytest

import rules
from mcr.cli import main
from generator.quizzes import level_targets
from generator.quizzes.bank_stats import checks, missing_fans, stats_of
from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.levels import LEVELS

TABLE = rules.fan_table()


@pytest.fixture(scope="module")
def banks():
    return {level: load_bank(bank_path(level)) for level in LEVELS}


@pytest.fixture(scope="module")
def spec():
    return level_targets.default(TABLE)


@pytest.mark.parametrize("level", LEVELS)
def test_every_target_and_cap_is_met(banks, spec, level: str) -> None:
    missed = [f"{c.what}: wanted {c.wanted}, got {c.got}" for c in checks(stats_of(banks[level], spec), spec)
              if not c.ok]
    assert missed == []


def test_every_fan_appears_in_the_banks(banks) -> None:
    assert missing_fans(banks.values(), TABLE) == []


def test_beginner_is_made_of_the_common_hands_of_play(banks, spec) -> None:
    beginner = banks["beginner"]
    for q in beginner.questions:
        rare = [fan for fan in q.answer_ids if fan != "flower_tiles" and spec.fan_level(fan) != "beginner"]
        assert rare == [], q.id
    st = stats_of(beginner, spec)
    # What real hands are made of must be there: the brief's list, each in some questions.
    for fan in ("all_chows", "all_simples", "fully_concealed_hand", "seat_wind", "prevalent_wind", "edge_wait",
                "closed_wait", "single_wait", "pure_straight", "melded_hand"):
        assert st.fans.get(fan, 0) > 0, fan
    assert st.fans.get("all_pungs", 0) <= 0.04      # was 28% before the levels came from play
    assert st.fans["all_chows"] > 0.3                # the commonest hand of play leads


def test_expert_has_big_honor_hands_and_no_fan_dominates(banks, spec) -> None:
    st = stats_of(banks["expert"], spec)
    honors = ("big_four_winds", "big_three_dragons", "little_four_winds", "little_three_dragons", "all_honors")
    assert sum(1 for fan in honors if st.fans.get(fan, 0) > 0) == len(honors)
    assert st.fans.get("pure_shifted_pungs", 0) <= 0.08   # was 28%
    rare = {fan: share for fan, share in st.fans.items() if not spec.is_common(fan)}
    assert max(rare.values()) <= 0.10


def test_stats_command_reports_and_fails_cleanly(capsys, tmp_path) -> None:
    assert main(["quiz-banks", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "Beginner: 300 questions" in out and "target: All Chows" in out and "MISS" not in out
    assert "fans in no bank: none (81 of 81 appear)" in out
    assert main(["quiz-banks", "--stats", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "beginner.json: cannot read the quiz bank" in err and "Traceback" not in err
