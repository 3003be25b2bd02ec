"""rules.values.quick_init: the same values as a dataclass's own __init__, still frozen."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from rules.result import NotCounted, Payments, ScoredFan, ScoreResult
from rules.shapes import Reading
from rules.situation import Situation
from rules.values import quick_init


def test_quick_init_sets_every_field_and_default() -> None:
    fan = ScoredFan(1, "big_four_winds", "Big Four Winds", 88, 1, ("EEE",))
    assert (fan.number, fan.id, fan.name, fan.points, fan.count, fan.groups, fan.bonus) == (
        1, "big_four_winds", "Big Four Winds", 88, 1, ("EEE",), False)
    assert fan == ScoredFan(number=1, id="big_four_winds", name="Big Four Winds", points=88, count=1,
                            groups=("EEE",), bonus=False)
    assert ScoredFan(1, "a", "A", 1, 1, (), bonus=True).bonus is True
    with pytest.raises(TypeError):
        ScoredFan(1, "a", "A", 1)  # type: ignore[call-arg]  # missing fields still fail


def test_values_stay_frozen_hashable_and_picklable() -> None:
    payments = Payments(True, 16, None, None, 48)
    with pytest.raises(dataclasses.FrozenInstanceError):
        payments.each = 1  # type: ignore[misc]
    assert hash(payments) == hash(Payments(True, 16, None, None, 48))
    result = ScoreResult("11m", Situation(), "standard", ("11m",), None, (), (), 8, 8, 8, True, payments)
    assert pickle.loads(pickle.dumps(result)) == result
    reading = Reading("standard", ())
    assert pickle.loads(pickle.dumps(reading)) == reading
    assert NotCounted(1, "a", "A", 1, "non_repeat", None, ()).by is None


def test_quick_init_refuses_what_it_cannot_copy() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="__post_init__"):
        quick_init(Checked)

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithFactory:
        items: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="plain fields"):
        quick_init(WithFactory)
