"""The strings the site's own pages show a reader: i18n/site/<lang>.yaml.

Every language has the same keys and {placeholders} (i18n checks on reading). Fan names,
definitions and rulings are not here: they live in fans.yaml. Material's own interface
(search box, footer, ...) is translated by the theme.
"""
from __future__ import annotations

from i18n import DEFAULT_LANG, LANGS, LANGUAGE_NAMES, plural_key, strings

__all__ = ["DEFAULT_LANG", "LANGS", "LANGUAGE_NAMES", "TEXT", "points_label", "text", "wind_name"]

_STRINGS = strings("site")
TEXT = _STRINGS.tables   # language -> key -> template, read-only


def text(lang: str, key: str, **values: object) -> str:
    """The string `key` in `lang`, with {placeholders} filled from `values`."""
    return _STRINGS.text(lang, key, **values)


def points_label(lang: str, points: int) -> str:
    """'1 point', '8 points', '8分', '8점', '8 puntos'."""
    return text(lang, plural_key(lang, "points", points), n=points)


def wind_name(lang: str, letter: str) -> str:
    return text(lang, f"wind_{letter}")
