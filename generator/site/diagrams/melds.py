"""Diagram `claimed-melds`: where the claimed tile lies, sideways, in a claimed set. The seeds
(the rules on laying out claimed tiles): a tile claimed from the player on the left (a chow,
a pung or a kong) lies sideways at the left of the set; from the player opposite (a pung or a
kong), between the others; from the player on the right, at the right. A kong from the player
opposite is not drawn: with four tiles, "between" has two places."""
from __future__ import annotations

from dataclasses import dataclass

from ..tiles import tile_drawing
from .svg import Label, document, label, num
from .text import say

WIDTH = 360
ROW = 54.0
TILE_SCALE = 0.5              # the tile drawings are 60 x 80: 30 x 40 here, as in a hand block
UP_W, UP_H = 30.0, 40.0       # a tile standing in its set, seen from above
SIDE_W, SIDE_H = 40.0, 30.0   # the claimed tile, turned sideways
TILES_X = 206.0
GAP = 1.0


@dataclass(frozen=True, slots=True)
class Meld:
    key: str                  # the label's key in i18n/diagrams
    face: str                 # the tile in the notation: 5p
    faces: tuple[str, ...]    # the set, left to right as laid out
    sideways: int             # which of them was claimed (0-based)


MELDS = (
    Meld("melds_chow_left", "3m", ("3m", "4m", "5m"), 0),
    Meld("melds_pung_left", "5p", ("5p", "5p", "5p"), 0),
    Meld("melds_pung_opposite", "5p", ("5p", "5p", "5p"), 1),
    Meld("melds_pung_right", "5p", ("5p", "5p", "5p"), 2),
    Meld("melds_kong_right", "7s", ("7s", "7s", "7s", "7s"), 3),
)


def _tiles(meld: Meld, bottom: float) -> str:
    parts = []
    x = TILES_X
    for i, face in enumerate(meld.faces):
        drawing = tile_drawing(face, variant="exposed")
        if i == meld.sideways:
            # Turned a quarter left: the tile's face now reads from the right.
            move = f"translate({num(x)} {num(bottom)}) rotate(-90) scale({TILE_SCALE})"
            parts.append(f'<g class="mcr-dg-claimed" transform="{move}">{drawing}</g>')
            x += SIDE_W + GAP
        else:
            move = f"translate({num(x)} {num(bottom - UP_H)}) scale({TILE_SCALE})"
            parts.append(f'<g transform="{move}">{drawing}</g>')
            x += UP_W + GAP
    return f'<g aria-hidden="true">{"".join(parts)}</g>'


def claimed_melds(lang: str) -> str:
    body: list[str] = []
    for i, meld in enumerate(MELDS):
        top = 8 + i * ROW
        bottom = top + UP_H + 2
        body.append(label(Label(10, 0, say(lang, meld.key), 13, "start", width=TILES_X - 22).centred_at(top + 21)))
        body.append(_tiles(meld, bottom))
    height = 8 + len(MELDS) * ROW
    return document("claimed-melds", lang, WIDTH, height, say(lang, "melds_title"), say(lang, "melds_desc"), body)
