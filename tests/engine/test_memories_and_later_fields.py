"""What keeps scoring cheap across many hands, and the identities and order it must keep:
the engine's memories hold values the garbage collector stops tracking after one young
collection (rules.kept_values), readings built from numbered groups still hold distinct
groups, the account-once search gives its choices in the order it always did, and a
result works out its canonical hand, its waits and its lines only when they are read."""
from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random

import pytest

import rules
from rules import evaluator, result_lines, shapes
from rules.groups import Group
from rules.kept_values import kept
from rules.notation import parse_hand
from rules.program import Match
from rules.result import ScoreResult
from rules.result_lines import LineMemory, not_counted_lines
from rules.sampling import sample_hands
from rules.tiles import tile


def test_kept_gives_one_copy_of_equal_plain_values() -> None:
    first = kept((1, (2, int("3")), ("chow", None)))
    again = kept((1, (2, int("3")), ("chow", None)))
    assert first == (1, (2, 3), ("chow", None)) and first is again and first[1] is again[1]
    assert kept(7) == 7 and kept(()) == ()


def test_kept_never_gives_back_an_equal_value_of_another_type() -> None:
    # True == 1 == 1.0: a flag or a fraction must not come back as a number kept before.
    assert kept((1, ("type test",))) == (1, ("type test",))
    flag = (True, ("type test",))
    assert kept(flag) is flag and type(kept(flag)[0]) is bool
    assert type(kept((1.0, ("type test",)))[0]) is float
    unhashable = (1, [2])
    assert kept(unhashable) is unhashable


def test_kept_leaves_values_holding_objects_as_they_are() -> None:
    # Groups are told apart by identity: two equal groups must never be merged.
    a, b = Group("chow", (tile("1m"), tile("2m"), tile("3m"))), Group("chow", (tile("1m"), tile("2m"), tile("3m")))
    value = ((1, (a,)), 2)
    assert kept(value) is value
    assert kept(((1, (b,)), 2))[0][1][0] is b


def test_a_kept_value_stops_being_tracked_in_one_young_collection() -> None:
    # Numbers no other code keeps: a tuple that `kept` already held would come back as it
    # was (another test's, perhaps in the oldest generation, which collect(1) leaves alone).
    b = 9_000_000
    memory = {n: kept(((b + n, (b + n, b + n + 1), b), ((b + n + 2, (b,), b + 1),))) for n in range(500)}
    gc.collect(1)
    assert not any(map(gc.is_tracked, memory.values()))


def _memories() -> list[dict]:
    """The block and token memories of the engine (rules.shapes, rules.context, rules.notation)."""
    from rules import context, notation

    return [*shapes._OPTIONS, *shapes._PLACED, *shapes._WAIT_BLOCKS, *shapes._COMPLETIONS,
            *context._BLOCK_FACES, notation._TOKENS]


def test_the_block_memories_gain_untracked_values_only() -> None:
    table = rules.fan_table()
    before = [set(memory) for memory in _memories()]
    for sampled in sample_hands(300, 97):
        result = rules.score_with_table(table, sampled.hand, **sampled.situation)
        assert result.waits is not None   # the waits' memories too
    gc.collect(1)
    new = [value for memory, known in zip(_memories(), before) for key, value in memory.items() if key not in known]
    assert len(new) > 100, "the sample should reach blocks not seen before"
    assert [v for v in new if gc.is_tracked(v)] == []


def test_every_reading_holds_distinct_groups_and_one_winning_group() -> None:
    # The evaluator tells a reading's groups apart by identity; the block memories number them.
    for text in ("123123123m456p55s", "111222333m789p55p", "1112223334445m5m", "22334455667788m"):
        for self_drawn in (False, True):
            for reading in shapes.readings_of(parse_hand(text), self_drawn):
                groups = reading.groups
                assert len(set(map(id, groups))) == len(groups), (text, reading)
                assert sum(g.has_winning_tile for g in groups) == 1, (text, reading)


def test_a_result_works_out_its_hand_and_waits_when_read() -> None:
    # 34p waits on 2p or 5p: an open wait, which no fan asks about, so nothing has worked
    # the waits out when the result is made.
    result = rules.score("[123m]456m789m34p55s5p")
    with pytest.raises(AttributeError):
        ScoreResult.waits.__get__(result)   # the slot is still empty
    assert result.waits == ("2p", "5p")
    assert result.hand == "[123m]456789m34p55s5p"
    assert result == rules.score("[123m]456m789m34p55s5p")


def test_a_result_works_out_its_lines_when_read() -> None:
    # Pure Straight (16) and All Chows (2) count. Short Straight (twice, inside the
    # straight) is excluded by it, Two Terminal Chows (123m with 789m) lies inside it, and
    # All Chows implies No Honors.
    result = rules.score("[123m]456m789m34p55s5p")
    for name in ("fans", "not_counted"):
        with pytest.raises(AttributeError):
            getattr(ScoreResult, name).__get__(result)   # the slot is still empty
    assert (result.total, result.total_without_flowers, result.valid) == (18, 18, True)
    assert [(f.id, f.points, f.count, f.groups) for f in result.fans] == [
        ("pure_straight", 16, 1, ("123m", "456m", "789m")), ("all_chows", 2, 1, ())]
    assert [(n.id, n.principle, n.by, n.groups) for n in result.not_counted] == [
        ("short_straight", "non_repeat", "pure_straight", ("123m", "456m")),
        ("short_straight", "non_repeat", "pure_straight", ("456m", "789m")),
        ("two_terminal_chows", "non_separation", None, ("123m", "789m")),
        ("no_honors", "non_repeat", "all_chows", ())]


