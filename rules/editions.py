"""Editions of the rules, as data: the fan table is one edition (its `edition:` section),
and each file `editions/<id>.yaml` beside it is another, written as the changes it makes
to the edition it is based on.

An overlay is a list of documented changes (each with the reason, in every language):
fields of a fan replaced (points, exclusions, predicates, texts), fans added, rulings
added or replaced, the settings of the generic principles, and the examples that
show the edition where it differs. Applying it gives a whole table, checked and
compiled like any other, so no Python names an edition's difference.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FanTableError, RulesError
from .source_lines import SourceLine
from .table_schema import overlay_schema_problems
from .table_source import read_table_data, strip_lines
from .yaml_loader import Items

EDITIONS_FOLDER = "editions"
# The fan fields an edition may change (the id and number are what it changes them on).
CHANGEABLE_FIELDS = ("points", "names", "definition", "note", "family", "excludes", "absorbs", "repeatable",
                     "account_once", "sets", "when", "count", "rulings")
# The whole-table sections an edition may change, key by key.
TABLE_SECTIONS = ("settlement", "competition", "points")
# In an edition's summary, the number of its fans, counted in its table where it is shown:
# the count is written nowhere by hand, so a fan added cannot leave the summary wrong.
FAN_COUNT = "{fans}"


class EditionError(RulesError):
    """An edition that does not exist, or cannot be read."""


@dataclass(frozen=True, slots=True)
class EditionInfo:
    """Who an edition is: its id, names, source and summary, and what it is based on."""

    id: str
    names: dict[str, str]
    source: dict[str, Any]    # publisher, year and title, each text in every language
    summary: dict[str, str]   # FAN_COUNT filled in, where the edition's fans are known
    based_on: str | None
    path: str                 # the file that declares it

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id


@dataclass(frozen=True, slots=True)
class Change:
    """One documented difference of an edition from the one it is based on."""

    kind: str                 # fan, new_fan, ruling, settings, settlement, competition, points
    target: str               # the fan or ruling id ("" for settings and settlement)
    fields: tuple[str, ...]   # what it changes
    why: dict[str, str]
    line: int


def info_of(data: dict[str, Any], path: str, fans: int | None = None) -> EditionInfo:
    """Who the edition of `data` is; its summary says how many fans it has: `fans`, else
    those of `data` where it is a whole table."""
    e = data.get("edition") or {}
    strip = strip_lines
    summary = strip(e.get("summary") or {})
    if fans is None and isinstance(data.get("fans"), list):
        fans = len(data["fans"])
    if fans is not None:
        summary = {lang: text.replace(FAN_COUNT, str(fans)) if isinstance(text, str) else text
                   for lang, text in summary.items()}
    return EditionInfo(id=str(e.get("id", "")), names=strip(e.get("names") or {}), source=strip(e.get("source") or {}),
                       summary=summary, based_on=e.get("based_on"), path=path)


def overlay_paths(table_path: Path) -> dict[str, Path]:
    """The overlay files beside a table, by edition id (the file's name)."""
    folder = table_path.parent / EDITIONS_FOLDER
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}


def _tag_lines(value: Any, file: str) -> Any:
    """Mark every `__line__` of overlay data, and every place of a list's item, with its file."""
    if isinstance(value, dict):
        return {k: (SourceLine(v, file) if k == "__line__" and isinstance(v, int) else _tag_lines(v, file))
                for k, v in value.items()}
    if isinstance(value, list):
        places = [(SourceLine(line, file), column) for line, column in getattr(value, "places", ())]
        return Items([_tag_lines(v, file) for v in value], places)
    return value


def read_overlay(path: Path, shown: str, *, trust_cache: bool = True) -> dict[str, Any]:
    """An overlay's data, checked against its schema (problems with `FILE:LINE`)."""
    data = read_table_data(path, shown, trust_cache=trust_cache)
    problems = overlay_schema_problems(data, shown)
    if problems:
        raise FanTableError(problems)
    return _tag_lines(data, shown)


