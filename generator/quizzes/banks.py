"""Quiz banks: quizzes/<level>.json, built from a seed, checked against the engine.

A bank records the seed, the builder's format and the fan table version it was built
from, the names and points of every fan (so a browser needs nothing else), and its
questions, one JSON object per line so a rebuild reads well in a diff. Building:
first every fan of the table is targeted COVERAGE times and each hand goes to the
level it shows (so a learner can drill any fan), then each level is filled with fresh
hands of its own. Same seed, same fan table: the same banks, byte for byte.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import jsonschema

import rules
from rules import FanTable

from generator.atomic_file import write_atomic
from .json_problem import json_problem
from .hand_builder import BuiltHand, HandBuilder
from .hand_keys import draft_key
from . import level_targets
from .bank_selection import select
from .level_targets import QuestionTargets
from .bank_sources import FINGERPRINT_KEY, level_fingerprint
from .exclusion_evidence import judgement_problems
from .levels import LEVELS, TOP_LEVEL, hand_level
from .question_kinds import KindDraw
from .questions import KINDS, Question, expected_payments, make_question, not_counted_of, scored_answer

BANK_FORMAT = 1
DEFAULT_SEED = 2026
DEFAULT_COUNT = 300
COVERAGE = 3                       # hands built for each fan, spread over the levels
COVERAGE_TRIES = 40                # builds for a fan's hand unlike its others before giving up
QUIZ_DIR = Path(__file__).resolve().parents[2] / "quizzes"
SCHEMA_PATH = QUIZ_DIR / "bank.schema.json"


def bank_path(level: str, folder: Path = QUIZ_DIR) -> Path:
    return folder / f"{level}.json"


@dataclass(frozen=True, slots=True)
class Bank:
    level: str
    seed: int
    fan_table_version: str
    questions: tuple[Question, ...]
    header: dict[str, Any]

    def as_data(self) -> dict[str, Any]:
        return {**self.header, "questions": [q.data for q in self.questions]}


# -- building ------------------------------------------------------------------------------

def _fans_header(table: FanTable, others: dict[str, FanTable]) -> dict[str, Any]:
    """Every fan of every edition, by id: what the browser shows of it."""
    fans: dict[str, Any] = {}
    for t in (table, *others.values()):
        for f in t.fans:
            fans.setdefault(f.id, {"number": f.number, "points": f.points, "names": dict(f.names)})
    return fans


def _editions_header(table: FanTable, others: dict[str, FanTable]) -> list[dict[str, Any]]:
    """The editions of the rules the bank answers in, the default one first."""
    return [{"id": t.edition.id if t.edition else "", "names": dict(t.edition.names) if t.edition else {}}
            for t in (table, *others.values())]


def other_editions(table: FanTable) -> dict[str, FanTable]:
    """The other editions of the table's rules, by id."""
    path = None if table.path == "fans.yaml" else table.path
    own = table.edition.id if table.edition else None
    return {info.id: rules.fan_table(path, info.id) for info, _ in rules.editions(path) if info.id != own}


def _coverage(seed: int, table: FanTable, per_fan: int) -> dict[str, list[BuiltHand]]:
    """Hands for every fan of the table, sorted into the level each one shows: `per_fan`
    different hands of each where it has so many (a bank takes a hand once)."""
    builder = HandBuilder(f"{seed}:coverage", table)
    out: dict[str, list[BuiltHand]] = {level: [] for level in LEVELS}
    for fan in table.fans:
        seen: set[str] = set()
        for _ in range(per_fan):
            built = _new_hand(builder, fan.id, seen)
            if built is not None:
                out[hand_level(built.draft, built.result, table)].append(built)
    return out


def _new_hand(builder: HandBuilder, fan: str, seen: set[str]) -> BuiltHand | None:
    """A hand of `fan` whose tiles are not among `seen` (added to it); None when
    COVERAGE_TRIES builds bring none (Pure Terminal Chows has one hand per suit)."""
    for _ in range(COVERAGE_TRIES):
        built = builder.build(fan=fan)
        key = draft_key(built.draft)
        if key not in seen:
            seen.add(key)
            return built
    return None


