"""Count it with me: a hand walked through the rulebook's counting checklist.

The checklist of site/en/rulebook/scoring.md, one step at a time, each asked and then
answered: the shape; the sets (how many chows, how many pungs or kongs); the fans family
by family (which of these count?); the principles (which of the fans the hand matches
are not counted, and why); the flowers; the total; the payments (or, for a hand under
the minimum, whether it is a valid win). Every answer comes from the question's answer
key, which the engine made; the steps are plain data the terminal and the site ask alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules
from rules import SHAPES, STANDARD

from .blocks import ask
from .explain_text import Explainer, counted
from generator.quizzes.questions import Question, expected_payments

# How a step is answered: one option, several options, one number, several numbers, yes or no.
ANSWER_FORMS = ("choice", "multi", "number", "numbers", "yes_no")


@dataclass(frozen=True, slots=True)
class Step:
    id: str                              # shape, sets, family:<id>, principles, flowers, total, payments, valid
    form: str                            # one of ANSWER_FORMS
    prompt: str                          # the question, in the learner's language (the terminal's words)
    ask: dict[str, Any]                  # the same as its string's key and values (trainer/blocks.py)
    options: tuple[tuple[str, str], ...]  # (value, label) for choice and multi
    answer: Any                          # str, frozenset[str], int, tuple[int, ...] or bool
    explain: tuple[str, ...]             # what the step's answer is, and why

    def right(self, response: Any) -> bool:
        if self.form == "multi":
            return frozenset(response or ()) == self.answer
        if self.form == "numbers":
            return tuple(response or ()) == self.answer
        return response == self.answer

    def as_data(self) -> dict[str, Any]:
        answer = sorted(self.answer) if isinstance(self.answer, frozenset) else \
            list(self.answer) if isinstance(self.answer, tuple) else self.answer
        return {"id": self.id, "form": self.form, "prompt": self.prompt, "ask": self.ask,
                "options": [{"value": v, "label": label} for v, label in self.options], "answer": answer,
                "explain": list(self.explain)}


def _asked(ex: Explainer, key: str, **values: Any) -> tuple[str, dict[str, Any]]:
    """A step's question worded for the terminal, and as its key and values for the site."""
    return ex.t(key, **values), ask(key, **values)


def _set_counts(groups: list[str]) -> tuple[int, int]:
    """Chows, and pungs or kongs, among a reading's groups."""
    chows = pungs = 0
    for group in groups:
        tiles = rules.read_tiles(group.rstrip("*"))
        if len(tiles) >= 3 and len({t.text for t in tiles}) == 1:
            pungs += 1
        elif len(tiles) == 3:
            chows += 1
    return chows, pungs


def _shape(question: Question, ex: Explainer) -> Step:
    shape = question.data["explanation"]["shape"]
    options = tuple((s, ex.t(f"shape_{s}")) for s in SHAPES)
    return Step("shape", "choice", *_asked(ex, "guided_shape"), options, shape,
                (ex.t("guided_shape_answer", shape=ex.t(f"shape_{shape}"),
                      groups=" ".join(question.data["explanation"]["groups"])),))


def _sets(question: Question, ex: Explainer) -> Step:
    chows, pungs = _set_counts(question.data["explanation"]["groups"])
    return Step("sets", "numbers", *_asked(ex, "guided_sets"), (), (chows, pungs),
                (ex.t("guided_sets_answer", chows=counted(ex.t, ex.lang, "count_chows", chows),
                      pungs=counted(ex.t, ex.lang, "count_pungs", pungs),
                      groups=" ".join(question.data["explanation"]["groups"])),))


def _family_steps(question: Question, ex: Explainer) -> list[Step]:
    table = ex.table
    counted = [f["id"] for f in question.answer["fans"] if f["id"] in table.by_id and not table.fan(f["id"]).bonus]
    tempting = [n["id"] for n in question.data["explanation"]["not_counted"]]
    tempting += [d["id"] for d in question.data.get("distractors", [])]
    steps = []
    for family in dict.fromkeys(table.fan(f).family for f in counted + tempting if f in table.by_id):
        mine = [f for f in dict.fromkeys(counted + tempting) if f in table.by_id and table.fan(f).family == family]
        mine.sort(key=ex.number)
        right = frozenset(f for f in mine if f in counted)
        explain = [ex.t("fan_counts", fan=ex.name(f), points=ex.fan_points(f), summary=ex.summary(f))
                   for f in mine if f in right]
        explain += [ex.t("fan_not_here", fan=ex.name(f), why=ex.why_not(question, f)) for f in mine if f not in right]
        name = table.families.get(family, {})
        steps.append(Step(f"family:{family}", "multi",
                          *_asked(ex, "guided_family", family=name.get(ex.lang) or name.get("en") or family),
                          tuple((f, ex.fan_label(f)) for f in mine), right, tuple(explain)))
    return steps


def _principles(question: Question, ex: Explainer) -> Step | None:
    left_out = list(dict.fromkeys(n["id"] for n in question.data["explanation"]["not_counted"]))
    if not left_out:
        return None
    counted = [f["id"] for f in question.answer["fans"] if f["id"] not in left_out]
    options = sorted(set(left_out) | set(counted[:3]), key=ex.number)
    explain = tuple(ex.t("fan_not_here", fan=ex.name(f), why=ex.why_not(question, f)) for f in left_out)
    return Step("principles", "multi", *_asked(ex, "guided_principles"),
                tuple((f, ex.fan_label(f)) for f in options), frozenset(left_out), explain)


def _flowers(question: Question, ex: Explainer) -> Step:
    n = question.answer["total"] - question.answer["total_without_flowers"]
    return Step("flowers", "number", *_asked(ex, "guided_flowers"), (), n,
                (ex.t("guided_flowers_answer", n=n, points=ex.points(question.answer["total_without_flowers"]),
                      minimum=ex.table.minimum_points),))


def _total(question: Question, ex: Explainer) -> Step:
    return Step("total", "number", *_asked(ex, "guided_total"), (), question.answer["total"],
                (ex.counted_line(question),))


def _settle(question: Question, ex: Explainer) -> Step:
    answer = question.answer
    if not answer["valid"]:
        asked = _asked(ex, "ask_valid", minimum=ex.table.minimum_points)
        return Step("valid", "yes_no", *asked, (), False, (ex.payment_line(question),))
    p = answer["payments"]
    prompt = _asked(ex, "ask_payments_self" if p["self_drawn"] else "ask_payments_discard")
    return Step("payments", "numbers", *prompt, (), expected_payments(question), (ex.payment_line(question),))


def guided_steps(question: Question, ex: Explainer) -> list[Step]:
    """The checklist's steps on the question's hand, as its edition (the Explainer's) scores it."""
    steps = [_shape(question, ex)]
    if question.data["explanation"]["shape"] == STANDARD:
        steps.append(_sets(question, ex))
    steps += _family_steps(question, ex)
    principles = _principles(question, ex)
    if principles is not None:
        steps.append(principles)
    return steps + [_flowers(question, ex), _total(question, ex), _settle(question, ex)]