def changes_of(overlay: dict[str, Any]) -> tuple[Change, ...]:
    out = []
    for c in overlay.get("changes") or ():
        why = strip_lines(c.get("why") or {})
        if "fan" in c:
            out.append(Change("fan", c["fan"], tuple(k for k in c["set"] if k != "__line__"), why, c["__line__"]))
        elif "new_fan" in c:
            out.append(Change("new_fan", c["new_fan"]["id"], (), why, c["__line__"]))
        elif "ruling" in c:
            out.append(Change("ruling", c["ruling"]["id"], (), why, c["__line__"]))
        elif "settings" in c:
            out.append(Change("settings", "", tuple(k for k in c["settings"] if k != "__line__"), why, c["__line__"]))
        else:  # a section of the table: settlement, competition or points
            section = next(s for s in TABLE_SECTIONS if s in c)
            out.append(Change(section, "", tuple(k for k in c[section] if k != "__line__"), why, c["__line__"]))
    return tuple(out)


def _changed_fields(change: dict[str, Any]) -> list[tuple[str, str]]:
    """What a change sets: (what, field) pairs, e.g. ('fan ID', 'points')."""
    if "fan" in change:
        return [(f"fan {change['fan']}", k) for k in change["set"] if k != "__line__"]
    for section in ("settings", *TABLE_SECTIONS):
        if section in change:
            return [(section, k) for k in change[section] if k != "__line__"]
    return []


def _overlay_change_problems(overlay: dict[str, Any], languages: tuple[str, ...], shown: str) -> list[str]:
    """A field changed twice (the last would win unseen), a `why` or a changed fan's texts
    without a language the table has (as a fan's names may not)."""
    problems: list[str] = []
    first: dict[tuple[str, str], Any] = {}
    for change in overlay.get("changes") or ():
        line = change["__line__"]
        for key in _changed_fields(change):
            if key in first:
                problems.append(f"{shown}:{int(line)}: {key[0]}: '{key[1]}' is changed twice (first at line "
                                f"{int(first[key])}); the last change would silently win")
            else:
                first[key] = line
        why = change.get("why") or {}
        problems += [f"{shown}:{int(line)}: why has no '{lang}' text (languages: {', '.join(languages)})"
                     for lang in languages if not why.get(lang)]
    return problems


def apply_overlay(base: dict[str, Any], overlay: dict[str, Any], shown: str) -> dict[str, Any]:
    """The whole table of the overlay's edition: the base with every change made.
    Unknown fans or rulings named by the overlay are problems with the overlay's line."""
    data = copy.deepcopy(base)
    data["edition"] = overlay["edition"]
    fans = {f["id"]: f for f in data["fans"]}
    problems = _overlay_change_problems(overlay, tuple(base.get("languages") or ()), shown)
    for change in overlay.get("changes") or ():
        line = change["__line__"]
        if "fan" in change:
            fan = fans.get(change["fan"])
            if fan is None:
                problems.append(f"{shown}:{int(line)}: changes an unknown fan '{change['fan']}'")
                continue
            for key, value in change["set"].items():
                if key != "__line__":
                    fan[key] = value
            fan["__line__"] = line  # what goes wrong with this fan now is the change's doing
        elif "new_fan" in change:
            new = {**change["new_fan"], "__line__": line}
            if new["id"] in fans:
                problems.append(f"{shown}:{int(line)}: new fan '{new['id']}' is already a fan; change it instead")
                continue
            data["fans"].append(new)
            fans[new["id"]] = new
        elif "ruling" in change:
            rulings = data.setdefault("rulings", [])
            ruling = {**change["ruling"], "__line__": line}
            at = next((i for i, r in enumerate(rulings) if r["id"] == ruling["id"]), None)
            if at is None:
                rulings.append(ruling)
            else:
                rulings[at] = ruling
        else:  # the settings, or a section of the table: settlement, competition or points
            section = next(k for k in ("settings", *TABLE_SECTIONS) if k in change)
            target = data.setdefault(section, {})
            target.update({k: v for k, v in change[section].items() if k != "__line__"})
            target["__line__"] = change[section].get("__line__", line)   # its problems are the edition's
    for fan_id, examples in (overlay.get("examples") or {}).items():
        if fan_id == "__line__":
            continue
        fan = fans.get(fan_id)
        if fan is None:
            problems.append(f"{shown}:{int(overlay['examples']['__line__'])}: examples of an unknown fan '{fan_id}'")
            continue
        fan["examples"] = _merged_examples(fan.get("examples") or [], examples)
    if problems:
        raise FanTableError(problems)
    return data


def _example_key(example: dict[str, Any]) -> tuple[str, str]:
    situation = strip_lines(example.get("situation") or {})
    return example["hand"], json.dumps(situation, sort_keys=True)


