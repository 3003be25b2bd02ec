"""Spacing by days: one FSRS memory per fan (and per rules question), one step a day.

FSRS (the `fsrs` package, pinned in pyproject.toml) models what the learner remembers of
an item as a stability (days until recall falls to the desired retention) and a
difficulty; each review with a rating moves both and sets the next due day. The trainer
counts in the learner's calendar days: a review happens on a day, its due date is a day,
and an item takes at most one step a day. When an item is met again the same day, the
step is taken again from the memory as it stood that morning, with the worst rating of
the day: a miss after a right answer still counts as a miss, two right answers count as
one. There are no learning steps in minutes: a day is the smallest interval.

The memory is plain data (floats and ISO dates), so the progress document stores it and
the browser, running this same module, schedules the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from enum import IntEnum
from functools import lru_cache
from typing import Any

from fsrs import Card, Rating, Scheduler, State

from .learner_settings import learner_settings

# Reviews happen at noon UTC of their day, so FSRS counts whole days between them.
_NOON = time(12, tzinfo=timezone.utc)


class Grade(IntEnum):
    """How an answer rates an item (FSRS's ratings; Easy is never given)."""

    AGAIN = int(Rating.Again)   # missed
    HARD = int(Rating.Hard)     # right, with less proof (a right total credits its fans so)
    GOOD = int(Rating.Good)     # right


@dataclass(frozen=True, slots=True)
class Memory:
    """An FSRS memory by days: reviewed on `last`, due again on `due`."""

    stability: float
    difficulty: float
    due: date
    last: date

    def as_data(self) -> dict[str, Any]:
        return {"stability": round(self.stability, 4), "difficulty": round(self.difficulty, 4),
                "due": self.due.isoformat(), "last": self.last.isoformat()}


@dataclass(frozen=True, slots=True)
class DayStep:
    """The step an item took on `day`: its rating, and the memory before it (None: new)."""

    day: date
    grade: Grade
    before: Memory | None


@dataclass(frozen=True, slots=True)
class Spaced:
    """An item's spacing: its memory (None before its first review) and today's step."""

    memory: Memory | None = None
    step: DayStep | None = None

    def reviewed(self, grade: Grade, day: date) -> "Spaced":
        """After an answer on `day`: the day's first step, or that step taken again with a
        worse grade; a grade no worse than the day's changes nothing."""
        if self.step is not None and self.step.day == day:
            if grade >= self.step.grade:
                return self
            return Spaced(review(self.step.before, grade, day), DayStep(day, grade, self.step.before))
        if self.step is not None and self.step.day > day:
            return self   # a clock set back: the later day's step stands
        return Spaced(review(self.memory, grade, day), DayStep(day, grade, self.memory))

    def due(self, day: date) -> bool:
        """Due on `day`: reviewed before and its due day has come (a new item is not due)."""
        return self.memory is not None and self.memory.due <= day

    def overdue(self, day: date) -> int:
        return (day - self.memory.due).days if self.memory is not None else 0


@lru_cache(maxsize=1)
def scheduler() -> Scheduler:
    """The FSRS scheduler with the trainer's settings (trainer/learner.yaml): the
    package's default parameters, days only, no fuzz (the same answers give the same
    days, in the terminal and in the browser)."""
    spacing = learner_settings().spacing
    return Scheduler(desired_retention=spacing.desired_retention, learning_steps=(), relearning_steps=(),
                     maximum_interval=spacing.maximum_interval, enable_fuzzing=False)


def _moment(day: date) -> datetime:
    return datetime.combine(day, _NOON)


def review(memory: Memory | None, grade: Grade, day: date) -> Memory:
    """The memory after one review on `day` (None: the item's first review)."""
    if memory is None:
        card = Card(card_id=1, due=_moment(day))
    else:
        card = Card(card_id=1, state=State.Review, step=None, stability=memory.stability,
                    difficulty=memory.difficulty, due=_moment(memory.due), last_review=_moment(memory.last))
    after, _ = scheduler().review_card(card, Rating(int(grade)), review_datetime=_moment(day))
    # Rounded as the progress document stores it, so a memory read back is the same value.
    return Memory(round(float(after.stability), 4), round(float(after.difficulty), 4), after.due.date(), day)


def retrievability(memory: Memory | None, day: date) -> float | None:
    """How likely the learner recalls the item on `day` (None: never reviewed)."""
    if memory is None:
        return None
    card = Card(card_id=1, state=State.Review, step=None, stability=memory.stability,
                difficulty=memory.difficulty, due=_moment(memory.due), last_review=_moment(memory.last))
    return float(scheduler().get_card_retrievability(card, current_datetime=_moment(day)))


def days_later(day: date, days: int) -> date:
    return day + timedelta(days=days)
