"""Which question a bank asks of each hand: kinds drawn by weight, each asked only of a hand
worth asking it of.

- "valid?" is asked of hands near the minimum (within `valid_points` of it without
  flowers, generator/quizzes/level_targets.yaml): far from it the answer is plain. Half of them
  ask it of a false win.
- "best reading?" is asked of hands whose readings score differently, and of one whose
  best reading beats the next by more than `close_points` only while the bank's close ones
  stay at least `close_readings` of them: close readings are what takes the highest teaches.
  Drawn for a fresh hand at a level that holds such hands (levels.TOP_LEVEL), the hand is
  built with close readings.
- "payments" needs a valid win.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from rules import FanTable

from .hand_builder import BuiltHand
from .level_targets import QuestionTargets
from .questions import KINDS, kind_fits, reading_gap

KIND_WEIGHTS = (3, 4, 2, 2, 2, 2, 5)   # total, fans, valid, payments, waits, one_tile_wait, best_reading
FALSE_WIN_SHARE = 0.5                  # of the "valid?" questions, asked on hands that are not
PROMOTED = 0.75                        # odds a hand with close readings is asked for the best one
VALID, BEST_READING, PAYMENTS = "valid", "best_reading", "payments"


@dataclass(frozen=True, slots=True)
class Ask:
    """A question kind drawn before its hand is built, and what the hand must be."""

    kind: str
    valid: bool | None                                  # a valid win, a false win, or either
    accept: Callable[[BuiltHand], bool] | None = None   # what else the kind needs of the hand


class KindDraw:
    """Draws the kinds of one level's questions, from one random stream."""

    def __init__(self, rng: random.Random, table: FanTable, targets: QuestionTargets | None,
                 *, readings: bool = False) -> None:
        self.rng = rng
        self.table = table
        self.targets = targets
        self.readings = readings    # the level holds hands whose readings score differently
        self._gaps: dict[int, int | None] = {}     # by id of the hand asked about
        self._owed = 0     # "valid?" questions drawn for built hands far from the minimum, to ask of fresh ones

    def near_minimum(self, built: BuiltHand) -> bool:
        """Whether the hand's total without flowers is close enough to the minimum to ask
        whether it is a valid win."""
        if self.targets is None:
            return True
        return abs(built.result.total_without_flowers - self.table.minimum_points) <= self.targets.valid_points

    def _draw(self) -> str:
        return self.rng.choices(KINDS, weights=KIND_WEIGHTS)[0]

    def ask(self, picked: list[tuple[BuiltHand, str]]) -> Ask:
        """A kind for a fresh hand. A "valid?" question asks for a false win while the
        "valid?" questions so far (`picked`) hold fewer than FALSE_WIN_SHARE of them, so
        the share holds however many valid wins came first. The "valid?" questions built
        hands could not be asked come first."""
        kind = VALID if self._owed else self._draw()
        self._owed -= kind == VALID and self._owed > 0
        if kind == BEST_READING and self.readings:
            return Ask(kind, True, self.close_readings)
        if kind != VALID:
            return Ask(kind, True)
        asked = [built for built, k in picked if k == VALID]
        false_wins = sum(not built.result.valid for built in asked)
        return Ask(kind, false_wins >= FALSE_WIN_SHARE * (len(asked) + 1), self.near_minimum)

    def for_hand(self, built: BuiltHand) -> str:
        """A kind for a hand already built, a valid win: "valid?" only near the minimum (one
        drawn for a hand far from it is owed to a fresh hand)."""
        while True:
            kind = self._draw()
            if kind != VALID or self.near_minimum(built):
                return kind
            self._owed += 1

    def settle(self, picked: list[tuple[BuiltHand, str]]) -> list[tuple[BuiltHand, str]]:
        """The final kinds, in order: a hand whose best reading beats the next by little is
        asked which reading is best at PROMOTED odds (unless it asks "valid?", whose false
        wins are counted); each kind a hand cannot be asked gives way to another drawn the
        same way among those it can."""
        out: list[tuple[BuiltHand, str]] = []
        for built, kind in picked:
            if kind not in (VALID, BEST_READING) and self._close(built) and self.rng.random() < PROMOTED:
                kind = BEST_READING
            elif not self._fits(kind, built, out):
                weights = [w if self._fits(k, built, out) else 0 for k, w in zip(KINDS, KIND_WEIGHTS)]
                kind = self.rng.choices(KINDS, weights=weights)[0]
            out.append((built, kind))
        return out

    def gap(self, built: BuiltHand) -> int | None:
        if id(built) not in self._gaps:
            self._gaps[id(built)] = reading_gap(built, self.table)
        return self._gaps[id(built)]

    def close_readings(self, built: BuiltHand) -> bool:
        """Whether the hand's readings score differently, the best beating the next by
        `close_points` or fewer. Not kept in the cache by id: the builder's hands it turns
        down are dropped, and their ids reused."""
        gap = reading_gap(built, self.table)
        return gap is not None and (self.targets is None or gap <= self.targets.close_points)

    def _close(self, built: BuiltHand) -> bool:
        gap = self.gap(built)
        return gap is not None and (self.targets is None or gap <= self.targets.close_points)

    def _fits(self, kind: str, built: BuiltHand, so_far: list[tuple[BuiltHand, str]]) -> bool:
        if kind == VALID:
            return self.near_minimum(built)
        if kind == PAYMENTS:
            return kind_fits(kind, built, self.table)
        if kind != BEST_READING:
            return True
        gap = self.gap(built)
        if gap is None:
            return False
        if self.targets is None or gap <= self.targets.close_points:
            return True
        asked = [self.gap(b) for b, k in so_far if k == BEST_READING]
        close = sum(g is not None and g <= self.targets.close_points for g in asked)
        return close >= self.targets.close_readings * (len(asked) + 1)