def build_bank(level: str, *, seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT, coverage: int = COVERAGE,
               table: FanTable | None = None, covered: dict[str, list[BuiltHand]] | None = None,
               fingerprint: str | None = None) -> Bank:
    """Build one level's bank. `covered` (from `_coverage`) saves rebuilding the coverage
    hands when several levels are built together; `fingerprint`, computing the sources'."""
    table = table or rules.fan_table()
    fingerprint = fingerprint or _sources_of(table)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if covered is None:
        covered = _coverage(seed, table, coverage) if coverage else {lv: [] for lv in LEVELS}
    rng = random.Random(f"{seed}:{level}:questions")
    builder = HandBuilder(f"{seed}:{level}", table)
    levels = level_targets.default(table)
    kinds = KindDraw(rng, table, levels.questions, readings=level == TOP_LEVEL)
    picked = select(level, count, levels, builder, covered[level], kinds)
    rng.shuffle(picked)
    picked = kinds.settle(picked)
    others = other_editions(table)
    questions = _questions(picked, level, table, others, rng, levels.questions)
    header = {"format": BANK_FORMAT, FINGERPRINT_KEY: fingerprint, "level": level, "seed": seed,
              "fan_table_version": table.version,
              "count": len(questions), "kinds": list(KINDS), "editions": _editions_header(table, others),
              "fans": _fans_header(table, others)}
    return Bank(level, seed, table.version, questions, header)


def _questions(picked: list[tuple[BuiltHand, str]], level: str, table: FanTable, others: dict[str, FanTable],
               rng: random.Random, targets: QuestionTargets | None) -> tuple[Question, ...]:
    """The questions on the picked hands, numbered in order. Header traps (see
    questions.options_for) are set in the first "fans" questions that have one, up to the
    levels' bound on them."""
    fans_questions = sum(1 for _, kind in picked if kind == "fans")
    traps_left = math.floor(targets.header_traps * fans_questions + 1e-9) if targets else 0
    out = []
    for i, (built, kind) in enumerate(picked, 1):
        question = make_question(built, kind, f"{level}-{i:03d}", level, table, rng, others,
                                 header_trap=traps_left > 0 and kind == "fans")
        traps_left -= "header_trap" in question.data
        out.append(question)
    return tuple(out)


_sources: dict[int, tuple[FanTable, str]] = {}   # by table identity (the table kept, so the id is not reused)


def _sources_of(table: FanTable) -> str:
    """The fingerprint of what a bank scored by `table` rests on; ValueError when the exclusion
    judgements its explanations need are missing or stale for it."""
    if id(table) not in _sources:
        tables = {t.edition.id if t.edition else "": t for t in (table, *other_editions(table).values())}
        stale = judgement_problems(tables)
        if stale:
            raise ValueError(f"{len(stale)} exclusion(s) of the table not judged for it, as {stale[0]}")
        _sources[id(table)] = (table, level_fingerprint(Path(table.source) if table.source else None))
    return _sources[id(table)][1]


def build_banks(levels: Iterable[str] = LEVELS, *, seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT,
                coverage: int = COVERAGE, table: FanTable | None = None) -> list[Bank]:
    table = table or rules.fan_table()
    fingerprint = _sources_of(table)
    covered = _coverage(seed, table, coverage) if coverage else {lv: [] for lv in LEVELS}
    return [build_bank(level, seed=seed, count=count, table=table, covered=covered, fingerprint=fingerprint)
            for level in levels]


# -- files ---------------------------------------------------------------------------------

def dumps(bank: Bank) -> str:
    """Readable and small: the header indented, then one question per line."""
    header = json.dumps(bank.header, ensure_ascii=False, indent=1, sort_keys=False)
    lines = [json.dumps(q.data, ensure_ascii=False, separators=(",", ":")) for q in bank.questions]
    return header[:-2] + ',\n "questions": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def write_bank(bank: Bank, folder: Path = QUIZ_DIR) -> Path:
    path = bank_path(bank.level, folder)
    write_atomic(path, dumps(bank))
    return path


def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _quick_check(data: Any) -> str | None:
    """The schema's required keys, without a full validation (which takes seconds)."""
    spec = schema()
    if not isinstance(data, dict):
        return "not a JSON object"
    missing = [k for k in spec["required"] if k not in data]
    if missing or data.get("format") != BANK_FORMAT or not isinstance(data.get("questions"), list):
        return f"missing or wrong: {', '.join(missing) or 'format'}"
    needed = spec["$defs"]["question"]["required"]
    for i, q in enumerate(data["questions"]):
        if not isinstance(q, dict) or any(k not in q for k in needed):
            return f"question {i} lacks one of {', '.join(needed)}"
    return None


