"""The calculator's discard analysis on CPython (generator/site/calculator_engine.py, the
code the page's worker runs under Pyodide): a 14-tile hand that is not a win gets every
discard, best first; a 13-tile hand that waits on no tile gets its shanten and useful
tiles; a ready hand keeps its scored waits. The expected figures are worked out by hand
from the hands (see each test), not copied from the engine."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from generator.site import calculator_engine as engine
from generator.site.calculator_assets import table_json
from generator.site.site_data import load_site_data

ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"]


@pytest.fixture(scope="module")
def loaded() -> Iterator[None]:
    engine.forget_tables()   # the site's table the default, whatever another test file loaded
    engine.load_table(table_json(load_site_data()).decode("utf-8"))
    yield
    engine.forget_tables()


def _answer(hand: str, **situation: object) -> dict:
    return json.loads(engine.answer(json.dumps({"hand": hand, **situation})))


def test_fourteen_tiles_with_no_winning_shape_get_their_discards(loaded: None) -> None:
    # A claimed chow, 456m 789m, the two-sided 34p, the pair 55s and a stray 9p: discarding
    # the 9p leaves the hand ready on 2p or 5p (four unseen each); any other discard breaks a
    # set, the pair or the 34p and leaves it one tile further (shanten 1).
    answer = _answer("[123m]456m789m34p55s9p")
    assert answer["kind"] == "discards"
    assert answer["tiles"]["standing"][-1] == "9p"   # the hand, drawn as the page draws it
    analysis = answer["analysis"]
    assert analysis["shanten"] == 0
    # Seven pairs, thirteen orphans and honours-and-knitted take no meld; the knitted straight
    # can (a chow and a pair besides it): its best 9 (258m 369p 147s) has 5m 8m 3p 9p, and 55s
    # is the pair: 6 of its 11 tiles, 5 to find, shanten 4 once a tile is discarded.
    assert analysis["forms"] == {"standard": 0, "seven_pairs": None, "thirteen_orphans": None,
                                 "honors_and_knitted": None, "knitted_straight": 4}
    best, *others = analysis["discards"]
    assert best == {"tile": "9p", "shanten": 0, "useful": [{"tile": "2p", "unseen": 4}, {"tile": "5p", "unseen": 4}]}
    assert {d["tile"] for d in others} == {"4m", "5m", "6m", "7m", "8m", "9m", "3p", "4p", "5s"}
    assert all(d["shanten"] == 1 for d in others)
    unseen = [sum(u["unseen"] for u in d["useful"]) for d in others]
    assert unseen == sorted(unseen, reverse=True)   # best first: most useful copies among equals


def test_thirteen_tiles_not_ready_get_their_shanten_and_useful_tiles(loaded: None) -> None:
    # 456m 789m, 34p, single 5s and 9p: it needs the 34p completed and a pair. Drawing 2p or
    # 5p (four unseen) completes 34p; 5s or 9p (three unseen) makes a pair: either leaves it
    # ready. Nothing else does (a 6s makes 56s, but the hand still lacks a pair).
    answer = _answer("[123m]456m789m34p5s9p")
    assert answer["kind"] == "shanten"
    assert answer["waits"] == []
    analysis = answer["analysis"]
    assert analysis["shanten"] == 1 and analysis["forms"]["standard"] == 1
    assert analysis["useful"] == [{"tile": "2p", "unseen": 4}, {"tile": "5p", "unseen": 4},
                                  {"tile": "9p", "unseen": 3}, {"tile": "5s", "unseen": 3}]


def test_thirteen_orphans_one_from_ready(loaded: None) -> None:
    # Twelve of the thirteen orphans (no white dragon) and a 2m: one from ready by thirteen
    # orphans. The white dragon (four unseen) or a second of any orphan (three unseen) makes
    # it ready: all thirteen orphans are useful, 12 x 3 + 4 = 40 copies. No pair, so seven
    # pairs is 6 from ready. Honours and knitted: six honours and 1s 9p 2m (147s 369p 258m)
    # are 9 of the 13 it needs for ready, shanten 4.
    analysis = _answer("19m19p19sESWNCF2m")["analysis"]
    assert analysis["shanten"] == 1
    assert analysis["forms"]["thirteen_orphans"] == 1 and analysis["forms"]["seven_pairs"] == 6
    assert analysis["forms"]["honors_and_knitted"] == 4
    assert [u["tile"] for u in analysis["useful"]] == ORPHANS
    assert sum(u["unseen"] for u in analysis["useful"]) == 40


def test_a_ready_hand_keeps_its_scored_waits_and_shows_its_shapes(loaded: None) -> None:
    answer = _answer("[123m]456m789m34p55s", seat_wind="S")
    assert answer["kind"] == "waits"
    assert [w["tile"] for w in answer["waits"]] == ["2p", "5p"]
    assert answer["analysis"]["shanten"] == 0
    assert [u["tile"] for u in answer["analysis"]["useful"]] == ["2p", "5p"]


def test_a_win_and_a_bad_hand_are_answered_as_before(loaded: None) -> None:
    assert _answer("[123m]456m789m34p55s5p")["kind"] == "score"
    bad = _answer("[123m][EE")
    assert bad["kind"] == "error" and bad["error"]["code"] == "unclosed_meld"
    five = _answer("11111m22m33m44m556m")   # too many copies: the analysis refuses it too
    assert five["kind"] == "error" and five["error"]["code"] == "too_many_copies"
    assert _answer("123m") == {"kind": "incomplete", "count": 3}
