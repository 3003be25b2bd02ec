"""Listed versus implied exclusions (rules/exclusion_judgements.py, judged by
generator/quizzes/exclusion_evidence.py): every recorded judgement rests on the project's table
as it is, pairs worked out by hand from the fans' definitions come out right, and a pair the
judgements do not cover (new, or changed) is neither called implied nor listed."""
from __future__ import annotations

import dataclasses

import pytest

import rules
from generator.quizzes import exclusion_evidence
from generator.quizzes.exclusion_evidence import REBUILD, judge_table, judgement_problems
from generator.quizzes.questions import not_counted_of
from rules.exclusion_judgements import IMPLIED, LISTED, judgement

DISCARD = {"self_drawn": False}
SELF_DRAWN = {"self_drawn": True}


def _editions() -> dict[str, rules.FanTable]:
    return {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}


def test_every_exclusion_of_the_project_is_judged_on_its_present_basis() -> None:
    # Missing or stale pairs, and recorded hands that no longer show their pair, all fail here.
    assert judgement_problems(_editions()) == []


@pytest.mark.parametrize("edition, fan, excluded, situation, expected", [
    # Four winds pungs always hold three of them: Big Three Winds is implied.
    ("1998", "big_four_winds", "big_three_winds", DISCARD, IMPLIED),
    # A one-suit hand has no honors: No Honors is implied by Full Flush.
    ("1998", "full_flush", "no_honors", SELF_DRAWN, IMPLIED),
    # Nine Gates won on a discard is not self-drawn, so not a Fully Concealed Hand; self-drawn, it always is.
    ("1998", "nine_gates", "fully_concealed_hand", DISCARD, LISTED),
    ("1998", "nine_gates", "fully_concealed_hand", SELF_DRAWN, IMPLIED),
    # Seven pairs are concealed: won on a discard, Concealed Hand is implied.
    ("1998", "seven_pairs", "concealed_hand", DISCARD, IMPLIED),
    # Three kongs may all be concealed: a Melded Kong among them is the rules' list, not implied.
    ("1998", "three_kongs", "melded_kong", DISCARD, LISTED),
])
def test_pairs_worked_out_by_hand(edition: str, fan: str, excluded: str, situation: dict, expected: str) -> None:
    assert judgement(rules.fan_table(None, edition), fan, excluded, situation) == expected


def test_a_listed_exclusion_is_marked_in_the_explanation(table: rules.FanTable) -> None:
    # Three kongs, one melded (1111m) and two concealed, with a pung and a pair.
    result = rules.score("[1111m1][3333p][5555s]777s9s9s")
    entries = {n["id"]: n for n in not_counted_of(result, table)}
    assert entries["melded_kong"]["by"] == "three_kongs" and entries["melded_kong"].get("listed") is True
    assert "listed" not in entries.get("two_melded_kongs", {})


def _with_fan(table: rules.FanTable, fan_id: str, **changes: object) -> rules.FanTable:
    return dataclasses.replace(table, fans=tuple(dataclasses.replace(f, **changes) if f.id == fan_id else f
                                                 for f in table.fans))


def test_a_pair_the_judgements_do_not_cover_is_neither_implied_nor_listed(table: rules.FanTable) -> None:
    # All Pungs leaving out One Voided Suit is not in the rules: a copy of the table adds it.
    pungs = table.fan("all_pungs")
    added = _with_fan(table, "all_pungs", excludes=pungs.excludes + ("one_voided_suit",))
    assert judgement(added, "all_pungs", "one_voided_suit", DISCARD) is None
    # The fan's other pairs rest on what they rested on: still judged.
    assert judgement(table, "big_four_winds", "all_pungs", DISCARD) == IMPLIED
    # A changed predicate makes the fan's pairs unjudged too (Big Four Winds on any three winds).
    winds = table.fan("big_four_winds")
    changed = _with_fan(table, "big_four_winds", choose=3)
    assert winds.choose != 3 and judgement(changed, "big_four_winds", "big_three_winds", DISCARD) is None
    # Its points are not what a judgement rests on.
    assert judgement(_with_fan(table, "big_four_winds", points=99), "big_four_winds", "big_three_winds",
                     DISCARD) == IMPLIED


