"""The predicate's types: the tables of rules.predicate_types hold against the engine's
own objects, and a fan that applies an operator to a value of the wrong kind is refused
when the table is checked, at the fan's line, with the node and the kinds named."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.groups import Group
from rules.context import HAND_VOCABULARY, ITEM_VOCABULARY, HandContext
from rules.notation import parse_hand
from rules.predicate_types import (ANY, ATTRIBUTE_TYPES, FACE, FACT_TYPES, FLAG, GROUP, NUMBER, TILE, VOCABULARY_VALUES,
                                   ValueType, predicate_type)
from rules.sampling import sample_hands
from rules.scoring import situation_for
from rules.shapes import readings_of
from rules.tiles import ALL_TILES, Tile

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
SCALARS: dict[str, type | tuple[type, ...]] = {"number": int, "text": str, "flag": bool, "tile": Tile,
                                                "group": Group, "face": tuple}


def _conforms(value: Any, kind: ValueType) -> bool:
    """Whether a value the engine gives is of the kind declared."""
    if kind.name == "list":
        return isinstance(value, (tuple, frozenset)) and all(_conforms(v, kind.item) for v in value)
    if kind.name == "number":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == FACE:
        return all(_conforms(getattr(value, name), t) for name, t in ATTRIBUTE_TYPES[FACE].items())
    if kind.values is not None and value not in kind.values:   # a text outside its fixed set
        return False
    return isinstance(value, SCALARS[kind.name])


def test_every_name_of_the_vocabulary_has_its_type() -> None:
    assert set(FACT_TYPES) == set(HAND_VOCABULARY)
    assert set().union(*ATTRIBUTE_TYPES.values()) == set(ITEM_VOCABULARY)


def test_the_declared_types_hold_on_the_engines_values(table: rules.FanTable) -> None:
    met: dict[tuple[str, str], set[str]] = {key: set() for key in VOCABULARY_VALUES}
    for tile in ALL_TILES:
        for name, kind in ATTRIBUTE_TYPES[TILE].items():
            assert _conforms(getattr(tile, name), kind), (tile, name)
        met["item", "suit"].add(tile.suit)
        met["item", "letter"].add(tile.letter)
    seen: set[str] = set()
    requests = [(h.hand, h.situation) for h in sample_hands(40, 7)] + [(text, {}) for text in EVERY_SHAPE]
    for text, values in requests:
        hand = parse_hand(text)
        situation = situation_for(table, **values)
        for reading in readings_of(hand, situation.self_drawn):
            ctx = HandContext(hand, reading, situation)
            for name, kind in FACT_TYPES.items():
                value = getattr(ctx, name)
                if value is None and kind == GROUP:   # no pair, or no winning group: null
                    continue
                assert _conforms(value, kind), (text, name, value)
                seen.add(name)
            met["hand", "shape"].add(ctx.shape)
            met["hand", "wait"].add(ctx.wait)
            met["hand", "suits"].update(ctx.suits)
            for group in reading.groups:
                met["item", "kind"].add(group.kind)
                met["item", "suit"].add(group.suit)
                for name, kind in ATTRIBUTE_TYPES[GROUP].items():
                    assert _conforms(getattr(group, name), kind), (group, name)
    assert seen == set(FACT_TYPES)
    # Each set declared is no wider than what the engine gives: every text of it was met.
    assert {key: set(values) for key, values in VOCABULARY_VALUES.items()} == met


EVERY_SHAPE = [
    "11223344556677m",                 # seven pairs
    "19m19p19sESWNCFP1m",             # thirteen orphans
    "147m258p369sESWNC",              # honors and knitted tiles: single tiles
    "147m258p36s123pEE9s",            # a knitted straight, won on a knitted group
    "[123m]456p789s11sEEE",           # a pung wait
    "123m456p789s11s46p5p",           # a closed wait
    "12m456p789s11sEEE3m",            # an edge wait
    "23m456p789s11sEEE4m",            # an open wait
]


@pytest.mark.parametrize(("node", "item", "message"), [
    ({"all": [{"var": "tiles"}, {"var": "is_chow"}]}, None,
     "all[1].var: 'is_chow' is a group attribute, but the subject here is a tile"),
    ({"some": [{"var": "faces"}, {"==": [{"var": "suit"}, "m"]}]}, None,
     "some[1].==[0].var: 'suit' is a tile or group attribute, but the subject here is a face"),
    ({"var": "is_terminal"}, ValueType("list", GROUP),
     "var: 'is_terminal' is a tile attribute, but the subject here is a list of groups"),
    ({">=": [{"var": "shape"}, 3]}, None, "'>=' compares a text with a number"),
    ({"count": {"var": "tiles"}}, ValueType("list", GROUP),   # a combination of sets has no tiles of its own
     "count.var: 'tiles' is a group attribute, but the subject here is a list of groups ({var: hand.tiles} is "
     "the hand's)"),
    ({"count": {"var": "flowers"}}, None, "count: 'count' takes a collection, but this is a number"),
    ({"in": [{"var": "winning_tile"}, {"var": "suits"}]}, None, "'in' looks for a tile among texts"),
    ({"+": [{"var": "wait"}, 1]}, None, "'+' works on numbers, not on a text"),
    ({"sorted": {"var": "pungs"}}, None, "'sorted' cannot order groups"),
    ({"==": [{"var": "winning_tile"}, "E"]}, None, "'==' compares a tile with a text: values of different kinds"),
    # a text the value compared never is: a misspelt kind, suit, shape, wait or letter
    ({"count": [{"var": "sets"}, {"==": [{"var": "kind"}, "pugn"]}]}, None,
     "count[1].==: 'pugn' never occurs: 'kind' is one of 'chow', 'pung', 'kong', 'pair', 'knitted', 'single'"),
    ({"!=": ["standrad", {"var": "shape"}]}, None,
     "!=: 'standrad' never occurs: 'shape' is one of 'standard', 'pairs', 'orphans', 'honors_and_knitted', 'knitted'"),
    ({"in": [{"var": "wait"}, ["edge", "close"]]}, None, "in: 'close' never occurs: 'wait' is one of 'edge', 'closed', 'single', 'open', 'pung', 'knitted'"),
    ({"in": ["h", {"var": "suits"}]}, None, "in: 'h' never occurs: 'suits' holds only 'm', 'p', 's'"),
    ({"some": [{"var": "tiles"}, {"==": [{"var": "letter"}, "R"]}]}, None,
     "'R' never occurs: 'letter' is one of 'E', 'S', 'W', 'N', 'C', 'F', 'P', ''"),
    ({"some": [{"var": "groups"}, {"==": [{"var": ""}, "x"]}]}, None,
     "'==' compares a group with a text: values of different kinds"),
    ({"some": [{"map": [{"var": "groups"}, {"var": "kind"}]}, {"==": [{"var": ""}, "pugn"]}]}, None,
     "'pugn' never occurs: the item is one of 'chow', 'pung', 'kong', 'pair', 'knitted', 'single'"),
    ({"in": ["x", {"map": [{"var": "groups"}, {"var": "suit"}]}]}, None,
     "in: 'x' never occurs: the value compared holds only 'm', 'p', 's', 'z'"),
    ({"==": [{"if": [{"var": "self_drawn"}, {"var": "wait"}, {"var": "wait"}]}, "egde"]}, None,
     "==: 'egde' never occurs: the value compared is one of 'edge', 'closed', 'single', 'open', 'pung', 'knitted'"),
    ({"==": [{"if": [{"var": "self_drawn"}, {"var": "wait"}, "open"]}, "egde"]}, None,   # a written text joins the set
     "==: 'egde' never occurs: the value compared is one of 'edge', 'closed', 'single', 'open', 'pung', 'knitted'"),
    ({"==": [{"if": [{"var": "self_drawn"}, {"var": "wait"}, {"var": "shape"}]}, "anything"]}, None,
     "==: 'anything' never occurs: the value compared is one of 'edge', 'closed', 'single', 'open', 'pung', 'knitted', 'standard', 'pairs', 'orphans', "
     "'honors_and_knitted'"),
    ({"some": [{"var": "groups"}, {"in": ["ug", {"var": "kind"}]}]}, None,   # in a text: a part of it
     "some[1].in: 'ug' never occurs: 'kind' is one of 'chow', 'pung', 'kong', 'pair', 'knitted', 'single', and none "
     "holds it"),
    ({"some": [{"var": "groups"}, {"==": [{"var": "kind"}, {"var": "suit"}]}]}, None,
     "some[1].==: 'kind' and 'suit' never give the same text"),
    ({">=": [{"if": [{"var": "self_drawn"}, {"var": "wait"}, {"var": "shape"}]}, 3]}, None,   # texts of two sets
     "'>=' compares a text with a number"),
])
def test_an_operator_on_the_wrong_kind_is_refused(node: Any, item: ValueType | None, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message) + "$"):
        predicate_type(node, "fan x: when", item)


def _refusals(node: Any) -> tuple[str, ...]:
    """Every fault `predicate_type` finds in `node`, as a fan's `when`, in the order it says them."""
    with pytest.raises(ValueError) as refused:
        predicate_type(node, "fan x: when")
    return tuple(refused.value.messages)

