"""Fuzz, at the size CI affords (tools/fuzz.py runs the same checks on 100,000+ inputs):
the API answers random hand strings and situation dicts with a result or a RulesError,
never another exception; `mcr score -` answers every random line, in order, without a
traceback, in one process and shared among workers."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import SITUATION_FIELDS
from rules.sampling import sample_hand

from ..conftest import ROOT
from ..fuzz_inputs import ALPHABET, API_KEYWORDS, api_calls, call_is_clean, stream, stream_problems

TABLE = rules.fan_table()
# CI runs the same examples every time; tools/fuzz.py sets MCR_FUZZ_EXAMPLES for a large
# run that explores new ones.
EXAMPLES = int(os.environ.get("MCR_FUZZ_EXAMPLES") or 0)
FUZZ = settings(max_examples=EXAMPLES or 400, deadline=None, derandomize=not EXAMPLES, database=None,
                suppress_health_check=[HealthCheck.too_slow])

# Hypothesis: text from the notation and its look-alikes, or any text at all, or a real
# hand with a few characters changed; situation dicts of any JSON-like values.
_changed_hand = st.builds(
    lambda seed, edits: _edit(sample_hand(random.Random(seed)).hand, edits),
    st.integers(0, 2**32 - 1), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(ALPHABET + "\n")), max_size=4))
hands = st.one_of(st.text(st.sampled_from(ALPHABET), max_size=30), st.text(max_size=20), _changed_hand)
_json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6) | st.sampled_from("ESWNeswn"),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6)
situations = st.dictionaries(st.sampled_from(SITUATION_FIELDS) | st.text(max_size=12).filter(
    lambda k: k not in API_KEYWORDS), _json_like, max_size=4)


def _edit(text: str, edits: list[tuple[int, str]]) -> str:
    for at, char in edits:
        at %= len(text) + 1
        text = text[:at] + char + text[at + 1:]
    return text


@FUZZ
@given(hands, situations)
def test_score_gives_a_result_or_a_rules_error(hand: str, situation: dict) -> None:
    try:
        result = rules.score(hand, **situation)
    except rules.RulesError as err:
        assert str(err)
    else:
        assert result.total >= 0


@FUZZ
@given(hands, situations)
def test_score_readings_give_results_or_a_rules_error(hand: str, situation: dict) -> None:
    try:
        readings = rules.score_readings(hand, table=TABLE, **situation)
    except rules.RulesError as err:
        assert str(err)
    else:
        assert readings and readings[0].total == rules.score(hand, **situation).total


@FUZZ
@given(hands)
def test_parse_hand_and_waits_give_a_hand_or_a_rules_error(text: str) -> None:
    for read in (rules.parse_hand, rules.waits, rules.read_tiles):
        try:
            read(text)
        except rules.RulesError as err:
            assert str(err)


# Seeded: the same inputs every run, from the damaged-real-hand generator.
@pytest.mark.parametrize(("name", "call"), api_calls(TABLE), ids=[name for name, _ in api_calls(TABLE)])
def test_seeded_api_corpus(name: str, call) -> None:
    rng = random.Random(f"fuzz:{name}")
    clean = sum(call_is_clean(call, rng) for _ in range(3000))
    assert 0 < clean < 3000   # both kinds of outcome: the inputs reach past the first check


@pytest.mark.parametrize("workers", [1, 2])
def test_seeded_stream_every_line_answered_in_order(workers: int) -> None:
    data, lines = stream(random.Random(f"fuzz:stream:{workers}"), 4000)
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=data, capture_output=True, cwd=ROOT,
                         env=dict(os.environ, MCR_WORKERS=str(workers)), timeout=300)
    assert run.returncode == 0 and run.stderr == b"", run.stderr.decode(errors="replace")
    assert stream_problems(lines, run.stdout) == []
