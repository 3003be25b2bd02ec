"""Which questions a session asks, in which order.

1. The fans due for review (trainer/spacing.py), the longest overdue first, whatever the
   level: each gets a question whose hand counts it, from any bank, preferring the
   learner's level; a hand the learner was asked recently is never chosen, and when the
   banks hold none left a fresh hand is built for the fan (trainer/fresh_questions.py).
2. The rest of the session: on the current curriculum unit (trainer/curriculum.py), from
   the banks up to the learner's level, the hands that hold the unit's fans and little
   the learner has not met yet first; or, with a level chosen for the session, that
   level's questions, the ones on the fans the learner recalls least first; or, for a
   fan drill, the hands that hold the fan (fresh ones when the banks run out); or, for a
   fan family's session (the site's family pages), the hands of every level that drill
   one of the family's fans, the ones on the family's fans the learner recalls least first.
A quarter of the session stays for the unit's new material however many fans are due.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import date
from typing import Collection, Mapping, Sequence

from .fresh_questions import counted_in, question_key
from .progress import Progress
from .spacing import retrievability
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS, Question

# The kinds whose answer shows whether the learner counts a fan.
FAN_KINDS = ("fans", "total", "payments")
NEW_SHARE = 4     # one question in this many stays for the unit when fans are due


@dataclass(frozen=True, slots=True)
class Planned:
    """A question to ask, or a fresh hand to build for `fan` (question None)."""

    reason: str                     # "due", "unit", "level", "drill", "family" or "again"
    question: Question | None = None
    fan: str | None = None
    kind: str | None = None
    again: int = 0
    missed: int = 0                 # asked again: the number of the question missed...
    again_for: str = ""             # ...and what comes back: "fan" (the fan missed) or "kind"


@dataclass(frozen=True, slots=True)
class Request:
    count: int
    today: date
    kinds: tuple[str, ...]
    level: str | None               # a level chosen for this session (None: the curriculum)
    fan: str | None                 # a fan drill
    unit_fans: tuple[str, ...]      # the current unit's fans
    learnt: tuple[str, ...]         # the fans of the units up to the current one
    reviewed: frozenset[str]        # the fans that take part in review
    family: frozenset[str] = frozenset()   # a family's session: the family's fans (empty: none)


class Pool:
    """The banks' questions as the learner's edition scores them, with their hand keys."""

    def __init__(self, questions: Sequence[Question], edition: str) -> None:
        self.questions = [q.in_edition(edition) for q in questions]
        self.keys = [question_key(q) for q in self.questions]

    def holding(self, fan: str, kinds: Collection[str], avoid: Collection[str]) -> list[int]:
        return [i for i, q in enumerate(self.questions)
                if q.kind in kinds and self.keys[i] not in avoid and counted_in(q, fan)]


def _level_rank(question: Question, level: str) -> int:
    """0 for the learner's level, then the levels below it, then those above."""
    mine, theirs = LEVELS.index(level), LEVELS.index(question.level) if question.level in LEVELS else 0
    return abs(mine - theirs) + (len(LEVELS) if theirs > mine else 0)


def at_nearest_level(pool: Pool, found: list[int], level: str, rng: random.Random) -> int:
    """One of the questions `found` (places in the pool) nearest the learner's level, at random."""
    rng.shuffle(found)
    return min(found, key=lambda i: _level_rank(pool.questions[i], level))


def _due(pool: Pool, progress: Progress, request: Request, used: set[str], most: int,
         rng: random.Random) -> list[Planned]:
    out: list[Planned] = []
    kinds = [k for k in request.kinds if k in FAN_KINDS]
    if not kinds:
        return out   # a valid?/waits answer reviews no fan: the due fans wait for a kind that does
    for fan in progress.due_fans(request.today):
        if len(out) >= most:
            break
        if fan not in request.reviewed:
            continue
        found = pool.holding(fan, kinds, used)
        if found:
            best = at_nearest_level(pool, found, progress.level, rng)
            used.add(pool.keys[best])
            out.append(Planned("due", pool.questions[best], fan))
        else:
            out.append(Planned("due", None, fan, rng.choice(kinds)))
    return out


def _unit_score(question: Question, request: Request) -> float:
    counted = set(question.answer_ids) & request.reviewed
    unit = set(request.unit_fans)
    unknown = counted - set(request.learnt)
    return 2 * len(counted & unit) + len(set(question.drill) & unit) - 1.5 * len(unknown)


def _recall_weight(question: Question, progress: Progress, request: Request) -> float:
    """How much a question on weak or unmet fans is wanted: up to 3 for a fan never answered."""
    weakest = 1.0
    for fan in set(question.answer_ids) & request.reviewed:
        record = progress.fans.get(fan)
        chance = retrievability(record.spaced.memory, request.today) if record else None
        weakest = min(weakest, 0.0 if chance is None else chance)
    return 1 + 2 * (1 - weakest)


