"""Fresh questions built on demand: a new hand that holds a given fan.

A missed question is asked again as a fresh hand holding the fan missed, never the hand
whose answer was just shown; a fan due for review that the banks hold no unseen hand
for gets one too. The generator's hand builder makes the hand (it walks from the fan
table's own examples for rare fans), the questions module makes the question and its
answer key, exactly as the banks' questions are made.
"""
from __future__ import annotations

import random
from typing import Any, Collection, Mapping

import rules
from rules import FanTable

from generator.quizzes.hand_builder import BuildError, HandBuilder
from generator.quizzes.levels import hand_level
from generator.quizzes.questions import KINDS, Question, kind_fits, make_question

MAX_TRIES = 3000     # candidate hands the builder may score for one request
ATTEMPTS = 4         # hands built before giving up on one that is new to the learner


def hand_key(tiles: Mapping[str, Any]) -> str:
    """A hand as the learner sees it, in any order: its melds and its standing tiles."""
    melds = sorted(("[" if m["exposed"] else "{") + "".join(m["tiles"]) for m in tiles["melds"])
    standing = sorted(list(tiles["concealed"]) + ([tiles["winning"]] if tiles.get("winning") else []))
    return "".join(melds) + "/" + "".join(standing)


def question_key(question: Question) -> str:
    return hand_key(question.data["tiles"])


def counted_in(question: Question, fan: str) -> bool:
    return fan in question.answer_ids


def build_for(fan: str, kind: str, editions: Mapping[str, FanTable], edition: str, seed: str,
              avoid: Collection[str], qid: str, allowed: Collection[str] = KINDS) -> Question | None:
    """A question of `kind` on a fresh hand that holds `fan` as `edition` scores it, whose
    hand is none of `avoid` (hand keys); None when the builder finds none. A kind the hand
    cannot be asked as (payments on a false win...) becomes a "which fans count?" one when
    that kind is `allowed` (the learner's --kind), else the builder tries another hand."""
    default = next(iter(editions))
    base = default if fan in editions[default].by_id else edition
    table = editions[base]
    others = {eid: t for eid, t in editions.items() if eid != base}
    builder = HandBuilder(seed, table)
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        try:
            built = builder.build(fan=fan, valid=None if kind == "valid" else True, max_tries=MAX_TRIES)
        except BuildError:
            return None
        asked = kind if kind in KINDS and kind_fits(kind, built, table) else "fans"
        if asked not in allowed:
            continue
        question = make_question(built, asked, qid, hand_level(built.draft, built.result, table), table, rng, others)
        if base != default:
            question = Question(question.id, question.level, question.kind, {**question.data, "edition": base})
        mine = question.in_edition(edition) if base == default else question
        if question_key(question) not in avoid and counted_in(mine, fan):
            return question
    return None


def editions_of_the_rules() -> dict[str, FanTable]:
    """Every edition of the rules by id, the default first."""
    return {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
