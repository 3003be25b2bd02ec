"""The trainer's session: the small API the terminal drives, and the site will drive the same way.

    trainer = Trainer.load()                       # banks, editions, curriculum: once
    session = Session(trainer, progress, Options(count=10, seed=7), today=date.today(), lang="en")
    if session.needs_edition(): session.set_edition("green-book")    # asked once, kept
    session.begin()                                # counts the session
    while (item := session.next()) is not None:    # a lesson, a question, a guided step or a flashcard
        if item["type"] != "lesson":
            feedback = session.answer(response)    # the response as plain data (see `answer`)
    session.summary()
    session.progress.as_data()                     # the progress document, to keep

Everything going in and out is plain data (JSON): the items and the feedback are dicts, the
progress is trainer/progress.py's document. `save` receives each change to the progress
(a function from Progress to Progress) and returns the progress as stored: the terminal
applies it to its file under a lock (two sessions at once keep each other's answers);
by default the change is applied to the session's own copy, which the site stores.
The clock is the caller's: `today` is the learner's calendar day.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from rules import FanTable

from .answer_marks import answer_marks
from .answer_record import priors_of, record_of, to_review
from .attribution import FanOutcome, Verdict, fan_facts
from .curriculum import Curriculum, Unit, curriculum
from .explain_text import Explainer
from .feedback import answer_blocks
from .fresh_questions import build_for, editions_of_the_rules, question_key
from .grading import grade
from .learner_settings import learner_settings
from .lessons import lesson_item, worked_example
from .modes import FlashcardMode, GuidedMode
from .planner import Planned, Pool, Request, at_nearest_level, drill_kinds, plan, reviewed_fans, reviews_fans
from .progress import Answer, Progress
from .question_items import question_item
from .rescoring import rescorer
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS, Question

Change = Callable[[Progress], Progress]
# practice; learn (flashcards); guided (count it with me); timed: the answers' feedback is the
# caller's to show at the end (the site's timed drill), and a miss is not asked again.
MODES = ("practice", "learn", "guided", "timed")


@dataclass(frozen=True, slots=True)
class Options:
    mode: str = "practice"          # practice, learn (flashcards) or guided (count it with me)
    count: int = 10
    level: str | None = None        # a level for this session only (None: the learner's, and the curriculum)
    fan: str | None = None          # drill one fan
    kinds: tuple[str, ...] = KINDS
    seed: int = 0
    edition: str | None = None      # an edition for this session only (None: the learner's)
    explain: bool = False           # the full breakdown after right answers too
    family: str | None = None       # a fan family's session (the site's family pages)


class Trainer:
    """What every session shares: the banks' questions, the editions of the rules, the curriculum."""

    def __init__(self, questions: Sequence[Question], editions: Mapping[str, FanTable],
                 course: Curriculum | None = None) -> None:
        self.questions = list(questions)
        self.editions = dict(editions)
        self.curriculum = course or curriculum()
        self._pools: dict[str, Pool] = {}

    @classmethod
    def load(cls, folder: Path | None = None) -> "Trainer":
        """The banks of `folder` (default: the committed ones); a level without a bank file
        is left out. ValueError names a bank that cannot be read, or the first missing when
        there is none."""
        # Here, not at the top: the banks' reader brings jsonschema, which a session given
        # its questions (the site's) does without.
        from generator.quizzes.banks import bank_path, load_bank
        paths = [bank_path(level) if folder is None else bank_path(level, folder) for level in LEVELS]
        present = [path for path in paths if path.exists()] or paths[:1]
        questions = [q for path in present for q in load_bank(path).questions]
        return cls(questions, editions_of_the_rules())

    def pool(self, edition: str) -> Pool:
        if edition not in self._pools:
            self._pools[edition] = Pool(self.questions, edition)
        return self._pools[edition]

    @property
    def default_edition(self) -> str:
        return next(iter(self.editions))


