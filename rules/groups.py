"""Groups of tiles: the sets (chow, pung, kong), the pair, and the pieces of special shapes."""
from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile

CHOW, PUNG, KONG, PAIR, KNITTED, SINGLE = "chow", "pung", "kong", "pair", "knitted", "single"


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading of the hand.

    `claimed`: declared as an exposed meld (a claimed chow or pung, a melded kong).
    `concealed`: no tile came from another player: not claimed, and not completed by
    a discarded winning tile.
    """

    kind: str
    tiles: tuple[Tile, ...]
    claimed: bool = False
    concealed: bool = True
    has_winning_tile: bool = False

    # The attributes below are the group vocabulary of fans.yaml predicates.
    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    @property
    def suit(self) -> str:
        return self.tiles[0].suit

    @property
    def rank(self) -> int:
        """The lowest rank in the group (0 for honors)."""
        return self.tiles[0].rank

    @property
    def is_chow(self) -> bool:
        return self.kind == CHOW

    @property
    def is_pung(self) -> bool:
        """A pung or a kong: the rules count a kong as a pung wherever pungs are named."""
        return self.kind in (PUNG, KONG)

    @property
    def is_kong(self) -> bool:
        return self.kind == KONG

    @property
    def is_pair(self) -> bool:
        return self.kind == PAIR

    @property
    def is_honor(self) -> bool:
        return self.tiles[0].is_honor

    @property
    def is_wind(self) -> bool:
        return self.tiles[0].is_wind

    @property
    def is_dragon(self) -> bool:
        return self.tiles[0].is_dragon

    @property
    def text(self) -> str:
        from .tiles import format_tiles
        return format_tiles(self.tiles)

    def with_flags(self, *, concealed: bool, has_winning_tile: bool) -> "Group":
        return Group(self.kind, self.tiles, self.claimed, concealed, has_winning_tile)
