"""The named mistakes a wrong total or payment is tested against, for one question.

Each mistake changes the total the learner counts (a fan missed, a fan not counted here
counted, the flowers left out, the winds read wrong) or the way the total becomes
payments (the base forgotten, a self-drawn payment shared among the three, the other two
made to pay the total on a discard). Which fans a mistake can concern is read from the
answer key and the fan table, never named here; the winds are tried by scoring the hand
again with them read otherwise (`Rescore`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from rules import FanTable
from rules.tiles import WIND_LETTERS

from .attribution import reviewed

# Scores the question's hand with some situation fields changed: its total and the count
# of each fan it then scores (None when the rules refuse that situation).
Rescore = Callable[[Mapping[str, Any]], "tuple[int, dict[str, int]] | None"]


@dataclass(frozen=True, slots=True)
class Mistake:
    """One named mistake: what it does to the total, the fans it blames, its prior weight."""

    cause: str
    weight: float
    delta: int = 0                          # added to the right total by the mistake
    fan: str | None = None                  # the fan it concerns, if one
    blames: tuple[str, ...] = ()            # reviewed fans it blames
    values: Mapping[str, Any] = field(default_factory=dict)   # what its sentence says (points, winds...)


@dataclass(frozen=True, slots=True)
class PayMode:
    """How the learner turned a total into payments: rightly (cause None) or by a mistake."""

    cause: str | None
    weight: float
    numbers: Callable[[int], "set[tuple[int, ...]]"]


def _fan_mistakes(answer: Mapping[str, Any], table: FanTable, weights: Mapping[str, float],
                  known: Callable[[str], float]) -> list[Mistake]:
    out = []
    for entry in answer["fans"]:
        fan = table.by_id.get(entry["id"])
        if fan is None:
            continue
        count, blamed = entry["count"], ((fan.id,) if reviewed(fan) else ())
        if fan.bonus:
            out.append(Mistake("flowers_forgotten", weights["flowers_forgotten"], -fan.points * count,
                               values={"n": fan.points * count}))
            continue
        values = {"points": fan.points, "count": count}
        out.append(Mistake("fan_missed", weights["fan_missed"] * known(fan.id), -fan.points * count, fan.id,
                           blamed, values))
        if count > 1:
            out.append(Mistake("fan_missed_once", weights["fan_missed_once"] * known(fan.id), -fan.points, fan.id,
                               blamed, values))
        if fan.repeatable:
            out.append(Mistake("fan_added_once", weights["fan_added_once"], fan.points, fan.id, blamed, values))
    return out


def _excluded_mistakes(not_counted: list[Mapping[str, Any]], table: FanTable,
                       weights: Mapping[str, float]) -> list[Mistake]:
    times: dict[str, int] = {}
    by: dict[str, Mapping[str, Any]] = {}
    for entry in not_counted:
        times[entry["id"]] = times.get(entry["id"], 0) + 1
        by.setdefault(entry["id"], entry)
    out = []
    for fan_id, n in times.items():
        fan = table.by_id.get(fan_id)
        if fan is None or fan.bonus:
            continue
        blamed = (fan.id,) if reviewed(fan) else ()
        values = {"points": fan.points, "count": n, "principle": by[fan_id]["principle"], "by": by[fan_id]["by"]}
        out.append(Mistake("excluded_counted", weights["excluded_counted"], fan.points * n, fan.id, blamed, values))
        if n > 1:
            out.append(Mistake("excluded_counted_once", weights["excluded_counted_once"], fan.points, fan.id,
                               blamed, values))
    return out


def _wind_readings(situation: Mapping[str, Any]) -> list[tuple[str, dict[str, str]]]:
    """The winds read otherwise: the seat or the prevalent wind taken for another wind. (The
    two swapped score the same: each wind fan is worth what the other is.)"""
    seat, prevalent = situation["seat_wind"], situation["prevalent_wind"]
    readings: list[tuple[str, dict[str, str]]] = []
    readings += [("wind_misread", {"seat_wind": w}) for w in WIND_LETTERS if w not in (seat, prevalent)]
    readings += [("wind_misread", {"prevalent_wind": w}) for w in WIND_LETTERS if w not in (seat, prevalent)]
    return readings


def _wind_mistakes(answer: Mapping[str, Any], situation: Mapping[str, Any], table: FanTable,
                   weights: Mapping[str, float], rescore: Rescore) -> list[Mistake]:
    right = {f["id"]: f["count"] for f in answer["fans"]}
    out = []
    for cause, change in _wind_readings(situation):
        scored = rescore(change)
        if scored is None or scored[0] == answer["total"]:
            continue
        total, fans = scored
        differ = sorted(f for f in set(fans) | set(right) if fans.get(f, 0) != right.get(f, 0))
        blamed = tuple(f for f in differ if f in table.by_id and reviewed(table.fan(f)))
        out.append(Mistake(cause, weights[cause], total - answer["total"], None, blamed,
                           {**change, "fans": tuple(differ)}))
    return out


def total_mistakes(data: Mapping[str, Any], table: FanTable, weights: Mapping[str, float],
                   known: Callable[[str], float], rescore: Rescore | None) -> list[Mistake]:
    """Every single mistake that changes the total of the question `data` (a bank entry
    as the learner's edition scores it); `known(fan)` scales a fan's "missed" weight."""
    answer = data["answer"]
    found = _fan_mistakes(answer, table, weights, known)
    found += _excluded_mistakes(data["explanation"]["not_counted"], table, weights)
    if rescore is not None:
        found += _wind_mistakes(answer, data["situation"], table, weights, rescore)
    return [m for m in found if m.delta != 0 and m.weight > 0]


def pay_modes(table: FanTable, self_drawn: bool, weights: Mapping[str, float]) -> list[PayMode]:
    """The ways a total becomes payments: the table's settlement, and the named mistakes."""
    settlement = table.settlement
    no_base = dataclasses.replace(settlement, base=0)

    def paid(rule: Any, sd: bool) -> Callable[[int], set[tuple[int, ...]]]:
        def numbers(total: int) -> set[tuple[int, ...]]:
            p = rule.payments(total, sd)
            return {(p.each,)} if sd else {(p.discarder, p.others)}
        return numbers

    modes = [PayMode(None, 1.0, paid(settlement, self_drawn))]
    if self_drawn:
        def shared(total: int) -> set[tuple[int, ...]]:
            p = settlement.payments(total, True)
            payers = p.winner_receives // p.each if p.each else 1
            return {(p.each // payers,), (round(p.each / payers),)}
        # Forgotten base: no base anywhere, or only in the discarder's payment.
        modes += [PayMode("base_forgotten", weights["base_forgotten"], paid(no_base, True)),
                  PayMode("self_drawn_not_times_three", weights["self_drawn_not_times_three"], shared)]
    else:
        def forgot(total: int) -> set[tuple[int, ...]]:
            p, q = no_base.payments(total, False), settlement.payments(total, False)
            return {(p.discarder, p.others), (p.discarder, q.others)}

        def as_drawn(total: int) -> set[tuple[int, ...]]:
            return {(settlement.payments(total, False).discarder, settlement.payments(total, True).each)}
        modes += [PayMode("base_forgotten", weights["base_forgotten"], forgot),
                  PayMode("discard_paid_as_self_drawn", weights["discard_paid_as_self_drawn"], as_drawn)]
    return modes
