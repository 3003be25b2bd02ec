"""The 34 tile faces of MCR and what the rules say about each one.

A tile is a small frozen value; all 34 are built once, so comparing and hashing
them is cheap and the evaluator can use them as dictionary keys.
"""
from __future__ import annotations

from dataclasses import dataclass

SUITS = ("m", "p", "s")
HONOR_SUIT = "z"   # the suit the honors carry (tile.suit, group.suit)
HONOR_LETTERS = ("E", "S", "W", "N", "C", "F", "P")
WIND_LETTERS = HONOR_LETTERS[:4]
DRAGON_LETTERS = HONOR_LETTERS[4:]


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One tile face. `code` orders tiles: 1m..9m, 1p..9p, 1s..9s, E S W N C F P.

    The 34 faces exist once each, so equality and hashing are by identity (fast: the
    evaluator hashes tiles constantly); ordering follows `code`.
    """

    code: int
    suit: str            # "m", "p", "s", or "z" for honors
    rank: int            # 1-9 for suited tiles, 0 for honors
    letter: str          # the honor letter, "" for suited tiles
    is_honor: bool
    is_wind: bool
    is_dragon: bool
    is_terminal: bool    # a 1 or a 9 of a suit
    is_terminal_or_honor: bool
    is_simple: bool      # suited 2-8
    bit: int             # 1 << code: sets of faces as bit masks

    @property
    def text(self) -> str:
        """The tile in the project's notation: `5p`, `E`."""
        return self.letter or f"{self.rank}{self.suit}"

    def __lt__(self, other: "Tile") -> bool:
        return self.code < other.code

    def __le__(self, other: "Tile") -> bool:
        return self.code <= other.code

    def __gt__(self, other: "Tile") -> bool:
        return self.code > other.code

    def __ge__(self, other: "Tile") -> bool:
        return self.code >= other.code

    def __reduce__(self):
        return (_tile_by_code, (self.code,))

    def __repr__(self) -> str:
        return f"Tile({self.text})"

    def __str__(self) -> str:
        return self.text


def _build() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for suit in SUITS:
        for rank in range(1, 10):
            terminal = rank in (1, 9)
            tiles.append(Tile(len(tiles), suit, rank, "", False, False, False,
                              terminal, terminal, not terminal, 1 << len(tiles)))
    for letter in HONOR_LETTERS:
        tiles.append(Tile(len(tiles), HONOR_SUIT, 0, letter, True, letter in WIND_LETTERS,
                          letter in DRAGON_LETTERS, False, True, False, 1 << len(tiles)))
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _build()
CODES = tuple(range(len(ALL_TILES)))   # every face's code, in tile order (itertools.compress over counts)


def _tile_by_code(code: int) -> Tile:
    """Unpickling keeps the one-object-per-face rule."""
    return ALL_TILES[code]
BY_TEXT: dict[str, Tile] = {t.text: t for t in ALL_TILES}
COPIES_PER_FACE = 4
FLOWER_COUNT = 8


def tile(text: str) -> Tile:
    """The tile written `text` (`"5p"`, `"E"`); KeyError when there is none."""
    return BY_TEXT[text]


def suited(suit: str, rank: int) -> Tile:
    return ALL_TILES[SUITS.index(suit) * 9 + rank - 1]


def counts_of(tiles: "tuple[Tile, ...] | list[Tile]") -> tuple[int, ...]:
    """How many of each face `tiles` holds, by code (34 counts)."""
    counts = [0] * len(ALL_TILES)
    for t in tiles:
        counts[t.code] += 1
    return tuple(counts)


def mask_of(tiles: "tuple[Tile, ...] | list[Tile]") -> int:
    """The faces among `tiles` as bits (1 << code)."""
    mask = 0
    for t in tiles:
        mask |= t.bit
    return mask


def format_tiles(tiles: "list[Tile] | tuple[Tile, ...]") -> str:
    """Compact notation for a run of tiles: 1m 2m 3m 5p -> `123m5p`."""
    out: list[str] = []
    run_suit = ""
    for t in tiles:
        if t.is_honor:
            if run_suit:
                out.append(run_suit)
                run_suit = ""
            out.append(t.letter)
            continue
        if run_suit and run_suit != t.suit:
            out.append(run_suit)
        out.append(str(t.rank))
        run_suit = t.suit
    if run_suit:
        out.append(run_suit)
    return "".join(out)
