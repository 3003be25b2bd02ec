"""The scoring principles as generic mechanisms, on hands where each one decides."""
from __future__ import annotations

import rules


def counts(hand: str, **situation) -> dict[str, int]:
    return rules.score(hand, **situation).fan_counts()


def test_account_once_four_chows_give_three_pair_fans() -> None:
    # 234567s 234567p: two Mixed Double Chows and one Short Straight, not four fans.
    got = counts("234567s234567p5m5m")
    assert got["mixed_double_chow"] == 2 and got["short_straight"] == 1
    assert "pure_double_chow" not in got


def test_non_identical_a_set_makes_a_fan_once() -> None:
    # 234s with 234p and 234p: only one Mixed Double Chow; the rest goes to other fans.
    got = counts("234s223344567p5m5m")
    assert got["mixed_double_chow"] == 1
    assert got["pure_double_chow"] == 1 and got["short_straight"] == 1


def test_three_chow_fan_leaves_room_for_one_more() -> None:
    got = counts("456456m456p456s5s5s", self_drawn=True)
    assert got["mixed_triple_chow"] == 1
    assert got.get("pure_double_chow", 0) + got.get("mixed_double_chow", 0) == 1


def test_non_separation_pure_straight_is_not_split() -> None:
    result = rules.score("[123m]456789m55pEEE")
    assert "short_straight" not in result.fan_counts()
    assert "two_terminal_chows" not in result.fan_counts()
    assert any(n.id == "short_straight" for n in result.not_counted)


def test_absorbs_only_on_the_fans_own_sets() -> None:
    # A Dragon Pung is not also a Pung of Terminals or Honors; the separate 999m pung is.
    got = counts("[CCC][999m]456p78s11s9s")
    assert got["dragon_pung"] == 1 and got["pung_of_terminals_or_honors"] == 1


def test_prevalent_and_seat_wind_both_count_on_one_pung() -> None:
    got = counts("[EEE]123m456p789s1s1s", seat_wind="E", prevalent_wind="E")
    assert got["prevalent_wind"] == 1 and got["seat_wind"] == 1
    assert "pung_of_terminals_or_honors" not in got


def test_take_the_highest_reads_pungs_over_chows() -> None:
    # 111222333m: three concealed pungs beat three identical chows.
    got = counts("111222333m456m5p5p")
    assert "pure_shifted_pungs" in got and "three_concealed_pungs" in got


def test_discard_completed_pung_is_not_concealed_unless_a_chow_reads_better() -> None:
    on_discard = counts("111m555p999sEE22sE")
    assert "three_concealed_pungs" in on_discard and "four_concealed_pungs" not in on_discard
    drawn = counts("111m555p999sEE22sE", self_drawn=True)
    assert "four_concealed_pungs" in drawn


def test_chicken_hand_only_when_nothing_else_scores() -> None:
    assert counts("[234m][888p]567s34pEE5p") == {"chicken_hand": 1}
    assert counts("[234m][888p]567s34pEE5p", flowers=3) == {"chicken_hand": 1, "flower_tiles": 3}
    assert "chicken_hand" not in counts("[234m][888p]567s34pEE5p", self_drawn=True)


def test_under_eight_is_a_false_win() -> None:
    result = rules.score("[234m][567p]345s678sEE")
    assert result.total < 8 and not result.valid and result.payments is None


def test_wait_fans_need_a_unique_wait() -> None:
    assert counts("[234m][888p]567s12pEE3p") == {"edge_wait": 1}
    assert "single_wait" not in counts("[234m][888p]567s2345p5p")


def test_a_face_held_four_times_is_no_wait() -> None:
    # 1111m + 23m: waiting on 4m only (1m is all in the hand), so 4m is a closed... edge? no: open.
    from rules.notation import parse_hand
    from rules.shapes import waiting_tiles
    waits = waiting_tiles(parse_hand("[1111m]23m456p789s99s4m"))
    assert {t.text for t in waits} == {"1m", "4m"} - {"1m"}


def test_not_counted_explains_principles() -> None:
    result = rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    reasons = {(n.id, n.principle, n.by) for n in result.not_counted}
    assert ("all_pungs", "non_repeat", "big_four_winds") in reasons
    assert ("big_three_winds", "non_repeat", "big_four_winds") in reasons  # listed: that reason comes first


def test_scored_fans_name_their_sets() -> None:
    result = rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    by_id = {f.id: f for f in result.fans}
    assert by_id["big_four_winds"].groups == ("EEE", "SSSS", "WWW", "NNN")
    assert by_id["melded_kong"].groups == ("SSSS",)
    assert by_id["half_flush"].groups == ()
