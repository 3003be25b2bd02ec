"""Quiz questions on a hand: their kinds, their plausible wrong options, and answer keys
(trainer.grading grades a response).

The kinds: the total; the fans that count; whether it is a valid win; the payments; the
tiles the hand waits on (shown before its winning tile); whether it waited on one tile
only (what the wait fans need); and which reading of the tiles scores highest.

A question holds a hand, its situation and everything needed to explain it: the answer
key (fans with counts, total, validity, payments, the tiles waited on, and every other
way of scoring the same total: the rules accept any of them), and the explanation data
(where each fan lies, each fan matched but not counted and why, the other readings of
the hand). All of it comes from the engine when the question is made; nothing is typed
in by hand. The same dictionaries go into the bank files the browser reads.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import rules
from rules import FanTable

from rules.exclusion_judgements import LISTED, judgement_on_sets
from .hand_builder import BuiltHand, Draft
from .header_fans import trades
from .levels import readings
from .near_hands import draw_and_wind_changes, tile_changes

KINDS = ("total", "fans", "valid", "payments", "waits", "one_tile_wait", "best_reading")
MAX_OPTIONS = 8        # fans questions: right fans plus wrong ones, at most this many
MIN_WRONG_OPTIONS = 3  # ...with at least this many wrong ones when the hand offers them
MAX_READINGS = 2       # other readings kept to explain take-the-highest
MAX_READING_OPTIONS = 4   # best-reading questions: readings offered, the best among them


@dataclass(frozen=True, slots=True)
class Distractor:
    """A tempting wrong option of a fans question and why it is wrong.

    reason "excluded": the fan matches but does not count (see not_counted for why).
    reason "near": the hand scores it after one change: `change` is {"out": tile, "in":
    tile} for a tile, or the situation fields that would differ.
    """

    id: str
    reason: str
    change: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    level: str
    kind: str
    data: dict[str, Any]    # the bank entry (see quizzes/bank.schema.json)

    @property
    def hand(self) -> str:
        return self.data["hand"]

    @property
    def situation(self) -> dict[str, Any]:
        return self.data["situation"]

    @property
    def answer(self) -> dict[str, Any]:
        return self.data["answer"]

    @property
    def answer_ids(self) -> list[str]:
        return [f["id"] for f in self.answer["fans"]]

    @property
    def options(self) -> list[str]:
        return self.data.get("options", [])

    @property
    def drill(self) -> list[str]:
        return self.data["drill"]

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Question":
        return cls(data["id"], data["level"], data["kind"], data)

    def in_edition(self, edition: str | None) -> "Question":
        """The question as `edition` of the rules scores it: its answer and what is not
        counted are that edition's where it differs (the bank's `editions`)."""
        other = (self.data.get("editions") or {}).get(edition or "")
        if other is None:
            return self
        explanation = {**self.data["explanation"], "not_counted": other["not_counted"]}
        data = {**self.data, "answer": other["answer"], "default_answer": self.data["answer"], "explanation": explanation}
        if "reading_totals" in other:
            data["readings"] = [{**r, "total": t} for r, t in zip(self.data["readings"], other["reading_totals"])]
        return Question(self.id, self.level, self.kind, data)

    def differs_in(self) -> dict[str, dict[str, Any]]:
        """The answers of the other editions that score the hand differently, by edition."""
        return {edition: other["answer"] for edition, other in (self.data.get("editions") or {}).items()}


# -- making questions ----------------------------------------------------------------------

def _tiles(draft: Draft) -> dict[str, Any]:
    """The hand pre-read for drawing (the browser need not parse the notation)."""
    return {"melds": [{"tiles": [t.text for t in m.tiles], "exposed": m.exposed} for m in draft.melds],
            "concealed": [t.text for t in draft.concealed], "winning": draft.win.text}


def _fans_of(result: rules.ScoreResult) -> list[dict[str, Any]]:
    return [{"id": f.id, "count": f.count, "groups": list(f.groups)} for f in result.fans]


def answer_of(result: rules.ScoreResult, ties: list[rules.ScoreResult] | None = None) -> dict[str, Any]:
    """The answer key of a scored hand; `ties` (rules.score_ties, the result itself
    first) give the other ways of reaching the same total, which a learner may take."""
    answer = {
        "fans": _fans_of(result),
        "total": result.total,
        "total_without_flowers": result.total_without_flowers,
        "valid": result.valid,
        "payments": result.payments.as_dict() if result.payments else None,
        "waits": list(result.waits),
    }
    others = [{"fans": _fans_of(t), "groups": list(t.groups), "winning_group": t.winning_group}
              for t in (ties or [])[1:]]
    if others:
        answer["ties"] = others
    return answer


def scored_answer(table: FanTable, hand: str, situation: dict[str, Any]) -> tuple[dict[str, Any], rules.ScoreResult]:
    """The answer key of a hand by `table`, ties included, with the engine's result."""
    result = rules.score_with_table(table, hand, **situation)
    return answer_of(result, rules.score_ties(hand, table=table, **situation)), result


