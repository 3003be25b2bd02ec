"""Discard analysis: how far a hand of 13 or 14 tiles is from ready, by each winning
shape, which draws bring it closer, and which discard leaves it best placed.

- 13 tiles: the shanten of each shape (rules/shanten.py) and of the hand (the least), the
  useful tiles (each face whose draw lowers the hand's shanten) with the copies of each
  the hand does not see; when ready, the waits scored (rules/wait_scores.py).
- 14 tiles: the same shanten, and each distinct discard with the shanten it leaves and
  its useful tiles, best first: the lowest shanten, then the most useful copies unseen,
  then tile order.

"Unseen" is four less the copies in the hand and its melds: for 14 tiles, the whole hand
before the discard (the discarded copy is seen too). A face none of whose copies is unseen
cannot be drawn, so it is never a useful tile.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .api import fan_table
from .fantable import FanTable
from .notation import TILES_IN_A_WINNING_HAND, Hand, parse_hand_to_analyze
from .shanten import Counts, caps_of, knitted_straight_floor, shanten_after_draws, shanten_of_shape
from .shapes import HONORS_AND_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS
from .tiles import ALL_TILES, COPIES_PER_FACE, Tile, counts_of
from .wait_scores import ScoredWait, scored_waits

# The shapes as the analysis's JSON names them (its contract with other tools).
FORM_KEYS = {STANDARD: "standard", SEVEN_PAIRS: "seven_pairs", THIRTEEN_ORPHANS: "thirteen_orphans",
             HONORS_AND_KNITTED: "honors_and_knitted", KNITTED_STRAIGHT: "knitted_straight"}


@dataclass(frozen=True, slots=True)
class UsefulTile:
    """A face whose draw lowers the shanten, and how many of its copies are unseen."""

    tile: Tile
    unseen: int

    def as_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.text, "unseen": self.unseen}


@dataclass(frozen=True, slots=True)
class Discard:
    """One discard of a 14-tile hand: the shanten it leaves and the useful tiles then."""

    tile: Tile
    shanten: int
    useful: tuple[UsefulTile, ...]

    @property
    def unseen(self) -> int:
        """The useful copies still to come, all faces together."""
        return sum(u.unseen for u in self.useful)

    def as_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.text, "shanten": self.shanten, "useful": [u.as_dict() for u in self.useful]}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one hand. `forms` gives each shape's shanten in SHAPES order (None
    where the melds rule it out); `useful` and `waits` are for 13 tiles, `discards` for 14."""

    hand: Hand
    shanten: int
    forms: tuple[tuple[str, int | None], ...]
    useful: tuple[UsefulTile, ...] = ()
    waits: tuple[ScoredWait, ...] = ()
    discards: tuple[Discard, ...] = ()

    @property
    def tile_count(self) -> int:
        return 3 * len(self.hand.melds) + len(self.hand.standing)

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of `mcr analyze --json`."""
        out: dict[str, Any] = {"shanten": self.shanten,
                               "forms": {FORM_KEYS[shape]: value for shape, value in self.forms}}
        if self.tile_count == TILES_IN_A_WINNING_HAND:
            out["discards"] = [d.as_dict() for d in self.discards]
            return out
        out["useful"] = [u.as_dict() for u in self.useful]
        if self.shanten == 0:
            out["waits"] = [w.as_dict() for w in self.waits]
        return out


@dataclass(frozen=True, slots=True)
class _Tiles:
    """Standing counts, the caps the melds leave, the number of melds, every copy held."""

    counts: Counts
    caps: Counts
    melds: int
    held: Counts

    def without(self, code: int) -> "_Tiles":
        counts = list(self.counts)
        counts[code] -= 1
        return _Tiles(tuple(counts), self.caps, self.melds, self.held)


def _tiles_of(hand: Hand) -> _Tiles:
    meld_copies = counts_of([t for meld in hand.melds for t in meld.tiles])
    return _Tiles(hand.standing_counts, caps_of(meld_copies), len(hand.melds), hand.copies)


def _forms(tiles: _Tiles) -> tuple[tuple[str, int | None], ...]:
    return tuple((shape, shanten_of_shape(shape, tiles.counts, tiles.caps, tiles.melds)) for shape in SHAPES)


def _forms_near_least(tiles: _Tiles) -> tuple[tuple[str, int | None], ...]:
    """_forms, where the knitted straight's exact figure is worked out only when its quick
    floor does not already put it above the other shapes' least (a discard needs the
    least and the shapes at it, not the others' figures)."""
    others = tuple((shape, shanten_of_shape(shape, tiles.counts, tiles.caps, tiles.melds))
                   for shape in SHAPES if shape != KNITTED_STRAIGHT)
    if tiles.melds > 1:
        return others + ((KNITTED_STRAIGHT, None),)
    floor = knitted_straight_floor(tiles.counts, tiles.melds)
    if floor > _least(others):
        return others + ((KNITTED_STRAIGHT, floor),)
    return others + ((KNITTED_STRAIGHT, shanten_of_shape(KNITTED_STRAIGHT, tiles.counts, tiles.caps, tiles.melds)),)


