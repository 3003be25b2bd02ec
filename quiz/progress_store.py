"""The learner's progress file: read strictly, written whole, shared between sessions.

The file lives in the user's data folder ($MCR_DATA_DIR overrides it). Every value in it
is checked, and one the quiz could not have written (a box of 2.7, a session of -5, an
unknown fan, Infinity, nesting a thousand deep) is named with its place. A file that
cannot be read is never fatal: it is renamed aside (progress.json.damaged-...),
reported, and a new progress starts.

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

from .atomic_file import write_atomic
from .file_lock import locked
from .progress import BOXES, PROGRESS_FORMAT, FanRecord, Progress, Tally

DATA_ENV = "MCR_DATA_DIR"
FILE_NAME = "progress.json"
MAX_COUNT = 10**9          # sessions and answers: a lifetime of quizzes is far below
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


def read_progress(text: str, fans: Collection[str], kinds: Collection[str]) -> Progress:
    """The progress written in `text`; ProgressError names the first problem and its place.
    `fans` and `kinds` are the ids the quiz knows (a file naming another is damaged)."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_Number, parse_int=_whole_or_text,
                          object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ProgressError("the data is nested too deeply") from None
    except json.JSONDecodeError as err:
        raise ProgressError(f"not valid JSON: {err}") from None
    if not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != PROGRESS_FORMAT:
        raise ProgressError(f"not a progress file of format {PROGRESS_FORMAT}")
    top = _object(data, "the file", ("format", "session", "fans", "kinds"))
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
    return Progress(session, records, tallies)


@dataclass(frozen=True, slots=True)
class Loaded:
    progress: Progress
    damaged: str | None = None       # what was wrong with the file
    kept_as: Path | None = None      # where the damaged file was moved


class ProgressStore:
    """The progress file in a folder, for a quiz that knows these fans and question kinds."""

    def __init__(self, folder: Path | None = None, *, fans: Collection[str], kinds: Collection[str]) -> None:
        self.path = (folder or data_dir()) / FILE_NAME
        self.fans = frozenset(fans)
        self.kinds = tuple(kinds)

    def load(self) -> Loaded:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(Progress())
        except (OSError, UnicodeDecodeError) as err:
            return self._set_aside(f"{type(err).__name__}: {err}")
        try:
            return Loaded(read_progress(text, self.fans, self.kinds))
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
