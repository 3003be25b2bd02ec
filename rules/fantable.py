"""The fan table as values: fans, examples, rulings, settlement, competition and situation rules.

The loader trusts nothing: `load_fan_table` reads the file (rules.table_source), runs
every check of rules.table_checks on the data and raises FanTableError with one line per
problem, so the evaluator never meets a malformed table. Data that passed the checks is
cached (rules.table_cache) under the hash of the files it was made from, and used again
only while they are unchanged and its checksum holds.
"""
from __future__ import annotations

import heapq
import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

from .competition import Competition, competition_from
from .editions import EditionInfo, info_of, overlay_paths, resolve
from .errors import FanTableError
from .exclusion_lists import exclusion_ids, exclusion_limits
from .principle_settings import DEFAULT_SETTINGS, PrincipleSettings, settings_from
from .program import Found, build_program, set_combinations
from .settlement import Settlement, compile_settlement
from .situation_rules import Implication, ImpossibleSituation, SituationRules, flags_read
from .table_cache import content_key, engine_version, read_entry, write_entry
from .table_checks import check_table_data
from .table_source import read_file_bytes, strip_lines
from .vocabulary import compile_predicate


def _project_table() -> Path:
    """The project's fans.yaml: inside the package where a wheel puts it (rules/table/, with
    its editions/; see setup.py), else at the top of the checkout, where the card keeps it."""
    here = Path(__file__).resolve().parent
    packaged = here / "table" / "fans.yaml"
    return packaged if packaged.is_file() else here.parent / "fans.yaml"


DEFAULT_FANS_PATH = _project_table()

@dataclass(frozen=True, slots=True)
class NotCountedClaim:
    """What an example says about a fan that applies but does not count."""

    principle: str           # non_repeat, non_separation, non_identical, account_once
    by: str | None = None    # the fan that excludes it (non_repeat)


@dataclass(frozen=True, slots=True)
class Example:
    """A hand and what it shows about its fan: how often the fan counts (0: not at
    all), why not where that is the point, and the other fans it is about."""

    hand: str
    situation: dict[str, Any]
    counts: int
    not_counted: NotCountedClaim | None
    with_fans: dict[str, int]    # other fans this example is about: their counts (0: not counted)
    total: int | None            # only where the total is the point
    line: int

    @property
    def matches(self) -> bool:
        return self.counts > 0


@dataclass(frozen=True, slots=True)
class Fan:
    number: int
    id: str
    points: int
    names: dict[str, str]
    definitions: dict[str, str]
    notes: dict[str, str]
    family: str
    excludes: tuple[str, ...]
    absorbs: tuple[str, ...]
    repeatable: bool
    account_once: bool
    fallback: bool
    bonus: bool
    sets_from: Any
    choose: int | str | None
    when: Any
    count: Any
    examples: tuple[Example, ...]
    rulings: tuple[str, ...]
    line: int
    precedence: int = 0   # place in the exclusion graph's order: before every fan it excludes
    exclude_limits: dict[str, int] = field(default_factory=dict)  # fan id -> how many of its matches it excludes
    other_names: dict[str, str] = field(default_factory=dict)     # names from elsewhere, where players use them
    summaries: dict[str, str] = field(default_factory=dict)  # the definition in one short line (the fan sheet)
    pinyin: str = ""          # the Chinese name in Hanyu Pinyin, for readers of the other languages

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    fans: tuple[str, ...]
    question: dict[str, str]
    answer: dict[str, str]
    alternatives: dict[str, str]
    line: int


@dataclass(frozen=True)
class CompiledFan:
    """A fan with its predicates as Python callables, each compiled when first used: the
    table's program (rules.program) scores every hand, and a fan's own callables serve only
    the fallback fan and the message naming a fan whose predicate fails, so a start does
    not compile the eighty others."""

    fan: Fan

    @cached_property
    def sets_from(self) -> Callable[[Any], Any] | None:
        fan = self.fan
        return None if fan.sets_from is None else compile_predicate(fan.sets_from, f"fan {fan.id}: sets.from")

    @cached_property
    def when(self) -> Callable[..., Any] | None:
        fan = self.fan
        return None if fan.when is None else compile_predicate(fan.when, f"fan {fan.id}: when",
                                                               item_scope=fan.sets_from is not None)

    @cached_property
    def count(self) -> Callable[[Any], Any] | None:
        fan = self.fan
        return None if fan.count is None else compile_predicate(fan.count, f"fan {fan.id}: count")

    def instances(self, ctx: Any, index_of: dict[int, int]) -> list[tuple[tuple[int, ...], int]]:
        """Where the fan applies: (group indices, count) pairs; () stands for the whole hand."""
        fan = self.fan
        if self.sets_from is not None:
            candidates = set_combinations(self.sets_from(ctx), fan.choose)
            if not candidates:
                return []
            found = []
            for combo in candidates:
                if self.when is None or self.when(ctx, combo):
                    found.append((tuple(index_of[id(g)] for g in combo), 1))
            return found
        if self.when is not None and not self.when(ctx):
            return []
        n = 1 if self.count is None else int(self.count(ctx))
        return [((), n)] if n > 0 else []


