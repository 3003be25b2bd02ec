"""A hand drawn for a terminal: suits in colour, claimed sets bracketed and dimmed,
the winning tile highlighted. Plain text when colour is off (not a terminal, NO_COLOR
set, TERM=dumb), with the same layout so piped output stays readable.
"""
from __future__ import annotations

import os
from typing import Any, TextIO

from rules.tiles import tile

RESET = "\x1b[0m"
DIM = "2"
REVERSE = "7"
BOLD = "1"
# Characters red, dots blue, bamboo green (the colours printed on most sets);
# winds bold, dragons in their own colours (white dragon: plain bold).
SUIT_COLOURS = {"m": "31", "p": "34", "s": "32"}
HONOR_COLOURS = {"C": "1;31", "F": "1;32", "P": "1;37"}
WIND_COLOUR = "1;36"


def colour_wanted(stream: TextIO, choice: str = "auto") -> bool:
    """`always`/`never` decide; `auto` colours only a terminal without NO_COLOR or TERM=dumb."""
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _sgr(codes: str, s: str) -> str:
    return f"\x1b[{codes}m{s}{RESET}"


def draw_tile(text: str, colour: bool, *, extra: str = "") -> str:
    if not colour:
        return text
    t = tile(text)
    if t.is_honor:
        code = HONOR_COLOURS.get(t.letter, WIND_COLOUR)
    else:
        code = SUIT_COLOURS[t.suit]
    return _sgr(";".join(c for c in (code, extra) if c), text)


def draw_hand(tiles: dict[str, Any], colour: bool) -> str:
    """Draw a question's `tiles` (melds, concealed, winning) on one line."""
    parts = []
    for meld in tiles["melds"]:
        open_, close = ("[", "]") if meld["exposed"] else ("{", "}")
        body = " ".join(draw_tile(t, colour, extra=DIM if meld["exposed"] else "") for t in meld["tiles"])
        parts.append(f"{open_}{body}{close}")
    parts.append(" ".join(draw_tile(t, colour) for t in tiles["concealed"]))
    winning = draw_tile(tiles["winning"], colour, extra=f"{BOLD};{REVERSE}")
    parts.append(f"▶ {winning}")
    return "  ".join(p for p in parts if p)
