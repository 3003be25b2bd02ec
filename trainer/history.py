"""The learner's history: accuracy by fan family, session by session.

Each entry tallies the fan outcomes of one session (trainer/attribution.py) by the fan's
family: how many there were, how many right. Entries are kept in session order; past the
limit the two oldest are merged into one, so the history stays small and no answer is
ever dropped. The charts (trainer/history_chart.py, the site's quiz index) read it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from .attribution import FanOutcome


@dataclass(frozen=True, slots=True)
class Tally:
    seen: int = 0
    right: int = 0

    def plus(self, seen: int, right: int) -> "Tally":
        return Tally(self.seen + seen, self.right + right)

    @property
    def accuracy(self) -> float:
        return self.right / self.seen if self.seen else 0.0


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    session: int                                    # the last session it covers
    families: Mapping[str, Tally] = field(default_factory=dict)


def merged(a: HistoryEntry, b: HistoryEntry) -> HistoryEntry:
    """Two entries as one (b the later): their tallies added up."""
    families = dict(a.families)
    for family, tally in b.families.items():
        families[family] = families.get(family, Tally()).plus(tally.seen, tally.right)
    return HistoryEntry(max(a.session, b.session), dict(sorted(families.items())))


def with_outcomes(history: tuple[HistoryEntry, ...], session: int, outcomes: Iterable[FanOutcome],
                  limit: int) -> tuple[HistoryEntry, ...]:
    """The history after these outcomes of an answer in `session`, at most `limit` long."""
    outcomes = [o for o in outcomes if o.evidence]   # a doubt is no mark for the fan
    if not outcomes:
        return history
    added: dict[str, Tally] = {}
    for outcome in outcomes:
        added[outcome.family] = added.get(outcome.family, Tally()).plus(1, outcome.right)
    entry = HistoryEntry(session, added)
    entries = list(history)
    # Sessions running at once may answer out of order: the entry goes where its session is.
    at = len(entries)
    while at > 0 and entries[at - 1].session > session:
        at -= 1
    if at > 0 and entries[at - 1].session == session:
        entries[at - 1] = merged(entries[at - 1], entry)
    else:
        entries.insert(at, HistoryEntry(session, dict(sorted(added.items()))))
    while len(entries) > limit:
        entries[0:2] = [merged(entries[0], entries[1])]
    return tuple(entries)