def test_stale_and_missing_pairs_are_reported_with_the_command_that_judges_them(table: rules.FanTable) -> None:
    pungs = table.fan("all_pungs")
    edited = _with_fan(table, "all_pungs", excludes=pungs.excludes + ("one_voided_suit",))
    edited = _with_fan(edited, "big_four_winds", choose=3)
    problems = judgement_problems({"1998": edited})
    assert f"rules/exclusion_judgements.json: edition 1998: all_pungs leaving out one_voided_suit: not judged " \
           f"yet; rebuild: {REBUILD}" in problems
    assert any("big_four_winds leaving out big_three_winds: judged for another definition" in p for p in problems)
    # Four Kongs no longer leaving out Single Wait: its judgement is left over.
    kongs = table.fan("four_kongs")
    assert "single_wait" in kongs.excludes
    dropped = _with_fan(table, "four_kongs", excludes=tuple(f for f in kongs.excludes if f != "single_wait"))
    assert judgement_problems({"1998": dropped}) == [
        f"rules/exclusion_judgements.json: edition 1998: four_kongs leaving out single_wait: judged, but the table "
        f"has no such exclusion (stale); rebuild: {REBUILD}"]


def test_judging_again_searches_only_the_stale_pairs(table: rules.FanTable, monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[tuple[str, tuple[str, ...]]] = []

    def search(table: rules.FanTable, fan: rules.Fan, wanted: list[str], built: int) -> dict:
        searched.append((fan.id, tuple(wanted)))
        return {}
    monkeypatch.setattr(exclusion_evidence, "_search", search)
    pungs = table.fan("all_pungs")
    added = _with_fan(table, "all_pungs", excludes=pungs.excludes + ("one_voided_suit",))
    known = exclusion_evidence.known_pairs(rules.exclusion_judgements.read_judgements(), "1998")
    pairs = judge_table(added, built=0, known=known)
    assert searched == [("all_pungs", ("one_voided_suit",))]
    new = next(p for p in pairs if (p["fan"], p["excluded"]) == ("all_pungs", "one_voided_suit"))
    assert (new["self_drawn"], new["discard"]) == (IMPLIED, IMPLIED)   # no hand found: implied


def test_an_absorbed_fan_is_implied_by_the_table_itself(table: rules.FanTable) -> None:
    # A wind pung of the prevalent wind is that pung of honors: Prevalent Wind absorbs the
    # Pung of Terminals or Honors of its own set, without a judgement recorded for it.
    wind = table.fan("prevalent_wind")
    assert "pung_of_terminals_or_honors" in wind.absorbs and "pung_of_terminals_or_honors" not in wind.excludes
    assert judgement(table, "prevalent_wind", "pung_of_terminals_or_honors", SELF_DRAWN) == IMPLIED
    result = rules.score("[123p][7777p1][EEEE]456p9p9p", self_drawn=True, seat_wind="S")
    reasons = {(n.id, n.by): n.reason for n in rules.breakdown(result, table).not_counted}
    assert reasons == {("pung_of_terminals_or_honors", "prevalent_wind"): IMPLIED}


def test_a_fan_implies_only_what_its_own_sets_make(table: rules.FanTable) -> None:
    # Big Three Winds (EEE SSS WWW) implies Pung of Terminals or Honors on each wind pung, but
    # the 1998 rules list it as not counted, so the separate pung of 9s loses it too: by the list.
    assert judgement(table, "big_three_winds", "pung_of_terminals_or_honors", DISCARD) == IMPLIED
    result = rules.score("[EEE][SSS]WWW999m5p5p", seat_wind="W")
    lines = [(n.groups, n.reason) for n in rules.breakdown(result, table).not_counted
             if n.id == "pung_of_terminals_or_honors"]
    assert sorted(lines) == [(("999m",), LISTED), (("EEE",), IMPLIED), (("SSS",), IMPLIED), (("WWW",), IMPLIED)]
    entries = [(tuple(n["groups"]), n.get("listed", False)) for n in not_counted_of(result, table)
               if n["id"] == "pung_of_terminals_or_honors"]
    assert sorted(entries) == [(("999m",), True), (("EEE",), False), (("SSS",), False), (("WWW",), False)]


def test_two_sets_of_the_same_tiles_are_told_apart_by_their_place(table: rules.FanTable) -> None:
    # 789m 789m 789p 789s 88p: Mixed Triple Chow takes one 789m. Of the five Mixed Double Chows,
    # the three on its own chows are implied; the two with the other 789m are only listed.
    result = rules.score("778899m7889p789s8p")
    assert [f.groups for f in result.fans if f.id == "mixed_triple_chow"] == [("789m", "789p", "789s")]
    reasons = sorted(n.reason for n in rules.breakdown(result, table).not_counted if n.id == "mixed_double_chow")
    assert reasons == [IMPLIED, IMPLIED, IMPLIED, LISTED, LISTED]
    listed = [n.get("listed", False) for n in not_counted_of(result, table) if n["id"] == "mixed_double_chow"]
    assert sorted(listed) == [False, False, False, True, True]
