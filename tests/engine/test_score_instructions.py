"""benchmarks/score_instructions.py: what each of its runs scores, the arithmetic that
turns the runs' counts into instructions a hand, its messages, and (under valgrind, slow)
that a count comes back to the instruction."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import rules
from benchmarks import score_instructions as bench

HANDS = 4
Calls = list[tuple[str, tuple[Any, ...], dict[str, Any]]]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Each call of the engine's steps a run may take, with its arguments (each still
    does its work)."""
    made: Calls = []

    def counted(name: str) -> None:
        real = getattr(rules, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            made.append((name, args, kwargs))
            return real(*args, **kwargs)
        monkeypatch.setattr(rules, name, call)
    for name in ("score_with_table", "parse_hand", "situation_for"):
        counted(name)
    return made


def _scored(calls: Calls) -> list[tuple[str, dict[str, Any]]]:
    return [(args[1], kwargs) for name, args, kwargs in calls if name == "score_with_table"]


@pytest.mark.parametrize(("mode", "passes", "steps"), [
    ("base", 0, ()), ("new", 1, ()), ("again", 2, ()),
    ("parse", 0, ("parse_hand",)), ("situation", 0, ("parse_hand", "situation_for")),
])
def test_each_run_takes_the_drawn_hands_as_far_as_its_mode_says(calls: Calls, mode: str, passes: int,
                                                                steps: tuple[str, ...]) -> None:
    bench.run_mode("1998", 0, HANDS, mode)
    drawn = bench.drawn_requests(HANDS)
    assert _scored(calls) == drawn * passes
    parts = [(name, args, kwargs) for name, args, kwargs in calls if name != "score_with_table"]
    if not passes:   # score_with_table's own steps are not counted twice
        expected = []
        for hand, situation in drawn:
            if "parse_hand" in steps:
                expected.append(("parse_hand", (hand,), {}))
            if "situation_for" in steps:
                expected.append(("situation_for", (rules.fan_table(None, "1998"),), situation))
        assert parts == expected


def test_the_warm_up_scores_other_hands_than_those_counted(calls: Calls) -> None:
    bench.run_mode("1998", 3, HANDS, "new")
    scored = [hand for hand, _ in _scored(calls)]
    warm, counted = scored[:3], scored[3:]
    assert counted == [hand for hand, _ in bench.drawn_requests(HANDS)]
    assert not set(warm) & set(counted)


def test_counts_a_hand_from_the_differences_of_the_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = {"base": 1_000, "parse": 1_300, "situation": 1_400, "new": 5_000, "again": 8_000}
    asked: list[tuple[str, int, int, str, bool]] = []
    written: list[str] = []

    def fake_count(edition: str, warm: int, hands: int, mode: str, fans_read: bool = False) -> int:
        asked.append((edition, warm, hands, mode, fans_read))
        return runs[mode]
    monkeypatch.setattr(bench, "valgrind_count", fake_count)
    monkeypatch.setattr(bench, "write_caches", written.append)
    plain = bench.count_edition("green-book", 7, 10)
    assert (plain.new, plain.again, plain.steps) == (400.0, 300.0, ())
    assert sorted(mode for *_, mode, _ in asked) == ["again", "base", "new"]
    assert written == ["green-book"]
    asked.clear()
    split = bench.count_edition("green-book", 7, 10, stages=True, fans_read=True)
    assert split.steps == (30.0, 10.0, 360.0)   # parse, situation, the rest
    assert {(edition, warm, hands, read) for edition, warm, hands, _, read in asked} == {("green-book", 7, 10, True)}
    assert bench.report(split)[1:] == ["    of a new hand, parse:             30 (8%)",
                                       "    of a new hand, situation:         10 (2%)",
                                       "    of a new hand, the rest:         360 (90%)"]


class _Done:
    def __init__(self, returncode: int, stderr: str) -> None:
        self.returncode, self.stderr = returncode, stderr


def test_each_counted_run_is_valgrind_on_this_script_with_its_mode_and_a_fixed_hash_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[list[str], dict[str, str]]] = []

    def fake_run(command: list[str], **kwargs: Any) -> _Done:
        seen.append((command, kwargs["env"]))
        return _Done(0, "==1== I   refs:      1,234,567\n")
    monkeypatch.setattr(bench.subprocess, "run", fake_run)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/" + name)
    assert bench.valgrind_count("green-book", 3, 5, "again") == 1_234_567
    (command, env), = seen
    assert command[0] == "valgrind" and bench.__file__ in command
    assert command[command.index("--run") + 1:] == ["again", "--edition", "green-book", "--warm", "3", "--hands", "5"]
    assert env["PYTHONHASHSEED"] == "0"
    bench.valgrind_count("1998", 0, 1, "new", fans_read=True)
    assert seen[-1][0][-1] == "--fans-read"


def test_with_fans_read_every_result_scored_has_its_fans_read(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    class Result:
        def __init__(self, hand: str) -> None:
            self.hand = hand

        @property
        def fans(self) -> tuple[()]:
            read.append(self.hand)
            return ()
    monkeypatch.setattr(rules, "score_with_table", lambda table, hand, **situation: Result(hand))
    bench.run_mode("1998", 2, HANDS, "again", fans_read=True)
    assert read[2:] == [hand for hand, _ in bench.drawn_requests(HANDS)] * 2 and len(read) == 2 + 2 * HANDS
    read.clear()
    bench.run_mode("1998", 2, HANDS, "again")
    assert read == []


@pytest.mark.parametrize(("returncode", "stderr"), [(1, "==1== I   refs:  10\nSegmentation fault"),
                                                    (0, "valgrind: no such tool")])
def test_a_failed_run_says_which_and_why(monkeypatch: pytest.MonkeyPatch, returncode: int, stderr: str) -> None:
    monkeypatch.setattr(bench.subprocess, "run", lambda *args, **kwargs: _Done(returncode, stderr))
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/" + name)
    with pytest.raises(SystemExit, match=rf"the new run of 1998 failed \(exit {returncode}\):\n{stderr}"):
        bench.valgrind_count("1998", 0, 1, "new")


def test_without_valgrind_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    assert bench.main(["--hands", "3"]) == 2
    assert "valgrind is not installed: apt-get install valgrind" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="valgrind is not installed"):
        bench.valgrind_count("1998", 0, 1, "new")


def test_bad_arguments_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    known = ", ".join(info.id for info, _ in rules.editions())
    with pytest.raises(SystemExit, match=f"unknown edition 'nineteen': expected one of {known}$"):
        bench.main(["--edition", "nineteen"])
    for argv, message in ((["--hands", "0"], "0 is not a positive number"), (["--warm", "-5"], "-5 is below zero"),
                          (["--hands", "many"], "invalid positive value: 'many'")):
        with pytest.raises(SystemExit):
            bench.main(argv)
        assert message in capsys.readouterr().err


@pytest.mark.slow
def test_under_valgrind_a_count_comes_back_to_the_instruction() -> None:
    bench.write_caches("1998")
    with ThreadPoolExecutor(max_workers=2) as pool:
        first, second = pool.map(lambda _: bench.valgrind_count("1998", 0, 3, "new"), range(2))
    base = bench.valgrind_count("1998", 0, 3, "base")
    assert first == second
    assert first - base > 3 * 10_000   # a hand takes hundreds of thousands
