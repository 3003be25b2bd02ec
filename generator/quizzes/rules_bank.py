"""The rules bank, quizzes/rules.json: every check block of the rulebook as a question.

It is built from the rulebook's Markdown (site/<lang>/rulebook/*.md) and nothing else: no
question is typed into it. Building refuses a rulebook whose checks are malformed or
disagree across languages, and one where a language lacks a chapter. Checking re-reads
the rulebook, rebuilds the bank in memory and compares it with the file, so a check
edited in the rulebook fails the check until the bank is rebuilt. The same rulebook
gives the same file, byte for byte.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import jsonschema

import rules
from rules import FanTable

from i18n import LANGS

from generator.atomic_file import write_atomic
from .bank_sources import FINGERPRINT_KEY, rules_fingerprint
from .banks import QUIZ_DIR
from .check_hands import edition_tables, hand_tiles
from .rulebook_checks import BOOK_DIR, RuleCheck, read_rulebook
from .rules_questions import RULES_KIND, RulesQuestion

RULES_BANK_FORMAT = 1
RULES_BANK_FILE = "rules.json"
RULES_SCHEMA_PATH = QUIZ_DIR / "rules.schema.json"


class RulesBankError(ValueError):
    """The rulebook's checks cannot make a bank: every problem, one per line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def rules_bank_path(folder: Path = QUIZ_DIR) -> Path:
    return folder / RULES_BANK_FILE


@dataclass(frozen=True, slots=True)
class RulesBank:
    header: dict[str, Any]
    questions: tuple[RulesQuestion, ...]

    def chapter_title(self, chapter: str, lang: str) -> str:
        titles = self.header["chapters"].get(chapter, {})
        return titles.get(lang) or titles.get(self.header["languages"][0]) or chapter

    def as_data(self) -> dict[str, Any]:
        return {**self.header, "questions": [q.data for q in self.questions]}


# -- building ------------------------------------------------------------------------------

def _source(table: FanTable) -> Path | None:
    """The file of `table` (None: the project's fans.yaml)."""
    return Path(table.source) if table.source else None


def _question(check: RuleCheck, table: FanTable) -> dict[str, Any]:
    block = check.reference.block
    data: dict[str, Any] = {"id": check.id, "kind": RULES_KIND, "chapter": check.chapter, "anchor": check.anchor,
                            "options": list(block.option_keys), "answer": list(block.answer), "pick": block.pick}
    if block.hand is not None:
        result = rules.score_with_table(table, block.hand, "en", **dict(block.situation))
        data["hand"] = {"notation": block.hand, "situation": dict(block.situation), "tiles": hand_tiles(block.hand),
                        "total": result.total, "total_without_flowers": result.total_without_flowers,
                        "valid": result.valid}
    data["text"] = {lang: {"section": copy.block.section_title, "question": copy.block.question,
                           "options": [text for _, text in copy.block.options], "reason": copy.block.reason}
                    for lang, copy in check.copies.items()}
    return data


def build_rules_bank(book_dir: Path = BOOK_DIR, *, tables: Mapping[str, FanTable] | None = None,
                     langs: tuple[str, ...] = LANGS) -> RulesBank:
    """The bank of the rulebook's checks; RulesBankError lists every problem."""
    tables = dict(tables) if tables is not None else edition_tables()
    book = read_rulebook(book_dir, langs=langs, tables=tables)
    problems = list(book.problems)
    for missing in book.untranslated:   # "zh/play"
        lang, chapter = missing.split("/")
        problems.append(f"{book_dir.name}/{lang}/rulebook/{chapter}.md: the chapter is missing; the rules bank "
                        "needs every chapter in every language")
    if problems:
        raise RulesBankError(problems)
    table = next(iter(tables.values()))
    questions = tuple(RulesQuestion.from_data(_question(check, table)) for check in book.checks)
    used = list(dict.fromkeys(q.chapter for q in questions))
    header = {"format": RULES_BANK_FORMAT, FINGERPRINT_KEY: rules_fingerprint(book_dir, _source(table)),
              "kind": RULES_KIND, "languages": list(langs),
              "fan_table_version": table.version, "count": len(questions),
              "chapters": {c: {lang: book.chapter_titles.get(c, {}).get(lang, c) for lang in langs} for c in used}}
    return RulesBank(header, questions)


# -- files ---------------------------------------------------------------------------------

def dumps_rules_bank(bank: RulesBank) -> str:
    """The header indented, then one question per line: a rebuild reads well in a diff."""
    header = json.dumps(bank.header, ensure_ascii=False, indent=1)
    lines = [json.dumps(q.data, ensure_ascii=False, separators=(",", ":")) for q in bank.questions]
    return header[:-2] + ',\n "questions": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def write_rules_bank(bank: RulesBank, folder: Path = QUIZ_DIR) -> Path:
    path = rules_bank_path(folder)
    write_atomic(path, dumps_rules_bank(bank))
    return path


def rules_schema() -> dict[str, Any]:
    return json.loads(RULES_SCHEMA_PATH.read_text(encoding="utf-8"))


def load_rules_bank(path: Path, *, validate: bool = False) -> RulesBank:
    """Read the rules bank; ValueError names the file and what is wrong with it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: cannot read the rules bank: {err}") from None
    schema = rules_schema()
    if validate:
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path)
            raise ValueError(f"{path}: not a rules bank ({where}: {errors[0].message})")
    if (not isinstance(data, dict) or data.get("format") != RULES_BANK_FORMAT or data.get("kind") != RULES_KIND
            or not isinstance(data.get("questions"), list) or any(k not in data for k in schema["required"])):
        raise ValueError(f"{path}: not a rules bank of format {RULES_BANK_FORMAT}")
    needed = schema["$defs"]["question"]["required"]
    for i, q in enumerate(data["questions"]):
        if not isinstance(q, dict) or any(k not in q for k in needed):
            raise ValueError(f"{path}: not a rules bank (question {i} lacks one of {', '.join(needed)})")
    header = {k: v for k, v in data.items() if k != "questions"}
    return RulesBank(header, tuple(RulesQuestion.from_data(q) for q in data["questions"]))


# -- checking ------------------------------------------------------------------------------

def check_rules_bank(path: Path, book_dir: Path = BOOK_DIR, *,
                     tables: Mapping[str, FanTable] | None = None) -> list[str]:
    """The file against the schema and against the bank the rulebook gives now; each
    difference one line."""
    try:
        bank = load_rules_bank(path, validate=True)
    except ValueError as err:
        return [str(err)]
    try:
        fresh = build_rules_bank(book_dir, tables=tables, langs=tuple(bank.header["languages"]))
    except RulesBankError as err:
        return err.problems
    if dumps_rules_bank(fresh) == path.read_text(encoding="utf-8"):
        return []
    problems = []
    old = {q.id: q.data for q in bank.questions}
    new = {q.id: q.data for q in fresh.questions}
    problems += [f"{path.name}: {qid}: no longer in the rulebook" for qid in old if qid not in new]
    problems += [f"{path.name}: {qid}: in the rulebook, not in the bank" for qid in new if qid not in old]
    problems += [f"{path.name}: {qid}: differs from the rulebook's check" for qid in new
                 if qid in old and old[qid] != new[qid]]
    if not problems:
        problems.append(f"{path.name}: the header or the order differs from the rulebook's")
    return problems