def test_every_wrong_kind_of_a_predicate_is_refused_in_the_order_written() -> None:
    node = {"and": [{"==": [{"var": "winning_tile"}, "E"]},                    # a tile is no text
                    {"some": [{"var": "tiles"}, {"var": "is_chow"}]},          # a tile is no group
                    {">=": [{"var": "shape"}, 3]}]}                            # a text is not ordered against a number
    assert _refusals(node) == (
        "fan x: when: and[0].==: '==' compares a tile with a text: values of different kinds",
        "fan x: when: and[1].some[1].var: 'is_chow' is a group attribute, but the subject here is a tile",
        "fan x: when: and[2].>=: '>=' compares a text with a number")


def test_a_node_refused_raises_nothing_more_around_it() -> None:
    # The sum of a text and the ordering of groups are refused; what they give is then of
    # no known kind, so neither comparison around them is refused too.
    node = {"and": [{"==": [{"+": [{"var": "wait"}, 1]}, 3]},
                    {"==": [{"sorted": {"var": "pungs"}}, {"var": "winning_tile"}]}]}
    assert _refusals(node) == ("fan x: when: and[0].==[0].+: '+' works on numbers, not on a text",
                                      "fan x: when: and[1].==[0].sorted: 'sorted' cannot order groups")


def test_what_a_refused_node_gives_is_still_checked_where_it_is_used() -> None:
    # A sum is a number and a comparison a condition, even when one of their sides is refused:
    # an `and` over the sum is a second fault, which the first must not hide.
    node = {"and": [{"+": [{"var": "shape"}, 1]}, {"<": [{"var": "chows"}, 2]}]}
    assert _refusals(node) == (
        "fan x: when: and[0].+: '+' works on numbers, not on a text",
        "fan x: when: and[0]: 'and' takes conditions (true or false), but this is a number",
        "fan x: when: and[1].<: '<' compares a list of groups with a number")

