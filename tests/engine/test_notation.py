"""The hand notation, its canonical form, and every reading error."""
from __future__ import annotations

import random
from dataclasses import fields
from unittest.mock import patch

import pytest

import rules.notation as notation
from rules import HandError, NotationError, RulesError, parse_hand
from rules.notation import Hand
from rules.sampling import sample_hands
from rules.groups import CHOW, KONG, PUNG


def test_melds_and_standing_tiles() -> None:
    hand = parse_hand("[123m][EEE][5555p1][9999s]1p1p")
    kinds = [(m.kind, m.claimed) for m in hand.melds]
    assert kinds == [(CHOW, True), (PUNG, True), (KONG, True), (KONG, False)]
    assert [t.text for t in hand.standing] == ["1p", "1p"]
    assert hand.winning_tile.text == "1p"


def test_spaces_claim_digits_and_order_are_accepted() -> None:
    a = parse_hand("[123m2] [EEE3] 45p 99s 678p 6p")
    b = parse_hand("[123m][EEE]45p99s678p6p")
    assert a == b


def test_the_last_tile_is_the_winning_tile() -> None:
    assert parse_hand("123m456p789s11sEE E").winning_tile.text == "E"
    assert parse_hand("123m456p789s11sE1sE").winning_tile.text == "E"


def test_canonical_notation_sorts_standing_tiles_keeps_winning_tile_last() -> None:
    assert parse_hand("[EEE][SSSS1]55pNNNWWW").notation() == "[EEE][SSSS1]55pWWNNNW"


