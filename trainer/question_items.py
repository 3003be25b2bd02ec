"""A question as the session hands it out: plain data to draw and to ask.

{"type": "question", "n", "of", "id", "kind", "reason", "again", "again_ago", "again_for",
 "situation", "tiles", "prompt", "ask", "form", "numbers", "options": [{"value", "label"}],
 "readings": [...], "least"}
`prompt` is the question as the terminal asks it, `ask` its string's key and values, which
the site words with its own string (trainer/blocks.py).
`form` says how it is answered: "number", "numbers" (`numbers` of them), "multi" (some
options), "choice" (one option), "yes_no" or "tiles", of which `least` must be picked (1 for
the fans and the waits: a winning hand always has a fan and waits on a tile, so nothing
picked is a slip, which the site asks again rather than grades); `tiles` is the hand as drawn
(before its winning tile for a waits question). A question asked again (`again` > 0) says
how many questions ago the one missed was (`again_ago`, 1: the one just before) and
whether the fan missed comes back or only the kind of question (`again_for`); the terminal
and the site word both the same way (trainer.terminal.again_key, trainer-quiz.js againKey).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .blocks import ask
from .explain_text import Explainer
from .planner import Planned
from generator.quizzes.questions import Question, expected_payments

if TYPE_CHECKING:
    from .session import Session

FORMS = {"total": "number", "payments": "numbers", "fans": "multi", "valid": "yes_no", "one_tile_wait": "yes_no",
         "waits": "tiles", "best_reading": "choice"}
AT_LEAST_ONE = ("fans", "waits")   # the kinds whose answer picks one option or more (see `least`)


def prompt_key(question: Question) -> str:
    if question.kind == "payments":
        return "ask_payments_self" if question.answer["payments"]["self_drawn"] else "ask_payments_discard"
    return f"ask_{question.kind}"


def prompt(question: Question, ex: Explainer) -> str:
    return ex.t(prompt_key(question), minimum=ex.table.minimum_points)   # the valid question names it


def item_of(question: Question, ex: Explainer) -> dict[str, Any]:
    """The question as data to draw and ask, whatever session asks it."""
    item: dict[str, Any] = {
        "type": "question", "id": question.id, "kind": question.kind, "situation": dict(question.situation),
        "tiles": question.data["waiting"]["tiles"] if question.kind == "waits" else question.data["tiles"],
        "prompt": prompt(question, ex), "ask": ask(prompt_key(question), minimum=ex.table.minimum_points),
        "form": FORMS[question.kind],
        "options": [], "readings": [], "least": 1 if question.kind in AT_LEAST_ONE else 0}
    if question.kind == "payments":
        item["numbers"] = len(expected_payments(question))
    if question.kind == "fans":
        item["options"] = [{"value": f, "label": ex.name(f)} for f in question.options]
    if question.kind == "best_reading":
        item["readings"] = [{"value": i, "label": Explainer.groups(r)} for i, r in enumerate(question.data["readings"])]
    return item


def question_item(session: "Session", question: Question, planned: Planned, n: int) -> dict[str, Any]:
    """The question as a session hands it out: its place, why it is asked, whether again."""
    return {**item_of(question, session.explainer()), "n": n, "of": n + session.remaining(),
            "reason": planned.reason, "again": planned.again, "fan": planned.fan,
            "again_ago": n - planned.missed if planned.again else 0, "again_for": planned.again_for}
