"""The generated program of a fan table: its per-combination memory must never mix up
groups that differ only in how they were made (claimed, concealed, winning tile)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rules
from rules import load_fan_table, score_with_table
from rules.errors import FanTableError
from rules.fantable import DEFAULT_FANS_PATH

TERMINAL_PUNG_WHEN = 'when: {all: [{var: ""}, {some: [{var: tiles}, {var: is_terminal_or_honor}]}]}'
CONCEALED_PUNG_WHEN = 'when: {all: [{var: ""}, {var: concealed}]}'
FAN = "pung_of_terminals_or_honors"


def _counts(table, hand: str) -> int:
    return score_with_table(table, hand).fan_counts().get(FAN, 0)


def test_a_remembered_condition_that_reads_a_flag_is_remembered_per_flag(tmp_path: Path) -> None:
    text = DEFAULT_FANS_PATH.read_text(encoding="utf-8")
    assert TERMINAL_PUNG_WHEN in text
    path = tmp_path / "fans.yaml"
    path.write_text(text.replace(TERMINAL_PUNG_WHEN, CONCEALED_PUNG_WHEN, 1), encoding="utf-8")
    table = load_fan_table(path)
    exposed, concealed = "[555m]123p456s789sEE", "123p456s789s555mEE"
    # The same pung of 5s, exposed then concealed then exposed again: a memory keyed on
    # the kind and tiles alone would repeat the first answer.
    assert [_counts(table, h) for h in (exposed, concealed, exposed)] == [0, 1, 0]


def test_a_condition_on_kind_and_tiles_is_shared_across_flags(table) -> None:
    # The project's own pung condition ignores flags: exposed or not, a pung of 9s counts.
    assert _counts(table, "[999m]123p456s789sEE") == 1
    assert _counts(table, "123p456s789s999mEE") == 1


def _table_whose_program_fails() -> Any:
    """The project's table loaded anew (a value of its own, changed below), with a program
    that fails on every reading, as a predicate that compiled but fails on a hand would."""
    table = load_fan_table()

    def failing_program(ctx: Any, index_of: dict[int, int]) -> Any:
        raise ZeroDivisionError("division by zero")
    object.__setattr__(table, "program", failing_program)
    return table


def test_a_predicate_failing_on_a_hand_is_named_with_its_fan_and_line() -> None:
    table = _table_whose_program_fails()
    compiled = next(c for c in table.compiled if c.fan.id == "all_pungs")

    def failing_when(*args: Any) -> Any:
        raise ZeroDivisionError("division by zero")
    compiled.__dict__["when"] = failing_when   # the fan's own predicate, as the search for the culprit runs it
    with pytest.raises(FanTableError) as caught:
        rules.score_with_table(table, "[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    assert str(caught.value).count("fan all_pungs: predicate failed on [EEE][SSSS1]55pWWWNNN: ZeroDivisionError") == 1
    assert f"fans.yaml:{compiled.fan.line}:" in str(caught.value)


def test_a_program_failing_where_no_fan_does_is_said_for_the_table() -> None:
    with pytest.raises(FanTableError) as caught:
        rules.score_with_table(_table_whose_program_fails(), "[123m]456m789m34p55s5p")
    assert "fans.yaml:0: the fan table failed on [123m]456789m34p55s5p: division by zero" in str(caught.value)
