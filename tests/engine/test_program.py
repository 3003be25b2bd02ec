"""The generated program of a fan table: its per-combination memory must never mix up
groups that differ only in how they were made (claimed, concealed, winning tile)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rules
from rules import evaluator, load_fan_table, score_with_table
from rules.errors import FanTableError
from rules.fantable import DEFAULT_FANS_PATH
from rules.notation import parse_hand
from rules.sampling import sample_hands
from rules.scoring import situation_for

from ..table_copies import write_table_copy

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
    object.__setattr__(table, "program", _fails)
    return table


def _fails(*args: Any) -> Any:
    """A program or a predicate that compiled but fails on every hand."""
    raise ZeroDivisionError("division by zero")


def test_a_predicate_failing_on_a_hand_is_named_with_its_fan_and_line() -> None:
    table = _table_whose_program_fails()
    compiled = next(c for c in table.compiled if c.fan.id == "all_pungs")
    compiled.__dict__["when"] = _fails   # the fan's own predicate, as the search for the culprit runs it
    with pytest.raises(FanTableError) as caught:
        rules.score_with_table(table, "[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    assert str(caught.value).count("fan all_pungs: predicate failed on [EEE][SSSS1]55pWWWNNN: ZeroDivisionError") == 1
    assert f"fans.yaml:{compiled.fan.line}:" in str(caught.value)


def test_a_program_failing_where_no_fan_does_is_said_for_the_table() -> None:
    with pytest.raises(FanTableError) as caught:
        rules.score_with_table(_table_whose_program_fails(), "[123m]456m789m34p55s5p")
    assert "fans.yaml:0: the fan table failed on [123m]456789m34p55s5p: division by zero" in str(caught.value)


# (prevalent wind, seat wind) -> (Prevalent Wind, Seat Wind) on the East pung, by the rules.
WIND_TURNS = [(("E", "E"), (1, 1)), (("E", "S"), (1, 0)), (("S", "E"), (0, 1)), (("S", "S"), (0, 0))]


def test_a_pung_of_one_set_pools_is_looked_up_with_the_winds() -> None:
    # The wind pungs' pool takes one set at a time, each set looked up with the winds
    # (rules.program: _one_set_pool_lines). One new table, the same East pung under every
    # pair of winds and back: a memory keyed on the pung alone would repeat an answer.
    table = load_fan_table()
    for (prevalent, seat), expected in WIND_TURNS + WIND_TURNS[::-1]:
        counts = score_with_table(table, "[EEE]123m456p789s55s", prevalent_wind=prevalent,
                                  seat_wind=seat).fan_counts()
        assert (counts.get("prevalent_wind", 0), counts.get("seat_wind", 0)) == expected, (prevalent, seat)


def test_two_wind_pungs_make_a_fan_each(table) -> None:
    counts = score_with_table(table, "[EEE][SSS]123m456p55s", prevalent_wind="E", seat_wind="S").fan_counts()
    assert (counts.get("prevalent_wind"), counts.get("seat_wind")) == (1, 1)


@pytest.mark.parametrize("edition", [info.id for info, _ in rules.editions()])
def test_the_one_set_pools_match_each_fans_own_predicates_in_order(edition: str) -> None:
    """The program's matches of the fans that take one set at a time, reading by
    reading, against each fan's own compiled predicates (no memory, no program) on
    sampled hands, in the program's order: set by set, then fan by fan, a fan that is
    not repeatable with its first match only."""
    table = rules.fan_table(None, edition)
    one_set = [c for c in table.compiled if c.fan.sets_from is not None and c.fan.choose == 1]
    assert {c.fan.id for c in one_set} >= {"prevalent_wind", "seat_wind", "dragon_pung"}
    assert len({repr(c.fan.sets_from) for c in one_set}) == 1   # one pool: its order is the whole order
    checked = 0
    for sampled in sample_hands(400, 7):
        found, _ = evaluator._found_readings(table, parse_hand(sampled.hand),
                                             situation_for(table, **sampled.situation), "en")
        for f in found:
            index_of = {id(g): i for i, g in enumerate(f.reading.groups)}
            places = {c.fan.id: [groups for groups, _ in c.instances(f.ctx, index_of)] for c in one_set}
            expected: list[tuple[str, tuple[int, ...]]] = []
            for g in one_set[0].sets_from(f.ctx):   # the pool's collection, in its order
                at = (index_of[id(g)],)
                for c in one_set:
                    if at in places[c.fan.id] and (c.fan.repeatable or c.fan.id not in {i for i, _ in expected}):
                        expected.append((c.fan.id, at))
            made = [(m.fan.id, m.groups) for m in f.fixed + f.optional if m.fan.id in places]
            assert made == expected, sampled.hand
            checked += bool(expected)
    assert checked > 100   # the hands hold wind and dragon pungs, not only hands without


def test_a_one_set_fan_that_is_not_repeatable_counts_its_first_set_only(tmp_path: Path, table) -> None:
    # Pung of Terminals or Honors made not repeatable: two such pungs (111p and NNN, no
    # wind fan on North here) count it once, where the project's table counts it twice.
    text = DEFAULT_FANS_PATH.read_text(encoding="utf-8")
    start = text.index(f"  id: {FAN}")
    clause = "  repeatable: true\n  sets: {from: {var: pungs}, choose: 1}"
    at = text.index(clause, start)
    changed = text[:at] + clause.replace("true", "false") + text[at + len(clause):]
    path = write_table_copy(tmp_path, changed, editions=False)
    hand = "[111p][NNN]345m678s99m"
    assert _counts(table, hand) == 2
    assert _counts(load_fan_table(path), hand) == 1
