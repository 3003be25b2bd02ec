"""The progress document read back strictly (format 3), and the old formats carried over.

Every value is checked, and one the trainer could not have written is named with its
place. Ids the trainer writes from data that may change (rules questions, curriculum
units, mistakes the diagnosis names) are checked for their form and kept as they are,
so a bank or a curriculum changed since loses nothing; fan ids, question kinds, levels,
families and editions must be ones the trainer knows.
"""
from __future__ import annotations

import json
from collections.abc import Collection
from datetime import date, timedelta
from typing import Any

from .daily import Daily
from .drill_bests import EXPORT_FIELD, exported_bests
from .habits import Habits
from .history import HistoryEntry, Tally, merged
from .json_checks import (MAX_COUNT, MAX_LIST, ProgressError, array, bit, day, identifier, maybe_day, obj, parse,
                          place, real, shown, text, whole)
from .learner_settings import learner_settings
from .level_moves import LevelState, Move
from .mastery import UnitState
from .progress import PROGRESS_FORMAT, ItemRecord, Progress
from .progress_migration import OLD_FORMATS, migrated
from .spacing import DayStep, Grade, Memory, Spaced

MAX_STABILITY = 1_000_000.0   # days; FSRS never comes near
HAND_LENGTH = 120             # a hand's key: its melds and tiles in the notation
# Fields that record a day something happened (a review, a meeting, an answer); `due` is
# left out, as it lies ahead by nature.
PAST_DAYS = frozenset({"last", "day", "met", "streak_last"})
TOP_FIELDS = ("format", "session", "edition", "fans", "rules", "kinds", "level", "recent", "moved", "history",
              "units", "daily", "hands", "habits")


def tally(fields: dict[str, Any], where: str) -> tuple[int, int]:
    seen = whole(fields["seen"], f"{where}.seen", 0, MAX_COUNT)
    right = whole(fields["right"], f"{where}.right", 0, MAX_COUNT)
    if right > seen:
        raise ProgressError(f"{where}.right: {right} is more than its seen, {seen}")
    return seen, right


def _memory(value: Any, where: str) -> Memory | None:
    if value is None:
        return None
    fields = obj(value, where, ("stability", "difficulty", "due", "last"))
    due, last = day(fields["due"], f"{where}.due"), day(fields["last"], f"{where}.last")
    if due < last:
        raise ProgressError(f"{where}.due: {due.isoformat()} is before its last review, {last.isoformat()}")
    return Memory(real(fields["stability"], f"{where}.stability", 0.001, MAX_STABILITY),
                  real(fields["difficulty"], f"{where}.difficulty", 1.0, 10.0), due, last)


def _step(value: Any, where: str, memory: Memory | None) -> DayStep | None:
    if value is None:
        return None
    fields = obj(value, where, ("day", "grade", "before"))
    on = day(fields["day"], f"{where}.day")
    grade = Grade(whole(fields["grade"], f"{where}.grade", min(Grade), max(Grade)))
    if memory is None or memory.last != on:
        raise ProgressError(f"{where}.day: {on.isoformat()} is not the day of its memory's last review")
    return DayStep(on, grade, _memory(fields["before"], f"{where}.before"))


def item(value: Any, where: str) -> ItemRecord:
    fields = obj(value, where, ("seen", "right", "memory", "step", "met"))
    seen, right = tally(fields, where)
    memory = _memory(fields["memory"], f"{where}.memory")
    step = _step(fields["step"], f"{where}.step", memory)
    return ItemRecord(seen, right, Spaced(memory, step), maybe_day(fields["met"], f"{where}.met"))


