"""The types of the predicate vocabulary, and a check of a predicate's types.

A predicate that reads a group's attribute from a tile, orders texts against numbers or
counts something that is no collection compiles to Python that fails only when a hand
reaches it, with a message about Python objects. The check here walks the predicate
once, when the table is checked, works out what kind of value each node gives, and
refuses every node applied to the wrong kind, each with its path in the predicate, in the
order they are written. A node refused gives a value of unknown kind (`any`) to the node
around it, which then finds no fault of its own in it: one mistake, one problem.

Each attribute an item may have is typed per subject (a tile, a group, a face), and each
fact of the hand once; tests/engine/test_predicate_types.py holds these tables against the
engine's own objects, and against rules.context's vocabularies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from .context import WAITS
from .groups import KIND_NUMBERS
from .shapes import SHAPES
from .tiles import HONOR_LETTERS, HONOR_SUIT, SUITS


@dataclass(frozen=True, slots=True)
class ValueType:
    """What a node of a predicate gives: a tile, a group, a number, ..., a list of
    something, or `any` where the check cannot tell (it then accepts everything)."""

    name: str
    item: "ValueType | None" = None   # the items of a list
    values: tuple[str, ...] | None = None   # every text it can be, where the engine has a fixed set

    def __str__(self) -> str:
        if self.name == "list":
            return "a list" if self.item is None or self.item == ANY else f"a list of {self.item.plural}"
        return {"any": "a value", "null": "null", "text": "a text", "flag": "a flag (true or false)"}.get(
            self.name, f"a {self.name}")

    @property
    def plural(self) -> str:
        if self.name == "list":
            return "lists" if self.item is None or self.item == ANY else f"lists of {self.item.plural}"
        return {"any": "values", "null": "nulls", "flag": "flags (true or false)"}.get(self.name, self.name + "s")

    @property
    def known(self) -> bool:
        return self.name != "any"


ANY, NULL = ValueType("any"), ValueType("null")
TILE, GROUP, FACE = ValueType("tile"), ValueType("group"), ValueType("face")
NUMBER, TEXT, FLAG = ValueType("number"), ValueType("text"), ValueType("flag")


def list_of(item: ValueType) -> ValueType:
    return ValueType("list", item)


def text_of(values: tuple[str, ...]) -> ValueType:
    """A text that is always one of `values`: a comparison with any other text never holds."""
    return ValueType("text", values=values)


# The texts the engine gives from a fixed set, each set where the engine defines it. The
# honors' suit comes last: the vocabulary's explanation of `suit` says so in every language.
SUIT_TEXT = text_of((*SUITS, HONOR_SUIT))

# What each subject's attributes give (the names are those of rules.context.ITEM_VOCABULARY).
_SHARED = {"suit": SUIT_TEXT, "rank": NUMBER, "is_honor": FLAG, "is_wind": FLAG, "is_dragon": FLAG}
ATTRIBUTE_TYPES: dict[ValueType, dict[str, ValueType]] = {
    TILE: {**_SHARED, "is_terminal": FLAG, "is_terminal_or_honor": FLAG, "is_simple": FLAG, "code": NUMBER,
           "letter": text_of((*HONOR_LETTERS, ""))},
    GROUP: {**_SHARED, "kind": text_of(tuple(KIND_NUMBERS)), "tiles": list_of(TILE), "tile": TILE,
            "claimed": FLAG, "concealed": FLAG, "has_winning_tile": FLAG, "is_chow": FLAG, "is_pung": FLAG,
            "is_kong": FLAG, "is_pair": FLAG},
    FACE: {"tile": TILE, "copies": NUMBER, "in_kong": FLAG},
}

_GROUPS, _TILES = list_of(GROUP), list_of(TILE)
# What each fact of the hand gives (the names are those of rules.context.HAND_VOCABULARY).
FACT_TYPES: dict[str, ValueType] = {
    "shape": text_of(SHAPES), "groups": _GROUPS, "sets": _GROUPS, "chows": _GROUPS, "pungs": _GROUPS,
    "kongs": _GROUPS, "pairs": _GROUPS, "pair": GROUP, "melds": _GROUPS, "claimed": _GROUPS, "tiles": _TILES,
    "exposed_tiles": _TILES, "distinct_tiles": _TILES, "tile_mask": NUMBER, "faces": list_of(FACE),
    "suits": list_of(text_of(SUITS)), "winning_tile": TILE, "winning_group": GROUP, "wait": text_of(WAITS),
    "waits": _TILES, "tiles_before_win": _TILES, "knitted_tiles": NUMBER, "self_drawn": FLAG, "fourth_tile": FLAG,
    "replacement": FLAG, "robbing_kong": FLAG, "last_wall_tile": FLAG, "seat_wind": TILE,
    "prevalent_wind": TILE, "flowers": NUMBER,
}


def _values_of(kinds: list[ValueType]) -> tuple[str, ...] | None:
    """The fixed texts of a name whose every type (a list's items) has the same set."""
    sets = {(k.item if k.name == "list" and k.item is not None else k).values for k in kinds}
    return sets.pop() if len(sets) == 1 else None


def _vocabulary_values() -> dict[tuple[str, str], tuple[str, ...]]:
    """(section, name) -> the texts it can be, for the names the engine gives from a set."""
    found = {("hand", name): _values_of([kind]) for name, kind in FACT_TYPES.items()}
    for name in {name for attributes in ATTRIBUTE_TYPES.values() for name in attributes}:
        found["item", name] = _values_of([a[name] for a in ATTRIBUTE_TYPES.values() if name in a])
    return {key: values for key, values in found.items() if values is not None}


# The vocabulary's explanations list a name's texts from here ({values} in i18n/cli).
VOCABULARY_VALUES = _vocabulary_values()

_ORDERED = frozenset({"number", "text", "tile", "list"})   # what `<` and `sorted` can order
_ITERATING = ("count", "all", "some", "none", "filter", "map", "distinct", "sorted")
_SYMBOLS = {"==", "!=", "<", "<=", ">", ">=", "in", "+", "-"}


def not_of_a_list(n: int) -> str:
    """Why `{not: [X]}` is refused: Python's `not` of a list is False whatever it holds."""
    return f"'not' takes one condition written as itself ({{not: X}}), not a list of {n} ({{not: [X]}})"


class PredicateTypeError(ValueError):
    """Operators applied to values of the wrong kind: each of `messages` says which, and
    where; the error's text is all of them, one a line."""

    def __init__(self, messages: tuple[str, ...]) -> None:
        super().__init__("\n".join(messages))
        self.messages = messages


_INDEX = re.compile(r"\[(\d+)\]")


def _written_order(path: str) -> tuple[int, ...]:
    """Where a node's path stands in the order the predicate is written: each node has one
    operator, so the indices of its path place it. A node and the nodes inside it at no
    further index share a key; the sort is stable, so they keep the order they were found in
    (the inner one first: a node is checked after its operands)."""
    return tuple(int(i) for i in _INDEX.findall(path))


def _common(types: list[ValueType]) -> ValueType:
    """The type all of `types` share (null aside), else ANY; texts from several sets can be
    any text of them all (of any text, where one of them can be any)."""
    known = [t for t in types if t != NULL]
    if len(set(known)) > 1 and all(t.name == "text" for t in known):
        sets = [t.values for t in known if t.values is not None]
        return TEXT if len(sets) < len(known) else text_of(tuple(dict.fromkeys(v for values in sets for v in values)))
    return known[0] if len(set(known)) == 1 else (NULL if not known and types else ANY)


def _subjects(attribute: str) -> list[ValueType]:
    return [subject for subject, attributes in ATTRIBUTE_TYPES.items() if attribute in attributes]


class _Checker:
    def __init__(self, where: str, facts: Mapping[str, ValueType]) -> None:
        self.where = where
        self.facts = facts
        self.refused: list[tuple[tuple[int, ...], str]] = []   # (where it is written, message)

    def refuse(self, path: str, message: str) -> ValueType:
        """Record a node applied to the wrong kind; what it gives is then of unknown kind."""
        said = f"{self.where}: {path}: {message}" if path else f"{self.where}: {message}"
        if all(said != known for _, known in self.refused):
            self.refused.append((_written_order(path), said))
        return ANY

    def messages(self) -> tuple[str, ...]:
        return tuple(said for _, said in sorted(self.refused, key=lambda found: found[0]))

    def type_of(self, node: Any, item: ValueType | None, path: str) -> ValueType:
        """The type of `node`, with `item` the current item (None outside an iteration)."""
        if isinstance(node, bool):
            return FLAG
        if node is None:
            return NULL
        if isinstance(node, int):
            return NUMBER
        if isinstance(node, str):
            return text_of((node,))   # a text written in the predicate is that text
        if isinstance(node, list):
            return list_of(_common([self.type_of(x, item, f"{path}[{i}]") for i, x in enumerate(node)]))
        if not isinstance(node, dict) or len(node) != 1:
            return ANY   # the compiler refuses it
        (op, arg), = node.items()
        here = f"{path}.{op}" if path else op
        if op == "var":
            return self.variable(arg, item, here)
        if op in ("tiles", "tile"):
            return _TILES if op == "tiles" else TILE
        if op in _ITERATING:
            return self.iteration(op, arg, item, here)
        args = arg if isinstance(arg, list) else [arg]
        types = [self.type_of(x, item, f"{here}[{i}]" if isinstance(arg, list) else here)
                 for i, x in enumerate(args)]
        if op in _SYMBOLS and len(types) == 2:
            kind = self.binary(op, types[0], types[1], here)
            if kind.known:   # not refused already
                return kind if self.refuse_texts_never_given(op, args, types, here) else ANY
            return kind
        if op in ("and", "or", "not"):
            return self.condition(op, arg, types, here)
        if op == "if" and len(types) == 3:
            return _common(types[1:])
        if op == "steps":
            return self.steps(types[0], here)
        return _common(types)

    def condition(self, op: str, arg: Any, types: list[ValueType], path: str) -> ValueType:
        """`and`, `or` and `not` join conditions: each operand true or false (a number or a list
        would be read as true or false, silently), `not` of exactly one."""
        if op == "not" and isinstance(arg, list):
            return self.refuse(path, not_of_a_list(len(arg)))
        if op != "not" and not isinstance(arg, list):
            return self.refuse(path, f"'{op}' takes a list of conditions")
        if op != "not" and not arg:
            return self.refuse(path, f"'{op}' takes at least one condition")
        for i, kind in enumerate(types):   # each operand that is no condition, the others still one
            if kind.known and kind != FLAG:
                at = f"{path}[{i}]" if isinstance(arg, list) else path
                self.refuse(at, f"'{op}' takes conditions (true or false), but this is {kind}")
        return FLAG

    def variable(self, name: Any, item: ValueType | None, path: str) -> ValueType:
        if not isinstance(name, str):
            return ANY
        if name.startswith("hand.") or item is None:
            return self.facts.get(name.removeprefix("hand."), ANY)
        if name == "":
            return item
        if not item.known:
            return _common([ATTRIBUTE_TYPES[s][name] for s in _subjects(name)])
        attributes = ATTRIBUTE_TYPES.get(item)
        if attributes is not None and name in attributes:
            return attributes[name]
        owners = " or ".join(s.name for s in _subjects(name))
        if not owners:
            return self.refuse(path, f"'{name}' is not an attribute of any item")
        hint = f" ({{var: hand.{name}}} is the hand's)" if name in self.facts else ""
        return self.refuse(path, f"'{name}' is a {owners} attribute, but the subject here is {item}{hint}")

    def collection(self, op: str, node: Any, item: ValueType | None, path: str) -> ValueType:
        """The type of a collection `op` iterates, refused when it is none."""
        kind = self.type_of(node, item, path)
        if kind.known and kind.name != "list":
            return self.refuse(path, f"'{op}' takes a collection, but this is {kind}")
        return kind

    def iteration(self, op: str, arg: Any, item: ValueType | None, path: str) -> ValueType:
        body = None
        if isinstance(arg, list) and len(arg) == 2:
            (source, body), first = arg, f"{path}[0]"
        elif not isinstance(arg, list):
            source, first = arg, path
        else:
            return ANY   # the compiler refuses it
        kind = self.collection(op, source, item, first)
        each = kind.item if kind.item is not None else ANY
        value = each if body is None else self.type_of(body, each, f"{path}[1]")
        if op in ("count", "distinct"):
            return NUMBER
        if op in ("all", "some", "none"):
            return FLAG
        if op == "filter":
            return kind
        if op == "sorted" and value.known and value.name not in _ORDERED:
            return self.refuse(path, f"'sorted' cannot order {value.plural}")
        return list_of(value)   # map, sorted

    def binary(self, op: str, a: ValueType, b: ValueType, path: str) -> ValueType:
        both = a.known and b.known and NULL not in (a, b)
        # A comparison gives a condition and a difference a number, even when refused: the
        # nodes around it are then checked for what it gives (a second fault is not hidden).
        if op in ("==", "!="):
            if both and a.name != b.name:
                self.refuse(path, f"'{op}' compares {a} with {b}: values of different kinds")
            return FLAG
        if op == "in":
            if b.known and b.name not in ("list", "text"):
                self.refuse(path, f"'in' looks in a collection, but this is {b}")
                return FLAG
            inner = b.item if b.name == "list" else b
            if a.known and inner is not None and inner.known and a.name != inner.name and NULL not in (a, inner):
                self.refuse(path, f"'in' looks for {a} among {inner.plural}")
            return FLAG
        if op in ("+", "-"):
            return self.arithmetic(op, a, b, both, path)
        unordered = [side for side in (a, b) if side.known and side.name not in _ORDERED]   # <, <=, >, >=
        for side in unordered:
            self.refuse(path, f"'{op}' cannot order {side.plural}")
        if both and a.name != b.name and not unordered:
            self.refuse(path, f"'{op}' compares {a} with {b}")
        return FLAG

    def arithmetic(self, op: str, a: ValueType, b: ValueType, both: bool, path: str) -> ValueType:
        """'+' adds numbers or joins lists, '-' subtracts numbers: what they give is that of
        their fitting sides (unknown when the sides disagree)."""
        allowed = ("number", "list") if op == "+" else ("number",)
        wrong = [side for side in (a, b) if side.known and side.name not in allowed]
        for side in wrong:
            self.refuse(path, f"'{op}' works on numbers, not on {side}")
        if both and a.name != b.name and not wrong:
            return self.refuse(path, f"'{op}' cannot combine {a} with {b}")
        if op == "-":
            return NUMBER
        if not wrong:
            return _common([a, b])
        fitting = [side for side in (a, b) if side.known and side.name in allowed]
        return fitting[0] if fitting else ANY

    def refuse_texts_never_given(self, op: str, nodes: list[Any], types: list[ValueType], path: str) -> bool:
        """Refuse a comparison of a value with a text it never is (each such text): a misspelt
        kind, suit, shape or wait would otherwise make its fan silently never apply. Whether
        none was refused."""
        before = len(self.refused)
        if op in ("==", "!=", "in"):
            self.texts_never_given(op, nodes, types, path)
        return len(self.refused) == before

    def texts_never_given(self, op: str, nodes: list[Any], types: list[ValueType], path: str) -> None:
        (needle, haystack), (a, b) = nodes, types
        written = (str, list)   # texts written in the predicate, checked against the other side
        if op == "in" and b.name == "text":   # looks for a part of a text
            if isinstance(needle, str) and not isinstance(haystack, str) and b.values is not None \
                    and not any(needle in value for value in b.values):
                self.refuse(path, f"'{needle}' never occurs: {_shown_node(haystack)} is one of "
                                  f"{_listed(b.values)}, and none holds it")
            return
        if op == "in":
            b = b.item if b.name == "list" and b.item is not None else ANY
        pairs = [(needle, b, haystack, "holds only" if op == "in" else "is one of")]
        if op != "in":
            pairs.append((haystack, a, needle, "is one of"))
        elif isinstance(haystack, list):
            pairs += [(text, a, needle, "is one of") for text in haystack]
        for text, other, other_node, how in pairs:
            if isinstance(text, str) and not isinstance(other_node, written) and other.values is not None \
                    and text not in other.values:
                self.refuse(path, f"'{text}' never occurs: {_shown_node(other_node)} {how} {_listed(other.values)}")
        if not isinstance(needle, written) and not isinstance(haystack, written) and a.values is not None \
                and b.values is not None and set(a.values).isdisjoint(b.values):
            self.refuse(path, f"{_shown_node(needle)} and {_shown_node(haystack)} never give the same text")

    def steps(self, values: ValueType, path: str) -> ValueType:
        if values.known and not (values.name == "list" and values.item in (None, ANY, NUMBER)):
            return self.refuse(path, f"'steps' takes a list of numbers, but this is {values}")
        return list_of(NUMBER)


def _shown_node(node: Any) -> str:
    """A node as a message names it: a variable by its name."""
    if isinstance(node, dict) and isinstance(node.get("var"), str) and len(node) == 1:
        return f"'{node['var']}'" if node["var"] else "the item"
    return "the value compared"


def _listed(values: tuple[str, ...]) -> str:
    return ", ".join(map(repr, values))


def predicate_type(node: Any, where: str, item: ValueType | None = None,
                   facts: Mapping[str, ValueType] | None = None) -> ValueType:
    """The type of what `node` gives, with `item` the item in scope (None: none); raises
    PredicateTypeError naming every node applied to a value of the wrong kind. `facts`:
    the names `var` reaches outside an iteration and their types (those of the hand unless
    told otherwise; a name not there is of any type)."""
    checker = _Checker(where, FACT_TYPES if facts is None else facts)
    kind = checker.type_of(node, item, "")
    if checker.refused:
        raise PredicateTypeError(checker.messages())
    return kind

