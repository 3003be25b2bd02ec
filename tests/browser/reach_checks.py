"""The accessibility pass of every kind of page, in every language (the test_reach_*.py
files, one per group of kinds so that the two test workers share them): at 390 px wide no
page scrolls sideways, and axe-core (from its npm package in node_modules/) finds no serious
or critical violation, nor the minor ones once found and fixed (HELD_MINOR), light or dark.
Colours are the same in every language and a palette changes nothing else: axe's colour
rules run light and dark in English, Chinese and Japanese (Latin text, and Han text with and
without kana; the Chinese fan index adds pinyin); every other rule runs in all six. Phone
screenshots go to test-artifacts/ when asked for (MCR_SCREENSHOTS)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from generator.site.site_text import DEFAULT_LANG, LANGS

from ..conftest import ROOT
from .site_steps import DARK_LANGS, TRANSITIONS_ENDED, inject_axe, keep_screenshot, switch_palette
from .conftest import CHROMIUM

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

MARKS = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
    pytest.mark.skipif(not AXE.exists(), reason="node_modules/axe-core is missing (./dev setup runs npm ci)"),
]

# One page of each kind; the calculator with a scored hand, so its breakdown is checked too.
KINDS = {
    "home": "",
    "quick start": "quickstart/",
    "rulebook": "rulebook/scoring/",
    "fan table": "fans/",
    "fan": "fans/big_four_winds/",
    "fan sheet": "fans/fan-sheet/",
    "notation": "notation/",
    "rulings": "rulebook/rulings/",
    "quiz index": "quiz/",
    "trainer quiz": "quiz/beginner/",          # trainer.session under Pyodide: the edition asked first
    "calculator": "calculator/?hand=%5BEEE%5D%5BSSSS1%5D55pWWWNNN&self_drawn=1",
    "calculator waits": "calculator/?hand=%5B123m%5D456m789m34p55s",
    # Issue 22: the discard analysis of a hand that is no win, under a link whose flowers are refused.
    "calculator discards": "calculator/?hand=%5B123m%5D456m789m34p55s9p&flowers=12",
    "rules quiz": "quiz/rules/",
}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
RULEBOOK_PAGE_LIMIT = 600_000

WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
# What overflows: the outermost elements past the right edge, outside scrolling boxes.
OVERFLOWING = """() => { const w = window.innerWidth, out = [];
  const over = (el) => el.getBoundingClientRect().right > w + 1;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.md-sidebar, .md-search, .md-typeset__scrollwrap')) continue;
    if (over(el) && !(el.parentElement && over(el.parentElement))) out.push(el.tagName + '.' + el.className);
  }
  return out.slice(0, 5); }"""
# Besides every serious or critical violation, the minor ones the site was found with and fixed
# (issue 22: empty-table-header on the notation page).
HELD_MINOR = ["empty-table-header"]
AXE_RUN = """async (held) => (await axe.run(document, {resultTypes: ['violations']})).violations
  .filter(v => v.impact === 'serious' || v.impact === 'critical' || held.includes(v.id))
  .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""
# A palette changes colours and nothing else, and colours are the same in every language:
# axe's rules that read colours (text against its background, a link against the text around
# it) run in DARK_LANGS, light and dark; every other rule runs in every language, light.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AXE_COLOUR_RUN = AXE_RUN.replace("{resultTypes: ['violations']}",
                                 f"{{resultTypes: ['violations'], runOnly: {COLOUR_RULES}}}")
AXE_TEXT_RUN = AXE_RUN.replace(
    "{resultTypes: ['violations']}",
    "{resultTypes: ['violations'], rules: {" + ", ".join(f"'{r}': {{enabled: false}}" for r in COLOUR_RULES) + "}}")


def page_url(base: str, lang: str, path: str) -> str:
    return base + ("" if lang == DEFAULT_LANG else f"{lang}/") + path


