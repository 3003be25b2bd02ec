"""Scoring a hand written in the notation with a table already loaded: the step the API,
the table's self-check and the browser's calculator share."""
from __future__ import annotations

from typing import Any

from .evaluator import score_hand
from .fantable import FanTable
from .notation import parse_hand
from .result import ScoreResult
from .situation import Situation, make_situation
from .situation_rules import with_implied


def situation_for(table: FanTable, **values: Any) -> Situation:
    """The situation of loose values (CLI flags, a JSON object), each checked, with the
    flags the table's situation rules imply set (`Situation.implied` names them)."""
    values, implied = table.situations.complete(values)
    return with_implied(make_situation(**values), implied)


def score_with_table(table: FanTable, hand: str, lang: str = "en", *, echo: bool = False,
                     **situation: Any) -> ScoreResult:
    """Score `hand` with `table`; with echo, the result keeps the hand as written."""
    return score_hand(table, parse_hand(hand), situation_for(table, **situation), lang, hand if echo else None)
