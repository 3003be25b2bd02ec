"""The MCR rules engine: tiles, notation, hand shapes, waits, the predicate vocabulary,
the evaluator and settlement. It reads every fact about a fan from fans.yaml."""
from .api import fan_table, score, score_with_table
from .errors import FanTableError, HandError, NotationError, RulesError, SituationError
from .fantable import DEFAULT_FANS_PATH, Fan, FanTable, load_fan_table
from .notation import Hand, parse_hand
from .result import NotCounted, Payments, ScoredFan, ScoreResult
from .situation import Situation, make_situation

__all__ = [
    "DEFAULT_FANS_PATH", "Fan", "FanTable", "FanTableError", "Hand", "HandError", "NotCounted", "NotationError",
    "Payments", "RulesError", "ScoreResult", "ScoredFan", "Situation", "SituationError", "fan_table",
    "load_fan_table", "make_situation", "parse_hand", "score", "score_with_table",
]
