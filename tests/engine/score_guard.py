"""The score guard: seeded hands with their full results in every edition, written once
by tools/write_score_guard.py and read back by test_score_guard.py.

A guard against change, not a proof of the rules: it pins what the engine scored when it
was written so that work on the engine's speed (or any refactoring) cannot change a
score unnoticed. Whether those scores are right is checked elsewhere: by hand against the
rules (the fan examples, the principle tests) and against an independent calculator.
"""
from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rules

GUARD_PATH = Path(__file__).resolve().parent / "score_guard.jsonl.gz"
EDITIONS = ("1998", "green-book")


def _counts(result: rules.ScoreResult) -> list[list[Any]]:
    return [[f.id, f.count] for f in result.fans]


def full_result(result: rules.ScoreResult) -> dict[str, Any]:
    """Everything a result says about the score (the names aside: they are text, not
    scores): fans with counts and groups, what did not count and why, the totals,
    payments, waits, the reading and the situation as completed by the table."""
    data = result.as_dict()
    del data["hand"]
    for item in data["fans"] + data["not_counted"]:
        del item["name"]
    data["groups"] = list(result.groups)
    data["winning_group"] = result.winning_group
    data["total_without_bonus"] = result.total_without_flowers   # the guard file keeps the field's first name
    return data


def guard_entry(table: rules.FanTable, hand: str, situation: dict[str, Any]) -> dict[str, Any]:
    """The full result of one hand in one edition, with every reading's fans and total
    and every way to reach the highest total (what take-the-highest chose among)."""
    entry = full_result(rules.score_with_table(table, hand, **situation))
    entry["readings"] = [[r.total, r.shape, list(r.groups), _counts(r)]
                         for r in rules.score_readings(hand, table=table, **situation)]
    entry["ties"] = [_counts(r) for r in rules.score_ties(hand, table=table, **situation)]
    return entry


def guard_record(tables: dict[str, rules.FanTable], hand: str, situation: dict[str, Any]) -> dict[str, Any]:
    return {"hand": hand, "situation": situation,
            **{edition: guard_entry(table, hand, situation) for edition, table in tables.items()}}


def edition_tables() -> dict[str, rules.FanTable]:
    return {edition: rules.fan_table(None, edition) for edition in EDITIONS}


def read_guard(path: Path = GUARD_PATH) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def write_guard(records: list[dict[str, Any]], path: Path = GUARD_PATH) -> None:
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
    # mtime=0: the same records give the same bytes, so a rewrite shows no change in git.
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as fh:
        fh.write(text.encode("utf-8"))
