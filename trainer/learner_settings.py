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

from rules.yaml_loader import YamlProblem, load_strict

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
class SpacingRule:
    desired_retention: float   # FSRS: the recall wanted when an item comes due
    maximum_interval: int      # the longest interval, in days


@dataclass(frozen=True, slots=True)
class MasteryRule:
    share: float    # right answers on a unit's fans that pass it...
    answers: int    # ...over at least this many answers...
    window: int     # ...and at most this many, the last ones


@dataclass(frozen=True, slots=True)
class LearnerSettings:
    weak_top_box: int      # the web quiz's boxes: a right total lifts a fan at most to this box
    most_mistakes: int     # the web quiz: a wrong total is explained by at most this many fans
    reask_after: int       # a missed question comes back this many questions later
    reask_times: int       # ...at most this many times a session
    levels: LevelRule
    history_sessions: int  # sessions kept in the history before the oldest are merged
    history_shown: int     # sessions the charts show
    spacing: SpacingRule = SpacingRule(0.9, 365)
    mastery: MasteryRule = MasteryRule(0.8, 10, 20)
    daily_goal: int = 20   # answers a day, until the learner sets their own
    recent_hands: int = 300   # hands remembered as asked recently

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


def _spacing(data: dict[str, Any], where: str) -> SpacingRule:
    spacing = _section(data, "spacing", where)
    retention = _share(spacing, "desired_retention", f"{where}: spacing")
    if not 0.5 <= retention < 1:
        raise SettingsError(f"{where}: spacing: desired_retention: {retention:g} is not from 0.5 to below 1")
    return SpacingRule(retention, _whole(spacing, "maximum_interval", f"{where}: spacing", 1, 36500))


def _mastery(data: dict[str, Any], where: str) -> MasteryRule:
    mastery = _section(data, "mastery", where)
    rule = MasteryRule(_share(mastery, "share", f"{where}: mastery"),
                       _whole(mastery, "answers", f"{where}: mastery", 1, 1000),
                       _whole(mastery, "window", f"{where}: mastery", 1, 1000))
    if rule.window < rule.answers:
        raise SettingsError(f"{where}: mastery: window ({rule.window}) must hold at least answers ({rule.answers})")
    return rule


def settings_from(data: Any, where: str = "trainer/learner.yaml") -> LearnerSettings:
    """The settings in `data` (the YAML read); SettingsError names the first problem."""
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: expected the sections credit, blame, spacing, mastery, daily, reask, "
                            "levels, history")
    credit, blame = _section(data, "credit", where), _section(data, "blame", where)
    reask, levels = _section(data, "reask", where), _section(data, "levels", where)
    history, daily = _section(data, "history", where), _section(data, "daily", where)
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
        spacing=_spacing(data, where),
        mastery=_mastery(data, where),
        daily_goal=_whole(daily, "goal", f"{where}: daily", 1, 1000),
        recent_hands=_whole(daily, "recent_hands", f"{where}: daily", 0, 10_000),
    )


@lru_cache(maxsize=None)
def learner_settings(path: Path = SETTINGS_PATH) -> LearnerSettings:
    """The settings of `path` (default: the project's trainer/learner.yaml)."""
    try:
        data = load_strict(path.read_text(encoding="utf-8"), text_keys=False)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, YamlProblem) as err:
        raise SettingsError(f"{path.name}: cannot be read: {err}") from None
    return settings_from(data, path.name)
