"""The compiler's shortcuts agree with plain counting: the bit mask for conditions on tiles,
the guard on faces held K times; and the exposed tiles a predicate can read."""
from __future__ import annotations

from collections import Counter

import pytest

from rules.context import HandContext
from rules.groups import CHOW, KNITTED, PAIR, PUNG, SINGLE, Group
from rules.notation import parse_hand
from rules.shapes import readings_of
from rules.situation import make_situation
from rules.tiles import ALL_TILES
from rules.vocabulary import compile_predicate, predicate_source

TILE_CONDITIONS = [
    {"var": "is_terminal_or_honor"},
    {"==": [{"var": "rank"}, 5]},
    {"in": [{"var": ""}, {"tiles": "23468sF"}]},
    {"and": [{"var": "is_simple"}, {"==": [{"var": "suit"}, "p"]}]},
]
# The same conditions in plain Python, for the expected answers.
PLAIN_TILE_CONDITIONS = [
    lambda t: t.is_honor or t.rank in (1, 9),
    lambda t: not t.is_honor and t.rank == 5,
    lambda t: t.text in ("2s", "3s", "4s", "6s", "8s", "F"),
    lambda t: t.suit == "p" and not t.is_honor and 2 <= t.rank <= 8,
]


def _context(text: str) -> HandContext:
    """A context of the hand `text` without a reading, in the default situation."""
    return HandContext(parse_hand(text), None, make_situation())


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
        ctx = _context(text)
        every, not_kong = _faces_held(text, copies)
        got = {name: compile_predicate(node, "test")(ctx) for name, node in predicates.items()}
        assert got == {"count plain": every, "some plain": every > 0, "count outside kongs": not_kong,
                       "some outside kongs": not_kong > 0}, text


def test_the_exposed_tiles_are_those_of_claimed_melds_only() -> None:
    # A concealed kong is declared but not exposed; a claimed pung and a melded kong are.
    ctx = _context("[1111m][EEE][2222p1]789s5s5s")
    assert [t.text for t in ctx.exposed_tiles] == ["E", "E", "E", "2p", "2p", "2p", "2p"]
    assert _context("123456789m123p5s5s").exposed_tiles == ()


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
    face_test = compile_predicate(condition, "test", item_scope=True)
    # Two faces held four times, both as kongs; and no face held four times, where a
    # guard would wrongly give 0 for `not`.
    for text in ("[1111m][EEE][2222p1]789s5s5s", "123456789m123p5s5s"):
        ctx = _context(text)
        expected = sum(1 for face in ctx.faces if face_test(ctx, face))
        assert compile_predicate(node, "test")(ctx) == expected, text


# Winning hands with melds: the winning tile (last) has 3, 1, 2 and 0 copies among the
# tiles of the claimed melds; a concealed kong shows none.
MELDED_HANDS = ["[555p][345m]678m46p11s5p", "[345p][567m]123s99s45p3p", "[345p][345p]123s99s45p3p",
                "[1111m][EEE][2222p1]789s5s5s", "[EEE][SSSS1]55pWWWNNN", "123456789m123p5s5s"]
WIN = {"var": "hand.winning_tile"}


@pytest.mark.parametrize("body, keep", [
    ({"==": [{"var": ""}, WIN]}, lambda tile, win: tile.text == win.text),
    ({"==": [WIN, {"var": ""}]}, lambda tile, win: tile.text == win.text),
    ({"!=": [{"var": ""}, WIN]}, lambda tile, win: tile.text != win.text),
    ({"not": {"==": [WIN, {"var": ""}]}}, lambda tile, win: tile.text != win.text),
], ids=["item == value", "value == item", "item != value", "not value == item"])
def test_counts_of_the_exposed_tiles_against_counting_by_hand(body: dict, keep) -> None:
    # Last Tile asks how many of the exposed tiles are the winning tile: that count is the
    # tuple's own (in C); the other comparisons keep their map.
    node = {"count": [{"var": "exposed_tiles"}, body]}
    source = predicate_source(node, "test", False, "_t")[0]
    assert (source == "h.exposed_tiles.count(h.winning_tile)") == ("==" in body), source
    counts = []
    for text in MELDED_HANDS:
        hand = parse_hand(text)
        win = hand.standing[-1]
        exposed = [t for m in hand.melds if m.claimed for t in m.tiles]
        counts.append(compile_predicate(node, "test")(_context(text)))
        assert counts[-1] == sum(1 for t in exposed if keep(t, win)), text
    if "==" in body:
        assert counts == [3, 1, 2, 0, 0, 0]


def test_a_count_over_a_stored_fact_that_is_no_tuple_keeps_its_map() -> None:
    # The suits are a frozenset, which has no count of its own.
    node = {"count": [{"var": "suits"}, {"==": [{"var": ""}, "m"]}]}
    assert ".count(" not in predicate_source(node, "test", False, "_t")[0]
    for text in MELDED_HANDS:
        expected = int(any(t.suit == "m" for t in parse_hand(text).all_tiles))
        assert compile_predicate(node, "test")(_context(text)) == expected, text


@pytest.mark.parametrize("text, sets", [("{pung}", 4), ("pu{ng}", 0), ("{c}", 0), ("{", 0), ("{chow}{pung}", 4)])
def test_a_text_with_braces_is_read_as_written(text: str, sets: int) -> None:
    # The compiler once filled its templates with str.format, which read such a text's
    # braces as fields of its own and failed with a bare KeyError or ValueError. (A kind
    # compared with "pu{ng}" is refused before it compiles: rules.predicate_types.)
    node = {"count": [{"var": "sets"}, {"in": [{"var": "kind"}, text]}]}
    hand = parse_hand("[222m][555p]888s33pEEE")
    assert compile_predicate(node, "test")(HandContext(hand, readings_of(hand, False)[0], make_situation())) == sets


BRACED = ["pu{ng}", "{c}", "{", "}{", "x"]


@pytest.mark.parametrize("text", BRACED)
@pytest.mark.parametrize("compare, found", [("==", 1), ("!=", len(BRACED) - 1)])
def test_texts_with_braces_are_compared_as_written(text: str, compare: str, found: int) -> None:
    # Items compared one by one with a text, each through the compiler's templates.
    node = {"count": [BRACED, {compare: [{"var": ""}, text]}]}
    assert compile_predicate(node, "test")(_context(MELDED_HANDS[0])) == found


@pytest.mark.parametrize("operator", ["some", "all", "none"])
@pytest.mark.parametrize("condition", TILE_CONDITIONS, ids=lambda c: str(c))
def test_a_condition_on_the_hands_tiles_is_one_mask_test(operator: str, condition: dict) -> None:
    # The faces outside the mask are worked out once for `all`: no inversion per hand.
    node = {operator: [{"var": "tiles"}, condition]}
    source, _ = predicate_source(node, "test", False, "_t")
    assert "i1" not in source and "~" not in source, source
    hands = [*MELDED_HANDS, "222444666888s55p", "22233344466688s", "22334455667788p", "1m9m1p9p1s9sESWNCFP9s"]
    for text in hands:
        plain = PLAIN_TILE_CONDITIONS[TILE_CONDITIONS.index(condition)]
        hits = [plain(t) for t in parse_hand(text).all_tiles]
        expected = {"some": any(hits), "all": all(hits), "none": not any(hits)}[operator]
        assert bool(compile_predicate(node, "test")(_context(text))) == expected, (text, operator, condition)

