"""Other counts of a hand that reach its total with other fans.

Take-the-highest asks for the highest total, not for particular fans: where two wait fans
could each be counted for the winning tile, or two pairwise chow fans for the same sets, a
player who counts the other one scores the hand right. A referee checking a player's count,
or a learner comparing theirs, needs to see that. Each other count is given as what it
counts that the shown count does not, and what it does without, with its sets where it reads
the tiles otherwise (four chows 123m or the pungs 111m 222m 333m with a 123m).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .result import ScoredFan, ScoreResult


@dataclass(frozen=True, slots=True)
class FanTimes:
    """A fan counted a number of times more (or fewer) than in the shown count."""

    number: int
    id: str
    name: str
    points: int
    times: int

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "id": self.id, "name": self.name, "points": self.points, "times": self.times}


@dataclass(frozen=True, slots=True)
class OtherCount:
    """Another count with the same total: the fans it counts instead of some of the shown
    count's (both sides are never empty: they add up to the same points)."""

    counted: tuple[FanTimes, ...]
    instead_of: tuple[FanTimes, ...]
    groups: tuple[str, ...] = ()   # its sets, where they are not the shown count's

    def as_dict(self) -> dict[str, Any]:
        return {"counted": [f.as_dict() for f in self.counted], "instead_of": [f.as_dict() for f in self.instead_of],
                "groups": list(self.groups)}


class Scored(Protocol):
    """A scored hand as a result (rules.ScoreResult) or its breakdown (rules.Breakdown) has it."""

    @property
    def fans(self) -> Sequence[ScoredFan]: ...

    @property
    def groups(self) -> tuple[str, ...]: ...


def _times(fans: Iterable[ScoredFan]) -> Counter[str]:
    return Counter({f.id: f.count for f in fans})


def other_counts(shown: Scored, ties: Iterable[ScoreResult]) -> tuple[OtherCount, ...]:
    """The counts among `ties` (rules.score_ties of the same hand and situation) whose fans
    differ from those of the `shown` count, each as its difference, in the order of `ties`."""
    base = _times(shown.fans)
    sets = sorted(shown.groups)
    lines = {f.id: f for f in shown.fans}
    out: list[OtherCount] = []
    for tie in ties:
        other = _times(tie.fans)
        if other == base:
            continue
        lines.update((f.id, f) for f in tie.fans if f.id not in lines)
        groups = _pairs_last(tie.groups) if sorted(tie.groups) != sets else ()
        out.append(OtherCount(_difference(other - base, lines), _difference(base - other, lines), groups))
    return tuple(out)


def _difference(times: Counter[str], lines: dict[str, ScoredFan]) -> tuple[FanTimes, ...]:
    """The fans of a difference in the table's order (their numbers)."""
    fans = sorted(times, key=lambda fan_id: lines[fan_id].number)
    return tuple(FanTimes(lines[i].number, i, lines[i].name, lines[i].points, times[i]) for i in fans)


def _pairs_last(groups: tuple[str, ...]) -> tuple[str, ...]:
    """A reading's sets as a player lays them out: the melds and sets, then the pair(s)."""
    def tiles(text: str) -> int:
        return len(text) - (text[-1] in "mps")   # "66p" holds two tiles, "EE" two
    return tuple(sorted(groups, key=lambda text: tiles(text) == 2))
