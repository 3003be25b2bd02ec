"""Shanten: how far a hand is from ready, for each winning shape of rules/shapes.py.

A hand's shanten is the number of tiles it must still draw (each against a discard) to
hold a winning hand, less one: 0 is ready, -1 a complete hand. It is worked out as the
distance to the nearest *target*, a winning hand the set of tiles can still make: the
hand's melds plus standing groups (sets, a pair, knitted tiles) whose copies of each face,
melds included, never pass four. With `size` the standing tiles of a winning hand
(14 less 3 per meld) and `kept` the most standing tiles a target keeps,

    shanten = size - kept - 1

for a hand of 13 tiles (one to draw) as for one of 14 (one to discard first). Because a
target needs no fifth copy, a hand whose only wait is a face it already holds four of is
not ready, as rules.waits says.

The standard shape is worked out suit by suit (a set never crosses suits): each block of
counts gets a table of the most tiles it keeps with at most s sets and p pairs, memoised,
since blocks repeat endlessly from hand to hand and from discard to draw. The forms here
are hand shapes, not fans.
"""
from __future__ import annotations

from functools import lru_cache

from .shapes import (HONOR_CODES, HONORS_AND_KNITTED, KNITTED_ARRANGEMENTS, KNITTED_STRAIGHT, ORPHAN_CODES,
                     SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS)
from .tiles import COPIES_PER_FACE

Counts = tuple[int, ...]

SETS_IN_A_HAND = 4
WINNING_SIZE = 14
# Suited blocks (chows allowed) and the honors (pungs and pairs only): (start, stop, chows).
BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
# A block's table: kept tiles at index sets * 2 + pairs, for 0-4 sets and 0-1 pair.
TABLE_SIZE = (SETS_IN_A_HAND + 1) * 2
_NONE = -1000   # below any real count: "no such target"


def winning_size(melds: int) -> int:
    """The standing tiles of a winning hand with `melds` melds (each counts three)."""
    return WINNING_SIZE - 3 * melds


def caps_of(meld_copies: Counts) -> Counts:
    """How many copies of each face a target's standing tiles may use: four less those
    the melds hold."""
    return tuple(COPIES_PER_FACE - n for n in meld_copies)


# SHIFTS[sets, pairs]: (to, from) index pairs of a table that adds that many sets and pairs.
SHIFTS = {(sets, pairs): tuple(((s + sets) * 2 + p + pairs, s * 2 + p)
                               for s in range(SETS_IN_A_HAND + 1 - sets) for p in range(2 - pairs))
          for sets in range(SETS_IN_A_HAND + 1) for pairs in (0, 1)}
_NO_GROUPS: Counts = (0,) * TABLE_SIZE


def block_table(counts: Counts, caps: Counts, chows: bool) -> Counts:
    """For one block of faces: the most of its tiles groups of at most s sets and p pairs
    keep (index s * 2 + p), the copies of each face in the groups at most `caps`. A group
    that keeps none of the block's tiles is left out: it can stand anywhere."""
    return _suffix_table(counts, caps, chows, 0, 0)


@lru_cache(maxsize=1 << 16)
def _suffix_table(counts: Counts, caps: Counts, chows: bool, one_before: int, two_before: int) -> Counts:
    """block_table of the faces from counts[0] on, given the chows begun one face before
    (they need faces 0 and 1) and two faces before (they need face 0). Memoised by the
    remaining faces: a draw or a discard changes one face, and the faces after it are
    looked up. A chow begins only where it keeps a tile, a pung or the pair only while
    it keeps another copy (anything more keeps nothing and only spends a group)."""
    if not counts:
        return _NO_GROUPS
    held, cap = counts[0], caps[0]
    carried = one_before + two_before
    out = [_NONE] * TABLE_SIZE
    if carried > cap:
        return tuple(out)
    most_chows = max(counts[:3]) if chows and len(counts) >= 3 else 0
    for chow_count in range(min(most_chows, cap - carried) + 1):
        used = carried + chow_count
        after = _suffix_table(counts[1:], caps[1:], chows, chow_count, one_before)
        options = [(chow_count, 0, used)]
        if held > used:
            options.append((chow_count + 1, 0, used + 3))
            options.append((chow_count, 1, used + 2))
            if held > used + 3:
                options.append((chow_count + 1, 1, used + 5))   # five copies: only with lifted caps (tests)
        for sets, pairs, in_target in options:
            if sets > SETS_IN_A_HAND or in_target > cap:
                continue
            gain = held if held < in_target else in_target
            for to, source in SHIFTS[sets, pairs]:
                value = after[source] + gain
                if value > out[to]:
                    out[to] = value
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def merge_tables(a: Counts, b: Counts, most_sets: int = SETS_IN_A_HAND) -> Counts:
    """Two blocks' tables as one (for up to `most_sets` sets): the best split of the sets
    and the pair between them."""
    out = []
    for sets in range(most_sets + 1):
        for pairs in (0, 1):
            best = _NONE
            for sets_a in range(sets + 1):
                rest = (sets - sets_a) * 2
                value = a[sets_a * 2] + b[rest + pairs]
                if pairs:
                    value = max(value, a[sets_a * 2 + 1] + b[rest])
                if value > best:
                    best = value
            out.append(best)
    return tuple(out)


