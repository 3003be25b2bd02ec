"""The columns a text takes in a terminal: what every aligned column and wrapped line of the
command line and the trainer measures by (a Chinese, Japanese or Korean character takes two)."""
from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal: two for a wide or full-width character."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
