"""The learner model's settings: trainer/learner.yaml, read once and checked.

The file is the project's own data, not the learner's: a value out of place is a mistake
in the project, reported with the file and the key, never a traceback.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

SETTINGS_PATH = Path(__file__).resolve().parent / "learner.yaml"
BOXES = 5   # the Leitner boxes (trainer/progress.py); a setting naming a box is checked against it


class SettingsError(ValueError):
    """A learner setting that cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class LevelRule:
    window: int     # the last answers at a level that decide a move
    up: float       # this share right or more: up one level
    down: float     # less than this share right: down one level


@dataclass(frozen=True, slots=True)
class LearnerSettings:
    weak_top_box: int      # a right total lifts a fan at most to this box
    most_mistakes: int     # a wrong total is explained by at most this many fans
    reask_after: int       # a missed question comes back this many questions later
    reask_times: int       # ...at most this many times a session
    levels: LevelRule
    history_sessions: int  # sessions kept in the history before the oldest are merged
    history_shown: int     # sessions the charts show

    def as_data(self) -> dict[str, Any]:
        """The settings as the web quiz reads them (quiz.js)."""
        return asdict(self)


def _section(data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise SettingsError(f"{where}: {name}: missing, or not a mapping")
    return value


def _whole(section: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = section.get(key)
    if type(value) is not int or not low <= value <= high:
        raise SettingsError(f"{where}: {key}: {value!r} is not a whole number from {low} to {high}")
    return value


def _share(section: dict[str, Any], key: str, where: str) -> float:
    value = section.get(key)
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise SettingsError(f"{where}: {key}: {value!r} is not a share from 0 to 1")
    return float(value)


def settings_from(data: Any, where: str = "trainer/learner.yaml") -> LearnerSettings:
    """The settings in `data` (the YAML read); SettingsError names the first problem."""
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: expected the sections credit, blame, reask, levels, history")
    credit, blame = _section(data, "credit", where), _section(data, "blame", where)
    reask, levels = _section(data, "reask", where), _section(data, "levels", where)
    history = _section(data, "history", where)
    rule = LevelRule(_whole(levels, "window", f"{where}: levels", 1, 1000),
                     _share(levels, "up", f"{where}: levels"), _share(levels, "down", f"{where}: levels"))
    if rule.down >= rule.up:
        raise SettingsError(f"{where}: levels: down ({rule.down:g}) must be below up ({rule.up:g})")
    return LearnerSettings(
        weak_top_box=_whole(credit, "weak_top_box", f"{where}: credit", 1, BOXES),
        most_mistakes=_whole(blame, "most_mistakes", f"{where}: blame", 1, 6),
        reask_after=_whole(reask, "after", f"{where}: reask", 1, 100),
        reask_times=_whole(reask, "times", f"{where}: reask", 0, 10),
        levels=rule,
        history_sessions=_whole(history, "sessions", f"{where}: history", 2, 10_000),
        history_shown=_whole(history, "shown", f"{where}: history", 1, 100),
    )


@lru_cache(maxsize=None)
def learner_settings(path: Path = SETTINGS_PATH) -> LearnerSettings:
    """The settings of `path` (default: the project's trainer/learner.yaml)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise SettingsError(f"{path.name}: cannot be read: {err}") from None
    return settings_from(data, path.name)
