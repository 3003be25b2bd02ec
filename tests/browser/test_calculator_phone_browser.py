"""The calculator at the table (issue 22), in a real browser (Debian's Chromium driven by
Playwright) on the built site, on a 390 px phone: the total bar stays on screen while
the tiles are tapped; the flowers count is refused outside 0-8 with a message, never
clamped; a share link's bad settings are named; a hand that is not a win or not ready gets
its discard analysis. Then the focus rings of the calculator and both quizzes, and the
rules quiz's "Next question" contrast in the dark scheme.

The engine starts once per page: one phone page serves the module, the tests typing into
it in turn, and the share links are opened in it last (from the browser's cache). The same
analysis and refusals in the other languages are read on test_reach_python.py's calculator,
whose Python has started already. The expected analyses are worked out by hand in
tests/generator/test_calculator_discard_analysis.py; here the page must show them."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

import rules
from generator.site.site_text import TEXT
from generator.site.quiz_site_text import quiz_text

from .site_steps import keep_screenshot
from .conftest import CHROMIUM
from .reach_checks import AXE, axe_violations

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

PHONE = {"width": 390, "height": 844}
ENGINE_START_MS = 60_000
# The hand tapped tile by tile: a claimed chow, then concealed tiles; the 14th wins on 5p.
TAPS = [("chow", "1m")] + [("standing", f) for f in ("4m", "5m", "6m", "7m", "8m", "9m", "3p", "4p", "5s", "5s", "5p")]
TAPPED = "[123m]456789m34p55s5p"
# The bar's place on screen, and whether its text is what shows there (not a notice over it).
IN_VIEW = """() => { const bar = document.querySelector('.mcr-calc__bar'), r = bar.getBoundingClientRect();
  const text = bar.querySelector('.mcr-calc__bar-text').getBoundingClientRect();
  const at = document.elementFromPoint(text.left + 4, text.top + text.height / 2);
  return {top: r.top, bottom: r.bottom, height: innerHeight, uncovered: !!(at && at.closest('.mcr-calc__bar'))}; }"""


class Phone:
    """The calculator on a phone, in one language, with every error the page reported."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
        self.page = self.context.new_page()
        self.base_url = base_url
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))

    def open(self, lang: str = "en", query: str = "") -> None:
        prefix = "" if lang == "en" else f"{lang}/"
        self.page.goto(f"{self.base_url}{prefix}calculator/{query}", wait_until="domcontentloaded")
        self.page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_START_MS)
        self.answered()
        self.text = TEXT[lang]

    def answered(self) -> None:
        self.page.wait_for_function(
            "() => { const r = document.querySelector('.mcr-calc'); return r.dataset.answered && "
            "!r.hasAttribute('aria-busy'); }", timeout=20000)

    def type(self, notation: str) -> None:
        self.page.fill(".mcr-calc__notation", notation)
        self.answered()

    def flowers(self, typed: str) -> None:
        self.page.fill("input[name=flowers]", typed)
        self.answered()

    def as_new(self) -> None:
        """The page as a fresh one shows it, its Python kept running: no flowers and the saved
        notice hidden, whatever a test before left (so that one failing fails alone)."""
        self.page.evaluate("() => { document.querySelector('.mcr-notice[data-notice=saved]').hidden = true; }")
        if self.page.input_value("input[name=flowers]") != "0":
            self.flowers("0")

    def summary(self) -> str:
        return self.page.inner_text(".mcr-calc__summary")

    def bar(self) -> str:
        return self.page.inner_text(".mcr-calc__bar-text")


@pytest.fixture(scope="module")
def phone(browser: Any, base_url: str) -> Iterator[Phone]:  # noqa: F811 - fixtures from test_site_browser
    opened = Phone(browser, base_url)
    opened.open()
    yield opened
    opened.context.close()