def _merged_examples(base: list[dict[str, Any]], edition: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The base examples, each replaced by the edition's example of the same hand and
    situation, then the edition's other examples."""
    mine = {_example_key(e): e for e in edition}
    merged = [mine.pop(_example_key(e), e) for e in base]
    return merged + [e for e in edition if _example_key(e) in mine]


@dataclass(frozen=True)
class _Table:
    """A table's own data and the overlays beside it, as an edition is resolved from them."""

    path: Path
    shown: str
    base: dict[str, Any]
    base_id: str
    overlays: dict[str, Path]
    trust_cache: bool


def resolve(table_path: Path, shown: str, edition: str | None, *,
            trust_cache: bool = True) -> tuple[dict[str, Any], str]:
    """The data of `edition` of the table at `table_path` (None: the table's own), and
    the name its problems are reported under."""
    base = read_table_data(table_path, shown, trust_cache=trust_cache)
    base_id = str(((base.get("edition") or {}) if isinstance(base, dict) else {}).get("id", ""))
    if edition is None or edition == base_id:
        return base, shown
    overlays = overlay_paths(table_path)
    if edition not in overlays:
        known = ", ".join([base_id or "(the table's own)"] + sorted(overlays))
        raise EditionError(f"unknown edition '{edition}'; editions of {shown}: {known}", "unknown_edition",
                           edition=edition, known=tuple(i for i in [base_id, *sorted(overlays)] if i))
    return _resolve_overlay(_Table(table_path, shown, base, base_id, overlays, trust_cache), edition, ()), shown


def _resolve_overlay(table: _Table, edition: str, seen: tuple[str, ...]) -> dict[str, Any]:
    path = table.overlays[edition]
    shown_overlay = str(Path(table.shown).parent / EDITIONS_FOLDER / path.name) if table.shown else str(path)
    overlay = read_overlay(path, shown_overlay, trust_cache=table.trust_cache)
    where = f"{shown_overlay}:{int(overlay['edition']['__line__'])}"
    if str(overlay["edition"]["id"]) != edition:
        raise FanTableError([f"{where}: the edition id '{overlay['edition']['id']}' must be the file's name, "
                             f"'{edition}'"])
    parent = str(overlay["edition"]["based_on"])
    if parent in seen + (edition,):
        raise FanTableError([f"{where}: editions based on each other in a loop: "
                             f"{' -> '.join(seen + (edition, parent))}"])
    if parent == table.base_id:
        parent_data = table.base
    elif parent in table.overlays:
        parent_data = _resolve_overlay(table, parent, seen + (edition,))
    else:
        raise FanTableError([f"{where}: based on an unknown edition '{parent}'"])
    return apply_overlay(parent_data, overlay, shown_overlay)


def list_editions(table_path: Path, shown: str) -> list[tuple[EditionInfo, tuple[Change, ...]]]:
    """Every edition of a table: its own first, then each overlay with its changes."""
    base = read_table_data(table_path, shown)
    out: list[tuple[EditionInfo, tuple[Change, ...]]] = [(info_of(base, shown), ())]
    overlays = {edition_id: (path, read_overlay(path, str(Path(shown).parent / EDITIONS_FOLDER / path.name)))
                for edition_id, path in overlay_paths(table_path).items()}
    counts = _fan_counts(base, {edition_id: overlay for edition_id, (_, overlay) in overlays.items()})
    for edition_id, (path, overlay) in overlays.items():
        shown_overlay = str(Path(shown).parent / EDITIONS_FOLDER / path.name)
        out.append((info_of(overlay, shown_overlay, counts.get(edition_id)), changes_of(overlay)))
    return out


def _fan_counts(base: dict[str, Any], overlays: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The number of fans of each edition, without building its table (every program that
    lists the editions would pay for that): its base's, and the fans it adds (apply_overlay
    adds each new fan, and refuses one that is already a fan). An edition on an unknown
    base, or in a loop of bases, is left out: mcr check says what is wrong with it."""
    base_id = str((base.get("edition") or {}).get("id", ""))
    counts = {base_id: len(base.get("fans") or ())}

    def count(edition_id: str, seen: tuple[str, ...]) -> int | None:
        overlay = overlays.get(edition_id)
        if edition_id in counts or overlay is None or edition_id in seen:
            return counts.get(edition_id)
        below = count(str(overlay["edition"].get("based_on")), (*seen, edition_id))
        if below is not None:
            counts[edition_id] = below + sum("new_fan" in change for change in overlay.get("changes") or ())
        return counts.get(edition_id)
    for edition_id in overlays:
        count(edition_id, ())
    return counts
