"""The quiz levels as data (generator/quizzes/level_targets.yaml): which fans belong to which level,
by how often they count in play (generator/quizzes/play_frequencies.yaml), and what share of each
level's bank the builder aims for.

A fan's level: `beginner` when it counts in at least `common_share` of simulated wins
or is listed under `beginner_fans`;
`expert` when it is listed under `expert_fans` or is rarer than that and worth
`expert_points` or more; `intermediate` otherwise. A level's `targets` are lower bounds
on the share of its questions showing one of a group of fans; its `caps` upper bounds
on one fan's share (`default` for every fan rarer than `common_share`); `median_total`
a band for the median total of its questions (flowers included); `big_fans` an upper bound
on the share of its questions counting a fan of so many points or more. `questions` bounds
what every level's questions are worth besides their fans (generator/quizzes/bank_figures.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rules.yaml_loader import YamlProblem, load_strict

import rules
from rules import FanTable

from . import play_frequencies
from .levels import LEVELS
from .play_frequencies import PlayFrequencies

PATH = Path(__file__).resolve().parent / "level_targets.yaml"
PRINCIPLES = ("non_repeat", "non_separation", "non_identical", "account_once")


@dataclass(frozen=True, slots=True)
class Target:
    """At least `share` of a level's questions show one of `fans`."""

    name: str
    fans: tuple[str, ...]
    share: float

    def needed(self, count: int) -> int:
        return math.ceil(self.share * count - 1e-9)


@dataclass(frozen=True, slots=True)
class BigFans:
    """At most `share` of a level's questions count a fan worth `points` or more."""

    points: int
    share: float

    def limit(self, count: int) -> int:
        return math.floor(self.share * count + 1e-9)


@dataclass(frozen=True, slots=True)
class QuestionTargets:
    """What every level's questions are worth besides the fans they show."""

    header_ruled_out: float     # most "fans" questions offering a wrong fan only the header rules out
    header_traps: float         # most "fans" questions offering one such fan on purpose (marked)
    valid_points: int           # "valid?" questions on a valid win at most this many points over the minimum...
    valid_near: float           # ...at least this share of them
    close_points: int           # best readings beating the next one offered by this many points or fewer...
    close_readings: float       # ...at least this share of them


@dataclass(frozen=True, slots=True)
class LevelSpec:
    name: str
    targets: tuple[Target, ...]
    caps: dict[str, float]        # fan id -> largest share; "default" for the fans rarer than common
    median_total: tuple[int, int] | None   # the bank's median total lies in this band
    big_fans: BigFans | None = None        # the share of questions counting a big fan, bounded

    def cap(self, fan: str, levels: "Levels") -> float | None:
        if fan in self.caps:
            return self.caps[fan]
        return None if levels.is_common(fan) else self.caps.get("default")

    def limit(self, fan: str, levels: "Levels", count: int) -> int | None:
        """The most questions of a `count`-question bank that may show `fan`."""
        cap = self.cap(fan, levels)
        return None if cap is None else math.floor(cap * count + 1e-9)


@dataclass(frozen=True, slots=True)
class Levels:
    common_share: float
    expert_points: int
    beginner_fans: frozenset[str]
    expert_fans: frozenset[str]
    principles: dict[str, str]     # principle -> the level a hand showing it belongs to at least
    beginner_not_counted: frozenset[tuple[str, str]]   # (fan, principle) a beginner hand may show
    specs: dict[str, LevelSpec]
    play: PlayFrequencies
    points: dict[str, int]         # fan id -> points, from the fan table
    questions: QuestionTargets | None = None   # None: no bound beyond the fans

    def is_common(self, fan: str) -> bool:
        return self.play.share(fan) >= self.common_share

    def not_counted_level(self, fan: str, principle: str) -> str:
        """The least level of a hand in which `fan` matched but was not counted by `principle`."""
        if (fan, principle) in self.beginner_not_counted:
            return "beginner"
        return self.principles.get(principle, "expert")

    def fan_level(self, fan: str) -> str:
        if fan in self.expert_fans:
            return "expert"
        if self.is_common(fan) or fan in self.beginner_fans:
            return "beginner"
        return "expert" if self.points.get(fan, 0) >= self.expert_points else "intermediate"


def _fail(path: Path, where: str, what: str) -> ValueError:
    return ValueError(f"{path}: {where}: {what}")


