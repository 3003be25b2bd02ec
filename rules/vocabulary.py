"""The predicate vocabulary of fans.yaml, and its compiler.

One node shape, as in json-logic: a mapping with one key, the operator, whose value
holds the arguments. Literals (numbers, strings, booleans, lists) stand for
themselves. A predicate compiles once into a Python function of the hand context, so
scoring runs at the speed of ordinary Python, not of a tree walker.

Inside `all`, `some`, `none`, `count`, `filter`, `map`, `distinct` and `sorted`, the
item being looked at is the scope: `{var: ""}` is the item, `{var: suit}` one of its
attributes. Anywhere, `{var: hand.NAME}` names a fact of the hand; outside an
iteration a bare name does too.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from itertools import compress, repeat
from operator import attrgetter
from typing import Any, Callable, Mapping

from .context import HAND_VOCABULARY, ITEM_VOCABULARY, STORED_TUPLES
from .errors import NotationError
from .notation import read_tiles   # the tile reader of the hand notation
from .predicate_types import ANY, PredicateTypeError, ValueType, not_of_a_list, predicate_type
from .tiles import ALL_TILES, BY_TEXT, Tile


class PredicateError(ValueError):
    """A predicate that cannot compile; the message names the operator and the path.
    `messages`: each fault found, one a problem (several where the types are wrong in
    several places; the message is then all of them, one a line)."""

    def __init__(self, message: str, messages: tuple[str, ...] | None = None) -> None:
        super().__init__(message)
        self.messages = messages if messages is not None else (message,)


@dataclass(frozen=True, slots=True)
class Operator:
    name: str
    arguments: str
    meaning: str


OPERATORS: dict[str, Operator] = {o.name: o for o in (
    Operator("and", "[a, b, ...]", "true when every argument is true (stops at the first false)"),
    Operator("or", "[a, b, ...]", "true when any argument is true"),
    Operator("not", "a", "the opposite of a"),
    Operator("if", "[condition, then, else]", "then when the condition holds, else otherwise"),
    Operator("==", "[a, b]", "equal"), Operator("!=", "[a, b]", "not equal"),
    Operator("<", "[a, b]", "less"), Operator("<=", "[a, b]", "less or equal"),
    Operator(">", "[a, b]", "greater"), Operator(">=", "[a, b]", "greater or equal"),
    Operator("in", "[a, collection]", "a is one of the collection"),
    Operator("+", "[a, b]", "sum"), Operator("-", "[a, b]", "difference"),
    Operator("var", "name", "a fact of the hand, or an attribute of the current item ('' = the item)"),
    Operator("tiles", "\"notation\"", "the set of tiles written in hand notation, e.g. \"23468sF\""),
    Operator("tile", "\"notation\"", "one tile, e.g. \"E\" or \"5p\""),
    Operator("count", "collection | [collection, condition]", "how many items (that meet the condition)"),
    Operator("all", "[collection, condition]", "every item meets the condition (false for an empty collection)"),
    Operator("some", "[collection, condition]", "at least one item meets the condition"),
    Operator("none", "[collection, condition]", "no item meets the condition"),
    Operator("filter", "[collection, condition]", "the items that meet the condition"),
    Operator("map", "[collection, expression]", "the expression's value for each item"),
    Operator("distinct", "collection | [collection, expression]", "how many different values"),
    Operator("sorted", "collection | [collection, expression]", "the values in ascending order"),
    Operator("steps", "list", "differences between neighbours: [1, 2, 4] -> [1, 2]"),
)}

MAX_LITERAL = 2 ** 31  # far beyond any count or rank, and safe in every JSON reader


def _short(value: Any, limit: int = 80) -> str:
    """A value for an error message, cut short (a table can hold very long values)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"<a number of {value.bit_length()} bits>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."



