"""The small Python API the CLI, the site generator and the quizzes call."""
from __future__ import annotations

import os
from typing import Any

from .evaluator import score_hand
from .fantable import FanTable, load_fan_table
from .notation import parse_hand
from .result import ScoreResult
from .situation import make_situation

_tables: dict[str, FanTable] = {}


def fan_table(path: str | os.PathLike[str] | None = None) -> FanTable:
    """The fan table at `path` (default: the project's fans.yaml), loaded once per process."""
    key = os.fspath(path) if path is not None else ""
    if key not in _tables:
        _tables[key] = load_fan_table(path)
    return _tables[key]


def score_with_table(table: FanTable, hand: str, lang: str = "en", *, echo: bool = False,
                     **situation: Any) -> ScoreResult:
    """Score `hand` with `table`; with echo, the result keeps the hand as written."""
    return score_hand(table, parse_hand(hand), make_situation(**situation), lang, hand if echo else None)


def score(hand: str, *, fans_path: str | os.PathLike[str] | None = None, lang: str = "en",
          **situation: Any) -> ScoreResult:
    """Score a hand in the project's notation.

    Situation keywords: self_drawn, fourth_tile, replacement, robbing_kong,
    last_wall_tile, seat_wind, prevalent_wind, flowers. Raises a RulesError subclass
    (NotationError, HandError, SituationError, FanTableError) on bad input.
    """
    return score_with_table(fan_table(fans_path), hand, lang, **situation)
