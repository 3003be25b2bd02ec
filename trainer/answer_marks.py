"""What a page needs to mark an answered question's form: the items missed and picked
wrong (trainer/grading.py), and the right answer in the form the response takes, so a
page draws the grade without grading (the site's family pages and its timed drill)."""
from __future__ import annotations

from typing import Any

from .grading import Grade, accepted_fan_sets, best_readings, waited_on_one_tile
from generator.quizzes.questions import Question, expected_payments


def expected_response(question: Question, tie: int = 0) -> Any:
    """The right response as plain data: what a learner answering right would send."""
    kind, answer = question.kind, question.answer
    if kind == "fans":
        way = accepted_fan_sets(question)[tie]
        return [f for f in question.options if f in way]
    if kind == "total":
        return answer["total"]
    if kind == "valid":
        return answer["valid"]
    if kind == "payments":
        return list(expected_payments(question))
    if kind == "waits":
        return list(answer["waits"])
    if kind == "one_tile_wait":
        return waited_on_one_tile(question)
    if kind == "best_reading":
        return best_readings(question)
    raise ValueError(f"unknown question kind {kind!r}")


def answer_marks(question: Question, result: Grade) -> dict[str, Any]:
    """{"expected": the right response (the way taken, for a tie), "missed", "wrong", "tie"}."""
    return {"expected": expected_response(question, result.tie), "missed": list(result.missed),
            "wrong": list(result.wrong), "tie": result.tie}
