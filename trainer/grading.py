"""Grading a learner's response against a question's answer key (the questions and their
keys are made by generator.quizzes; the terminal and the tests grade through here)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from generator.quizzes.questions import Question, expected_payments
from generator.quizzes.rules_questions import RulesQuestion


@dataclass(frozen=True, slots=True)
class Grade:
    correct: bool
    fan_results: tuple[tuple[str, bool], ...]   # per fan: answered right? (for the Leitner boxes)
    missed: tuple[str, ...] = ()                # fans, waits: right items not picked
    wrong: tuple[str, ...] = ()                 # fans, waits: wrong items picked
    tie: int = 0                                # fans: 0 the answer's own way of scoring, i > 0 answer["ties"][i-1]


def accepted_fan_sets(question: Question) -> list[set[str]]:
    """The fans of each way to the highest total, the answer's own first."""
    answer = question.answer
    return [{f["id"] for f in way["fans"]} for way in [answer, *answer.get("ties", [])]]


def best_readings(question: Question) -> list[int]:
    """The offered readings that score highest (several when they tie)."""
    totals = [r["total"] for r in question.data["readings"]]
    return [i for i, t in enumerate(totals) if t == max(totals)]


def waited_on_one_tile(question: Question) -> bool:
    """Whether the hand waited on one tile only, as its edition counts waits."""
    return len(question.answer["waits"]) == 1


def _involved(question: Question, correct: bool) -> tuple[tuple[str, bool], ...]:
    involved = question.answer_ids + [n["id"] for n in question.data["explanation"]["not_counted"]]
    return tuple((fan, correct) for fan in dict.fromkeys(involved))


def grade(question: Question, response: Any) -> Grade:
    """Grade a response: an int (total), a set of fan ids (fans), a bool (valid,
    one_tile_wait), a tuple of ints (payments, as `expected_payments`), a set of tile faces
    (waits), the index of a reading (best_reading; None for no answer).

    A fans answer is right when it names the fans of any way to the highest total (the
    rules accept every one); `tie` says which way it took."""
    answer = question.answer
    if question.kind == "fans":
        picked = set(response)
        ways = accepted_fan_sets(question)
        # Compared with the way closest to what was picked: the one taken, if any.
        tie = min(range(len(ways)), key=lambda i: (len(ways[i] ^ picked), i))
        right = ways[tie]
        results = tuple((fan, (fan in picked) == (fan in right)) for fan in question.options)
        missed = tuple(f for f in question.options if f in right and f not in picked)
        wrong = tuple(f for f in question.options if f in picked and f not in right)
        return Grade(not missed and not wrong, results, missed, wrong, tie if not missed and not wrong else 0)
    if question.kind == "waits":
        picked, right = set(response), set(answer["waits"])
        # The waits missed in the engine's tile order (1m..9s, winds, dragons), as the breakdown lists them.
        missed, wrong = tuple(t for t in answer["waits"] if t not in picked), tuple(sorted(picked - right))
        return Grade(not missed and not wrong, _involved(question, not missed and not wrong), missed, wrong)
    if question.kind == "total":
        correct = response == answer["total"]
    elif question.kind == "valid":
        correct = response == answer["valid"]
    elif question.kind == "payments":
        correct = tuple(response) == expected_payments(question)
    elif question.kind == "one_tile_wait":
        correct = response == waited_on_one_tile(question)
    elif question.kind == "best_reading":
        correct = response in best_readings(question)
    else:
        raise ValueError(f"unknown question kind {question.kind!r}")
    return Grade(bool(correct), _involved(question, bool(correct)))


def grade_rules(question: RulesQuestion, picked: Iterable[str]) -> bool:
    """Right when the picked options are exactly the right ones (one, or every one)."""
    return set(picked) == set(question.answer)