def test_the_total_stays_on_screen_while_tiles_are_tapped(phone: Phone) -> None:
    page = phone.page
    page.click(".mcr-calc__clear")
    phone.answered()
    page.locator(".mcr-calc__palette").scroll_into_view_if_needed()
    for n, (mode, face) in enumerate(TAPS, start=1):
        page.check(f"input[name=mcr-calc-mode][value={mode}]")
        page.locator(f".mcr-calc__pick[data-face='{face}']").tap()
        phone.answered()
        box = page.evaluate(IN_VIEW)
        assert 0 <= box["top"] and box["bottom"] <= box["height"] and box["uncovered"], (n, face, box)
    assert page.input_value(".mcr-calc__notation") == TAPPED
    # After the 14th tile the bar shows the engine's total and verdict, in view, without a scroll.
    expected = rules.score(TAPPED)
    bar = phone.bar()
    assert str(expected.total) in bar
    verdict = phone.text["calc_bar_valid"] if expected.valid else phone.text["calc_bar_invalid"].format(
        minimum=expected.minimum)
    assert verdict in bar
    assert page.locator(".mcr-calc__bar").get_attribute("data-valid") == str(expected.valid).lower()
    assert page.locator(".mcr-calc__pick[data-face='5p']").is_visible()   # the tiles are still where they were tapped
    # The site's "saved on this device" notice, at the foot of the screen too, lifts the bar above it.
    page.evaluate("() => { document.querySelector('.mcr-notice[data-notice=saved]').hidden = false; }")
    page.wait_for_function(f"() => ({IN_VIEW})().uncovered")
    keep_screenshot(page, "phone-en-calculator-bar.png")
    notice = page.locator(".mcr-notice[data-notice=saved]").bounding_box()
    assert page.evaluate(IN_VIEW)["bottom"] <= notice["y"]
    page.evaluate("() => { document.querySelector('.mcr-notice[data-notice=saved]').hidden = true; }")
    page.wait_for_function(f"() => ({IN_VIEW})().bottom > {notice['y']}")   # and comes down again
    # The bar's link leads down to the breakdown.
    page.click(".mcr-calc__bar-jump")
    page.wait_for_function("() => document.querySelector('#mcr-calc-answer').getBoundingClientRect().top < innerHeight")
    assert not phone.errors, phone.errors


@pytest.mark.parametrize("typed", ["12", "-3", "x", "2.5", "9"])
def test_a_flowers_count_outside_0_to_8_is_refused_with_a_message(phone: Phone, typed: str) -> None:
    phone.type(TAPPED)
    phone.flowers(typed)
    page = phone.page
    message = phone.text["calc_flowers_invalid"].format(value=typed, most=8)
    error = page.locator(".mcr-calc__field-error")
    assert error.is_visible() and error.inner_text() == message
    assert page.get_attribute("input[name=flowers]", "aria-invalid") == "true"
    assert page.input_value("input[name=flowers]") == typed   # kept as typed, not clamped
    assert page.locator(".mcr-calc").get_attribute("data-answer") == "flowers"
    assert phone.summary() == phone.text["calc_summary_flowers"].format(problem=message)
    assert message in phone.bar()
    assert page.locator(".mcr-calc__result").inner_text() == ""   # no score under a count the page refuses
    assert "flowers=" not in page.input_value(".mcr-calc__link")
    # A count it takes: the message goes and the flowers are scored.
    phone.flowers("3")
    assert error.is_hidden() and page.get_attribute("input[name=flowers]", "aria-invalid") is None
    assert str(rules.score(TAPPED, flowers=3).total) in phone.bar()
    assert "flowers=3" in page.input_value(".mcr-calc__link")
    phone.flowers("0")


def test_fourteen_tiles_that_are_no_win_show_the_best_discards(phone: Phone) -> None:
    phone.as_new()
    phone.type("[123m]456m789m34p55s9p")
    page = phone.page
    assert page.locator(".mcr-calc").get_attribute("data-answer") == "discards"
    rows = page.locator(".mcr-calc__discards tbody tr")
    assert rows.count() == 10   # each distinct concealed face once
    assert rows.first.get_attribute("data-discard") == "9p"
    assert [li.get_attribute("data-tile") for li in rows.first.locator(".mcr-calc__useful li").all()] == ["2p", "5p"]
    nine = phone.text["calc_status_ready"]
    assert phone.summary() == phone.text["calc_summary_discards"].format(tile="9 of dots", status=nine)
    forms = {r.get_attribute("data-form"): r.locator("td").nth(1).inner_text()
             for r in page.locator(".mcr-calc__forms tbody tr").all()}
    ruled_out = phone.text["calc_form_ruled_out"]
    assert forms == {"standard": phone.text["calc_short_ready"], "seven_pairs": ruled_out,
                     "thirteen_orphans": ruled_out, "honors_and_knitted": ruled_out,
                     "knitted_straight": phone.text["calc_short_shanten"].format(n=4)}
    assert phone.text["calc_short_ready"] in phone.bar()
    keep_screenshot(page, "phone-en-calculator-discards.png", full_page=True)
    scroll, width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert scroll <= width   # the table stacks on the phone
    # Trying the best discard leaves the 13 tiles and their waits.
    page.click(".mcr-calc__discard[data-face='9p']")
    phone.answered()
    assert page.input_value(".mcr-calc__notation") == "[123m]456789m34p55s"
    assert [r.get_attribute("data-wait") for r in page.locator(".mcr-calc__waits tbody tr").all()] == ["2p", "5p"]


