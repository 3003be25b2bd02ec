"""Every error of the engine carries a stable code and the values it names, set where it
is raised; every code is worded in every language from those values alone. The expected
values are read off each input by hand."""
from __future__ import annotations

import string
from collections.abc import Callable

import pytest

import rules
from rules import ERROR_FIELDS

from ..conftest import ROOT, read_yaml

WINNING = "[123m]456m789m34p55s5p"   # a plain winning hand: Pure Straight, won on 5p
WITH_KONG = "[1111m]23m456p789s99s4m"


def _parse(hand: str) -> Callable[[], object]:
    return lambda: rules.parse_hand(hand)


def _score(hand: str, **situation: object) -> Callable[[], object]:
    return lambda: rules.score(hand, **situation)


# code: (what raises it, the fields it must name)
CASES: dict[str, tuple[Callable[[], object], dict[str, object]]] = {
    "hand_not_string": (_parse(5), {}),   # type: ignore[arg-type]
    "no_suit": (_parse("[123m]45p99s678p3"), {"digits": "3", "n": 1}),
    "zero_rank": (_parse("[123m]405p99s678p3p"), {}),
    "suit_without_digits": (_parse("[123m]p45p"), {"letter": "p"}),
    "not_ascii": (_parse("123m456p789s11s1\u00b2p"),
                  {"character": "\u00b2", "point": "U+00B2", "name": "SUPERSCRIPT TWO"}),
    "unexpected_character": (_parse("[123m]45x"), {"character": "x"}),
    "brackets_in_tiles": (lambda: rules.read_tiles("23s[4s]"), {}),
    "unclosed_meld": (_parse("[123m][EE"), {}),
    "claim_digit": (_parse("[EEE5]45p"), {"digit": "5"}),
    "empty_meld": (_parse("[]45p"), {}),
    "kong_not_identical": (_parse("[1234m]45p"), {"meld": "[1234m]"}),
    "meld_size": (_parse("[12m]45p"), {"meld": "[12m]", "n": 2}),
    "honor_chow": (_parse("[ESW]45p"), {"meld": "[ESW]"}),
    "not_a_set": (_parse("[124m]45p"), {"meld": "[124m]"}),
    "meld_after_standing": (_parse("45p[123m]"), {}),
    "stray_bracket": (_parse("45p]"), {}),
    "empty_hand": (_parse("   "), {}),
    "too_many_melds": (_parse("[123m][123m][123m][123m][123m]5p5p"), {"n": 5, "max": 4}),
    "no_standing": (_parse("[123m][456m][789m][EEE]"), {}),
    "tile_count": (_parse("[123m][456m]789m34p5p"), {"n": 12, "size": 14, "melds": 2, "standing": 6}),
    "analysis_tile_count": (lambda: rules.parse_hand_to_analyze("[123m]456m"),
                            {"n": 6, "waiting": 13, "discarding": 14, "melds": 1, "standing": 3}),
    "too_many_copies": (_parse("11111m22m33m44m556m"), {"n": 5, "tile": "1m"}),
    "not_winning": (_score("[123m]456m789m34p55s9p"), {"hand": "[123m]456789m34p55s9p"}),
    "unknown_situation_field": (_score(WINNING, dealer=True, turn=3),
                                {"names": ("dealer", "turn"), "known": rules.SITUATION_FIELDS, "n": 2}),
    "flag_not_boolean": (_score(WINNING, self_drawn="yes"), {"field": "self_drawn", "value": "'yes'"}),
    "bad_wind": (_score(WINNING, seat_wind="X"), {"field": "seat_wind", "value": "'X'"}),
    "bad_flowers": (_score(WINNING, flowers=9), {"value": "9", "most": 8}),
    # replacement brings self_drawn; robbing a kong on a self-drawn tile cannot happen.
    "situation_impossible": (_score(WINNING, robbing_kong=True, replacement=True),
                             {"rule": "robbing_is_on_a_discard", "flags": ("robbing_kong", "self_drawn"),
                              "implied": ("self_drawn",), "winning_tile": "5p"}),
    "unknown_edition": (lambda: rules.fan_table(None, "club"), {"edition": "club", "known": ("1998", "green-book")}),
    "edition_not_string": (lambda: rules.in_edition(rules.fan_table(), 7), {"value": "7"}),  # type: ignore[arg-type]
    "fan_table": (lambda: rules.table_from_data({"fans": 1}, "broken.yaml"), None),
}


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(ERROR_FIELDS)


