"""The facts of one reading that fans.yaml predicates can name (the hand vocabulary).

Each fact is computed on first use only: most fans look at a few facts, and the
waits (the costliest) are needed only by a hand that might score a wait fan.
"""
from __future__ import annotations

from itertools import chain, compress, filterfalse
from operator import attrgetter
from typing import Any, Callable, Generic, NamedTuple, TypeVar, get_origin, get_type_hints

from .groups import CHOW, KIND_NUMBERS, PAIR, SINGLE, Group
from .notation import Hand
from .shapes import KNITTED_ARRANGEMENTS, SHAPES, Reading, waiting_tiles
from .principle_settings import DEFAULT_SETTINGS, PrincipleSettings
from .situation import Situation
from .tiles import ALL_TILES, CODES, HONOR_LETTERS, HONOR_SUIT, SUITS, Tile


T = TypeVar("T")

# How the winning tile fitted a reading (the fact `wait`), as the vocabulary lists them.
EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, OPEN_WAIT, PUNG_WAIT, KNITTED_WAIT = (
    "edge", "closed", "single", "open", "pung", "knitted")
WAITS = (EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, OPEN_WAIT, PUNG_WAIT, KNITTED_WAIT)
# Only for a reading made by hand without the winning tile: every reading of the engine's
# places it in a group (rules.shapes), so no table can meet it and none is listed.
NO_WAIT = "none"

KNITTED_MASKS = tuple(sum(1 << code for code in codes) for codes, _ in KNITTED_ARRANGEMENTS)


class cached_property(Generic[T]):  # noqa: N801 - used like functools.cached_property
    """functools.cached_property without its lock (Python 3.11 takes one per access),
    which costs more than the facts it caches on the scoring hot path."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class hand_fact(cached_property[T]):  # noqa: N801 - used like cached_property
    """A fact of the whole hand, the same in every reading: worked out once per hand and
    shared by the hand's readings through their common `shared` dictionary."""

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        shared = obj.shared
        value = shared.get(self.name, _MISSING)  # not try/except: a miss is the usual case
        if value is _MISSING:
            value = shared[self.name] = self.func(obj)
        obj.__dict__[self.name] = value
        return value


_MISSING = object()


class Face(NamedTuple):
    """One tile face present in the hand: how many copies, and whether they form a kong.
    (A NamedTuple: built several times per hand, and far cheaper to make than a dataclass.)"""

    tile: Tile
    copies: int
    in_kong: bool


# Every Face there can be, made once: faces are asked for on every hand.
FACES: tuple[tuple[tuple[Face, Face], ...], ...] = tuple(
    tuple((Face(t, n, False), Face(t, n, True)) for n in range(5)) for t in ALL_TILES)
MAN, PIN, SOU = (sum(t.bit for t in ALL_TILES if t.suit == suit) for suit in SUITS)
# The suits present, by which of the three suit masks meet the hand's (bit 0 m, 1 p, 2 s).
SUITS_BY_PRESENCE = tuple(frozenset(suit for i, suit in enumerate(SUITS) if present >> i & 1) for present in range(8))
_code_of = attrgetter("code")
_is_pair, _is_chow, _is_pung, _is_kong = (attrgetter(name) for name in ("is_pair", "is_chow", "is_pung", "is_kong"))
_is_claimed, _holds_win, _tiles_of = attrgetter("claimed"), attrgetter("has_winning_tile"), attrgetter("tiles")


# Per block (m, p, s, honors): its counts -> the number in FACES_IN_ORDER of the Face of
# each face held, no kongs. Plain dictionaries: blocks repeat from hand to hand, and a
# lookup is cheaper than a cache call. Numbers, not Faces: a tuple of numbers is one the
# garbage collector stops tracking, and these grow by thousands of entries.
FACES_IN_ORDER: tuple[Face, ...] = tuple(face for per_tile in FACES for pair in per_tile for face in pair)
_face_at = FACES_IN_ORDER.__getitem__
_BLOCK_FACES: tuple[dict[tuple[int, ...], tuple[int, ...]], ...] = ({}, {}, {}, {})


