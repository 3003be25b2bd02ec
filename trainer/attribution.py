"""Which fan an answer shows the learner knows, or does not: credit and blame per fan.

The trainer uses this module for two things: which fans take part in review at all
(`reviewed`: not flowers, nor the fans that depend only on the winning situation), and the
outcomes of a "which fans count?" answer (a right fan ticked is credited, a right fan
missed is blamed, a wrong option ticked is blamed; a wrong option left alone says
nothing). A wrong total or payment is diagnosed by trainer/diagnosis.py, which blames only
the fan a likely named mistake names (trainer/answer_record.py puts both together).

`attribute()` also models a total or payment on its own (the tests' simulated learners
and the learner model's checks use it): the fewest
mistakes whose points explain the difference between the learner's total and the right
one are looked for; a fan in every such explanation is blamed, a fan in some of them only
is doubted, the other counted fans are credited weakly; when no few mistakes explain it,
each counted fan is doubted. Flowers and situational fans never get an outcome.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations_with_replacement
from typing import Any, Callable, Iterable, Iterator, Mapping

from rules import SITUATION_FIELDS, Fan, FanTable

from .learner_settings import LearnerSettings


class Verdict(str, Enum):
    CREDIT = "credit"   # the learner showed they know the fan
    WEAK = "weak"       # ...a right total: less proof than ticking the fan
    DOUBT = "doubt"     # a wrong total this fan may explain, as may others: a weak blame
    BLAME = "blame"     # the learner got the fan wrong


@dataclass(frozen=True, slots=True)
class FanFacts:
    """What attribution needs of a fan: its points, family, and whether it is reviewed."""

    points: int
    family: str
    reviewed: bool


@dataclass(frozen=True, slots=True)
class FanOutcome:
    fan: str
    verdict: Verdict
    family: str

    @property
    def right(self) -> bool:
        return self.verdict in (Verdict.CREDIT, Verdict.WEAK)

    @property
    def evidence(self) -> bool:
        """Whether it says the fan itself was right or wrong (a doubt does not)."""
        return self.verdict is not Verdict.DOUBT


# -- which fans are reviewed ------------------------------------------------------------

def _names_read(node: Any) -> Iterator[str]:
    """Every name a predicate reads with `var` (a fact of the hand or of an item)."""
    if isinstance(node, dict):
        for operator, argument in node.items():
            if operator == "var" and isinstance(argument, str):
                yield argument.removeprefix("hand.")
            else:
                yield from _names_read(argument)
    elif isinstance(node, list):
        for item in node:
            yield from _names_read(item)


def situational(fan: Fan) -> bool:
    """True when the fan depends on the winning situation alone: it looks at no set, and
    its predicate reads nothing but situation fields (a chicken hand reads nothing, and
    depends on every other fan: it is not situational)."""
    if fan.sets_from is not None:
        return False
    read = set(_names_read(fan.when)) | set(_names_read(fan.count))
    return bool(read) and read <= set(SITUATION_FIELDS)


def reviewed(fan: Fan) -> bool:
    """Whether the fan takes part in review: neither a bonus nor a situational fan."""
    return not fan.bonus and not situational(fan)


def fan_facts(tables: Iterable[FanTable]) -> dict[str, FanFacts]:
    """The facts of every fan of these tables (editions of the rules), by id: points and
    family from the first table that has the fan (give the edition the learner scores by
    first). A fan left out of review in one edition is left out in all, so the boxes mean
    the same."""
    facts: dict[str, FanFacts] = {}
    for table in tables:
        for fan in table.fans:
            old = facts.get(fan.id)
            if old is None:
                facts[fan.id] = FanFacts(fan.points, fan.family, reviewed(fan))
            elif old.reviewed and not reviewed(fan):
                facts[fan.id] = FanFacts(old.points, old.family, False)
    return facts


# -- attribution ----------------------------------------------------------------------------

Attributor = Callable[[Mapping[str, Any], Any, Mapping[str, FanFacts], LearnerSettings, Mapping[str, Any]],
                      list[tuple[str, Verdict]]]


def _fans_question(data: Mapping[str, Any], response: Any, facts: Mapping[str, FanFacts],
                   settings: LearnerSettings, answer: Mapping[str, Any]) -> list[tuple[str, Verdict]]:
    picked = set(response or ())
    right = {f["id"] for f in answer["fans"]}
    out = []
    for fan in data.get("options", []):
        if fan in right:
            out.append((fan, Verdict.CREDIT if fan in picked else Verdict.BLAME))
        elif fan in picked:
            out.append((fan, Verdict.BLAME))
    return out


def implied_total(data: Mapping[str, Any], response: Any, answer: Mapping[str, Any]) -> int | None:
    """The total a response stands for: the number given for a total; for payments, the
    total the winner's payment from the discarder (or from each, when self-drawn) implies,
    the payment being the total plus a base read off the answer key. None when the
    response gives no total."""
    if data["kind"] == "total":
        return response if type(response) is int else None
    payments = answer.get("payments")
    if payments is None or response is None or not all(type(v) is int for v in response):
        return None
    paid = payments["each"] if payments["self_drawn"] else payments["discarder"]
    if len(response) != (1 if payments["self_drawn"] else 2):
        return None
    return response[0] - (paid - answer["total"])


def explanations(difference: int, items: list[tuple[str, int, int]], most: int) -> list[tuple[str, ...]]:
    """The fewest mistakes whose points add up to `difference`: each item is (fan, points
    it adds when made, how many times it can be made); an explanation lists the fans of
    one way, a fan repeated for each time. [] when no `most` mistakes or fewer add up."""
    for size in range(1, most + 1):
        found = []
        for combo in combinations_with_replacement(range(len(items)), size):
            if any(combo.count(i) > items[i][2] for i in set(combo)):
                continue
            if sum(items[i][1] for i in combo) == difference:
                found.append(tuple(items[i][0] for i in combo))
        if found:
            return found
    return []


def _points_question(data: Mapping[str, Any], response: Any, facts: Mapping[str, FanFacts],
                     settings: LearnerSettings, answer: Mapping[str, Any]) -> list[tuple[str, Verdict]]:
    given = implied_total(data, response, answer)
    if given is None:
        return []
    counted = [(f["id"], f["count"]) for f in answer["fans"] if f["id"] in facts]
    suspects: set[str] = set()   # in some explanation of the error
    if given != answer["total"]:
        items = [(fan, -facts[fan].points, count) for fan, count in counted]
        tempting: dict[str, int] = {}
        for n in data["explanation"]["not_counted"]:
            if n["id"] in facts:
                tempting[n["id"]] = tempting.get(n["id"], 0) + 1
        items += [(fan, facts[fan].points, times) for fan, times in tempting.items()]
        found = explanations(given - answer["total"], items, settings.most_mistakes)
        if not found:
            return [(fan, Verdict.DOUBT) for fan, _ in counted]
        suspects = {fan for way in found for fan in way}
        certain = set.intersection(*(set(way) for way in found))
    else:
        certain = set()
    out = [(fan, Verdict.BLAME if fan in certain else Verdict.DOUBT) for fan in sorted(suspects)]
    out += [(fan, Verdict.WEAK) for fan, _ in counted if fan not in suspects]
    return out


# The kinds whose responses say something about single fans; any other kind (valid?, and
# new kinds without fans) records no fan outcome. A new kind whose response picks fans
# among `options` can use _fans_question.
ATTRIBUTORS: dict[str, Attributor] = {"fans": _fans_question, "total": _points_question,
                                      "payments": _points_question}


def attribute(data: Mapping[str, Any], response: Any, facts: Mapping[str, FanFacts], settings: LearnerSettings,
              answer: Mapping[str, Any] | None = None) -> tuple[FanOutcome, ...]:
    """The per-fan outcomes of `response` to the question `data` (a bank entry, as the
    chosen edition scores it), one per fan, reviewed fans only. `response` is what
    questions.grade() takes. `answer` is the accepted answer the response was graded
    against when the rules accept several (default: the question's own)."""
    attributor = ATTRIBUTORS.get(data["kind"])
    if attributor is None:
        return ()
    verdicts: dict[str, Verdict] = {}
    for fan, verdict in attributor(data, response, facts, settings, answer or data["answer"]):
        if fan in facts and facts[fan].reviewed and verdicts.get(fan) is not Verdict.BLAME:
            verdicts[fan] = verdict   # a fan met twice keeps a blame
    return tuple(FanOutcome(fan, verdict, facts[fan].family) for fan, verdict in verdicts.items())
