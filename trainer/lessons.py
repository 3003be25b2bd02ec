"""A curriculum unit opened: its learn cards and a worked example.

{"type": "lesson", "unit", "title", "summary", "principles": [{"name", "page"}],
 "blocks": [...], "example": {"tiles", "situation", "steps": [...]} | None}
The blocks are the unit's learn cards (trainer/feedback.py's card blocks); the worked
example is a hand of the banks holding the most of the unit's fans (the lowest level
first), counted step by step with the checklist of the guided mode, every answer given.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .blocks import SCORING_CHAPTER, page_path
from .curriculum import Unit
from .feedback import card_blocks
from .guided import guided_steps
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import Question

if TYPE_CHECKING:
    from .session import Session


def worked_example(session: "Session", unit: Unit) -> Question | None:
    """The bank hand that shows the most of the unit's fans, at the lowest level."""
    best, best_key = None, None
    for q in session.trainer.pool(session.edition).questions:
        shown = len(set(q.answer_ids) & set(unit.fans))
        if not shown or q.kind != "fans":
            continue
        key = (-shown, LEVELS.index(q.level) if q.level in LEVELS else len(LEVELS), q.id)
        if best_key is None or key < best_key:
            best, best_key = q, key
    return best


def lesson_item(session: "Session", unit: Unit, example: Question | None) -> dict[str, Any]:
    """The lesson opening `unit`, its worked example `example` (trainer/lessons.worked_example)."""
    ex = session.explainer()
    blocks: list[dict[str, Any]] = []
    for fan in unit.fans:
        if fan in session.table.by_id:
            blocks += card_blocks(fan, ex, compact=True)
    steps = [s.as_data() for s in guided_steps(example, ex)] if example else []
    return {"type": "lesson", "unit": unit.id, "title": unit.title(session.lang), "summary": unit.summary(session.lang),
            "principles": [{"name": ex.t(f"principle_{p}"),
                            "page": page_path(SCORING_CHAPTER, p.replace("_", "-"), session.lang)}
                           for p in unit.principles],
            "blocks": blocks,
            "example": None if example is None else {"tiles": example.data["tiles"],
                                                     "situation": dict(example.situation), "steps": steps}}
