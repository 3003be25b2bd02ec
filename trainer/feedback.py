"""The feedback on one answer, as blocks the terminal prints and the site renders.

A block is a line, a hand, a section of the rulebook, a ruling or a fan met for the first
time (trainer/blocks.py: the last three as data, which each surface words).
A right answer is short: what was right and the fans that count, the other editions' score
where it differs (with the rulings that make the difference), the fans met for the first
time in one line each: with the running score, at most MAX_RIGHT_LINES lines in all.
`explain` adds the full breakdown. A wrong answer says what was expected, what the
learner's number most likely comes from (trainer/diagnosis.py), why each fan missed
counts and why each fan picked does not, then the full breakdown.
"""
from __future__ import annotations

from typing import Any

from .blocks import hand_block, line, new_fan_block
from .diagnosis import Diagnosis
from .diagnosis_text import diagnosis_lines
from .explain_text import Explainer
from .grading import Grade
from .learn_cards import learn_card
from generator.quizzes.questions import Question

MAX_RIGHT_LINES = 8     # a right answer's feedback, the running score line included
SCORE_LINES = 1         # the running score the caller adds


__all__ = ["MAX_RIGHT_LINES", "answer_blocks", "card_blocks", "hand_block", "line", "new_fan_blocks"]


def new_fan_blocks(fans: list[str], ex: Explainer, room: int) -> list[dict[str, Any]]:
    """The fans met for the first time: one line each, in `room` lines at most."""
    if room <= 0 or not fans:
        return []
    shown = fans if len(fans) <= room else fans[:room - 1]
    blocks = [new_fan_block(f, ex.name(f), ex.fan_points_number(f), ex.summary(f)) for f in shown]
    if len(shown) < len(fans):
        blocks.append(line(ex.t("new_fans_more", fans=ex.names(fans[len(shown):]))))
    return blocks


def answer_blocks(question: Question, response: Any, result: Grade, diagnosis: Diagnosis | None, ex: Explainer,
                  *, new_fans: list[str], explain: bool) -> list[dict[str, Any]]:
    """The feedback's blocks, the running score left to the caller."""
    if result.correct:
        blocks = [line("✓ " + ex.t("two_sentences", first=ex.t("right"), second=ex.expected(question)))]
        if result.tie:
            way = question.answer["ties"][result.tie - 1]
            blocks.append(line(ex.t("tie_taken", groups=ex.groups(way))))   # ▶: where the tile went tells ties apart
        editions = ex.edition_lines(question)
        if question.kind in ("total", "payments", "fans", "valid") or editions:   # another edition's total needs ours
            blocks.append(line(ex.counted_line(question)))
        blocks += [line(t) for t in editions]
        if explain:
            blocks += ex.breakdown_blocks(question)
        else:
            blocks += ex.ruling_blocks(question)
        room = MAX_RIGHT_LINES - SCORE_LINES - len(blocks)
        blocks = blocks[:MAX_RIGHT_LINES - SCORE_LINES] if not explain else blocks
        return blocks + new_fan_blocks(new_fans, ex, room)
    yours = ex.t("your_answer", answer=ex.shown_answer(question, response))
    lines = ["✗ " + ex.t("two_sentences", first=ex.t("wrong"), second=yours),
             ex.expected(question)]
    said: list[str | dict[str, Any]] = [*lines, *diagnosis_lines(diagnosis, ex, question),
                                        *ex.why_not_lines(question, result)]
    blocks = [t if isinstance(t, dict) else line(t) for t in said] + ex.breakdown_blocks(question)
    blocks += [line(t) for t in ex.edition_lines(question)]
    if new_fans:   # cards below a breakdown: a heading tells them apart from it
        blocks.append(line(ex.t("new_fans_heading")))
    for fan in new_fans:
        blocks += card_blocks(fan, ex, compact=True)
    return blocks


def card_blocks(fan: str, ex: Explainer, *, compact: bool = False) -> list[dict[str, Any]]:
    """A fan's learn card: name and points, definition, common mistake, its example and
    nearest miss drawn (`compact`: the summary for the definition, no nearest miss hand)."""
    card = learn_card(ex.table, fan)
    texts = card.texts(ex.table, ex.lang)
    blocks = [line(ex.t("card_title", fan=texts["name"], points=ex.points(card.points))),
              line("  " + (texts["summary"] if compact else texts["definition"]))]
    if texts["note"]:
        blocks.append(line("  " + ex.t("card_note", note=texts["note"])))
    if card.example is not None:
        blocks.append(hand_block(card.example.tiles, ex.t("card_example"), card.example.situation))
    if card.near is not None and not compact:
        blocks.append(hand_block(card.near.hand.tiles, ex.t("card_near", change=ex.near(card.near.change)),
                                 card.near.hand.situation))
    return blocks
