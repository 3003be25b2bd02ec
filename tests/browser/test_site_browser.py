"""The built site in a real browser (Debian's Chromium driven by Playwright): every
language's home and fan pages load with their tile pictures and no console error, the
language switcher stays on the page, the search finds fans by their names in any
language, and the fan table filters. Screenshots go to test-artifacts/."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from generator.site.site_text import DEFAULT_LANG, LANGS, TEXT

from .conftest import CHROMIUM, sync_api
from .site_steps import keep_screenshot, type_query

FAN = "full_flush"    # its examples show claimed sets, concealed tiles and the winning tile

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]


class Tab:
    """A page plus every error it reported: console errors, uncaught exceptions, HTTP errors."""

    def __init__(self, browser: object, base_url: str, scheme: str = "light", service_workers: str = "block") -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme,
                                           service_workers=service_workers)
        self.page = self.context.new_page()
        self.base_url = base_url
        self.errors: list[str] = []
        self.requested: list[str] = []
        self.page.on("request", lambda r: self.requested.append(r.url))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.on("response", lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status} {r.url}"))
        # ERR_ABORTED: a request cut short because the test moved on to the next page.
        self.page.on("requestfailed", lambda r: "ERR_ABORTED" not in (r.failure or "")
                     and self.errors.append(f"failed: {r.url} {r.failure}"))

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path, wait_until="load")

    def heading(self) -> str:
        return self.page.locator("article h1").inner_text().replace("¶", "").strip()   # minus the permalink

    def tiles_loaded(self) -> int:
        """How many tile pictures the page shows; fails if one of them did not load."""
        # A page that draws its tiles from script (the rules quiz) may still be fetching them.
        self.page.wait_for_function("""() => Array.from(document.querySelectorAll('img.mcr-tile'))
            .every(i => i.complete)""", timeout=30_000)
        broken = self.page.evaluate("""() => Array.from(document.querySelectorAll('img.mcr-tile'))
            .filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'))""")
        assert not broken, f"tile pictures did not load: {broken[:5]}"
        return self.page.locator("img.mcr-tile").count()


@pytest.fixture
def tab(browser: object, base_url: str) -> Iterator[Tab]:
    opened = Tab(browser, base_url)
    yield opened
    opened.context.close()


def _prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_missing_address_in_a_language_s_folder_answers_in_that_language(tab: Tab, lang: str) -> None:
    # A static host answers every missing address with the root's 404.html, in English; under
    # /fr/ it shows the French page in its place, the address kept as typed.
    tab.open(f"{lang}/rulebook/no-such-page/")
    tab.page.wait_for_function(f"() => document.documentElement.lang === '{lang}'", timeout=10_000)
    assert tab.heading() == TEXT[lang]["not_found_title"]
    assert tab.page.url == f"{tab.base_url}{lang}/rulebook/no-such-page/"
    assert tab.page.locator("article a", has_text=TEXT[lang]["not_found_home"]).get_attribute("href") == f"/{lang}/"
    assert tab.page.evaluate("() => getComputedStyle(document.documentElement).visibility") == "visible"
    keep_screenshot(tab.page, f"not-found-{lang}.png", lang)
    tab.open("rulebook/no-such-page/")
    assert tab.page.locator("html").get_attribute("lang") == DEFAULT_LANG
    assert tab.heading() == TEXT[DEFAULT_LANG]["not_found_title"]
    missing = [e for e in tab.errors if not e.startswith("HTTP 404") and "404 (Not Found)" not in e]
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGS)
def test_home_and_fan_page_load_with_their_tiles(tab: Tab, lang: str, table: object) -> None:
    tab.open(_prefix(lang))
    assert tab.page.locator("html").get_attribute("lang") == lang
    assert tab.tiles_loaded() >= 14
    fan = table.fan(FAN)
    tab.open(f"{_prefix(lang)}fans/{FAN}/")
    assert tab.heading() == (fan.names.get(lang) or fan.names["en"])
    assert tab.tiles_loaded() > 40
    assert tab.page.locator("figure.mcr-hand .mcr-meld--exposed").count() >= 1
    assert tab.page.locator("figure.mcr-hand .mcr-tile--winning").count() == len(fan.examples)
    alt = tab.page.locator("figure.mcr-hand img.mcr-tile").first.get_attribute("alt")
    assert alt and not alt.endswith(".svg")
    keep_screenshot(tab.page, f"site-{lang}-{FAN}.png", lang, full_page=True)
    assert not tab.errors, tab.errors


