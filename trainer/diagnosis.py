"""The mistake diagnosed: what a wrong total or payment most likely comes from.

The learner's number is tested against named mistakes (trainer/mistakes.py): the base
forgotten, a self-drawn payment shared among the three, the other two made to pay the
total on a discard, the flowers left out, a fan missed or counted once too often, a fan
not counted here counted, a wind taken for another; one of them, or two at once. Each has a
prior weight (trainer/diagnosis.yaml), sharpened by the learner's record: a fan the
learner recalls well is less likely missed, a mistake named before is suspected sooner.
Against them stands the slip, a number no named mistake makes, as likely as the share of
the learner's wrong numbers that were unexplained. The explanations that give exactly
the learner's number are weighed (Bayes); the likeliest is told, and the fans it names
blamed, only when it is likely enough. Otherwise the trainer says what the number could
mean and blames no fan: a right diagnosis matters more than always having one.

A "valid win?" answered yes where the flowers alone lift the hand to the minimum is
diagnosed as the flowers counted towards it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Mapping

from rules import FanTable

from .diagnosis_settings import DiagnosisSettings, diagnosis_settings
from .habits import Habits
from .mistakes import Mistake, PayMode, Rescore, pay_modes, total_mistakes

FLOWERS_TOWARD_MINIMUM = "flowers_toward_minimum"
NUMBER_KINDS = ("total", "payments")


@dataclass(frozen=True, slots=True)
class LearnerPriors:
    """What the learner's record says before the number is seen."""

    habits: Habits = Habits()
    recall: Mapping[str, float] = field(default_factory=dict)   # fan -> how likely recalled today


@dataclass(frozen=True, slots=True)
class Explanation:
    """Mistakes that give exactly the learner's number, and how likely they are."""

    mistakes: tuple[Mistake, ...]
    probability: float

    @property
    def causes(self) -> tuple[str, ...]:
        return tuple(m.cause for m in self.mistakes)

    @property
    def blames(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f for m in self.mistakes for f in m.blames))

    def signature(self) -> tuple[tuple[str, str | None], ...]:
        return tuple(sorted((m.cause, m.fan) for m in self.mistakes))

    def as_data(self) -> dict[str, Any]:
        return {"probability": round(self.probability, 4),
                "mistakes": [{"cause": m.cause, "fan": m.fan, "delta": m.delta, "blames": list(m.blames),
                              "values": {k: list(v) if isinstance(v, tuple) else v for k, v in m.values.items()}}
                             for m in self.mistakes]}


@dataclass(frozen=True, slots=True)
class Diagnosis:
    kind: str
    given: tuple[int, ...]
    expected: tuple[int, ...]
    likely: Explanation | None              # told, and its fans blamed
    candidates: tuple[Explanation, ...]     # when unsure: the likeliest explanations, for "perhaps..."
    explained: bool                         # some named mistake gives the number
    slip: float = 0.0                       # the probability that it is a slip
    masses: tuple[tuple[str, float], ...] = ()   # each named cause's probability

    @property
    def named(self) -> tuple[str, ...]:
        return self.likely.causes if self.likely else ()

    @property
    def blamed(self) -> tuple[str, ...]:
        return self.likely.blames if self.likely else ()

    @property
    def difference(self) -> int:
        """The learner's number less the right one: the first that differs."""
        return next((g - e for g, e in zip(self.given, self.expected) if g != e), 0)

    def as_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "given": list(self.given), "expected": list(self.expected),
                "difference": self.difference, "explained": self.explained,
                "likely": self.likely.as_data() if self.likely else None,
                "candidates": [c.as_data() for c in self.candidates]}


