"""What the diagnosis has learnt of a learner's wrong numbers: how many it saw, how much of
them it put down to slips (numbers no named mistake makes), and to each named mistake.

Each diagnosis spreads one wrong number over its explanations by their probability
(trainer/diagnosis.py); these sums are the learner's priors for the next one: a learner
whose wrong numbers are mostly slips is told less confidently what went wrong, a mistake
seen before is suspected sooner.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True, slots=True)
class Habits:
    wrong: int = 0                                             # wrong numbers diagnosed
    slips: float = 0.0                                         # ...their probability of being slips, summed
    causes: Mapping[str, float] = field(default_factory=dict)   # cause -> its probability, summed

    def after(self, masses: tuple[tuple[str, float], ...], slip: float) -> "Habits":
        """After one diagnosed wrong number: the probability of each named cause, and of a slip."""
        counted = dict(self.causes)
        for cause, mass in masses:
            counted[cause] = round(counted.get(cause, 0.0) + mass, 4)
        return Habits(self.wrong + 1, round(self.slips + slip, 4), dict(sorted(counted.items())))

    def slip_share(self, prior: tuple[float, float]) -> float:
        """The share of this learner's wrong numbers that are slips: a Beta prior (slips,
        named mistakes) updated with what was seen."""
        hits, misses = prior
        return (hits + self.slips) / (hits + misses + self.wrong)

    def share(self, cause: str) -> float:
        """The share of this learner's wrong numbers put down to `cause` so far."""
        return self.causes.get(cause, 0.0) / (self.wrong + 1)