def test_fan_page_in_the_dark_palette(browser: object, base_url: str) -> None:
    dark = Tab(browser, base_url, scheme="dark")
    try:
        dark.open(f"zh/fans/{FAN}/")
        assert dark.page.locator("body").get_attribute("data-md-color-scheme") == "slate"
        dark.tiles_loaded()
        keep_screenshot(dark.page.locator("figure.mcr-hand").first, f"site-zh-{FAN}-dark-hand.png", "zh")
        assert not dark.errors, dark.errors
    finally:
        dark.context.close()


def test_language_switcher_stays_on_the_same_page(tab: Tab, table: object) -> None:
    fan = table.fan(FAN)
    tab.open(f"fans/{FAN}/")
    for lang in ["zh", "es", "ko", "fr", "ja", "en"]:
        tab.page.locator(".md-header__option .md-select").hover()
        tab.page.locator(f"a.md-select__link[hreflang={lang}]").click()
        tab.page.wait_for_load_state("load")
        assert tab.page.url == tab.base_url + f"{_prefix(lang)}fans/{FAN}/"
        assert tab.heading() == (fan.names.get(lang) or fan.names["en"])
    assert not tab.errors, tab.errors


# Where every entry's top and foot lie, and whether each is the entry found there: the
# open menu's visible box clips what overflows it (the theme's 10rem stopped the sixth entry).
ENTRIES_SEEN = """() => {
    const inner = document.querySelector('.md-header__option .md-select__inner').getBoundingClientRect();
    return Array.from(document.querySelectorAll('.md-header__option a.md-select__link')).map((a) => {
        const box = a.getBoundingClientRect(), x = box.left + box.width / 2;
        const at = (y) => { const hit = document.elementFromPoint(x, y); return !!hit && a.contains(hit); };
        return {lang: a.hreflang, inside: box.top >= inner.top && box.bottom <= inner.bottom + 0.5
                && box.bottom <= window.innerHeight, hit: at(box.top + 2) && at(box.bottom - 2)};
    });
}"""


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_every_language_of_the_menu_is_in_sight_and_clickable(browser: Any, base_url: str, phone: bool) -> None:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    try:
        page = context.new_page()
        page.goto(base_url + f"fans/{FAN}/", wait_until="load")
        button = page.locator(".md-header__option .md-select button")
        if phone:
            button.tap()
        else:
            button.hover()
        page.wait_for_function("() => document.querySelector('.md-header__option .md-select__inner')"
                               ".getBoundingClientRect().height > 100 && getComputedStyle(document.querySelector("
                               "'.md-header__option .md-select__inner')).opacity === '1'")
        page.wait_for_timeout(300)   # the theme's slide into place
        entries = page.evaluate(ENTRIES_SEEN)
        assert [e["lang"] for e in entries] == list(LANGS)
        assert [e["lang"] for e in entries if not (e["inside"] and e["hit"])] == [], entries
        last = page.locator(f".md-header__option a.md-select__link[hreflang={LANGS[-1]}]")
        if phone:
            last.tap()
        else:
            last.click()
        page.wait_for_url(base_url + f"{_prefix(LANGS[-1])}fans/{FAN}/")
    finally:
        context.close()


# By language: the queries a reader of that language would type, and the fan each must find.
SEARCHES = {"zh": [("清一色", "full_flush")], "es": [("Escalera pura", "pure_straight"), ("escalera", "pure_straight")],
            "ko": [("혼일색", "half_flush")], "en": [("all pungs", "all_pungs")],
            # Japanese: the fan's own name, and the riichi name a Japanese player would type
            # (fans.yaml other_names); French players use the English names.
            "ja": [("清一色", "full_flush"), ("清龍", "pure_straight"), ("一気通貫", "pure_straight"), ("対々和", "all_pungs")],
            "fr": [("Pure Straight", "pure_straight"), ("Half Flush", "half_flush")]}
FIRST = {"清一色", "혼일색", "一気通貫", "清龍"}    # queries whose fan must come first, not only be listed
FOUND = """(fan) => Array.from(document.querySelectorAll('a.md-search-result__link'))
    .some(a => new URL(a.href).pathname.replace(/\\/$/, '').endsWith('/fans/' + fan))"""
NO_RESULT = "() => !document.querySelector('a.md-search-result__link')"


def _index_requests(tab: Tab) -> list[str]:
    return [u.rsplit("/", 1)[1] for u in tab.requested if "/search/search_index" in u]


