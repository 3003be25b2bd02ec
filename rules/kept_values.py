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

from typing import TypeVar

T = TypeVar("T")

_KEPT: dict[tuple, tuple] = {}   # each inner tuple of a remembered value, once
KEPT_LIMIT = 500_000   # tuples kept before the table starts afresh (the values made so far stay as they are)


def kept(value: T) -> T:
    """`value` with each tuple in it (itself included) the one kept in the table. Only for
    tuples of plain values (numbers, text, None, tuples of them): a value holding any
    other object is returned as it is, since the engine tells such objects apart by
    identity and equal ones must not be merged."""
    if type(value) is not tuple:
        return value
    found = _kept_tuple(value)
    return value if found is None else found   # type: ignore[return-value]


def _kept_tuple(value: tuple) -> tuple | None:
    """The kept copy of a tuple of plain values, or None when it holds anything else."""
    known = _KEPT.get(value)   # an equal value kept before (the usual case): no walk through it
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
    whole = tuple(inner)
    if len(_KEPT) >= KEPT_LIMIT:
        _KEPT.clear()
    return _KEPT.setdefault(whole, whole)


_PLAIN_ATOMS = frozenset({int, bool, str, float, type(None)})
