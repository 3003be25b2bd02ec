"""The fan sheet as the site build leaves it: its PDF in every language (two A4 pages with
ink on each part of them and every fan's name in their text), and the sheet page in
Debian's Chromium (driven by Playwright): on a desktop and a phone, and printed, where the
site's print stylesheet hides the site's frame and fits the sheet on its two pages.
Screenshots go to test-artifacts/."""
from __future__ import annotations

import calendar
import re
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import rules
from generator.site.fan_sheet_page import FIRST_PAGE_FANS, PDF_NAME
from generator.site.fan_sheet_pdf import print_sheets
from generator.site.site_text import DEFAULT_LANG, LANGS

from ..site_build_support import ARTIFACTS, built_site
from .site_steps import keep_screenshot
from .conftest import CHROMIUM

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]
pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 is not installed (pip install -e .[test])")

A4_POINTS = (595.28, 841.89)   # 210 x 297 mm
SCALE = 100 / 72               # 100 pixels to the inch
SHEET = "fans/fan-sheet/"
# The printed page's content box at 96 CSS pixels to the inch: A4 less the @page margins
# (10 mm left and right, 8 mm top and bottom), so print emulation lays the sheet out as on paper.
SCREEN_WIDTHS = (1280, 390)   # a desktop's screen, then a phone's
PRINT_VIEWPORT = {"width": 718, "height": 1062}


