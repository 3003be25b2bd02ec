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

from .settings_fields import SettingsError, section, share, whole

SETTINGS_PATH = Path(__file__).resolve().parent / "learner.yaml"


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
    most_mistakes: int     # attribute(): a wrong total is explained by at most this many fans
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
        """The settings as the quiz index's overview reads them (quiz-overview.js)."""
        return asdict(self)


def _spacing(data: dict[str, Any], where: str) -> SpacingRule:
    spacing = section(data, "spacing", where)
    retention = share(spacing, "desired_retention", f"{where}: spacing")
    if not 0.5 <= retention < 1:
        raise SettingsError(f"{where}: spacing: desired_retention: {retention:g} is not from 0.5 to below 1")
    return SpacingRule(retention, whole(spacing, "maximum_interval", f"{where}: spacing", 1, 36500))


def _mastery(data: dict[str, Any], where: str) -> MasteryRule:
    mastery = section(data, "mastery", where)
    rule = MasteryRule(share(mastery, "share", f"{where}: mastery"),
                       whole(mastery, "answers", f"{where}: mastery", 1, 1000),
                       whole(mastery, "window", f"{where}: mastery", 1, 1000))
    if rule.window < rule.answers:
        raise SettingsError(f"{where}: mastery: window ({rule.window}) must hold at least answers ({rule.answers})")
    return rule


def settings_from(data: Any, where: str = "trainer/learner.yaml") -> LearnerSettings:
    """The settings in `data` (the YAML read); SettingsError names the first problem."""
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: expected the sections blame, spacing, mastery, daily, reask, "
                            "levels, history")
    blame = section(data, "blame", where)
    reask, levels = section(data, "reask", where), section(data, "levels", where)
    history, daily = section(data, "history", where), section(data, "daily", where)
    rule = LevelRule(whole(levels, "window", f"{where}: levels", 1, 1000),
                     share(levels, "up", f"{where}: levels"), share(levels, "down", f"{where}: levels"))
    if rule.down >= rule.up:
        raise SettingsError(f"{where}: levels: down ({rule.down:g}) must be below up ({rule.up:g})")
    return LearnerSettings(
        most_mistakes=whole(blame, "most_mistakes", f"{where}: blame", 1, 6),
        reask_after=whole(reask, "after", f"{where}: reask", 1, 100),
        reask_times=whole(reask, "times", f"{where}: reask", 0, 10),
        levels=rule,
        history_sessions=whole(history, "sessions", f"{where}: history", 2, 10_000),
        history_shown=whole(history, "shown", f"{where}: history", 1, 100),
        spacing=_spacing(data, where),
        mastery=_mastery(data, where),
        daily_goal=whole(daily, "goal", f"{where}: daily", 1, 1000),
        recent_hands=whole(daily, "recent_hands", f"{where}: daily", 0, 10_000),
    )


@lru_cache(maxsize=None)
def learner_settings(path: Path = SETTINGS_PATH) -> LearnerSettings:
    """The settings of `path` (default: the project's trainer/learner.yaml)."""
    try:
        data = load_strict(path.read_text(encoding="utf-8"), text_keys=False)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, YamlProblem) as err:
        raise SettingsError(f"{path.name}: cannot be read: {err}") from None
    return settings_from(data, path.name)