class _Compiler:
    def __init__(self, where: str, prefix: str = "_k", facts: Mapping[str, str] = HAND_VOCABULARY) -> None:
        self.where = where
        self.prefix = prefix
        self.facts = facts  # the names `var` may reach outside an iteration
        self.constants: dict[str, Any] = {}
        self.temporaries = 0
        self.item_names: list[str] = []  # item attributes read ("" = an item as a whole)
        self.facts_read: list[str] = []  # facts of the hand read

    def fail(self, path: str, message: str) -> PredicateError:
        return PredicateError(f"{self.where}: {path}: {message}" if path else f"{self.where}: {message}")

    def const(self, value: Any) -> str:
        name = f"{self.prefix}{len(self.constants)}"
        self.constants[name] = value
        return name

    def compile(self, node: Any, depth: int, path: str) -> str:
        if isinstance(node, bool) or node is None:
            return repr(node)
        if isinstance(node, float):
            raise self.fail(path, f"numbers in a predicate are whole numbers, not {node!r}")
        if isinstance(node, int):
            if abs(node) > MAX_LITERAL:
                raise self.fail(path, f"the number {_short(node)} is out of range (at most {MAX_LITERAL} either way)")
            return repr(node)
        if isinstance(node, str):
            return repr(node)
        if isinstance(node, list):
            parts = [self.compile(x, depth, f"{path}[{i}]") for i, x in enumerate(node)]
            return "(" + "".join(p + ", " for p in parts) + ")"
        if not isinstance(node, dict) or len(node) != 1:
            raise self.fail(path, f"a node is one operator with its arguments, got {_short(node)}")
        (op, arg), = node.items()
        if not isinstance(op, str) or op not in OPERATORS:
            raise self.fail(path, f"unknown operator '{op}' (known: {', '.join(sorted(OPERATORS))})")
        here = f"{path}.{op}" if path else op
        method = getattr(self, "op_" + {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt",
                                         ">=": "ge", "+": "add", "-": "sub"}.get(op, op))
        return method(arg, depth, here)

    def args(self, arg: Any, n: int | None, path: str, op: str) -> list[Any]:
        if not isinstance(arg, list) or (n is not None and len(arg) != n):
            want = f"a list of {n} arguments" if n else "a list of arguments"
            raise self.fail(path, f"'{op}' takes {want}, got {arg!r}")
        return arg

    # logic
    def op_and(self, arg, depth, path):
        parts = [self.compile(a, depth, f"{path}[{i}]") for i, a in enumerate(self.args(arg, None, path, "and"))]
        return "(" + " and ".join(parts) + ")" if parts else "True"

    def op_or(self, arg, depth, path):
        parts = [self.compile(a, depth, f"{path}[{i}]") for i, a in enumerate(self.args(arg, None, path, "or"))]
        return "(" + " or ".join(parts) + ")" if parts else "False"

    def op_not(self, arg, depth, path):
        if isinstance(arg, list):
            raise self.fail(path, not_of_a_list(len(arg)))
        return f"(not {self.compile(arg, depth, path)})"

    def op_if(self, arg, depth, path):
        c, a, b = (self.compile(x, depth, f"{path}[{i}]") for i, x in enumerate(self.args(arg, 3, path, "if")))
        return f"({a} if {c} else {b})"

    def _binary(self, symbol: str, op: str):
        def build(arg, depth, path):
            a, b = (self.compile(x, depth, f"{path}[{i}]") for i, x in enumerate(self.args(arg, 2, path, op)))
            return f"({a} {symbol} {b})"
        return build

    def __getattr__(self, name: str):
        table = {"op_eq": ("==", "=="), "op_ne": ("!=", "!="), "op_lt": ("<", "<"), "op_le": ("<=", "<="),
                 "op_gt": (">", ">"), "op_ge": (">=", ">="), "op_in": ("in", "in"), "op_add": ("+", "+"),
                 "op_sub": ("-", "-")}
        if name in table:
            return self._binary(*table[name])
        raise AttributeError(name)

    # data
    def op_var(self, arg, depth, path):
        if not isinstance(arg, str):
            raise self.fail(path, f"'var' takes a name, got {arg!r}")
        if arg.startswith("hand.") or depth == 0:
            name = arg[5:] if arg.startswith("hand.") else arg
            if name not in self.facts:
                what = "hand fact" if self.facts is HAND_VOCABULARY else "name"
                raise self.fail(path, f"unknown {what} '{name}' (known: {', '.join(sorted(self.facts))})")
            self.facts_read.append(name)
            return f"h.{name}"
        item = f"i{depth}"
        self.item_names.append(arg)
        if arg == "":
            return item
        if arg not in ITEM_VOCABULARY:
            raise self.fail(path, f"unknown item attribute '{arg}' (known: {', '.join(sorted(ITEM_VOCABULARY))}; "
                                  "use hand.NAME for a fact of the hand)")
        return f"{item}.{arg}"

    def _tile_list(self, arg, path, op) -> list[Tile]:
        if not isinstance(arg, str):
            raise self.fail(path, f"'{op}' takes tiles in hand notation, got {arg!r}")
        try:
            return read_tiles(arg)
        except NotationError as err:
            raise self.fail(path, f"'{op}': {err}") from None

    def op_tiles(self, arg, depth, path):
        return self.const(frozenset(self._tile_list(arg, path, "tiles")))

    def op_tile(self, arg, depth, path):
        if not isinstance(arg, str) or arg not in BY_TEXT:
            raise self.fail(path, f"'tile' takes one tile such as \"E\" or \"5p\", got {arg!r}")
        return self.const(BY_TEXT[arg])

    # collections
    def _iterate(self, arg, depth, path, op, need_body: bool):
        if isinstance(arg, list) and len(arg) == 2:
            coll, body = arg
        elif not need_body and not isinstance(arg, list):
            coll, body = arg, None
        else:
            form = "[collection, condition]" if need_body else "collection or [collection, expression]"
            raise self.fail(path, f"'{op}' takes {form}, got {arg!r}")
        seen = len(self.item_names)
        c = self.compile(coll, depth, f"{path}[0]")
        if coll == {"var": ""} and (body is not None or op == "count") and len(self.item_names) == seen + 1:
            # Iterated (or counted), the collection is looked at only through its items.
            self.item_names.pop()
        if c == "h.tiles" and op in ("all", "some", "none", "distinct"):
            c = "h.distinct_tiles"  # same answer, half the work: repeats cannot change it
        b = None if body is None else self.compile(body, depth + 1, f"{path}[1]")
        return c, b, f"i{depth + 1}"

    def op_count(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "count", False)
        if b is None:
            return f"len({c})"
        values = self._item_values(arg[1], b, depth + 1, exact=False)
        if values is None:
            counted = f"len([1 for {i} in {c} if {b}])"
        else:
            counted = _count_of_one_value(c, values) or f"sum(map(_truth, {_over(values, c)}))"
        guard = _copies_guard(c, arg[1])
        return counted if guard is None else f"({counted} if {guard} else 0)"

    def _item_values(self, body: Any, b: str, depth: int, exact: bool) -> str | None:
        """For a body that is a plain function of the item (an attribute, compared with
        or looked up in something that does not depend on the item; a tile-mask test; the
        opposite of one), an iterator of its values over a collection (_COLLECTION, filled
        in by _over) that runs in C (map over attrgetter and operator functions): no
        Python frame per item. With `exact`, only where the values are the body's own (not
        merely as true or false). None for any other body: the caller keeps its loop."""
        item = f"i{depth}"
        if b == item:
            return f"iter({_COLLECTION})"
        if _PLAIN_ATTRIBUTE.fullmatch(b) and b.startswith(item + "."):
            return f"map({self.const(attrgetter(b[len(item) + 1:]))}, {_COLLECTION})"
        masked = _MASK_TEST.fullmatch(b)
        if masked and masked["item"] == item and not exact:
            getter = self.const(attrgetter("mask"))
            if masked["form"] == "bool(":
                return f"map({masked['mask']}.__and__, map({getter}, {_COLLECTION}))"
            return f"map(_not, map({masked['mask']}.__and__, map({getter}, {_COLLECTION})))"
        if not isinstance(body, dict) or len(body) != 1:
            return None
        (op, arg), = body.items()
        if op == "not":
            inner = self._item_values(arg, self.compile(arg, depth, ""), depth, exact=False)
            return None if inner is None else f"map(_not, {inner})"
        if op not in _COMPARISONS or not isinstance(arg, list) or len(arg) != 2:
            return None
        left, right = (self.compile(x, depth, "") for x in arg)
        for value, other, flipped in ((left, right, False), (right, left, True)):
            values = self._item_values(arg[1] if flipped else arg[0], value, depth, exact=True)
            if values is None or not _INVARIANT.fullmatch(other) or re.search(rf"\bi{depth}\b", other):
                continue
            if op == "in":
                if flipped:  # other in item-value: operator.contains(item-value, other)
                    return f"map(_contains, {values}, _repeat({other}))"
                return f"map(({other}).__contains__, {values})"
            function = _COMPARISONS[op]
            if flipped:
                return f"map({function}, _repeat({other}), {values})"
            return f"map({function}, {values}, _repeat({other}))"
        return None

    def _tile_mask(self, c: str, b: str, i: str) -> int | None:
        """For a condition on the hand's tiles, or on a group's, that looks at the tile
        alone, the 34-bit set of faces that meet it, worked out once here: the test then
        costs one AND against the faces held (`h.tile_mask`, or the group's `mask`).
        None when the condition depends on anything else."""
        if "h." in b or not (c == "h.distinct_tiles" or _GROUP_TILES.fullmatch(c)):
            return None
        try:
            test = eval(compile(f"lambda {i}: {b}", "<tile condition>", "eval"),  # noqa: S307
                        {**RUNTIME_HELPERS, **self.constants})
            return sum(1 << t.code for t in ALL_TILES if test(t))
        except Exception:  # not a pure tile condition after all: keep the loop
            return None

    def op_all(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "all", True)
        mask = self._tile_mask(c, b, i)
        if mask is not None:  # a hand and a group always hold tiles: never empty
            return f"(not ({_held(c)} & {self.const(~mask)}))"   # no face outside the mask
        self.temporaries += 1
        v = f"{self.prefix}v{self.temporaries}"
        # json-logic's `all` is false on an empty collection. A list, not a generator,
        # inside all() and any(): a generator they stop early is closed by raising
        # GeneratorExit into it, which costs more than the few items left (collections
        # here hold at most 14). A map over C functions is better still.
        values = self._item_values(arg[1], b, depth + 1, exact=False)
        if values is not None:
            return f"(bool({v} := {c}) and all({_over(values, v)}))"
        return f"(bool({v} := {c}) and all([{b} for {i} in {v}]))"

    def op_some(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "some", True)
        mask = self._tile_mask(c, b, i)
        if mask is not None:
            return f"bool({_held(c)} & {self.const(mask)})"
        values = self._item_values(arg[1], b, depth + 1, exact=False)
        found = f"any({_over(values, c)})" if values is not None else f"any([{b} for {i} in {c}])"
        guard = _copies_guard(c, arg[1])
        return found if guard is None else f"({guard} and {found})"

    def op_none(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "none", True)
        mask = self._tile_mask(c, b, i)
        if mask is not None:
            return f"(not ({_held(c)} & {self.const(mask)}))"
        values = self._item_values(arg[1], b, depth + 1, exact=False)
        if values is not None:
            return f"(not any({_over(values, c)}))"
        return f"(not any([{b} for {i} in {c}]))"

    def op_filter(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "filter", True)
        values = self._item_values(arg[1], b, depth + 1, exact=False)
        if values is not None:
            self.temporaries += 1
            v = f"{self.prefix}v{self.temporaries}"
            return f"tuple(_compress(({v} := {c}), {_over(values, v)}))"
        return f"tuple([{i} for {i} in {c} if {b}])"

    def op_map(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "map", True)
        values = self._item_values(arg[1], b, depth + 1, exact=True)
        if values is not None:
            return f"tuple({_over(values, c)})"
        return f"tuple([{b} for {i} in {c}])"

    def op_distinct(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "distinct", False)
        if b is None:
            return f"len(set({c}))"
        values = self._item_values(arg[1], b, depth + 1, exact=True)
        if values is not None:
            return f"len(set({_over(values, c)}))"
        return f"len({{{b} for {i} in {c}}})"

    def op_sorted(self, arg, depth, path):
        c, b, i = self._iterate(arg, depth, path, "sorted", False)
        if b is None:
            return f"tuple(sorted({c}))"
        values = self._item_values(arg[1], b, depth + 1, exact=True)
        if values is not None:
            return f"tuple(sorted({_over(values, c)}))"
        return f"tuple(sorted([{b} for {i} in {c}]))"

    def op_steps(self, arg, depth, path):
        return f"_steps({self.compile(arg, depth, path)})"


