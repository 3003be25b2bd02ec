"""benchmarks/score_instructions.py: what each of its runs scores, the arithmetic that
turns the runs' counts into instructions a hand, and (under valgrind, slow) that a count
comes back to the instruction."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import rules
import rules.shapes
from benchmarks import score_instructions as bench

HANDS = 4


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often each step the runs may take is called (each still does its work)."""
    made: dict[str, int] = {}

    def counted(owner: Any, name: str) -> None:
        real = getattr(owner, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            made[name] = made.get(name, 0) + 1
            return real(*args, **kwargs)
        monkeypatch.setattr(owner, name, call)
    for owner, name in ((rules, "score_with_table"), (rules, "parse_hand"), (rules, "situation_for"),
                        (rules.shapes, "readings_of")):
        counted(owner, name)
    return made


@pytest.mark.parametrize(("mode", "expected"), [
    ("base", {}),
    ("new", {"score_with_table": HANDS}),
    ("again", {"score_with_table": 2 * HANDS}),
    ("parse", {"parse_hand": HANDS}),
    ("situation", {"parse_hand": HANDS, "situation_for": HANDS}),
    ("readings", {"parse_hand": HANDS, "situation_for": HANDS, "readings_of": HANDS}),
])
def test_each_run_scores_the_drawn_hands_as_its_mode_says(calls: dict[str, int], mode: str,
                                                           expected: dict[str, int]) -> None:
    bench._child("1998", 0, HANDS, mode)
    assert calls == expected


def test_the_warm_up_scores_other_hands_than_those_counted(calls: dict[str, int]) -> None:
    bench._child("1998", 3, HANDS, "base")
    assert calls == {"score_with_table": 3}
    assert bench.WARM_SEED != bench.HANDS_SEED


def test_counts_a_hand_from_the_differences_of_the_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = {"base": 1_000, "parse": 1_300, "situation": 1_400, "readings": 2_000, "new": 5_000, "again": 8_000}
    asked: list[tuple[str, int, int, str]] = []

    def fake_count(edition: str, warm: int, hands: int, mode: str) -> int:
        asked.append((edition, warm, hands, mode))
        return runs[mode]
    monkeypatch.setattr(bench, "_count", fake_count)
    monkeypatch.setattr(bench, "_write_caches", lambda edition: None)
    plain = bench.count_edition("green-book", 7, 10)
    assert (plain.new, plain.again, plain.steps) == (400.0, 300.0, ())
    assert sorted(mode for *_, mode in asked) == ["again", "base", "new"]
    asked.clear()
    split = bench.count_edition("green-book", 7, 10, stages=True)
    assert split.steps == (30.0, 10.0, 60.0, 300.0)   # parse, situation, readings, the rest
    assert sum(split.steps) == split.new
    assert {call[:3] for call in asked} == {("green-book", 7, 10)}


def test_a_failed_run_says_which_and_why(monkeypatch: pytest.MonkeyPatch) -> None:
    class Done:
        returncode = 1
        stderr = "valgrind: no such tool"
    monkeypatch.setattr(bench.subprocess, "run", lambda *args, **kwargs: Done())
    with pytest.raises(SystemExit, match="the new run of 1998 failed .exit 1.:\nvalgrind: no such tool"):
        bench._count("1998", 0, 1, "new")


def test_an_unknown_edition_is_named() -> None:
    with pytest.raises(SystemExit, match="unknown edition 'nineteen': expected one of"):
        bench._editions("nineteen")


@pytest.mark.slow
def test_under_valgrind_a_count_comes_back_to_the_instruction() -> None:
    bench._write_caches("1998")
    with ThreadPoolExecutor(max_workers=2) as pool:
        first, second = pool.map(lambda _: bench._count("1998", 0, 3, "new"), range(2))
    base = bench._count("1998", 0, 3, "base")
    assert first == second
    assert first > base