def test_a_count_of_one_is_worded_in_the_singular(phone: Phone) -> None:
    phone.as_new()
    phone.type("[444s][666m][222p]66s57m2m")   # discarding 2m leaves 57m waiting on 6m, three of them melded
    discard = phone.page.locator(".mcr-calc__analysis tr[data-discard='2m']")
    assert "1 kind, 1 unseen" in discard.inner_text()


def test_thirteen_tiles_not_ready_show_shanten_and_useful_tiles(phone: Phone) -> None:
    phone.as_new()
    phone.type("[123m]456m789m34p5s9p")
    page = phone.page
    assert page.locator(".mcr-calc").get_attribute("data-answer") == "shanten"
    useful = page.locator(".mcr-calc__analysis .mcr-calc__useful li")
    assert [u.get_attribute("data-tile") for u in useful.all()] == ["2p", "5p", "9p", "5s"]
    assert [u.locator(".mcr-calc__unseen").inner_text() for u in useful.all()] == ["×4", "×4", "×3", "×3"]
    t = phone.text
    count = t["calc_useful_count"].format(kinds=t["calc_count_kinds_other"].format(n=4),
                                          unseen=t["calc_count_unseen_other"].format(n=14))
    assert count == "4 kinds, 14 unseen"   # 2p and 5p four times, 9p and 5s three
    assert phone.summary() == t["calc_summary_shanten"].format(status=t["calc_status_one"].format(n=1), useful=count)
    assert t["calc_bar_shanten"].format(status=t["calc_short_shanten"].format(n=1), useful="14 useful tiles unseen") \
        in phone.bar()
    if AXE.exists():
        assert axe_violations(page) == []
    keep_screenshot(page, "phone-en-calculator-shanten.png", full_page=True)
    page.click(".mcr-calc__draw[data-face='5s']")   # drawing it makes 14 tiles: a tile to discard
    phone.answered()
    assert page.input_value(".mcr-calc__notation") == "[123m]456789m34p5s9p5s"
    assert page.locator(".mcr-calc").get_attribute("data-answer") == "discards"
    assert page.locator(".mcr-calc__discards tbody tr").first.get_attribute("data-discard") == "9p"


def test_a_share_link_with_bad_settings_names_each_one(phone: Phone) -> None:
    hand = "[234m][888p]567s34pEE5p"
    query = (f"?hand={quote(hand)}&flowers=12&seat_wind=Q&prevalent_wind=s&self_drawn=maybe&edition=house"
             f"&colour=red")
    phone.open("en", query)
    page = phone.page
    box = page.locator(".mcr-calc__link-problems")
    assert box.is_visible()
    items = box.locator("li")
    assert [i.get_attribute("data-param") for i in items.all()] == [
        "self_drawn", "seat_wind", "flowers", "edition", "colour"]
    t = phone.text
    assert items.all_inner_texts() == [
        t["calc_link_bad_flag"].format(param="self_drawn", value="maybe"),
        t["calc_link_bad_wind"].format(param="seat_wind", value="Q"),
        t["calc_link_bad_flowers"].format(param="flowers", value="12", most=8),
        t["calc_link_bad_edition"].format(param="edition", value="house"),
        t["calc_link_unknown"].format(param="colour")]
    # What the link got right is kept; the rest is what each message says is used instead.
    assert page.input_value(".mcr-calc__notation") == hand
    assert page.input_value("select[name=prevalent_wind]") == "S"   # a lower-case wind letter is read
    assert page.input_value("select[name=seat_wind]") == "E"
    assert page.input_value("input[name=flowers]") == "0"
    assert not page.is_checked("input[name=self_drawn]")
    assert str(rules.score(hand, prevalent_wind="S").total) in phone.bar()
    page.click(".mcr-calc__link-dismiss")
    assert box.is_hidden()
    assert page.evaluate("document.activeElement.classList.contains('mcr-calc__notation')")
    # A good link says nothing.
    phone.open("en", f"?hand={quote(hand)}&seat_wind=S&flowers=2&self_drawn=1")
    assert page.locator(".mcr-calc__link-problems").is_hidden()
    assert page.input_value("input[name=flowers]") == "2" and page.is_checked("input[name=self_drawn]")


