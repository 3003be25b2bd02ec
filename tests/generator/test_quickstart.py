"""The quick start page (site/<lang>/quickstart.md) and the rulebook sections added with it
(issue 14): the same steps, examples and links in every language, the worked hand's
scoring and payments as the rules give them, the page second in the navigation and linked
from every home page, and the nine official series covering the 81 fans once each."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_nav import build_nav
from generator.site.site_text import text

from ..conftest import ROOT
from .test_rulebook import ANCHOR, BOOK, HAND_BLOCK, LANGUAGES, LINK_TARGET, _prose_paragraphs

WORKED_HAND = "[567m][CCC]23m888m99m4m"
# The steps the issue asks for, in this order: tiles, seats, dealing, the turn, claiming, the
# winning shape, the minimum, then one hand from the deal to the payments.
STEPS = ["quickstart", "tiles", "seats", "dealing", "the-turn", "claiming", "winning-shape", "minimum",
         "worked-hand", "worked-deal", "worked-claims", "worked-win", "worked-payments", "worked-self-drawn",
         "next"]
# The nine series into which the Chinese rules sort the fans, as the seeds name them.
SERIES = ["字牌系列", "序数牌系列", "刻（杠）系列", "七对系列", "花色组合系列", "全带系列", "不靠系列",
          "和牌方式系列", "特殊系列"]
NEW_SECTIONS = [("play", "repeated-discard"), ("competition", "dead-hand"), ("fans", "official-series")]


def page(lang: str) -> str:
    return (BOOK / lang / "quickstart.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_quick_start_has_every_step_in_order(lang: str) -> None:
    assert (BOOK / lang / "quickstart.md").is_file(), f"site/{lang}/quickstart.md is missing"
    assert ANCHOR.findall(page(lang)) == STEPS


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_same_examples_and_links_as_english_and_nothing_left_untranslated(lang: str) -> None:
    english, translated = page("en"), page(lang)
    assert HAND_BLOCK.findall(translated) == HAND_BLOCK.findall(english), "example hands differ"
    assert sorted(LINK_TARGET.findall(translated)) == sorted(LINK_TARGET.findall(english)), "links differ"
    left = [p[:80] for p in _prose_paragraphs(translated) if p in set(_prose_paragraphs(english))]
    assert not left, f"untranslated paragraphs: {left}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_numbered_step_links_the_rulebook_section_that_says_more(lang: str) -> None:
    sections = re.split(r"^## ", page(lang), flags=re.M)[1:]
    numbered = [s for s in sections if re.match(r"\d\. ", s)]
    assert len(numbered) == 8
    for section in numbered:
        targets = LINK_TARGET.findall(section)
        assert any(t.startswith("rulebook/") for t in targets), section.splitlines()[0]
        for target in targets:
            if target.startswith("rulebook/"):
                chapter, _, anchor = target.partition("#")
                source = (BOOK / lang / chapter).read_text(encoding="utf-8")
                assert not anchor or anchor in ANCHOR.findall(source), f"{target}: no such section"


def test_the_worked_hand_scores_and_pays_as_the_rules_say() -> None:
    # Worked out from the rules, not read from the engine: one suit (characters) and honors is
    # Half Flush 6; the pung of red dragons is Dragon Pung 2, which leaves out Pung of
    # Terminals or Honors for it; the chows 2-3-4 and 5-6-7 of characters are Short Straight 1.
    # The wait 2-3 on 1 or 4 is two-sided (no wait fan), two sets were claimed (no Concealed
    # Hand) and 888m is the only concealed pung. 6 + 2 + 1 = 9, at least 8: valid.
    # On a discard the discarder pays 8 + 9 = 17, the other two the base, 8 each; the winner
    # gets 17 + 8 + 8 = 33. Self-drawn adds Self-Drawn 1 (10), and each of the three pays
    # 8 + 10 = 18: 54 in all.
    on_discard = rules.score(WORKED_HAND, seat_wind="S")
    assert on_discard.fan_counts() == {"half_flush": 1, "dragon_pung": 1, "short_straight": 1}
    assert (on_discard.total, on_discard.valid) == (9, True)
    paid = on_discard.payments
    assert (paid.discarder, paid.others, paid.winner_receives) == (17, 8, 33)
    drawn = rules.score(WORKED_HAND, seat_wind="S", self_drawn=True)
    assert drawn.total == 10 and drawn.fan_counts()["self_drawn"] == 1
    assert (drawn.payments.each, drawn.payments.winner_receives) == (18, 54)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_states_the_payments_of_both_ways_of_winning(lang: str) -> None:
    source = page(lang)
    worked = source[source.index("{#worked-win}"):]
    blocks = HAND_BLOCK.findall(worked)
    assert len(blocks) == 2 and all(WORKED_HAND in b for b in blocks)
    assert "self_drawn" not in blocks[0] and "self_drawn: true" in blocks[1]
    for sums in ("8 + 9 = **17**", "17 + 8 + 8 = **33**", "8 + 10 = **18**", "3 × 18 = **54**"):
        assert sums in worked, sums


def test_the_minimum_example_falls_short_of_8() -> None:
    # All Chows 2, All Simples 2, Short Straight 1 (3-4-5 and 6-7-8 of bamboo), Single Wait 1 (the
    # pair of 8 of dots): 6 points, a winning shape that may not win.
    source = page("en")
    block = HAND_BLOCK.findall(source[source.index("{#minimum}"):source.index("{#worked-hand}")])
    assert len(block) == 1
    result = rules.score("[234p]567m345s678s88p")
    assert (result.total, result.valid) == (6, False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_navigation_shows_the_quick_start_second(data: SiteData, lang: str) -> None:
    nav = build_nav(ROOT / "site", data, lang)
    assert nav[0] == {text(lang, "nav_home"): "index.md"}
    assert nav[1] == {text(lang, "nav_quickstart"): "quickstart.md"}
    assert list(nav[2]) == [text(lang, "nav_rulebook")]


def test_a_site_without_the_page_has_no_entry_for_it(tmp_path: Path, data: SiteData) -> None:
    (tmp_path / "en/rulebook").mkdir(parents=True)
    (tmp_path / "en/rulebook/tiles.md").write_text("# x\n", encoding="utf-8")
    assert "quickstart.md" not in str(build_nav(tmp_path, data, "en"))
    (tmp_path / "en/quickstart.md").write_text("# Quick\n", encoding="utf-8")
    assert build_nav(tmp_path, data, "ko")[1] == {"빠른 시작": "quickstart.md"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_links_the_quick_start(lang: str) -> None:
    home = (BOOK / lang / "index.md").read_text(encoding="utf-8")
    assert "quickstart.md" in LINK_TARGET.findall(home)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("chapter", "anchor"), NEW_SECTIONS)
def test_the_new_rulebook_sections_are_in_every_language(lang: str, chapter: str, anchor: str) -> None:
    source = (BOOK / lang / "rulebook" / f"{chapter}.md").read_text(encoding="utf-8")
    assert anchor in ANCHOR.findall(source)


def _series_rows(lang: str) -> list[str]:
    source = (BOOK / lang / "rulebook" / "fans.md").read_text(encoding="utf-8")
    section = source[source.index("{#official-series}"):]
    section = re.split(r"^## ", section, flags=re.M)[0]
    return [row for row in section.splitlines() if re.match(r"\| \d ", row)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_nine_series_hold_every_fan_once_with_its_family(lang: str, table: rules.FanTable) -> None:
    rows = _series_rows(lang)
    assert len(rows) == 9
    seen: list[str] = []
    for number, (row, series) in enumerate(zip(rows, SERIES), 1):
        assert row.startswith(f"| {number} |") and series in row, row[:60]
        fans = re.findall(r"\(\.\./fans/(\w+)\.md\)", row)
        families = re.findall(r"\(#family-(\w+)\)", row)
        # The family column names exactly the families of the fans in the row, each once.
        assert sorted(families) == sorted({table.fan(f).family for f in fans}), row[:60]
        seen += fans
    assert sorted(seen) == sorted(f.id for f in table.fans), "each of the 81 fans in exactly one series"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_repeated_discard_has_its_check_question(lang: str) -> None:
    source = (BOOK / lang / "rulebook" / "play.md").read_text(encoding="utf-8")
    section = source[source.index("{#repeated-discard}"):source.index("{#claim-priority}")]
    assert "id: pung-a-repeated-discard" in section and "跟张" in section


# The diagrams of the rulebook, where the quick start's steps describe what they draw.
QUICKSTART_DIAGRAMS = {"seats": "seating", "dealing": "wall-break", "claiming": "claimed-melds"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seating_dealing_and_claiming_steps_show_their_diagrams(lang: str) -> None:
    found = {}
    for section in re.split(r"^## ", page(lang), flags=re.M)[1:]:
        anchor = re.match(r".*\{#([\w-]+)\}", section)
        names = re.findall(r"^```diagram\n(\S+)\n```$", section, re.M)
        if names:
            found[anchor.group(1) if anchor else section[:40]] = names
    assert found == {step: [name] for step, name in QUICKSTART_DIAGRAMS.items()}
