"""What the progress records of one graded answer: per-fan outcomes, the diagnosis of a
wrong number, and the evidence it is for (a level, curriculum units).

The trainer's session, the terminal and the simulated learners of the tests and the
benchmark all go through `record_of`, so the rules of the learner model live in one place:

- "which fans count?": a right fan ticked is credited, a right fan missed is blamed, a
  wrong option ticked is blamed (trainer/attribution.py);
- a total or a payment: right, it credits the hand's fans weakly (a right total proves
  less than ticking a fan); wrong, it is diagnosed (trainer/diagnosis.py) and only the
  fans the likely mistake names are blamed; none when the diagnosis is unsure;
- any other kind: no evidence about a fan.

Flowers and the fans of the winning situation never get an outcome (trainer/attribution.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Mapping

import rules
from rules import FanTable

from .attribution import ATTRIBUTORS, FanFacts, FanOutcome, Verdict
from .diagnosis import Diagnosis, LearnerPriors, diagnose
from .learner_settings import LearnerSettings
from .mistakes import Rescore
from .progress import Answer, Progress
from .spacing import retrievability
from generator.quizzes.questions import Question


def priors_of(progress: Progress, day: date) -> LearnerPriors:
    """What the learner's progress tells the diagnosis before a number is seen: their
    habits, and how likely they recall each fan they have answered on today's date."""
    recall = {}
    for fan, record in progress.fans.items():
        chance = retrievability(record.spaced.memory, day)
        if chance is not None:
            recall[fan] = chance
    return LearnerPriors(progress.habits, recall)


@dataclass(frozen=True, slots=True)
class Recorded:
    answer: Answer
    diagnosis: Diagnosis | None


def _outcomes(data: Mapping[str, Any], response: Any, correct: bool, facts: Mapping[str, FanFacts],
              settings: LearnerSettings, answer: Mapping[str, Any],
              diagnosis: Diagnosis | None) -> list[tuple[str, Verdict]]:
    kind = data["kind"]
    if kind == "fans":
        return ATTRIBUTORS["fans"](data, response, facts, settings, answer)
    if kind in ("total", "payments"):
        if correct:
            return [(f["id"], Verdict.WEAK) for f in answer["fans"]]
        return [(fan, Verdict.BLAME) for fan in (diagnosis.blamed if diagnosis else ())]
    return []


def record_of(question: Question, response: Any, correct: bool, *, again: bool, level: str | None,
              facts: Mapping[str, FanFacts], settings: LearnerSettings, table: FanTable, taken: int = 0,
              priors: LearnerPriors = LearnerPriors(), rescore: Rescore | None = None,
              hand: str | None = None, units: tuple[str, ...] = ()) -> Recorded:
    """The Answer to record for `response` (what trainer.grading.grade took) to `question`,
    as the learner's edition (`table`) scores it. `again`: re-asked in its session (the
    learner saw the answer to this fan minutes before): its outcomes count in each fan's
    answers, but only a blame moves a fan's memory (Progress.record), and it is evidence
    for no level, unit or history. `level`: the level practised (None:
    a drill), whose questions are evidence for moving the learner. `taken`: the way to the
    highest total the response took (Grade.tie), whose fans are the right ones."""
    accepted = question.answer
    if taken:   # another reading or account-once choice, as right as the answer's own
        accepted = {**question.answer, "fans": question.answer["ties"][taken - 1]["fans"]}
    diagnosis = None if correct else diagnose(question.data, response, table, priors, rescore)
    verdicts: dict[str, Verdict] = {}
    for fan, verdict in _outcomes(question.data, response, correct, facts, settings, accepted, diagnosis):
        if fan in facts and facts[fan].reviewed and verdicts.get(fan) is not Verdict.BLAME:
            verdicts[fan] = verdict   # a fan met twice keeps a blame
    outcomes = tuple(FanOutcome(fan, verdict, facts[fan].family) for fan, verdict in verdicts.items())
    evidence = level if level is not None and not again and question.level == level else None
    number = diagnosis if diagnosis is not None and diagnosis.kind in ("total", "payments") else None
    answer = Answer(question.kind, correct, outcomes, evidence, again, hand, None, () if again else units,
                    number.masses if number else (), number.slip if number else None)
    return Recorded(answer, diagnosis)


def answer_record(question: Question, response: Any, correct: bool, *, again: bool, level: str | None,
                  facts: Mapping[str, FanFacts], settings: LearnerSettings, taken: int = 0,
                  table: FanTable | None = None) -> Answer:
    """The Answer alone (see record_of), by the default edition when `table` is not given."""
    return record_of(question, response, correct, again=again, level=level, facts=facts, settings=settings,
                     table=table or rules.fan_table(), taken=taken).answer


def to_review(answers: list[Answer], most: int = 5) -> list[str]:
    """The fans to review after a session: those blamed, most often first (then in the order
    first blamed). Flowers and situational fans never get an outcome, so never appear."""
    counts: dict[str, int] = {}
    for answer in answers:
        for outcome in answer.outcomes:
            if outcome.verdict is Verdict.BLAME:
                counts[outcome.fan] = counts.get(outcome.fan, 0) + 1
    return sorted(counts, key=lambda fan: -counts[fan])[:most]