def settle(page: Any, kind: str) -> None:
    if kind.startswith("calculator"):
        page.wait_for_selector(".mcr-calc[data-answered]", timeout=60000)
    elif kind == "rules quiz":
        page.wait_for_selector(".mcr-rules-quiz[data-state=question]", timeout=15000)
    elif kind == "trainer quiz":   # Python starting in WebAssembly: generous
        page.wait_for_selector("div.mcr-trainer[data-state=edition]", timeout=180000)
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=15000)


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """A phone's page for a module's checks (each test_reach_*.py imports it)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def accessibility_test(kinds: tuple[str, ...]) -> Callable[..., None]:
    """The test of a file's `kinds` of page, in every language."""
    @pytest.mark.parametrize("lang", LANGS)
    @pytest.mark.parametrize("kind", kinds)
    def test_phone_width_and_accessibility(phone: Any, base_url: str, lang: str, kind: str) -> None:
        check_page(phone, base_url, lang, kind)
    return test_phone_width_and_accessibility


def axe_violations(page: Any, run: str = AXE_RUN) -> list[str]:
    inject_axe(page)
    page.evaluate(TRANSITIONS_ENDED)
    return page.evaluate(run, HELD_MINOR)


# A scheme chosen on an earlier page (a test that failed half-way) is forgotten first.
FORGET_SCHEME = """() => { try { Object.keys(localStorage).filter(k => k.endsWith('__palette'))
  .forEach(k => localStorage.removeItem(k)); } catch (e) { /* about:blank holds no storage */ } }"""


def open_page(phone: Any, base_url: str, lang: str, kind: str) -> None:
    """A page of `kind` opened at phone width in light mode, and settled."""
    phone.evaluate(FORGET_SCHEME)
    phone.set_viewport_size(PHONE)
    phone.goto(page_url(base_url, lang, KINDS[kind]))
    settle(phone, kind)


def check_page(phone: Any, base_url: str, lang: str, kind: str) -> None:
    """One page at phone width, through axe light (and dark in DARK_LANGS)."""
    open_page(phone, base_url, lang, kind)
    check_open_page(phone, lang, kind)


def type_hand(phone: Any, hand: str) -> None:
    """A hand typed into the open calculator, whose engine has started; its answer shown."""
    asked = int(phone.get_attribute(".mcr-calc", "data-answered") or 0)
    phone.fill(".mcr-calc__notation", hand)
    phone.wait_for_function(f"""() => {{ const r = document.querySelector('.mcr-calc');
      return Number(r.dataset.answered) > {asked} && !r.hasAttribute('aria-busy'); }}""", timeout=60000)


def check_open_page(phone: Any, lang: str, kind: str) -> None:
    """The open page, settled, at phone width and through axe light (its colour rules, and
    dark, in DARK_LANGS)."""
    phone.set_viewport_size(PHONE)
    scroll, width = phone.evaluate(WIDTH)
    if kind in ("fan", "calculator", "calculator waits", "calculator discards"):
        keep_screenshot(phone, f"phone-{lang}-{kind.replace(' ', '-')}.png", lang, full_page=True)
    assert scroll <= width, f"{kind} in {lang} scrolls sideways at {width}px: {phone.evaluate(OVERFLOWING)}"
    light = axe_violations(phone, AXE_RUN if lang in DARK_LANGS else AXE_TEXT_RUN)
    assert light == [], f"{kind} in {lang}, light: {light}"
    if lang not in DARK_LANGS:
        return
    # Dark, at a desktop's width, on the same page: switched as a reader switches it, so a
    # page that starts Python in WebAssembly (the calculator, the trainer) starts it once.
    phone.set_viewport_size(DESKTOP)
    switch_palette(phone, "dark")
    dark = axe_violations(phone, AXE_COLOUR_RUN)
    assert dark == [], f"{kind} in {lang}, dark: {dark}"
    switch_palette(phone, "light")   # for the next page
