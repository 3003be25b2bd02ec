"""The three quiz levels: what a hand is made of (how common its fans are in play) and
what makes it hard to score.

Which fans belong to which level, and which exclusion principles, is data:
generator/quizzes/level_targets.yaml, read with the play frequencies of generator/quizzes/play_frequencies.yaml
(generator/quizzes/level_targets.py). A hand belongs to the highest level any of these calls for:
- each fan it counts (flowers aside): the fan's level (common in play: beginner;
  rare and big, or a big honor hand: expert; the rest: intermediate);
- each principle by which a matched fan is not counted: its level in the data;
- a fan counted more than once: intermediate;
- expert always: the special shapes other than seven pairs, hands read two ways whose
  totals differ (take-the-highest), and false wins under 8 points that look like more.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import rules
from rules import SEVEN_PAIRS, STANDARD, FanTable
from rules.tiles import COPIES_PER_FACE

if TYPE_CHECKING:
    from .hand_builder import Draft
    from .level_targets import Levels

LEVELS = ("beginner", "intermediate", "expert")
TOP_LEVEL = LEVELS[-1]   # the special shapes, a choice of readings, false wins that look like more
RARE_FLAGS = ("fourth_tile", "replacement", "robbing_kong", "last_wall_tile")


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand and what it would score."""

    groups: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Features:
    shape: str
    valid: bool
    principles: frozenset[str]   # why matched fans were not counted
    not_counted: frozenset[tuple[str, str]]   # (fan, principle) of each fan matched but not counted
    kongs: int
    wind_pungs: int
    unique_wait: bool
    flags: frozenset[str]        # rare situation flags set
    repeated: bool               # a fan counted more than once
    top_points: int              # the biggest fan counted (flowers aside)
    choice: bool                 # readings of the hand score differently
    flower_trap: bool            # under the minimum, yet the total with flowers reaches it
    fans: frozenset[str]         # the fans counted, flowers aside


def readings(draft: "Draft", table: FanTable) -> list[Reading]:
    """Every distinct reading of the hand with its total, highest first."""
    results = rules.score_readings(draft.notation(), table=table, **draft.situation.as_dict())
    seen: dict[tuple[str, ...], int] = {}
    for result in results:
        key = tuple(g + ("*" if g == result.winning_group and not done else "")
                    for done, g in _marked(result.groups, result.winning_group))
        seen.setdefault(key, result.total)
    return sorted((Reading(k, v) for k, v in seen.items()), key=lambda r: (-r.total, r.groups))


def _marked(groups: tuple[str, ...], winning: str | None) -> list[tuple[bool, str]]:
    """Each group with whether the winning group was already met (mark it once)."""
    out, met = [], False
    for g in groups:
        out.append((met, g))
        met = met or g == winning
    return out


def features_of(draft: "Draft", result: rules.ScoreResult, table: FanTable) -> Features:
    held = Counter(draft.all_tiles)
    scored = [f for f in result.fans if not f.bonus]
    totals = {r.total for r in readings(draft, table)}
    return Features(
        shape=result.shape,
        valid=result.valid,
        principles=frozenset(n.principle for n in result.not_counted),
        not_counted=frozenset((n.id, n.principle) for n in result.not_counted),
        kongs=sum(1 for m in draft.melds if len(m.tiles) == COPIES_PER_FACE),
        wind_pungs=sum(1 for t, n in held.items() if t.is_wind and n >= 3),
        unique_wait=len(rules.waits(draft.waiting_notation())) == 1,
        flags=frozenset(f for f in RARE_FLAGS if getattr(draft.situation, f)),
        repeated=any(f.count > 1 for f in scored),
        top_points=max((f.points for f in scored), default=0),
        choice=len(totals) > 1,
        flower_trap=not result.valid and result.total >= result.minimum,
        fans=frozenset(f.id for f in scored),
    )


def level_of(f: Features, spec: "Levels") -> str:
    """The level of a hand by its features, by the levels' data `spec`."""
    if (f.shape not in (STANDARD, SEVEN_PAIRS) or f.choice
            or (not f.valid and (bool(f.principles) or f.flower_trap))):
        return TOP_LEVEL
    calls = [spec.fan_level(fan) for fan in f.fans]
    calls += [spec.not_counted_level(fan, p) for fan, p in f.not_counted]
    if f.repeated:
        calls.append("intermediate")
    return max(calls, key=LEVELS.index, default=LEVELS[0])


def hand_level(draft: "Draft", result: rules.ScoreResult, table: FanTable) -> str:
    """The level of a scored hand by the project's levels data."""
    from .level_targets import default
    return level_of(features_of(draft, result, table), default(table))