def _share(path: Path, where: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise _fail(path, where, f"{value!r} is not a share between 0 and 1")
    return float(value)


def _fans(path: Path, where: str, value: Any, table: FanTable) -> tuple[str, ...]:
    fans = value if isinstance(value, list) else [value]
    for fan in fans:
        if fan not in table.by_id:
            raise _fail(path, where, f"'{fan}' is no fan of the fan table")
    return tuple(fans)


def _spec(path: Path, name: str, data: Any, table: FanTable) -> LevelSpec:
    if not isinstance(data, dict):
        raise _fail(path, f"levels: {name}", "must be a mapping (targets, caps)")
    targets = []
    for i, t in enumerate(data.get("targets") or []):
        where = f"levels: {name}: targets[{i}]"
        if not isinstance(t, dict) or "fans" not in t or "at_least" not in t:
            raise _fail(path, where, "needs 'fans' (a fan id or a list) and 'at_least' (a share)")
        fans = _fans(path, where, t["fans"], table)
        targets.append(Target(str(t.get("name") or fans[0]), fans, _share(path, where, t["at_least"])))
    caps = {}
    for fan, cap in (data.get("caps") or {}).items():
        where = f"levels: {name}: caps: {fan}"
        if fan != "default":
            _fans(path, where, fan, table)
        caps[fan] = _share(path, where, cap)
    band = data.get("median_total")
    if band is not None and not (isinstance(band, list) and len(band) == 2 and all(isinstance(x, int) for x in band)):
        raise _fail(path, f"levels: {name}: median_total", "must be [lowest, highest] in points")
    big = data.get("big_fans")
    big_fans = None
    if big is not None:
        points, share = _bound(path, f"levels: {name}: big_fans", big, "at_most", with_points=True)
        big_fans = BigFans(points, share)
    return LevelSpec(name, tuple(targets), caps, tuple(band) if band else None, big_fans)


def _bound(path: Path, where: str, data: Any, key: str, *, with_points: bool = False) -> tuple[int, float]:
    """A share under `key` and, `with_points`, a number of points: `{points: 4, at_least: 0.7}`."""
    wanted = f"'{key}' (a share)" + (" and 'points' (a number of points)" if with_points else "")
    if not isinstance(data, dict) or key not in data or (with_points and "points" not in data):
        raise _fail(path, where, f"needs {wanted}")
    points = data.get("points", 0)
    if with_points and (isinstance(points, bool) or not isinstance(points, int) or points < 0):
        raise _fail(path, f"{where}: points", f"{points!r} is not a number of points")
    return points, _share(path, f"{where}: {key}", data[key])


def _questions(path: Path, data: Any) -> QuestionTargets | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise _fail(path, "questions", "must be a mapping (header_ruled_out, header_traps, valid_near_minimum, "
                                       "close_readings)")
    def bound(name: str, key: str, with_points: bool = False) -> tuple[int, float]:
        return _bound(path, f"questions: {name}", data.get(name), key, with_points=with_points)
    _, header = bound("header_ruled_out", "at_most")
    _, traps = bound("header_traps", "at_most")
    if traps > header:
        raise _fail(path, "questions: header_traps", f"{traps!r} is more than header_ruled_out ({header!r}), "
                                                      "which counts the traps too")
    valid_points, valid_near = bound("valid_near_minimum", "at_least", True)
    close_points, close = bound("close_readings", "at_least", True)
    return QuestionTargets(header, traps, valid_points, valid_near, close_points, close)


def load(path: Path = PATH, table: FanTable | None = None, play: PlayFrequencies | None = None) -> Levels:
    """Read and check the levels; ValueError names the file, the place and the fault."""
    table = table or rules.fan_table()
    try:
        data = load_strict(path.read_text(encoding="utf-8"), text_keys=False)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, YamlProblem) as err:
        raise ValueError(f"{path}: cannot read the quiz levels: {err}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a mapping")
    common = _share(path, "common_share", data.get("common_share"))
    points = data.get("expert_points")
    if not isinstance(points, int) or points < 1:
        raise _fail(path, "expert_points", f"{points!r} is not a number of points")
    expert = frozenset(_fans(path, "expert_fans", data.get("expert_fans") or [], table))
    beginner = frozenset(_fans(path, "beginner_fans", data.get("beginner_fans") or [], table))
    if beginner & expert:
        raise _fail(path, "beginner_fans", f"{', '.join(sorted(beginner & expert))} also under expert_fans")
    principles = data.get("principles") or {}
    for p, level in principles.items():
        if p not in PRINCIPLES or level not in LEVELS:
            raise _fail(path, f"principles: {p}", f"principles are {', '.join(PRINCIPLES)}; levels "
                                                 f"{', '.join(LEVELS)}")
    allowed = []
    for i, item in enumerate(data.get("beginner_not_counted") or []):
        where = f"beginner_not_counted[{i}]"
        if not isinstance(item, dict) or item.get("principle") not in PRINCIPLES:
            raise _fail(path, where, f"needs 'fan' and 'principle' (one of {', '.join(PRINCIPLES)})")
        allowed.append((_fans(path, where, item.get("fan"), table)[0], item["principle"]))
    specs_data = data.get("levels")
    if not isinstance(specs_data, dict) or set(specs_data) != set(LEVELS):
        raise _fail(path, "levels", f"must declare exactly {', '.join(LEVELS)}")
    specs = {name: _spec(path, name, specs_data[name], table) for name in LEVELS}
    return Levels(common, points, beginner, expert, dict(principles), frozenset(allowed), specs,
                  play or play_frequencies.load(table=table), {f.id: f.points for f in table.fans},
                  _questions(path, data.get("questions")))


_READ: dict[tuple[str, str, str], Levels] = {}


def default(table: FanTable | None = None) -> Levels:
    """The project's levels, read once per fan table."""
    table = table or rules.fan_table()
    key = (str(table.path), table.edition.id if table.edition else "", table.version)
    if key not in _READ:
        _READ[key] = load(table=table)
    return _READ[key]
