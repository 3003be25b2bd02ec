"""What each wait of a ready hand scores: the hand won on that tile, from a discard and
self-drawn, by the engine's own waits (rules.shapes) and scoring (rules.evaluator)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .api import situation_for
from .evaluator import score_hand
from .fantable import FanTable
from .notation import Hand
from .result import ScoreResult
from .shapes import waits_of_waiting_hand
from .tiles import COPIES_PER_FACE, Tile

# The situation fields a wait is scored with: those that hold for every wait alike. The
# flags belong to one way of winning and would be impossible for some waits.
WAIT_FIELDS = ("seat_wind", "prevalent_wind", "flowers")


@dataclass(frozen=True, slots=True)
class WaitScore:
    """The score of the hand won on one wait, one way."""

    total: int
    valid: bool      # at least the minimum without flowers

    @classmethod
    def of(cls, result: ScoreResult) -> "WaitScore":
        return cls(result.total, result.valid)

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total, "valid": self.valid}


@dataclass(frozen=True, slots=True)
class ScoredWait:
    """One tile a ready hand waits on, the copies of it the hand does not see, and the score
    when won on it from a discard and self-drawn."""

    tile: Tile
    unseen: int
    discard: WaitScore
    self_drawn: WaitScore

    def as_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.text, "unseen": self.unseen, "discard": self.discard.as_dict(),
                "self_drawn": self.self_drawn.as_dict()}


def scored_waits(table: FanTable, hand: Hand, lang: str = "en", **situation: Any) -> tuple[ScoredWait, ...]:
    """Each wait of a 13-tile hand (rules.parse_waiting_hand) in tile order, scored with
    `table`; `situation` gives the fields of WAIT_FIELDS (SituationError when one is bad,
    TypeError for any other)."""
    unknown = set(situation) - set(WAIT_FIELDS)
    if unknown:
        raise TypeError(f"a wait is scored with {', '.join(WAIT_FIELDS)} only, not {', '.join(sorted(unknown))}")
    from_discard = situation_for(table, **situation, self_drawn=False)
    drawn = situation_for(table, **situation, self_drawn=True)
    out = []
    for tile in sorted(waits_of_waiting_hand(hand)):
        won = Hand(hand.melds, hand.standing + (tile,))
        out.append(ScoredWait(tile, COPIES_PER_FACE - hand.copies[tile.code],
                              WaitScore.of(score_hand(table, won, from_discard, lang)),
                              WaitScore.of(score_hand(table, won, drawn, lang))))
    return tuple(out)
