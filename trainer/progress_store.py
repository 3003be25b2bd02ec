"""The learner's progress file: read strictly, written whole, shared between sessions.

The file lives in the user's data folder ($MCR_DATA_DIR overrides it). Every value in it
is checked, and one the quiz could not have written (a box of 2.7, a session of -5, an
unknown fan, Infinity, nesting a thousand deep) is named with its place. A file that
cannot be read is never fatal: it is renamed aside (progress.json.damaged-...),
reported, and a new progress starts.

Format 1 (boxes and kinds) is read as strictly as ever and carried over whole: its
learner starts at the first level with no history, and the next save writes format 2.

Quiz sessions running at once (two terminals) each apply their answers to the file as it
is at that moment, under a lock, so none writes over the answers of another.
"""
from __future__ import annotations

import json
import os
import time
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

import platformdirs

import rules

from generator.atomic_file import write_atomic
from .file_lock import locked
from .history import HistoryEntry, merged
from .learner_settings import learner_settings
from .level_moves import LevelState, Move
from generator.quizzes.levels import LEVELS
from .progress import BOXES, PROGRESS_FORMAT, FanRecord, Progress, Tally

DATA_ENV = "MCR_DATA_DIR"
FILE_NAME = "progress.json"
MAX_COUNT = 10**9          # sessions and answers: a lifetime of quizzes is far below
OLD_FORMAT = 1             # read and migrated
MAX_LIST = 10_000          # the longest window or history any settings could have kept
_SHOWN_LENGTH = 40


def data_dir() -> Path:
    """Where progress lives: $MCR_DATA_DIR, else the platform's user data folder."""
    return Path(os.environ.get(DATA_ENV) or platformdirs.user_data_dir("mcr"))


class ProgressError(ValueError):
    """What is wrong in a progress file, and where."""


class _Number(str):
    """A JSON number that is no whole number of a sane size, kept as written."""


def _no_constant(name: str) -> Any:
    raise ProgressError(f"{name} is not a number JSON allows")


def _whole_or_text(digits: str) -> int | _Number:
    return int(digits) if len(digits) <= 30 else _Number(digits)   # int() of 5,000 digits raises


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ProgressError(f"{_place(key)} appears twice in one object")
        out[key] = value
    return out


def _shown(value: Any) -> str:
    text = str(value) if isinstance(value, _Number) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN_LENGTH else text[:_SHOWN_LENGTH - 2] + "…"


def _place(key: str) -> str:
    return key if key.isidentifier() else json.dumps(key, ensure_ascii=False)


