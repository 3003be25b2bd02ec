"""The diagrams' words in every language: i18n/diagrams/<lang>.yaml."""
from __future__ import annotations

from i18n import strings

SEATS = ("E", "S", "W", "N")   # in the order of play, counter-clockwise seen from above


def say(lang: str, key: str, **values: object) -> str:
    return strings("diagrams").text(lang, key, **values)


def seat(lang: str, wind: str) -> str:
    return say(lang, f"seat_{wind}")