def test_the_totals_made_before_the_lines_add_up_to_them() -> None:
    # The total and the total without flowers come from settling, the lines only when
    # read: they must agree on every hand, flowers (bonus fans) or not.
    table = rules.fan_table()
    with_flowers = 0
    for sampled in sample_hands(400, 61):
        result = rules.score_with_table(table, sampled.hand, **sampled.situation)
        assert result.total == sum(f.points * f.count for f in result.fans), sampled.hand
        assert result.total_without_flowers == sum(f.points * f.count for f in result.fans if not f.bonus)
        with_flowers += result.total != result.total_without_flowers
    assert with_flowers > 100, "the sample should hold hands with flowers"


def test_lines_read_after_their_memory_started_afresh_are_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_lines, "LINES_KEPT", 0)
    memory = evaluator._plan(rules.fan_table()).lines
    memory.scored.clear()
    memory.not_counted.clear()   # lines other tests made would be found, not made again
    first, second = rules.score("[123m]456m789m34p55s5p"), rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    assert [f.id for f in second.fans][:1] == ["big_four_winds"]
    assert [f.id for f in first.fans] == ["pure_straight", "all_chows"]
    assert len(first.not_counted) == 4
    assert len(memory.scored) <= 1 and len(memory.not_counted) <= 1   # started afresh before each new line


def test_a_result_lets_go_of_its_later_work_once_every_field_is_read() -> None:
    # What works the fields out holds the table's memory of lines: not kept past its use.
    result = rules.score("[123m]456m789m34p55s5p")
    assert result.fans and result.hand and result.waits and result.later is not None   # not_counted still to come
    assert len(result.not_counted) == 4 and result.later is None


def test_a_fan_left_out_twice_on_the_same_sets_or_counted_elsewhere_gives_no_second_line() -> None:
    table = rules.fan_table()
    fans = {fan.id: fan for fan in table.fans}
    short, pure = fans["short_straight"], fans["pure_straight"]
    counted = (Match(pure, (0, 1, 2), 1),)
    twice = Match(short, (0, 1), 1)
    dropped = ((twice, "non_repeat", "pure_straight"), (Match(short, (0, 1), 1), "non_repeat", "pure_straight"),
               (Match(pure, (1, 2, 3), 1), "non_identical", None))   # pure_straight counts elsewhere
    lines = not_counted_lines(LineMemory(), counted, dropped, ("123m", "456m", "789m", "55s"), "en")
    assert [(n.id, n.groups, n.by) for n in lines] == [("short_straight", ("123m", "456m"), "pure_straight")]


def test_a_result_left_for_later_pickles_and_copies_whole() -> None:
    result = rules.score("[123m]456m789m34p55s5p")
    copy = pickle.loads(pickle.dumps(result))
    assert copy.later is None and copy.waits == ("2p", "5p") and copy.hand == "[123m]456789m34p55s5p"
    assert [f.id for f in copy.fans] == ["pure_straight", "all_chows"] and len(copy.not_counted) == 4
    assert dataclasses.replace(rules.score("[123m]456m789m34p55s5p"), total=1).waits == ("2p", "5p")
    with pytest.raises(AttributeError):
        result.no_such_field  # noqa: B018 - the error for a name that is no field


def test_the_kept_table_starts_afresh_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import kept_values

    monkeypatch.setattr(kept_values, "KEPT_LIMIT", 4)
    values = [kept((n, ("limit test",))) for n in range(10)]
    assert len(kept_values._KEPT) <= 4 and values == [(n, ("limit test",)) for n in range(10)]


def test_a_result_left_for_later_copies_whole() -> None:
    result = rules.score("[123m]456m789m34p55s5p")
    assert hasattr(result, "waits") and copy.copy(rules.score("[123m]456m789m34p55s5p")).waits == ("2p", "5p")
    assert copy.deepcopy(rules.score("[123m]456m789m34p55s5p")).hand == "[123m]456789m34p55s5p"


def _recursive_choices(optional: list, masks: list[int], friends: list[int]) -> list[list]:
    """The account-once search as the engine wrote it before (a recursive walk, each
    match first in, then out): what the loop over a stack must give, in the same order."""
    n, out = len(optional), []

    def walk(i: int, chosen: int, links: tuple[int, ...], skipped: int) -> None:
        if i == n:
            for j in range(n):
                if skipped >> j & 1 and not chosen & ~friends[j] and evaluator._joined(links, masks[j]) is not None:
                    return
            out.append([optional[j] for j in range(n) if chosen >> j & 1])
            return
        if not chosen & ~friends[i]:
            more = evaluator._joined(links, masks[i])
            if more is not None:
                walk(i + 1, chosen | 1 << i, more, skipped)
        walk(i + 1, chosen, links, skipped | 1 << i)

    walk(0, 0, (), 0)
    return out


def test_the_account_once_search_keeps_its_order() -> None:
    rng = random.Random(24)
    for _ in range(2000):
        n = rng.randint(1, 7)
        masks = [rng.randint(1, 31) for _ in range(n)]
        friends = [1 << i for i in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.6:
                    friends[i] |= 1 << j
                    friends[j] |= 1 << i
        optional = list(range(n))
        assert evaluator._maximal_choices(optional, masks, friends) == _recursive_choices(optional, masks, friends)
