"""The learner's progress: one Leitner box per fan, kept in the user's data folder.

Each fan sits in a box from 1 to 5. Answering a question on it right moves it up one
box, wrong sends it back to box 1. A fan in box b is due again INTERVALS[b-1] quiz
sessions after it was last asked, and due fans in low boxes weigh most when a quiz
picks its questions: the fans you miss come back soon, the ones you know rarely.

The file is written atomically after every answer. A file that cannot be read is
never fatal: it is renamed aside (progress.json.damaged-...), reported, and a new
progress starts.
"""
from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

import platformdirs

from .atomic_file import write_atomic

PROGRESS_FORMAT = 1
BOXES = 5
INTERVALS = (1, 2, 4, 8, 16)   # sessions before a fan in box 1..5 is due again
NOT_DUE_WEIGHT = 0.1
UNSEEN_WEIGHT = 1.0
DATA_ENV = "MCR_DATA_DIR"
FILE_NAME = "progress.json"


def data_dir() -> Path:
    """Where progress lives: $MCR_DATA_DIR, else the platform's user data folder."""
    return Path(os.environ.get(DATA_ENV) or platformdirs.user_data_dir("mcr"))


@dataclass(frozen=True, slots=True)
class FanRecord:
    box: int = 1
    seen: int = 0
    right: int = 0
    last_session: int = 0

    @property
    def accuracy(self) -> float:
        return self.right / self.seen if self.seen else 0.0


@dataclass(frozen=True, slots=True)
class Tally:
    seen: int = 0
    right: int = 0


@dataclass(frozen=True)
class Progress:
    session: int = 0
    fans: dict[str, FanRecord] = field(default_factory=dict)
    kinds: dict[str, Tally] = field(default_factory=dict)

    def next_session(self) -> "Progress":
        return replace(self, session=self.session + 1)

    def record(self, kind: str, correct: bool, fan_results: Iterable[tuple[str, bool]]) -> "Progress":
        """The progress after one graded question."""
        fans = dict(self.fans)
        for fan, right in fan_results:
            old = fans.get(fan, FanRecord())
            box = min(BOXES, old.box + 1) if right else 1
            fans[fan] = FanRecord(box, old.seen + 1, old.right + right, self.session)
        kinds = dict(self.kinds)
        old_tally = kinds.get(kind, Tally())
        kinds[kind] = Tally(old_tally.seen + 1, old_tally.right + correct)
        return Progress(self.session, fans, kinds)

    def due(self, fan: str) -> bool:
        rec = self.fans.get(fan)
        return rec is None or self.session - rec.last_session >= INTERVALS[rec.box - 1]

    def weight(self, fan: str) -> float:
        """How much a fan pulls its questions forward."""
        rec = self.fans.get(fan)
        if rec is None:
            return UNSEEN_WEIGHT
        if not self.due(fan):
            return NOT_DUE_WEIGHT
        return float(2 ** (BOXES - rec.box))

    def as_data(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "session": self.session,
                "fans": {k: {"box": r.box, "seen": r.seen, "right": r.right, "last_session": r.last_session}
                         for k, r in sorted(self.fans.items())},
                "kinds": {k: {"seen": t.seen, "right": t.right} for k, t in sorted(self.kinds.items())}}

    @classmethod
    def from_data(cls, data: Any) -> "Progress":
        """Read saved progress; ValueError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
            raise ValueError(f"not a progress file of format {PROGRESS_FORMAT}")
        try:
            fans = {str(k): FanRecord(int(v["box"]), int(v["seen"]), int(v["right"]), int(v["last_session"]))
                    for k, v in data["fans"].items()}
            kinds = {str(k): Tally(int(v["seen"]), int(v["right"])) for k, v in data["kinds"].items()}
            session = int(data["session"])
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"malformed entry ({type(err).__name__}: {err})") from None
        for fan, rec in fans.items():
            if not 1 <= rec.box <= BOXES or not 0 <= rec.right <= rec.seen:
                raise ValueError(f"impossible record for {fan}")
        return cls(session, fans, kinds)


@dataclass(frozen=True, slots=True)
class Loaded:
    progress: Progress
    damaged: str | None = None       # what was wrong with the file
    kept_as: Path | None = None      # where the damaged file was moved


class ProgressStore:
    """The progress file in a folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / FILE_NAME

    def load(self) -> Loaded:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(Progress())
        except (OSError, UnicodeDecodeError) as err:
            return self._set_aside(f"{type(err).__name__}: {err}")
        try:
            return Loaded(Progress.from_data(json.loads(text)))
        except (json.JSONDecodeError, ValueError) as err:
            return self._set_aside(str(err))

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
            target = None  # type: ignore[assignment]
        return Loaded(Progress(), problem, target)

    def save(self, progress: Progress) -> None:
        """Raises OSError when the folder cannot be written."""
        write_atomic(self.path, json.dumps(progress.as_data(), indent=1, ensure_ascii=False) + "\n")


def schedule(drills: list[list[str]], count: int, progress: Progress, rng: random.Random) -> list[int]:
    """Pick `count` of the items (each given by the fans it drills), weighted by the
    Leitner boxes: an item weighs as much as its neediest fan. Returns their indices,
    most urgent first (weighted sampling without replacement, Efraimidis-Spirakis)."""
    keyed = []
    for i, fans in enumerate(drills):
        weight = max((progress.weight(f) for f in fans), default=UNSEEN_WEIGHT)
        keyed.append((rng.random() ** (1.0 / weight), i))
    keyed.sort(reverse=True)
    return [i for _, i in keyed[:count]]
