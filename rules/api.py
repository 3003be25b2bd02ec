"""The Python API the command line, the generators and the trainer call."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .edition_diff import Difference, differences
from .editions import Change, EditionError, EditionInfo, list_editions, resolve
from .evaluator import score_each_reading
from .evaluator import score_ties as score_ties_of
from .fantable import DEFAULT_FANS_PATH, FanTable, load_fan_table
from .notation import parse_hand, parse_waiting_hand
from .result import ScoreResult
from .scoring import score_with_table, situation_for
from .self_check import require_examples
from .shapes import waits_of_waiting_hand
from .situation import Situation
from .tiles import Tile

__all__ = ["edition_data", "edition_differences", "editions", "fan_table", "in_edition", "score", "score_readings",
           "score_ties", "score_with_table", "situation_for", "situation_problem", "waits"]

_tables: dict[tuple[str, str], FanTable] = {}


def fan_table(path: str | os.PathLike[str] | None = None, edition: str | None = None) -> FanTable:
    """The fan table at `path` (default: the project's fans.yaml) in one of its editions
    (default: the table's own), loaded once per process. Another table than the
    project's must also pass its examples before it scores."""
    key = (os.fspath(path) if path is not None else "", edition or "")
    if key not in _tables:
        table = load_fan_table(path, edition=edition)
        _tables[key] = require_examples(table) if path is not None else table
    return _tables[key]


def edition_data(edition: str | None = None, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The data of one edition of the table at `path` (None: the table's own), whole,
    `__line__` keys kept: what `table_from_data` compiles (the browser gets it as JSON)."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    data, _ = resolve(file_path, str(path) if path is not None else "fans.yaml", edition)
    return data


def in_edition(table: FanTable, edition: str | None) -> FanTable:
    """The same table in another of its editions (the table itself for None or its own)."""
    if edition is None or (table.edition is not None and edition == table.edition.id):
        return table
    if not isinstance(edition, str):
        raise EditionError(f"edition must be the id of an edition (a string), not {edition!r}", "edition_not_string",
                           value=repr(edition))
    return fan_table(table.source, edition)


def editions(path: str | os.PathLike[str] | None = None) -> list[tuple[EditionInfo, tuple[Change, ...]]]:
    """Every edition of the table at `path`: its own first, then the others, each with
    the documented changes it makes to the edition it is based on."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    return list_editions(file_path, str(path) if path is not None else "fans.yaml")


def edition_differences(a: str, b: str, path: str | os.PathLike[str] | None = None) -> list[Difference]:
    """Every difference from edition `a` to edition `b` of the table at `path`, each with
    the reason its overlay documents."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    return differences(file_path, str(path) if path is not None else "fans.yaml", a, b)


def score(hand: str, *, fans_path: str | os.PathLike[str] | None = None, edition: str | None = None,
          lang: str = "en", **situation: Any) -> ScoreResult:
    """Score a hand in the project's notation, by an edition of the rules (default: the
    table's own, the 1998 rules).

    Situation keywords: self_drawn, fourth_tile, replacement, robbing_kong,
    last_wall_tile, seat_wind, prevalent_wind, flowers. Raises a RulesError subclass
    (NotationError, HandError, SituationError, FanTableError, EditionError) on bad input.
    """
    return score_with_table(fan_table(fans_path, edition), hand, lang, **situation)


def score_readings(hand: str, *, table: FanTable | None = None, edition: str | None = None, lang: str = "en",
                   **situation: Any) -> list[ScoreResult]:
    """Every distinct reading of a winning hand, each scored on its own, the highest
    first (the first is what `score` gives). Readings differ in how the tiles split
    into sets and where the winning tile went."""
    table = table or fan_table(None, edition)
    return score_each_reading(table, parse_hand(hand), situation_for(table, **situation), lang)


def score_ties(hand: str, *, table: FanTable | None = None, edition: str | None = None, lang: str = "en",
               **situation: Any) -> list[ScoreResult]:
    """Every way of scoring a winning hand that reaches its highest total, with other fans
    (another reading of the tiles, or another choice of account-once combinations); the
    first is what `score` gives. A player who counts any of them scores the hand right."""
    table = table or fan_table(None, edition)
    return score_ties_of(table, parse_hand(hand), situation_for(table, **situation), lang)


def waits(hand: str) -> tuple[Tile, ...]:
    """The tiles a 13-tile hand (melds and standing tiles, no winning tile yet) waits
    on, in tile order; a face the hand already holds four of is no wait."""
    return tuple(sorted(waits_of_waiting_hand(parse_waiting_hand(hand))))


def situation_problem(table: FanTable, hand: str, situation: Situation, lang: str = "en") -> str | None:
    """Why `situation` cannot happen with `hand` by the table's situation rules, or None."""
    return table.situations.problem(parse_hand(hand), situation, lang)
