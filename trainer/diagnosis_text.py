"""A diagnosis in words: "8 points short: did you forget the base 8 in each payment?".

The likely mistake is asked as a question, with the rule it missed when that is a rule of
payment; when the diagnosis is unsure it says what the number could mean ("perhaps");
when no named mistake gives the number it says so and points to counting step by step.
"""
from __future__ import annotations

from typing import Any, Mapping

from .blocks import guided_block
from .diagnosis import Diagnosis, Explanation
from .explain_text import Explainer, counted
from .mistakes import Mistake
from generator.quizzes.questions import Question


def _clause(m: Mistake, ex: Explainer, question: Question) -> str:
    values: Mapping[str, Any] = m.values
    if m.cause == "base_forgotten":
        return ex.t("diag_base_forgotten", base=ex.table.settlement.base)
    if m.cause in ("fan_missed", "excluded_counted"):
        count = values.get("count", 1)
        points = f"{values.get('points', '')}" + (f" x{count}" if count > 1 else "")
        return ex.t(f"diag_{m.cause}", fan=ex.name(m.fan or ""), points=points)
    if m.cause in ("fan_missed_once", "fan_added_once", "excluded_counted_once"):
        return ex.t(f"diag_{m.cause}", fan=ex.name(m.fan or ""), points=values.get("points", ""))
    if m.cause == "flowers_forgotten":
        return ex.t("diag_flowers_forgotten", n=values.get("n", ""))
    if m.cause == "wind_misread":
        which = "seat_wind" if "seat_wind" in values else "prevalent_wind"
        return ex.t(f"diag_wind_misread_{which}", wind=ex.t(f"wind_{values[which]}"))
    return ex.t(f"diag_{m.cause}")


def _rule(m: Mistake, ex: Explainer, question: Question) -> str | None:
    """The rule a payments mistake missed, with this hand's numbers."""
    p = question.answer.get("payments")
    if m.cause == "base_forgotten" and p:
        return ex.t("diag_rule_base", base=ex.table.settlement.base)
    if m.cause == "self_drawn_not_times_three" and p:
        return ex.t("diag_rule_self_drawn", each=p["each"])
    if m.cause == "discard_paid_as_self_drawn" and p:
        return ex.t("diag_rule_discard", others=p["others"])
    if m.cause in ("excluded_counted", "excluded_counted_once") and m.fan:
        return ex.t("diag_rule_excluded", fan=ex.name(m.fan), why=ex.why_not(question, m.fan))
    return None


def _clauses(e: Explanation, ex: Explainer, question: Question) -> str:
    return ex.t("diag_and").join(_clause(m, ex, question) for m in e.mistakes)


def difference_text(d: Diagnosis, ex: Explainer) -> str:
    n = d.difference   # "1 point short" / "Falta 1 punto": the verb agrees with the count too
    return counted(ex.t, ex.lang, "diag_short" if n < 0 else "diag_over", abs(n))


def diagnosis_lines(d: Diagnosis | None, ex: Explainer, question: Question) -> list[str | dict[str, Any]]:
    """What the learner is told of their wrong number (nothing when it was not a number): lines,
    or a block that sends them to count the hand step by step (trainer/blocks.py)."""
    if d is None:
        return []
    if d.kind == "valid":
        if d.likely is None:
            return []
        values = d.likely.mistakes[0].values
        return [ex.t("diag_flowers_toward_minimum", minimum=values["minimum"], points=ex.points(values["points"]))]
    diff = difference_text(d, ex)
    if d.likely is not None:
        lines = [ex.t("diag_question", difference=diff, clauses=_clauses(d.likely, ex, question))]
        lines += [r for r in (_rule(m, ex, question) for m in d.likely.mistakes) if r]
        return lines
    if d.candidates:
        first = _clauses(d.candidates[0], ex, question)
        if len(d.candidates) > 1:
            return [ex.t("diag_perhaps_two", difference=diff, first=first,
                         second=_clauses(d.candidates[1], ex, question))]
        return [ex.t("diag_perhaps", difference=diff, first=first)]
    return [guided_block(ex.t("diag_unexplained", difference=diff), diff)]   # the site words it with its button
