"""The table's situation rules: which flags bring another, which situations cannot happen.

They are data (the `situations` section of fans.yaml); this module applies them. The
engine refuses an impossible situation before scoring, and the quiz hand builder keeps
only what the engine accepts, so both follow the one declaration.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from .context import HandContext
from .errors import SituationError
from .notation import Hand
from .situation import Situation
from .vocabulary import RUNTIME_HELPERS, predicate_source


@dataclass(frozen=True, slots=True)
class Implication:
    flag: str      # when this flag is set...
    brings: str    # ...this one is set too, unless the caller gave it


@dataclass(frozen=True, slots=True)
class ImpossibleSituation:
    id: str
    when: Any                    # the predicate, as written in the table
    reasons: dict[str, str]      # per language; "{winning_tile}" names the winning tile
    line: int

    def reason(self, lang: str, hand: Hand) -> str:
        text = self.reasons.get(lang) or self.reasons.get("en") or self.id
        return text.replace("{winning_tile}", hand.winning_tile.text)


@dataclass(frozen=True, slots=True)
class SituationRules:
    implications: tuple[Implication, ...] = ()
    impossible: tuple[ImpossibleSituation, ...] = ()
    checks: tuple[Callable[[HandContext], Any], ...] = ()  # the compiled `when` of each impossible one

    def complete(self, values: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The situation values with the implied flags set (those the caller left out),
        and the names of the flags set that way."""
        implied: list[str] = []
        for rule in self.implications:
            if values.get(rule.flag) is True and values.get(rule.brings) is None:
                values = {**values, rule.brings: True}
                implied.append(rule.brings)
        return values, tuple(implied)

    def problem(self, hand: Hand, situation: Situation, lang: str = "en",
                ctx: HandContext | None = None) -> str | None:
        """The reason this situation cannot happen with this hand, or None. `ctx`: the
        hand's facts in this situation, when the caller has them already."""
        if not self.checks:
            return None
        if ctx is None:
            ctx = HandContext(hand, None, situation)
        first = _first_impossible(self)(ctx)
        return None if first < 0 else self.impossible[first].reason(lang, hand)

    def check(self, hand: Hand, situation: Situation, lang: str = "en", ctx: HandContext | None = None) -> None:
        problem = self.problem(hand, situation, lang, ctx)
        if problem is not None:
            raise SituationError(problem)


# The situation rules' conditions glued into one function per table (as the fan program
# glues the fans'): checked on every hand, one call instead of one per rule.
_COMBINED: dict[int, tuple[tuple, Callable[[HandContext], int]]] = {}
_COMBINED_LIMIT = 64


def _first_impossible(rules: SituationRules) -> Callable[[HandContext], int]:
    """The index of the first impossible situation whose condition holds, or -1."""
    entry = _COMBINED.get(id(rules.checks))
    if entry is not None and entry[0] is rules.checks:
        return entry[1]
    namespace: dict[str, Any] = dict(RUNTIME_HELPERS)
    lines = ["def _first(h):"]
    for i, rule in enumerate(rules.impossible):
        source, constants = predicate_source(rule.when, f"situation {rule.id}: when", False, f"_r{i}_")
        namespace.update(constants)
        lines += [f"    if {source}:", f"        return {i}"]
    exec(compile("\n".join(lines + ["    return -1"]), "<situation rules>", "exec"), namespace)  # noqa: S102
    if len(_COMBINED) >= _COMBINED_LIMIT:
        _COMBINED.clear()
    _COMBINED[id(rules.checks)] = (rules.checks, namespace["_first"])  # the checks kept: their id stays theirs
    return namespace["_first"]


def with_implied(situation: Situation, implied: tuple[str, ...]) -> Situation:
    return replace(situation, implied=implied) if implied else situation
