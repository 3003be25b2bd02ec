"""What differs between two editions of a table: every fan field, ruling, setting and
section, with the reason the overlay gives for it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FanTableError
from .editions import changes_of, overlay_paths, read_overlay, resolve
from .table_source import strip_lines

SECTIONS = ("settings", "points", "settlement", "competition")   # whole-table sections an edition may change
IGNORED_FAN_FIELDS = ("examples",)                # shown by the examples themselves


@dataclass(frozen=True, slots=True)
class Difference:
    kind: str             # fan, new_fan, ruling, or a section name
    target: str           # the fan or ruling id ("" for a section)
    field: str            # the fan field or section key ("" for a whole ruling or fan)
    before: Any
    after: Any
    why: dict[str, str]   # the reason, as the overlay documents it ({} if it does not)


def _fans(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["id"]: f for f in data["fans"]}


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def differences(table_path: Path, shown: str, a: str, b: str, *, trust_cache: bool = True) -> list[Difference]:
    """Every difference from edition `a` to edition `b` of the table."""
    first = strip_lines(resolve(table_path, shown, a, trust_cache=trust_cache)[0])
    second = strip_lines(resolve(table_path, shown, b, trust_cache=trust_cache)[0])
    reasons = _reasons(table_path, trust_cache)
    out: list[Difference] = []
    fans_a, fans_b = _fans(first), _fans(second)
    for fan_id in list(fans_a) + [f for f in fans_b if f not in fans_a]:
        fa, fb = fans_a.get(fan_id), fans_b.get(fan_id)
        if fa is None or fb is None:
            out.append(Difference("new_fan", fan_id, "", fa, fb, reasons.get(("new_fan", fan_id, ""), {})))
            continue
        for field in sorted((set(fa) | set(fb)) - set(IGNORED_FAN_FIELDS)):
            if not _same(fa.get(field), fb.get(field)):
                out.append(Difference("fan", fan_id, field, fa.get(field), fb.get(field),
                                      reasons.get(("fan", fan_id, field), {})))
    rulings_a = {r["id"]: r for r in first.get("rulings") or []}
    rulings_b = {r["id"]: r for r in second.get("rulings") or []}
    for rid in list(rulings_a) + [r for r in rulings_b if r not in rulings_a]:
        if not _same(rulings_a.get(rid), rulings_b.get(rid)):
            out.append(Difference("ruling", rid, "", rulings_a.get(rid), rulings_b.get(rid),
                                  reasons.get(("ruling", rid, ""), {})))
    for section in SECTIONS:
        sa, sb = first.get(section) or {}, second.get(section) or {}
        for key in sorted(set(sa) | set(sb)):
            if not _same(sa.get(key), sb.get(key)):
                out.append(Difference(section, "", key, sa.get(key), sb.get(key),
                                      reasons.get((section, "", key), {})))
    return out


def _reasons(table_path: Path, trust_cache: bool) -> dict[tuple[str, str, str], dict[str, str]]:
    """What every overlay beside the table says about each thing it changes."""
    found: dict[tuple[str, str, str], dict[str, str]] = {}
    for path in overlay_paths(table_path).values():
        try:
            overlay = read_overlay(path, str(path), trust_cache=trust_cache)
        except FanTableError:
            continue   # a broken file says nothing about the others' changes; its own check reports it
        for change in changes_of(overlay):
            for field in change.fields or ("",):
                found.setdefault((change.kind, change.target, field), change.why)
    return found
