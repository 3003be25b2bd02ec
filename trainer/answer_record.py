"""What the progress records of one graded answer: per-fan outcomes and level evidence.

The terminal quiz (and the tests' simulated learners) hand every graded response here, so
the rules of the learner model live in one place: trainer/attribution.py decides the outcome
for each fan; this module adds what depends on the session, a re-asked question and the
level being practised.
"""
from __future__ import annotations

from typing import Any, Mapping

from .attribution import FanFacts, Verdict, attribute
from .learner_settings import LearnerSettings
from .progress import Answer
from generator.quizzes.questions import Question


def answer_record(question: Question, response: Any, correct: bool, *, again: bool, level: str | None,
                  facts: Mapping[str, FanFacts], settings: LearnerSettings, taken: int = 0) -> Answer:
    """The Answer to record for `response` (what questions.grade() took) to `question`, as
    the chosen edition scores it. `again`: the question is re-asked in its session; it shows
    what the learner remembers of an answer seen a few questions before, so it may blame a
    fan but not credit it, and it is no evidence for a level nor part of the history. `level`: the level practised
    (None: a fan drill), whose questions are evidence for moving the learner. `taken`: the
    way to the highest total the response took (Grade.tie), whose fans are the right ones."""
    accepted = None
    if taken:   # another reading or account-once choice, as right as the answer's own
        accepted = {**question.answer, "fans": question.answer["ties"][taken - 1]["fans"]}
    outcomes = attribute(question.data, response, facts, settings, accepted)
    if again:
        outcomes = tuple(o for o in outcomes if o.verdict is Verdict.BLAME)
    evidence = level if level is not None and not again and question.level == level else None
    return Answer(question.kind, correct, outcomes, evidence, again)


def to_review(answers: list[Answer], most: int = 5) -> list[str]:
    """The fans to review after a session: those blamed, most often first (then in the order
    first blamed). Flowers and situational fans never get an outcome, so never appear."""
    counts: dict[str, int] = {}
    for answer in answers:
        for outcome in answer.outcomes:
            if outcome.verdict is Verdict.BLAME:
                counts[outcome.fan] = counts.get(outcome.fan, 0) + 1
    return sorted(counts, key=lambda fan: -counts[fan])[:most]
