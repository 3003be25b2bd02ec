"""Loading fans.yaml into Fan values with compiled predicates.

The loader trusts nothing: `load_fan_table` runs every check of `rules.checks` first
and raises FanTableError with one line per problem, so the evaluator never meets a
malformed table. A parsed table is cached on disk by content hash, which keeps the
start-up of one `mcr score` call short.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from .errors import FanTableError
from .program import build_program, set_combinations
from .vocabulary import compile_predicate

DEFAULT_FANS_PATH = Path(__file__).resolve().parent.parent / "fans.yaml"
CACHE_FORMAT = 4


@dataclass(frozen=True, slots=True)
class Example:
    hand: str
    situation: dict[str, Any]
    fans: dict[str, int]
    total: int | None
    matches: bool
    line: int


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
    """A fan with its predicate turned into Python callables."""

    fan: Fan
    sets_from: Callable[[Any], Any] | None
    when: Callable[..., Any] | None
    count: Callable[[Any], Any] | None

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
    base_points: int
    minimum_points: int
    fans: tuple[Fan, ...]
    rulings: tuple[Ruling, ...]
    compiled: tuple[CompiledFan, ...] = field(repr=False, default=())
    program: Callable[[Any, dict[int, int]], list] | None = field(repr=False, default=None)

    @property
    def fallbacks(self) -> tuple[CompiledFan, ...]:
        return self._fallbacks

    def __post_init__(self) -> None:
        # The fallback fans (Chicken Hand), looked up once instead of once per reading.
        object.__setattr__(self, "_fallbacks", tuple(c for c in self.compiled if c.fan.fallback))

    @property
    def by_id(self) -> dict[str, Fan]:
        return {f.id: f for f in self.fans}

    def fan(self, fan_id: str) -> Fan:
        return self.by_id[fan_id]


def _text_map(value: Any) -> dict[str, str]:
    return dict(value) if isinstance(value, dict) else {}


def build_table(data: dict[str, Any], path: str) -> FanTable:
    """Turn checked YAML data into a FanTable (no validation here: see rules.checks)."""
    data_lines = data
    data = strip_lines(data)
    fans = []
    for raw, raw_lines in zip(data["fans"], data_lines["fans"]):
        sets = raw.get("sets") or {}
        examples = tuple(
            Example(hand=e["hand"], situation=dict(e.get("situation") or {}), fans=dict(e.get("fans") or {}),
                    total=e.get("total"), matches=bool(e.get("matches", True)), line=int(el.get("__line__", 0)))
            for e, el in zip(raw.get("examples") or [], raw_lines.get("examples") or []))
        fans.append(Fan(
            number=raw["number"], id=raw["id"], points=raw["points"], names=_text_map(raw.get("names")),
            definitions=_text_map(raw.get("definition")), notes=_text_map(raw.get("note")),
            family=raw.get("family", ""), excludes=tuple(raw.get("excludes") or ()),
            absorbs=tuple(raw.get("absorbs") or ()),
            repeatable=bool(raw.get("repeatable", False)), account_once=bool(raw.get("account_once", False)),
            fallback=bool(raw.get("fallback", False)), bonus=bool(raw.get("bonus", False)),
            sets_from=sets.get("from"), choose=sets.get("choose"), when=raw.get("when"), count=raw.get("count"),
            examples=examples, rulings=tuple(raw.get("rulings") or ()), line=int(raw_lines.get("__line__", 0))))
    rulings = tuple(
        Ruling(id=r["id"], fans=tuple(r.get("fans") or ()), question=_text_map(r.get("question")),
               answer=_text_map(r.get("answer")), alternatives=_text_map(r.get("alternatives")),
               line=int(rl.get("__line__", 0)))
        for r, rl in zip(data.get("rulings") or [], data_lines.get("rulings") or []))
    settlement = data.get("settlement") or {}
    table = FanTable(path=path, version=str(data.get("version", "")), languages=tuple(data.get("languages") or ("en",)),
                     base_points=int(settlement.get("base", 8)), minimum_points=int(settlement.get("minimum", 8)),
                     fans=tuple(sorted(fans, key=lambda f: f.number)), rulings=rulings)
    return table


def compile_table(table: FanTable) -> FanTable:
    compiled = []
    for fan in table.fans:
        where = f"fan {fan.id}"
        sets_from = compile_predicate(fan.sets_from, f"{where}: sets.from") if fan.sets_from is not None else None
        when = None
        if fan.when is not None:
            when = compile_predicate(fan.when, f"{where}: when", item_scope=sets_from is not None)
        count = compile_predicate(fan.count, f"{where}: count") if fan.count is not None else None
        compiled.append(CompiledFan(fan, sets_from, when, count))
    return FanTable(table.path, table.version, table.languages, table.base_points, table.minimum_points,
                    table.fans, table.rulings, tuple(compiled), build_program(table.fans))


class _LineLoader(yaml.SafeLoader):
    """A YAML loader that records the line of each mapping as `__line__` (1-based)."""


def _construct_mapping_with_line(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[str, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping_with_line)


def read_yaml_with_lines(text: str, path: str) -> Any:
    """Parse YAML, keeping line numbers; a syntax error becomes one `path:LINE:` problem."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        problem = getattr(err, "problem", None) or str(err)
        raise FanTableError([f"{path}:{line}: YAML syntax: {problem}"]) from None


def strip_lines(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: strip_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [strip_lines(v) for v in value]
    return value


def _cache_file(digest: str) -> Path:
    base = os.environ.get("MCR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mcr")
    return Path(base) / f"fantable-{CACHE_FORMAT}-{digest}.pickle"


def load_fan_table(path: str | os.PathLike[str] | None = None, *, check_examples: bool = False) -> FanTable:
    """Load and compile a fan table; FanTableError lists every problem found.

    A table that passed the checks once is cached by the hash of its bytes, so later
    loads skip YAML parsing and validation (the compiled predicates are rebuilt).
    """
    from .checks import check_table_data  # the checks use the loader's helpers

    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    shown = str(path) if path is not None else "fans.yaml"
    try:
        raw_bytes = file_path.read_bytes()
    except OSError as err:
        raise FanTableError([f"{shown}:0: cannot read the fan table: {err.strerror or err}"]) from None
    digest = hashlib.sha256(raw_bytes).hexdigest()[:24]
    cache = _cache_file(digest)
    table: FanTable | None = None
    if not check_examples:
        try:
            with cache.open("rb") as fh:
                table = pickle.load(fh)
            table = FanTable(shown, table.version, table.languages, table.base_points, table.minimum_points,
                             table.fans, table.rulings)
        except Exception:  # a missing or unreadable cache only costs a reparse
            table = None
    if table is None:
        data = read_yaml_with_lines(raw_bytes.decode("utf-8", errors="replace"), shown)
        problems = check_table_data(data, shown)
        if problems:
            raise FanTableError(problems)
        table = build_table(data, shown)
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".tmp{os.getpid()}")
            with tmp.open("wb") as fh:
                pickle.dump(table, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, cache)
        except OSError:
            pass  # a read-only home only costs speed
    return compile_table(table)
