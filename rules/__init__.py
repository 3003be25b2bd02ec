"""The MCR rules engine: tiles, notation, hand shapes, waits, the predicate vocabulary,
the evaluator, settlement and the discard analysis (shanten, useful tiles, discards). It reads every fact about a fan from fans.yaml.

Everything other packages use is named here; the modules behind it are the engine's own.
The value modules `rules.tiles` and `rules.groups` (tile faces, group kinds) are public too.
"""
from .api import (edition_data, edition_differences, editions, fan_table, in_edition, score, score_readings, score_ties, score_with_table, situation_for, situation_problem,
                  waits)
from .breakdown import Breakdown, FanLine, NotCountedLine, breakdown
from .competition import Competition, Offence
from .context import HAND_VOCABULARY, ITEM_VOCABULARY
from .discard_analysis import FORM_KEYS as ANALYSIS_FORMS
from .discard_analysis import Analysis, Discard, UsefulTile, analyze_hand
from .edition_diff import Difference
from .editions import EDITIONS_FOLDER, Change, EditionError, EditionInfo
from .errors import ERROR_FIELDS, FanTableError, HandError, NotationError, RulesError, SituationError
from .fantable import DEFAULT_FANS_PATH, Example, Fan, FanTable, Ruling, load_fan_table, table_from_data
from .table_schema import change_name
from .table_source import read_table_data, strip_lines
from .notation import Hand, parse_hand, parse_hand_to_analyze, parse_waiting_hand, read_tiles
from .predicate_types import VOCABULARY_VALUES
from .result import NotCounted, Payments, ScoredFan, ScoreResult
from .same_total import FanTimes, OtherCount, other_counts
from .self_check import check_fan_table
from .shapes import (HONOR_CODES, HONORS_AND_KNITTED, KNITTED_ARRANGEMENTS, KNITTED_STRAIGHT, ORPHAN_CODES,
                     SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS, is_winning, standard_splits)
from .situation import FIELD_NAMES as SITUATION_FIELDS
from .situation import FLAG_NAMES as SITUATION_FLAGS
from .situation import Situation, make_situation
from .vocabulary import OPERATORS
from .wait_scores import WAIT_FIELDS, ScoredWait, WaitScore

__all__ = [
    "Breakdown", "FanLine", "NotCountedLine", "breakdown",
    "ANALYSIS_FORMS", "Analysis", "Discard", "ScoredWait", "UsefulTile", "WAIT_FIELDS", "WaitScore", "analyze_hand",
    "parse_hand_to_analyze", "ERROR_FIELDS", "EDITIONS_FOLDER", "Change", "Difference", "EditionError", "EditionInfo", "edition_data", "edition_differences", "editions", "in_edition", "HAND_VOCABULARY", "ITEM_VOCABULARY", "OPERATORS", "VOCABULARY_VALUES", "check_fan_table", "DEFAULT_FANS_PATH", "Example", "Fan", "FanTable", "FanTableError", "HONORS_AND_KNITTED", "HONOR_CODES", "Hand",
    "HandError", "KNITTED_ARRANGEMENTS", "KNITTED_STRAIGHT", "NotCounted", "NotationError", "ORPHAN_CODES",
    "Payments", "Ruling", "RulesError", "SEVEN_PAIRS", "SHAPES", "SITUATION_FIELDS", "SITUATION_FLAGS", "STANDARD",
    "ScoreResult", "ScoredFan", "Situation", "SituationError", "THIRTEEN_ORPHANS", "fan_table", "is_winning",
    "load_fan_table", "make_situation", "parse_hand", "parse_waiting_hand", "read_table_data", "read_tiles", "score", "strip_lines",
    "score_readings", "score_ties", "score_with_table", "situation_for", "situation_problem", "standard_splits", "table_from_data", "waits",
    "Competition", "Offence", "change_name", "FanTimes", "OtherCount", "other_counts",
]