def _face_number(code: int, copies: int, in_kong: bool) -> int:
    """Where FACES[code][copies][in_kong] sits in FACES_IN_ORDER."""
    return (code * 5 + copies) * 2 + in_kong


def _block_faces(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The numbers of the Face of each face held in block `index` (`counts` from its first code on)."""
    start = 9 * index
    faces = _BLOCK_FACES[index][counts] = tuple([_face_number(start + i, n, False) for i, n in enumerate(counts) if n])
    return faces


def _suits_of(mask: int) -> frozenset[str]:
    """The suits (m, p, s) among the faces `mask` holds."""
    return SUITS_BY_PRESENCE[bool(mask & MAN) | bool(mask & PIN) << 1 | bool(mask & SOU) << 2]


def _hand_facts(hand: Hand, situation: Situation, settings: PrincipleSettings) -> dict[str, Any]:
    """The facts of a hand and its situation that cost nothing to name: set at once."""
    melds = hand.melds
    return {
        "hand": hand, "situation": situation, "settings": settings, "melds": melds,
        "kongs": tuple(filter(_is_kong, melds)) if melds else (),
        # The tiles of the exposed melds, on the table for everyone to see: a table may ask
        # on every hand, and a lazy fact's descriptor costs more than this.
        "exposed_tiles": tuple(chain.from_iterable(map(_tiles_of, filter(_is_claimed, melds)))) if melds else (),
        "self_drawn": situation.self_drawn, "fourth_tile": situation.fourth_tile,
        "replacement": situation.replacement, "robbing_kong": situation.robbing_kong,
        "last_wall_tile": situation.last_wall_tile, "flowers": situation.flowers,
        "seat_wind": situation.seat_wind_tile, "prevalent_wind": situation.prevalent_wind_tile,
        # The faces held, as bits (1 << code): the compiler turns conditions on single
        # tiles into one bit test against it.
        "winning_tile": hand.standing[-1], "tile_mask": hand.tile_mask,
        # Three bit tests: cheaper at once than through a lazy fact's descriptor.
        "suits": _suits_of(hand.tile_mask),
        "knitted_tiles": max(map(int.bit_count, map(hand.tile_mask.__and__, KNITTED_MASKS)))}


class HandContext:
    """Everything a predicate may ask about one reading of a hand in a situation.

    Without a reading, only the facts of the hand itself are there (not READING_FACTS):
    the situation rules of the table are checked that way, before any reading.

    The readings of one hand share `shared`: the facts of the whole hand, worked out
    once. A context starts with every fact of the hand known so far (one dictionary
    copy), and sorts the reading's groups into their kinds at once: every table reads them.
    """

    # The facts stored at once, in the instance's dictionary: those of the hand by
    # _hand_facts and __init__, those of a reading (shape to winning_group) by take_reading,
    # so only once the context has a reading. The others are worked out when first read
    # (the properties below). mypy cannot check these against the dictionary's values:
    # tests/engine/test_type_hints.py checks them on real hands.
    hand: Hand
    situation: Situation
    settings: PrincipleSettings
    shared: dict[str, Any]
    melds: tuple[Group, ...]
    kongs: tuple[Group, ...]
    exposed_tiles: tuple[Tile, ...]
    self_drawn: bool
    fourth_tile: bool
    replacement: bool
    robbing_kong: bool
    last_wall_tile: bool
    flowers: int
    seat_wind: Tile
    prevalent_wind: Tile
    winning_tile: Tile
    tile_mask: int
    suits: frozenset[str]
    knitted_tiles: int
    reading: Reading | None
    shape: str
    groups: tuple[Group, ...]
    sets: tuple[Group, ...]
    chows: tuple[Group, ...]
    pungs: tuple[Group, ...]
    pairs: tuple[Group, ...]
    claimed: tuple[Group, ...]
    winning_group: Group | None

    def __init__(self, hand: Hand, reading: Reading | None, situation: Situation,
                 shared: dict[str, Any] | None = None, settings: PrincipleSettings = DEFAULT_SETTINGS) -> None:
        if shared is None:
            shared = {}
        d = self.__dict__
        if shared:
            d.update(shared)
        else:
            shared.update(_hand_facts(hand, situation, settings))
            d.update(shared)
        d["shared"] = shared
        d["reading"] = None
        if reading is not None:
            self.take_reading(reading)

    def take_reading(self, reading: Reading) -> HandContext:
        """This context, made without a reading, now for `reading`; the facts of the hand it
        has worked out stay. So a hand's first reading needs no context of its own after
        the situation rules' check, which may read the hand's facts but no reading's
        (rules.table_checks refuses READING_FACTS there)."""
        d = self.__dict__
        assert d["reading"] is None and "pair" not in d and "wait" not in d, "a context takes one reading"
        d["reading"] = reading
        d["shape"] = reading.shape
        groups = d["groups"] = reading.groups
        # Sorted into kinds by filters that run in C: no bytecode per group.
        d["sets"] = tuple(filterfalse(_is_pair, groups))
        d["chows"] = tuple(filter(_is_chow, groups))
        d["pungs"] = tuple(filter(_is_pung, groups))
        d["pairs"] = tuple(filter(_is_pair, groups))
        d["claimed"] = tuple(filter(_is_claimed, groups))
        d["winning_group"] = next(filter(_holds_win, groups), None)   # as Reading.winning_group
        return self

    def worked_out(self, name: str) -> Any:
        """The fact of the hand `name` if a fan has asked for it already, else None: a
        caller that may do without it costs the hand no work."""
        return self.shared.get(name)

    @cached_property
    def pair(self):
        """The pair of a one-pair shape, else None."""
        return self.pairs[0] if len(self.pairs) == 1 else None

    @hand_fact
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @hand_fact
    def distinct_tiles(self) -> tuple[Tile, ...]:
        return tuple(compress(ALL_TILES, self.hand.copies))

    @hand_fact
    def faces(self) -> tuple[Face, ...]:
        copies = self.hand.copies
        kongs = self.kongs
        if kongs:
            kong_codes = {g.tiles[0].code for g in kongs}
            return tuple([FACES[code][copies[code]][code in kong_codes] for code in compress(CODES, copies)])
        # Suit by suit from a table: the counts of a suit repeat from hand to hand.
        b0, b1, b2, b3 = copies[0:9], copies[9:18], copies[18:27], copies[27:]
        f0, f1, f2, f3 = _BLOCK_FACES
        return tuple(map(_face_at, (f0[b0] if b0 in f0 else _block_faces(b0, 0))
                         + (f1[b1] if b1 in f1 else _block_faces(b1, 1)) + (f2[b2] if b2 in f2 else _block_faces(b2, 2))
                         + (f3[b3] if b3 in f3 else _block_faces(b3, 3))))

    @cached_property
    def wait(self) -> str:
        """How the winning tile fitted this reading: one of WAITS."""
        g = self.winning_group
        if g is None:
            return NO_WAIT
        if g.kind == PAIR or g.kind == SINGLE:
            return SINGLE_WAIT
        if g.kind == CHOW:
            position = self.winning_tile.rank - g.rank
            if position == 1:
                return CLOSED_WAIT
            if (g.rank == 1 and position == 2) or (g.rank == 7 and position == 0):
                return EDGE_WAIT
            return OPEN_WAIT
        if g.is_pung:
            return PUNG_WAIT
        return KNITTED_WAIT

    @hand_fact
    def waits(self) -> frozenset[Tile]:
        """The tiles the hand was waiting on, before the winning tile came."""
        return waiting_tiles(self.hand, self.settings.held_four_is_a_wait)

    @hand_fact
    def tiles_before_win(self) -> tuple[Tile, ...]:
        """The standing tiles without the winning tile, in order."""
        return tuple(sorted(self.hand.standing[:-1], key=_code_of))  # by number: no Python __lt__ per pair


HAND_VOCABULARY: dict[str, str] = {
    "shape": f"the reading's shape: {', '.join(SHAPES)}",
    "groups": "every group of the reading: sets, pairs, knitted runs, single tiles",
    "sets": "the groups that are not pairs",
    "chows": "the chows", "pungs": "the pungs and kongs", "kongs": "the kongs",
    "pairs": "the pairs (seven in seven pairs)", "pair": "the pair of a one-pair shape, else null",
    "melds": "the melds declared in brackets, concealed kongs included",
    "claimed": "groups made with a claimed tile (claimed chows and pungs, melded kongs)",
    "tiles": "every tile of the hand, a kong's four included",
    "exposed_tiles": "the tiles of the hand's exposed melds (claimed chows and pungs, melded kongs)",
    "distinct_tiles": "each face held, once",
    "tile_mask": "the faces held as bits (1 << code); the compiler uses it for conditions on tiles",
    "faces": "each distinct face held: {tile, copies, in_kong}",
    "suits": f"the suits ({', '.join(SUITS)}) present",
    "winning_tile": "the winning tile", "winning_group": "the group the winning tile completed",
    "wait": f"how the winning tile fitted: {', '.join(WAITS)}",
    "waits": "the tiles the hand was waiting on (a face held four times is no wait, unless the edition's settings say so)",
    "tiles_before_win": "the standing tiles without the winning tile, sorted",
    "knitted_tiles": "the most tiles of one knitted straight held (9 = a full knitted straight)",
    "self_drawn": "situation flag", "fourth_tile": "situation flag", "replacement": "situation flag",
    "robbing_kong": "situation flag", "last_wall_tile": "situation flag",
    "seat_wind": "the seat wind tile", "prevalent_wind": "the prevalent wind tile",
    "flowers": "the number of flowers (0-8)",
}

# The facts a context stores at once (HandContext's annotated names): reading one costs no
# work, so a generated program may read it early (rules.shared_reads).
STORED_FACTS = frozenset(HandContext.__annotations__)
# Those of them that are tuples: a count of the items equal to one value is tuple.count.
STORED_TUPLES = frozenset(name for name, hint in get_type_hints(HandContext).items() if get_origin(hint) is tuple)

# The facts that need a reading of the tiles; the rest belong to the hand and the
# situation alone (what the table's situation rules may use).
READING_FACTS = frozenset({"shape", "groups", "sets", "chows", "pungs", "pairs", "pair", "claimed",
                           "winning_group", "wait"})

# What a bonus fan (flowers) may count: things outside the hand's tiles and its win.
BONUS_FACTS = frozenset({"flowers"})

ITEM_VOCABULARY: dict[str, str] = {
    # tiles
    "suit": f"tile or group: {', '.join(SUITS)}, or {HONOR_SUIT} for honors",
    "rank": "tile: 1-9 (0 for honors); group: its lowest rank",
    "is_honor": "tile or group of honors", "is_wind": "wind tile or group", "is_dragon": "dragon tile or group",
    "is_terminal": "tile: a 1 or 9", "is_terminal_or_honor": "tile: a 1, a 9 or an honor",
    "is_simple": "tile: suited 2-8", "code": "tile: its order number 0-33",
    "letter": f"tile: honor letter ({', '.join(HONOR_LETTERS)}), empty for suited tiles",
    # groups
    "kind": f"group: {', '.join(KIND_NUMBERS)}", "tiles": "group: its tiles",
    "tile": "group: its first tile; face: the tile", "claimed": "group: made with a claimed tile",
    "concealed": "group: no tile from another player", "has_winning_tile": "group: holds the winning tile",
    "is_chow": "group", "is_pung": "group: a pung or a kong", "is_kong": "group", "is_pair": "group",
    # faces
    "copies": "face: copies held", "in_kong": "face: its copies form a kong",
}
