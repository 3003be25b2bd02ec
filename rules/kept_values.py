"""Plain values the engine remembers from hand to hand, stored so that the garbage
collector soon stops looking at them.

CPython stops tracking a tuple once a collection finds it holds only untracked values,
but a collection visits a remembered tuple before the fresh tuples inside it, so each
level of nesting takes one more collection: the outer levels of a value three deep
reach the oldest generation still tracked, and every full collection visits them again.
The engine's memories gain thousands of such values as new hands come, enough to set off
a full collection every few thousand hands. `kept` builds a value from tuples kept in one
table: each inner tuple is then held from outside the value, so one collection frees the
whole value from tracking (and equal inner tuples are stored once).
"""
from __future__ import annotations

import marshal
from typing import TypeVar

T = TypeVar("T")

# Each tuple of a remembered value, once, under its marshal form: that form tells apart
# equal values of different types (True == 1 == 1.0, and a dictionary would give back
# whichever came first) and cannot be made of an object at all.
_KEPT: dict[bytes, tuple] = {}
# Tuples kept before the table starts afresh. Until then it keeps alive every value it was
# given, even one a memory has since dropped; the values made so far stay as they are.
KEPT_LIMIT = 500_000
# marshal's form 2 writes no back references, so a value's form does not depend on which
# objects repeat inside it (an interned and a plain copy of a text still differ: such
# values are merely kept twice).
_FORM_VERSION = 2


def kept(value: T) -> T:
    """`value` with each tuple in it (itself included) the one kept in the table. Only for
    tuples of whole numbers, text, None and tuples of them: a value holding anything else
    is returned as it is (objects, since the engine tells them apart by identity and
    equal ones must not be merged; flags, fractions and lists, which are no numbers)."""
    if type(value) is not tuple:
        return value
    found = _kept_tuple(value)  # type: ignore[arg-type]  # a tuple: checked above
    return value if found is None else found   # type: ignore[return-value]


def _kept_tuple(value: tuple) -> tuple | None:
    """The kept copy of a tuple of plain values, or None when it holds anything else."""
    try:
        form = marshal.dumps(value, _FORM_VERSION)
    except ValueError:   # an object marshal cannot write: no plain value
        return None
    known = _KEPT.get(form)   # kept before (the usual case): no walk through it
    if known is not None:
        return known
    inner = []
    for item in value:
        if type(item) is tuple:
            item = _kept_tuple(item)
            if item is None:
                return None
        elif type(item) not in _PLAIN_ATOMS:
            return None
        inner.append(item)
    if len(_KEPT) >= KEPT_LIMIT:
        _KEPT.clear()
    whole = _KEPT[form] = tuple(inner)
    return whole


_PLAIN_ATOMS = frozenset({int, str, type(None)})   # exact types: bool is a subclass of int