def level(value: Any, where: str, levels: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in levels:
        raise ProgressError(f"{where}: {shown(value)} is not a level ({', '.join(levels)})")
    return value


def level_state(top: dict[str, Any], session: int, levels: tuple[str, ...]) -> LevelState:
    window = learner_settings().levels.window
    current = level(top["level"], "level", levels)
    windows = {}
    for name, value in obj(top["recent"], "recent").items():
        where = f"recent.{place(name)}"
        level(name, where, levels)
        bits = tuple(bit(v, f"{where}[{i}]") for i, v in enumerate(array(value, where)))
        windows[name] = bits[-window:]    # a window made shorter since keeps its last answers
    moved = None
    if top["moved"] is not None:
        fields = obj(top["moved"], "moved", ("from", "to", "up", "right", "of", "session"))
        before, after = level(fields["from"], "moved.from", levels), level(fields["to"], "moved.to", levels)
        if type(fields["up"]) is not bool or fields["up"] != (levels.index(after) > levels.index(before)):
            raise ProgressError(f"moved.up: {shown(fields['up'])} does not say how {before} and {after} stand")
        of = whole(fields["of"], "moved.of", 1, MAX_LIST)
        right = whole(fields["right"], "moved.right", 0, of)
        when = whole(fields["session"], "moved.session", 0, session)
        moved = Move(before, after, fields["up"], right, of, when)
    return LevelState(current, windows, moved)


def history(value: Any, session: int, families: Collection[str]) -> tuple[HistoryEntry, ...]:
    entries: list[HistoryEntry] = []
    for i, entry in enumerate(array(value, "history")):
        where = f"history[{i}]"
        fields = obj(entry, where, ("session", "families"))
        at = whole(fields["session"], f"{where}.session", 0, session)
        if entries and at <= entries[-1].session:
            raise ProgressError(f"{where}.session: {at} does not come after the entry before, {entries[-1].session}")
        tallies = {}
        for family, counts in obj(fields["families"], f"{where}.families").items():
            spot = f"{where}.families.{place(family)}"
            if family not in families:
                raise ProgressError(f"{spot}: no fan family of the fan table has this id")
            tallies[family] = Tally(*tally(obj(counts, spot, ("seen", "right")), spot))
        entries.append(HistoryEntry(at, tallies))
    limit = learner_settings().history_sessions
    while len(entries) > limit:   # a limit made lower since: merge, as recording does
        entries[0:2] = [merged(entries[0], entries[1])]
    return tuple(entries)


def kinds_of(value: Any, kinds: Collection[str]) -> dict[str, Tally]:
    tallies = {}
    for kind, counts in obj(value, "kinds").items():
        where = f"kinds.{place(kind)}"
        if kind not in kinds:
            raise ProgressError(f"{where}: not a question kind ({', '.join(kinds)})")
        tallies[kind] = Tally(*tally(obj(counts, where, ("seen", "right")), where))
    return tallies


def units_of(value: Any) -> UnitState:
    fields = obj(value, "units", ("opened", "passed", "answers"))
    opened = tuple(identifier(u, f"units.opened[{i}]") for i, u in enumerate(array(fields["opened"], "units.opened")))
    passed = tuple(identifier(u, f"units.passed[{i}]") for i, u in enumerate(array(fields["passed"], "units.passed")))
    window = learner_settings().mastery.window
    windows = {}
    for unit, bits in obj(fields["answers"], "units.answers").items():
        where = f"units.answers.{place(unit)}"
        identifier(unit, where)
        windows[unit] = tuple(bit(v, f"{where}[{i}]") for i, v in enumerate(array(bits, where)))[-window:]
    return UnitState(tuple(dict.fromkeys(opened)), tuple(dict.fromkeys(passed)), windows)


def daily_of(value: Any) -> Daily:
    fields = obj(value, "daily", ("goal", "day", "answered", "streak", "streak_last", "best"))
    goal = None if fields["goal"] is None else whole(fields["goal"], "daily.goal", 1, 1000)
    streak = whole(fields["streak"], "daily.streak", 0, MAX_COUNT)
    best = whole(fields["best"], "daily.best", streak, MAX_COUNT)
    return Daily(goal, maybe_day(fields["day"], "daily.day"), whole(fields["answered"], "daily.answered", 0, MAX_COUNT),
                 streak, maybe_day(fields["streak_last"], "daily.streak_last"), best)


def habits_of(value: Any) -> Habits:
    fields = obj(value, "habits", ("wrong", "slips", "causes"))
    wrong = whole(fields["wrong"], "habits.wrong", 0, MAX_COUNT)
    slips = real(fields["slips"], "habits.slips", 0, wrong)
    causes = {identifier(cause, f"habits.causes.{place(cause)}"): real(n, f"habits.causes.{place(cause)}", 0, wrong)
              for cause, n in obj(fields["causes"], "habits.causes").items()}
    return Habits(wrong, slips, dict(sorted(causes.items())))


def edition_of(value: Any, editions: Collection[str] | None) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or (editions is not None and value not in editions):
        known = f" ({', '.join(editions)})" if editions is not None else ""
        raise ProgressError(f"edition: {shown(value)} is not an edition of the rules{known}")
    return value


def current(top: dict[str, Any], fans: Collection[str], kinds: Collection[str], levels: tuple[str, ...],
            families: Collection[str], editions: Collection[str] | None) -> Progress:
    session = whole(top["session"], "session", 0, MAX_COUNT)
    records = {}
    for fan, value in obj(top["fans"], "fans").items():
        where = f"fans.{place(fan)}"
        if fan not in fans:
            raise ProgressError(f"{where}: no fan of the fan table has this id")
        records[fan] = item(value, where)
    questions = {identifier(qid, f"rules.{place(qid)}"): item(value, f"rules.{place(qid)}")
                 for qid, value in obj(top["rules"], "rules").items()}
    hands = tuple(text(h, f"hands[{i}]", HAND_LENGTH) for i, h in enumerate(array(top["hands"], "hands")))
    return Progress(session, records, kinds_of(top["kinds"], kinds), level_state(top, session, levels),
                    history(top["history"], session, families), questions, edition_of(top["edition"], editions),
                    units_of(top["units"]), daily_of(top["daily"]), hands, habits_of(top["habits"]))


def _late_day(value: Any, where: str, latest: date) -> tuple[str, str] | None:
    """The first day of a past event after `latest` in the parsed document, with its place."""
    if isinstance(value, dict):
        for key, inner in value.items():
            spot = f"{where}.{place(key)}" if where else place(key)
            if key in PAST_DAYS and isinstance(inner, str) and inner > latest.isoformat():
                return spot, inner   # read already: a YYYY-MM-DD day, so text order is date order
            found = _late_day(inner, spot, latest)
            if found:
                return found
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            if found := _late_day(inner, f"{where}[{i}]", latest):
                return found
    return None


def no_future_days(text_: str, today: date) -> None:
    """Refuse a document that says something happened after tomorrow (a day of slack for
    time zones): its memories would be due in the future and its day not today's."""
    latest = today + timedelta(days=1)
    found = _late_day(parse(text_), "", latest)
    if found:
        where, when = found
        raise ProgressError(f"{where}: {when} is later than tomorrow, {latest.isoformat()}")


def _format_found(data: Any) -> str:
    """What stands where a progress file's format should: said, as the learner may have typed it."""
    if not isinstance(data, dict):
        return f"the file holds {shown(data)}, not an object"
    if "format" not in data:
        return "the file has no format field"
    found = data["format"]
    return f"its format is {shown(found)}" + (", text, not a number" if isinstance(found, str) else "")


def read_progress(text_: str, fans: Collection[str], kinds: Collection[str], levels: tuple[str, ...],
                  families: Collection[str], *, today: date, editions: Collection[str] | None = None) -> Progress:
    """The progress written in `text_`; ProgressError names the first problem and its
    place. A file of an old format is read by its own rules and carried over as of `today`."""
    data = parse(text_)
    version = data.get("format") if isinstance(data, dict) else None
    if type(version) is not int or version not in (*OLD_FORMATS, PROGRESS_FORMAT):
        known = f"{', '.join(map(str, OLD_FORMATS))} or {PROGRESS_FORMAT}"
        raise ProgressError(f"not a progress file of format {known}: {_format_found(data)}")
    if version == PROGRESS_FORMAT:
        # An export may carry the terminal's timed-drill bests (trainer/progress_store.py).
        top = obj(data, "the file", TOP_FIELDS + ((EXPORT_FIELD,) if EXPORT_FIELD in data else ()))
        try:
            exported_bests(json.loads(text_))   # its plain numbers, as trainer/drill_records.py reads them
        except ValueError as err:
            raise ProgressError(str(err)) from None
        return current(top, fans, kinds, levels, families, editions)
    names = ("format", "session", "fans", "kinds") + (("level", "recent", "moved", "history") if version == 2 else ())
    top = obj(data, "the file", names)
    session = whole(top["session"], "session", 0, MAX_COUNT)
    tallies = kinds_of(top["kinds"], kinds)
    if version == 1:
        return migrated(top, version, fans, tallies, session, today, None, ())
    return migrated(top, version, fans, tallies, session, today, level_state(top, session, levels),
                    history(top["history"], session, families))