def test_the_faults_come_in_the_order_written_not_the_order_met() -> None:
    # The `and`'s first operand is a number (a fault the `and` finds once it has typed all of
    # them), its second wrong inside (found while typing it): the first written comes first.
    node = {"and": [{"var": "flowers"}, {"all": [{"var": "tiles"}, {"var": "is_pung"}]}]}
    assert _refusals(node) == (
        "fan x: when: and[0]: 'and' takes conditions (true or false), but this is a number",
        "fan x: when: and[1].all[1].var: 'is_pung' is a group attribute, but the subject here is a tile")


@pytest.mark.parametrize("node", [
    {"all": [{"var": ""}, {"==": [{"distinct": [{"var": "tiles"}, {"var": "suit"}]}, 1]}]},
    {"==": [{"var": "hand.pair"}, None]},
    {"in": [{"var": "hand.winning_tile"}, {"tiles": "19m"}]},
    {"==": [{"steps": {"sorted": [{"var": "hand.chows"}, {"var": "rank"}]}}, [3, 3]]},
    {"some": [{"var": ""}, {"in": [{"var": "kind"}, ["chow", "knitted", "single"]]}]},
    {"in": [{"var": "hand.wait"}, "edge closed"]},   # in a text: a part of it, any text allowed
    {"==": [{"if": [{"var": "hand.self_drawn"}, {"var": "hand.wait"}, {"var": "hand.shape"}]}, "pairs"]},
    {"in": ["dg", {"var": "hand.wait"}]},          # a part of 'edge'
    {"==": [{"var": "hand.wait"}, None]},          # null is no text
    {"in": ["x", ["x", "y"]]},                   # texts written on both sides
    {"some": [{"var": ""}, {"in": [{"var": "kind"}, {"map": [{"var": "hand.groups"}, {"var": "kind"}]}]}]},
    {"all": [{"var": "hand.tiles"}, {"!=": [{"var": "letter"}, ""]}]},
])
def test_well_typed_predicates_pass(node: Any) -> None:
    assert predicate_type(node, "t", ValueType("list", GROUP)) == FLAG


def test_an_item_of_unknown_kind_gives_what_its_subjects_share() -> None:
    assert predicate_type({"var": "rank"}, "t", ANY) == NUMBER
    assert predicate_type({"var": "tile"}, "t", ANY) == TILE   # a group's first tile, a face's tile


