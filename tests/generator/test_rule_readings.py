"""Readings of the rules that the editions take apart (issue 23, items 11 to 13), and the
referee's topics of the rulebook (item 16).

11. The seeds define All Green by chows, pungs and a pair, as they define All Honors, All
    Terminals and All Terminals and Honors by pungs and a pair: the 1998 edition reads the
    four alike (no seven pairs), the green-book edition takes seven pairs for all four.
12. All Terminals leaves out "同刻" without saying which fan: a written ruling (Double Pung
    is meant; Triple Pung still counts), with the other reading, linked from the fans.
13. Each edition's Seven Pairs note says what that edition does with the rank fans, and the
    fans chapter's overview gives the all-of-a-kind fans as pungs (or sets) and a pair.
"""
from __future__ import annotations

import re

import pytest

import rules
from i18n import LANGS

from ..conftest import ROOT

RANK_FANS = ("upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four")

# Seven pairs of one kind of tile. Worked out by hand:
#   green: 22 22 33 44 66 88 FF; 1998: Seven Pairs 24 + Half Flush 6 + Tile Hog 2 (the four 2s) = 32;
#          green-book: All Green 88 + Seven Pairs 24 + Tile Hog 2 = 114 (All Green leaves out Half Flush).
#   honors, self-drawn: 1998 Seven Pairs 24 + Self-Drawn 1 = 25; green-book: All Honors 64 on top = 89.
#   terminals: 11 11 99 (m) 11 99 (p) 11 99 (s); 1998: Seven Pairs 24 + Tile Hog 2 + No Honors 1 = 27;
#          green-book: All Terminals 64 + Seven Pairs 24 + Tile Hog 2 = 90 (All Terminals leaves out No Honors).
#   terminals and honors: 1998: Seven Pairs 24 + One Voided Suit 1 = 25; green-book: + 32 = 57.
SEVEN_PAIRS_OF_A_KIND = [
    ("all_green", "223344668822sFF", {}, ({"seven_pairs": 1, "half_flush": 1, "tile_hog": 1}, 32), 114),
    ("all_honors", "EESSWWNNCCFFPP", {"self_drawn": True}, ({"seven_pairs": 1, "self_drawn": 1}, 25), 89),
    ("all_terminals", "111199m1199p119s9s", {}, ({"seven_pairs": 1, "tile_hog": 1, "no_honors": 1}, 27), 90),
    ("all_terminals_and_honors", "1199m1199pEESSCC", {}, ({"seven_pairs": 1, "one_voided_suit": 1}, 25), 57),
]


@pytest.mark.parametrize(("fan", "hand", "situation", "in_1998", "green_book_total"), SEVEN_PAIRS_OF_A_KIND,
                         ids=[case[0] for case in SEVEN_PAIRS_OF_A_KIND])
def test_the_all_of_a_kind_fans_are_read_alike_in_each_edition(fan: str, hand: str, situation: dict,
                                                               in_1998: tuple[dict, int],
                                                               green_book_total: int) -> None:
    old = rules.score(hand, edition="1998", **situation)
    assert (old.fan_counts(), old.total) == in_1998
    new = rules.score(hand, edition="green-book", **situation)
    assert new.fan_counts()[fan] == 1 and new.fan_counts()["seven_pairs"] == 1
    assert new.total == green_book_total


def test_all_green_with_sets_and_a_pair_counts_in_both_editions() -> None:
    # 234 234 666 888 of bamboo and a pair of green dragons, self-drawn: the standard shape.
    for edition in ("1998", "green-book"):
        assert rules.score("22334466688sFF8s", edition=edition, self_drawn=True).fan_counts()["all_green"] == 1


def _ruling(table: rules.FanTable, ruling_id: str) -> rules.Ruling:
    return next(r for r in table.rulings if r.id == ruling_id)