class Session:
    def __init__(self, trainer: Trainer, progress: Progress, options: Options, *, today: date, lang: str,
                 save: Callable[[Change], Progress] | None = None) -> None:
        if options.fan and options.mode == "practice":   # a fan drill asks what marks the fan
            options = replace(options, kinds=drill_kinds(options.kinds))
            if not options.kinds:
                raise ValueError(f"a fan drill needs a kind that marks a fan: {', '.join(drill_kinds(KINDS))}")
        self.trainer = trainer
        self.progress = progress
        self.options = options
        self.today = today
        self.lang = lang
        self._save = save
        self.settings = learner_settings()
        self.rng = random.Random(options.seed)
        self.asked = self.right = 0
        self.answers: list[Answer] = []
        self._queue: list[Planned] = []
        self._current: dict[str, Any] | None = None
        self._mode: GuidedMode | FlashcardMode | None = None
        self._asked_keys: set[str] = set()
        self._n = 0
        self._fresh = 0
        self._example: tuple[str, Question | None] | None = None   # the unit opened at the start, its worked example

    # -- the progress ------------------------------------------------------------------------
    def save(self, change: Change) -> Progress:
        self.progress = self._save(change) if self._save else change(self.progress)
        return self.progress

    def save_answer(self, change: Change) -> Progress:
        """Save an answer; the first one also counts the session."""
        if getattr(self, "_counted", True):
            return self.save(change)
        self._counted = True
        return self.save(lambda p: change(p.next_session()))

    @property
    def edition(self) -> str:
        chosen = self.options.edition or self.progress.edition
        return chosen if chosen in self.trainer.editions else self.trainer.default_edition

    @property
    def table(self) -> FanTable:
        return self.trainer.editions[self.edition]

    def explainer(self) -> Explainer:
        return Explainer(self.lang, self.trainer.editions, self.edition)

    def needs_edition(self) -> bool:
        """The learner has not said which rules they play (asked once, at the first session)."""
        return self.progress.edition is None and self.options.edition is None

    def editions(self) -> list[dict[str, str]]:
        """The editions to choose from: id, name and summary in the learner's language."""
        return [{"id": eid, "name": t.edition.name(self.lang) if t.edition else eid,
                 "summary": t.edition.summary.get(self.lang, "") if t.edition else ""}
                for eid, t in self.trainer.editions.items()]

    def set_edition(self, edition: str) -> None:
        if edition not in self.trainer.editions:
            raise ValueError(f"unknown edition {edition!r}; editions: {', '.join(self.trainer.editions)}")
        self.save(lambda p: p.with_edition(edition))

    # -- the session -------------------------------------------------------------------------
    def begin(self) -> dict[str, Any]:
        """Count the session, plan its questions; what it is about."""
        if self.options.edition is not None and self.progress.edition is None:
            self.save(lambda p: p.with_edition(self.options.edition or ""))
        # The session is counted with its first answer (save_answer): one with none is not.
        self.session = self.progress.session + 1
        self._counted = False
        facts = fan_facts([self.table, *self.trainer.editions.values()])
        self.facts = facts
        unit = self.unit()
        if self.options.mode == "guided":
            self._mode = GuidedMode(self)
        elif self.options.mode == "learn":
            self._mode = FlashcardMode(self)
        else:
            if self.options.mode == "practice" and unit is not None and self._lesson_due():   # a lesson opens it
                example = worked_example(self, unit)
                self._example = (unit.id, example)
                if example is not None:
                    self.shown(example)   # its answers are on the screen: not asked this session
            request = Request(self.options.count, self.today, tuple(self.options.kinds), self.options.level,
                              self.options.fan, unit.fans if unit else (),
                              self.trainer.curriculum.learnt(self.progress.units), reviewed_fans(facts),
                              self.family_fans())
            self._queue = plan(self.trainer.pool(self.edition), self.progress, request, self.rng, self._asked_keys)
        return {"session": self.session, "edition": self.edition, "mode": self.options.mode,
                "level": self.level, "unit": unit.id if unit else None, "count": self.count()}

    @property
    def level(self) -> str | None:
        """The level whose answers are evidence (None: a fan or family drill)."""
        return None if self.options.fan or self.options.family else (self.options.level or self.progress.level)

    def family_fans(self) -> frozenset[str]:
        """The fans of the session's family in its edition (empty: no family session)."""
        family = self.options.family
        return frozenset(f.id for f in self.table.fans if f.family == family) if family else frozenset()

    def unit(self) -> Unit | None:
        return self.trainer.curriculum.current(self.progress.units)

    def count(self) -> int:
        return self._mode.count() if self._mode else len(self._queue)

    def remaining(self) -> int:
        """Questions still planned after the current one."""
        return len(self._queue)

    def _lesson_due(self) -> bool:
        unit = self.unit()
        curriculum_led = self.options.level is None and self.options.fan is None and self.options.family is None
        return unit is not None and curriculum_led and unit.id not in self.progress.units.opened

    def next(self) -> dict[str, Any] | None:
        """The next item: a lesson (opening a unit: no answer), or something to answer."""
        unit = self.unit()
        if self.options.mode == "practice" and unit is not None and self._lesson_due():
            example = self._example[1] if self._example and self._example[0] == unit.id else worked_example(self, unit)
            if example is not None:
                self.shown(example)
            item = lesson_item(self, unit, example)
            shown = question_key(example) if example is not None else None
            self.save(lambda p: _opened(p, unit.id, list(unit.fans), self.today, shown))
            return item
        if self._mode is not None:
            self._current = self._mode.next()
            return self._current
        while self._queue:
            planned = self._queue.pop(0)
            question = self._question(planned)
            if question is None:
                continue
            self._n += 1
            self._current = {"planned": planned, "question": question}
            return question_item(self, question, planned, self._n)
        self._current = None
        return None

    def shown(self, question: Question) -> None:
        """The question's hand was shown with its answers: it is not asked in this session."""
        self._asked_keys.add(question_key(question))

    def _question(self, planned: Planned) -> Question | None:
        question = planned.question
        if planned.reason == "again" and question is not None:
            return question   # made and set aside when the miss promised it (see _reask)
        if question is None:
            question = self._fresh_question(planned)
            if question is None:
                return None
        if question_key(question) in self._asked_keys:
            return None
        self._asked_keys.add(question_key(question))
        return question

    def _fresh_question(self, planned: Planned) -> Question | None:
        """A fresh hand for `planned.fan` of its kind, else a bank's question on the fan;
        None when neither is left. Never one asked or recently seen."""
        avoid = set(self.progress.recent) | self._asked_keys
        self._fresh += 1
        question = build_for(planned.fan or "", planned.kind or "fans", self.trainer.editions, self.edition,
                             f"{self.options.seed}:{planned.fan}:{self._fresh}", avoid, f"fresh-{self._fresh:03d}",
                             self.options.kinds)
        if question is not None:
            return question.in_edition(self.edition)   # the bank's are, in the pool
        return self._banked(planned, avoid)

    def _banked(self, planned: Planned, avoid: set[str]) -> Question | None:
        """A bank's question on `planned.fan` of a kind the learner asked for, its own kind
        first: the builder seldom makes a hand for some kinds (a best reading needs
        readings that score differently). None when the banks hold none unseen."""
        pool = self.trainer.pool(self.edition)
        level = self.options.level or self.progress.level
        for kinds in ([planned.kind], self.options.kinds):
            found = pool.holding(planned.fan or "", [k for k in kinds if k in self.options.kinds], avoid)
            if found:   # the learner's level first, then the levels below, as the planner ranks them
                return pool.questions[at_nearest_level(pool, found, level, self.rng)]
        return None

    def current_question(self) -> Question | None:
        """The question waiting for an answer, answer key and all (simulated learners read it)."""
        return self._current.get("question") if self._current and self._mode is None else None

    # -- answering ---------------------------------------------------------------------------
    def answer(self, response: Any) -> dict[str, Any]:
        """Grade the response to the current item and record it; the feedback.

        Responses: total, an int; fans, a list of fan ids; valid and one_tile_wait, a bool;
        payments, a list of ints (each, or discarder and others); waits, a list of tiles;
        best_reading, a reading's index; None for "I don't know". A guided step or a
        flashcard takes what its item's `form` says."""
        if self._current is None:
            raise ValueError("no question is waiting for an answer")
        if self._mode is not None:
            return self._mode.answer(self._current, response)
        planned, question = self._current["planned"], self._current["question"]
        self._current = None
        given = _blank(question) if response is None else _typed(question, response)
        result = grade(question, given)
        recorded = record_of(question, given, result.correct, again=planned.again > 0, level=self.level,
                             facts=self.facts, settings=self.settings, table=self.table, taken=result.tie,
                             priors=priors_of(self.progress, self.today),
                             rescore=rescorer(question.hand, question.situation, self.table),
                             hand=question_key(question), units=self._units_of(question))
        new_fans = self._first_met(question)
        before = (self.progress.moved, self.progress.units.passed)
        self.save_answer(lambda p: p.record(recorded.answer, self.today, self.session).met(new_fans, self.today))
        self.answers.append(recorded.answer)
        self.asked += 1
        self.right += result.correct
        asks_again = not result.correct and self.options.mode != "timed"
        comes_back = self._reask(question, planned, recorded.answer) if asks_again else None
        blocks = answer_blocks(question, response, result, recorded.diagnosis, self.explainer(),
                               new_fans=new_fans, explain=self.options.explain)
        return {**self._feedback(result.correct, blocks, recorded.diagnosis, comes_back, before),
                "marks": answer_marks(question, result)}

    def answer_to(self, question: Question, response: Any) -> dict[str, Any]:
        """Grade and record `response` to a question the caller chose, as `answer` does the
        session's own (the terminal's timed drill draws its hands itself)."""
        self._current = {"planned": Planned(self.options.mode, question), "question": question}
        return self.answer(response)

    def progress_feedback(self, correct: bool, blocks: list[dict[str, Any]]) -> dict[str, Any]:
        """The feedback of a guided step or a flashcard (already recorded)."""
        return self._feedback(correct, blocks, None, None, (self.progress.moved, self.progress.units.passed))

    def _units_of(self, question: Question) -> tuple[str, ...]:
        counted = [f for f in question.answer_ids if f in self.facts and self.facts[f].reviewed]
        return self.trainer.curriculum.units_of(counted)

    def _first_met(self, question: Question) -> list[str]:
        return [f for f in question.answer_ids if f in self.facts
                and (f not in self.progress.fans or self.progress.fans[f].met is None)]

    def _reask(self, question: Question, planned: Planned, answer: Answer) -> str | None:
        """A missed question comes back a few questions later as a fresh hand holding the
        fan missed (the one blamed, else the hand's biggest reviewed fan): "fan"; a kind
        about no fan (valid?, waits...) as a fresh hand of the same kind: "kind"; None
        when it does not come back: asked again already, or no such question can be made."""
        if planned.again >= self.settings.reask_times:
            return None
        blamed = [o.fan for o in answer.outcomes if o.verdict is Verdict.BLAME and o.fan in question.answer_ids]
        blamed += [o.fan for o in answer.outcomes if o.verdict is Verdict.BLAME]
        counted = sorted((f for f in question.answer_ids if f in self.facts and self.facts[f].reviewed),
                         key=lambda f: -self.facts[f].points)
        family = self.family_fans()   # a family's session keeps to its fans where the hand allows
        ours = [f for f in blamed if f in family] or [f for f in counted if f in family]
        fan = next(iter(ours or blamed or counted), None)
        if fan is None:
            return None
        again_for = "fan" if fan in blamed else "kind"
        again = Planned("again", None, fan, question.kind, planned.again + 1, self._n, again_for)
        # Made now, so that the feedback promises only a question that will come: the
        # builder and the banks may have none left of the kinds chosen.
        fresh = self._fresh_question(again)
        if fresh is None:
            return None
        self._asked_keys.add(question_key(fresh))   # set aside: no other item takes its hand
        at = min(self.settings.reask_after - 1, len(self._queue))
        self._queue.insert(at, replace(again, question=fresh))
        return again_for

    def _feedback(self, correct: bool, blocks: list[dict[str, Any]], diagnosis: Any, comes_back: str | None,
                  before: tuple[Any, tuple[str, ...]]) -> dict[str, Any]:
        moved = self.progress.moved if self.progress.moved != before[0] else None
        passed = [u for u in self.progress.units.passed if u not in before[1]]
        daily = self.progress.daily
        return {"correct": correct, "blocks": blocks, "comes_back": comes_back,
                "diagnosis": diagnosis.as_data() if diagnosis else None,
                "moved": None if moved is None else {"from": moved.before, "to": moved.after, "up": moved.up,
                                                     "right": moved.right, "of": moved.out_of},
                "unit_passed": passed[0] if passed else None,
                "unit_next": self._unit_next() if passed else None,
                "right": self.right, "asked": self.asked,
                "today": {"answered": daily.answered_on(self.today),
                          "goal": daily.goal_or(self.settings.daily_goal),
                          "streak": daily.current_streak(self.today)}}

    def _unit_next(self) -> dict[str, Any]:
        """After a unit is passed, the next one and when it opens: "now" (its lesson is the
        next item), "later" (a session that follows the curriculum opens it), "open"
        (already opened), "last" (no unit left)."""
        unit = self.unit()
        if unit is None:
            return {"unit": None, "opens": "last"}
        if unit.id in self.progress.units.opened:
            return {"unit": unit.id, "opens": "open"}
        now = self.options.mode == "practice" and self._lesson_due()
        return {"unit": unit.id, "opens": "now" if now else "later"}

    def record_outcomes(self, kind: str, correct: bool, outcomes: list[tuple[str, Verdict]],
                        hand: str | None = None, ends: bool = True) -> None:
        """Record an answer of a guided step or a flashcard: its fans' outcomes; `ends`:
        it ends a question (a guided hand's last step), which the daily goal counts."""
        facts = self.facts
        kept = tuple(FanOutcome(f, v, facts[f].family) for f, v in outcomes if f in facts and facts[f].reviewed)
        answer = Answer(kind, correct, kept, hand=hand, ends=ends)
        self.save_answer(lambda p: p.record(answer, self.today, self.session))
        self.answers.append(answer)
        self.asked += 1
        self.right += correct

    def summary(self) -> dict[str, Any]:
        daily = self.progress.daily
        return {"asked": self.asked, "right": self.right, "review": to_review(self.answers),
                "today": {"answered": daily.answered_on(self.today), "goal": daily.goal_or(self.settings.daily_goal),
                          "streak": daily.current_streak(self.today), "best": daily.best},
                "due_tomorrow": len(self.progress.due_fans(self.today + timedelta(days=1))),
                "due_waiting": self._due_waiting()}

    def _due_waiting(self) -> int:
        """The fans due today that this session's kinds (--kind valid...) could not review."""
        if self.options.mode != "practice" or reviews_fans(self.options.kinds):
            return 0
        return len(self.progress.due_fans(self.today))


def _opened(progress: Progress, unit: str, fans: list[str], day: date, shown: str | None) -> Progress:
    """The unit opened: its fans met, its worked example's hand shown."""
    progress = progress.opened(unit).met(fans, day)
    return progress.remembered(shown) if shown is not None else progress


def _blank(question: Question) -> Any:
    """What an empty answer stands for: nothing picked, or an impossible value."""
    return {"fans": set(), "total": None, "valid": None, "payments": (), "waits": set(), "one_tile_wait": None,
            "best_reading": None}[question.kind]


def _typed(question: Question, response: Any) -> Any:
    """A response given as plain data, in the types the grader takes."""
    if question.kind in ("fans", "waits"):
        return set(response)
    if question.kind == "payments":
        return tuple(response)
    return response


__all__ = ["MODES", "Options", "Session", "Trainer"]
