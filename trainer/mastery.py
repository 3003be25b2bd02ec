"""Where the learner stands in the curriculum: the units opened, passed, and the last
answers on each unit's fans (trainer/curriculum.yaml holds the units; trainer/curriculum.py
reads them). A unit is passed with the mastery share right or more over the learner's
last answers on its fans, at least `answers` of them (trainer/learner.yaml)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .learner_settings import MasteryRule


@dataclass(frozen=True, slots=True)
class UnitState:
    opened: tuple[str, ...] = ()                        # units whose learn cards and worked example were shown
    passed: tuple[str, ...] = ()                        # in the order they were passed
    windows: Mapping[str, tuple[bool, ...]] = field(default_factory=dict)   # unit -> last answers, oldest first

    def opened_unit(self, unit: str) -> "UnitState":
        if unit in self.opened:
            return self
        return UnitState(self.opened + (unit,), self.passed, self.windows)

    def answered(self, units: tuple[str, ...], right: bool, rule: MasteryRule) -> "UnitState":
        """After an answer that is evidence for `units` (their fans were asked)."""
        windows = dict(self.windows)
        passed = list(self.passed)
        for unit in units:
            window = (windows.get(unit, ()) + (right,))[-rule.window:]
            windows[unit] = window
            if unit not in passed and mastered(window, rule):
                passed.append(unit)
        return UnitState(self.opened, tuple(passed), windows)


def mastered(window: tuple[bool, ...], rule: MasteryRule) -> bool:
    return len(window) >= rule.answers and sum(window) >= rule.share * len(window)
