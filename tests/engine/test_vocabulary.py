"""The compiler's bit-mask shortcut for conditions on tiles agrees with plain loops."""
from __future__ import annotations

import pytest

from rules.groups import CHOW, KNITTED, PAIR, PUNG, SINGLE, Group
from rules.tiles import ALL_TILES
from rules.vocabulary import compile_predicate, predicate_source

TILE_CONDITIONS = [
    {"var": "is_terminal_or_honor"},
    {"==": [{"var": "rank"}, 5]},
    {"in": [{"var": ""}, {"tiles": "23468sF"}]},
    {"and": [{"var": "is_simple"}, {"==": [{"var": "suit"}, "p"]}]},
]


def _every_group() -> list[Group]:
    groups = []
    for t in ALL_TILES:
        groups += [Group(PUNG, (t, t, t)), Group(PAIR, (t, t)), Group(SINGLE, (t,))]
        if not t.is_honor and t.rank <= 7:
            groups.append(Group(CHOW, (t, ALL_TILES[t.code + 1], ALL_TILES[t.code + 2])))
        if not t.is_honor and t.rank <= 3:
            groups.append(Group(KNITTED, (t, ALL_TILES[t.code + 3], ALL_TILES[t.code + 6])))
    return groups


@pytest.mark.parametrize("operator", ["some", "all", "none"])
@pytest.mark.parametrize("condition", TILE_CONDITIONS, ids=lambda c: str(c))
def test_a_condition_on_a_groups_tiles_is_one_mask_test(operator: str, condition: dict) -> None:
    node = {operator: [{"var": "tiles"}, condition]}
    source, _ = predicate_source({"all": [{"var": ""}, node]}, "test", True, "_t")
    assert "i3" not in source  # the shortcut is taken: no loop over the group's tiles
    tile_test = compile_predicate(condition, "test", item_scope=True)
    for group in _every_group():
        hits = [tile_test(None, t) for t in group.tiles]
        expected = {"some": any(hits), "all": all(hits), "none": not any(hits)}[operator]
        assert bool(compile_predicate({"all": [{"var": ""}, node]}, "test", item_scope=True)(None, (group,))) == expected, (
            group.text, operator, condition)


def test_a_condition_that_reads_the_hand_keeps_its_loop() -> None:
    node = {"all": [{"var": ""}, {"some": [{"var": "tiles"}, {"==": [{"var": "tile"}, {"var": "hand.seat_wind"}]}]}]}
    source, _ = predicate_source(node, "test", True, "_t")
    assert "mask" not in source


def test_the_fan_table_program_stops_no_generator_early(table) -> None:
    # all() and any() over a generator that they stop early leave it to be closed by an
    # exception raised inside it, for every such call on every reading: the compiler
    # hands them lists instead (or a map over C functions, which is no generator).
    import re

    from rules.vocabulary import predicate_source as source_of

    for fan in table.fans:
        for node, scope in ((fan.sets_from, False), (fan.when, fan.sets_from is not None), (fan.count, False)):
            if node is not None:
                source, _ = source_of(node, fan.id, scope, "_t")
                assert not re.search(r"\b(all|any)\((?!\[|map\()", source), (fan.id, source)
