"""Every reading of a winning hand: the hand shapes of the rules.

Shape names (what `{var: shape}` gives in fans.yaml): standard (four sets and a pair),
pairs (seven pairs), orphans (thirteen orphans), honors_and_knitted, knitted (a knitted
straight with a set and a pair). They differ from the fan ids on purpose: a shape is
how the tiles are arranged, a fan is what the arrangement scores.

Standard (four sets and a pair), seven pairs, thirteen orphans, honors and knitted
tiles (either size: the fans tell them apart), and a knitted straight with a set and a
pair. Each reading marks the group that the winning tile completed; when the tile fits
in several groups, each choice is its own reading (take-the-highest picks among them).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, permutations
from typing import Callable

from .errors import HandError
from .groups import CHOW, KNITTED, PAIR, PUNG, SINGLE, Group
from .kept_values import kept
from .notation import Hand
from .tiles import ALL_TILES, CODES, SUITS, Tile, suited
from .values import quick_init

STANDARD = "standard"
SEVEN_PAIRS = "pairs"
THIRTEEN_ORPHANS = "orphans"
HONORS_AND_KNITTED = "honors_and_knitted"
KNITTED_STRAIGHT = "knitted"
# The winning shapes, in the order the analysis reports them: every shape a reading has.
SHAPES = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_AND_KNITTED, KNITTED_STRAIGHT)

ORPHAN_CODES = frozenset(t.code for t in ALL_TILES if t.is_terminal_or_honor)
HONOR_CODES = frozenset(t.code for t in ALL_TILES if t.is_honor)
_OTHER_THAN_ORPHANS = tuple(code for code in CODES if code not in ORPHAN_CODES)


def _knitted_arrangements() -> tuple[tuple[frozenset[int], tuple[tuple[Tile, ...], ...]], ...]:
    """The six knitted straights: 147 in one suit, 258 in another, 369 in the third."""
    out = []
    for order in permutations(SUITS):
        runs = tuple(tuple(suited(suit, start + 3 * k) for k in range(3)) for start, suit in zip((1, 2, 3), order))
        out.append((frozenset(t.code for run in runs for t in run), runs))
    return tuple(out)


KNITTED_ARRANGEMENTS = _knitted_arrangements()


@quick_init
@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the winning hand: its shape and its groups, melds first."""

    shape: str
    groups: tuple[Group, ...]

    @property
    def winning_group(self) -> Group | None:
        for g in self.groups:
            if g.has_winning_tile:
                return g
        return None


Counts = tuple[int, ...]


Split = tuple[tuple[str, int], ...]

# The standard shape is decided suit by suit: sets never cross suits, so each block of
# counts (9 per suit, 7 for the honors) is split on its own and the results are cached
# per block. Blocks repeat endlessly across hands, so the caches almost always hit.
BLOCKS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))
# Sets of faces as bits (1 << code), for quick tests on a hand's faces.
SUITED_MASK = (1 << BLOCKS[3][0]) - 1
ORPHAN_MASK = sum(1 << c for c in ORPHAN_CODES)
HONOR_MASK = sum(1 << c for c in HONOR_CODES)
KNITTED_MASKS = tuple(sum(1 << c for c in codes) for codes, _ in KNITTED_ARRANGEMENTS)


@lru_cache(maxsize=None)
def _block_splits(block: tuple[int, ...], offset: int, honors: bool, with_pair: bool) -> tuple[Split, ...]:
    """Every way to split one block into sets (plus one pair when with_pair)."""
    if not offset:
        return _relative_splits(block, honors, with_pair)
    return kept(tuple([tuple([(kind, offset + code) for kind, code in split])
                       for split in _relative_splits(block, honors, with_pair)]))


@lru_cache(maxsize=None)
def _relative_splits(block: tuple[int, ...], honors: bool, with_pair: bool) -> tuple[Split, ...]:
    """_block_splits with codes counted from the block's first face: the three suits
    share one answer."""
    first = -1
    for i, n in enumerate(block):  # a loop, not next(genexpr): a generator left
        if n:                      # unfinished is closed by raising into it
            first = i
            break
    if first < 0:
        return () if with_pair else ((),)
    out: list[Split] = []
    c = list(block)
    if with_pair and c[first] >= 2:
        c[first] -= 2
        out.extend(((PAIR, first),) + rest for rest in _relative_splits(tuple(c), honors, False))
        c[first] += 2
    if c[first] >= 3:
        c[first] -= 3
        out.extend(((PUNG, first),) + rest for rest in _relative_splits(tuple(c), honors, with_pair))
        c[first] += 3
    if not honors and first <= 6 and c[first + 1] and c[first + 2]:
        c[first] -= 1
        c[first + 1] -= 1
        c[first + 2] -= 1
        out.extend(((CHOW, first),) + rest for rest in _relative_splits(tuple(c), honors, with_pair))
    return kept(tuple(out))


