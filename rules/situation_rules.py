"""The table's situation rules: which flags bring another, which situations cannot happen.

They are data (the `situations` section of fans.yaml); this module applies them. The
engine refuses an impossible situation before scoring, and the quiz hand builder keeps
only what the engine accepts, so both follow the one declaration.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator

from .context import HandContext
from .errors import SituationError
from .notation import Hand
from .situation import FLAG_NAMES, Situation
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
    flags: tuple[str, ...] = ()  # the situation flags `when` reads, in the order it names them

    def reason(self, lang: str, winning_tile: str) -> str:
        text = self.reasons.get(lang) or self.reasons.get("en") or self.id
        return text.replace("{winning_tile}", winning_tile)


def flags_read(predicate: Any) -> tuple[str, ...]:
    """The situation flags a predicate reads with {var: NAME}, in the order it names them."""
    return tuple(dict.fromkeys(name for name in _variables(predicate) if name in FLAG_NAMES))


def _variables(predicate: Any) -> Iterator[str]:
    if isinstance(predicate, dict):
        for key, value in predicate.items():
            if key == "var" and isinstance(value, str):
                yield value
            else:
                yield from _variables(value)
    elif isinstance(predicate, list):
        for item in predicate:
            yield from _variables(item)


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

    def refusing(self, hand: Hand, situation: Situation,
                 ctx: HandContext | None = None) -> ImpossibleSituation | None:
        """The first rule by which this situation cannot happen with this hand, or None.
        `ctx`: the hand's facts in this situation, when the caller has them already."""
        if not self.checks:
            return None
        if ctx is None:
            ctx = HandContext(hand, None, situation)
        first = _first_impossible(self)(ctx)
        return None if first < 0 else self.impossible[first]

    def problem(self, hand: Hand, situation: Situation, lang: str = "en",
                ctx: HandContext | None = None) -> str | None:
        """The reason this situation cannot happen with this hand, or None."""
        rule = self.refusing(hand, situation, ctx)
        return None if rule is None else rule.reason(lang, hand.winning_tile.text)

    def check(self, hand: Hand, situation: Situation, lang: str = "en", ctx: HandContext | None = None) -> None:
        """SituationError (its message in `lang`) when the situation cannot happen; the
        error names the rule, the flags set that it reads and those another flag brought."""
        rule = self.refusing(hand, situation, ctx)
        if rule is None:
            return
        flags = tuple(name for name in rule.flags if getattr(situation, name))
        raise SituationError(rule.reason(lang, hand.winning_tile.text), "situation_impossible", rule=rule.id,
                             flags=flags, implied=tuple(name for name in flags if name in situation.implied),
                             winning_tile=hand.winning_tile.text)

    def rule(self, rule_id: str) -> ImpossibleSituation:
        return next(r for r in self.impossible if r.id == rule_id)


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
