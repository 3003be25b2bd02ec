"""A damaged progress document keeps every part that can be read (issue 23, item 10): each
expectation below says by hand which part one damage costs, and nothing else may change."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.daily import Daily
from trainer.habits import Habits
from trainer.mastery import UnitState
from trainer.progress import Progress
from trainer.progress_salvage import salvage_progress
from generator.quizzes.levels import LEVELS
from tests.trainer.support import DAY_ONE

from .test_progress import FAMILIES, FANS, KINDS, _doc, _full, _store

EDITIONS = ["1998", "green-book"]


def _salvage(data: dict | str):
    text = data if isinstance(data, str) else json.dumps(data)
    return salvage_progress(text, FANS, KINDS, LEVELS, FAMILIES, today=DAY_ONE, editions=EDITIONS)


def test_a_sound_document_is_read_whole() -> None:
    found = _salvage(_full().as_data())
    assert found.whole and found.progress == _full() and not found.in_parts


# (one damage, the words of its problem, what the learner loses: a field of Progress and its new value)
DAMAGE = [
    ({"fans__half_flush__memory__due": "2031-02-30"}, "fans.half_flush.memory.due", {"fans": {}}),
    ({"fans__half_flush__right": 2}, "fans.half_flush.right: 2 is more than its seen", {"fans": {}}),
    ({"fans__golden_dragon": {"seen": 0}}, "fans.golden_dragon: no fan of the fan table", {}),
    ({"rules__Bad Id": {}}, 'rules."Bad Id"', {}),
    ({"rules__pung-before-chow__seen": -1}, 'rules."pung-before-chow".seen: -1', {"rules": {}}),
    ({"kinds__total": {"seen": 1, "right": 2}}, "kinds.total.right", "kinds-total"),
    ({"edition": "1997"}, 'edition: "1997" is not an edition', {"edition": None}),
    ({"daily__goal": 0}, "daily.goal", {"daily": Daily()}),
    ({"habits__slips": 5}, "habits.slips", {"habits": Habits()}),
    ({"hands": ["[123m]/11p", "a\nb"]}, "hands[1]", {}),
    ({"units__passed": [3]}, "units.passed[0]", {"units": UnitState()}),
    ({"streak": 3}, "unknown field streak", {}),
]


@pytest.mark.parametrize(("change", "problem", "lost"), DAMAGE)
def test_one_damage_costs_only_its_own_part(change: dict, problem: str, lost: dict | str) -> None:
    found = _salvage(_doc(**change))
    assert found.in_parts and len(found.dropped) == 1 and problem in found.dropped[0], found.dropped
    full = _full()
    if lost == "kinds-total":   # one question kind's tally, the others kept
        lost = {"kinds": {k: v for k, v in full.kinds.items() if k != "total"}}
    assert found.progress == replace(full, **lost)


def test_a_session_count_that_cannot_be_read_becomes_the_latest_the_document_names() -> None:
    data = _doc(session="x")
    latest = max(e["session"] for e in data["history"])
    found = _salvage(data)
    assert found.progress.session == latest and found.progress.history == _full().history
    assert found.progress.fans == _full().fans and found.dropped == ('session: "x" is not a whole number from 0 to 1000000000',)


def test_several_damages_are_each_named_and_the_rest_kept() -> None:
    found = _salvage(_doc(**{"fans__half_flush__memory__due": "x", "daily__goal": 0, "edition": 7}))
    assert len(found.dropped) == 3
    assert found.progress == replace(_full(), fans={}, daily=Daily(), edition=None)


@pytest.mark.parametrize("text", ["{ half", "[]", '{"format": 99}', '{"a": 1, "a": 2}'])
def test_what_is_no_progress_document_keeps_nothing(text: str) -> None:
    found = _salvage(text)
    assert found.progress == Progress() and found.dropped and not found.in_parts


def test_the_terminal_keeps_what_it_can_read_and_the_whole_file_aside(tmp_path: Path) -> None:
    store = _store(tmp_path)
    damaged = json.dumps(_doc(**{"habits__slips": 5}))
    store.path.write_text(damaged, encoding="utf-8")
    loaded = store.load()
    assert loaded.salvaged and loaded.progress == replace(_full(), habits=Habits())
    assert loaded.kept_as is not None and loaded.kept_as.read_text(encoding="utf-8") == damaged
    assert loaded.notice == "progress_salvaged"
    store.update(lambda p: p)
    assert store.load().progress == replace(_full(), habits=Habits()) and store.load().damaged is None
