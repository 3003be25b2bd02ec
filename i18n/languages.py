"""The languages (from languages.yaml), and picking a text of fans.yaml in one of them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .data_file import I18N_DIR, StringsError, read_yaml, shown


def _read_languages() -> tuple[tuple[str, str, frozenset[int], str], ...]:
    path = I18N_DIR / "languages.yaml"
    data = read_yaml(path)
    if not isinstance(data, list) or not data:
        raise StringsError(f"{shown(path)}: expected a list of languages, each with 'code' and 'name'")
    found = []
    for i, entry in enumerate(data, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("code"), str) or not isinstance(entry.get("name"), str):
            raise StringsError(f"{shown(path)}: language {i}: needs a 'code' and a 'name', both text")
        singular = entry.get("singular", [])
        if not isinstance(singular, list) or not all(type(n) is int and n >= 0 for n in singular):
            raise StringsError(f"{shown(path)}: language {i}: 'singular' must list whole numbers, such as [1]")
        decimal = entry.get("decimal", ".")
        if decimal not in (".", ","):
            raise StringsError(f"{shown(path)}: language {i}: 'decimal' must be \".\" or \",\"")
        found.append((entry["code"], entry["name"], frozenset(singular), decimal))
    return tuple(found)


_LANGUAGES = _read_languages()
LANGS: tuple[str, ...] = tuple(code for code, _, _, _ in _LANGUAGES)
DEFAULT_LANG = LANGS[0]
LANGUAGE_NAMES: dict[str, str] = {code: name for code, name, _, _ in _LANGUAGES}   # each language's name for itself
SINGULAR_COUNTS: dict[str, frozenset[int]] = {code: counts for code, _, counts, _ in _LANGUAGES}
DECIMAL_MARKS: dict[str, str] = {code: mark for code, _, _, mark in _LANGUAGES}


def plural_key(lang: str, key: str, n: int) -> str:
    """`key_one` where `lang` says a count of `n` in its form for one, else `key_other`: the
    two strings of a counted phrase ('1 kind', '4 kinds'; '0 jour' in French)."""
    return f"{key}_one" if n in SINGULAR_COUNTS.get(lang, SINGULAR_COUNTS[DEFAULT_LANG]) else f"{key}_other"


def decimal_text(lang: str, value: float, spec: str = ".1f") -> str:
    """`value` formatted by `spec`, with the decimal mark of `lang`: '0.2' in English, '0,2'
    in French."""
    return format(value, spec).replace(".", DECIMAL_MARKS.get(lang, "."))


@dataclass(frozen=True, slots=True)
class Localized:
    text: str
    missing: bool    # True: `text` is the default language's, shown for want of a translation

    def __bool__(self) -> bool:
        return bool(self.text)


def pick(texts: Mapping[str, str], lang: str) -> Localized:
    """The text in `lang`, else the default language's marked missing; empty if neither exists.
    fans.yaml gains languages one at a time: a missing text is shown, never silently."""
    own = (texts.get(lang) or "").strip()
    if own:
        return Localized(own, False)
    fallback = (texts.get(DEFAULT_LANG) or "").strip()
    return Localized(fallback, bool(fallback) and lang != DEFAULT_LANG)
