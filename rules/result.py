"""What scoring returns: frozen values the CLI, the site and the quizzes all read."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from itertools import repeat
from typing import Any

from .situation import Situation
from .values import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class ScoredFan:
    number: int
    id: str
    name: str
    points: int
    count: int
    groups: tuple[str, ...]   # the sets or tiles that make it; empty for a whole-hand fan
    bonus: bool = False        # flowers: added to the total, not to the 8-point minimum

    @property
    def subtotal(self) -> int:
        return self.points * self.count


@quick_init
@dataclass(frozen=True, slots=True)
class NotCounted:
    """A fan the hand matched but does not score, and why (for the quiz's explanations)."""

    number: int
    id: str
    name: str
    points: int
    principle: str            # non_repeat, non_separation, non_identical, account_once
    by: str | None            # the fan that excludes it, for non_repeat
    groups: tuple[str, ...]
    # For non_repeat: whether its sets lie within the sets of a counted match of `by` (what
    # `by` itself makes); None when either is a fan of the whole hand. Told by the sets'
    # places in the reading: two 789m chows have the same text.
    within: bool | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Payments:
    self_drawn: bool
    each: int | None           # self-drawn: what each of the other three pays
    discarder: int | None      # discard win: what the discarder pays
    others: int | None         # discard win: what each of the other two pays
    winner_receives: int

    def as_dict(self) -> dict[str, Any]:
        if self.self_drawn:
            return {"self_drawn": True, "each": self.each, "winner_receives": self.winner_receives}
        return {"self_drawn": False, "discarder": self.discarder, "others": self.others,
                "winner_receives": self.winner_receives}


@quick_init
@dataclass(frozen=True, slots=True)
class ScoreResult:
    hand: str
    situation: Situation
    shape: str
    groups: tuple[str, ...]
    winning_group: str | None
    fans: tuple[ScoredFan, ...]
    not_counted: tuple[NotCounted, ...]
    total: int
    total_without_flowers: int   # the total without the bonus fans (flowers): what the minimum is judged on
    minimum: int
    valid: bool
    payments: Payments | None
    edition: str = ""          # the edition of the rules that scored it
    waits: tuple[str, ...] = ()   # the tiles the hand waited on before the winning tile (edition's settings)
    # What works out the fields left for later (LATER_FIELDS, leave_for_later): many callers
    # read the total only, and the lines of the fans or the waits cost as much as settling
    # the hand. None once every field is worked out (it holds the table's memory of lines),
    # and in a result made by hand, copied or unpickled. as_dict, not dataclasses.asdict,
    # gives the data.
    later: Callable[[str], Any] | None = field(default=None, compare=False, repr=False)

    def __getattr__(self, name: str) -> Any:
        # Python asks here for a name its usual lookup did not find: a field left for later
        # (an empty slot), or no attribute at all.
        if name not in LATER_FIELDS:
            raise AttributeError(f"'ScoreResult' object has no attribute '{name}'")
        try:
            value = self.later(name)  # type: ignore[misc]  # set while a field is left for later
        except AttributeError as err:   # not "no such field": hasattr would hide the fault
            raise RuntimeError(f"working out the result's {name} failed: {err}") from err
        _SET_FIELD[name](self, value)
        if not any(map(_is_empty, LATER_FIELDS, repeat(self))):
            _SET_LATER(self, None)   # nothing left for later: what works fields out can go
        return value

    def fan_counts(self) -> dict[str, int]:
        return {f.id: f.count for f in self.fans}

    def _situation_dict(self) -> dict[str, Any]:
        if self.situation.implied:  # say which flags the table's situation rules set
            return {**self.situation.as_dict(), "implied": list(self.situation.implied)}
        return self.situation.as_dict()

    def as_dict(self) -> dict[str, Any]:
        """The engine's result as data (the scoring contract's fields). What the command line
        and the calculator print is the breakdown (rules.breakdown), which adds why each left
        out fan is left out, from the table in force."""
        return {
            "hand": self.hand,
            "fans": [{"number": f.number, "id": f.id, "name": f.name, "points": f.points, "count": f.count,
                      "groups": list(f.groups)} for f in self.fans],
            "total": self.total,
            "valid": self.valid,
            "payments": self.payments.as_dict() if self.payments else None,
            "shape": self.shape,
            "situation": self._situation_dict(),
            "edition": self.edition,
            "waits": list(self.waits),
            "not_counted": [{"number": n.number, "id": n.id, "name": n.name, "points": n.points,
                             "principle": n.principle, "by": n.by, "groups": list(n.groups)}
                            for n in self.not_counted],
        }


# The fields scoring may leave for later: `hand` (the canonical notation), `waits`, and
# the lines of the fans counted and left out (rules.result_lines).
LATER_FIELDS = frozenset({"hand", "waits", "fans", "not_counted"})
_SET_FIELD = {name: getattr(ScoreResult, name).__set__ for name in LATER_FIELDS}
_EMPTY_FIELD = {name: getattr(ScoreResult, name).__delete__ for name in LATER_FIELDS}
_SLOT = {name: getattr(ScoreResult, name) for name in LATER_FIELDS}


def _is_empty(name: str, result: ScoreResult) -> bool:
    """Whether the field `name` of `result` is still left for later (its slot empty)."""
    try:
        _SLOT[name].__get__(result)
    except AttributeError:
        return True
    return False


def _state_of(result: ScoreResult) -> list[Any]:
    """What pickling keeps of a result: every field worked out, not the function that
    works them out (set after the class is made: the dataclass sets its own)."""
    return [None if f.name == "later" else getattr(result, f.name) for f in fields(result)]


ScoreResult.__getstate__ = _state_of  # type: ignore[method-assign, assignment]


def leave_for_later(result: ScoreResult, names: tuple[str, ...], later: Callable[[str], Any]) -> ScoreResult:
    """`result` with the fields `names` emptied: `later(name)` works each out on first reading."""
    _SET_LATER(result, later)
    for name in names:
        _EMPTY_FIELD[name](result)
    return result


_SET_LATER = ScoreResult.later.__set__   # type: ignore[misc, union-attr]  # the slot's descriptor
