"""How the trainer shows a hand's readings and totals. A reading marks the group the winning tile
completed (▶, as the hands are drawn): two ways of scoring the same sets differ only there. A
total by another edition comes after the learner's own. A tile named as a wait that is none is
told why."""
from __future__ import annotations

import random

import rules
from generator.quizzes.hand_builder import BuiltHand, draft_of
from generator.quizzes.questions import make_question
from trainer.explain_text import Explainer
from trainer.feedback import answer_blocks
from trainer.grading import grade

TABLE = rules.fan_table()
EX = Explainer("en", {"1998": TABLE}, "1998")
# 567m 11m 678p 678p 789p, won on 7p: the 7p ends 789p (Edge Wait) or sits inside 678p
# (Closed Wait), one point either way, so both are right.
HAND = "[567m]11m66778889p7p"
SITUATION = {"self_drawn": False, "flowers": 0, "seat_wind": "S", "prevalent_wind": "N"}


def _question():
    built = BuiltHand(draft_of(HAND, SITUATION), rules.score(HAND, **SITUATION))
    return make_question(built, "fans", "t-001", "expert", TABLE, random.Random(0))


def test_the_breakdown_and_its_tie_say_where_the_winning_tile_went() -> None:
    text = "\n".join(EX.breakdown(_question()))
    assert "Read as: 567m 11m 678p 678p ▶789p" in text
    assert "Also right, for the same total: 567m 11m ▶678p 678p 789p with" in text


def test_a_tie_taken_is_shown_with_its_winning_group() -> None:
    q = _question()
    theirs = {f["id"] for f in q.answer["ties"][0]["fans"]}
    assert "closed_wait" in theirs and "edge_wait" not in theirs
    blocks = answer_blocks(q, theirs, grade(q, theirs), None, EX, new_fans=[], explain=False)
    lines = [b.get("text", "") for b in blocks]
    assert "Your answer is the reading 567m 11m ▶678p 678p 789p: it scores the same, and the rules accept it." in lines


def test_another_editions_total_comes_after_ours_whatever_the_question() -> None:
    # 1199m199pEESSCC1p, won on 1p on a discard, 3 flowers: the 1998 edition scores Seven Pairs 24,
    # One Voided Suit 1 and the flowers, 28; the Green Book reads All Terminals and Honors into
    # seven pairs too (+32), 60. A waits question shows no total of its own: ours must come first.
    editions = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
    ex = Explainer("en", editions, "1998")
    hand, situation = "1199m199pEESSCC1p", {**SITUATION, "flowers": 3}
    built = BuiltHand(draft_of(hand, situation), rules.score(hand, **situation))
    others = {eid: table for eid, table in editions.items() if eid != "1998"}
    q = make_question(built, "waits", "t-002", "beginner", TABLE, random.Random(0), others)
    tiles = q.answer["waits"]
    lines = [b.get("text", "") for b in answer_blocks(q, tiles, grade(q, tiles), None, ex, new_fans=[], explain=False)]
    ours = next(i for i, text in enumerate(lines) if text.startswith("Counts:"))
    theirs = next(i for i, text in enumerate(lines) if text.startswith("Green Book"))
    assert lines[ours].endswith("= 28 points") and ours < theirs
    assert lines[theirs] == "Green Book reading (2006): 60 points for this hand (+All Terminals and Honors)."


def test_a_tile_named_as_a_wait_is_told_why_it_is_none() -> None:
    # 1111m 3m 456p 789s 55s before the win waits on 2m alone (111m, 123m). 9p completes nothing;
    # 1m would be a fifth copy: the hand held all four.
    hand = "1111m3m456p789s55s2m"
    built = BuiltHand(draft_of(hand, SITUATION), rules.score(hand, **SITUATION))
    q = make_question(built, "waits", "t-003", "beginner", TABLE, random.Random(0))
    assert q.answer["waits"] == ["2m"]
    lines = EX.why_not_lines(q, grade(q, ["2m", "9p", "1m"]))
    assert lines == ["Not waited on: 9p. With any of them, the tiles held before the win make no winning hand.",
                     "Not waited on: 1m. The hand already held all four copies before the win: no fifth can come."]
