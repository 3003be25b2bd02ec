"""Groups of tiles: the sets (chow, pung, kong), the pair, and the pieces of special shapes."""
from __future__ import annotations

from dataclasses import dataclass, field

from functools import lru_cache

from .tiles import Tile, format_tiles, mask_of

CHOW, PUNG, KONG, PAIR, KNITTED, SINGLE = "chow", "pung", "kong", "pair", "knitted", "single"
KIND_NUMBERS = {kind: n for n, kind in enumerate((CHOW, PUNG, KONG, PAIR, KNITTED, SINGLE))}
# The attributes that depend on how a group was made, not on its kind and tiles.
FLAG_ATTRIBUTES = frozenset({"claimed", "concealed", "has_winning_tile"})


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading of the hand.

    `claimed`: declared as an exposed meld (a claimed chow or pung, a melded kong).
    `concealed`: no tile came from another player: not claimed, and not completed by
    a discarded winning tile.
    The fields after `has_winning_tile` are derived once at creation: predicates read
    them constantly, and plain attributes are much cheaper than properties.
    """

    kind: str
    tiles: tuple[Tile, ...]
    claimed: bool = False
    concealed: bool = True
    has_winning_tile: bool = False
    tile: Tile = field(init=False, repr=False)       # the first tile
    suit: str = field(init=False, repr=False)
    rank: int = field(init=False, repr=False)        # the lowest rank (0 for honors)
    is_chow: bool = field(init=False, repr=False)
    is_pung: bool = field(init=False, repr=False)    # a pung or a kong: kongs count as pungs
    is_kong: bool = field(init=False, repr=False)
    is_pair: bool = field(init=False, repr=False)
    is_honor: bool = field(init=False, repr=False)
    is_wind: bool = field(init=False, repr=False)
    is_dragon: bool = field(init=False, repr=False)
    text: str = field(init=False, repr=False, compare=False)       # the tiles in notation, e.g. 123m
    mask: int = field(init=False, repr=False, compare=False)       # its faces as bits (1 << code)
    form: int = field(init=False, repr=False, compare=False)       # kind and tiles, as one number
    signature: int = field(init=False, repr=False, compare=False)  # form and flags: all a condition can see

    def __post_init__(self) -> None:
        first = self.tiles[0]
        put = object.__setattr__
        put(self, "tile", first)
        put(self, "suit", first.suit)
        put(self, "rank", first.rank)
        put(self, "is_chow", self.kind == CHOW)
        put(self, "is_pung", self.kind in (PUNG, KONG))
        put(self, "is_kong", self.kind == KONG)
        put(self, "is_pair", self.kind == PAIR)
        put(self, "is_honor", first.is_honor)
        put(self, "is_wind", first.is_wind)
        put(self, "is_dragon", first.is_dragon)
        put(self, "text", _group_text(self.tiles))
        put(self, "mask", mask_of(self.tiles))
        form = KIND_NUMBERS[self.kind] * 34 + first.code
        put(self, "form", form)
        put(self, "signature", form * 8 + self.claimed * 4 + self.concealed * 2 + self.has_winning_tile)


@lru_cache(maxsize=4096)
def _group_text(tiles: tuple[Tile, ...]) -> str:
    return format_tiles(tiles)
