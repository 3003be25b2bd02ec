"""A seat's name with the dealer's badge beside it, shared by the seating and wall diagrams."""
from __future__ import annotations

from .svg import Label, label, rect, text_width
from .text import say, seat


def seat_name(lang: str, wind: str, x: float, y: float, anchor: str, *, dealer: bool) -> list[str]:
    """The seat's name at (x, y) (y the baseline); the dealer's also gets a badge after it."""
    size = 14
    parts = [label(Label(x, y, seat(lang, wind), size, anchor, weight="bold"))]
    if dealer:
        name_w = text_width(seat(lang, wind), size) * 1.05    # bold runs a little wider
        start = {"start": x + name_w, "middle": x + name_w / 2, "end": x}[anchor] + 6
        word = say(lang, "dealer")
        w = text_width(word, 11) + 10
        parts.append(rect(start, y - 12, w, 16, "mcr-dg-accent", rx=8))
        parts.append(label(Label(start + w / 2, y, word, 11, "middle", css="mcr-dg-on-accent")))
    return parts