def _lang_dir(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = built_site(tmp_path_factory)
    assert site.returncode == 0, f"the site did not build:\n{site.log[-3000:]}"
    return site.output


def _ink(bitmap: Any) -> tuple[int, int, list[bytes]]:
    """(width, height, rows) of a rendered page; each row one byte per pixel, its darkest channel."""
    width, height, stride, channels = bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels
    data = bytes(bitmap.buffer)
    rows = []
    for y in range(height):
        row = data[y * stride:y * stride + width * channels]
        rows.append(bytes(min(row[x:x + 3]) for x in range(0, len(row), channels)) if channels > 1 else row)
    return width, height, rows


def _dark_share(rows: list[bytes], left: int, top: int, right: int, bottom: int) -> float:
    dark = sum(sum(1 for v in row[left:right] if v < 110) for row in rows[top:bottom])
    return dark / ((right - left) * (bottom - top))


@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_is_two_a4_pages_with_every_fan(site_dir: Path, lang: str, table: rules.FanTable) -> None:
    pdf = site_dir / f"{_lang_dir(lang)}{SHEET}{PDF_NAME}"
    assert pdf.is_file(), f"no {pdf.relative_to(site_dir)}"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert b"file:" not in pdf.read_bytes()   # no link into the folders it was built in
    doc = pdfium.PdfDocument(str(pdf))
    try:
        assert len(doc) == 2
        texts = []
        for number in range(2):
            page = doc[number]
            width, height = page.get_size()
            assert abs(width - A4_POINTS[0]) <= 1 and abs(height - A4_POINTS[1]) <= 1, (width, height)
            bitmap = page.render(scale=SCALE)
            w, h, rows = _ink(bitmap)
            assert abs(w - A4_POINTS[0] * SCALE) <= 1 and abs(h - A4_POINTS[1] * SCALE) <= 1, (w, h)
            if lang == DEFAULT_LANG:
                ARTIFACTS.mkdir(exist_ok=True)
                shutil.copyfile(pdf, ARTIFACTS / f"fan-sheet-{lang}.pdf")
            # Ink on the whole page, in each quarter (both columns, top and bottom halves) and in
            # the band at 80-90 % of its height (the columns run down the page). The sheets
            # measured 5.5-7 % dark pixels a page and 5-8 % a quarter; a blank page has none.
            assert _dark_share(rows, 0, 0, w, h) > 0.04
            for left, right in ((0, w // 2), (w // 2, w)):
                for top, bottom in ((0, h // 2), (h // 2, h)):
                    assert _dark_share(rows, left, top, right, bottom) > 0.03, (number, left, top)
            assert _dark_share(rows, 0, h * 8 // 10, w, h * 9 // 10) > 0.03, number
            texts.append(re.sub(r"\s+", "", page.get_textpage().get_text_range()))
    finally:
        doc.close()
    # Every fan's name is printed, on its page: the first FIRST_PAGE_FANS on the first.
    for fan in table.fans:
        name = re.sub(r"\s+", "", fan.names[lang])
        on = 0 if fan.number <= FIRST_PAGE_FANS else 1
        assert name in texts[on], (lang, fan.number, name)


def _printed(*args: object) -> tuple:
    """print_sheets in a thread of its own: it runs its own event loop (asyncio.run), which
    cannot start in this thread while the shared browser's loop belongs to it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(print_sheets, *args).result()


def test_the_pdf_is_kept_and_printed_again_when_its_page_changes(site_dir: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCR_CACHE_DIR", str(tmp_path / "cache"))
    html = site_dir / f"{_lang_dir('es')}{SHEET}index.html"
    original = html.read_bytes()
    before = (html.parent / PDF_NAME).read_bytes()
    # The build dates the PDF SOURCE_DATE_EPOCH (its last commit's time): so does this print.
    stamp = re.search(rb"/CreationDate \(D:(\d{14})", before)[1].decode()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(calendar.timegm(time.strptime(stamp, "%Y%m%d%H%M%S"))))
    try:
        assert _printed([html])[1] == 1              # an empty cache: printed
        assert (html.parent / PDF_NAME).read_bytes() == before   # dated by SOURCE_DATE_EPOCH: the same bytes
        assert _printed([html])[1] == 0              # unchanged: from the cache
        # With the site's address known, the PDF links each fan to its page on the web.
        assert _printed([html], site_dir, "https://mcr.example.org/rules/")[1] == 1
        linked = (html.parent / PDF_NAME).read_bytes()
        assert b"(https://mcr.example.org/rules/es/fans/big_four_winds/)" in linked and b"file:" not in linked
        html.write_bytes(original.replace(b"</body>", b"<p>changed</p></body>"))
        assert _printed([html])[1] == 1
    finally:
        html.write_bytes(original)
        (html.parent / PDF_NAME).write_bytes(before)


CARDS = """() => Array.from(document.querySelectorAll('.mcr-sheet__fan')).map(li => {
  const r = li.getBoundingClientRect(), s = li.closest('.mcr-sheet__page').getBoundingClientRect();
  const summary = li.querySelector('.mcr-sheet__summary');
  return {number: +li.id.slice(4), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          page: [s.left, s.right, s.top, s.bottom], points: li.querySelector('.mcr-sheet__points').textContent,
          name: li.querySelector('.mcr-sheet__name').textContent, visible: r.width > 0 && r.height > 0,
          summaryFits: summary.scrollWidth <= li.clientWidth,
          tiles: li.querySelectorAll('img.mcr-tile').length,
          drawn: Array.from(li.querySelectorAll('img')).every(i => i.complete && i.naturalWidth > 0)};
})"""
DISPLAY = "(selector) => Array.from(document.querySelectorAll(selector)).map(e => getComputedStyle(e).display)"


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_page_on_a_screen_then_printed(browser: Any, base_url: str, lang: str, table: rules.FanTable) -> None:
    """On a desktop's screen, then the same page on a phone's, then printed (laid out again,
    not reloaded)."""
    context = browser.new_context(viewport={"width": SCREEN_WIDTHS[0], "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{base_url}{_lang_dir(lang)}{SHEET}", wait_until="load")
        page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=15000)
        for width in SCREEN_WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            _sheet_fits(page, table, lang, width)
        # The PDF the page links is there, and is a PDF.
        link = page.locator(".mcr-sheet-download a")
        assert link.is_visible()
        answer = page.request.get(page.evaluate("(a) => a.href", link.element_handle()))
        assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
        assert answer.body()[:5] == b"%PDF-"
        _printed_fits(page)   # the same page printed (laid out again, not reloaded)
        assert not errors, errors
    finally:
        context.close()


def _sheet_fits(page: Any, table: rules.FanTable, lang: str, width: int) -> None:
    """Every fan's card drawn, in order, with its name and points, inside a screen `width` wide."""
    keep_screenshot(page, f"fan-sheet-{lang}-{width}.png", lang)
    cards = page.evaluate(CARDS)
    assert [c["number"] for c in cards] == list(range(1, 82))
    for card in cards:
        fan = table.fans[card["number"] - 1]
        assert card["visible"] and card["drawn"] and card["tiles"] >= 14, card
        assert card["left"] >= 0 and card["right"] <= width, (width, card)    # inside the viewport
        assert card["name"] == fan.names[lang] and card["points"].startswith(str(fan.points)), card
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), width


def _printed_fits(page: Any) -> None:
    """The open sheet, printed: no frame, every card inside its page, two columns on each."""
    page.set_viewport_size(PRINT_VIEWPORT)
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-tabs", ".md-footer", ".mcr-sheet-download", "article > h1"):
        assert set(page.evaluate(DISPLAY, selector)) == {"none"}, selector
    cards = page.evaluate(CARDS)
    assert len(cards) == 81
    for card in cards:
        left, right, top, bottom = card["page"]
        # Inside its page (the print stylesheet cuts what overflows: nothing may), on one line.
        assert left <= card["left"] and card["right"] <= right + 0.5 and top <= card["top"], card
        assert card["bottom"] <= bottom + 0.5, card
        assert card["summaryFits"], card
    # Two columns on each page.
    for first, last in ((1, FIRST_PAGE_FANS), (FIRST_PAGE_FANS + 1, 81)):
        assert len({round(c["left"]) for c in cards if first <= c["number"] <= last}) == 2


def test_the_print_stylesheet_hides_the_frame_of_every_page(browser: Any, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        for path in ("rulebook/scoring/", "zh/fans/"):
            page.goto(base_url + path, wait_until="load")
            shown = {s: page.evaluate(DISPLAY, s) for s in (".md-header", ".md-tabs", ".md-sidebar--primary",
                                                              ".md-footer", ".mcr-filter")}
            assert "none" not in shown[".md-header"] + shown[".md-sidebar--primary"]   # on screen: there
            page.emulate_media(media="print")
            for selector, values in shown.items():
                if values:
                    assert set(page.evaluate(DISPLAY, selector)) == {"none"}, (path, selector)
            colour = page.evaluate("() => getComputedStyle(document.querySelector('article p')).color")
            assert colour == "rgb(0, 0, 0)", colour
            assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") in (
                "rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
            page.emulate_media(media="screen")
    finally:
        context.close()