@dataclass(frozen=True)
class FanTable:
    path: str
    version: str
    languages: tuple[str, ...]
    settlement: Settlement
    point_levels: tuple[int, ...]
    big_points: int
    fans: tuple[Fan, ...]
    rulings: tuple[Ruling, ...]
    situations: SituationRules = SituationRules()
    families: dict[str, dict[str, str]] = field(default_factory=dict)
    edition: EditionInfo | None = None
    settings: PrincipleSettings = DEFAULT_SETTINGS
    competition: Competition | None = None   # the facts of a session (None only in a table built by hand)
    source: str | None = None   # the table file as the caller named it (None: the project's)
    compiled: tuple[CompiledFan, ...] = field(repr=False, default=())
    program: Callable[[Any, dict[int, int]], Found] | None = field(repr=False, default=None)
    # Worked out from the fields above by __post_init__ (see there).
    _fallbacks: tuple[CompiledFan, ...] = field(init=False, repr=False, compare=False, default=())
    _by_id: dict[str, Fan] = field(init=False, repr=False, compare=False, default_factory=dict)

    @property
    def minimum_points(self) -> int:
        return self.settlement.minimum

    @property
    def fallbacks(self) -> tuple[CompiledFan, ...]:
        return self._fallbacks

    def __post_init__(self) -> None:
        # The fallback fans (Chicken Hand), looked up once instead of once per reading.
        object.__setattr__(self, "_fallbacks", tuple(c for c in self.compiled if c.fan.fallback))
        object.__setattr__(self, "_by_id", {f.id: f for f in self.fans})

    @property
    def by_id(self) -> dict[str, Fan]:
        return dict(self._by_id)

    def fan(self, fan_id: str) -> Fan:
        return self._by_id[fan_id]

    def rulings_on(self, fan_ids: Iterable[str]) -> tuple[Ruling, ...]:
        """The rulings on any of these fans, in the table's order: a ruling names the fans
        it concerns, and a fan may list more rulings (its `rulings`); either link counts."""
        wanted = set(fan_ids)
        listed = {r for f in wanted if f in self._by_id for r in self._by_id[f].rulings}
        return tuple(r for r in self.rulings if r.id in listed or wanted.intersection(r.fans))

    def fans_under(self, ruling: Ruling) -> tuple[str, ...]:
        """The fans a ruling concerns: those it names, then those that list it."""
        named = [f for f in ruling.fans if f in self._by_id]
        return tuple(named + [f.id for f in self.fans if ruling.id in f.rulings and f.id not in named])


def _text_map(value: Any) -> dict[str, str]:
    return dict(value) if isinstance(value, dict) else {}


def exclusion_order(fans: list[dict[str, Any]]) -> dict[str, int]:
    """Each fan's place when settling exclusions: every fan comes before the fans it
    excludes or absorbs (a topological order of the exclusion graph), and among fans
    the graph leaves free, the lower number first. A cycle (which the checks report)
    leaves its fans in number order."""
    number = {f["id"]: f["number"] for f in fans}
    edges = {f["id"]: [t for t in exclusion_ids(f.get("excludes")) + (f.get("absorbs") or []) if t in number]
             for f in fans}
    incoming = {fid: 0 for fid in number}
    for targets in edges.values():
        for t in set(targets):
            incoming[t] += 1
    ready = [(number[fid], fid) for fid, n in incoming.items() if n == 0]
    heapq.heapify(ready)
    order: dict[str, int] = {}
    while ready:
        _, fid = heapq.heappop(ready)
        order[fid] = len(order)
        for t in set(edges[fid]):
            incoming[t] -= 1
            if incoming[t] == 0:
                heapq.heappush(ready, (number[t], t))
    for fid in sorted(set(number) - set(order), key=number.__getitem__):
        order[fid] = len(order)
    return order


def _example(raw: dict[str, Any], line: int) -> Example:
    claim = raw.get("not_counted")
    return Example(
        hand=raw["hand"], situation=dict(raw.get("situation") or {}), counts=raw["counts"],
        not_counted=NotCountedClaim(claim["principle"], claim.get("by")) if claim else None,
        with_fans=dict(raw.get("with") or {}), total=raw.get("total"), line=line)


