"""Wrong fans that only the header of a win rules out: the question's own tiles would count
them under another header (self-drawn or on a discard, another seat or round, a flower, a
rare situation flag), no one-tile change counts them under this one, and the hand does not
even match them now. Self-Drawn offered on a discard win is one; Seat Wind offered for the
pung of another seat's wind another. A learner rules them out by reading the header, so a
"which fans count?" question gains nothing by offering them.

One kind is worth offering on purpose, marked as such: a header *trap*, where the header
decides which of two fans of one family counts (the changed header makes the offered fan
count and a fan of its family the hand counts now stop: Fully Concealed Hand against
Concealed Hand, Last Tile Draw against Last Tile Claim).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

import rules
from rules import FanTable, ScoreResult

from .hand_builder import draft_of
from .near_hands import header_changes, tile_changes


@dataclass(frozen=True, slots=True)
class HeaderOnly:
    """A fan only the header rules out, and a header under which the tiles count it."""

    fan: str
    change: dict[str, Any]   # the situation fields that differ in that header
    trap: bool               # that header trades it for a fan of its family the hand counts


def _score(table: FanTable, hand: str, situation: dict[str, Any]) -> ScoreResult | None:
    try:
        return rules.score_with_table(table, hand, **situation)
    except rules.RulesError:
        return None    # no such win: the header cannot happen with these tiles


def trades(table: FanTable, now: ScoreResult, then: ScoreResult, fan: str) -> bool:
    """Whether `then` (another header) counts `fan` in place of a fan of its family that
    `now` counts: the header is what decides between the two."""
    family = table.by_id[fan].family
    counted_then = {f.id for f in then.fans}
    return fan in counted_then and any(
        table.by_id[f.id].family == family and f.id not in counted_then for f in now.fans)


def header_only(table: FanTable, hand: str, situation: dict[str, Any],
                candidates: Iterable[str]) -> dict[str, HeaderOnly]:
    """Which of `candidates` (fans offered as wrong) only the header rules out, by fan."""
    now = rules.score_with_table(table, hand, **situation)
    matched = set(now.fan_counts()) | {n.id for n in now.not_counted}
    wanted = set(candidates) - matched
    found: dict[str, HeaderOnly] = {}
    for change in header_changes(situation) if wanted else ():
        then = _score(table, hand, {**situation, **change})
        for f in then.fans if then else ():
            if f.id not in wanted:
                continue
            trap = trades(table, now, then, f.id)
            if f.id not in found or (trap and not found[f.id].trap):
                found[f.id] = HeaderOnly(f.id, change, trap)
    if found:
        # A fan one tile away is a fair wrong option: the tiles, not the header, rule it out.
        for changed, _ in tile_changes(draft_of(hand, situation, table)):
            other = _score(table, changed, situation)
            for f in other.fans if other else ():
                found.pop(f.id, None)
            if not found:
                break
    return found