def _fill(pool: Pool, progress: Progress, request: Request, used: set[str], room: int,
          rng: random.Random, session: set[str]) -> list[Planned]:
    """The rest of the session; when the hands not asked recently run out, the ones asked
    longest ago (never one of this session's)."""
    out = _fill_from(pool, progress, request, used, room, rng)
    if len(out) < room:
        age = {key: n for n, key in enumerate(progress.recent)}
        again = set(progress.recent) - session   # the hands planned so far were none of them
        older = _fill_from(pool, progress, request, set(pool.keys) - again, room - len(out), rng)
        out += sorted(older, key=lambda p: age.get(question_key(p.question), 0) if p.question else 0)
    return out


def _fill_from(pool: Pool, progress: Progress, request: Request, used: set[str], room: int,
               rng: random.Random) -> list[Planned]:
    level = request.level or progress.level
    levels = session_levels(progress, request.level)   # one rule, which nothing_to_ask reads too
    keyed = []
    for i, q in enumerate(pool.questions):
        if q.kind not in request.kinds or pool.keys[i] in used:
            continue
        if request.level is not None:
            if q.level == level:
                keyed.append((rng.random() ** (1 / _recall_weight(q, progress, request)), i))
        elif q.level in levels:
            keyed.append((_unit_score(q, request) + rng.random(), i))
    keyed.sort(reverse=True)
    out: list[Planned] = []
    for _, i in keyed:
        if len(out) >= room:
            break
        if pool.keys[i] not in used:
            used.add(pool.keys[i])
            out.append(Planned("level" if request.level else "unit", pool.questions[i]))
    return out


def _drill(pool: Pool, request: Request, used: set[str], rng: random.Random) -> list[Planned]:
    fan = request.fan or ""
    found = [i for i, q in enumerate(pool.questions)
             if q.kind in request.kinds and pool.keys[i] not in used and fan in q.drill]
    rng.shuffle(found)
    out = []
    for i in found[:request.count]:
        if pool.keys[i] not in used:
            used.add(pool.keys[i])
            out.append(Planned("drill", pool.questions[i], fan))
    while len(out) < request.count:
        out.append(Planned("drill", None, fan, rng.choice(request.kinds)))
    return out


def _family(pool: Pool, progress: Progress, request: Request, used: set[str], rng: random.Random) -> list[Planned]:
    """A family's session: its fans due first, then the hands that drill one of its fans,
    weighted by the family's fans the learner recalls least; fresh hands when none is left."""
    mine = replace(request, reviewed=request.reviewed & request.family)   # due and recall: the family's fans only
    out = _due(pool, progress, mine, used, request.count, rng)
    keyed = [(rng.random() ** (1 / _recall_weight(q, progress, mine)), i) for i, q in enumerate(pool.questions)
             if q.kind in request.kinds and pool.keys[i] not in used and request.family & set(q.drill)]
    for _, i in sorted(keyed, reverse=True)[:request.count - len(out)]:
        used.add(pool.keys[i])
        out.append(Planned("family", pool.questions[i]))
    fans = sorted(mine.reviewed) or sorted(request.family)
    while len(out) < request.count and fans:
        out.append(Planned("family", None, rng.choice(fans), rng.choice(request.kinds)))
    return out


def drill_kinds(kinds: Collection[str]) -> tuple[str, ...]:
    """The kinds a fan drill asks, of `kinds`: those whose answer shows whether the learner
    counts the fan (a drill of a fan whose answers marked no fan would teach it nothing)."""
    return tuple(k for k in kinds if k in FAN_KINDS)


def reviews_fans(kinds: Collection[str]) -> bool:
    """Whether a session of these kinds of question can review the fans due."""
    return any(k in FAN_KINDS for k in kinds)


def plan(pool: Pool, progress: Progress, request: Request, rng: random.Random,
         avoid: Collection[str] = ()) -> list[Planned]:
    """The session's questions, due reviews first; none of the hands `avoid` (keys)."""
    used = set(progress.recent) | set(avoid)
    if request.fan is not None:
        return _drill(pool, request, used, rng)
    if request.family:
        return _family(pool, progress, request, used, rng)
    keep = request.count // NEW_SHARE if request.level is None and request.unit_fans else 0
    due = _due(pool, progress, request, used, request.count - keep, rng)
    return due + _fill(pool, progress, request, used, request.count - len(due), rng, set(avoid))


def session_levels(progress: Progress, level: str | None) -> tuple[str, ...]:
    """The levels whose questions fill a session (_fill_from): a level chosen for it, else
    the learner's and those below."""
    if level is not None:
        return (level,)
    return LEVELS[:LEVELS.index(progress.level) + 1]


def kinds_in(pool: Pool, levels: Collection[str]) -> list[str]:
    """The kinds of question the pool holds at these levels, in KINDS order (--kind's)."""
    held = {q.kind for q in pool.questions if q.level in levels}
    return [kind for kind in KINDS if kind in held]


def levels_with(pool: Pool, kinds: Collection[str]) -> list[str]:
    """The levels whose questions include one of these kinds, in LEVELS order."""
    held = {q.level for q in pool.questions if q.kind in kinds}
    return [level for level in LEVELS if level in held]


def reviewed_fans(facts: Mapping[str, object]) -> frozenset[str]:
    return frozenset(fan for fan, f in facts.items() if getattr(f, "reviewed", False))
