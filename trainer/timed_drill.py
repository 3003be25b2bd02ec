"""A timed drill in the terminal: score N hands against the clock, as a referee does at the
table. Each hand asks for its total; nothing is explained until the end, so the clock
measures scoring alone. The summary lists every hand with its time, and explains the ones
scored wrong."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from i18n import decimal_text

from .blocks import block_text
from .diagnosis import diagnose
from .diagnosis_text import diagnosis_lines
from .drill_records import DrillRecord, DrillRecords, drill_key
from .explain_text import Explainer, counted
from generator.quizzes.questions import Question
from .grading import grade
from .question_items import item_of
from .rescoring import rescorer
from .terminal import QUIT, Terminal, parser_for, read_answer, show_question


@dataclass(frozen=True, slots=True)
class TimedAnswer:
    question: Question
    given: int | None      # None: "I don't know"
    seconds: float

    @property
    def correct(self) -> bool:
        return grade(self.question, self.given).correct


@dataclass(frozen=True, slots=True)
class DrillResult:
    answers: tuple[TimedAnswer, ...]

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.answers)

    @property
    def seconds(self) -> float:
        return sum(a.seconds for a in self.answers)


def _clock_text(seconds: float) -> str:
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class TimedDrill:
    """Runs a drill on `term`, scoring by the Explainer's edition; `clock` is injectable for the tests."""

    def __init__(self, term: Terminal, explainer: Explainer, records: DrillRecords | None,
                 clock: Callable[[], float] = time.monotonic,
                 answered: Callable[[Question, int | None], object] | None = None) -> None:
        self.term = term
        self.explainer = explainer
        self.records = records
        self.clock = clock
        self.answered = answered   # records each hand's answer, as any answer is (Session.answer_to)

    def run(self, questions: list[Question], level: str, header: str) -> DrillResult:
        term = self.term
        term.say(term.t("title") + " · " + header)
        term.say(term.t("timed_hint", hands=counted(term.t, term.lang, "count_hands", len(questions))))
        term.say(term.t("legend"))
        answers: list[TimedAnswer] = []
        for n, question in enumerate(questions, 1):
            question = question.in_edition(self.explainer.edition)
            term.say()
            term.say(term.t("question", n=n, count=len(questions)))
            item = item_of(question, self.explainer)
            show_question(term, item)
            started = self.clock()
            response = read_answer(term, parser_for(term, item))
            if response is QUIT:
                break
            answers.append(TimedAnswer(question, response, self.clock() - started))
            if self.answered is not None:
                self.answered(question, response)
        result = DrillResult(tuple(answers))
        self.report(result, level, len(questions))
        return result

    def report(self, result: DrillResult, level: str, count: int) -> None:
        term = self.term
        term.say()
        if not result.answers:
            term.say(counted(term.t, term.lang, "summary", 0, asked=0, percent=0))
            return
        term.say(term.t("timed_table"))
        for n, a in enumerate(result.answers, 1):
            mark = "✓" if a.correct else "✗"
            given = "-" if a.given is None else str(a.given)
            seconds = decimal_text(term.lang, a.seconds, "5.1f")
            time = term.t("timed_seconds", seconds=seconds)
            term.say(f"  {n:>2}  {mark}  {given:>4} / {a.question.answer['total']:>4}   {time}")
        asked = len(result.answers)
        term.say(counted(term.t, term.lang, "timed_summary", result.right, asked=asked,
                         time=_clock_text(result.seconds), each=decimal_text(term.lang, result.seconds / asked)))
        if asked == count and self.records is not None:
            self._best(result, level, count)
        for n, a in ((n, a) for n, a in enumerate(result.answers, 1) if not a.correct):
            term.say()
            term.say(term.t("timed_review", n=n))
            show_question(term, item_of(a.question, self.explainer))
            for line in self._told(a) + self.explainer.breakdown(a.question):
                term.say(line)

    def _told(self, a: TimedAnswer) -> list[str]:
        """What a session tells a wrong total, said at the end: the answer given and the
        likely mistake behind its number."""
        ex, q = self.explainer, a.question
        lines: list[str] = [ex.t("your_answer", answer=ex.shown_answer(q, a.given))]
        if a.given is not None:
            diagnosis = diagnose(q.data, a.given, ex.table, rescore=rescorer(q.hand, q.situation, ex.table))
            lines += [said if isinstance(said, str) else block_text(said, ex.t, ex.lang)
                      for said in diagnosis_lines(diagnosis, ex, q)]
        return lines

    def _best(self, result: DrillResult, level: str, count: int) -> None:
        term = self.term
        assert self.records is not None
        recorded = self.records.record(drill_key(level, count), DrillRecord(result.right, result.seconds))
        if recorded.problem:
            term.warn(term.t("timed_records_problem", error=recorded.problem))
        previous = recorded.previous
        if previous is not None:
            key = "timed_new_best" if recorded.new_best else "timed_best"
            term.say(counted(term.t, term.lang, key, previous.right, time=_clock_text(previous.seconds)))
