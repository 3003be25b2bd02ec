"""The daily goal and its streak: answers a day, and the days in a row the goal was met.

What counts, the one rule (Progress.record, the only caller of `after_answer`): each
question answered, in any mode and on the terminal or the site, counts one: a practice
question (asked again too, or "I don't know"), a timed hand, a flashcard, a rules
question; a guided hand is one question, counted when its last step is answered
(`Answer.ends`), whatever its number of steps.

A day is the learner's calendar day (the caller's clock). The streak grows by one on the
day the goal is reached, when the goal was also reached the day before; it stays alive
through the day after its last day, so a learner who has not yet practised today still
sees it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta


@dataclass(frozen=True, slots=True)
class Daily:
    goal: int | None = None          # answers a day; None: the default (trainer/learner.yaml)
    day: date | None = None          # the last day with an answer
    answered: int = 0                # answers that day
    streak: int = 0                  # days in a row the goal was met, ending on `streak_last`
    streak_last: date | None = None
    best: int = 0                    # the longest streak

    def goal_or(self, default: int) -> int:
        return self.goal if self.goal is not None else default

    def answered_on(self, day: date) -> int:
        return self.answered if self.day == day else 0

    def current_streak(self, today: date) -> int:
        """The streak as it stands on `today`: alive if its last day is today or yesterday."""
        if self.streak_last is None or (today - self.streak_last).days > 1:
            return 0
        return self.streak

    def after_answer(self, day: date, default_goal: int) -> "Daily":
        if self.day is not None and day < self.day:
            return self   # a clock set back: today's count stays where it is
        answered = self.answered_on(day) + 1
        streak, last = self.streak, self.streak_last
        # >=, not ==: a goal lowered below the day's count is met by the next answer; the
        # day counts once (`last != day`).
        if answered >= self.goal_or(default_goal) and last != day:
            streak = streak + 1 if last == day - timedelta(days=1) else 1
            last = day
        return Daily(self.goal, day, answered, streak, last, max(self.best, streak))

    def with_goal(self, goal: int) -> "Daily":
        return replace(self, goal=goal)
