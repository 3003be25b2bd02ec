"""The calculator's engine side (generator/site/calculator_engine.py) on CPython: the table
compiled from the JSON the site ships scores exactly as fans.yaml does through `mcr score -`,
the answers the page reads, and the code and values of every engine error the page words."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

import rules
from generator.site import calculator_engine as engine
from generator.site.calculator_assets import edition_ids, table_json
from generator.site.site_data import load_site_data
from generator.site.site_text import LANGS, TEXT
from rules.sampling import sample_hands

from ..conftest import ROOT


@pytest.fixture(scope="module")
def loaded() -> Iterator[None]:
    # The table as the browser gets it: JSON written by the build, compiled without the checks;
    # the only one loaded, so the default (other test files load tables into the same module).
    engine.forget_tables()
    engine.load_table(table_json(load_site_data()).decode("utf-8"))
    yield
    engine.forget_tables()


def test_json_table_scores_like_mcr_score(loaded: None) -> None:
    requests = [h.request() for h in sample_hands(300, seed=16)]
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=lines, capture_output=True, text=True,
                         cwd=ROOT, timeout=300, env=dict(os.environ, MCR_WORKERS="1"))
    assert run.returncode == 0, run.stderr
    cli = [json.loads(line) for line in run.stdout.splitlines()]
    ours = [json.loads(engine.answer(json.dumps({**r, "kind": "score"}))) for r in requests]
    assert len(cli) == len(ours) == len(requests)
    for request, a, b in zip(requests, cli, ours):
        assert a == b, request


def test_a_request_names_its_edition_as_json_lines_does() -> None:
    data = load_site_data()
    for edition in edition_ids(data):   # as the page loads them: the site's own first
        engine.load_table(table_json(data, edition).decode("utf-8"), edition)
    # One Voided Suit counts with Big Three Dragons in the later reading only.
    requests = [{"hand": "[CCC][FFFF][999m]11pPPP", "edition": e} for e in edition_ids(data)]
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=lines, capture_output=True, text=True,
                         cwd=ROOT, timeout=300, env=dict(os.environ, MCR_WORKERS="1"))
    cli = [json.loads(line) for line in run.stdout.splitlines()]
    ours = [json.loads(engine.answer(json.dumps({**r, "kind": "score"}))) for r in requests]
    assert cli == ours
    totals = {r["edition"]: a["total"] for r, a in zip(requests, ours)}
    # Big Three Dragons 88 + All Terminals and Honors 32 + Concealed Kong 2; the later reading adds One Voided Suit 1.
    assert totals == {"1998": 122, "green-book": 123}
    unknown = json.loads(engine.answer(json.dumps({"hand": "[CCC][FFFF][999m]11pPPP", "edition": "house", "kind": "score"})))
    assert "house" in json.dumps(unknown) and "green-book" in json.dumps(unknown)


def test_a_full_hand_is_scored_with_what_the_verdict_needs(loaded: None) -> None:
    answer = engine.analyse({"hand": "[123m]456m789m34p55s5p", "self_drawn": True, "lang": "zh"})
    result = rules.score("[123m]456m789m34p55s5p", self_drawn=True, lang="zh")
    expected = rules.breakdown(result, rules.fan_table()).as_dict()
    assert answer["kind"] == "score"
    assert answer["result"] == {**expected, "hand": "[123m]456m789m34p55s5p"}
    assert "清龙" in [f["name"] for f in answer["result"]["fans"]]
    assert answer["tiles"] == {"melds": [{"kind": "chow", "tiles": ["1m", "2m", "3m"], "claimed": True}],
                               "standing": ["4m", "5m", "6m", "7m", "8m", "9m", "3p", "4p", "5s", "5s", "5p"]}
    assert answer["result"]["minimum"] == result.minimum == 8
    assert answer["result"]["total_without_flowers"] == result.total_without_flowers

    assert answer["same_total"] == []   # Pure Straight and the rest: no other count reaches its 19


def test_a_full_hand_names_the_other_counts_of_its_total(loaded: None) -> None:
    # Worked out in tests/engine/test_same_total.py: 789p joins 789s or 456p, not both.
    answer = engine.analyse({"hand": "[789s]23m456789pCC1m", "lang": "fr"})
    assert answer["result"]["total"] == 9
    (other,) = answer["same_total"]
    assert [(f["id"], f["points"], f["times"]) for f in other["counted"]] == [("short_straight", 1, 1)]
    assert [(f["id"], f["points"], f["times"]) for f in other["instead_of"]] == [("mixed_double_chow", 1, 1)]
    assert other["counted"][0]["name"] == rules.fan_table().fan("short_straight").name("fr")


def test_the_reasons_a_fan_is_left_out_are_the_command_lines(loaded: None) -> None:
    # Three kongs, one melded: the rules list Melded Kong with Three Kongs (it is not implied),
    # and the page's engine, loading the table as JSON, judges it as `mcr score` does.
    answer = engine.analyse({"hand": "[1111m1][3333p][5555s]777s9s9s"})
    reasons = {n["id"]: n["reason"] for n in answer["result"]["not_counted"]}
    assert reasons["melded_kong"] == "listed"
    four_winds = engine.analyse({"hand": "[EEE][SSSS1]55pWWWNNN", "self_drawn": True})
    assert {n["id"]: n["reason"] for n in four_winds["result"]["not_counted"]}["big_three_winds"] == "implied"


def test_thirteen_tiles_give_the_waits_their_copies_and_scores(loaded: None) -> None:
    answer = engine.analyse({"hand": "[123m]456m789m34p55s", "seat_wind": "S", "flowers": 1})
    assert answer["kind"] == "waits"
    assert [w["tile"] for w in answer["waits"]] == ["2p", "5p"]
    for wait in answer["waits"]:
        assert wait["unseen"] == 4   # neither 2p nor 5p is in the hand
        for how, drawn in (("discard", False), ("self_drawn", True)):
            expected = rules.score_with_table(engine._tables["fans"], f"[123m]456m789m34p55s{wait['tile']}",
                                              seat_wind="S", flowers=1, self_drawn=drawn)
            assert wait[how] == {"total": expected.total, "valid": expected.valid,
                                 "fans": [f.id for f in expected.fans]}
    held = engine.analyse({"hand": "1111m2222m3333m4m"})
    assert {w["tile"]: w["unseen"] for w in held["waits"]}["4m"] == 3


def test_other_counts_and_bad_hands(loaded: None) -> None:
    assert engine.analyse({"hand": "123m"}) == {"kind": "incomplete", "count": 3}
    assert engine.analyse({"hand": "[123m]456m789m34p55s5p5p"}) == {"kind": "incomplete", "count": 15}
    bad = engine.analyse({"hand": "[123m][EE"})
    assert bad["kind"] == "error" and bad["error"]["code"] == "unclosed_meld" and bad["error"]["column"] == 7
    situation = engine.analyse({"hand": "[123m]456m789m34p55s5p", "robbing_kong": True, "self_drawn": True,
                                "lang": "es"})
    assert situation["error"]["code"] == "situation_impossible"
    assert situation["error"]["values"]["rule"] == "robbing_is_on_a_discard"
    assert situation["error"]["values"]["reason"].startswith("robar un kong")   # worded by the fan table, in Spanish
    meld = engine.analyse({"hand": "[12x]45p"})["error"]
    assert (meld["code"], meld["in_meld"], meld["column"], meld["values"]) == \
        ("unexpected_character", True, 4, {"character": "x"})
    not_text = engine.analyse({"hand": 5})["error"]
    assert not_text["code"] == "hand_not_string" and not_text["column"] is None


# One input for each error the page can meet, and the values its wording is filled with,
# read by hand from the input (not from the engine's answer).
ERRORS = {
    "no_suit": ("[123m]45p99s678p3", {"digits": "3", "n": 1}),
    "zero_rank": ("[123m]405p99s678p3p", {}),
    "suit_without_digits": ("[123m]p45p", {"letter": "p"}),
    "not_ascii": ("[123m]45p\uff19s", {"character": "\uff19", "point": "U+FF19", "name": "FULLWIDTH DIGIT NINE"}),
    "unexpected_character": ("[123m]45x", {"character": "x"}),
    "unclosed_meld": ("[123m][EE", {}),
    "claim_digit": ("[EEE5]45p", {"digit": "5"}),
    "empty_meld": ("[]45p", {}),
    "kong_not_identical": ("[1234m]45p", {"meld": "[1234m]"}),
    "meld_size": ("[12m]45p", {"meld": "[12m]", "n": 2}),
    "honor_chow": ("[ESW]45p", {"meld": "[ESW]"}),
    "not_a_set": ("[124m]45p", {"meld": "[124m]"}),
    "meld_after_standing": ("45p[123m]", {}),
    "stray_bracket": ("45p]", {}),
    "empty_hand": ("   ", {}),
    "too_many_melds": ("[123m][123m][123m][123m][123m]5p5p", {"n": 5, "max": 4}),
    "no_standing": ("[123m][456m][789m][EEE]", {}),
    "tile_count": ("[123m]456m789m34p55s5p5p", {"n": 15, "size": 14, "melds": 1, "standing": 12}),
    "too_many_copies": ("11111m22m33m44m556m", {"n": 5, "tile": "1m"}),
    "not_winning": ("[123m]456m789m34p55s9p", {"hand": "[123m]456789m34p55s9p"}),
}


@pytest.mark.parametrize(("code", "hand", "values"), [(c, h, v) for c, (h, v) in ERRORS.items()], ids=list(ERRORS))
def test_each_engine_error_has_its_code_and_values(loaded: None, code: str, hand: str, values: dict) -> None:
    found = engine.analyse({"hand": hand})
    assert found["kind"] == ("error" if code != "tile_count" else "incomplete")
    if code == "tile_count":
        with pytest.raises(rules.HandError) as caught:
            rules.parse_hand(hand)
        found = {"error": engine.describe(caught.value, None, "en")}
    error = found["error"]
    assert error["code"] == code, error["message"]
    assert error["values"] == values
    assert error["tiles"] == ([values["tile"]] if "tile" in values else [])


def test_every_code_the_page_can_meet_is_worded_in_every_language() -> None:
    # analysis_tile_count: tests/cli/test_analyze_command.py
    assert set(ERRORS) | {"situation_impossible", "unknown_edition", "analysis_tile_count"} <= set(rules.ERROR_FIELDS)
    for lang in LANGS:
        for code in rules.ERROR_FIELDS:   # one string, or a counted pair (errorText picks)
            key = f"error_{code}"
            forms = [key] if f"{key}_one" not in TEXT[lang] else [f"{key}_one", f"{key}_other"]
            assert not (len(forms) == 2 and key in TEXT[lang]), (lang, key, "left beside its counted pair")
            assert all(TEXT[lang][form].strip() for form in forms), (lang, code)