def suit_tables(counts: Counts, caps: Counts) -> tuple[Counts, ...]:
    """The table of each block of a hand's standing counts."""
    return tuple(block_table(counts[start:stop], caps[start:stop], chows) for start, stop, chows in BLOCKS)


def _merged(tables: "tuple[Counts, ...] | list[Counts]", sets: int) -> Counts:
    merged = tables[0]
    for table in tables[1:]:
        merged = merge_tables(merged, table, sets)
    return merged


@lru_cache(maxsize=1 << 16)
def _kept_with(a: Counts, b: Counts, sets: int) -> int:
    """The most tiles kept by `sets` sets and one pair split between two tables."""
    best = _NONE
    for sets_a in range(sets + 1):
        rest = (sets - sets_a) * 2
        value = max(a[sets_a * 2] + b[rest + 1], a[sets_a * 2 + 1] + b[rest])
        if value > best:
            best = value
    return best


def kept_of(counts: Counts, caps: Counts, sets: int) -> int:
    """The most standing tiles that `sets` sets and one pair keep."""
    return _merged(suit_tables(counts, caps), sets)[sets * 2 + 1]


def kept_after_draws(counts: Counts, caps: Counts, sets: int, faces: list[int]) -> dict[int, int]:
    """kept_of after drawing each of `faces` (codes), one at a time. A draw changes one
    block, so the other blocks' tables are merged once per block."""
    tables = suit_tables(counts, caps)
    out: dict[int, int] = {}
    for index, (start, stop, chows) in enumerate(BLOCKS):
        mine = [code for code in faces if start <= code < stop]
        if not mine:
            continue
        others = _merged([table for i, table in enumerate(tables) if i != index], sets)
        block = list(counts[start:stop])
        block_caps = caps[start:stop]
        reach = 2 if chows else 0
        for code in mine:
            at = code - start
            if block_caps[at] == COPIES_PER_FACE and not any(block[max(0, at - reach):at + reach + 1]):
                grown = _with_lone_tile(tables[index])
            else:
                block[at] += 1
                grown = block_table(tuple(block), block_caps, chows)
                block[at] -= 1
            out[code] = _kept_with(grown, others, sets)
    return out


@lru_cache(maxsize=1 << 12)
def _with_lone_tile(table: Counts) -> Counts:
    """A block's table once it gains a tile that no held tile is near (no set can hold both)
    and whose four copies are all free: the tile can only begin a group of its own, a set
    or the pair, keeping itself."""
    out = list(table)
    for sets in range(SETS_IN_A_HAND + 1):
        for pairs in (0, 1):
            if sets:
                out[sets * 2 + pairs] = max(out[sets * 2 + pairs], table[(sets - 1) * 2 + pairs] + 1)
            if pairs:
                out[sets * 2 + 1] = max(out[sets * 2 + 1], table[sets * 2] + 1)
    return tuple(out)


def standard_shanten(counts: Counts, caps: Counts, melds: int) -> int:
    """Four sets and a pair, the melds counted as sets."""
    return winning_size(melds) - kept_of(counts, caps, SETS_IN_A_HAND - melds) - 1


def standard_after_draws(counts: Counts, caps: Counts, melds: int, faces: list[int]) -> dict[int, int]:
    """The standard shanten after drawing each of `faces`, one at a time."""
    size = winning_size(melds)
    return {code: size - kept - 1 for code, kept in kept_after_draws(counts, caps, SETS_IN_A_HAND - melds, faces).items()}


def seven_pairs_shanten(counts: Counts) -> int:
    """Seven pairs (no melds); four of a face make two pairs, as rules/shapes.py reads it."""
    slots = []
    for held in counts:
        if held:
            slots.append(min(held, 2))
            if held > 2:
                slots.append(min(held - 2, 2))
    kept = sum(sorted(slots, reverse=True)[:7])
    return WINNING_SIZE - kept - 1


def thirteen_orphans_shanten(counts: Counts) -> int:
    """One of each terminal and honor, and one of them twice (no melds)."""
    kinds = sum(1 for code in ORPHAN_CODES if counts[code])
    doubled = any(counts[code] >= 2 for code in ORPHAN_CODES)
    return WINNING_SIZE - (kinds + doubled) - 1


