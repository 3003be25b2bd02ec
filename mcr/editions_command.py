"""`mcr editions`: the editions of the rules the fan table holds, and what differs
between two of them."""
from __future__ import annotations

import argparse
import json
from typing import Any

import rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=["list", "diff"], default="list",
                        help="list the editions (default), or diff two of them")
    parser.add_argument("editions", nargs="*", metavar="EDITION", help="with diff: the two editions to compare")
    parser.add_argument("--fans", metavar="PATH", help="another fan table (default: the project's fans.yaml)")
    parser.add_argument("--lang", default="en", help="language of names and reasons (default en)")


def _text(texts: dict[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


def run(args: argparse.Namespace) -> int:
    found = rules.editions(args.fans)
    if args.action == "list":
        if args.editions:
            print("mcr editions: 'list' takes no edition; use 'mcr editions diff A B'", flush=True)
            return 2
        for info, changes in found:
            source = info.source
            based = f", based on {info.based_on} ({len(changes)} changes)" if info.based_on else ", the table's own"
            print(f"{info.id}: {info.name(args.lang)}{based}")
            print(f"    {_text(source.get('publisher', {}), args.lang)}, {source.get('year', '')}: "
                  f"{_text(source.get('title', {}), args.lang)}")
            print(f"    {_text(info.summary, args.lang)}")
        return 0
    known = [info.id for info, _ in found]
    if len(args.editions) != 2:
        print(f"mcr editions diff: give two editions, e.g. 'mcr editions diff {' '.join(known[:2])}'")
        return 2
    unknown = [e for e in args.editions if e not in known]
    if unknown:
        print(f"mcr editions diff: unknown edition(s) {', '.join(unknown)}; known: {', '.join(known)}")
        return 2
    a, b = args.editions
    diffs = rules.edition_differences(a, b, args.fans)
    for d in diffs:
        what = {"fan": f"fan {d.target}: {d.field}", "new_fan": f"fan {d.target}",
                "ruling": f"ruling {d.target}"}.get(d.kind, f"{d.kind}: {d.field}")
        print(f"{what}\n    {a}: {_shown(d.before)}\n    {b}: {_shown(d.after)}")
        if d.why:
            print(f"    why: {_text(d.why, args.lang)}")
    print(f"{len(diffs)} difference(s) between {a} and {b}")
    return 0


def _shown(value: Any, limit: int = 160) -> str:
    """A value on one line, shortened: ids and lists as written, texts in full."""
    if value is None:
        return "(none)"
    if isinstance(value, dict) and "id" in value and "names" in value:
        return f"{value['id']} ({value.get('points')} points)"
    if isinstance(value, dict) and "question" in value:
        return _text(value["answer"], "en")[:limit]
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "..."
