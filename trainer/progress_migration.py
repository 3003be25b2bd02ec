"""Progress files of formats 1 and 2 (Leitner boxes), read by their own rules and carried
over whole into format 3: each fan's box becomes an FSRS memory, nothing else is lost.

A fan in box b was due again 2^(b-1) sessions after it was last asked. Its memory takes
that interval as its stability in days, one session standing for one day; it falls due
as many days from the migration as the sessions it still had to wait (a fan already due
is due that day); its difficulty runs from FSRS's first difficulty for a right answer
(all answers right) to that for a miss (none right). The fans it knew stay known, the
ones it missed come first. Its answers, the kinds' tallies, the level with its last
answers and the history are kept as they were.
"""
from __future__ import annotations

from collections.abc import Collection
from datetime import date, timedelta
from typing import Any

from .history import HistoryEntry, Tally
from .json_checks import MAX_COUNT, ProgressError, obj, place, whole
from .level_moves import LevelState
from .progress import ItemRecord, Progress
from .spacing import Grade, Memory, Spaced, review

BOXES = 5
OLD_FORMATS = (1, 2)


def _difficulty_span(day: date) -> tuple[float, float]:
    """FSRS's first difficulty after a right answer and after a miss."""
    return review(None, Grade.GOOD, day).difficulty, review(None, Grade.AGAIN, day).difficulty


def box_memory(box: int, seen: int, right: int, waited: int, day: date) -> Memory | None:
    """The memory of a fan in `box`, asked `waited` sessions before the migration on `day`."""
    if seen == 0:
        return None
    interval = 2 ** (box - 1)
    easy, hard = _difficulty_span(day)
    difficulty = round(easy + (hard - easy) * (1 - right / seen), 4)
    due = day + timedelta(days=max(0, interval - waited))
    return Memory(float(interval), difficulty, due, due - timedelta(days=interval))


def _tally(fields: dict[str, Any], where: str) -> tuple[int, int]:
    seen = whole(fields["seen"], f"{where}.seen", 0, MAX_COUNT)
    right = whole(fields["right"], f"{where}.right", 0, MAX_COUNT)
    if right > seen:
        raise ProgressError(f"{where}.right: {right} is more than its seen, {seen}")
    return seen, right


def old_fans(value: Any, fans: Collection[str], session: int, day: date) -> dict[str, ItemRecord]:
    records = {}
    for fan, record in obj(value, "fans").items():
        where = f"fans.{place(fan)}"
        if fan not in fans:
            raise ProgressError(f"{where}: no fan of the fan table has this id")
        fields = obj(record, where, ("box", "seen", "right", "last_session"))
        box = whole(fields["box"], f"{where}.box", 1, BOXES)
        seen, right = _tally(fields, where)
        last = whole(fields["last_session"], f"{where}.last_session", 0, MAX_COUNT)
        if last > session:
            raise ProgressError(f"{where}.last_session: {last} is after the last session, {session}")
        memory = box_memory(box, seen, right, session - last, day)
        records[fan] = ItemRecord(seen, right, Spaced(memory), day if seen else None)
    return records


def migrated(top: dict[str, Any], version: int, fans: Collection[str], kinds: dict[str, Tally],
             session: int, day: date, levels: LevelState | None,
             history: tuple[HistoryEntry, ...]) -> Progress:
    """The format-3 progress of an old file's checked parts (`levels` None: format 1,
    whose learner starts at the first level)."""
    records = old_fans(top["fans"], fans, session, day)
    if version == 1 or levels is None:
        return Progress(session, records, kinds)
    return Progress(session, records, kinds, levels, history)