def _per_block(counts: Counts, options_of) -> list | None:
    """`options_of(block, start, honors, with_pair)` for each block of `counts`, or None
    when a block cannot split or the pair is not in exactly one block."""
    per_block = []
    pair_blocks = 0
    for start, stop, honors in BLOCKS:
        block = counts[start:stop]
        rest = sum(block) % 3
        if rest == 1:
            return None
        pair_blocks += rest == 2
        options = options_of(block, start, honors, rest == 2)
        if not options:
            return None
        per_block.append(options)
    return per_block if pair_blocks == 1 else None


def standard_splits(counts: Counts) -> tuple[Split, ...]:
    """Ways to read standing tiles as sets plus exactly one pair."""
    per_block: list[tuple[Split, ...]] | None = _per_block(counts, _block_splits)
    if per_block is None:
        return ()
    out: list[Split] = [()]
    for splits in per_block:
        if len(splits) == 1:
            out = [done + splits[0] for done in out]
        else:
            out = [done + more for done in out for more in splits]
    # The pair first, as readers expect it.
    return tuple(tuple(sorted(split, key=lambda g: g[0] != PAIR)) for split in out)


def _standard_possible(counts: Counts) -> bool:
    return _per_block(counts, _block_splits) is not None


def _is_seven_pairs(counts: Counts) -> bool:
    return sum(counts) == 14 and not counts.count(1) and not counts.count(3)


def _is_thirteen_orphans(counts: Counts) -> bool:
    return (sum(counts) == 14 and all(map(counts.__getitem__, ORPHAN_CODES))
            and not any(map(counts.__getitem__, _OTHER_THAN_ORPHANS)))


def _honors_knitted_arrangement(counts: Counts) -> tuple | None:
    if sum(counts) != 14 or max(counts) > 1:
        return None
    held = set(compress(CODES, counts))
    for codes, runs in KNITTED_ARRANGEMENTS:
        if held <= (codes | HONOR_CODES):
            return runs
    return None


def _knitted_straight_splits(counts: Counts) -> list[tuple[tuple[tuple[Tile, ...], ...], tuple[tuple[str, int], ...]]]:
    out = []
    for codes, runs in KNITTED_ARRANGEMENTS:
        if all(map(counts.__getitem__, codes)):
            rest = list(counts)
            for c in codes:
                rest[c] -= 1
            for split in standard_splits(tuple(rest)):
                out.append((runs, split))
    return out


def is_winning(counts: Counts, meld_count: int) -> bool:
    """Whether standing tiles `counts` plus `meld_count` melds make any winning shape."""
    return _is_winning_cached(counts, meld_count)


@lru_cache(maxsize=65536)
def _is_winning_cached(counts: Counts, meld_count: int) -> bool:
    if _standard_possible(counts):
        return True
    if meld_count > 1:
        return False
    distinct = 34 - counts.count(0)
    if meld_count == 0:
        if distinct <= 7 and _is_seven_pairs(counts):
            return True
        if distinct >= 13 and (_is_thirteen_orphans(counts) or _honors_knitted_arrangement(counts) is not None):
            return True
    if distinct - (7 - counts[27:].count(0)) < 9:
        return False  # a knitted straight needs nine different suited faces
    return bool(_knitted_straight_splits(counts))


def _place_winning_tile(melds: tuple[Group, ...], standing: list[Group], shape: str,
                        win: Tile, self_drawn: bool) -> list[Reading]:
    """One reading per distinct standing group that can hold the winning tile."""
    # Groups are shared values (see _group); the evaluator tells groups apart by identity,
    # so a group that appears twice in one reading gets its own copy.
    seen_ids: set[int] = set()
    for i, g in enumerate(standing):
        if id(g) in seen_ids:
            standing[i] = Group(g.kind, g.tiles, g.claimed, g.concealed, g.has_winning_tile)
        seen_ids.add(id(standing[i]))
    readings: list[Reading] = []
    seen: set[tuple[str, tuple[Tile, ...]]] = set()
    for i, g in enumerate(standing):
        if win not in g.tiles or (g.kind, g.tiles) in seen:
            continue
        seen.add((g.kind, g.tiles))
        groups = list(standing)
        # A set completed by a discard holds a tile from another player: not concealed.
        groups[i] = _winning_variant(g.kind, g.tiles, self_drawn or g.kind in (PAIR, SINGLE, KNITTED))
        readings.append(Reading(shape, melds + tuple(groups)))
    return readings


