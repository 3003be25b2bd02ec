"""The learner's progress: one JSON document the terminal and the site both read and write.

It holds, for each fan and each rules question, the answers given and an FSRS memory
spaced by days (trainer/spacing.py: at most one step a day); the question kinds'
tallies; the learner's level and the last answers at each level (trainer/level_moves.py);
accuracy by fan family session by session (trainer/history.py); the rules edition the
learner plays; where they stand in the curriculum (trainer/mastery.py); the daily goal
and its streak (trainer/daily.py); the hands asked recently; and what the diagnosis has
learnt of their wrong numbers (trainer/habits.py). Every value is plain data:
`as_data()` is the document, trainer/progress_store.py reads it back strictly (and
carries over the files of formats 1 and 2, whose Leitner boxes become FSRS memories).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Mapping

from .attribution import FanOutcome, Verdict
from .daily import Daily
from .habits import Habits
from .history import HistoryEntry, Tally, with_outcomes
from .learner_settings import LearnerSettings, learner_settings
from .level_moves import LevelState, Move
from .mastery import UnitState
from .spacing import DayStep, Grade, Memory, Spaced
from generator.quizzes.levels import LEVELS

__all__ = ["PROGRESS_FORMAT", "Answer", "ItemRecord", "Progress", "Tally", "GRADES", "stability"]

PROGRESS_FORMAT = 3   # 1: Leitner boxes and kinds; 2: boxes, level and history (both carried over)

# The FSRS grade of each verdict (trainer/attribution.py); a doubt takes no step.
GRADES = {Verdict.CREDIT: Grade.GOOD, Verdict.WEAK: Grade.HARD, Verdict.BLAME: Grade.AGAIN}


@dataclass(frozen=True, slots=True)
class ItemRecord:
    """A fan or a rules question: answers seen and right, its spacing, the day first met."""

    seen: int = 0
    right: int = 0
    spaced: Spaced = Spaced()
    met: date | None = None      # fans: the day its learn card was first shown

    @property
    def accuracy(self) -> float:
        return self.right / self.seen if self.seen else 0.0

    def answered(self, grade: Grade, day: date, spaced: bool = True) -> "ItemRecord":
        """One more answer on the item, graded `grade`; `spaced` False: counted, its memory
        left as it is (a right answer to a question asked again, its answer seen minutes before)."""
        return ItemRecord(self.seen + 1, self.right + (grade is not Grade.AGAIN),
                          self.spaced.reviewed(grade, day) if spaced else self.spaced, self.met)


@dataclass(frozen=True, slots=True)
class Answer:
    """One graded answer, as the progress records it."""

    kind: str
    correct: bool
    outcomes: tuple[FanOutcome, ...] = ()   # per fan (trainer/attribution.py, trainer/diagnosis.py)
    level: str | None = None                # the level it is evidence for (None: a drill or a re-ask)
    again: bool = False                     # re-asked in its session: not in the history
    hand: str | None = None                 # the hand's key, remembered as asked
    item: str | None = None                 # a rules question's id, spaced like a fan
    units: tuple[str, ...] = ()             # curriculum units it is evidence for
    mistakes: tuple[tuple[str, float], ...] = ()   # a wrong number: each named mistake's probability
    slip: float | None = None               # ...and that of a slip (None: no number diagnosed)
    ends: bool = True                       # it ends a question: the daily goal counts it (trainer/daily.py)


@dataclass(frozen=True)
class Progress:
    session: int = 0
    fans: Mapping[str, ItemRecord] = field(default_factory=dict)
    kinds: Mapping[str, Tally] = field(default_factory=dict)
    levels: LevelState = field(default_factory=lambda: LevelState(LEVELS[0], {}))
    history: tuple[HistoryEntry, ...] = ()
    rules: Mapping[str, ItemRecord] = field(default_factory=dict)
    edition: str | None = None              # the rules the learner plays (asked once)
    units: UnitState = field(default_factory=UnitState)
    daily: Daily = field(default_factory=Daily)
    recent: tuple[str, ...] = ()            # the hands asked recently, oldest first
    habits: Habits = field(default_factory=Habits)

    @property
    def level(self) -> str:
        return self.levels.current

    @property
    def moved(self) -> Move | None:
        return self.levels.moved

    def next_session(self) -> "Progress":
        return replace(self, session=self.session + 1)

    def with_edition(self, edition: str) -> "Progress":
        return replace(self, edition=edition)

    def with_goal(self, goal: int) -> "Progress":
        return replace(self, daily=self.daily.with_goal(goal))

    def met(self, fans: tuple[str, ...] | list[str], day: date) -> "Progress":
        """The learn cards of these fans were shown on `day` (a fan is met once)."""
        records = dict(self.fans)
        for fan in fans:
            old = records.get(fan, ItemRecord())
            if old.met is None:
                records[fan] = replace(old, met=day)
        return replace(self, fans=records)

    def remembered(self, hand: str, settings: LearnerSettings | None = None) -> "Progress":
        """The hand `hand` (its key) was shown: not asked again soon."""
        keep = (settings or learner_settings()).recent_hands
        return replace(self, recent=(tuple(h for h in self.recent if h != hand) + (hand,))[-keep:] if keep else ())

    def opened(self, unit: str) -> "Progress":
        return replace(self, units=self.units.opened_unit(unit))

    def record(self, answer: Answer, day: date, session: int | None = None,
               settings: LearnerSettings | None = None) -> "Progress":
        """The progress after one graded answer given on `day`, in `session` (default: the
        last one; a session running alongside others has its own number)."""
        settings = settings or learner_settings()
        at = self.session if session is None else session
        fans = dict(self.fans)
        for outcome in answer.outcomes:
            grade = GRADES.get(outcome.verdict)
            if grade is not None:   # asked again, a fan is counted; only a blame moves its memory
                spaced = not answer.again or grade is Grade.AGAIN
                fans[outcome.fan] = fans.get(outcome.fan, ItemRecord()).answered(grade, day, spaced)
        items = dict(self.rules)
        if answer.item is not None:
            items[answer.item] = items.get(answer.item, ItemRecord()).answered(
                Grade.GOOD if answer.correct else Grade.AGAIN, day)
        kinds = dict(self.kinds)
        kinds[answer.kind] = kinds.get(answer.kind, Tally()).plus(1, answer.correct)
        levels = self.levels
        if answer.level is not None:
            levels = levels.answered(answer.level, answer.correct, LEVELS, settings.levels, at)
        history = self.history if answer.again else with_outcomes(self.history, at, answer.outcomes,
                                                                  settings.history_sessions)
        recent = self.recent
        if answer.hand is not None and settings.recent_hands:
            recent = (tuple(h for h in recent if h != answer.hand) + (answer.hand,))[-settings.recent_hands:]
        habits = self.habits if answer.slip is None else self.habits.after(answer.mistakes, answer.slip)
        units = self.units.answered(answer.units, answer.correct, settings.mastery) if not answer.again else self.units
        daily = self.daily.after_answer(day, settings.daily_goal) if answer.ends else self.daily
        return Progress(max(self.session, at), fans, kinds, levels, history, items, self.edition, units,
                        daily, recent, habits)

    def due_fans(self, day: date) -> list[str]:
        """The fans due on `day`, the longest overdue first (then the least stable)."""
        due = [(fan, r.spaced) for fan, r in self.fans.items() if r.spaced.due(day)]
        due.sort(key=lambda item: (-item[1].overdue(day), stability(item[1]), item[0]))
        return [fan for fan, _ in due]

    def due_rules(self, day: date) -> list[str]:
        due = [(qid, r.spaced) for qid, r in self.rules.items() if r.spaced.due(day)]
        due.sort(key=lambda item: (-item[1].overdue(day), stability(item[1]), item[0]))
        return [qid for qid, _ in due]

    def as_data(self) -> dict[str, Any]:
        """The progress document (trainer/progress_store.py reads it back)."""
        moved = self.levels.moved
        return {"format": PROGRESS_FORMAT, "session": self.session, "edition": self.edition,
                "fans": {k: _item_data(r) for k, r in sorted(self.fans.items())},
                "rules": {k: _item_data(r) for k, r in sorted(self.rules.items())},
                "kinds": {k: {"seen": t.seen, "right": t.right} for k, t in sorted(self.kinds.items())},
                "level": self.levels.current,
                "recent": {k: [int(r) for r in w] for k, w in sorted(self.levels.windows.items()) if w},
                "moved": None if moved is None else {"from": moved.before, "to": moved.after, "up": moved.up,
                                                     "right": moved.right, "of": moved.out_of,
                                                     "session": moved.session},
                "history": [{"session": e.session,
                             "families": {k: {"seen": t.seen, "right": t.right} for k, t in e.families.items()}}
                            for e in self.history],
                "units": {"opened": list(self.units.opened), "passed": list(self.units.passed),
                          "answers": {k: [int(r) for r in w] for k, w in sorted(self.units.windows.items()) if w}},
                "daily": _daily_data(self.daily),
                "hands": list(self.recent),
                "habits": {"wrong": self.habits.wrong, "slips": self.habits.slips,
                           "causes": dict(self.habits.causes)}}


def stability(spaced: Spaced) -> float:
    """How stable the item's memory is (0 for an item never reviewed)."""
    return spaced.memory.stability if spaced.memory is not None else 0.0


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def _memory_data(memory: Memory | None) -> dict[str, Any] | None:
    return None if memory is None else memory.as_data()


def _step_data(step: DayStep | None) -> dict[str, Any] | None:
    if step is None:
        return None
    return {"day": step.day.isoformat(), "grade": int(step.grade), "before": _memory_data(step.before)}


def _item_data(record: ItemRecord) -> dict[str, Any]:
    return {"seen": record.seen, "right": record.right, "memory": _memory_data(record.spaced.memory),
            "step": _step_data(record.spaced.step), "met": _day(record.met)}


def _daily_data(daily: Daily) -> dict[str, Any]:
    return {"goal": daily.goal, "day": _day(daily.day), "answered": daily.answered, "streak": daily.streak,
            "streak_last": _day(daily.streak_last), "best": daily.best}
