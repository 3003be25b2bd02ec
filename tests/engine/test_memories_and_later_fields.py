"""What keeps scoring cheap across many hands: the engine's memories hold values the
garbage collector stops tracking after one young collection (rules.kept_values), and a
result works out its canonical hand and its waits only when they are read."""
from __future__ import annotations

import dataclasses
import gc
import pickle

import pytest

import rules
from rules import shapes
from rules.groups import Group
from rules.kept_values import kept
from rules.result import ScoreResult
from rules.sampling import sample_hands
from rules.tiles import tile


def test_kept_gives_one_copy_of_equal_plain_values() -> None:
    first = kept((1, (2, int("3")), ("chow", None)))
    again = kept((1, (2, int("3")), ("chow", None)))
    assert first == (1, (2, 3), ("chow", None)) and first is again and first[1] is again[1]
    assert kept(7) == 7 and kept(()) == ()


def test_kept_leaves_values_holding_objects_as_they_are() -> None:
    # Groups are told apart by identity: two equal groups must never be merged.
    a, b = Group("chow", (tile("1m"), tile("2m"), tile("3m"))), Group("chow", (tile("1m"), tile("2m"), tile("3m")))
    value = ((1, (a,)), 2)
    assert kept(value) is value
    assert kept(((1, (b,)), 2))[0][1][0] is b


def test_a_kept_value_stops_being_tracked_in_one_young_collection() -> None:
    memory = {n: kept(((n, (n, n + 1), False), ((n + 2, (0,), True),))) for n in range(500)}
    gc.collect(1)
    assert not any(map(gc.is_tracked, memory.values()))


def test_the_block_memories_gain_untracked_values_only() -> None:
    table = rules.fan_table()
    before = [set(memory) for memory in shapes._OPTIONS + shapes._PLACED]
    for sampled in sample_hands(300, 97):
        rules.score_with_table(table, sampled.hand, **sampled.situation)
    gc.collect(1)
    new = [value for memory, known in zip(shapes._OPTIONS + shapes._PLACED, before)
           for key, value in memory.items() if key not in known]
    assert new, "the sample should reach blocks not seen before"
    assert [v for v in new if gc.is_tracked(v)] == []


def test_a_result_works_out_its_hand_and_waits_when_read() -> None:
    # 34p waits on 2p or 5p: an open wait, which no fan asks about, so nothing has worked
    # the waits out when the result is made.
    result = rules.score("[123m]456m789m34p55s5p")
    with pytest.raises(AttributeError):
        ScoreResult.waits.__get__(result)   # the slot is still empty
    assert result.waits == ("2p", "5p")
    assert result.hand == "[123m]456789m34p55s5p"
    assert result == rules.score("[123m]456m789m34p55s5p")


def test_a_result_left_for_later_pickles_and_copies_whole() -> None:
    result = rules.score("[123m]456m789m34p55s5p")
    copy = pickle.loads(pickle.dumps(result))
    assert copy.later is None and copy.waits == ("2p", "5p") and copy.hand == "[123m]456789m34p55s5p"
    assert dataclasses.replace(rules.score("[123m]456m789m34p55s5p"), total=1).waits == ("2p", "5p")
    with pytest.raises(AttributeError):
        result.no_such_field  # noqa: B018 - the error for a name that is no field


def test_the_kept_table_starts_afresh_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import kept_values

    monkeypatch.setattr(kept_values, "KEPT_LIMIT", 4)
    values = [kept((n, ("limit test",))) for n in range(10)]
    assert len(kept_values._KEPT) <= 4 and values == [(n, ("limit test",)) for n in range(10)]
