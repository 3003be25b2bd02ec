"""The three quiz levels, told apart by what makes a hand hard to score, never by fan.

- beginner: a few plain fans, nothing to exclude, no wind pungs, no kongs, a wait on
  two tiles or more, no rare situation: what you see is what you count.
- intermediate: exclusions (a fan matched but not counted: non-repeat, or
  non-separation and non-identical inside a bigger combination), wind pungs
  (seat and prevalent winds), one-tile waits, kongs, rare situations, repeated fans,
  big fans, seven pairs.
- expert: the account-once principle (pairwise fans over sets already combined),
  the other special shapes, hands read two ways whose totals differ
  (take-the-highest), and false wins under 8 points that look like more.
A hand belongs to the highest level whose features it shows.
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

LEVELS = ("beginner", "intermediate", "expert")
RARE_FLAGS = ("fourth_tile", "replacement", "robbing_kong", "last_wall_tile")
EXPERT_PRINCIPLE = "account_once"


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
    kongs: int
    wind_pungs: int
    unique_wait: bool
    flags: frozenset[str]        # rare situation flags set
    repeated: bool               # a fan counted more than once
    top_points: int              # the biggest fan counted (flowers aside)
    choice: bool                 # readings of the hand score differently
    flower_trap: bool            # under the minimum, yet the total with flowers reaches it


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
        kongs=sum(1 for m in draft.melds if len(m.tiles) == COPIES_PER_FACE),
        wind_pungs=sum(1 for t, n in held.items() if t.is_wind and n >= 3),
        unique_wait=len(rules.waits(draft.waiting_notation())) == 1,
        flags=frozenset(f for f in RARE_FLAGS if getattr(draft.situation, f)),
        repeated=any(f.count > 1 for f in scored),
        top_points=max((f.points for f in scored), default=0),
        choice=len(totals) > 1,
        flower_trap=not result.valid and result.total >= result.minimum,
    )


def level_of(f: Features, big_points: int) -> str:
    """The level of a hand by its features; `big_points` is the fan table's size of a big fan."""
    if (f.shape not in (STANDARD, SEVEN_PAIRS) or EXPERT_PRINCIPLE in f.principles or f.choice
            or (not f.valid and (bool(f.principles) or f.flower_trap))):
        return "expert"
    if (f.principles or f.wind_pungs or f.unique_wait or f.kongs or f.flags or f.repeated
            or f.top_points >= big_points or f.shape == SEVEN_PAIRS):
        return "intermediate"
    return "beginner"
