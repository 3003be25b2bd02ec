"""The strings the terminal quiz shows a learner: i18n/quiz/<lang>.yaml.

Every language has the same keys and {placeholders} (i18n checks on reading). Fan names
are not here: they come from fans.yaml through the engine.
"""
from __future__ import annotations

from typing import Mapping

from i18n import DEFAULT_LANG, LANGS, pick, strings

__all__ = ["LANGS", "TEXT", "fan_name", "text", "words"]

_STRINGS = strings("quiz")
TEXT = _STRINGS.tables   # language -> key -> template, read-only


def text(lang: str, key: str, **values: object) -> str:
    """The string `key` in `lang` (English when the language is unknown), filled in."""
    return _STRINGS.text(lang if lang in TEXT else DEFAULT_LANG, key, **values)


def words(lang: str, key: str) -> frozenset[str]:
    """A comma-separated word list (yes, no, quit) as a set, lower-cased."""
    return frozenset(w.strip().lower() for w in text(lang, key).split(",") if w.strip())


def fan_name(names: Mapping[str, str], lang: str) -> str:
    """A fan's name in `lang`, or its English name visibly marked as untranslated."""
    chosen = pick(names, lang)
    return f"{chosen.text} {text(lang, 'untranslated')}" if chosen.missing else chosen.text