def _search(tab: Tab, query: str, fan_id: str) -> None:
    """`query` typed into the open search box lists fans/`fan_id`/ (first, for FIRST). The box
    is emptied first and its results seen gone, so that the last query's cannot pass for these."""
    box = tab.page.locator("input.md-search__input")
    type_query(box, "")
    tab.page.wait_for_function(NO_RESULT, timeout=15000)
    type_query(box, query)
    try:
        tab.page.wait_for_function(FOUND, arg=fan_id, timeout=15000)
    except sync_api.TimeoutError:
        shown = tab.page.eval_on_selector_all("a.md-search-result__link", "links => links.map(a => a.href)")
        pytest.fail(f"searching {query!r} did not list fans/{fan_id}/; it listed {shown[:10]}")
    if query in FIRST:
        first = tab.page.eval_on_selector("a.md-search-result__link", "a => new URL(a.href).pathname")
        assert first.rstrip("/").endswith(f"/fans/{fan_id}"), f"searching {query!r} lists {first} first"


@pytest.mark.parametrize("lang", SEARCHES)
def test_search_finds_fans_by_their_names(tab: Tab, lang: str, table: object) -> None:
    """A language's queries, one after another in one page (its index loaded once, as a
    reader's is), each finding its fan."""
    searched, unnamed = [], []
    for query, fan_id in SEARCHES[lang]:
        fan = table.fan(fan_id)
        known = f"{fan.names.get(lang) or ''} {fan.other_names.get(lang) or ''}"
        if lang not in ("en", "zh") and query.lower() not in known.lower():
            unnamed.append((query, fan_id))
        else:
            searched.append((query, fan_id))
    if not searched:
        pytest.skip(f"fans.yaml has no {lang} name for any of {SEARCHES[lang]} yet")
    tab.open(_prefix(lang))
    tab.page.wait_for_load_state("networkidle")
    assert _index_requests(tab) == [], "the search index loads before the reader searches"
    tab.page.locator("input.md-search__input").click()
    for query, fan_id in searched:
        _search(tab, query, fan_id)
    own = "search_index.json" if lang == DEFAULT_LANG else f"search_index.{lang}.json"
    assert _index_requests(tab) == [own]
    assert tab.page.locator(".md-search[role=dialog]").get_attribute("aria-label")
    assert not tab.errors, tab.errors
    if unnamed:
        pytest.skip(f"searched {searched}; fans.yaml has no {lang} name containing {unnamed} yet")


def test_fan_table_filters_by_points_and_family(tab: Tab, table: object) -> None:
    tab.open("es/fans/")
    rows = tab.page.locator(".mcr-fan-table tbody tr")
    assert rows.count() == len(table.fans)
    tab.page.select_option("select[data-filter=points]", "88")
    visible = tab.page.locator(".mcr-fan-table tbody tr:not([hidden])")
    assert visible.count() == sum(1 for f in table.fans if f.points == 88)
    tab.page.select_option("select[data-filter=family]", "honors")
    both = sum(1 for f in table.fans if f.points == 88 and f.family == "honors")
    assert visible.count() == both
    assert f"{both} de {len(table.fans)}" in tab.page.locator(".mcr-filter__count").inner_text()
    assert tab.tiles_loaded() > 14 * len(table.fans) - 20
    assert not tab.errors, tab.errors


# Where the focus is: its tag, accessible name (aria-label, else text), left edge and role.
FOCUSED = """() => { const e = document.activeElement, r = e.getBoundingClientRect();
  return {tag: e.tagName, name: (e.getAttribute('aria-label') || e.textContent).trim(), x: r.right,
          role: e.getAttribute('role'), expanded: e.getAttribute('aria-expanded')}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_phone_menu_works_from_the_keyboard(browser: object, base_url: str, lang: str) -> None:
    # The theme's menu button was a bare label with an icon: no name, no Tab stop; and the
    # closed menu's links, drawn off screen, took ten presses of Tab where nothing showed.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{base_url}{_prefix(lang)}calculator/", wait_until="load")
        stops = []
        for _ in range(14):   # past the header: skip link, menu, scheme, languages, search
            page.keyboard.press("Tab")
            stops.append(page.evaluate(FOCUSED))
        assert all(s["x"] > 0 for s in stops), [s for s in stops if s["x"] <= 0]   # nothing off screen
        menu = next(s for s in stops if s["name"] == TEXT[lang]["header_menu"])
        assert (menu["role"], menu["expanded"]) == ("button", "false")
        assert any(s["name"] == TEXT[lang]["header_search"] and s["role"] == "button" for s in stops)
        button = page.locator('label.md-header__button[for="__drawer"]')
        button.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.getElementById('__drawer').checked")
        assert button.get_attribute("aria-expanded") == "true"
        assert page.evaluate("document.activeElement.closest('.md-sidebar--primary') !== null")
        page.keyboard.press("Escape")
        assert not page.evaluate("document.getElementById('__drawer').checked")
        assert page.evaluate(FOCUSED)["name"] == TEXT[lang]["header_menu"]
        page.locator('label.md-header__button[for="__search"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.classList.contains('md-search__input')")
    finally:
        context.close()
