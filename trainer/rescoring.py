"""A question's hand scored again with its situation read otherwise (trainer/mistakes.py
tries the winds read wrong this way). Scores are kept: a hand is rescored once per change."""
from __future__ import annotations

from typing import Any, Mapping

import rules
from rules import FanTable

from .mistakes import Rescore

Scored = tuple[int, dict[str, int]]
_KEPT = 20_000     # scores kept across questions (a benchmark asks the same hands many times)
_cache: dict[tuple[int, str, tuple[tuple[str, Any], ...]], Scored | None] = {}
_tables: dict[int, FanTable] = {}   # keeps the tables whose id the cache keys use alive


def _scored(table: FanTable, hand: str, situation: tuple[tuple[str, Any], ...]) -> Scored | None:
    key = (id(table), hand, situation)
    if key not in _cache:
        if len(_cache) >= _KEPT:
            _cache.clear()
        _tables[id(table)] = table
        try:
            result = rules.score_with_table(table, hand, **dict(situation))
            _cache[key] = (result.total, result.fan_counts())
        except rules.RulesError:
            _cache[key] = None
    return _cache[key]


def rescorer(hand: str, situation: Mapping[str, Any], table: FanTable) -> Rescore:
    """Scores `hand` by `table` with some of `situation`'s fields changed."""
    def rescore(change: Mapping[str, Any]) -> Scored | None:
        found = _scored(table, hand, tuple(sorted({**situation, **change}.items())))
        return None if found is None else (found[0], dict(found[1]))
    return rescore
