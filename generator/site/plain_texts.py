"""The texts of a fan table are plain text: one problem for each that holds markup.

`mcr check` and the site build ask (the engine does not: the terminal and JSON show a text as
it is, and the browser's engine holds `rules` alone). Every name, definition, note, summary, family, ruling and reason of fans.yaml and of an
edition's file is shown on the site as written (the page generators escape it), in the
terminal and in JSON. HTML or Markdown in one is a mistake that would show on the page as
it was typed; i18n/markup.py says what counts. The keys that become part of a page's
markup (a family's key sits in an attribute and an address) are identifiers.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from i18n.markup import markup_advice, plain_text_markup
from rules import EDITIONS_FOLDER, RulesError, change_name, read_table_data


_LANGUAGE = re.compile(r"^[a-z]{2}$")
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")
_LABELLED = {"fans": "fan", "rulings": "ruling", "impossible": "situation"}   # lists of items with an id


def _is_text(node: Any) -> bool:
    """A text in each language: {en: "...", zh: "...", ...} (the schema's `text`)."""
    keys = [k for k in node if k != "__line__"] if isinstance(node, dict) else []
    return bool(keys) and all(isinstance(k, str) and _LANGUAGE.match(k) and isinstance(node[k], str) for k in keys)


def _item_label(kind: str, item: Any) -> str:
    if not isinstance(item, dict):
        return kind
    if kind == "changes":   # an edition's change: named by what it changes
        return change_name(item) or "change"
    ident = item.get("id")
    return f"{_LABELLED.get(kind, kind)} {ident}" if isinstance(ident, str) else kind


def _texts(node: Any, line: Any, label: str, field: str) -> Iterator[tuple[Any, str, str, str]]:
    """(line, label, field, text) for every string a page may show under `node`."""
    if isinstance(node, dict):
        here = node.get("__line__", line)
        if _is_text(node):
            for lang, value in node.items():
                if lang != "__line__":
                    yield here, label, f"{field} ({lang})", value
            return
        for key, value in node.items():
            if key in ("__line__", "when", "count", "sets", "examples", "settlement", "settings", "points"):
                continue   # predicates, formulas, numbers, example hands: no text of a page
            inner = f"{field}.{key}" if field else str(key)
            if isinstance(value, str) and key in ("pinyin", "version"):
                yield here, label, inner, value
            else:
                yield from _texts(value, here, label, inner)
    elif isinstance(node, list):
        kind = field.rsplit(".", 1)[-1]
        for item in node:
            inner_line = item.get("__line__", line) if isinstance(item, dict) else line
            item_label = _item_label(kind, item)
            yield from _texts(item, inner_line, item_label if item_label != kind else label,
                              "" if item_label != kind else field)


def markup_problems(data: Any, shown: str) -> list[str]:
    """`PATH:LINE: fan ID: names (en) holds an HTML tag '<svg': ...` for each text of a
    table's (or an edition file's) parsed data that holds markup, and each family key that
    is not an identifier."""
    if not isinstance(data, dict):
        return []
    problems, seen = [], set()
    for line, label, field, value in _texts(data, data.get("__line__", 1), "", ""):
        found = plain_text_markup(value, backticks=True)   # shown as typed: md_escape escapes them
        if found is not None and (line, field, value) not in seen:   # a YAML alias repeats a text: once
            seen.add((line, field, value))
            where = f"{label}: " if label else ""
            problems.append(f"{shown}:{line}: {where}{field} holds {found}: {markup_advice(found)}")
    return problems + _family_key_problems(data, shown)


def _family_key_problems(data: dict[str, Any], shown: str) -> list[str]:
    """A family's key stands in pages' attributes and addresses: an identifier."""
    rule = "is not an identifier (a-z, 0-9 and _, a letter first): pages use it in addresses"
    problems = []
    families = data.get("families")
    if isinstance(families, dict):
        problems += [f"{shown}:{families.get('__line__', 1)}: families: the key {str(key)!r} {rule}"
                     for key in families if key != "__line__" and not _IDENTIFIER.match(str(key))]
    for fan in data.get("fans") or []:
        family = fan.get("family") if isinstance(fan, dict) else None
        if isinstance(family, str) and not _IDENTIFIER.match(family):
            problems.append(f"{shown}:{fan.get('__line__', 1)}: fan {fan.get('id')}: family {family!r} {rule}")
    return problems


def table_markup_problems(path: Path, shown: str) -> list[str]:
    """The markup problems of the table file at `path` (named `shown` in the messages) and of
    the editions beside it (its folder's editions/); a file that does not read is left to the
    engine's checks, which say why."""
    files = [(path, shown)] + [(f, str(Path(shown).parent / EDITIONS_FOLDER / f.name))
                               for f in sorted((path.parent / EDITIONS_FOLDER).glob("*.yaml"))]
    problems: list[str] = []
    for file, name in files:
        try:
            problems += markup_problems(read_table_data(file, name), name)
        except RulesError:
            continue
    return problems