def not_counted_of(result: rules.ScoreResult, table: FanTable) -> list[dict[str, Any]]:
    """What the hand matches and does not count, and why; `listed` marks an exclusion the
    rules list without the counting fan implying it (rules/exclusion_judgements.py: a bank is
    built only when every exclusion of its table is judged, so any other is implied)."""
    situation = result.situation.as_dict()
    out = []
    for n in result.not_counted:
        entry: dict[str, Any] = {"id": n.id, "principle": n.principle, "by": n.by, "groups": list(n.groups)}
        if n.by and judgement_on_sets(table, n.by, n.id, situation, n.within) == LISTED:
            entry["listed"] = True
        out.append(entry)
    return out


def near_fans(built: BuiltHand, table: FanTable) -> list[Distractor]:
    """Fans the hand would score after one change: one standing tile, or the situation."""
    draft, result = built.draft, built.result
    have = set(result.fan_counts()) | {n.id for n in result.not_counted}
    found: dict[str, dict[str, Any]] = {}

    def note(hand: str, situation: dict[str, Any], change: dict[str, Any]) -> None:
        try:
            other = rules.score_with_table(table, hand, **situation)
        except rules.RulesError:
            return
        for f in other.fans:
            if f.id not in have and not f.bonus:
                found.setdefault(f.id, change)

    for hand, change in tile_changes(draft):
        note(hand, draft.situation.as_dict(), change)
    hand = draft.notation()
    situation = draft.situation.as_dict()
    for change in draw_and_wind_changes(situation):
        note(hand, {**situation, **change, "replacement": False, "robbing_kong": False}, change)
    number = {f.id: f.number for f in table.fans}
    return [Distractor(fan, "near", found[fan]) for fan in sorted(found, key=number.__getitem__)]


def options_for(built: BuiltHand, table: FanTable, rng: random.Random,
                *, header_trap: bool = False) -> tuple[list[str], list[Distractor]]:
    """The options of a fans question: every right fan, then the excluded fans, then
    fans one tile away, up to MAX_OPTIONS; shown in fan-table order. A fan only another
    header would count (Self-Drawn on a discard win) is no option: the header gives it
    away. With `header_trap`, one such fan is offered on purpose when the header decides
    between it and a fan of its family the hand counts (header_fans.trades), if any."""
    result = built.result
    right = [f.id for f in result.fans]
    excluded: list[Distractor] = []
    for n in result.not_counted:
        if n.id not in right and all(d.id != n.id for d in excluded):
            excluded.append(Distractor(n.id, "excluded", {}))
    room = max(MAX_OPTIONS - len(right), MIN_WRONG_OPTIONS)
    near = near_fans(built, table) if header_trap or len(excluded) < room else []
    wrong = _header_traps(built, table, near, rng)[:1] if header_trap else []
    wrong += rng.sample(excluded, min(len(excluded), room - len(wrong)))
    if len(wrong) < room:
        by_tiles = [d for d in near if "out" in d.change]
        wrong += rng.sample(by_tiles, min(len(by_tiles), room - len(wrong)))
    number = {f.id: f.number for f in table.fans}
    options = sorted(right + [d.id for d in wrong], key=number.__getitem__)
    return options, sorted(wrong, key=lambda d: number[d.id])


def _header_traps(built: BuiltHand, table: FanTable, near: list[Distractor], rng: random.Random) -> list[Distractor]:
    """The near fans a changed header counts in place of a fan of their family, shuffled."""
    situation = built.situation
    found = []
    for d in near:
        if "out" in d.change:
            continue
        then = rules.score_with_table(table, built.hand, **{**situation, **d.change, "replacement": False,
                                                            "robbing_kong": False})
        if trades(table, built.result, then, d.id):
            found.append(d)
    rng.shuffle(found)
    return found