# The block caches below hold groups as numbers into GROUPS, not as Group values: a
# tuple of plain numbers is one the garbage collector stops tracking, and these caches
# grow by thousands of entries, each of which a full collection would otherwise visit.
GROUPS: list[Group | None] = [None]    # group number -> Group; 0 is no group (a split without the pair)
_GROUP_NUMBERS: dict[tuple, int] = {}  # (kind, code, copy, winning, concealed) -> its number
_NEW_GROUP = threading.Lock()          # taken only to number a group not seen before


def _group_number(kind: str, code: int, copy: int = 0, winning: bool = False, concealed: bool = True) -> int:
    """The number of a chow, pung or pair starting at tile `code`: copy 0 is the shared
    group (_group), copy 1, 2, ... distinct equal groups (123m123m holds two equal chows,
    and the evaluator tells the groups of a reading apart by identity); `winning` the
    group that took the winning tile (one per reading, so one shared value per flag)."""
    key = (kind, code, 0, True, concealed) if winning else (kind, code, copy, False, True)
    number = _GROUP_NUMBERS.get(key)
    if number is None:
        with _NEW_GROUP:   # a number handed out twice would stand for the wrong group from then on
            number = _GROUP_NUMBERS.get(key)
            if number is None:
                if winning:
                    group = _winning_variant(kind, _group(kind, code).tiles, concealed)
                else:
                    group = _new_group(kind, code) if copy else _group(kind, code)
                GROUPS.append(group)
                number = _GROUP_NUMBERS[key] = len(GROUPS) - 1
    return number


# A group by its number; number 0 (no pair) is never looked up through this.
_group_of: Callable[[int], Group] = GROUPS.__getitem__  # type: ignore[assignment]
BlockReading = tuple[int, tuple[int, ...]]   # (its pair's number or 0, its sets' numbers)


@lru_cache(maxsize=None)
def _block_readings(block: tuple[int, ...], start: int, honors: bool, with_pair: bool) -> tuple[BlockReading, ...]:
    """Each split of one block as (its pair's number or 0, its sets' numbers).

    The groups of one split are distinct objects (a repeated set is a copy); groups of
    different blocks differ anyway. So a reading can reuse these from hand to hand.
    """
    out = []
    for split in _block_splits(block, start, honors, with_pair):
        pair = 0
        sets = []
        for i, (kind, code) in enumerate(split):
            number = _group_number(kind, code, split[:i].count((kind, code)))
            if kind == PAIR:
                pair = number
            else:
                sets.append(number)
        out.append((pair, tuple(sets)))
    return kept(tuple(out))


def _new_group(kind: str, code: int) -> Group:
    """A fresh chow, pung or pair starting at tile `code` (see _group for a shared one)."""
    t = ALL_TILES[code]
    if kind == CHOW:
        return Group(kind, (t, ALL_TILES[code + 1], ALL_TILES[code + 2]))
    return Group(kind, (t, t, t) if kind == PUNG else (t, t))


# One shared Group per kind and first tile (the special shapes copy a group that repeats).
_group = lru_cache(maxsize=None)(_new_group)


@lru_cache(maxsize=None)
def _single(code: int) -> Group:
    """The shared single tile of the special shapes (each face once in a reading)."""
    return Group(SINGLE, (ALL_TILES[code],))


@lru_cache(maxsize=None)
def _knitted(run: tuple[Tile, ...]) -> Group:
    """The shared knitted run of a knitted straight (three different runs in a reading)."""
    return Group(KNITTED, run)


@lru_cache(maxsize=None)
def _winning_variant(kind: str, tiles: tuple[Tile, ...], concealed: bool) -> Group:
    """The standing group that took the winning tile. Only one group of a reading holds
    it, so one shared value per face and flag is safe."""
    return Group(kind, tiles, False, concealed, True)