def honors_and_knitted_shanten(counts: Counts) -> int:
    """Fourteen different faces of one knitted straight and the honors (no melds)."""
    kept = max(sum(1 for code in codes | HONOR_CODES if counts[code]) for codes, _ in KNITTED_ARRANGEMENTS)
    return WINNING_SIZE - min(kept, WINNING_SIZE) - 1


def _knitted_rest(counts: Counts, caps: Counts, codes: frozenset[int]) -> tuple[Counts, Counts, int] | None:
    """For one knitted straight: the standing counts and caps left for the set and the
    pair once each of its faces gives one copy, and how many of its faces are held; None
    when a meld holds all four copies of one of its faces."""
    rest, rest_caps = list(counts), list(caps)
    knitted = 0
    for code in codes:
        rest_caps[code] -= 1
        if rest[code]:
            rest[code] -= 1
            knitted += 1
    if min(rest_caps) < 0:
        return None
    return tuple(rest), tuple(rest_caps), knitted


def knitted_straight_floor(counts: Counts, melds: int) -> int:
    """A quick lower bound of knitted_straight_shanten: the most knitted faces one straight
    has, and at most the set and the pair's tiles besides (the discards skip the exact
    figure when this is already above the hand's least)."""
    held = sum(counts[:27])
    knitted = max(sum(1 for code in codes if counts[code]) for codes, _ in KNITTED_ARRANGEMENTS)
    besides = 3 * (1 - melds) + 2
    return winning_size(melds) - min(sum(counts), knitted + besides, held + 2) - 1


def knitted_straight_shanten(counts: Counts, caps: Counts, melds: int) -> int | None:
    """A knitted straight (147, 258, 369 in the three suits) with a set and a pair; the set
    may be the hand's one meld."""
    sets = 1 - melds
    best = _NONE
    for codes, _ in KNITTED_ARRANGEMENTS:
        found = _knitted_rest(counts, caps, codes)
        if found is not None:
            rest, rest_caps, knitted = found
            best = max(best, knitted + kept_of(rest, rest_caps, sets))
    return winning_size(melds) - best - 1 if best > _NONE else None


def knitted_after_draws(counts: Counts, caps: Counts, melds: int, faces: list[int]) -> dict[int, int]:
    """The knitted straight's shanten after drawing each of `faces`, one at a time. A drawn
    knitted face the hand lacks fills its place in the straight (no better use of it)."""
    sets = 1 - melds
    best = dict.fromkeys(faces, _NONE)
    for codes, _ in KNITTED_ARRANGEMENTS:
        found = _knitted_rest(counts, caps, codes)
        if found is None:
            continue
        rest, rest_caps, knitted = found
        missing = [code for code in faces if code in codes and not counts[code]]
        if missing:
            kept = knitted + 1 + kept_of(rest, rest_caps, sets)
            for code in missing:
                best[code] = max(best[code], kept)
        others = [code for code in faces if code not in missing]
        for code, kept in kept_after_draws(rest, rest_caps, sets, others).items():
            best[code] = max(best[code], knitted + kept)
    size = winning_size(melds)
    return {code: size - kept - 1 for code, kept in best.items() if kept > _NONE}


def shanten_of_shape(shape: str, counts: Counts, caps: Counts, melds: int) -> int | None:
    """One shape's shanten for standing tiles `counts` with `melds` melds (`caps`: see
    caps_of); None when the melds rule the shape out."""
    if shape == STANDARD:
        return standard_shanten(counts, caps, melds)
    if shape == KNITTED_STRAIGHT:
        return knitted_straight_shanten(counts, caps, melds) if melds <= 1 else None
    if melds:
        return None
    if shape == SEVEN_PAIRS:
        return seven_pairs_shanten(counts)
    if shape == THIRTEEN_ORPHANS:
        return thirteen_orphans_shanten(counts)
    return honors_and_knitted_shanten(counts)


def shanten_by_shape(counts: Counts, caps: Counts, melds: int, shapes: tuple[str, ...] = SHAPES) -> dict[str, int | None]:
    """Each shape's shanten (None where the melds rule it out), in the order of `shapes`."""
    return {shape: shanten_of_shape(shape, counts, caps, melds) for shape in shapes}


def shanten_after_draws(shape: str, counts: Counts, caps: Counts, melds: int, faces: list[int]) -> dict[int, int]:
    """One shape's shanten after drawing each of `faces` (codes), one at a time; empty
    when the melds rule the shape out."""
    if shape == STANDARD:
        return standard_after_draws(counts, caps, melds, faces)
    if shape == KNITTED_STRAIGHT:
        return knitted_after_draws(counts, caps, melds, faces) if melds <= 1 else {}
    if melds:
        return {}
    out = {}
    grown = list(counts)
    for code in faces:
        grown[code] += 1
        shanten = shanten_of_shape(shape, tuple(grown), caps, melds)
        assert shanten is not None   # no melds: no shape is ruled out
        out[code] = shanten
        grown[code] -= 1
    return out
