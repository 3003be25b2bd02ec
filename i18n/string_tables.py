"""One surface's strings: a YAML file per language, the same keys and placeholders in each."""
from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from .data_file import I18N_DIR, StringsError, read_yaml, shown
from .languages import DEFAULT_LANG, LANGS


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@dataclass(frozen=True)
class Strings:
    surface: str                                   # the folder: site, web-quiz, quiz, tiles
    tables: Mapping[str, Mapping[str, str]]        # language -> key -> template

    def text(self, lang: str, key: str, **values: object) -> str:
        """The string `key` in `lang`, with its {placeholders} filled from `values`."""
        template = self.tables[lang][key]
        return template.format(**values) if values else template


def _read_table(surface: str, lang: str) -> dict[str, str]:
    path = I18N_DIR / surface / f"{lang}.yaml"
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise StringsError(f"{shown(path)}: expected 'key: text' lines")
    for key, value in data.items():
        if not isinstance(key, str):
            raise StringsError(f"{shown(path)}: the key {key!r} must be text: put it in quotes")
        if not isinstance(value, str):
            raise StringsError(f"{shown(path)}: {key}: the text must be in quotes")
    return data


def problems(tables: Mapping[str, Mapping[str, str]], surface: str) -> list[str]:
    """Keys missing or extra against the default language, placeholders that differ,
    empty texts; each line names the file and the key."""
    found = []
    reference = tables[DEFAULT_LANG]
    for lang, table in tables.items():
        where = f"i18n/{surface}/{lang}.yaml"
        found += [f"{where}: {key}: missing (it is in {DEFAULT_LANG}.yaml)" for key in reference if key not in table]
        found += [f"{where}: {key}: not in {DEFAULT_LANG}.yaml" for key in table if key not in reference]
        for key, value in table.items():
            if key not in reference:
                continue
            if not value.strip():
                found.append(f"{where}: {key}: empty")
            elif placeholders(value) != placeholders(reference[key]):
                found.append(f"{where}: {key}: placeholders {sorted(placeholders(value))}, "
                             f"{DEFAULT_LANG}.yaml has {sorted(placeholders(reference[key]))}")
    return found


@lru_cache(maxsize=None)
def language_strings(surface: str, lang: str) -> Mapping[str, str]:
    """One language's strings of a surface, checked against the default language's (the
    same keys and placeholders, no empty text): what a command that speaks one language
    needs, without reading the others' files. StringsError as `strings` raises it."""
    reference = _read_table(surface, DEFAULT_LANG)
    tables = {DEFAULT_LANG: reference, lang: reference if lang == DEFAULT_LANG else _read_table(surface, lang)}
    found = problems(tables, surface)
    if found:
        raise StringsError("\n".join(found))
    return MappingProxyType(tables[lang])


@lru_cache(maxsize=None)
def strings(surface: str) -> Strings:
    """The surface's strings in every language; StringsError when one file is unusable
    or the languages disagree (a test checks the project's files; this stops a broken
    edit from reaching a page)."""
    tables = {lang: _read_table(surface, lang) for lang in LANGS}
    found = problems(tables, surface)
    if found:
        raise StringsError("\n".join(found))
    return Strings(surface, MappingProxyType({lang: MappingProxyType(t) for lang, t in tables.items()}))
