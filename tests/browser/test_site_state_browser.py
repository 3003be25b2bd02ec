"""The reader's place, in a real browser (Debian's Chromium driven by Playwright) on the built
site: old and /en/ addresses land on the page and anchor meant; the fan table's filters live
in the address (a reload or a shared link shows the same rows); the language switcher keeps
the #anchor; a Yes/No quiz question shows neither answer as chosen before one is given."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import rules

from .conftest import CHROMIUM
from .test_site_browser import Tab

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]


@pytest.fixture
def tab(browser: object, base_url: str) -> Iterator[Tab]:  # noqa: F811 - a fresh browser profile per test
    opened = Tab(browser, base_url)
    yield opened
    opened.context.close()


def _land(tab: Tab, path: str) -> None:
    """Open `path` and wait for any redirect to finish."""
    tab.open(path)
    tab.page.wait_for_function("() => !document.querySelector('meta[http-equiv=refresh]')", timeout=10000)
    tab.page.wait_for_load_state("load")


@pytest.mark.parametrize(("old", "new", "heading"), [
    ("rulings/#unique_wait", "rulebook/rulings/#unique_wait", "Rulings"),
    ("zh/rulings/#false_win", "zh/rulebook/rulings/#false_win", "裁定"),
    ("en/", "", "MCR Rules"),
    ("en/rulebook/play/#claiming", "rulebook/play/#claiming", "Playing a hand"),
    ("en/rulings/#no_dead_wall", "rulebook/rulings/#no_dead_wall", "Rulings"),
    ("en/fans/?points=88", "fans/?points=88", None),
], ids=["rulings", "zh rulings", "en home", "en page with anchor", "en old rulings", "en with query"])
def test_old_and_en_addresses_lead_to_the_page(tab: Tab, old: str, new: str, heading: str | None) -> None:
    _land(tab, old)
    assert tab.page.url == tab.base_url + new
    if heading == "MCR Rules":
        assert tab.page.title() == heading
    elif heading:
        assert tab.heading() == heading
    if "#" in new:   # scrolled to the section
        top = tab.page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", new.split("#")[1])
        assert 0 <= top < 300
    assert not tab.errors, tab.errors


VISIBLE = ".mcr-fan-table tbody tr:not([hidden])"


def _filters(page: Any) -> tuple[str, str, int]:
    return (page.locator("select[data-filter=points]").input_value(),
            page.locator("select[data-filter=family]").input_value(), page.locator(VISIBLE).count())


def test_fan_table_filters_survive_a_reload_and_a_shared_link(tab: Tab, browser: object,  # noqa: F811
                                                             base_url: str, table: rules.FanTable) -> None:  # noqa: F811
    tab.open("fans/")
    page = tab.page
    page.select_option("select[data-filter=points]", "8")
    page.select_option("select[data-filter=family]", "chows")
    # The 8-point chow fans, counted from the table: Mixed Straight, Mixed Triple Chow,
    # Mixed Shifted Chows... whatever fans.yaml holds, the page must show just those.
    expected = sum(1 for f in table.fans if f.points == 8 and f.family == "chows")
    assert expected > 0
    view = ("8", "chows", expected)
    assert _filters(page) == view
    assert page.url == base_url + "fans/?points=8&family=chows"
    page.reload(wait_until="load")
    assert _filters(page) == view, "a reload lost the filters"
    shared = Tab(browser, base_url)   # a new browser profile opening the shared link
    try:
        shared.open("fans/?points=8&family=chows")
        assert _filters(shared.page) == view, "the shared link did not reproduce the view"
        shared.page.select_option("select[data-filter=points]", "")   # back to all: out of the address
        assert shared.page.url == base_url + "fans/?family=chows"
        assert shared.page.locator(VISIBLE).count() == sum(1 for f in table.fans if f.family == "chows")
        shared.open("fans/?points=7&family=nonsense")   # no such options: every fan, a clean address
        assert _filters(shared.page) == ("", "", len(table.fans))
        assert shared.page.url == base_url + "fans/"
        assert not shared.errors, shared.errors
    finally:
        shared.context.close()
    assert not tab.errors, tab.errors


def _switch(tab: Tab, lang: str) -> None:
    tab.page.locator(".md-header__option .md-select").hover()
    tab.page.locator(f"a.md-select__link[hreflang={lang}]").click()
    tab.page.wait_for_load_state("load")


def test_language_switcher_keeps_the_anchor(tab: Tab) -> None:
    tab.open("rulebook/play/#claiming")
    # Each language's own name (中文, 日本語) is read in that language's voice.
    links = tab.page.locator("a.md-select__link[hreflang]")
    assert links.count() == 6
    assert all(link.get_attribute("lang") == link.get_attribute("hreflang") for link in links.all())
    _switch(tab, "zh")
    assert tab.page.url == tab.base_url + "zh/rulebook/play/#claiming"
    assert tab.page.locator("#claiming").count() == 1
    # An anchor reached after the page loaded (a link within the page) is kept too.
    tab.page.evaluate("() => { location.hash = 'the-turn'; }")
    _switch(tab, "es")
    assert tab.page.url == tab.base_url + "es/rulebook/play/#the-turn"
    # And the fan table's filters, which are language-neutral ids.
    tab.open("ko/fans/?points=88")
    _switch(tab, "en")
    assert tab.page.url == tab.base_url + "fans/?points=88"
    assert tab.page.locator("select[data-filter=points]").input_value() == "88"
    assert not tab.errors, tab.errors


def test_yes_and_no_are_not_chosen_before_an_answer(tab: Tab) -> None:
    """A family page's "Is it a valid win?" (the trainer's form): neither answer is ticked
    or drawn apart from the other before the learner gives one."""
    tab.open("quiz/family-concealment/")
    page = tab.page
    trainer = "div.mcr-trainer"
    page.wait_for_selector(f"{trainer}:is([data-state=edition], [data-state=question])", timeout=180_000)
    if page.locator("button[data-edition]").count():
        page.locator("button[data-edition]").first.click()
    page.select_option(".mcr-trainer__kind", "valid")
    page.wait_for_selector(f"{trainer}[data-state=question][data-kind=valid]", timeout=60_000)
    page.mouse.move(0, 0)    # hovering is the reader's own doing, not a choice shown
    options = page.locator(".mcr-trainer__option")
    assert options.count() == 2 and page.locator(".mcr-trainer__option input:checked").count() == 0
    looks = [o.evaluate("l => { const s = getComputedStyle(l); return [l.className, s.backgroundColor, s.color,"
                        " s.outlineStyle]; }") for o in options.all()]
    assert looks[0] == looks[1], looks
    assert not tab.errors, tab.errors
