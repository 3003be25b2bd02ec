"""What a level's questions are worth besides the fans they show, against the bounds of
generator/quizzes/level_targets.yaml (`questions`, and a level's `big_fans`): each hand once,
few wrong options the header alone gives away (the traps set on purpose among them, also
counted apart), "valid?" asked of valid wins near the minimum, close readings to tell
apart, and few big fans where the level is made of common hands. Worked out from the bank file and the engine alone, not
from how the builder meant the questions; `mcr quiz-banks --stats` prints them and a test
holds the committed banks to them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from rules import FanTable

from .bank_stats import Check
from .hand_keys import hand_key
from .header_fans import header_only
from .level_targets import Levels
from .questions import Question


@dataclass(frozen=True, slots=True)
class Share:
    """`hits` of `of` questions."""

    hits: int
    of: int

    @property
    def share(self) -> float:
        return self.hits / self.of if self.of else 0.0

    def shown(self) -> str:
        return f"{self.share:.1%} ({self.hits}/{self.of})" if self.of else "- (0/0)"


@dataclass(frozen=True, slots=True)
class QuestionFigures:
    level: str
    questions: int
    distinct_hands: int
    repeated: dict[str, tuple[str, ...]]   # hand key -> the ids of the questions that share it
    header_ruled_out: Share                # "fans" questions offering a fan only the header rules out, traps included
    header_traps: Share                    # "fans" questions offering one on purpose (marked, and a trap)
    valid_near: Share                      # "valid?" questions on a valid win, those near the minimum
    close_readings: Share                  # best-reading questions with a close next reading
    big_fans: Share | None                 # questions counting a big fan (None: the level sets no bound)


def right_fans(question: Question) -> set[str]:
    """Every fan that counts in some way to the highest total, in any edition."""
    answers = [question.answer, *question.differs_in().values()]
    return {f["id"] for a in answers for way in [a, *a.get("ties", [])] for f in way["fans"]}


def header_verdicts(question: Question, table: FanTable) -> tuple[bool, bool]:
    """(offers a wrong fan only the header rules out, whether marked or not; offers a
    marked header trap that is one) for a "fans" question."""
    wrong = set(question.options) - right_fans(question)
    only = header_only(table, question.hand, question.situation, wrong)
    marked = question.data.get("header_trap")
    return bool(only), marked in only and only[marked].trap


def offered_gap(question: Question) -> int:
    """How many points the best reading offered beats the next offered by."""
    totals = sorted({r["total"] for r in question.data["readings"]}, reverse=True)
    return totals[0] - totals[1]


def figures_of(questions: Iterable[Question], level: str, table: FanTable, levels: Levels) -> QuestionFigures:
    qs = list(questions)
    keys: dict[str, list[str]] = {}
    for q in qs:
        keys.setdefault(hand_key(q.data["tiles"]), []).append(q.id)
    verdicts = [header_verdicts(q, table) for q in qs if q.kind == "fans"]
    bounds = levels.questions
    valid = [q for q in qs if q.kind == "valid" and q.answer["valid"]]
    near = 0 if bounds is None else sum(
        q.answer["total_without_flowers"] <= table.minimum_points + bounds.valid_points for q in valid)
    best = [q for q in qs if q.kind == "best_reading"]
    close = 0 if bounds is None else sum(offered_gap(q) <= bounds.close_points for q in best)
    big = levels.specs[level].big_fans
    big_share = None if big is None else Share(
        sum(any(levels.points.get(f, 0) >= big.points for f in q.answer_ids) for q in qs), len(qs))
    return QuestionFigures(
        level, len(qs), len(keys), {k: tuple(ids) for k, ids in keys.items() if len(ids) > 1},
        Share(sum(v[0] for v in verdicts), len(verdicts)), Share(sum(v[1] for v in verdicts), len(verdicts)),
        Share(near, len(valid)), Share(close, len(best)), big_share)


def question_checks(figures: QuestionFigures, levels: Levels) -> list[Check]:
    """Every bound on the level's questions, met or not. A bound on a kind the bank does
    not ask holds."""
    f, bounds, level = figures, levels.questions, figures.level
    out = [Check(level, "question distinct_hands", f"{f.questions}", f"{f.distinct_hands}",
                 f.distinct_hands == f.questions)]
    if bounds is not None:
        out += [_at_most(level, "header_ruled_out", f.header_ruled_out, bounds.header_ruled_out),
                _at_most(level, "header_traps", f.header_traps, bounds.header_traps),
                _at_least(level, "valid_near", f.valid_near, bounds.valid_near),
                _at_least(level, "close_readings", f.close_readings, bounds.close_readings)]
    big = levels.specs[level].big_fans
    if big is not None and f.big_fans is not None:
        out.append(_at_most(level, "big_fans", f.big_fans, big.share))
    return out


def _at_most(level: str, name: str, got: Share, bound: float) -> Check:
    return Check(level, f"question {name}", f"<= {bound:.0%}", got.shown(), got.share <= bound + 1e-9)


def _at_least(level: str, name: str, got: Share, bound: float) -> Check:
    return Check(level, f"question {name}", f">= {bound:.0%}", got.shown(), not got.of or got.share >= bound - 1e-9)

