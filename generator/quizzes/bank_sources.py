"""What a quiz bank was built from, as a fingerprint the bank records, so a stale bank is found
cheaply (compared, not re-scored): `mcr check` reports it and the site build refuses it.

A level bank rests on the fan table and its editions (their data, whatever their layout or
comments) and on the exclusion judgements (its explanations mark the listed exclusions); the
rules bank on the table and its editions and on the rulebook's check blocks, in every language.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from rules.exclusion_judgements import WAYS, read_judgements

from generator.markdown_fences import fenced_blocks

FINGERPRINT_KEY = "fingerprint"
REBUILD = "mcr quiz-banks"


def _without_lines(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_without_lines(v) for v in value]
    return value


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# Sections of the table no bank is built from: the facts of a competition session (starting
# score, standard points, penalties) are the score sheet's, and no question asks them.
NOT_IN_BANKS = ("competition",)


def table_data(fans_path: Path | None = None) -> dict[str, Any]:
    """Every edition of the table at `fans_path` (None: the project's), as resolved data,
    less the sections no bank is built from."""
    path = str(fans_path) if fans_path is not None else None
    return {info.id: {k: v for k, v in _without_lines(rules.edition_data(info.id, path)).items() if k not in NOT_IN_BANKS}
            for info, _ in rules.editions(path)}


def _verdicts() -> dict[str, list[list[str]]]:
    """The exclusion judgements, without their hands: only what a bank's explanations show."""
    return {edition: sorted([p["fan"], p["excluded"], way, "implied" if p.get(way) == "implied" else "listed"]
                            for p in pairs for way in WAYS)
            for edition, pairs in read_judgements().items()}


def level_fingerprint(fans_path: Path | None = None) -> str:
    return "sha256:" + _digest({"tables": table_data(fans_path), "judgements": _verdicts()})


def check_blocks(book_dir: Path) -> dict[str, list[str]]:
    """The text of every check block of the rulebook, by chapter file."""
    found: dict[str, list[str]] = {}
    for chapter in sorted(book_dir.glob("*/rulebook/*.md")):
        blocks = [f.body for f in fenced_blocks(chapter.read_text(encoding="utf-8")) if f.info == "check"]
        if blocks:
            found[chapter.relative_to(book_dir).as_posix()] = blocks
    return found


def rules_fingerprint(book_dir: Path, fans_path: Path | None = None) -> str:
    return "sha256:" + _digest({"tables": table_data(fans_path), "checks": check_blocks(book_dir)})


@dataclass(frozen=True, slots=True)
class StaleBank:
    path: Path
    recorded: str | None     # the fingerprint in the bank (None: it has none)

    def message(self, shown: str) -> str:
        """`shown: ...`, naming the bank as `shown` and the command that rebuilds it."""
        rules_bank = self.path.stem == "rules"
        sources = "the fan table, editions and rulebook check blocks" if rules_bank else "the fan table and editions"
        built = ("records no fingerprint of what it was built from" if self.recorded is None
                 else f"was not built from {sources} in force")
        return f"{shown}: stale quiz bank: it {built}; rebuild it with '{REBUILD}{' --rules' if rules_bank else ''}'"


def recorded_fingerprint(path: Path) -> str | None:
    """The fingerprint in a bank's header (only the header is read: a bank is large)."""
    with path.open(encoding="utf-8") as fh:
        head = fh.read(4096)
    at = head.find(f'"{FINGERPRINT_KEY}"')
    if at < 0:
        return None
    try:
        return json.loads("{" + head[at:head.index("\n", at)].rstrip(",") + "}")[FINGERPRINT_KEY]
    except (ValueError, KeyError):
        return None


def stale_banks(quiz_dir: Path, book_dir: Path, fans_path: Path | None = None) -> list[StaleBank]:
    """The banks of `quiz_dir` (the levels' and the rules bank) built from other sources than
    the table at `fans_path` and, for the rules bank, the rulebook at `book_dir`."""
    from .levels import LEVELS  # noqa: PLC0415 - the levels module reads its data when imported

    stale = []
    wanted: dict[str, str] = {}
    for name in (*LEVELS, "rules"):
        path = quiz_dir / f"{name}.json"
        if not path.is_file():
            continue    # a bank not built: the quiz pages say so; nothing stale to serve
        if name not in wanted:
            wanted[name] = rules_fingerprint(book_dir, fans_path) if name == "rules" else \
                wanted.get("level") or level_fingerprint(fans_path)
            if name != "rules":
                wanted["level"] = wanted[name]
        recorded = recorded_fingerprint(path)
        if recorded != wanted[name]:
            stale.append(StaleBank(path, recorded))
    return stale
