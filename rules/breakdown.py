"""The breakdown of a score: what every surface shows of a scored hand, built once from the
engine's result and the table in force, and rendered by each (`mcr score` in text, its JSON,
the site's hand blocks, the calculator in the browser).

It holds the fans with the sets that make them, every fan the hand matches but does not count
with the reason (for non-repeat: implied by the counting fan, only listed with it by the rules,
or, where no judgement rests on the table in force, simply left out: see
rules/exclusion_judgements.py), the total, the total without flowers, the minimum and whether
the win is valid, the payments and the waits. `as_dict()` is the JSON object of `mcr score`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .exclusion_judgements import IMPLIED, LISTED, judgement_on_sets
from .fantable import FanTable
from .result import NotCounted, Payments, ScoredFan, ScoreResult

LEFT_OUT = "left_out"
NON_REPEAT = "non_repeat"
# Why a matched fan is not counted: the three readings of non-repeat, then the other principles.
REASONS = (IMPLIED, LISTED, LEFT_OUT, "non_separation", "non_identical", "account_once")


# A breakdown's line for a fan that counts is the result's own scored fan.
FanLine = ScoredFan


@dataclass(frozen=True, slots=True)
class NotCountedLine:
    number: int
    id: str
    name: str
    points: int
    principle: str            # the scoring principle that leaves it out
    by: str | None            # the counting fan that leaves it out, for non-repeat
    groups: tuple[str, ...]
    reason: str               # one of REASONS


@dataclass(frozen=True, slots=True)
class Breakdown:
    hand: str
    edition: str
    shape: str
    groups: tuple[str, ...]
    winning_group: str | None
    situation: dict[str, Any]          # the situation's fields, with "implied" when flags were implied
    fans: tuple[FanLine, ...]
    not_counted: tuple[NotCountedLine, ...]
    total: int
    total_without_flowers: int
    minimum: int
    valid: bool
    payments: Payments | None
    waits: tuple[str, ...]

    def not_counted_once(self) -> tuple[tuple[NotCountedLine, int], ...]:
        """Each fan left out for one reason, with how many times (the same fan may be left out
        with several sets), in the order first met."""
        seen: dict[tuple[str, str, str | None], list[Any]] = {}
        for line in self.not_counted:
            key = (line.id, line.reason, line.by)
            if key in seen:
                seen[key][1] += 1
            else:
                seen[key] = [line, 1]
        return tuple((line, times) for line, times in seen.values())

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of `mcr score` (and of the calculator)."""
        return {
            "hand": self.hand,
            "fans": [{"number": f.number, "id": f.id, "name": f.name, "points": f.points, "count": f.count,
                      "groups": list(f.groups)} for f in self.fans],
            "total": self.total,
            "total_without_flowers": self.total_without_flowers,
            "minimum": self.minimum,
            "valid": self.valid,
            "payments": self.payments.as_dict() if self.payments else None,
            "shape": self.shape,
            "situation": dict(self.situation),
            "edition": self.edition,
            "waits": list(self.waits),
            "not_counted": [{"number": n.number, "id": n.id, "name": n.name, "points": n.points,
                             "principle": n.principle, "by": n.by, "groups": list(n.groups), "reason": n.reason}
                            for n in self.not_counted],
        }


def _reason(table: FanTable, left_out: NotCounted, situation: dict[str, Any]) -> str:
    """Why the matched fan `left_out` does not count."""
    by = left_out.by
    if left_out.principle != NON_REPEAT or by is None:
        return left_out.principle
    return judgement_on_sets(table, by, left_out.id, situation, left_out.within) or LEFT_OUT


def breakdown(result: ScoreResult, table: FanTable) -> Breakdown:
    """The breakdown of `result`, scored by `table` (whose judgements give the reasons)."""
    situation = result.situation.as_dict()
    shown = {**situation, "implied": list(result.situation.implied)} if result.situation.implied else situation
    fans = tuple(result.fans)
    left = tuple(NotCountedLine(n.number, n.id, n.name, n.points, n.principle, n.by, n.groups,
                                _reason(table, n, situation))
                 for n in result.not_counted)
    return Breakdown(result.hand, result.edition, result.shape, result.groups, result.winning_group, shown, fans,
                     left, result.total, result.total_without_flowers, result.minimum, result.valid, result.payments,
                     result.waits)