# ---- Focus rings and contrast ------------------------------------------------------------------------

RING = """(selector) => { const el = document.querySelector(selector);
  const look = () => { const s = getComputedStyle(el); return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' '); };
  el.blur(); const before = look(); el.focus(); const visible = el.matches(':focus-visible');
  const after = look(); el.blur(); return {before, after, visible}; }"""


def _ring(page: Any, selector: str) -> dict[str, Any]:
    page.keyboard.press("Shift")   # the last input is the keyboard's: a focus is shown as keyboard focus
    return page.evaluate(RING, selector)


@pytest.fixture()
def desktop(browser: Any) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def test_the_calculators_fields_show_a_focus_ring(phone: Phone) -> None:
    # On the page as the tests above left it: a focus ring does not depend on what it shows.
    for selector in ("input[name=self_drawn]", "input[name=robbing_kong]", ".mcr-calc__notation",
                     "input[name=flowers]", "select[name=seat_wind]", "input[name=mcr-calc-mode]"):
        ring = _ring(phone.page, selector)
        assert ring["visible"] and ring["after"] != ring["before"], (selector, ring)
        assert ring["after"].startswith("solid 3px"), (selector, ring)


# What shows at the focused control's centre: the control (or its label), or what covers it.
COVERED = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect(); if (!r.width || !r.height) return null;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1), y = r.top + r.height / 2;
  if (y < 0 || y >= innerHeight) return 'off screen: ' + e.outerHTML.slice(0, 80);
  const at = document.elementFromPoint(x, y);
  const mine = at && (at === e || e.contains(at) || at.contains(e) || [...(e.labels || [])].some(l => l.contains(at)));
  return mine ? null : e.outerHTML.slice(0, 80) + ' under ' + at.outerHTML.slice(0, 60); }"""


def test_a_control_tab_reaches_is_not_left_under_the_bar_or_the_header(phone: Phone) -> None:
    # Tab scrolls only what is off screen; the total bar (stuck at the foot), the saved notice
    # and the sticky header hid the situation's radios and the undo button from the keyboard.
    phone.as_new()
    phone.type("123m456m789m123p5p5p")
    page = phone.page
    page.evaluate("() => { document.querySelector('.mcr-notice[data-notice=saved]').hidden = false; }")
    page.focus(".mcr-calc__notation")
    for key in ["Tab"] * 30 + ["Shift+Tab"] * 30:
        page.keyboard.press(key)
        covered = page.evaluate(COVERED)
        assert covered is None, (key, covered)
    page.evaluate("() => { document.querySelector('.mcr-notice[data-notice=saved]').hidden = true; }")
    assert not phone.errors, phone.errors


def test_a_hand_still_being_typed_is_not_called_an_error_at_each_key(phone: Phone) -> None:
    # "123m45": the digits await their suit letter. Said at each key, a screen reader read
    # an error after nearly every digit; it waits for a pause, or for the field to be left.
    phone.as_new()
    page = phone.page
    page.fill(".mcr-calc__notation", "")
    phone.answered()
    page.focus(".mcr-calc__notation")
    page.keyboard.type("123m45", delay=120)
    page.wait_for_function("() => document.querySelector('.mcr-calc').getAttribute('aria-busy') === null")
    page.wait_for_timeout(300)
    assert page.locator(".mcr-calc__error").is_hidden()
    assert "suit letter" not in phone.summary()
    page.wait_for_selector(".mcr-calc__error:not([hidden])", timeout=5000)   # after the pause
    assert "the digits 45 have no suit letter" in page.inner_text(".mcr-calc__error")
    page.keyboard.type("p")
    phone.answered()
    assert page.locator(".mcr-calc__error").is_hidden()
    # Unfinished again after a win: until the error is said, the win's total and its link to
    # the score sheet are gone (a tap there would have carried 23 points to the sheet).
    phone.type("123m456m789m123p5p5p")
    assert page.locator(".mcr-calc__to-sheet").count() == 1
    page.focus(".mcr-calc__notation")
    page.keyboard.press("End")
    page.keyboard.type("6")
    page.wait_for_function("() => document.querySelector('.mcr-calc').dataset.answer === 'typing'")
    assert page.locator(".mcr-calc__to-sheet").count() == 0 and "23" not in phone.bar()
    page.focus("input[name=flowers]")   # leaving the field says the error at once
    page.wait_for_selector(".mcr-calc__error:not([hidden])", timeout=1000)
    # A mistake that typing on does not mend is said at once.
    page.focus(".mcr-calc__notation")
    page.keyboard.type("x")
    page.wait_for_selector(".mcr-calc__error:not([hidden])", timeout=1000)
    assert "x" in page.inner_text(".mcr-calc__error")
    assert not phone.errors, phone.errors


def test_the_quizzes_fields_show_a_focus_ring(desktop: Any, base_url: str) -> None:  # noqa: F811
    # A level page (the family pages and the timed drill draw the same trainer's form), once
    # its Python has started and the edition is chosen.
    desktop.goto(base_url + "quiz/beginner/")
    desktop.wait_for_selector('div.mcr-trainer[data-state="edition"]', timeout=240_000)
    ring = _ring(desktop, "button[data-edition]")
    assert ring["visible"] and ring["after"] != ring["before"], ("edition", ring)
    desktop.locator("button[data-edition]").first.click()
    desktop.wait_for_selector('div.mcr-trainer[data-state="question"]', timeout=60_000)
    desktop.locator(".mcr-trainer__body input").first.evaluate("el => el.setAttribute('data-ring-probe', '')")
    ring = _ring(desktop, "[data-ring-probe]")
    assert ring["visible"] and ring["after"] != ring["before"], ("trainer", ring)
    desktop.goto(base_url + "quiz/rules/")
    desktop.wait_for_selector('div.mcr-rules-quiz[data-state="question"]', timeout=15000)
    ring = _ring(desktop, ".mcr-quiz__option input")
    assert ring["visible"] and ring["after"] != ring["before"], ring
    # The option around it is outlined too.
    desktop.focus(".mcr-quiz__option input")
    outline = desktop.evaluate("() => getComputedStyle(document.querySelector('.mcr-quiz__option')).outlineStyle")
    assert outline == "solid"


def _luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _settled_colours(page: Any, selector: str) -> list[str]:
    """The element's text and background colours once its transitions are over (two readings
    a quarter of a second apart agree): mid-fade colours are no colours a reader is left with."""
    read = f"""() => {{ const s = getComputedStyle(document.querySelector({selector!r}));
        return [s.color, s.backgroundColor]; }}"""
    colours = page.evaluate(read)
    for _ in range(20):
        page.wait_for_timeout(250)
        again = page.evaluate(read)
        if again == colours:
            break
        colours = again
    return colours


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_next_question_reads_at_4_5_to_1_focused(browser: Any, base_url: str, scheme: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(base_url + "quiz/rules/")
        page.wait_for_selector('div.mcr-rules-quiz[data-state="question"]', timeout=15000)
        page.check(".mcr-quiz__option input >> nth=0")
        page.click(".mcr-quiz__check")
        page.wait_for_selector('div.mcr-rules-quiz[data-state="answered"]', timeout=15000)
        assert page.evaluate("document.activeElement.classList.contains('mcr-quiz__next')")   # it takes the focus
        page.mouse.move(0, 0)
        colours = _settled_colours(page, ".mcr-quiz__next")
        assert "0, 0, 0, 0" not in colours[1], colours   # a painted background, not the page's
        assert _contrast(*colours) >= 4.5, (scheme, colours)
        assert page.inner_text(".mcr-quiz__next") == quiz_text("en", "next")
    finally:
        context.close()
