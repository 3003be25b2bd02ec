"""The compiler's shortcuts agree with plain counting: the bit mask for conditions on tiles,
the guard on faces held K times; and the exposed tiles a predicate can read."""
from __future__ import annotations

from collections import Counter

import pytest

from rules.context import HandContext
from rules.groups import CHOW, KNITTED, PAIR, PUNG, SINGLE, Group
from rules.notation import parse_hand
from rules.situation import make_situation
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


def _faces_held(hand_text: str, copies: int) -> tuple[int, int]:
    """Counted by hand from the tiles: faces held exactly `copies` times, and those of
    them that are not a declared kong."""
    hand = parse_hand(hand_text)
    held = Counter(t.code for t in hand.all_tiles)
    kongs = {m.tiles[0].code for m in hand.melds if len(m.tiles) == 4}
    faces = [code for code, n in held.items() if n == copies]
    return len(faces), len([code for code in faces if code not in kongs])


@pytest.mark.parametrize("copies", [1, 2, 3, 4])
def test_a_count_of_faces_held_k_times_is_guarded_and_right(copies: int) -> None:
    # The compiler tests `copies in h.hand.copies` (in C) before it works the faces out:
    # the answers must be those of counting the tiles, in either order of the comparison.
    plain = {"==": [{"var": "copies"}, copies]}
    outside_kongs = {"and": [{"==": [copies, {"var": "copies"}]}, {"not": {"var": "in_kong"}}]}
    predicates = {name: {op: [{"var": "faces"}, body]} for op in ("count", "some")
                  for name, body in ((f"{op} plain", plain), (f"{op} outside kongs", outside_kongs))}
    for name, node in predicates.items():
        assert f"({copies} in h.hand.copies)" in predicate_source(node, "test", False, "_t")[0], name
    hands = ["[1111m]123p456p789p5s5s", "1111234m456p78s5s9s", "11223344556677m", "[EEE][SSSS1]55pWWWNNN",
             "1m9m1p9p1s9sESWNCFP9s", "[222m]2m34m567p789s99s"]
    for text in hands:
        ctx = HandContext(parse_hand(text), None, make_situation())
        every, not_kong = _faces_held(text, copies)
        got = {name: compile_predicate(node, "test")(ctx) for name, node in predicates.items()}
        assert got == {"count plain": every, "some plain": every > 0, "count outside kongs": not_kong,
                       "some outside kongs": not_kong > 0}, text


def test_the_exposed_tiles_are_those_of_claimed_melds_only() -> None:
    # A concealed kong is declared but not exposed; a claimed pung and a melded kong are.
    ctx = HandContext(parse_hand("[1111m][EEE][2222p1]789s5s5s"), None, make_situation())
    assert [t.text for t in ctx.exposed_tiles] == ["E", "E", "E", "2p", "2p", "2p", "2p"]
    assert HandContext(parse_hand("123456789m123p5s5s"), None, make_situation()).exposed_tiles == ()


@pytest.mark.parametrize("condition", [
    {"or": [{"==": [{"var": "copies"}, 4]}, {"var": "in_kong"}]},
    {"not": {"==": [{"var": "copies"}, 4]}},
    {"==": [{"var": "copies"}, {"+": [2, 2]}]},
    {"and": [{"or": [{"==": [{"var": "copies"}, 4]}, {"var": "in_kong"}]}, {">=": [{"var": "copies"}, 1]}]},
], ids=["or", "not", "sum", "or-inside-and"])
def test_a_condition_that_may_hold_without_k_copies_gets_no_guard(condition: dict) -> None:
    # Only a term every matching face must meet may guard the count: none of these.
    node = {"count": [{"var": "faces"}, condition]}
    assert " in h.hand.copies" not in predicate_source(node, "test", False, "_t")[0]
    text = "[1111m][EEE][2222p1]789s5s5s"   # two faces held four times, both as kongs
    ctx = HandContext(parse_hand(text), None, make_situation())
    face_test = compile_predicate(condition, "test", item_scope=True)
    expected = sum(1 for face in ctx.faces if face_test(ctx, face))
    assert compile_predicate(node, "test")(ctx) == expected


MELDED_HANDS = ["[1111m][EEE][2222p1]789s5s5s", "[EEE][SSSS1]55pWWWNNN", "[555p][345m]67m789s11s5p",
                "123456789m123p5s5s", "[5555p1]55m678s99s123p5m", "[789s][789s][789s]99p12m3m"]


@pytest.mark.parametrize("flipped", [False, True], ids=["item first", "value first"])
def test_a_count_of_items_equal_to_one_value_is_the_tuples_count(flipped: bool) -> None:
    # Last Tile asks how many of the exposed tiles are the winning tile: in C, one call.
    sides = [{"var": ""}, {"var": "hand.winning_tile"}]
    node = {"count": [{"var": "exposed_tiles"}, {"==": sides[::-1] if flipped else sides}]}
    assert predicate_source(node, "test", False, "_t")[0] == "h.exposed_tiles.count(h.winning_tile)"
    for text in MELDED_HANDS:
        hand = parse_hand(text)
        exposed = [t for m in hand.melds if m.claimed for t in m.tiles]   # counted by hand
        expected = sum(1 for t in exposed if t.text == hand.standing[-1].text)
        ctx = HandContext(hand, None, make_situation())
        assert compile_predicate(node, "test")(ctx) == expected, text


def test_a_count_over_a_fact_worked_out_when_read_keeps_its_map() -> None:
    # The tiles are worked out when first read, so they are not known to be a tuple.
    node = {"count": [{"var": "tiles"}, {"==": [{"var": ""}, {"var": "hand.winning_tile"}]}]}
    assert ".count(" not in predicate_source(node, "test", False, "_t")[0]
    for text in MELDED_HANDS:
        hand = parse_hand(text)
        expected = sum(1 for t in hand.all_tiles if t.text == hand.standing[-1].text)
        assert compile_predicate(node, "test")(HandContext(hand, None, make_situation())) == expected, text


@pytest.mark.parametrize("operator", ["some", "all", "none"])
@pytest.mark.parametrize("condition", TILE_CONDITIONS, ids=lambda c: str(c))
def test_a_condition_on_the_hands_tiles_is_one_mask_test(operator: str, condition: dict) -> None:
    # The faces outside the mask are worked out once for `all`: no inversion per hand.
    node = {operator: [{"var": "tiles"}, condition]}
    source, _ = predicate_source(node, "test", False, "_t")
    assert "i1" not in source and "~" not in source, source
    tile_test = compile_predicate(condition, "test", item_scope=True)
    hands = [*MELDED_HANDS, "222444666888s55p", "234567m345p34566s", "1m9m1p9p1s9sESWNCFP9s", "11223344556677m"]
    for text in hands:
        hand = parse_hand(text)
        hits = [tile_test(None, t) for t in hand.all_tiles]
        expected = {"some": any(hits), "all": all(hits), "none": not any(hits)}[operator]
        assert bool(compile_predicate(node, "test")(HandContext(hand, None, make_situation()))) == expected, (
            text, operator, condition)
