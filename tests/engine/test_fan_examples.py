"""Every example hand of fans.yaml, scored by the engine: each claim it makes must hold.

An example says how often its fan counts (0: not at all), why not where that is its
point (the fan applies but is excluded, absorbed, or left out by account-once), the
other fans it is about, and the total where the total is the point.
"""
from __future__ import annotations

import pytest

import rules

TABLE = rules.fan_table()
CASES = [(fan, index, example) for fan in TABLE.fans for index, example in enumerate(fan.examples, start=1)]


@pytest.mark.parametrize(("fan", "index", "example"), CASES,
                         ids=[f"{fan.id}-{i}-{'counts' if ex.matches else 'not'}" for fan, i, ex in CASES])
def test_example(fan: rules.Fan, index: int, example: rules.Example) -> None:
    result = rules.score_with_table(TABLE, example.hand, **example.situation)
    where = f"fans.yaml line {example.line}: {example.hand}"
    counts = result.fan_counts()
    assert counts.get(fan.id, 0) == example.counts, where
    listed = [n for n in result.not_counted if n.id == fan.id]
    if example.not_counted is not None:
        assert [n for n in listed if n.principle == example.not_counted.principle
                and n.by == example.not_counted.by], f"{where}: {listed}"
    elif example.counts == 0:
        assert not listed, f"{where}: the fan applies but is not counted; the example should say why"
    for other, count in example.with_fans.items():
        assert counts.get(other, 0) == count, f"{where}: {other}"
    if example.total is not None:
        assert result.total == example.total, where


def test_every_fan_counts_in_two_examples_and_not_in_one() -> None:
    for fan in TABLE.fans:
        counting = [e for e in fan.examples if e.matches]
        assert len(counting) >= 2, fan.id
        assert len(fan.examples) - len(counting) >= 1, fan.id


def test_examples_show_each_kind_of_reason_for_not_counting() -> None:
    # Not counted because another fan excludes it, and because account-once leaves no room.
    # (Non-separation never stands alone here: every combination fan of the table also
    # lists the smaller combinations inside it as not counted, as the rules do.)
    principles = {e.not_counted.principle for f in TABLE.fans for e in f.examples if e.not_counted}
    assert principles >= {"non_repeat", "account_once"}
