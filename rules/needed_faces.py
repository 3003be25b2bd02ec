"""Which faces a filtered collection of groups needs: a cheap test that skips its work.

A `sets.from` clause such as "the groups that are wind pungs or pairs" can hold a group
only when the hand holds one of a few faces (the winds). Trying the clause's condition
on every group there can be (each kind, first tile and flags) gives those faces once per
table; the fan program then skips the clause for a hand that holds none of them, which
is most hands.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from .groups import CHOW, KNITTED, KONG, PAIR, PUNG, SINGLE, Group
from .tiles import ALL_TILES
from .vocabulary import compile_predicate, facts_read

# The facts of the hand that are collections of groups.
GROUP_COLLECTIONS = frozenset({"groups", "sets", "chows", "pungs", "kongs", "pairs", "melds", "claimed"})


@lru_cache(maxsize=1)
def every_group() -> tuple[Group, ...]:
    """Every group a reading can hold: each kind and first tile, with every flag."""
    shapes: list[tuple[str, tuple]] = []
    for t in ALL_TILES:
        shapes += [(PUNG, (t,) * 3), (KONG, (t,) * 4), (PAIR, (t,) * 2), (SINGLE, (t,))]
        if not t.is_honor and t.rank <= 7:
            shapes.append((CHOW, (t, ALL_TILES[t.code + 1], ALL_TILES[t.code + 2])))
        if not t.is_honor and t.rank <= 3:
            shapes.append((KNITTED, (t, ALL_TILES[t.code + 3], ALL_TILES[t.code + 6])))
    return tuple(Group(kind, tiles, claimed, concealed, winning)
                 for kind, tiles in shapes for claimed, concealed, winning in product((False, True), repeat=3))


def needed_faces(node: Any, where: str) -> int | None:
    """For a `sets.from` predicate that filters a collection of groups by a condition
    on the group alone, the faces (bits, 1 << code) at least one of which every group
    it keeps holds; None when the predicate is of another form, or keeps groups of
    every face (no test would save anything)."""
    if not isinstance(node, dict) or list(node) != ["filter"]:
        return None
    arg = node["filter"]
    if not (isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], dict) and list(arg[0]) == ["var"]):
        return None
    collection, condition = arg
    name = collection["var"]
    if not isinstance(name, str) or name.removeprefix("hand.") not in GROUP_COLLECTIONS:
        return None
    if facts_read(condition, where, item_scope=True):
        return None  # it reads the hand: no answer per group alone
    test = compile_predicate(condition, where, item_scope=True)
    mask = 0
    try:
        for group in every_group():
            if test(None, group):
                mask |= group.mask
    except Exception:  # noqa: BLE001 - a condition that fails on some group: no shortcut
        return None
    everything = (1 << len(ALL_TILES)) - 1
    return None if mask == everything else mask
