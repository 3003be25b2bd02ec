"""The quick start page in a real browser, at a desktop width (1280 px) and a phone width
(390 px): its title, its nine sections, its four hands
with their tiles and its tables are there, and every one of them lies inside the viewport
(nothing pushes the page sideways). On the phone, its three diagrams are drawn whole
(test_diagrams_browser.py's checks), light, and dark in DARK_LANGS: the layout is the same in
either palette. Screenshots go to test-artifacts/."""
from __future__ import annotations

import pytest

from generator.site.site_text import LANGS, text

from .site_steps import DARK_LANGS, keep_screenshot, switch_palette
from .diagram_steps import check_quick_start_diagrams
from .test_site_browser import Tab, _prefix

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (1280, 390)
HANDS = 4          # the tiles, the hand under 8 points, the worked hand on a discard and self-drawn
SECTIONS = 9       # the eight steps and "where to go next"
PROSE_TABLES = 3   # the seats, the worked hand's fans, its payments

# Every box that must be on screen, as [what, left, right], for elements the page needs.
_BOXES = """() => {
  const article = document.querySelector('article');
  const pick = (sel) => Array.from(article.querySelectorAll(sel));
  const tables = pick('table').filter(t => !t.closest('figure.mcr-hand'));
  const items = [...pick('h1'), ...pick('h2'), ...pick('figure.mcr-hand'), ...tables,
                 ...pick('figure.mcr-hand .mcr-tile--winning')];
  return items.map(e => { const r = e.getBoundingClientRect();
    return [e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 30), r.left, r.right]; });
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_start_fits_the_screen_and_draws_its_diagrams(browser: object, base_url: str, lang: str) -> None:
    """On a desktop's screen, then the same page on a phone's (laid out again, not reloaded),
    where its diagrams are checked too, light and then dark on the same page in DARK_LANGS."""
    tab = Tab(browser, base_url)
    try:
        tab.page.set_viewport_size({"width": WIDTHS[0], "height": 900})
        tab.open(f"{_prefix(lang)}quickstart/")
        assert tab.heading() == text(lang, "nav_quickstart")
        assert tab.page.locator("article h2").count() == SECTIONS
        assert tab.page.locator("article figure.mcr-hand").count() == HANDS
        assert tab.tiles_loaded() >= 14 * HANDS
        assert tab.page.locator("article table:not(figure.mcr-hand table)").count() == PROSE_TABLES
        for width in WIDTHS:
            tab.page.set_viewport_size({"width": width, "height": 900})
            _fits(tab, lang, width)
        tab.page.evaluate("document.fonts.ready")
        for scheme in ("light", "dark") if lang in DARK_LANGS else ("light",):
            switch_palette(tab.page, scheme)
            check_quick_start_diagrams(tab.page, lang, scheme)
        assert not tab.errors, tab.errors
    finally:
        tab.context.close()


def _fits(tab: Tab, lang: str, width: int) -> None:
    # The page itself never scrolls sideways, and every part of it starts and ends on screen.
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= width, (lang, width)
    outside = [(what, left, right) for what, left, right in tab.page.evaluate(_BOXES)
               if left < 0 or right > width + 0.5]
    assert not outside, (lang, width, outside)
    if width >= 1280:   # the tabs of the header show the page second, after the home page
        tabs = tab.page.locator(".md-tabs__item").all_inner_texts()
        assert [t.strip() for t in tabs[:2]] == [text(lang, "nav_home"), text(lang, "nav_quickstart")]
    keep_screenshot(tab.page, f"quickstart-{lang}-{width}.png", lang, full_page=True)
