"""The facts of a session in competition, read from the table's `competition` section: the
score every player starts a session with, the hands of a full session, the standard points
of each place at the table, and the offences the referee penalises (with their penalty
points where the edition states them). The site's score sheet computes with these numbers.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Offence:
    """An offence the referee penalises; `points` None: the event's regulations set the
    penalty points, and the referee gives them."""

    id: str
    names: dict[str, str]
    points: int | None

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id


@dataclass(frozen=True, slots=True)
class Competition:
    starting_score: int
    hands_per_session: int
    standard_points: tuple[int, ...]    # by place at the table, first to last
    offences: tuple[Offence, ...]

    @property
    def players(self) -> int:
        """The players at a table: one standard points value per place."""
        return len(self.standard_points)


def competition_from(section: dict[str, Any]) -> Competition:
    """The section as values (`section` has passed the table's checks, lines stripped)."""
    return Competition(
        starting_score=section["starting_score"], hands_per_session=section["hands_per_session"],
        standard_points=tuple(section["standard_points"]),
        offences=tuple(Offence(p["offence"], {k: v for k, v in p["names"].items() if k != "__line__"},
                               p.get("points")) for p in section["penalties"]))


def competition_problems(section: dict[str, Any], languages: Sequence[str], shown: str) -> list[str]:
    """What the schema cannot say: a better place never earns fewer standard points, each
    offence once, named in every language of the table."""
    problems = []
    line = section.get("__line__", 0)
    points = list(section["standard_points"])
    if any(better < worse for better, worse in zip(points, points[1:])):
        problems.append(f"{shown}:{line}: competition: standard_points {points} must not rise from one place to "
                        "the next (first place earns the most)")
    seen: set[str] = set()
    for penalty in section["penalties"]:
        tag = f"{shown}:{penalty.get('__line__', line)}: competition: penalty {penalty['offence']}: "
        if penalty["offence"] in seen:
            problems.append(f"{tag}duplicate offence")
        seen.add(penalty["offence"])
        problems += [f"{tag}names has no '{lang}' text" for lang in languages if not penalty["names"].get(lang)]
    return problems