BlockOptions = tuple[int, tuple[BlockReading, ...]]   # (holds the pair: 1 or 0, its splits)
# Per block of the counts (m, p, s, honors): its counts -> BlockOptions, or None when
# the block cannot split. Plain dictionaries, one per block: a hand looks up four.
_OPTIONS: tuple[dict[tuple[int, ...], BlockOptions | None], ...] = ({}, {}, {}, {})
# Per block, (counts, place of the winning tile in the block, self-drawn) -> for each
# split of the block, its readings with the winning tile placed (see _placed).
_PLACED: tuple[dict[tuple, tuple[tuple[BlockReading, ...], ...]], ...] = ({}, {}, {}, {})


def _block_options(index: int, block: tuple[int, ...]) -> BlockOptions | None:
    start, _, honors = BLOCKS[index]
    rest = sum(block) % 3
    if rest == 1:
        return None
    options = _block_readings(block, start, honors, rest == 2)
    return (int(rest == 2), options) if options else None   # a number, not a flag: see kept


def _placed(index: int, block: tuple[int, ...], win: Tile, self_drawn: bool) -> tuple[tuple[BlockReading, ...], ...]:
    """For each split of the block that holds the winning tile, one (pair, sets) per
    distinct group that can hold it (the pair first, then the sets in order), that group
    replaced by its winning variant: a set completed by a discard is not concealed."""
    options = _OPTIONS[index][block]
    assert options is not None
    out = []
    for pair, sets in options[1]:
        placed: list[BlockReading] = []
        seen: list[tuple[str, Tile]] = []
        for i, number in enumerate(((pair,) if pair else ()) + sets):
            g = _group_of(number)
            if win not in g.tiles or (g.kind, g.tile) in seen:
                continue
            seen.append((g.kind, g.tile))
            variant = _group_number(g.kind, g.tile.code, winning=True, concealed=self_drawn or g.kind == PAIR)
            if number == pair:
                placed.append((variant, sets))
            else:
                at = i - bool(pair)
                placed.append((pair, sets[:at] + (variant,) + sets[at + 1:]))
        out.append(tuple(placed))
    return tuple(out)


def _options_of(index: int, block: tuple[int, ...]) -> BlockOptions | None:
    known = _OPTIONS[index]
    options = known.get(block, _MISSING)
    if options is _MISSING:
        options = known[block] = kept(_block_options(index, block))
    return options  # type: ignore[return-value]


def _standard_readings(counts: Counts, melds: tuple[Group, ...], win: Tile, self_drawn: bool) -> list[Reading]:
    """The four-sets-and-a-pair readings: block by block from the caches, then one
    reading per distinct group that can hold the winning tile, the pair first. The
    order is that of the splits (block by block), then of the winning tile's places."""
    b0, b1, b2, b3 = counts[0:9], counts[9:18], counts[18:27], counts[27:]
    k0, k1, k2, k3 = _OPTIONS   # looked up here, not through _options_of: four calls a hand saved
    o0 = k0[b0] if b0 in k0 else _options_of(0, b0)
    o1 = k1[b1] if b1 in k1 else _options_of(1, b1)
    o2 = k2[b2] if b2 in k2 else _options_of(2, b2)
    o3 = k3[b3] if b3 in k3 else _options_of(3, b3)
    if o0 is None or o1 is None or o2 is None or o3 is None or o0[0] + o1[0] + o2[0] + o3[0] != 1:
        return []
    code = win.code
    w = 3 if code >= BLOCKS[3][0] else code // 9
    start = BLOCKS[w][0]
    key = (counts[start:BLOCKS[w][1]], code - start, self_drawn)
    placed_of = _PLACED[w].get(key)
    if placed_of is None:
        placed_of = _PLACED[w][key] = kept(_placed(w, key[0], win, self_drawn))
    per_block = [o0[1], o1[1], o2[1], o3[1]]
    if len(placed_of) == 1 and len(o0[1]) + len(o1[1]) + len(o2[1]) + len(o3[1]) == 4:
        # One split per block (most hands): the other blocks' sets around the winning one's.
        before: tuple[int, ...] = ()
        after: tuple[int, ...] = ()
        have = 0
        for index, options in enumerate(per_block):
            if index != w:
                pair, sets = options[0]
                have = have or pair
                if index < w:
                    before += sets
                else:
                    after += sets
        return [Reading(STANDARD, melds + tuple(map(_group_of, (pair or have,) + before + sets + after)))
                for pair, sets in placed_of[0]]
    out = []
    for choice in _product(per_block, w, placed_of):
        for pair, sets in choice:
            out.append(Reading(STANDARD, melds + tuple(map(_group_of, (pair,) + sets))))
    return out