def _object(value: Any, where: str, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProgressError(f"{where}: {_shown(value)} is not an object")
    if names is not None:
        for name in names:
            if name not in value:
                raise ProgressError(f"{where}: {name} is missing")
        unknown = sorted(set(value) - set(names))
        if unknown:
            raise ProgressError(f"{where}: unknown field {', '.join(map(_place, unknown))}")
    return value


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:   # not bool, not float, not "2"
        raise ProgressError(f"{where}: {_shown(value)} is not a whole number from {low} to {high}")
    return value


def _record(value: Any, where: str, session: int) -> FanRecord:
    fields = _object(value, where, ("box", "seen", "right", "last_session"))
    box = _whole(fields["box"], f"{where}.box", 1, BOXES)
    seen, right = _tally(fields, where)
    last = _whole(fields["last_session"], f"{where}.last_session", 0, MAX_COUNT)
    if last > session:
        raise ProgressError(f"{where}.last_session: {last} is after the last session, {session}")
    return FanRecord(box, seen, right, last)


def _tally(fields: dict[str, Any], where: str) -> tuple[int, int]:
    seen = _whole(fields["seen"], f"{where}.seen", 0, MAX_COUNT)
    right = _whole(fields["right"], f"{where}.right", 0, MAX_COUNT)
    if right > seen:
        raise ProgressError(f"{where}.right: {right} is more than its seen, {seen}")
    return seen, right


def _bit(value: Any, where: str) -> bool:
    if type(value) is not int or value not in (0, 1):
        raise ProgressError(f"{where}: {_shown(value)} is not 0 or 1")
    return bool(value)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProgressError(f"{where}: {_shown(value)} is not a list")
    if len(value) > MAX_LIST:
        raise ProgressError(f"{where}: {len(value)} entries, more than the quiz ever keeps ({MAX_LIST})")
    return value


def _level(value: Any, where: str, levels: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in levels:
        raise ProgressError(f"{where}: {_shown(value)} is not a level ({', '.join(levels)})")
    return value


def _level_state(top: dict[str, Any], session: int, levels: tuple[str, ...]) -> LevelState:
    window = learner_settings().levels.window
    current = _level(top["level"], "level", levels)
    windows = {}
    for level, value in _object(top["recent"], "recent").items():
        where = f"recent.{_place(level)}"
        _level(level, where, levels)
        bits = tuple(_bit(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))
        windows[level] = bits[-window:]    # a window made shorter since keeps its last answers
    moved = None
    if top["moved"] is not None:
        fields = _object(top["moved"], "moved", ("from", "to", "up", "right", "of", "session"))
        before, after = _level(fields["from"], "moved.from", levels), _level(fields["to"], "moved.to", levels)
        if type(fields["up"]) is not bool or fields["up"] != (levels.index(after) > levels.index(before)):
            raise ProgressError(f"moved.up: {_shown(fields['up'])} does not say how {before} and {after} stand")
        of = _whole(fields["of"], "moved.of", 1, MAX_LIST)
        right = _whole(fields["right"], "moved.right", 0, of)
        when = _whole(fields["session"], "moved.session", 0, session)
        moved = Move(before, after, fields["up"], right, of, when)
    return LevelState(current, windows, moved)


def _history(value: Any, session: int, families: Collection[str]) -> tuple[HistoryEntry, ...]:
    entries: list[HistoryEntry] = []
    for i, item in enumerate(_list(value, "history")):
        where = f"history[{i}]"
        fields = _object(item, where, ("session", "families"))
        at = _whole(fields["session"], f"{where}.session", 0, session)
        if entries and at <= entries[-1].session:
            raise ProgressError(f"{where}.session: {at} does not come after the entry before, {entries[-1].session}")
        tallies = {}
        for family, tally in _object(fields["families"], f"{where}.families").items():
            place = f"{where}.families.{_place(family)}"
            if family not in families:
                raise ProgressError(f"{place}: no fan family of the fan table has this id")
            tallies[family] = Tally(*_tally(_object(tally, place, ("seen", "right")), place))
        entries.append(HistoryEntry(at, tallies))
    limit = learner_settings().history_sessions
    while len(entries) > limit:   # a limit made lower since: merge, as recording does
        entries[0:2] = [merged(entries[0], entries[1])]
    return tuple(entries)


def read_progress(text: str, fans: Collection[str], kinds: Collection[str],
                  levels: tuple[str, ...] = LEVELS, families: Collection[str] | None = None) -> Progress:
    """The progress written in `text`; ProgressError names the first problem and its place.
    `fans`, `kinds`, `levels` and `families` are the ids the quiz knows (a file naming
    another is damaged; `families` default: those of the project's fan table). A file of
    the old format is read by its own rules and carried over."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_Number, parse_int=_whole_or_text,
                          object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ProgressError("the data is nested too deeply") from None
    except json.JSONDecodeError as err:
        raise ProgressError(f"not valid JSON: {err}") from None
    version = data.get("format") if isinstance(data, dict) else None
    if type(version) is not int or version not in (OLD_FORMAT, PROGRESS_FORMAT):
        raise ProgressError(f"not a progress file of format {OLD_FORMAT} or {PROGRESS_FORMAT}")
    names = ("format", "session", "fans", "kinds")
    if version == PROGRESS_FORMAT:
        names += ("level", "recent", "moved", "history")
    top = _object(data, "the file", names)
    session = _whole(top["session"], "session", 0, MAX_COUNT)
    records = {}
    for fan, value in _object(top["fans"], "fans").items():
        where = f"fans.{_place(fan)}"
        if fan not in fans:
            raise ProgressError(f"{where}: no fan of the fan table has this id")
        records[fan] = _record(value, where, session)
    tallies = {}
    for kind, value in _object(top["kinds"], "kinds").items():
        where = f"kinds.{_place(kind)}"
        if kind not in kinds:
            raise ProgressError(f"{where}: not a question kind ({', '.join(kinds)})")
        tallies[kind] = Tally(*_tally(_object(value, where, ("seen", "right")), where))
    if version == OLD_FORMAT:
        return Progress(session, records, tallies, LevelState(levels[0], {}))
    known = rules.fan_table().families if families is None else families
    return Progress(session, records, tallies, _level_state(top, session, levels),
                    _history(top["history"], session, known))


@dataclass(frozen=True, slots=True)
class Loaded:
    progress: Progress
    damaged: str | None = None       # what was wrong with the file
    kept_as: Path | None = None      # where the damaged file was moved


class ProgressStore:
    """The progress file in a folder, for a quiz that knows these fans, question kinds,
    levels and fan families (default: the families of the project's fan table)."""

    def __init__(self, folder: Path | None = None, *, fans: Collection[str], kinds: Collection[str],
                 levels: tuple[str, ...] = LEVELS, families: Collection[str] | None = None) -> None:
        self.path = (folder or data_dir()) / FILE_NAME
        self.fans = frozenset(fans)
        self.kinds = tuple(kinds)
        self.levels = tuple(levels)
        self.families = None if families is None else frozenset(families)

    def load(self) -> Loaded:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(Progress())
        except (OSError, UnicodeDecodeError) as err:
            return self._set_aside(f"{type(err).__name__}: {err}")
        try:
            return Loaded(read_progress(text, self.fans, self.kinds, self.levels, self.families))
        except ProgressError as err:
            return self._set_aside(str(err))

    def update(self, change: Callable[[Progress], Progress]) -> Loaded:
        """Apply `change` to the progress as the file holds it now and write the result,
        under the file's lock: what other sessions wrote meanwhile is kept. Raises OSError
        when the folder cannot be written."""
        with locked(self.path.with_name(FILE_NAME + ".lock")):
            current = self.load()
            progress = change(current.progress)
            write_atomic(self.path, json.dumps(progress.as_data(), indent=1, ensure_ascii=False) + "\n")
        return replace(current, progress=progress)

    def _set_aside(self, problem: str) -> Loaded:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{FILE_NAME}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{FILE_NAME}.damaged-{stamp}-{n}")
        try:
            os.replace(self.path, target)
        except OSError:
            return Loaded(Progress(), problem, None)
        return Loaded(Progress(), problem, target)
