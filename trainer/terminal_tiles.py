"""A hand drawn for a terminal: suits in colour, claimed sets bracketed and dimmed,
the winning tile highlighted, each tile written the learner's way (i18n/tiles: 5m in
English, 五万 in Chinese, 5만 in Korean). Plain text when colour is off (not a terminal,
NO_COLOR set, TERM=dumb), with the same layout so piped output stays readable.
"""
from __future__ import annotations

import os
from typing import Any, TextIO

from i18n import strings
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


def short_tile(text: str, lang: str) -> str:
    """A tile as the learner writes it, in a few characters."""
    names, t = strings("tiles"), tile(text)
    if t.is_honor:
        return names.text(lang, f"short_{t.letter}")
    return names.text(lang, "short_suited", number=names.text(lang, f"short_number_{t.rank}"),
                      suit=names.text(lang, f"short_suit_{t.suit}"))


def draw_tile(text: str, colour: bool, *, extra: str = "", lang: str = "en") -> str:
    shown = short_tile(text, lang)
    if not colour:
        return shown
    t = tile(text)
    if t.is_honor:
        code = HONOR_COLOURS.get(t.letter, WIND_COLOUR)
    else:
        code = SUIT_COLOURS[t.suit]
    return _sgr(";".join(c for c in (code, extra) if c), shown)


def draw_hand(tiles: dict[str, Any], colour: bool, lang: str = "en") -> str:
    """Draw a question's `tiles` (melds, concealed, winning: None before the hand won)
    on one line."""
    parts = []
    for meld in tiles["melds"]:
        open_, close = ("[", "]") if meld["exposed"] else ("{", "}")
        body = " ".join(draw_tile(t, colour, extra=DIM if meld["exposed"] else "", lang=lang) for t in meld["tiles"])
        parts.append(f"{open_}{body}{close}")
    parts.append(" ".join(draw_tile(t, colour, lang=lang) for t in tiles["concealed"]))
    if tiles["winning"] is not None:
        parts.append("▶ " + draw_tile(tiles["winning"], colour, extra=f"{BOLD};{REVERSE}", lang=lang))
    return "  ".join(p for p in parts if p)
