"""How well the trainer diagnoses wrong totals and payments: simulated learners.

    .venv/bin/python benchmarks/diagnosis_benchmark.py [--learners 30] [--questions 60] [--seed 1]

Each simulated learner answers total and payments questions of the committed banks with
habits the benchmark knows, and the trainer diagnoses every wrong number through its own
pipeline (trainer/answer_record.py), its priors following the learner's progress day by
day. Three populations:

- known: one named habit each (base forgotten, flowers left out, one fan never counted,
  one fan counted where it is not, a wind pung's wind taken for the seat wind, a
  self-drawn payment shared among the three, the others made to pay the total on a
  discard);
- mixed: two named habits each;
- unnamed: habits no named mistake describes (slips of a few points, flowers counted
  twice, a base of 10, the biggest fan alone counted).

Every learner also slips now and then. For each population the report gives the wrong
numbers, the share the trainer diagnosed, how often a diagnosis named the true cause
(target: 90% or more of the diagnosed ones) and how often it blamed a fan wrongly (target:
5% or less of the wrong numbers). Exit status 1 when the overall figures miss a target.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from generator.quizzes.banks import bank_path, load_bank  # noqa: E402
from generator.quizzes.levels import LEVELS  # noqa: E402
from generator.quizzes.questions import Question  # noqa: E402
from trainer.answer_record import priors_of, record_of  # noqa: E402
from trainer.attribution import fan_facts, reviewed  # noqa: E402
from trainer.grading import grade  # noqa: E402
from trainer.learner_settings import learner_settings  # noqa: E402
from trainer.progress import Progress  # noqa: E402
from trainer.rescoring import rescorer  # noqa: E402

PRECISION_TARGET = 0.90
WRONG_BLAME_TARGET = 0.05
FIRES = 0.85          # a habit shows on this share of the questions it applies to
SLIPS = 0.04          # every learner slips on this share of questions
PER_DAY = 20
UNNAMED = ("unnamed", None)
Truth = tuple[tuple[str, Any], ...]


@dataclass
class Counted:
    """A learner's count of a hand, as their habits make it."""

    total: int
    truth: list[tuple[str, Any]] = field(default_factory=list)
    blame: set[str] = field(default_factory=set)    # fans a right diagnosis of it would blame


@dataclass(frozen=True)
class Habit:
    name: str
    on_total: Callable[[Question, Counted, random.Random], None] | None = None
    on_payments: Callable[[Question, int, random.Random], tuple[tuple[int, ...], Any] | None] | None = None


def _counts(q: Question) -> dict[str, int]:
    return {f["id"]: f["count"] for f in q.answer["fans"]}


def _reviewed(fan: str) -> set[str]:
    table = rules.fan_table()
    return {fan} if fan in table.by_id and reviewed(table.fan(fan)) else set()


def flowers_forgotten(q: Question, c: Counted, rng: random.Random) -> None:
    table = rules.fan_table()
    flowers = sum(table.fan(f).points * n for f, n in _counts(q).items() if table.fan(f).bonus)
    if flowers:
        c.total -= flowers
        c.truth.append(("flowers_forgotten", None))


def blind_to(fan: str) -> Callable[[Question, Counted, random.Random], None]:
    def apply(q: Question, c: Counted, rng: random.Random) -> None:
        n = _counts(q).get(fan, 0)
        if n:
            c.total -= rules.fan_table().fan(fan).points * n
            c.truth.append(("fan_missed", fan))
            c.blame |= _reviewed(fan)
    return apply


def counts_excluded(fan: str) -> Callable[[Question, Counted, random.Random], None]:
    def apply(q: Question, c: Counted, rng: random.Random) -> None:
        n = sum(1 for e in q.data["explanation"]["not_counted"] if e["id"] == fan)
        if n:
            c.total += rules.fan_table().fan(fan).points * n
            c.truth.append(("excluded_counted", fan))
            c.blame |= _reviewed(fan)
    return apply


def wind_misread(q: Question, c: Counted, rng: random.Random) -> None:
    """Takes the wind of a wind pung of the hand for their seat wind."""
    s = q.situation
    winds = [t for t in set(q.data["explanation"]["groups"]) if len(t) == 3 and t[0] in "ESWN" and t == t[0] * 3]
    others = [w[0] for w in winds if w[0] not in (s["seat_wind"], s["prevalent_wind"])]
    if not others:
        return
    scored = rescorer(q.hand, s, rules.fan_table())({"seat_wind": others[0]})
    if scored is None or scored[0] == q.answer["total"]:
        return
    right = _counts(q)
    c.total += scored[0] - q.answer["total"]
    c.truth.append(("wind_misread", None))
    for fan in set(right) | set(scored[1]):
        if right.get(fan, 0) != scored[1].get(fan, 0):
            c.blame |= _reviewed(fan)


