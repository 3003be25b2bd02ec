"""The generated program of a fan table: its per-combination memory must never mix up
groups that differ only in how they were made (claimed, concealed, winning tile)."""
from __future__ import annotations

from pathlib import Path

from rules import load_fan_table, score_with_table
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
