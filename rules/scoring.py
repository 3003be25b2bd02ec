"""Scoring a hand written in the notation with a table already loaded: the step the API,
the table's self-check and the browser's calculator share."""
from __future__ import annotations

from typing import Any

from .evaluator import score_hand, table_situations
from .fantable import FanTable
from .notation import parse_hand
from .result import ScoreResult
from .situation import Situation, make_situation
from .situation_rules import with_implied

SITUATIONS_KEPT = 4096   # situations remembered per table


def situation_for(table: FanTable, **values: Any) -> Situation:
    """The situation of loose values (CLI flags, a JSON object), each checked, with the
    flags the table's situation rules imply set (`Situation.implied` names them)."""
    # Situations repeat endlessly: each table keeps the ones it has made. The key holds
    # each value's type: True == 1 in Python, but flowers=True is an error.
    known = table_situations(table)
    try:
        key = (tuple(values), tuple(map(type, values.values())), tuple(values.values()))
        situation = known.get(key)
    except TypeError:  # an unhashable value: the checks below say what is wrong with it
        key, situation = None, None
    if situation is None:
        completed, implied = table.situations.complete(values)
        situation = with_implied(make_situation(**completed), implied)
        if key is not None and len(known) < SITUATIONS_KEPT:
            known[key] = situation
    return situation


def score_with_table(table: FanTable, hand: str, lang: str = "en", *, echo: bool = False,
                     **situation: Any) -> ScoreResult:
    """Score `hand` with `table`; with echo, the result keeps the hand as written."""
    return score_hand(table, parse_hand(hand), situation_for(table, **situation), lang, hand if echo else None)
