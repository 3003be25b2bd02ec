"""The learner's progress: one Leitner box per fan, the level, and the history.

Each fan sits in a box from 1 to 5. An answer that shows the learner knows the fan moves
it up one box (a right total only up to a middle box: trainer/learner.yaml), one that gets
it wrong sends it back to box 1; which fans an answer says something about is
trainer/attribution.py's job. A fan in box b is due again INTERVALS[b-1] quiz sessions after
it was last asked, and due fans in low boxes weigh most when a quiz picks its questions:
the fans you miss come back soon, the ones you know rarely.

The progress also holds the learner's level and the last answers at each level
(trainer/level_moves.py), and accuracy by fan family session by session (trainer/history.py).
progress_store keeps it all in a file.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from .attribution import FanOutcome, Verdict
from .history import HistoryEntry, Tally, with_outcomes
from .learner_settings import BOXES, LearnerSettings, learner_settings
from .level_moves import LevelState, Move
from generator.quizzes.levels import LEVELS

__all__ = ["BOXES", "INTERVALS", "PROGRESS_FORMAT", "Answer", "FanRecord", "Progress", "Tally", "schedule"]

PROGRESS_FORMAT = 2   # 1: boxes and kinds only (read, and migrated, by progress_store)
INTERVALS = (1, 2, 4, 8, 16)   # sessions before a fan in box 1..5 is due again
NOT_DUE_WEIGHT = 0.1
UNSEEN_WEIGHT = 1.0


@dataclass(frozen=True, slots=True)
class FanRecord:
    box: int = 1
    seen: int = 0
    right: int = 0
    last_session: int = 0

    @property
    def accuracy(self) -> float:
        return self.right / self.seen if self.seen else 0.0

    def after(self, verdict: Verdict, session: int, weak_top_box: int) -> "FanRecord":
        """The record after one outcome (trainer/attribution.py) in `session`."""
        if verdict is Verdict.DOUBT:   # down one box, and no mark: the fan may not be to blame
            return FanRecord(max(1, self.box - 1), self.seen, self.right, session)
        if verdict is Verdict.BLAME:
            box = 1
        elif verdict is Verdict.WEAK:
            box = self.box + 1 if self.box < weak_top_box else self.box
        else:
            box = min(BOXES, self.box + 1)
        return FanRecord(box, self.seen + 1, self.right + (verdict is not Verdict.BLAME), session)


@dataclass(frozen=True, slots=True)
class Answer:
    """One graded answer, as the progress records it."""

    kind: str
    correct: bool
    outcomes: tuple[FanOutcome, ...] = ()   # per fan (trainer/attribution.py)
    level: str | None = None                # the level it is evidence for (None: a drill or a re-ask)
    again: bool = False                     # a question re-asked in its session: not in the history


@dataclass(frozen=True)
class Progress:
    session: int = 0
    fans: dict[str, FanRecord] = field(default_factory=dict)
    kinds: dict[str, Tally] = field(default_factory=dict)
    levels: LevelState = field(default_factory=lambda: LevelState(LEVELS[0], {}))
    history: tuple[HistoryEntry, ...] = ()

    @property
    def level(self) -> str:
        return self.levels.current

    @property
    def moved(self) -> Move | None:
        return self.levels.moved

    def next_session(self) -> "Progress":
        return replace(self, session=self.session + 1)

    def with_level(self, level: str) -> "Progress":
        """The learner chose `level` by hand."""
        return replace(self, levels=self.levels.chosen(level))

    def record(self, answer: Answer, session: int | None = None,
               settings: LearnerSettings | None = None) -> "Progress":
        """The progress after one graded answer, given in `session` (default: the last
        one; a session running alongside others has its own number)."""
        settings = settings or learner_settings()
        at = self.session if session is None else session
        fans = dict(self.fans)
        for outcome in answer.outcomes:
            if outcome.verdict is Verdict.DOUBT and outcome.fan not in fans:
                continue   # a doubt lowers a box; an unseen fan has none to lower
            fans[outcome.fan] = fans.get(outcome.fan, FanRecord()).after(outcome.verdict, at, settings.weak_top_box)
        kinds = dict(self.kinds)
        kinds[answer.kind] = kinds.get(answer.kind, Tally()).plus(1, answer.correct)
        levels = self.levels
        if answer.level is not None:
            levels = levels.answered(answer.level, answer.correct, LEVELS, settings.levels, at)
        history = self.history if answer.again else with_outcomes(self.history, at, answer.outcomes,
                                                                  settings.history_sessions)
        return Progress(max(self.session, at), fans, kinds, levels, history)

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
        moved = self.levels.moved
        return {"format": PROGRESS_FORMAT, "session": self.session,
                "fans": {k: {"box": r.box, "seen": r.seen, "right": r.right, "last_session": r.last_session}
                         for k, r in sorted(self.fans.items())},
                "kinds": {k: {"seen": t.seen, "right": t.right} for k, t in sorted(self.kinds.items())},
                "level": self.levels.current,
                "recent": {k: [int(r) for r in w] for k, w in sorted(self.levels.windows.items()) if w},
                "moved": None if moved is None else {"from": moved.before, "to": moved.after, "up": moved.up,
                                                     "right": moved.right, "of": moved.out_of,
                                                     "session": moved.session},
                "history": [{"session": e.session,
                             "families": {k: {"seen": t.seen, "right": t.right} for k, t in e.families.items()}}
                            for e in self.history]}


def schedule(drills: list[list[str]], count: int, progress: Progress, rng: random.Random,
             reviewed: Iterable[str] | None = None) -> list[int]:
    """Pick `count` of the items (each given by the fans it drills), weighted by the
    Leitner boxes: an item weighs as much as its neediest reviewed fan (`reviewed`: the
    fans that take part in review; default every fan). Returns their indices, most urgent
    first (weighted sampling without replacement, Efraimidis-Spirakis)."""
    keep = None if reviewed is None else frozenset(reviewed)
    keyed = []
    for i, fans in enumerate(drills):
        weights = [progress.weight(f) for f in fans if keep is None or f in keep]
        keyed.append((rng.random() ** (1.0 / max(weights, default=UNSEEN_WEIGHT)), i))
    keyed.sort(reverse=True)
    return [i for _, i in keyed[:count]]
