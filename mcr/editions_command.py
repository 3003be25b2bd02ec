"""`mcr editions`: the editions of the rules the fan table holds, and what differs
between two of them, in the reader's language."""
from __future__ import annotations

import argparse
import json
from typing import Any

import rules
from i18n import LANGS

from .cli_text import cli_text, counted_text, has_cli_text, points_text

FAN_LIST_FIELDS = ("excludes", "absorbs")   # lists of fan ids, shown by name


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("action", nargs="?", choices=["list", "diff"], default="list",
                        help=cli_text(lang, "help_editions_action"))
    parser.add_argument("editions", nargs="*", metavar="EDITION", help=cli_text(lang, "help_editions_editions"))
    parser.add_argument("--fans", metavar="PATH", help=cli_text(lang, "help_fans_table"))


def _text(texts: dict[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    found = rules.editions(args.fans)
    if args.action == "list":
        if args.editions:
            print("mcr editions: " + cli_text(lang, "editions_list_takes_none"), flush=True)
            return 2
        for info, changes in found:
            source = info.source
            based = (cli_text(lang, "edition_based_on", based=info.based_on,
                              changes=counted_text(lang, "count_changes", len(changes)))
                     if info.based_on else cli_text(lang, "edition_own"))
            print(cli_text(lang, "edition_heading", id=info.id, name=info.name(lang), based=based))
            print("    " + cli_text(lang, "edition_source", publisher=_text(source.get("publisher", {}), lang),
                                    year=source.get("year", ""), title=_text(source.get("title", {}), lang)))
            print(f"    {_text(info.summary, lang)}")
        return 0
    known = [info.id for info, _ in found]
    if len(args.editions) != 2:
        print("mcr editions diff: " + cli_text(lang, "editions_give_two", example=" ".join(known[:2])))
        return 2
    unknown = [e for e in args.editions if e not in known]
    if unknown:
        print("mcr editions diff: " + counted_text(lang, "unknown_editions", len(unknown), editions=", ".join(unknown),
                                                   known=", ".join(known)))
        return 2
    a, b = args.editions
    shown = _Shown(lang, [rules.fan_table(args.fans, a), rules.fan_table(args.fans, b)])
    diffs = rules.edition_differences(a, b, args.fans)
    for d in diffs:
        print(shown.heading(d))
        for edition, value in ((a, d.before), (b, d.after)):
            print("    " + cli_text(lang, "edition_value", edition=edition, value=shown.value(value, d.field)))
        if d.why:
            print("    " + cli_text(lang, "diff_why", why=_text(d.why, lang)))
    print(counted_text(lang, "diff_count", len(diffs), a=a, b=b))
    return 0


class _Shown:
    """A difference's heading and values, in the reader's language: fans by name, texts in
    the language, predicates and settings as written (JSON, the table's own words)."""

    def __init__(self, lang: str, tables: list[rules.FanTable]) -> None:
        self.lang = lang
        self.names: dict[str, str] = {}
        self.questions: dict[str, str] = {}
        for table in tables:
            self.names.update({f.id: f.name(lang) for f in table.fans})
            self.questions.update({r.id: _text(r.question, lang) for r in table.rulings})

    def t(self, key: str, **values: object) -> str:
        return cli_text(self.lang, key, **values)

    def fan(self, fan_id: str) -> str:
        return f"{self.names.get(fan_id, fan_id)} [{fan_id}]"

    def heading(self, d: rules.Difference) -> str:
        if d.kind == "fan":
            return self.t("diff_fan_field", fan=self.fan(d.target), field=self.field(d.field))
        if d.kind == "new_fan":
            return self.t("diff_new_fan", fan=self.fan(d.target))
        if d.kind == "ruling":
            return self.t("diff_ruling", id=d.target, question=self.questions.get(d.target, ""))
        return self.t("diff_section", section=self.section(d.kind), setting=d.field)

    def field(self, name: str) -> str:
        return self._label(f"field_{name}", name)

    def section(self, name: str) -> str:
        return self._label(f"section_{name}", name)

    def _label(self, key: str, name: str) -> str:
        # A field or section i18n/cli/ does not word yet is shown as the table writes it.
        return self.t(key) if has_cli_text(self.lang, key) else name

    def value(self, value: Any, field: str, limit: int = 160) -> str:
        """A value on one line, shortened."""
        if value is None:
            return self.t("diff_none")
        if isinstance(value, bool):
            return self.t("diff_yes" if value else "diff_no")
        if isinstance(value, dict) and "id" in value and "names" in value:
            return self.t("diff_fan_value", fan=self.fan(value["id"]), points=points_text(self.lang, value.get("points")))
        if isinstance(value, dict) and "question" in value:
            return _short(_text(value["answer"], self.lang), limit)
        if isinstance(value, dict) and value and set(value) <= set(LANGS):
            return _short(_text(value, self.lang), limit)
        if field in FAN_LIST_FIELDS and isinstance(value, list):
            return self.t("list_separator").join(self._listed_fan(entry) for entry in value)
        return _short(json.dumps(value, ensure_ascii=False), limit)

    def _listed_fan(self, entry: Any) -> str:
        if isinstance(entry, dict) and "fan" in entry:
            return self.t("diff_at_most", fan=self.names.get(entry["fan"], entry["fan"]), n=entry.get("at_most"))
        return self.names.get(entry, str(entry)) if isinstance(entry, str) else str(entry)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