@pytest.mark.parametrize("code", list(CASES))
def test_each_error_names_its_code_and_fields(code: str) -> None:
    raise_it, fields = CASES[code]
    with pytest.raises(rules.RulesError) as caught:
        raise_it()
    err = caught.value
    assert err.code == code, str(err)
    assert set(err.fields) == set(ERROR_FIELDS[code])
    if fields is not None:
        assert err.fields == fields
    else:   # the table's problems, one PATH:LINE line each
        assert err.fields["problems"] and all(p.startswith("broken.yaml:") for p in err.fields["problems"])


def test_the_only_flags_named_are_those_the_rule_reads() -> None:
    # A replacement tile needs a kong: the rule reads replacement alone, though self_drawn is
    # set too (brought by replacement).
    with pytest.raises(rules.SituationError) as caught:
        rules.score(WINNING, replacement=True)
    assert caught.value.fields == {"rule": "replacement_needs_a_kong", "flags": ("replacement",), "implied": (),
                                   "winning_tile": "5p"}
    with pytest.raises(rules.SituationError) as typed:
        rules.score(WITH_KONG, robbing_kong=True, self_drawn=True, seat_wind="S")
    assert typed.value.fields["flags"] == ("robbing_kong", "self_drawn") and typed.value.fields["implied"] == ()


def test_a_fault_inside_a_meld_says_so_with_its_column() -> None:
    with pytest.raises(rules.NotationError) as caught:
        rules.parse_hand("[1x3m]456m")
    err = caught.value
    assert (err.code, err.fields, err.column, err.in_meld) == ("unexpected_character", {"character": "x"}, 3, True)
    assert str(err) == "in the meld: unexpected character 'x' (tiles are digits with m/p/s, or E S W N C F P) at column 3"


# What a surface adds to the fields when it words a code: the table's reason, in the reader's language.
ADDED = {"situation_impossible": {"reason"}}


def test_every_code_is_worded_in_every_language_from_its_fields() -> None:
    wording = {path.stem: read_yaml(path)
               for path in sorted((ROOT / "i18n" / "site").glob("*.yaml"))}
    assert len(wording) == 6
    problems = []
    for lang, strings in wording.items():
        for code, fields in ERROR_FIELDS.items():
            # A code that counts its n is a counted pair (cli_text.error_text), else one string.
            keys = [f"error_{code}_one", f"error_{code}_other"] if f"error_{code}_one" in strings else [f"error_{code}"]
            if len(keys) == 2 and "n" not in fields:
                problems.append(f"{lang}: error_{code} is a counted pair, but the code counts no n")
            if len(keys) == 2 and f"error_{code}" in strings:
                problems.append(f"{lang}: error_{code} is left beside its counted pair")
            for key in keys:
                text = strings.get(key)
                if not text or not text.strip():
                    problems.append(f"{lang}: {key} is missing")
                    continue
                used = {name for _, name, _, _ in string.Formatter().parse(text) if name}
                unknown = used - set(fields) - ADDED.get(code, set())
                if unknown:
                    problems.append(f"{lang}: {key} names {sorted(unknown)}, not among its fields {fields}")
    stale = {key for strings in wording.values() for key in strings if key.startswith("error_")
             and key.removeprefix("error_").removesuffix("_one").removesuffix("_other") not in ERROR_FIELDS}
    assert not problems and not stale, problems + sorted(stale)