def test_triple_pung_with_all_terminals_is_a_written_ruling_linked_from_its_fans() -> None:
    for edition in ("1998", "green-book"):
        table = rules.fan_table(None, edition)
        ruling = _ruling(table, "triple_pung_with_all_terminals")
        assert {"all_terminals", "triple_pung", "double_pung"} <= set(ruling.fans)
        fans = {f.id: f for f in table.fans}
        assert ruling.id in fans["all_terminals"].rulings and ruling.id in fans["triple_pung"].rulings
        for lang in LANGS:   # the answer and the other reading, in every language
            assert "16" in ruling.answer[lang] and "16" in ruling.alternatives[lang], lang
        # Pungs of 1s in three suits and 9s of characters: All Terminals 64 + Triple Pung 16.
        result = rules.score("[111m][111p]111s99m99p9m", edition=edition)
        assert (result.fan_counts(), result.total) == ({"all_terminals": 1, "triple_pung": 1}, 80)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_of_the_table_has_its_section_in_the_rulings_chapter(lang: str) -> None:
    chapter = (ROOT / "site" / lang / "rulebook" / "rulings.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r"^#+ .*\{#([\w-]+)\}\s*$", chapter, re.M))
    ids = {r.id for edition in ("1998", "green-book") for r in rules.fan_table(None, edition).rulings}
    assert ids - anchors == set()


# 13. What each edition does with the rank fans in Seven Pairs, said in its own note.
RANK_SENTENCE = {
    "1998": {"en": "The 1998 rules also list the rank fans", "zh": "1998年规则还把大于五", "es": "Las reglas de 1998",
             "ko": "1998년 규칙은", "fr": "Les règles de 1998", "ja": "1998年のルールは"},
    "green-book": {"en": "still count with it", "zh": "照常计", "es": "sí se suman", "ko": "함께 더한다",
                   "fr": "se comptent avec lui", "ja": "七対と一緒に計上します"},
}


@pytest.mark.parametrize("edition", sorted(RANK_SENTENCE))
def test_each_edition_says_what_it_does_with_the_rank_fans_in_seven_pairs(edition: str) -> None:
    table = rules.fan_table(None, edition)
    seven_pairs = next(f for f in table.fans if f.id == "seven_pairs")
    left_out = set(RANK_FANS) <= set(seven_pairs.excludes)
    assert left_out == (edition == "1998")
    for lang in LANGS:
        note = seven_pairs.notes[lang]
        assert RANK_SENTENCE[edition][lang] in note, (edition, lang)
        # The 1998 text is not the rule of the Chinese rules at large: the later reading counts them.
        assert not re.search(r"Following the Chinese rules|按中国规则|Según las reglas chinas|중국 규칙에 따라|"
                             r"Selon les règles chinoises|中国のルールにならい", note), (edition, lang)


# The fans chapter's overview: the all-of-a-kind fans as the 1998 rules define them. The
# overview is generated from each fan's summary (```fan-index blocks), so the summary says it.
PUNG = {"en": "pungs", "zh": "刻子", "es": "pungs", "ko": "커쯔", "fr": "pungs", "ja": "刻子"}
SETS = {"en": "sets", "zh": "顺子", "es": "grupos", "ko": "면자", "fr": "groupes", "ja": "面子"}
PAIR = {"en": "pair", "zh": "将", "es": "pareja", "ko": "또이쯔", "fr": "paire", "ja": "雀頭"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fan", ["all_green", "all_terminals", "all_honors"])
def test_the_fans_overview_gives_the_all_of_a_kind_fans_as_sets_and_a_pair(fan: str, lang: str) -> None:
    chapter = (ROOT / "site" / lang / "rulebook" / "fans.md").read_text(encoding="utf-8")
    assert "```fan-index\nby: points" in chapter   # the index is generated from the table
    summary = rules.fan_table().fan(fan).summaries[lang].lower()
    sets = SETS[lang] if fan == "all_green" else PUNG[lang]   # All Green takes chows too
    assert sets in summary and PAIR[lang] in summary, (fan, lang, summary)


# 16. What a referee looks for: penalty amounts, the hands that are not fans, English calls.
@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_says_who_sets_penalties_which_hands_are_not_fans_and_the_english_calls(lang: str) -> None:
    book = ROOT / "site" / lang / "rulebook"

    def section(name: str, anchor: str) -> str:
        text = (book / f"{name}.md").read_text(encoding="utf-8")
        start = text.index(f"{{#{anchor}}}")
        following = re.search(r"^#{1,3} ", text[start:], re.M)
        return text[start:start + following.start()] if following else text[start:]

    penalties = section("competition", "penalty-amounts")
    assert "MERS Tournament Regulations" in penalties and "3.11" in penalties
    assert "2006" in penalties
    not_fans = section("fans", "not-fans")
    assert all(word in not_fans for word in ("天和", "地和", "人和", "ChineseOfficialMahjongHelper"))
    calls = section("play", "english-calls")
    assert "MERS Tournament Regulations" in calls
    for chinese, english in (("吃", "chow"), ("碰", "pung"), ("杠", "kong"), ("和", "mahjong"), ("补花", "flower")):
        assert re.search(rf"^\| {chinese} \w+ \| [^|\n]*\b{english}\b", calls, re.M), (lang, chinese)
