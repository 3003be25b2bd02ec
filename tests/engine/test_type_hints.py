"""The engine's type hints agree with its code.

mypy, with the project's settings (pyproject.toml, [tool.mypy]), finds nothing in rules/:
a hint that says one thing while the code stores another misleads whoever reads it. The
facts a HandContext stores in its dictionary are out of mypy's sight, so their declared
types are checked here on the values of real hands."""
from __future__ import annotations

import gc
import types
import typing
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.context import READING_FACTS, HandContext
from rules.notation import parse_hand
from rules.sampling import sample_hands
from rules.scoring import situation_for
from rules.shapes import readings_of

from ..conftest import ROOT

api = pytest.importorskip("mypy.api", reason="mypy is a test dependency: pip install -e '.[test]'")

# The facts of a reading that take_reading stores (the others, pair and wait, are worked
# out when read: properties of the class).
STORED_READING_FACTS = frozenset(name for name in READING_FACTS if not hasattr(HandContext, name))
SHAPES = ["1m9m1p9p1s9sESWNCFP9s", "1122m3344p5566s7s7s", "147m258p369sESWNC", "[1111m][2222p]333444s5s5s"]   # orphans, pairs, knitted, kongs


def test_mypy_finds_nothing_in_the_engine(tmp_path: Path) -> None:
    # mypy raises the garbage collector's thresholds for its own run and leaves them so (and
    # switches it off and on);
    # the tests that come after it in this process (the memories' collections) need them back.
    thresholds, enabled = gc.get_threshold(), gc.isenabled()
    try:
        report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                                          str(tmp_path), str(ROOT / "rules")])
    finally:
        gc.set_threshold(*thresholds)
        if enabled:
            gc.enable()
    assert status == 0, report + errors


def _fits(value: Any, hint: Any) -> bool:
    """Whether `value` is of type `hint`, for the forms HandContext declares."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, one) for one in args)
    if hint is type(None):
        return value is None
    if origin is tuple:   # tuple[X, ...]
        return isinstance(value, tuple) and all(_fits(item, args[0]) for item in value)
    if origin is frozenset:
        return isinstance(value, frozenset) and all(_fits(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_the_facts_a_context_stores_are_of_their_declared_types() -> None:
    table = rules.fan_table(None, "green-book")
    declared = typing.get_type_hints(HandContext)
    assert STORED_READING_FACTS | {"reading"} <= set(declared)
    hands = [(s.hand, s.situation) for s in sample_hands(200, 31)]
    hands += [(text, {"self_drawn": True, "flowers": 3}) for text in SHAPES]
    for text, values in hands:
        hand = parse_hand(text)
        situation = situation_for(table, **values)
        bare = HandContext(hand, None, situation)
        for name, hint in declared.items():
            if name not in STORED_READING_FACTS:   # no reading yet: only the hand's facts are stored
                assert _fits(bare.__dict__[name], hint), (text, name, bare.__dict__[name])
        for reading in readings_of(hand, situation.self_drawn):
            stored = HandContext(hand, reading, situation).__dict__
            for name, hint in declared.items():
                assert _fits(stored[name], hint), (text, name, stored[name])
