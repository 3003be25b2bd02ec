"""The lines of a result: each counted fan once, with its count and the groups that make
it, and each fan left out, with the principle that leaves it out.

Scoring leaves them for later (rules.result.LATER_FIELDS): the wait finder, the discard
analysis and simulated play read a result's total only, and the lines cost as much as
settling the hand. The same lines repeat from hand to hand, so each is made once per
table and language and remembered.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, TypeVar

from .program import Match
from .result import NotCounted, ScoredFan

LINES_KEPT = 50_000   # lines of each kind remembered before the memory starts afresh
Line = TypeVar("Line", ScoredFan, NotCounted)

_number_of = attrgetter("number")
is_bonus = attrgetter("fan.bonus")   # of a Match


class LineMemory:
    """The lines a table has made: (fan id, count, groups, language) -> ScoredFan, and
    (fan id, principle, by, groups, language) -> NotCounted."""

    def __init__(self) -> None:
        self.scored: dict[tuple[str, int, tuple[str, ...], str], ScoredFan] = {}
        self.not_counted: dict[tuple[str, str, str | None, tuple[str, ...], bool | None, str], NotCounted] = {}


def _remember(known: dict[Any, Line], key: Any, line: Line) -> Line:
    """`line`, now remembered under `key` (the memory starts afresh when full)."""
    if len(known) > LINES_KEPT:
        known.clear()
    known[key] = line
    return line


def fan_lines(memory: LineMemory, counted: tuple[Match, ...], texts: tuple[str, ...],
              lang: str) -> tuple[ScoredFan, ...]:
    """One line per counted fan, in rulebook order. `counted` comes sorted by precedence,
    so the matches of one fan are neighbours: they make one line with their counts added
    and their groups (as `texts` writes the reading's groups) one after another."""
    known = memory.scored
    lines: list[ScoredFan] = []
    last = len(counted) - 1
    for i, m in enumerate(counted):
        fan = m.fan
        if i and counted[i - 1].fan is fan:
            continue  # counted with the first match of its fan
        count = m.count
        shown = tuple([texts[g] for g in m.groups])
        if i < last and counted[i + 1].fan is fan:
            run = [other for other in counted[i:] if other.fan is fan]
            count = sum([other.count for other in run])
            shown = tuple([texts[g] for other in run for g in other.groups])
        key = (fan.id, count, shown, lang)
        lines.append(known.get(key) or _remember(
            known, key, ScoredFan(fan.number, fan.id, fan.name(lang), fan.points, count, shown, fan.bonus)))
    lines.sort(key=_number_of)
    return tuple(lines)


def not_counted_lines(memory: LineMemory, counted: tuple[Match, ...],
                      dropped: tuple[tuple[Match, str, str | None], ...], texts: tuple[str, ...],
                      lang: str) -> tuple[NotCounted, ...]:
    """One line per fan left out on its groups, in rulebook order; a fan that counts
    elsewhere in the hand, or a second match on the same groups, gives none."""
    counted_ids = {m.fan.id for m in counted}
    known = memory.not_counted
    seen: set[tuple[str, tuple[int, ...]]] = set()
    lines: list[NotCounted] = []
    for m, principle, by in dropped:
        fan = m.fan
        if fan.id in counted_ids or (fan.id, m.groups) in seen:
            continue
        seen.add((fan.id, m.groups))
        shown = tuple([texts[g] for g in m.groups])
        within = _within_a_match_of(m, by, counted) if by is not None else None
        key = (fan.id, principle, by, shown, within, lang)
        lines.append(known.get(key) or _remember(
            known, key, NotCounted(fan.number, fan.id, fan.name(lang), fan.points, principle, by, shown, within)))
    lines.sort(key=_number_of)
    return tuple(lines)


def _within_a_match_of(m: Match, fan: str, counted: tuple[Match, ...]) -> bool | None:
    """Whether the sets of `m` lie within those of a counted match of `fan`; None when `m`
    or every counted match of `fan` is of the whole hand."""
    theirs = [c.groups for c in counted if c.fan.id == fan and c.groups]
    if not m.groups or not theirs:
        return None
    return any(set(m.groups) <= set(groups) for groups in theirs)


def bonus_points(counted: tuple[Match, ...]) -> int:
    """The points of the counted bonus fans (flowers), which the minimum leaves out."""
    if not any(map(is_bonus, counted)):   # most hands: no Python frame per match
        return 0
    return sum([m.fan.points * m.count for m in counted if m.fan.bonus])