_GROUP_TILES = re.compile(r"i\d+\.tiles")  # the tiles of the group being looked at
_PLAIN_ATTRIBUTE = re.compile(r"i\d+\.[a-z_]+")
# The tile-mask tests _tile_mask makes of a condition on a group's tiles (some, all, none).
_MASK_TEST = re.compile(r"(?P<form>bool\(|\(not \()(?P<item>i\d+)\.mask & (?P<mask>\w+)\)\)?")
# What may be worked out once for a whole collection instead of once per item: a fact of
# the hand, a constant or a literal (nothing that could fail where the loop would not run).
_INVARIANT = re.compile(r"h\.[a-z_]+|_\w+|-?\d+|'[^'\\]*'|True|False|None|\((?:[-\w' ]+, )*\)")
_COMPARISONS = {"==": "_eq", "!=": "_ne", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge", "in": None}


# Where an iterator from _item_values takes its collection: a character repr() never
# writes, so no text of the table can hold it (str.format would read the braces of a
# text such as "pu{ng}" as fields of its own).
_COLLECTION = "\0"


def _over(values: str, collection: str) -> str:
    """The iterator `values` from _item_values over `collection`."""
    return values.replace(_COLLECTION, collection)


# The items of a collection compared equal to one value, as _item_values gives them.
_EQUAL_ITEMS = re.compile(rf"map\(_eq, iter\({_COLLECTION}\), _repeat\((?P<value>.+)\)\)"      # item == value
                          rf"|map\(_eq, _repeat\((?P<flipped>.+)\), iter\({_COLLECTION}\)\)")  # value == item


def _count_of_one_value(collection: str, values: str) -> str | None:
    """For a count of the items equal to one value in a fact stored as a tuple, the
    tuple's own count, in C: one call instead of a map of comparisons and a sum."""
    equal = _EQUAL_ITEMS.fullmatch(values)
    if equal is None or not collection.startswith("h.") or collection[2:] not in STORED_TUPLES:
        return None
    return f"{collection}.count({equal['value'] or equal['flipped']})"


def _copies_guard(collection: str, condition: Any) -> str | None:
    """For a condition on the hand's faces that asks for a face held exactly K times (the
    condition, or one of the terms it joins with `and`, is `copies == K`): the test that
    some face is held K times, in C over the hand's counts. Without it, the faces are
    worked out and looked at one by one on every hand, where few hold any face K times.
    Where no face is held K times, the condition's other terms are not run at all: a term
    that would fail on such a hand no longer says so there."""
    if collection != "h.faces":
        return None
    terms = condition["and"] if isinstance(condition, dict) and list(condition) == ["and"] else [condition]
    for term in terms if isinstance(terms, list) else ():
        if isinstance(term, dict) and list(term) == ["=="] and isinstance(term["=="], list) and len(term["=="]) == 2:
            left, right = term["=="]
            for attribute, copies in ((left, right), (right, left)):
                if attribute == {"var": "copies"} and type(copies) is int:
                    return f"({copies} in h.hand.copies)"
    return None


def _held(collection: str) -> str:
    """The bit mask of the faces in `collection` (the hand's tiles, or a group's)."""
    return "h.tile_mask" if collection == "h.distinct_tiles" else collection[: -len("tiles")] + "mask"


def _steps(values) -> tuple:
    values = tuple(values)
    return tuple(b - a for a, b in zip(values, values[1:]))


RUNTIME_HELPERS: dict[str, Any] = {
    "_steps": _steps, "_truth": operator.truth, "_not": operator.not_, "_contains": operator.contains,
    "_repeat": repeat, "_compress": compress, "_eq": operator.eq, "_ne": operator.ne, "_lt": operator.lt,
    "_le": operator.le, "_gt": operator.gt, "_ge": operator.ge}


def predicate_source(node: Any, where: str, item_scope: bool, prefix: str) -> tuple[str, dict[str, Any]]:
    """The Python expression of a predicate (reading `h`, and `i1` with item_scope) and
    the constants it names; used to build one function for a whole fan table."""
    compiler = _Compiler(where, prefix)
    return compiler.compile(node, 1 if item_scope else 0, ""), compiler.constants


def item_names(node: Any, where: str, item_scope: bool) -> set[str]:
    """The item attributes a predicate reads; "" when it looks at an item as a whole
    (compares, sorts or collects the items themselves)."""
    compiler = _Compiler(where)
    compiler.compile(node, 1 if item_scope else 0, "")
    return set(compiler.item_names)


def facts_read(node: Any, where: str, item_scope: bool = False) -> set[str]:
    """The facts of the hand a predicate reads."""
    compiler = _Compiler(where)
    compiler.compile(node, 1 if item_scope else 0, "")
    return set(compiler.facts_read)


def compile_predicate(node: Any, where: str, item_scope: bool = False,
                      facts: Mapping[str, str] = HAND_VOCABULARY, item_type: ValueType | None = None,
                      ) -> Callable[..., Any]:
    """Compile one predicate. With item_scope, the function takes (h, i1): i1 is the item,
    of `item_type` where the caller knows it. `facts` are the names `var` may use (the
    hand vocabulary, unless told otherwise). Over the hand's facts, the predicate's types
    are checked too (rules.predicate_types): an operator applied to a value of the wrong
    kind is refused here, not met when a hand reaches it."""
    compiler = _Compiler(where, "_k", facts)
    source, constants = compiler.compile(node, 1 if item_scope else 0, ""), compiler.constants
    if facts is HAND_VOCABULARY:
        check_types(node, where, (item_type or ANY) if item_scope else None)
    params = "h, i1" if item_scope else "h"
    try:
        code = compile(f"lambda {params}: {source}", f"<{where}>", "eval")
    except SyntaxError as err:  # pragma: no cover - the compiler only emits valid Python
        raise PredicateError(f"{where}: internal compile error {err}") from None
    return eval(code, {**RUNTIME_HELPERS, **constants})


def check_types(node: Any, where: str, item: ValueType | None = None) -> ValueType:
    """The type of what a predicate over the hand's facts gives (`item`: the item in
    scope, None outside any); PredicateError where operators meet the wrong kind, each
    one of its messages."""
    try:
        return predicate_type(node, where, item)
    except PredicateTypeError as err:
        raise PredicateError(str(err), err.messages) from None


def operators_used(node: Any) -> set[str]:
    """Every operator name appearing in a predicate (for the fan table's checks)."""
    found: set[str] = set()
    if isinstance(node, dict):
        for k, v in node.items():
            found.add(k if isinstance(k, str) else _short(k))
            found |= operators_used(v)
    elif isinstance(node, list):
        for x in node:
            found |= operators_used(x)
    return found
