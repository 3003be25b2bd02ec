"""One surface's strings: a YAML file per language, the same keys and placeholders in each."""
from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

import yaml

from .data_file import I18N_DIR, StringsError, read_yaml, shown
from .korean_particles import KOREAN, fit_particles
from .languages import DEFAULT_LANG, LANGS
from .markup import PAGE_SURFACES, holds_markdown, markdown_string_markup, markup_advice, plain_text_markup


def placeholders(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:   # a stray brace: brace_problem says so
        return set()


def brace_problem(template: str) -> str | None:
    """What is wrong with the braces of `template`, if anything: every brace is a {name}
    placeholder or doubled ({{, }}) to stand for itself; {0}, {} and {a.b} fill nothing
    the program gives, and would end in an error where the string is used."""
    advice = "a placeholder is a name in braces, {name}; write {{ or }} for a brace itself"
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return f"a brace that is not part of a placeholder: {advice}"
    for _, name, _, _ in fields:
        if name is not None and not name.isidentifier():
            return f"{{{name}...}} is not a placeholder: {advice}"
    return None


# Surfaces outside the pages whose every string is formatted (mcr/cli_text.py: cli_text).
ALWAYS_FORMATTED = ("cli",)


def page_string_problem(surface: str, key: str, value: str) -> str | None:
    """For a string a page shows: braces that are not placeholders (the pages fill their
    strings with values, and the site's scripts fill {name} too), or markup where the string
    holds none (i18n/markup.py). The command line formats every one of its strings, so its
    braces are checked too; the terminal quiz's are printed as they are."""
    if surface not in PAGE_SURFACES:
        return brace_problem(value) if surface in ALWAYS_FORMATTED else None
    if holds_markdown(surface, key):
        found = markdown_string_markup(value)
        if found:
            return f"holds {found}: a string that holds Markdown may not hold HTML, an attribute list or a link " \
                   "that leaves the site"
    else:
        found = plain_text_markup(value)
        if found:
            return (f"holds {found}: {markup_advice(found)} (a string meant to hold Markdown is listed in "
                    f"i18n/markup.py, MARKDOWN_STRINGS)")
    return brace_problem(value)


def fill(lang: str, template: str, values: Mapping[str, object]) -> str:
    """`template` with its {placeholders} filled from `values`; in Korean, each particle
    written in both forms after a value ("{name}을(를)") then takes the one that fits."""
    if not values:
        return template
    filled = template.format(**values)
    return fit_particles(filled) if lang == KOREAN else filled


@dataclass(frozen=True)
class Strings:
    surface: str                                   # the folder: site, web-quiz, quiz, tiles
    tables: Mapping[str, Mapping[str, str]]        # language -> key -> template

    def text(self, lang: str, key: str, **values: object) -> str:
        """The string `key` in `lang`, with its {placeholders} filled from `values`."""
        template = self.tables[lang][key]
        return fill(lang, template, values)


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


def key_lines(surface: str, lang: str) -> dict[str, int]:
    """The line of each key of a strings file (1-based), for the messages; {} when the file
    does not parse (reading it says why)."""
    try:
        text = (I18N_DIR / surface / f"{lang}.yaml").read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    if not isinstance(root, yaml.MappingNode):
        return {}
    return {key.value: key.start_mark.line + 1 for key, _ in root.value if isinstance(key, yaml.ScalarNode)}


def problems(tables: Mapping[str, Mapping[str, str]], surface: str,
             lines: Mapping[str, Mapping[str, int]] | None = None) -> list[str]:
    """Keys missing or extra against the default language, placeholders that differ or are
    malformed, empty texts, markup where the string holds none (i18n/markup.py); each line
    names the file, the key's line when `lines` has it, and the key."""
    found = []
    reference = tables[DEFAULT_LANG]
    for lang, table in tables.items():
        file = f"i18n/{surface}/{lang}.yaml"
        where = file   # the line of the key when it is known, below
        found += [f"{where}: {key}: missing (it is in {DEFAULT_LANG}.yaml)" for key in reference if key not in table]
        found += [f"{where}: {key}: not in {DEFAULT_LANG}.yaml" for key in table if key not in reference]
        for key, value in table.items():
            if key not in reference:
                continue
            line = (lines or {}).get(lang, {}).get(key)
            where = f"{file}:{line}" if line else file
            wrong = None if not value.strip() else page_string_problem(surface, key, value)
            if not value.strip():
                found.append(f"{where}: {key}: empty")
            elif wrong:
                found.append(f"{where}: {key}: {wrong}")
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
    if found:   # read again for the lines of the keys the messages name
        raise StringsError("\n".join(problems(tables, surface, {lang: key_lines(surface, lang) for lang in LANGS})))
    return Strings(surface, MappingProxyType({lang: MappingProxyType(t) for lang, t in tables.items()}))


def surfaces() -> tuple[str, ...]:
    """The surfaces: the folders of i18n/ that hold strings files."""
    return tuple(sorted(p.name for p in I18N_DIR.iterdir() if p.is_dir() and any(p.glob("*.yaml"))))


def all_problems() -> list[str]:
    """Every problem of every surface's strings (`FILE:LINE: key: what`), for `mcr check`."""
    found: list[str] = []
    for surface in surfaces():
        try:
            strings.__wrapped__(surface)
        except StringsError as err:
            found += str(err).splitlines()
    return found