def _mutant(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in ORIGINAL, old   # the first place it occurs is changed
    path = tmp_path / "fans.yaml"
    path.write_text(ORIGINAL.replace(old, new, 1), encoding="utf-8")
    return rules.check_fan_table(str(path))


@pytest.mark.parametrize(("old", "new", "message"), [
    # a group's attribute read from a tile
    ("when: {all: [{var: tiles}, {\">=\": [{var: rank}, 7]}]}",
     "when: {all: [{var: tiles}, {\">=\": [{var: kind}, 7]}]}",
     "when: all[1].>=[0].var: 'kind' is a group attribute, but the subject here is a tile"),
    # an attribute no subject has
    ("when: {all: [{var: tiles}, {\">=\": [{var: rank}, 6]}]}",
     "when: {all: [{var: tiles}, {\">=\": [{var: form}, 6]}]}",
     "when: all[1].>=[0].var: unknown item attribute 'form'"),
    # a text ordered against a number
    ("when: {all: [{var: tiles}, {and: [{\">=\": [{var: rank}, 4]}, {\"<=\": [{var: rank}, 6]}]}]}",
     "when: {all: [{var: tiles}, {and: [{\">=\": [{var: suit}, 4]}, {\"<=\": [{var: rank}, 6]}]}]}",
     "when: all[1].and[0].>=: '>=' compares a text with a number"),
    # a misspelt suit
    ("- {all: [{var: groups}, {and: [{\"!=\": [{var: suit}, z]}, {in: [{var: rank}, [2, 4, 6, 8]]}]}]}",
     "- {all: [{var: groups}, {and: [{\"!=\": [{var: suit}, h]}, {in: [{var: rank}, [2, 4, 6, 8]]}]}]}",
     "when: and[1].all[1].and[0].!=: 'h' never occurs: 'suit' is one of 'm', 'p', 's', 'z'"),
    # sets drawn from tiles
    ("sets: {from: {var: chows}, choose: 4}", "sets: {from: {var: tiles}, choose: 4}",
     "sets.from: gives a list of tiles, but sets are drawn from a list of groups"),
])
def test_a_fan_of_the_wrong_kind_is_refused_at_its_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    problems = _mutant(tmp_path, old, new)
    assert len(problems) == 1, problems
    line = ORIGINAL[:ORIGINAL.index(old)].count("\n") + 1
    start = max(n for n, text in enumerate(ORIGINAL.split("\n")[:line], 1) if text.startswith("- "))
    fan_id = re.search(r"id: (\w+)", "\n".join(ORIGINAL.split("\n")[start - 1:line])).group(1)
    assert problems[0].startswith(f"{tmp_path / 'fans.yaml'}:{start}: fan {fan_id}: "), problems
    assert message in problems[0]


def test_every_predicate_fault_of_a_table_is_refused_in_one_check(tmp_path: Path) -> None:
    # Big Four Winds: sets drawn from tiles, and a `when` that counts (a number): both said,
    # the second no longer hidden by the first; Upper Tiles: four faults in one `when` (a sum
    # of a text is refused, and is still a number, which never equals a tile).
    sets = "sets: {from: {var: pungs}, choose: 4}\n  when: {all: [{var: \"\"}, {var: is_wind}]}"
    upper = 'when: {all: [{var: tiles}, {">=": [{var: rank}, 7]}]}'
    assert ORIGINAL.count(upper) == 1
    text = ORIGINAL.replace(sets, "sets: {from: {var: tiles}, choose: 4}\n  when: {count: {var: \"\"}}", 1).replace(
        upper, 'when: {and: [{all: [{var: tiles}, {">=": [{var: is_kong}, 7]}]}, {"==": [{var: wait}, egde]}, '
               '{"==": [{"+": [{var: wait}, 1]}, {var: winning_tile}]}]}')
    path = tmp_path / "fans.yaml"
    path.write_text(text, encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in rules.check_fan_table(str(path))] == [
        "fan big_four_winds: sets.from: gives a list of tiles, but sets are drawn from a list of groups "
        "(such as {var: pungs})",
        "fan big_four_winds: when: gives a number, but a condition is true or false (compare it: {\">\": [..., 0]})",
        "fan upper_tiles: when: and[0].all[1].>=[0].var: 'is_kong' is a group attribute, but the subject here is a tile",
        "fan upper_tiles: when: and[1].==: 'egde' never occurs: 'wait' is one of 'edge', 'closed', 'single', 'open', "
        "'pung', 'knitted'",
        "fan upper_tiles: when: and[2].==: '==' compares a number with a tile: values of different kinds",
        "fan upper_tiles: when: and[2].==[0].+: '+' works on numbers, not on a text"]