def _product(per_block: list[tuple[BlockReading, ...]], w: int,
             placed_of: tuple[tuple[BlockReading, ...], ...]) -> list[list[BlockReading]]:
    """Every combination of one split per block, in block order, each as the list of
    its readings with the winning tile placed in block `w`: (pair, every block's sets)."""
    # (pair so far, sets of the blocks before w, which split of w, sets of the blocks after w)
    combos: list[tuple[int, tuple[int, ...], int, tuple[int, ...]]] = [(0, (), 0, ())]
    for index, options in enumerate(per_block):
        if index < w:
            combos = [(have or pair, before + sets, k, after) for have, before, k, after in combos
                      for pair, sets in options]
        elif index == w:
            combos = [(have, before, k, after) for have, before, _, after in combos for k in range(len(options))]
        else:
            combos = [(have or pair, before, k, after + sets) for have, before, k, after in combos
                      for pair, sets in options]
    return [[(pair or have, before + sets + after) for pair, sets in placed_of[k]] for have, before, k, after in combos]


_MISSING = object()


def readings_of(hand: Hand, self_drawn: bool) -> list[Reading]:
    """Every reading of `hand`; HandError when it is not a winning hand."""
    counts = hand.standing_counts
    melds = hand.melds
    win = hand.winning_tile
    out: list[Reading] = _standard_readings(counts, melds, win, self_drawn)
    # The special shapes only when the number of different faces allows them: seven
    # pairs has at most 7, orphans and honors-and-knitted 13 or 14, a knitted straight
    # 9 suited faces or more. Most hands are none, and this skips the checks.
    distinct = len(counts) - counts.count(0)
    if not melds and (distinct <= 7 or distinct >= 13):
        if distinct <= 7 and _is_seven_pairs(counts):
            pairs = []
            for code in compress(CODES, counts):   # the faces held only: no bytecode for the others
                pairs.extend([_group(PAIR, code)] * (counts[code] // 2))
            out.extend(_place_winning_tile((), pairs, SEVEN_PAIRS, win, self_drawn))
        if distinct >= 13 and _is_thirteen_orphans(counts):
            groups = [_group(PAIR, c) if counts[c] == 2 else _single(c) for c in sorted(ORPHAN_CODES)]
            out.extend(_place_winning_tile((), groups, THIRTEEN_ORPHANS, win, self_drawn))
        if distinct >= 13 and _honors_knitted_arrangement(counts) is not None:
            singles = [_single(c) for c, n in enumerate(counts) if n]
            out.extend(_place_winning_tile((), singles, HONORS_AND_KNITTED, win, self_drawn))
    # A knitted straight holds all nine faces of one arrangement (melds' faces count in
    # tile_mask too: a quick test first).
    mask = hand.tile_mask
    if len(melds) <= 1 and (mask & SUITED_MASK).bit_count() >= 9 and [k for k in KNITTED_MASKS if mask & k == k]:
        for runs, split in _knitted_straight_splits(counts):
            groups = [_knitted(run) for run in runs] + [_group(k, c) for k, c in split]
            out.extend(_place_winning_tile(melds, groups, KNITTED_STRAIGHT, win, self_drawn))
    if not out:
        raise HandError(f"{hand.notation()} is not a winning hand: its tiles make no winning shape "
                        "(four sets and a pair, seven pairs, thirteen orphans, honors and knitted tiles, "
                        "or a knitted straight with a set and a pair)", "not_winning", hand=hand.notation())
    return out


@lru_cache(maxsize=None)
def _block_state(block: tuple[int, ...], honors: bool) -> tuple[bool, bool]:
    """(splits, holds the pair) for one block of counts; splits is False when no split works."""
    rest = sum(block) % 3
    if rest == 1:
        return False, False
    return bool(_relative_splits(block, honors, rest == 2)), rest == 2


def _block_completions(block: tuple[int, ...], start: int, honors: bool) -> tuple[tuple[int, bool], ...]:
    """The faces that, added to this block, leave it splittable, each with whether the
    block then holds the pair. Blocks repeat across hands, so this is mostly a lookup."""
    return tuple([(start + i, pair) for i, pair in _relative_completions(block, honors)])


@lru_cache(maxsize=None)
def _relative_completions(block: tuple[int, ...], honors: bool) -> tuple[tuple[int, bool], ...]:
    """_block_completions counted from the block's first face (the suits share it)."""
    out = []
    grown = list(block)
    reach = 0 if honors else 2  # a tile with no held tile this close stays alone: no set, no pair
    for i in range(len(block)):
        if not any(block[max(0, i - reach):i + reach + 1]):
            continue
        grown[i] += 1
        ok, pair = _block_state(tuple(grown), honors)
        grown[i] -= 1
        if ok:
            out.append((i, pair))
    return tuple(out)


# What the waits need to know of one block of the tiles before the win, as a plain tuple
# of flags and numbers (which the garbage collector stops tracking; see GROUPS): (it
# splits into sets and the pair its size asks for, its size asks for the pair, the faces
# it holds as bits, its index among the blocks, its counts).
WaitBlock = tuple[bool, bool, int, int, tuple[int, ...]]
# Per block (m, p, s, honors): its counts -> WaitBlock. Blocks repeat across hands.
_WAIT_BLOCKS: tuple[dict[tuple[int, ...], WaitBlock], ...] = ({}, {}, {}, {})
# Per block: its counts -> (the faces that, added, leave it splitting with the pair, those
# that leave it splitting into sets alone). Worked out only for the blocks a wait can be
# in: when one block does not split, the others never are.
_COMPLETIONS: tuple[dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]], ...] = ({}, {}, {}, {})