def build_table(data: dict[str, Any], path: str) -> FanTable:
    """Turn checked data into a FanTable (no validation here: see rules.table_checks)."""
    data_lines = data
    data = strip_lines(data)
    order = exclusion_order(data["fans"])
    fans = []
    for raw, raw_lines in zip(data["fans"], data_lines["fans"]):
        sets = raw.get("sets") or {}
        examples = tuple(_example(e, el.get("__line__", 0))
                         for e, el in zip(raw.get("examples") or [], raw_lines.get("examples") or []))
        fans.append(Fan(
            number=raw["number"], id=raw["id"], points=raw["points"], names=_text_map(raw.get("names")),
            definitions=_text_map(raw.get("definition")), notes=_text_map(raw.get("note")),
            summaries=_text_map(raw.get("summary")), other_names=_text_map(raw.get("other_names")),
            pinyin=str(raw.get("pinyin") or ""),
            family=raw.get("family", ""), excludes=tuple(exclusion_ids(raw.get("excludes"))),
            exclude_limits=exclusion_limits(raw.get("excludes")),
            absorbs=tuple(raw.get("absorbs") or ()),
            repeatable=bool(raw.get("repeatable", False)), account_once=bool(raw.get("account_once", False)),
            fallback=bool(raw.get("fallback", False)), bonus=bool(raw.get("bonus", False)),
            sets_from=sets.get("from"), choose=sets.get("choose"), when=raw.get("when"), count=raw.get("count"),
            examples=examples, rulings=tuple(raw.get("rulings") or ()), line=raw_lines.get("__line__", 0),
            precedence=order[raw["id"]]))
    rulings = tuple(
        Ruling(id=r["id"], fans=tuple(r.get("fans") or ()), question=_text_map(r.get("question")),
               answer=_text_map(r.get("answer")), alternatives=_text_map(r.get("alternatives")),
               line=rl.get("__line__", 0))
        for r, rl in zip(data.get("rulings") or [], data_lines.get("rulings") or []))
    settlement = data["settlement"]
    situations = data.get("situations") or {}
    situation_lines = data_lines.get("situations") or {}
    rules = SituationRules(
        implications=tuple(Implication(i["flag"], i["brings"]) for i in situations.get("implies") or ()),
        impossible=tuple(ImpossibleSituation(r["id"], r["when"], _text_map(r.get("reason")),
                                             rl.get("__line__", 0), flags_read(r["when"]))
                         for r, rl in zip(situations.get("impossible") or (), situation_lines.get("impossible") or ())))
    return FanTable(
        path=path, version=str(data["version"]), languages=tuple(data["languages"]),
        settlement=Settlement(settlement["base"], settlement["minimum"], settlement["payments"]),
        point_levels=tuple(data["points"]["levels"]), big_points=data["points"]["big"],
        fans=tuple(sorted(fans, key=lambda f: f.number)), rulings=rulings, situations=rules,
        families={k: _text_map(v) for k, v in (data.get("families") or {}).items()},
        edition=info_of(data_lines, path), settings=settings_from(data.get("settings")),
        competition=competition_from(data["competition"]))


def compile_table(table: FanTable) -> FanTable:
    compiled = [CompiledFan(fan) for fan in table.fans]
    situations = SituationRules(
        table.situations.implications, table.situations.impossible,
        tuple(compile_predicate(r.when, f"situation {r.id}: when") for r in table.situations.impossible))
    return replace(table, settlement=compile_settlement(table.settlement), situations=situations,
                   compiled=tuple(compiled), program=build_program(table.fans))


def load_fan_table(path: str | os.PathLike[str] | None = None, *, edition: str | None = None,
                   trust_cache: bool = True) -> FanTable:
    """Load, check and compile a fan table, in one of its editions (None: the table's
    own); FanTableError lists every problem found, EditionError names an unknown edition.
    With `trust_cache` (not for `mcr check`), data checked before from the very same
    files is taken from the cache instead of being checked again."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    shown = str(path) if path is not None else "fans.yaml"
    key = _checked_key(file_path, shown, edition)
    data = read_entry("checked", key) if trust_cache else None
    if data is None:
        data, shown = resolve(file_path, shown, edition, trust_cache=trust_cache)
        problems = check_table_data(data, shown)
        if problems:
            raise FanTableError(problems)
        if _checked_key(file_path, shown, edition) == key:   # the files did not change meanwhile
            write_entry("checked", key, data)
    return replace(compile_table(build_table(data, shown)), source=os.fspath(path) if path is not None else None)


def _checked_key(file_path: Path, shown: str, edition: str | None) -> str:
    """What a table's checked data is made from: the table's bytes, every overlay beside
    it (an edition may be based on another), the edition asked for, the engine's code."""
    overlays = overlay_paths(file_path)
    parts: list[bytes | str] = ["checked", engine_version(), edition or "", read_file_bytes(file_path, shown)]
    for overlay_id, overlay in overlays.items():
        parts += [overlay_id, read_file_bytes(overlay, str(overlay))]
    return content_key(*parts)


def table_from_data(data: Any, shown: str, *, checked: bool = False) -> FanTable:
    """A compiled table from a table's data (as read from YAML, or the same data as
    JSON, `__line__` keys included); FanTableError lists every problem. `checked=True`
    skips the checks for data that passed them when it was written (the site's
    calculator gets the table as JSON built with the site, and has no jsonschema)."""
    if not checked:
        problems = check_table_data(data, shown)
        if problems:
            raise FanTableError(problems)
    return compile_table(build_table(data, shown))
