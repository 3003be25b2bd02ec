"""The learner's progress: one Leitner box per fan.

Each fan sits in a box from 1 to 5. Answering a question on it right moves it up one
box, wrong sends it back to box 1. A fan in box b is due again INTERVALS[b-1] quiz
sessions after it was last asked, and due fans in low boxes weigh most when a quiz
picks its questions: the fans you miss come back soon, the ones you know rarely.

progress_store keeps it in a file.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

PROGRESS_FORMAT = 1
BOXES = 5
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

    def record(self, kind: str, correct: bool, fan_results: Iterable[tuple[str, bool]],
               session: int | None = None) -> "Progress":
        """The progress after one graded question, asked in `session` (default: the last
        one; a session running alongside others has its own number)."""
        at = self.session if session is None else session
        fans = dict(self.fans)
        for fan, right in fan_results:
            old = fans.get(fan, FanRecord())
            box = min(BOXES, old.box + 1) if right else 1
            fans[fan] = FanRecord(box, old.seen + 1, old.right + right, at)
        kinds = dict(self.kinds)
        old_tally = kinds.get(kind, Tally())
        kinds[kind] = Tally(old_tally.seen + 1, old_tally.right + correct)
        return Progress(max(self.session, at), fans, kinds)

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