def edition_answers(built: BuiltHand, table: FanTable, others: dict[str, FanTable],
                    own: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The answers of the other editions of the rules where they differ from `own`, the
    hand's answer by `table`."""
    found = {}
    mine = not_counted_of(built.result, table)
    for edition, other_table in others.items():
        answer, other = scored_answer(other_table, built.hand, built.situation)
        if answer != own or not_counted_of(other, other_table) != mine:
            found[edition] = {"answer": answer, "not_counted": not_counted_of(other, other_table)}
    return found


def _readings_offered(built: BuiltHand, table: FanTable, rng: random.Random) -> list[dict[str, Any]]:
    """The readings a best-reading question offers: the best ones (ties included), the
    next best (what the best must be told from) and other lower ones, each with the fans
    and total it scores, in a shuffled order."""
    results = rules.score_readings(built.hand, table=table, **built.situation)
    best = results[0].total
    top = [r for r in results if r.total == best][:MAX_READING_OPTIONS - 1]
    lower = [r for r in results if r.total < best]
    nearest = max(r.total for r in lower)
    closest = next(r for r in lower if r.total == nearest)
    rest = [r for r in lower if r is not closest]
    picked = top + [closest] + rng.sample(rest, min(len(rest), MAX_READING_OPTIONS - len(top) - 1))
    rng.shuffle(picked)
    return [{"groups": list(r.groups), "winning_group": r.winning_group, "shape": r.shape, "total": r.total,
             "fans": _fans_of(r)} for r in picked]


def reading_gap(built: BuiltHand, table: FanTable) -> int | None:
    """How many points the best reading of the hand beats the next best by (a best-reading
    question offers both); None when every reading scores the same."""
    totals = sorted({r.total for r in rules.score_readings(built.hand, table=table, **built.situation)}, reverse=True)
    return totals[0] - totals[1] if len(totals) > 1 else None


def kind_fits(kind: str, built: BuiltHand, table: FanTable) -> bool:
    """Whether a question of `kind` can be asked on the hand: payments need a valid win,
    a best reading needs readings that score differently."""
    if kind == "payments":
        return built.result.valid
    if kind == "best_reading":
        results = rules.score_readings(built.hand, table=table, **built.situation)
        return len({r.total for r in results}) > 1
    return True


def make_question(built: BuiltHand, kind: str, qid: str, level: str, table: FanTable,
                  rng: random.Random, others: dict[str, FanTable] | None = None,
                  *, header_trap: bool = False) -> Question:
    """A question on the hand; `others` are the other editions of the rules, whose
    answers the question keeps where they differ. A fans question may set a header trap
    (`header_trap`: see options_for), marked `header_trap` in its data."""
    if kind not in KINDS:
        raise ValueError(f"unknown question kind {kind!r}; kinds: {', '.join(KINDS)}")
    if not kind_fits(kind, built, table):
        needs = "a valid win" if kind == "payments" else "readings that score differently"
        raise ValueError(f"a {kind} question needs {needs}; the hand {built.hand} has none")
    result = built.result
    answer, _ = scored_answer(table, built.hand, built.situation)
    editions = edition_answers(built, table, others or {}, answer)
    alternatives = [r for r in readings(built.draft, table) if r.total < result.total][:MAX_READINGS]
    data: dict[str, Any] = {
        "id": qid, "level": level, "kind": kind,
        "hand": built.hand, "situation": built.situation, "tiles": _tiles(built.draft),
        "answer": answer,
        "explanation": {
            "shape": result.shape, "groups": list(result.groups), "winning_group": result.winning_group,
            "not_counted": not_counted_of(result, table),
            "other_readings": [{"groups": list(r.groups), "total": r.total} for r in alternatives],
        },
    }
    if editions:
        data["editions"] = editions
    drill = [f.id for f in result.fans] + [n.id for n in result.not_counted]
    if kind == "fans":
        options, wrong = options_for(built, table, rng, header_trap=header_trap)
        # The fans of every way to the highest total, in every edition, are options:
        # whichever the learner takes, and whichever edition they score by.
        answers = [answer, *(e["answer"] for e in editions.values())]
        extra = {f["id"] for a in answers for way in [a, *a.get("ties", [])] for f in way["fans"]} - set(options)
        order = {f.id: f.number for t in [table, *(others or {}).values()] for f in t.fans}
        options = sorted(set(options) | extra, key=order.__getitem__)
        data["options"] = options
        data["distractors"] = [{"id": d.id, "reason": d.reason, "change": d.change}
                               for d in wrong if d.id not in extra]
        traps = [d.id for d in wrong if d.reason == "near" and "out" not in d.change and d.id not in extra]
        if traps:
            data["header_trap"] = traps[0]
        drill += [d.id for d in wrong]
    elif kind == "waits":
        # Asked before the winning tile came: the 13 tiles, drawn without it.
        data["waiting"] = {"hand": built.draft.waiting_notation(),
                           "tiles": {**data["tiles"], "winning": None}}
    elif kind == "best_reading":
        data["readings"] = _readings_offered(built, table, rng)
        for edition, other in (others or {}).items():
            # The same readings scored by the other edition, where that changes a total.
            totals = {(tuple(r.groups), r.winning_group): r.total
                      for r in rules.score_readings(built.hand, table=other, **built.situation)}
            theirs = [totals[(tuple(r["groups"]), r["winning_group"])] for r in data["readings"]]
            if theirs != [r["total"] for r in data["readings"]]:
                data.setdefault("editions", {}).setdefault(edition, {"answer": answer, "not_counted": not_counted_of(result, table)})
                data["editions"][edition]["reading_totals"] = theirs
    data["drill"] = list(dict.fromkeys(drill))
    return Question(qid, level, kind, data)


# -- the answer key ------------------------------------------------------------------------

def expected_payments(question: Question) -> tuple[int, ...]:
    """What a payments answer must give: (each,) when self-drawn, else (discarder, others)."""
    p = question.answer["payments"]
    if p is None:
        raise ValueError(f"question {question.id} has no payments: the hand is not a valid win")
    return (p["each"],) if p["self_drawn"] else (p["discarder"], p["others"])