def _least(forms: tuple[tuple[str, int | None], ...]) -> int:
    return min(value for _, value in forms if value is not None)


def _useful_tiles(tiles: _Tiles, forms: tuple[tuple[str, int | None], ...]) -> tuple[UsefulTile, ...]:
    """The faces whose draw lowers the least shanten of `tiles` (13 with the melds), in
    tile order. Only a shape at that least shanten can go lower with one tile."""
    least = _least(forms)
    drawable = [code for code in range(len(ALL_TILES)) if tiles.held[code] < COPIES_PER_FACE]
    lower: set[int] = set()
    for shape, value in forms:
        if value == least:
            after = shanten_after_draws(shape, tiles.counts, tiles.caps, tiles.melds, drawable)
            lower.update(code for code, shanten in after.items() if shanten < least)
    return tuple(UsefulTile(ALL_TILES[code], COPIES_PER_FACE - tiles.held[code]) for code in sorted(lower))


def _discards(tiles: _Tiles) -> tuple[Discard, ...]:
    """Each distinct standing face discarded, best first."""
    out = []
    for code, n in enumerate(tiles.counts):
        if not n:
            continue
        left = tiles.without(code)
        forms = _forms_near_least(left)
        # `held` stays the whole 14-tile hand's: the discarded copy is seen too.
        out.append(Discard(ALL_TILES[code], _least(forms), _useful_tiles(left, forms)))
    out.sort(key=lambda d: (d.shanten, -d.unseen, d.tile.code))
    return tuple(out)


def analyze(hand: Hand) -> Analysis:
    """The shanten, useful tiles and discards of a parsed hand of 13 or 14 tiles (waits
    not scored: see analyze_hand)."""
    tiles = _tiles_of(hand)
    forms = _forms(tiles)
    shanten = _least(forms)
    if 3 * tiles.melds + sum(tiles.counts) == TILES_IN_A_WINNING_HAND:
        return Analysis(hand, shanten, forms, discards=_discards(tiles))
    return Analysis(hand, shanten, forms, useful=_useful_tiles(tiles, forms))


def analyze_hand(text: str, *, table: FanTable | None = None, edition: str | None = None, lang: str = "en",
                 **situation: Any) -> Analysis:
    """The analysis of a hand in the project's notation: 13 tiles (waiting) or 14 (a tile
    to discard). A ready 13-tile hand has its waits scored by `table` (default: the
    project's, in `edition`), in `lang`, with `situation` giving the winds and flowers
    (rules.wait_scores.WAIT_FIELDS). Raises NotationError (with column), HandError or
    SituationError on bad input."""
    parsed = parse_hand_to_analyze(text)
    found = analyze(parsed)
    if found.tile_count == TILES_IN_A_WINNING_HAND or found.shanten != 0:
        return found
    waits = scored_waits(table or fan_table(None, edition), parsed, lang, **situation)
    return Analysis(found.hand, found.shanten, found.forms, found.useful, waits)