def load_bank(path: Path, *, validate: bool = False) -> Bank:
    """Read a bank file; ValueError names the file and what is wrong with it. The full
    schema validation (`validate`) is for checks; the quiz checks required keys only."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ValueError(f"{path}: cannot read the quiz bank: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"{path}: cannot read the quiz bank: not UTF-8 text (byte {err.start})") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"{path}: cannot read the quiz bank: {json_problem(err)}") from None
    if validate:
        errors = sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path)
            raise ValueError(f"{path}: not a quiz bank ({where}: {errors[0].message})")
    problem = _quick_check(data)
    if problem:
        raise ValueError(f"{path}: not a quiz bank ({problem})")
    header = {k: v for k, v in data.items() if k != "questions"}
    questions = tuple(Question.from_data(q) for q in data["questions"])
    return Bank(data["level"], data["seed"], data["fan_table_version"], questions, header)


# -- checking --------------------------------------------------------------------------------

def check_question(question: Question, table: FanTable, others: dict[str, FanTable] | None = None) -> list[str]:
    """Re-score the question's hand, in every edition of the rules; every difference
    from its answer keys is one line."""
    problems = _check_answer(question, table, "")
    stated = question.data.get("editions") or {}
    for edition in sorted(set(stated) - set(others or {})):
        problems.append(f"{question.id}: an answer for an unknown edition '{edition}'")
    for edition, other in (others or {}).items():
        try:
            answer, result = scored_answer(other, question.hand, question.situation)
        except rules.RulesError as err:
            problems.append(f"{question.id} {question.hand}: the {edition} edition rejects the hand: {err}")
            continue
        differs = answer != question.answer or not_counted_of(result, other) != \
            question.data["explanation"]["not_counted"] or "reading_totals" in stated.get(edition, {})
        if differs != (edition in stated):
            problems.append(f"{question.id} {question.hand}: the {edition} edition scores it "
                            f"{'differently' if differs else 'the same'}, the bank says otherwise")
        elif differs:
            problems += _check_answer(question.in_edition(edition), other, f" (in the {edition} edition)")
    return problems


def _check_answer(question: Question, table: FanTable, where_edition: str) -> list[str]:
    where = f"{question.id} {question.hand}{where_edition}"
    try:
        answer, result = scored_answer(table, question.hand, question.situation)
    except rules.RulesError as err:
        return [f"{where}: the engine rejects the hand: {err}"]
    problems = []
    for key in ("fans", "total", "total_without_flowers", "valid", "payments", "waits", "ties"):
        if question.answer.get(key) != answer.get(key):
            problems.append(f"{where}: {key} is {question.answer.get(key)!r}, the engine says {answer.get(key)!r}")
    if question.data["explanation"]["not_counted"] != not_counted_of(result, table):
        problems.append(f"{where}: not_counted differs from the engine's")
    if question.kind == "fans":
        ways = [answer, *answer.get("ties", [])]
        if not {f["id"] for way in ways for f in way["fans"]} <= set(question.options):
            problems.append(f"{where}: the fans of a way to the highest total are missing from the options")
    if question.kind == "waits":
        waiting = question.data["waiting"]["hand"]
        winning = question.data["tiles"]["winning"]
        if rules.parse_hand(waiting + winning).notation() != rules.parse_hand(question.hand).notation():
            problems.append(f"{where}: the waiting hand {waiting} is not the hand before its winning tile")
    if question.kind == "best_reading":
        totals = {(tuple(r.groups), r.winning_group): r.total
                  for r in rules.score_readings(question.hand, table=table, **question.situation)}
        for r in question.data["readings"]:
            found = totals.get((tuple(r["groups"]), r["winning_group"]))
            if found != r["total"]:
                problems.append(f"{where}: the reading {' '.join(r['groups'])} scores {found}, the bank says {r['total']}")
    if question.kind == "payments":
        try:
            expected_payments(question)
        except ValueError as err:
            problems.append(f"{where}: {err}")
    return problems


def check_bank(bank: Bank, table: FanTable) -> list[str]:
    problems = []
    if bank.fan_table_version != table.version:
        problems.append(f"{bank.level}: built from fan table {bank.fan_table_version}, the table is {table.version}")
    others = other_editions(table)
    for q in bank.questions:
        problems.extend(check_question(q, table, others))
    return problems