def _settled(total: int, self_drawn: bool, base: int) -> tuple[int, ...]:
    p = rules.fan_table().settlement
    from dataclasses import replace
    paid = replace(p, base=base).payments(total, self_drawn)
    return (paid.each,) if self_drawn else (paid.discarder, paid.others)


def base_forgotten(q: Question, total: int, rng: random.Random) -> tuple[tuple[int, ...], Any]:
    numbers = _settled(total, q.answer["payments"]["self_drawn"], 0)
    return numbers, ("base_forgotten", None)


def self_drawn_shared(q: Question, total: int, rng: random.Random) -> tuple[tuple[int, ...], Any] | None:
    if not q.answer["payments"]["self_drawn"]:
        return None
    return (_settled(total, True, rules.fan_table().settlement.base)[0] // 3,), ("self_drawn_not_times_three", None)


def others_pay_total(q: Question, total: int, rng: random.Random) -> tuple[tuple[int, ...], Any] | None:
    if q.answer["payments"]["self_drawn"]:
        return None
    base = rules.fan_table().settlement.base
    return (_settled(total, False, base)[0], _settled(total, True, base)[0]), ("discard_paid_as_self_drawn", None)


# -- habits no named mistake describes -----------------------------------------------------

def slip(q: Question, c: Counted, rng: random.Random) -> None:
    c.total += rng.choice([d for d in range(-6, 7) if d])
    c.truth.append(UNNAMED)


def flowers_twice(q: Question, c: Counted, rng: random.Random) -> None:
    table = rules.fan_table()
    flowers = sum(table.fan(f).points * n for f, n in _counts(q).items() if table.fan(f).bonus)
    if flowers:
        c.total += flowers
        c.truth.append(UNNAMED)


def biggest_only(q: Question, c: Counted, rng: random.Random) -> None:
    table = rules.fan_table()
    c.total = max(table.fan(f).points for f in _counts(q))
    c.truth.append(UNNAMED)


def base_of_ten(q: Question, total: int, rng: random.Random) -> tuple[tuple[int, ...], Any]:
    return _settled(total, q.answer["payments"]["self_drawn"], 10), UNNAMED


@dataclass
class Learner:
    habits: list[Habit]
    progress: Progress = field(default_factory=Progress)


def respond(q: Question, learner: Learner, rng: random.Random) -> tuple[Any, Truth]:
    """The learner's answer to a total or payments question, and what truly caused it."""
    counted = Counted(q.answer["total"])
    for habit in learner.habits:
        if habit.on_total and rng.random() < FIRES:
            habit.on_total(q, counted, rng)
    if rng.random() < SLIPS:
        slip(q, counted, rng)
    truth = list(counted.truth)
    if q.kind == "total":
        return max(0, counted.total), tuple(truth)
    numbers = None
    for habit in learner.habits:
        if habit.on_payments and rng.random() < FIRES:
            made = habit.on_payments(q, counted.total, rng)
            if made is not None:
                numbers, cause = made
                truth.append(cause)
                break
    if numbers is None:
        numbers = _settled(counted.total, q.answer["payments"]["self_drawn"], rules.fan_table().settlement.base)
    return tuple(numbers), tuple(truth)


@dataclass
class Tally:
    wrong: int = 0
    diagnosed: int = 0
    right_cause: int = 0
    wrong_blame: int = 0

    def add(self, other: "Tally") -> None:
        self.wrong += other.wrong
        self.diagnosed += other.diagnosed
        self.right_cause += other.right_cause
        self.wrong_blame += other.wrong_blame

    @property
    def precision(self) -> float:
        return self.right_cause / self.diagnosed if self.diagnosed else 1.0

    @property
    def wrong_blame_rate(self) -> float:
        return self.wrong_blame / self.wrong if self.wrong else 0.0

    @property
    def coverage(self) -> float:
        return self.diagnosed / self.wrong if self.wrong else 0.0


def _judge(recorded: Any, truth: Truth, blame: set[str], tally: Tally) -> None:
    tally.wrong += 1
    diagnosis = recorded.diagnosis
    likely = diagnosis.likely if diagnosis else None
    if likely is None:
        return
    tally.diagnosed += 1
    named = sorted((m.cause, m.fan) for m in likely.mistakes)
    if UNNAMED not in truth and named == sorted(truth, key=lambda t: (t[0], t[1] or "")):
        tally.right_cause += 1
    if set(likely.blames) - blame:
        tally.wrong_blame += 1


def run_learner(learner: Learner, pool: list[Question], count: int, rng: random.Random) -> Tally:
    table, settings = rules.fan_table(), learner_settings()
    facts = fan_facts([table])
    tally = Tally()
    start = date(2026, 1, 1)
    for n in range(count):
        day = start + timedelta(days=n // PER_DAY)
        q = rng.choice(pool)
        response, truth = respond(q, learner, rng)
        correct = grade(q, response).correct
        # The blame a right diagnosis would make: worked out from the habits, not the diagnosis.
        blame: set[str] = set()
        for habit in learner.habits:
            if habit.on_total:
                probe = Counted(q.answer["total"])
                habit.on_total(q, probe, random.Random(0))
                if any(t in truth for t in probe.truth):
                    blame |= probe.blame
        recorded = record_of(q, response, correct, again=False, level=None, facts=facts, settings=settings,
                             table=table, priors=priors_of(learner.progress, day),
                             rescore=rescorer(q.hand, q.situation, table))
        learner.progress = learner.progress.record(recorded.answer, day)
        if not correct:
            _judge(recorded, truth, blame, tally)
    return tally


def _named_habits(pool: list[Question], rng: random.Random) -> list[Habit]:
    """One habit of each named kind; the fans ones pick a fan the pool asks often."""
    table = rules.fan_table()
    counted = [f["id"] for q in pool for f in q.answer["fans"]
               if reviewed(table.fan(f["id"])) and not table.fan(f["id"]).bonus]
    excluded = [e["id"] for q in pool for e in q.data["explanation"]["not_counted"] if reviewed(table.fan(e["id"]))]
    return [Habit("base_forgotten", on_payments=base_forgotten),
            Habit("flowers_forgotten", on_total=flowers_forgotten),
            Habit("fan_missed", on_total=blind_to(rng.choice(counted))),
            Habit("excluded_counted", on_total=counts_excluded(rng.choice(excluded))),
            Habit("wind_misread", on_total=wind_misread),
            Habit("self_drawn_shared", on_payments=self_drawn_shared),
            Habit("others_pay_total", on_payments=others_pay_total)]


def _unnamed_habits() -> list[Habit]:
    return [Habit("slips", on_total=slip), Habit("flowers_twice", on_total=flowers_twice),
            Habit("biggest_only", on_total=biggest_only), Habit("base_of_ten", on_payments=base_of_ten)]


def population(kind: str, pool: list[Question], rng: random.Random) -> Learner:
    if kind == "known":
        return Learner([rng.choice(_named_habits(pool, rng))])
    if kind == "mixed":
        first, second = rng.sample(_named_habits(pool, rng), 2)
        return Learner([first, second])
    return Learner([rng.choice(_unnamed_habits())])


def questions() -> list[Question]:
    return [q for level in LEVELS for q in load_bank(bank_path(level)).questions if q.kind in ("total", "payments")]


def run(learners: int, count: int, seed: int) -> dict[str, Tally]:
    """The tallies of each population and of all (key "all")."""
    pool = questions()
    rng = random.Random(seed)
    out: dict[str, Tally] = {}
    overall = Tally()
    for kind in ("known", "mixed", "unnamed"):
        tally = Tally()
        for _ in range(learners):
            tally.add(run_learner(population(kind, pool, rng), pool, count, rng))
        out[kind] = tally
        overall.add(tally)
    out["all"] = overall
    return out


def meets_targets(tally: Tally) -> bool:
    return tally.precision >= PRECISION_TARGET and tally.wrong_blame_rate <= WRONG_BLAME_TARGET


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30, help="learners per population")
    parser.add_argument("--questions", type=int, default=60, help="questions each learner answers")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tallies = run(args.learners, args.questions, args.seed)
    print(f"{'population':<10} {'wrong':>6} {'diagnosed':>10} {'right cause':>12} {'wrong blame':>12}")
    for kind, t in tallies.items():
        print(f"{kind:<10} {t.wrong:>6} {t.coverage:>10.1%} {t.precision:>12.1%} {t.wrong_blame_rate:>12.1%}")
    print(f"targets: right cause >= {PRECISION_TARGET:.0%} of the diagnosed, wrong blame <= "
          f"{WRONG_BLAME_TARGET:.0%} of the wrong numbers")
    return 0 if meets_targets(tallies["all"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