def _wait_block(index: int, block: tuple[int, ...]) -> WaitBlock:
    start, _, honors = BLOCKS[index]
    splits, pair = _block_state(block, honors)
    mask = sum([1 << (start + i) for i, n in enumerate(block) if n])
    info = _WAIT_BLOCKS[index][block] = (splits, pair, mask, index, block)
    return info


def _completions(index: int, block: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces that complete block `index` with the pair, and those without (_COMPLETIONS)."""
    known = _COMPLETIONS[index].get(block)
    if known is None:
        start, _, honors = BLOCKS[index]
        completions = _block_completions(block, start, honors)
        known = _COMPLETIONS[index][block] = kept((tuple([code for code, p in completions if p]),
                                                   tuple([code for code, p in completions if not p])))
    return known


def _standard_waits(infos: tuple[WaitBlock, ...], held: tuple[int, ...], win: int, limit: int = 4) -> list[int]:
    """The faces that complete the standard shape. A tile changes one block only: the
    others must already split, and exactly one block in all must hold the pair. `held`
    counts every tile held, the winning tile `win` (-1: none yet) included."""
    broken = None
    pairs = 0
    for info in infos:
        if not info[0]:
            if broken is not None:
                return []
            broken = info
        pairs += info[1]
    found = []
    for _, pair, _, index, block in infos if broken is None else (broken,):
        others = pairs - pair
        if others > 1:
            continue
        makes_pair, no_pair = _completions(index, block)
        for code in makes_pair if others == 0 else no_pair:
            if held[code] - (code == win) < limit:
                found.append(code)
    return found


def counts_before_win(hand: Hand) -> tuple[list[int], list[int]]:
    """Per face: the standing tiles without the winning tile, and every tile held then
    (melds included)."""
    win = hand.winning_tile.code
    before = list(hand.standing_counts)
    before[win] -= 1
    held = list(hand.copies)
    held[win] -= 1
    return before, held


def _wait_blocks(counts: Counts, less: int = -1) -> tuple[WaitBlock, ...]:
    """What the waits need of the four blocks of `counts`, with one tile of face `less`
    taken out (-1: none)."""
    blocks = [counts[0:9], counts[9:18], counts[18:27], counts[27:]]
    if less >= 0:
        index = 3 if less >= BLOCKS[3][0] else less // 9
        block = list(blocks[index])
        block[less - BLOCKS[index][0]] -= 1
        blocks[index] = tuple(block)
    w0, w1, w2, w3 = _WAIT_BLOCKS
    b0, b1, b2, b3 = blocks
    return (w0.get(b0) or _wait_block(0, b0), w1.get(b1) or _wait_block(1, b1),
            w2.get(b2) or _wait_block(2, b2), w3.get(b3) or _wait_block(3, b3))


def waiting_tiles(hand: Hand, held_four_is_a_wait: bool = False) -> frozenset[Tile]:
    """The tiles the hand was waiting on before the winning tile.

    A face the hand already holds four of cannot be drawn, so it is no wait, unless the
    edition counts such a face among the waits all the same (for the wait fans).
    """
    win = hand.standing[-1].code
    counts = hand.standing_counts
    return _waits(_wait_blocks(counts, win), counts, hand.copies, win, len(hand.melds), held_four_is_a_wait)


def waits_of_waiting_hand(hand: Hand) -> frozenset[Tile]:
    """The tiles a 13-tile hand (rules.notation.parse_waiting_hand) waits on."""
    counts = hand.standing_counts
    return _waits(_wait_blocks(counts), counts, hand.copies, -1, len(hand.melds))




def _codes_of(mask: int) -> list[int]:
    return [code for code in range(len(ALL_TILES)) if mask >> code & 1]


def _waits(infos: tuple[WaitBlock, ...], counts: Counts, held: tuple[int, ...], win: int, melds: int,
           held_four_is_a_wait: bool = False) -> frozenset[Tile]:
    """The faces that complete the standing tiles before the win (their blocks' `infos`;
    `counts` the standing tiles, `win` among them, -1: none) with `melds` melds into a
    winning shape; `held` counts every tile held, melds and the winning tile included: a
    fifth copy cannot come, so such a face is left out unless `held_four_is_a_wait`."""
    limit = 5 if held_four_is_a_wait else 4
    waits = _standard_waits(infos, held, win, limit)
    if melds > 1:
        return _tiles_of(frozenset(waits))  # no special shape has more than one meld
    mask = infos[0][2] | infos[1][2] | infos[2][2] | infos[3][2]
    special = _special_candidates(mask, counts, win, melds)
    if special:
        before = list(counts)
        if win >= 0:
            before[win] -= 1
        for code in special.difference(waits):
            if held[code] - (code == win) >= limit:
                continue
            before[code] += 1
            if _is_winning_cached(tuple(before), melds):
                waits.append(code)
            before[code] -= 1
    return _tiles_of(frozenset(waits))


def _special_candidates(mask: int, counts: Counts, win: int, melds: int) -> set[int]:
    """The faces that might complete a special shape (the standing tiles before the win
    hold the faces `mask`): only those are tried."""
    special: set[int] = set()
    if melds == 0:
        distinct = mask.bit_count()
        if distinct <= 7:
            # Seven pairs waits on its single tile: exactly one face held an odd number
            # of times before the win (counted in C first: most hands have more).
            odd = counts.count(1) + counts.count(3)
            if win >= 0:
                odd += 1 if counts[win] % 2 == 0 else -1   # the winning tile taken out flips its face
            if odd == 1:
                special.update([c for c in compress(CODES, counts) if (counts[c] - (c == win)) % 2])
        elif distinct >= 12:
            # Thirteen orphans wants an orphan, honors and knitted tiles a face of its
            # knitted straight or an honor: whatever else the hand holds rules them out.
            if not mask & ~ORPHAN_MASK:
                special.update(ORPHAN_CODES)
            for knitted in KNITTED_MASKS:
                if not mask & ~(knitted | HONOR_MASK):
                    special.update(_codes_of((knitted | HONOR_MASK) & ~mask))
    if (mask & SUITED_MASK).bit_count() >= 8:
        # A knitted straight: with all nine knitted tiles held, the set or the pair waits
        # (a tile next to one held, or the same); with eight, only the missing knitted tile.
        for knitted in KNITTED_MASKS:
            missing = knitted & ~mask
            if not missing:
                before = list(counts)
                if win >= 0:
                    before[win] -= 1
                special.update(_near(before))
            elif not missing & (missing - 1):
                special.add(missing.bit_length() - 1)
    return special


@lru_cache(maxsize=4096)
def _tiles_of(codes: frozenset[int]) -> frozenset[Tile]:
    return frozenset([ALL_TILES[c] for c in codes])


def _near(counts: list[int]) -> set[int]:
    """Faces equal or next to a held face (only these can finish a set or a pair)."""
    near: set[int] = set()
    for code, n in enumerate(counts):
        if n:
            if code >= 27:
                near.add(code)
            else:
                first = code - code % 9
                near.update(range(max(first, code - 2), min(first + 9, code + 3)))
    return near
