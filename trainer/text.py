"""The strings the terminal quiz shows a learner: i18n/quiz/<lang>.yaml.

Every language has the same keys and {placeholders} (i18n checks on reading). Fan names
are not here: they come from fans.yaml through the engine.
"""
from __future__ import annotations

from typing import Any, Mapping

import rules
from i18n import DEFAULT_LANG, LANGS, pick, strings

__all__ = ["LANGS", "TEXT", "fan_name", "situation_line", "text", "words"]

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


# The flags worded when set (self-drawn or not is always said, first).
SITUATION_FLAGS = tuple(flag for flag in rules.SITUATION_FLAGS if flag != "self_drawn")


def situation_line(lang: str, s: Mapping[str, Any]) -> str:
    """A hand's situation in one line: the winds, how it was won, its flowers and flags."""
    facts = [text(lang, "seat_wind", wind=text(lang, f"wind_{s['seat_wind']}")),
             text(lang, "prevalent_wind", wind=text(lang, f"wind_{s['prevalent_wind']}")),
             text(lang, "self_drawn") if s["self_drawn"] else text(lang, "on_discard")]
    if s["flowers"]:
        facts.append(text(lang, "flowers", n=s["flowers"]))
    return " · ".join(facts + [text(lang, flag) for flag in SITUATION_FLAGS if s.get(flag)])
