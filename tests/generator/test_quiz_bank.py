"""The committed quiz banks: valid files, every answer key re-scored, every fan drillable;
and the bank builder: deterministic from its seed."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

import rules
from generator.quizzes.hand_builder import draft_of
from generator.quizzes.questions import KINDS
from generator.quizzes.levels import LEVELS, hand_level
from generator.quizzes.banks import (DEFAULT_COUNT, QUIZ_DIR, SCHEMA_PATH, bank_path, build_bank, check_bank, dumps,
                                 load_bank, schema, write_bank)

TABLE = rules.fan_table()
MIN_QUESTIONS = 300


@pytest.fixture(scope="module")
def banks() -> dict[str, object]:
    return {level: load_bank(bank_path(level)) for level in LEVELS}


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("level", LEVELS)
def test_bank_is_schema_valid_and_large_enough(banks, level: str) -> None:
    data = json.loads(bank_path(level).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema()).validate(data)
    bank = banks[level]
    assert bank.level == level and data["count"] == len(bank.questions) >= MIN_QUESTIONS
    assert all(q.level == level for q in bank.questions)
    assert len({q.id for q in bank.questions}) == len(bank.questions)
    every_edition = {f.id for info, _ in rules.editions() for f in rules.fan_table(None, info.id).fans}
    assert set(data["fans"]) == every_edition


@pytest.mark.parametrize("level", LEVELS)
def test_every_answer_key_agrees_with_the_engine(banks, level: str) -> None:
    """Fails after a fan table change until `mcr quiz-banks` rebuilds the banks."""
    assert check_bank(banks[level], TABLE) == []


@pytest.mark.parametrize("level", LEVELS)
def test_every_question_shows_the_level_of_its_bank(banks, level: str) -> None:
    for q in banks[level].questions:
        draft = draft_of(q.hand, q.situation)
        result = rules.score(q.hand, **q.situation)
        assert hand_level(draft, result, TABLE) == level, q.id


def test_every_fan_can_be_drilled_from_the_banks(banks) -> None:
    counted = Counter(fan for bank in banks.values() for q in bank.questions for fan in q.answer_ids)
    assert [f.id for f in TABLE.fans if counted[f.id] < 2] == []


def test_banks_mix_question_kinds_and_false_wins(banks) -> None:
    for bank in banks.values():
        kinds = Counter(q.kind for q in bank.questions)
        assert all(kinds[k] >= 25 for k in ("total", "fans", "valid", "payments", "waits", "one_tile_wait")), kinds
        valid_questions = [q for q in bank.questions if q.kind == "valid"]
        false_wins = sum(not q.answer["valid"] for q in valid_questions)
        assert 0.25 < false_wins / len(valid_questions) < 0.75


def test_every_kind_is_in_the_banks(banks) -> None:
    kinds = Counter(q.kind for bank in banks.values() for q in bank.questions)
    assert set(kinds) == set(KINDS) and kinds["best_reading"] >= 15, kinds
    # Ties of readings reach the banks, and best-reading questions offer a lower reading.
    assert sum(bool(q.answer.get("ties")) for bank in banks.values() for q in bank.questions) >= 5
    for q in (q for bank in banks.values() for q in bank.questions if q.kind == "best_reading"):
        totals = [r["total"] for r in q.data["readings"]]
        assert len(set(totals)) > 1 and max(totals) == q.answer["total"]


def test_banks_are_small_enough_for_a_browser() -> None:
    for level in LEVELS:
        assert bank_path(level).stat().st_size < 600_000


def test_banks_record_seed_and_fan_table_version(banks) -> None:
    for bank in banks.values():
        assert bank.header["seed"] == bank.seed and bank.fan_table_version == TABLE.version
        assert bank.header["format"] == 1


def test_same_seed_same_bank_other_seed_other_bank() -> None:
    a = dumps(build_bank("intermediate", seed=5, count=12, coverage=0))
    b = dumps(build_bank("intermediate", seed=5, count=12, coverage=0))
    c = dumps(build_bank("intermediate", seed=6, count=12, coverage=0))
    assert a == b and a != c


def test_a_built_bank_round_trips_through_its_file(tmp_path: Path) -> None:
    bank = build_bank("expert", seed=3, count=10, coverage=0)
    path = write_bank(bank, tmp_path)
    assert path == tmp_path / "expert.json" and not list(tmp_path.glob(".*tmp"))
    again = load_bank(path)
    assert again.as_data() == json.loads(path.read_text(encoding="utf-8")) == bank.as_data()
    assert check_bank(again, TABLE) == []
    assert path.read_text(encoding="utf-8").count("\n{\"id\"") == 10   # one question per line


def test_a_damaged_bank_is_reported_with_its_path(tmp_path: Path) -> None:
    bad = tmp_path / "beginner.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(ValueError, match="beginner.json"):
        load_bank(bad)
    bad.write_text(json.dumps({"format": 1, "level": "beginner"}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a quiz bank"):
        load_bank(bad)
    with pytest.raises(ValueError, match="not a quiz bank"):
        load_bank(bad, validate=True)


def test_a_wrong_answer_key_is_caught(banks) -> None:
    q = banks["beginner"].questions[0]
    data = json.loads(json.dumps(q.data))
    data["answer"]["total"] += 1
    data["answer"]["fans"] = data["answer"]["fans"][1:]
    from generator.quizzes.questions import Question
    problems = "\n".join(check_bank(type(banks["beginner"])("beginner", 1, TABLE.version,
                                                             (Question.from_data(data),), {}), TABLE))
    assert "total is" in problems and "fans is" in problems


def test_default_paths() -> None:
    assert SCHEMA_PATH.parent == QUIZ_DIR and bank_path("expert") == QUIZ_DIR / "expert.json"
    assert DEFAULT_COUNT >= MIN_QUESTIONS


def test_the_rebuild_command_writes_and_checks_banks(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from mcr.cli import main
    args = ["--out", str(tmp_path), "--level", "beginner"]
    assert main(["quiz-banks", *args, "--count", "6", "--coverage", "0", "--seed", "9"]) == 0
    assert load_bank(tmp_path / "beginner.json").seed == 9
    assert main(["quiz-banks", *args, "--check"]) == 0
    path = tmp_path / "beginner.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"total":', '"total":1', 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["quiz-banks", *args, "--check"]) == 1
    err = capsys.readouterr().err
    assert "total is" in err and "mcr quiz-banks" in err


def test_a_bank_of_one_question_is_said_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from mcr.cli import main
    args = ["--out", str(tmp_path), "--level", "beginner"]
    assert main(["quiz-banks", *args, "--count", "1", "--coverage", "0", "--seed", "9", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path / 'beginner.json'} : 1 question (graine 9," in out
    assert re.search(r"^construit en \d+,\d s$", out, re.M), out   # French writes a decimal comma
    assert main(["quiz-banks", *args, "--check"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Beginner: 1 question, ok"
    assert main(["quiz-banks", *args, "--stats", "--lang", "es"]) == 1   # a bank of one misses its targets
    assert "Principiante: 1 pregunta" in capsys.readouterr().out