@pytest.mark.parametrize(("text", "message", "column"), [
    ("[123m][EE", "unclosed meld", 7),
    ("[123m[EEE]11p", "unclosed meld", 1),
    ("123m]456p", "']' without a '['", 5),
    ("12x3m", "unexpected character 'x'", 3),
    ("123456789m11p12", "digits '12' have no suit letter", 14),
    ("123m456p789s1E", "digit '1' has no suit letter", 13),
    ("m123", "suit letter 'm' has no digits", 1),
    ("1203m", "'0' is not a tile rank", 3),
    ("[ESW]123m456p789s11s", "chow of honors", 1),
    ("[124m]123m456p789s11s", "neither a chow", 1),
    ("[12m]123m456p789s11s", "has 2 tiles", 1),
    ("[1m]123m456p789s11s", "meld [1m] has 1 tile: a chow", 1),
    ("[1234m]123m456p789s11s", "not identical", 1),
    ("[123m4]456p789s11s123m", "claim digit '4'", 6),
    ("123m[456p]789s11s123m", "melds come first", 5),
])
def test_notation_errors_name_the_column(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    assert message in str(err.value)
    assert err.value.column == column
    assert f"at column {column}" in str(err.value)


@pytest.mark.parametrize(("text", "message"), [
    ("", "the hand is empty"),
    ("123m456p789s11s", "11 tiles"),
    ("5p", "1 tile: a winning hand has 14 (each meld counts 3, a kong too), so with 0 melds it needs 14"),
    ("[123m]5p", "4 tiles: a winning hand has 14 (each meld counts 3, a kong too), so with 1 meld it needs 11"),
    ("123m456p789s11s1234p", "15 tiles"),
    ("[123m][456m][789m][123p][456p]11s", "5 melds"),
    ("11111m456p789s11s2s", "5 copies of 1m"),
    ("[1111m1]1m456p789s11s12p", "5 copies of 1m"),
])
def test_hand_errors(text: str, message: str) -> None:
    with pytest.raises((HandError, NotationError)) as err:
        parse_hand(text)
    assert message in str(err.value)


def test_not_a_winning_hand_says_so() -> None:
    import rules
    with pytest.raises(HandError, match="is not a winning hand"):
        rules.score("123m456p789s11s246p")


def _every_field(hand: Hand) -> tuple[object, ...]:
    """All a Hand holds, the fields worked out at creation too (equality skips those)."""
    return tuple(getattr(hand, f.name) for f in fields(hand))


def _read_carefully(text: str) -> Hand:
    """The hand as the careful reader reads it, the fast path switched off."""
    with patch.object(notation, "_parse_plain", return_value=None):
        return parse_hand(text)


def test_fast_and_careful_readers_agree_on_mutated_hands() -> None:
    rng = random.Random(11)
    alphabet = "123456789mpsESWNCFP[] 0"
    for sampled in sample_hands(400, 9):
        for _ in range(4):
            text = "".join(rng.choice(alphabet) if rng.random() < 0.06 else c for c in sampled.hand)
            quick = notation._parse_plain(text)
            if quick is None:
                continue
            assert _every_field(quick) == _every_field(_read_carefully(text)), text


@pytest.mark.parametrize("text", [
    "[123m][123m][123m]123m1p1p",     # one meld written four times
    "[123m][123m2]456p789s1p1p",     # the same chow twice (a claim digit changes no chow)
    "[5555p][123s]ESWN4m5m6mE",      # honors written one letter at a time
    "EEESSSWWWNNN CC",                # spaces between the tokens
    "11m1m23m9p99p456s55s1m",         # a face in several tokens
    "[1111m1][9999s][EEEE2][CCCC]FF",  # four kongs, counted four copies each
])
def test_the_fast_path_reads_every_field_as_the_careful_reader(text: str) -> None:
    quick = notation._parse_plain(text)
    assert quick is not None, text
    assert _every_field(quick) == _every_field(_read_carefully(text))
    assert len(set(map(id, quick.melds))) == len(quick.melds), "each meld is a group of its own"


@pytest.mark.parametrize("text", ["[123m][124m]456p789s11s", "[EEE][EEE]EE 123m456p", "     ", "[123m][123m][123m][123m][123m]11p"])
def test_the_fast_path_leaves_what_it_cannot_read_to_the_careful_reader(text: str) -> None:
    assert notation._parse_plain(text) is None


def test_waiting_tiles_agree_with_trying_every_face() -> None:
    from rules.sampling import sample_hands
    from rules.shapes import counts_before_win, is_winning, waiting_tiles
    from rules.tiles import ALL_TILES

    from rules.api import fan_table

    # Random hands, plus the table's examples for the special shapes (seven pairs,
    # orphans, knitted) that random hands rarely make.
    texts = [sampled.hand for sampled in sample_hands(1500, 23)]
    texts += [example.hand for fan in fan_table().fans for example in fan.examples if example.matches]
    for text in texts:
        try:
            hand = parse_hand(text)
        except RulesError:
            continue
        before, held = counts_before_win(hand)
        expected = set()
        for face in ALL_TILES:
            if held[face.code] >= 4:
                continue
            before[face.code] += 1
            if is_winning(tuple(before), len(hand.melds)):
                expected.add(face)
            before[face.code] -= 1
        assert waiting_tiles(hand) == expected, text


# Python's str.isdigit and str.isspace are true for characters far outside ASCII: the
# notation is ASCII, and every other character is refused with its column.
@pytest.mark.parametrize(("text", "column"), [
    ("²m", 1),                                   # isdigit() is true, int() fails
    ("123m456p789s11s2³s", 17),
    ("123m456p789s11s¹p", 16),
    ("⁰123m456p789s11s", 1),
    ("123m456p①89s11s12p", 9),
    ("[123m][456m][789m][123p]P０m", 26),         # int('０') is 0: it read as another P
    ("[123m][456m][789m][123p]P٠m", 26),          # Arabic-Indic zero
    ("１23m456p789s11s12p", 1),                   # int('１') is 1: it passed as a rank
    ("123m456p789s11s12۹p", 18),
    ("[１23m]456p789s11s12p", 2),
    ("[123m３]456p789s11s123m", 6),                # a claim digit
    ("123m\u00a0456p789s11s12p", 5),               # no-break space
    ("123m456p\u2028789s11s12p", 9),              # line separator
    ("123m456p789s\u300011s12p", 13),             # ideographic space
    ("[123m][EE\u2003E]456p789s11s", 10),          # em space inside a meld
    ("中123m456p789s11s12p", 1),
])
def test_the_notation_is_ascii(text: str, column: int) -> None:
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    assert err.value.column == column, str(err.value)
    assert "ASCII" in str(err.value) and str(err.value).endswith(f"at column {column}")
    assert f"U+{ord(text[column - 1]):04X}" in str(err.value)   # an invisible character is named


def test_other_unicode_digits_are_no_tiles_anywhere() -> None:
    from rules import read_tiles, waits
    for text in ("2²m", "１m", "٣p", "E\u00a0S"):
        with pytest.raises(NotationError, match="ASCII"):
            read_tiles(text)
    with pytest.raises(NotationError, match="ASCII"):
        waits("[123m][456m][789m][123p]P０")
    with pytest.raises(NotationError, match="ASCII"):
        import rules
        rules.score_readings("123m456p789s11s12³p")


def test_the_fast_reader_takes_only_ascii() -> None:
    for text in ("[123m][456m][789m][123p]P０m", "１23m456p789s11s12p", "123m456p789s11s1 2p",
                 "123m456p789s11s\u00a012p"):
        assert notation._parse_plain(text) is None, text


@pytest.mark.parametrize(("text", "message", "column"), [
    ("[1 2x3m]456p789s11s123m", "unexpected character 'x'", 5),   # spaces in a meld keep the columns true
    ("[12  3m  4]456p789s11s123m", "claim digit '4'", 10),
    ("[E E\tE] 123m456p789s11s", None, None),                    # any ASCII space inside a meld
])
def test_spaces_inside_a_meld_keep_the_columns(text: str, message: str | None, column: int | None) -> None:
    if message is None:
        assert parse_hand(text) == parse_hand("[EEE]123m456p789s11s")
        return
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    assert message in str(err.value) and err.value.column == column, str(err.value)
