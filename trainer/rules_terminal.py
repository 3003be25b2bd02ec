"""The rules quiz in a terminal (`mcr quiz --rules`): one rulebook question at a time.

Each question shows its options lettered A, B, C...; the learner types one letter, or
every right letter when the question says so. The feedback gives the right options, the
reason, and the section of the rulebook the question comes from: the chapter, the
heading and the page's path on the site. Each rules question is spaced by days like a fan
(trainer/spacing.py): the questions due come first, then those never asked, a missed one
is due again the next day; answers are tallied under the kind "rules".
"""
from __future__ import annotations

import random
import re
from datetime import date
from typing import Callable, Iterable

from generator.quizzes.check_blocks import OPTION_LABELS
from .blocks import page_path
from .explain_text import counted
from .learner_settings import learner_settings
from .progress import Answer, Progress
from .progress_store import ProgressStore
from generator.quizzes.rules_bank import RulesBank
from generator.quizzes.rules_questions import RULES_KIND, RulesQuestion
from trainer.grading import grade_rules
from .terminal import QUIT, Summary, Terminal, keep_progress, read_answer
from .terminal_tiles import draw_hand


def plan_rules(questions: Iterable[RulesQuestion], progress: Progress, count: int, seed: int | str, today: date,
               chapter: str | None = None) -> list[RulesQuestion]:
    """The session's rules questions: those due first (the longest overdue first), then
    those never asked (in an order the seed repeats), then the others, soonest due first."""
    pool = [q for q in questions if chapter is None or q.chapter == chapter]
    by_id = {q.id: q for q in pool}
    due = [by_id[qid] for qid in progress.due_rules(today) if qid in by_id]
    unseen = [q for q in pool if q.id not in progress.rules]
    random.Random(f"{seed}:rules").shuffle(unseen)
    later = [q for q in pool if q.id in progress.rules and q not in due]
    later.sort(key=lambda q: (progress.rules[q.id].spaced.memory.due if progress.rules[q.id].spaced.memory
                              else today, q.id))
    return (due + unseen + later)[:count]


def parse_letters(line: str, question: RulesQuestion, t: Callable[..., str]) -> tuple[str, ...]:
    """The option keys a line of letters picks ("b", "A C", "a,c", "ac"); ValueError says
    what is wrong, in the learner's language."""
    n = len(question.options)
    letters = OPTION_LABELS[:n]
    picked = [c.upper() for c in re.sub(r"[\s,;]+", "", line)]
    if not picked or any(c not in letters for c in picked):
        key = "rules_bad_letter" if question.pick == "one" else "rules_bad_letters"   # one answer: ask for one
        raise ValueError(t(key, first=letters[0], last=letters[-1]))
    if question.pick == "one" and len(set(picked)) != 1:
        raise ValueError(t("rules_one_letter"))
    return tuple(question.options[letters.index(c)] for c in sorted(set(picked)))


class RulesQuiz:
    """One session of rules questions; answers are saved as they come, like the scoring quiz's."""

    def __init__(self, term: Terminal, bank: RulesBank, store: ProgressStore | None, progress: Progress,
                 today: date) -> None:
        self.term = term
        self.bank = bank
        self.store = store
        self.progress = progress
        self.today = today
        self._save_failed = False

    def run(self, questions: list[RulesQuestion], header: str) -> Summary:
        term = self.term
        term.say(term.t("rules_title") + " · " + header)
        term.say(term.t("hint"))
        # A session counts once it has an answer: one quit at the first question is none.
        session = self.progress.session + 1
        asked = right = 0
        for n, question in enumerate(questions, 1):
            term.say()
            term.say(term.t("question", n=n, count=len(questions)))
            self.show(question)
            response = self.read(question)
            if response is QUIT:
                break
            picked = response or ()
            correct = grade_rules(question, picked)
            asked += 1
            right += correct
            self.feedback(question, picked if response is not None else None, correct)
            answer = Answer(RULES_KIND, correct, item=question.id)
            first = asked == 1
            self._update(lambda stored: (stored.next_session() if first else stored).record(answer, self.today,
                                                                                              session))
            daily = self.progress.daily
            term.say(term.t("running", right=right, asked=asked, today=daily.answered_on(self.today),
                            goal=daily.goal_or(learner_settings().daily_goal)))
        term.say()
        percent = round(100 * right / asked) if asked else 0
        term.say(counted(term.t, term.lang, "summary", right, asked=asked, percent=percent))
        return Summary(asked, right, self.progress)

    def _update(self, change: Callable[[Progress], Progress]) -> None:
        """Apply `change` to the stored progress; when it cannot be saved, say so once."""
        self.progress, self._save_failed = keep_progress(self.term, self.store, self.progress, self._save_failed,
                                                         change)

    # -- asking -------------------------------------------------------------------------------
    def show(self, question: RulesQuestion) -> None:
        term = self.term
        words_ = question.text(term.lang)
        term.say(words_.question)
        if question.hand is not None:
            term.say("  " + draw_hand(question.hand["tiles"], term.colour))
        for key, shown in zip(question.options, words_.options):
            term.say(f"   {question.label(key)}) {shown}")

    def read(self, question: RulesQuestion) -> tuple[str, ...] | object | None:
        """The picked keys; None for "I don't know", QUIT to stop. Re-asks bad input."""
        term = self.term
        last = OPTION_LABELS[len(question.options) - 1]
        term.say(term.t("rules_ask_one" if question.pick == "one" else "rules_ask_all", last=last))
        return read_answer(term, lambda line: parse_letters(line, question, term.t))

    # -- explaining ---------------------------------------------------------------------------
    def _letters(self, question: RulesQuestion, keys: tuple[str, ...]) -> str:
        return " ".join(question.label(k) for k in keys) or "-"

    def feedback(self, question: RulesQuestion, picked: tuple[str, ...] | None, correct: bool) -> None:
        term = self.term
        words_ = question.text(term.lang)
        term.say(term.t("right") if correct else term.t("wrong"))
        shown = term.t("no_answer") if picked is None else self._letters(question, picked)
        term.say(term.t("your_answer", answer=shown))
        texts = dict(zip(question.options, words_.options))
        for key in question.answer:
            term.say(term.t("rules_right_option", letter=question.label(key), option=texts[key]))
        term.say(words_.reason)
        chapter = self.bank.chapter_title(question.chapter, term.lang)
        term.say(term.t("rules_source", chapter=chapter, section=words_.section,
                        path=page_path(question.chapter, question.anchor, term.lang)))
