"""Moving the learner between levels on evidence: the last answers at their level.

Each level keeps the learner's last `window` answers there (right or not). After an answer
at the learner's own level, a full window with `up` or more right moves them up one
level, one with less than `down` right moves them down one (trainer/learner.yaml). A move
empties the windows of both levels, so the next move needs new evidence. The learner can
still choose a level by hand; answers at another level than theirs fill that level's
window and move nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .learner_settings import LevelRule


@dataclass(frozen=True, slots=True)
class Move:
    """A move between levels, and the evidence for it."""

    before: str
    after: str
    up: bool        # up a level, or down
    right: int      # answers right among...
    out_of: int     # ...the last answers at `before`
    session: int    # the session it happened in


def direction(window: tuple[bool, ...], rule: LevelRule) -> int:
    """+1 (up), -1 (down) or 0 for a level's window of last answers."""
    if len(window) < rule.window:
        return 0
    share = sum(window) / len(window)
    if share >= rule.up:
        return 1
    if share < rule.down:
        return -1
    return 0


@dataclass(frozen=True, slots=True)
class LevelState:
    """The learner's level, and the last answers at each level (oldest first)."""

    current: str
    windows: Mapping[str, tuple[bool, ...]]
    moved: Move | None = None   # the last move on evidence

    def answered(self, level: str, right: bool, levels: tuple[str, ...], rule: LevelRule,
                 session: int) -> "LevelState":
        """The state after an answer at `level` (counted as evidence)."""
        windows = dict(self.windows)
        windows[level] = (windows.get(level, ()) + (right,))[-rule.window:]
        if level != self.current or level not in levels:
            return LevelState(self.current, windows, self.moved)
        step = direction(windows[level], rule)
        target = levels.index(level) + step
        if step == 0 or not 0 <= target < len(levels):
            return LevelState(self.current, windows, self.moved)
        window = windows[level]
        move = Move(level, levels[target], step > 0, sum(window), len(window), session)
        windows.pop(level, None)
        windows.pop(levels[target], None)
        return LevelState(levels[target], windows, move)

    def chosen(self, level: str) -> "LevelState":
        """The learner chose `level` by hand."""
        return LevelState(level, self.windows, self.moved)
