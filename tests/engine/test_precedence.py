"""Precedence among fans comes from the exclusion graph, never from the fan numbers; and an
exclusion, changed, shows in the examples about it and in no others."""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

import rules
from rules.sampling import sample_hands

DATA = rules.read_table_data(rules.DEFAULT_FANS_PATH, "fans.yaml")
TABLE = rules.fan_table()

NEW_FAN = """- number: 82
  id: any_suit
  points: 1
  family: suits
  names: {en: Any Suit, zh: 有数牌, es: "Algún palo", ko: 수패, fr: "Any Suit", ja: 数牌あり}
  summary: {en: "A tile of a suit.", zh: 有数牌。, es: "Una ficha de palo.", ko: "수패가 있다.", fr: "Une tuile numérotée.", ja: 数牌がある。}
  definition: {en: "A tile of a suit.", zh: 有数牌。, es: "Una ficha de palo.", ko: "수패가 있다.", fr: "Une tuile numérotée.", ja: 数牌がある。}
  excludes: [no_honors]
  when: {">=": [{count: {var: suits}}, 1]}
  examples: []
"""


def _table_with(text: str, tmp_path: Path) -> rules.FanTable:
    path = tmp_path / "fans.yaml"
    path.write_text(text, encoding="utf-8")
    return rules.load_fan_table(path)


def test_an_exclusion_of_a_lower_numbered_fan_takes_effect(tmp_path: Path) -> None:
    text = rules.DEFAULT_FANS_PATH.read_text(encoding="utf-8")
    at = text.index("\nrulings:\n") + 1
    table = _table_with(text[:at] + NEW_FAN + text[at:], tmp_path)
    # No Honors (76) applies, and fan 82 excludes it.
    result = rules.score_with_table(table, "[123m][888p]567s34p99s5p")
    assert "any_suit" in result.fan_counts() and "no_honors" not in result.fan_counts()
    assert [(n.principle, n.by) for n in result.not_counted if n.id == "no_honors"] == [("non_repeat", "any_suit")]


def _swapped(a: str, b: str) -> rules.FanTable:
    data = copy.deepcopy(DATA)
    fans = {f["id"]: f for f in data["fans"]}
    fans[a]["number"], fans[b]["number"] = fans[b]["number"], fans[a]["number"]
    return rules.table_from_data(data, "fans.yaml")


@pytest.mark.parametrize(("a", "b"), [
    ("all_simples", "no_honors"),          # the first excludes the second
    ("fully_concealed_hand", "self_drawn"),
    ("big_three_dragons", "dragon_pung"),  # absorbs on its own sets
    ("seven_pairs", "single_wait"),
])
def test_swapping_the_numbers_of_two_fans_changes_no_score(a: str, b: str) -> None:
    swapped = _swapped(a, b)
    requests = [(e.hand, e.situation) for f in TABLE.fans for e in f.examples]
    requests += [(s.hand, s.situation) for s in sample_hands(1500, 10)]
    for hand, situation in requests:
        before = rules.score_with_table(TABLE, hand, **situation)
        after = rules.score_with_table(swapped, hand, **situation)
        assert before.total == after.total, (hand, situation)
        if before.fan_counts() != after.fan_counts():
            # Only a tie between readings may go the other way: the number breaks ties.
            totals = [r.total for r in rules.score_readings(hand, table=TABLE, **situation)]
            assert totals.count(before.total) > 1, (hand, situation)


def _broken_examples(table: rules.FanTable) -> set[tuple[str, int]]:
    """(fan id, example line) of every example whose claims the table does not confirm."""
    broken = set()
    for fan in TABLE.fans:
        for ex in fan.examples:
            result = rules.score_with_table(table, ex.hand, **ex.situation)
            counts = result.fan_counts()
            ok = counts.get(fan.id, 0) == ex.counts
            ok &= all(counts.get(other, 0) == n for other, n in ex.with_fans.items())
            if ex.not_counted is not None:
                ok &= any(n.id == fan.id and n.principle == ex.not_counted.principle and n.by == ex.not_counted.by
                          for n in result.not_counted)
            if ex.total is not None:
                ok &= result.total == ex.total
            if not ok:
                broken.add((fan.id, ex.line))
    return broken


EDGES = [(f.id, t) for f in TABLE.fans for t in f.excludes]


@pytest.mark.parametrize(("fan_id", "target"), random.Random(3).sample(EDGES, 40))
def test_changing_one_exclusion_breaks_only_the_examples_about_it(fan_id: str, target: str) -> None:
    data = copy.deepcopy(DATA)
    raw = next(f for f in data["fans"] if f["id"] == fan_id)
    raw["excludes"] = [t for t in raw["excludes"] if t != target]
    table = rules.table_from_data(data, "fans.yaml", checked=True)
    about = {fan_id, target}
    for owner, line in _broken_examples(table):
        ex = next(e for e in TABLE.fan(owner).examples if e.line == line)
        concerned = {owner, *ex.with_fans} | ({ex.not_counted.by} if ex.not_counted and ex.not_counted.by else set())
        assert concerned & about, (f"fans.yaml line {line}: an example of {owner} broke when {fan_id} stopped "
                                   f"excluding {target}, yet it names neither")
