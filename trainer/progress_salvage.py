"""A damaged progress document read part by part: what can be read is kept, what cannot is
named and left out.

The strict reader (trainer/progress_reading.py) refuses a document at its first problem,
which is right for an import the learner chose. A learner's own saved progress with one bad
value (a fan the table no longer has, a count edited by hand) should not cost every other
fan's memory: each fan, rules question, question kind, hand and history entry stands alone,
and each other part (the level, the units, the daily goal, the habits, the edition) falls
back to a new learner's on its own. Only format 3 is read this way; an old format or text
that is no JSON object of the trainer keeps nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from .history import HistoryEntry
from .json_checks import MAX_COUNT, ProgressError, identifier, parse, place, text, whole
from .progress import PROGRESS_FORMAT, Progress
from .progress_reading import (HAND_LENGTH, TOP_FIELDS, daily_of, edition_of, habits_of, history, item, kinds_of,
                               level_state, read_progress, units_of)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Salvaged:
    progress: Progress
    dropped: tuple[str, ...] = ()   # each part left out, with its problem; empty when the document was sound
    in_parts: bool = False          # read part by part (else whole, or nothing of it kept)

    @property
    def whole(self) -> bool:
        return not self.dropped


def salvage_progress(text_: str, fans: Collection[str], kinds: Collection[str], levels: tuple[str, ...],
                     families: Collection[str], *, today: date, editions: Collection[str] | None = None) -> Salvaged:
    """The progress in `text_`, every part that can be read kept (see the module's note)."""
    try:
        return Salvaged(read_progress(text_, fans, kinds, levels, families, today=today, editions=editions))
    except ProgressError as err:
        refused = str(err)
    try:
        data = parse(text_)
    except ProgressError as err:
        return Salvaged(Progress(), (str(err),))
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        return Salvaged(Progress(), (refused,))
    return _parts(data, fans, kinds, levels, families, editions)


def _parts(data: dict[str, Any], fans: Collection[str], kinds: Collection[str], levels: tuple[str, ...],
           families: Collection[str], editions: Collection[str] | None) -> Salvaged:
    dropped = [f"unknown field {place(name)}" for name in sorted(set(data) - set(TOP_FIELDS))]
    fresh = Progress()

    def kept(reader: Callable[[], T], fallback: T) -> T:
        try:
            return reader()
        except (ProgressError, KeyError) as err:
            dropped.append(f"{err.args[0]} is missing" if isinstance(err, KeyError) else str(err))
            return fallback

    entries = _history_entries(data.get("history"), families, dropped)
    # A session count that cannot be read becomes the latest session the document names.
    session = kept(lambda: whole(data["session"], "session", 0, MAX_COUNT),
                   max((e.session for e in entries), default=0))
    def fan(key: str, value: Any, where: str) -> Any:
        if key not in fans:
            raise ProgressError(f"{where}: no fan of the fan table has this id")
        return item(value, where)

    def question(key: str, value: Any, where: str) -> Any:
        identifier(key, where)
        return item(value, where)

    records = _each(data.get("fans"), "fans", dropped, fan)
    questions = _each(data.get("rules"), "rules", dropped, question)
    tallies = _each(data.get("kinds"), "kinds", dropped, lambda kind, value, _: kinds_of({kind: value}, kinds)[kind])
    listed = enumerate(_listed(data.get("hands"), "hands", dropped))
    hands = tuple(h for h in (kept(lambda i=i, h=h: text(h, f"hands[{i}]", HAND_LENGTH), None) for i, h in listed)
                  if h is not None)
    progress = Progress(
        session, records, tallies, kept(lambda: level_state(data, session, levels), fresh.levels),
        tuple(e for e in entries if e.session <= session), questions,
        kept(lambda: edition_of(data["edition"], editions), None), kept(lambda: units_of(data["units"]), fresh.units),
        kept(lambda: daily_of(data["daily"]), fresh.daily), hands, kept(lambda: habits_of(data["habits"]), fresh.habits))
    return Salvaged(progress, tuple(dropped), in_parts=True)


def _each(value: Any, name: str, dropped: list[str], read: Callable[[str, Any, str], T]) -> dict[str, T]:
    """The entries of an object that each read on their own."""
    if value is None or not isinstance(value, dict):
        dropped.append(f"{name}: is missing" if value is None else f"{name}: is not an object")
        return {}
    found: dict[str, T] = {}
    for key, entry in value.items():
        where = f"{name}.{place(key)}"
        try:
            found[key] = read(key, entry, where)
        except ProgressError as err:
            dropped.append(str(err))
    return found


def _listed(value: Any, name: str, dropped: list[str]) -> list[Any]:
    if not isinstance(value, list):
        dropped.append(f"{name}: is missing" if value is None else f"{name}: is not a list")
        return []
    return value


def _history_entries(value: Any, families: Collection[str], dropped: list[str]) -> list[HistoryEntry]:
    """The history entries that read alone, in order (an entry out of order is left out)."""
    entries: list[HistoryEntry] = []
    for i, entry in enumerate(_listed(value, "history", dropped)):
        try:
            (read,) = history([entry], MAX_COUNT, families)
        except ProgressError as err:
            dropped.append(str(err).replace("history[0]", f"history[{i}]"))
            continue
        if entries and read.session <= entries[-1].session:
            dropped.append(f"history[{i}].session: {read.session} does not come after the entry before")
            continue
        entries.append(read)
    return entries
