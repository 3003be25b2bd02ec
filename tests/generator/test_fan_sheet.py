"""The printable fan sheet as generated (generator/site/fan_sheet_page.py), and what its PDF step
does without Chromium. The PDF itself and the sheet in a browser: test_fan_sheet_pdf.py."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.site import fan_sheet_pdf
from generator.site.fan_sheet_page import FIRST_PAGE_FANS, PDF_NAME, SHEET_PAGE, fan_sheet_page
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_nav import build_nav
from generator.site.site_text import LANGS, text

# The points of the 81 fans in the rulebook's order, from the rules' own count of each level
# (seven 88s, six 64s, two 48s, three 32s, nine 24s, six 16s, five 12s, nine 8s, seven 6s,
# four 4s, ten 2s and thirteen 1s): the order the sheet must follow, 88 down to 1.
RULEBOOK_POINTS = ([88] * 7 + [64] * 6 + [48] * 2 + [32] * 3 + [24] * 9 + [16] * 6 + [12] * 5 + [8] * 9
                   + [6] * 7 + [4] * 4 + [2] * 10 + [1] * 13)
CARD = re.compile(r'<li class="mcr-sheet__fan" id="fan-(\d+)" data-fan="(\w+)" data-points="(\d+)">(.*?)</li>', re.S)


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _cards(page: str) -> list[tuple[int, str, int, str]]:
    return [(int(n), fid, int(p), body) for n, fid, p, body in CARD.findall(page)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_fan_by_points_with_its_name_summary_and_hand(data: SiteData, lang: str) -> None:
    page = fan_sheet_page(data, lang)
    cards = _cards(page)
    assert len(RULEBOOK_POINTS) == 81 and len(cards) == 81
    assert [n for n, *_ in cards] == list(range(1, 82))
    assert [p for _, _, p, _ in cards] == RULEBOOK_POINTS
    for number, fan_id, points, body in cards:
        fan = data.table.by_id[fan_id]
        assert fan.number == number
        assert f'<a class="mcr-sheet__name" href="MCRURL(fans/{fan_id}.md)">{html.escape(fan.names[lang])}</a>' in body
        unit = text(lang, "sheet_points_one" if points == 1 else "sheet_points", n=points)
        assert f'<span class="mcr-sheet__points">{html.escape(unit)}</span>' in body
        summary = re.search(r'<p class="mcr-sheet__summary">(.*?)</p>', body, re.S)[1]
        assert html.unescape(summary) == fan.summaries[lang] and "\n" not in summary
        # The drawing is a whole example hand: 14 tiles, one more per kong, and its flowers.
        hand = html.unescape(re.search(r'data-hand="([^"]+)"', body)[1])
        example = next(e for e in fan.examples if e.hand == hand)
        assert example.matches
        tiles = re.findall(r'<img class="mcr-tile[^"]*" src="MCRURL\(assets/mcr/tiles/([^)]+)\)"', body)
        kongs = len(re.findall(r"\[(\w)\1{3}", hand))
        flowers = example.situation.get("flowers", 0)
        assert len(tiles) == 14 + kongs + flowers, (fan_id, tiles)
        assert sum(1 for t in tiles if re.fullmatch(r"[fs]\d\.svg", t)) == flowers
    # Two printed pages, the first holding FIRST_PAGE_FANS fans.
    sections = page.split('<section class="mcr-sheet__page"')[1:]
    assert [len(CARD.findall(s)) for s in sections] == [FIRST_PAGE_FANS, 81 - FIRST_PAGE_FANS]
    assert f'href="{PDF_NAME}" download="mcr-fan-sheet-{lang}.pdf"' in page


def test_the_not_counted_lists_are_the_rules(data: SiteData) -> None:
    # From the rules' own "not counted" lists: All Simples not with No Honors (76); Last Tile
    # Draw not with Self-Drawn (80); Robbing the Kong not with Last Tile (58); Full Flush not
    # with One Voided Suit (75) or No Honors (76); a Dragon Pung is no Pung of Terminals or
    # Honors (73) on its own pung only (the mark °); Pure Double Chow leaves nothing out.
    expected = {"all_simples": ["76"], "last_tile_draw": ["80"], "robbing_the_kong": ["58"],
                "full_flush": ["75", "76"], "dragon_pung": ["73°"], "pure_double_chow": []}
    for lang in LANGS:
        cards = {fid: body for _, fid, _, body in _cards(fan_sheet_page(data, lang))}
        for fan_id, numbers in expected.items():
            got = re.findall(r'<span class="mcr-sheet__out">([^<]+)</span>', cards[fan_id])
            assert got == numbers, (lang, fan_id, got)
        label = html.escape(text(lang, "sheet_excl"))
        assert f"<b>{label}</b> <span" in cards["all_simples"]
        assert "mcr-sheet__excluded" not in cards["pure_double_chow"]
        # On screen the numbers carry the names, in the page's language.
        title = text(lang, "sheet_excl_title", names=data.table.by_id["no_honors"].names[lang])
        assert f'title="{html.escape(title)}"' in cards["all_simples"]


def test_the_sheet_sits_beside_the_fan_table_in_the_nav(tmp_path: Path, data: SiteData) -> None:
    (tmp_path / "en/fans").mkdir(parents=True)
    assert build_nav(tmp_path, data, "ko")[1]["번종"][:1] == ["fans/index.md"]
    (tmp_path / "en" / SHEET_PAGE).write_text("# s\n", encoding="utf-8")
    fans = build_nav(tmp_path, data, "ko")[1]["번종"]
    assert fans[:2] == ["fans/index.md", SHEET_PAGE] and list(fans[2]) == ["88점"]


def test_without_chromium_the_build_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from mkdocs.exceptions import PluginError

    from generator.site import fan_sheet_hook

    monkeypatch.setattr(fan_sheet_pdf, "CHROMIUM", tmp_path / "no-chromium")
    problem = fan_sheet_pdf.missing_tools()
    assert problem and "apt-get install chromium" in problem and "MCR_SKIP_FAN_SHEET_PDF=1" in problem
    with pytest.raises(fan_sheet_pdf.SheetPdfError, match="apt-get install chromium"):
        fan_sheet_pdf.print_sheets([tmp_path / "index.html"])

    class Config(dict):   # what the hook reads of MkDocs' config: no static-i18n plugin
        plugins: dict[str, object] = {}

    monkeypatch.delenv("MCR_SKIP_FAN_SHEET_PDF", raising=False)
    with pytest.raises(PluginError, match="apt-get install chromium"):
        fan_sheet_hook.on_pre_build(Config())
    # Asked to skip, the build goes on and says so.
    monkeypatch.setenv("MCR_SKIP_FAN_SHEET_PDF", "1")
    fan_sheet_hook.on_pre_build(Config())
    fan_sheet_hook.on_post_build(Config())
    monkeypatch.setenv("MCR_SKIP_FAN_SHEET_PDF", "0")   # "0" is no request to skip
    assert not fan_sheet_pdf.skip_requested()
