"""The Python API the CLI, the website and the quizzes call."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .evaluator import score_each_reading, score_hand, table_situations
from .evaluator import score_ties as score_ties_of
from .edition_diff import Difference, differences
from .editions import Change, EditionError, EditionInfo, list_editions, resolve
from .fantable import DEFAULT_FANS_PATH, FanTable, load_fan_table
from .notation import parse_hand, parse_waiting_hand
from .result import ScoreResult
from .shapes import waits_of_waiting_hand
from .situation import Situation, make_situation
from .situation_rules import with_implied
from .tiles import Tile

_tables: dict[str, FanTable] = {}
SITUATIONS_KEPT = 4096   # situations remembered per table


def fan_table(path: str | os.PathLike[str] | None = None, edition: str | None = None) -> FanTable:
    """The fan table at `path` (default: the project's fans.yaml) in one of its editions
    (default: the table's own), loaded once per process. Another table than the
    project's must also pass its examples before it scores."""
    key = (os.fspath(path) if path is not None else "", edition or "")
    if key not in _tables:
        _tables[key] = load_fan_table(path, edition=edition, examples=path is not None)
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
        raise EditionError(f"edition must be the id of an edition (a string), not {edition!r}")
    return fan_table(table.source, edition)


def editions(path: str | os.PathLike[str] | None = None) -> list[tuple[EditionInfo, tuple[Change, ...]]]:
    """Every edition of the table at `path`: its own first, then the others, each with
    the documented changes it makes to the edition it is based on."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    return list_editions(file_path, str(path) if path is not None else "fans.yaml")


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


def edition_differences(a: str, b: str, path: str | os.PathLike[str] | None = None) -> list[Difference]:
    """Every difference from edition `a` to edition `b` of the table at `path`, each with
    the reason its overlay documents."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    return differences(file_path, str(path) if path is not None else "fans.yaml", a, b)


def score_with_table(table: FanTable, hand: str, lang: str = "en", *, echo: bool = False,
                     **situation: Any) -> ScoreResult:
    """Score `hand` with `table`; with echo, the result keeps the hand as written."""
    return score_hand(table, parse_hand(hand), situation_for(table, **situation), lang, hand if echo else None)


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
