"""Every hand of the score guard still scores exactly as when the guard was written, in
both editions: fans with counts and groups, what did not count and why, totals,
payments, waits, every reading and every tie (see tests/engine/score_guard.py; rewrite
it with tools/write_score_guard.py only when a score is meant to change)."""
from __future__ import annotations

from typing import Any

import pytest

from .score_guard import EDITIONS, edition_tables, guard_entry, read_guard

QUICK_EVERY = 10   # the quick test takes one hand in ten; the slow one takes them all


def _first_difference(stored: Any, now: Any, path: str = "") -> str:
    """Where two results part: the key path and both values, for a readable failure."""
    if isinstance(stored, dict) and isinstance(now, dict):
        for key in sorted(stored.keys() | now.keys()):
            if stored.get(key) != now.get(key):
                return _first_difference(stored.get(key), now.get(key), f"{path}.{key}")
    if isinstance(stored, list) and isinstance(now, list) and len(stored) == len(now):
        for i, (a, b) in enumerate(zip(stored, now)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or 'result'}: guard {stored!r}, now {now!r}"


def _check(every: int) -> int:
    tables = edition_tables()
    problems: list[str] = []
    checked = 0
    for n, record in enumerate(read_guard()):
        if n % every:
            continue
        checked += 1
        for edition in EDITIONS:
            now = guard_entry(tables[edition], record["hand"], record["situation"])
            if now != record[edition]:
                problems.append(f"{record['hand']} {record['situation']} ({edition}): "
                                f"{_first_difference(record[edition], now)}")
    assert not problems, f"{len(problems)} of {checked} hands score otherwise:\n" + "\n".join(problems[:20])
    return checked


def test_a_sample_of_the_guard_hands_scores_as_before() -> None:
    assert _check(QUICK_EVERY) > 300


@pytest.mark.slow
def test_every_guard_hand_scores_as_before() -> None:
    assert _check(1) > 3000


def test_the_guard_catches_a_changed_score() -> None:
    """The comparison is not blind: a result with one fan's count changed is told apart."""
    record = next(read_guard())
    edition = EDITIONS[0]
    now = guard_entry(edition_tables()[edition], record["hand"], record["situation"])
    assert now == record[edition]
    changed = {**now, "fans": [{**now["fans"][0], "count": now["fans"][0]["count"] + 1}] + now["fans"][1:]}
    assert changed != record[edition]
    assert _first_difference(record[edition], changed).startswith(".fans[0].count:")
