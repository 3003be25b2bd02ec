"""Every example hand of fans.yaml, scored by the engine: the complete fan list must agree."""
from __future__ import annotations

import pytest

import rules

TABLE = rules.fan_table()
CASES = [(fan, index, example) for fan in TABLE.fans for index, example in enumerate(fan.examples, start=1)]


@pytest.mark.parametrize(("fan", "index", "example"), CASES,
                         ids=[f"{fan.id}-{'match' if ex.matches else 'nomatch'}-{i}" for fan, i, ex in CASES])
def test_example(fan: rules.Fan, index: int, example) -> None:
    result = rules.score_with_table(TABLE, example.hand, **example.situation)
    counts = result.fan_counts()
    assert (fan.id in counts) == example.matches, (
        f"fans.yaml line {example.line}: {example.hand} should {'' if example.matches else 'not '}score {fan.id}")
    assert counts == example.fans, f"fans.yaml line {example.line}: {example.hand}"
    if example.total is not None:
        assert result.total == example.total


def test_every_fan_has_two_matching_and_one_other_example() -> None:
    for fan in TABLE.fans:
        matching = [e for e in fan.examples if e.matches]
        assert len(matching) >= 2, fan.id
        assert len(fan.examples) - len(matching) >= 1, fan.id


def test_every_fan_is_scored_by_some_example() -> None:
    scored = set()
    for fan in TABLE.fans:
        for example in fan.examples:
            scored |= set(example.fans)
    assert scored == {f.id for f in TABLE.fans}