def _numbers(kind: str, response: Any, answer: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The learner's numbers and the right ones; None when the response gives none."""
    if kind == "total":
        return ((response,), (answer["total"],)) if type(response) is int else None
    payments = answer.get("payments")
    if payments is None or response is None or not all(type(v) is int for v in response):
        return None
    expected = (payments["each"],) if payments["self_drawn"] else (payments["discarder"], payments["others"])
    return (tuple(response), expected) if len(response) == len(expected) else None


WIND_CAUSES = ("wind_misread",)


def _compatible(a: Mistake, b: Mistake) -> bool:
    """Two mistakes one answer can hold: not two about the same fan, not the same mistake
    twice, not two readings of the winds."""
    if a.fan is not None and a.fan == b.fan:
        return False
    if a.fan is None and a.cause == b.cause:
        return False
    return not (a.cause in WIND_CAUSES and b.cause in WIND_CAUSES)


def _habit(cause: str, priors: LearnerPriors, settings: DiagnosisSettings) -> float:
    """How much more likely a mistake is for having been seen before in this learner."""
    return 1 + settings.habit * priors.habits.share(cause)


def _weighted(mistakes: list[Mistake], priors: LearnerPriors, settings: DiagnosisSettings) -> list[Mistake]:
    """The mistakes with the learner's habits folded into their weights."""
    return [Mistake(m.cause, m.weight * _habit(m.cause, priors, settings), m.delta, m.fan, m.blames, m.values)
            for m in mistakes]


def _slip_likelihood(given: tuple[int, ...], expected: tuple[int, ...], mean: float) -> float:
    """How likely a slip gives these numbers: each number off by d with d's sign even and
    its size geometric, of mean `mean` (small slips are the common ones)."""
    stay = 1 - 1 / mean
    likelihood = 1.0
    for g, e in zip(given, expected):
        if g != e:
            likelihood *= (1 - stay) * stay ** (abs(g - e) - 1) / 2
    return likelihood


def _ways(singles: list[Mistake], pair: float) -> list[tuple[tuple[Mistake, ...], float]]:
    ways: list[tuple[tuple[Mistake, ...], float]] = [((), 1.0)]
    ways += [((m,), m.weight) for m in singles]
    ways += [((a, b), a.weight * b.weight * pair) for a, b in combinations(singles, 2) if _compatible(a, b)]
    return ways


def _explanations(given: tuple[int, ...], right_total: int, modes: list[PayMode], singles: list[Mistake],
                  pair: float, kind: str) -> tuple[list[Explanation], float]:
    """The explanations that give `given` (weights not yet normalised) and the weight of all."""
    everything, found = 0.0, []
    for mode in modes:
        mode_mistake = None if mode.cause is None else Mistake(mode.cause, mode.weight)
        for way, weight in _ways(singles, pair):
            if mode_mistake is not None:
                if len(way) > 1:
                    continue   # at most two mistakes in one answer
                weight *= mode.weight * (pair if way else 1)
            elif not way:
                continue       # no mistake at all: the right answer
            everything += weight
            total = right_total + sum(m.delta for m in way)
            predicted = {(total,)} if kind == "total" else mode.numbers(total)
            if total >= 0 and given in predicted:
                found.append(Explanation(((mode_mistake,) if mode_mistake else ()) + way, weight))
    return found, everything


def _grouped(found: list[Explanation]) -> list[Explanation]:
    """Explanations naming the same mistakes as one, likeliest first."""
    merged: dict[tuple[tuple[str, str | None], ...], Explanation] = {}
    for e in found:
        key = e.signature()
        old = merged.get(key)
        merged[key] = e if old is None else Explanation(old.mistakes, old.probability + e.probability)
    return sorted(merged.values(), key=lambda e: (-e.probability, len(e.mistakes), e.signature()))


def diagnose(data: Mapping[str, Any], response: Any, table: FanTable, priors: LearnerPriors = LearnerPriors(),
             rescore: Rescore | None = None, settings: DiagnosisSettings | None = None) -> Diagnosis | None:
    """The diagnosis of a wrong answer to the question `data` (a bank entry as the learner's
    edition scores it, `table` that edition's fan table); None when the answer is right or
    its kind has no number to diagnose."""
    settings = settings or diagnosis_settings()
    if data["kind"] == "valid":
        return _valid(data, response, table)
    numbers = _numbers(data["kind"], response, data["answer"]) if data["kind"] in NUMBER_KINDS else None
    if numbers is None or numbers[0] == numbers[1]:
        return None
    given, expected = numbers
    span = settings.known_high - settings.known_low

    def known(fan: str) -> float:
        return settings.known_high - span * priors.recall.get(fan, 0.5)

    singles = _weighted(total_mistakes(data, table, settings.weights, known, rescore), priors, settings)
    answer = data["answer"]
    if data["kind"] == "total":
        modes = [PayMode(None, 1.0, lambda total: {(total,)})]
    else:
        modes = [PayMode(m.cause, m.weight * _habit(m.cause, priors, settings) if m.cause else m.weight, m.numbers)
                 for m in pay_modes(table, answer["payments"]["self_drawn"], settings.weights)]
    found, everything = _explanations(given, answer["total"], modes, singles, settings.pair, data["kind"])
    share = priors.habits.slip_share(settings.slip_prior)
    slip = share * _slip_likelihood(given, expected, settings.slip_spread)
    named = [Explanation(e.mistakes, (1 - share) * e.probability / everything) for e in found] if everything else []
    scale = sum(e.probability for e in named) + slip
    ranked = [Explanation(e.mistakes, e.probability / scale) for e in _grouped(named)] if scale else []
    top = ranked[0] if ranked and ranked[0].probability >= settings.confidence else None
    masses: dict[str, float] = {}
    for e in ranked:
        for cause in dict.fromkeys(e.causes):
            masses[cause] = masses.get(cause, 0.0) + e.probability
    return Diagnosis(data["kind"], given, expected, top, tuple(ranked[:2]) if top is None else (), bool(found),
                     slip / scale if scale else 1.0, tuple((c, round(m, 4)) for c, m in sorted(masses.items())))


def _valid(data: Mapping[str, Any], response: Any, table: FanTable) -> Diagnosis | None:
    answer = data["answer"]
    if type(response) is not bool or response == answer["valid"]:
        return None
    trap = response and answer["total"] >= table.minimum_points > answer["total_without_flowers"]
    given, expected = (int(response),), (int(answer["valid"]),)
    if not trap:
        return Diagnosis("valid", given, expected, None, (), False)
    flowers = answer["total"] - answer["total_without_flowers"]
    mistake = Mistake(FLOWERS_TOWARD_MINIMUM, 1.0, flowers, None, (),
                      {"points": answer["total_without_flowers"], "minimum": table.minimum_points, "n": flowers})
    return Diagnosis("valid", given, expected, Explanation((mistake,), 1.0), (), True)
