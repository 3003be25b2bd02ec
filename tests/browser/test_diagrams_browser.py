"""The rulebook's diagrams in a real browser (Debian's Chromium driven by Playwright): the play
chapter in every language, at a desktop width (1280 px) and a phone's (390 px), in the light
theme (and the dark one, switched on the same page, in English, Chinese and Japanese: colours
do not depend on the language), shows its four diagrams drawn at a non-zero size, inside the
width of the screen, every label inside its diagram and clear of the other labels, the ink in the theme's
text colour, and nothing for axe-core to fault. The quick start's three diagrams are checked
on the page test_quickstart_browser.py opens (diagram_steps.py). Screenshots of each diagram go
to test-artifacts/diagrams/."""
from __future__ import annotations

from typing import Any

import pytest

from generator.site.diagrams import DIAGRAMS
from generator.site.site_text import DEFAULT_LANG, LANGS

from ..conftest import ROOT
from .diagram_steps import MEASURE, SHOTS
from .site_steps import DARK_LANGS, inject_axe, keep_screenshot, screenshot_wanted, switch_palette
from .conftest import CHROMIUM

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# axe-core's checks (names, contrast, roles) on the diagrams alone: the rest of the page is
# reach_checks.py's.
AXE_RUN = """async () => (await axe.run({include: [['figure.mcr-diagram']]}, {resultTypes: ['violations']}))
  .violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"""

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]


WIDTHS = (1280, 390)   # a desktop's screen, then a phone's


def _overlap(a: dict, b: dict) -> float:
    """The area two label boxes share, in square pixels."""
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return w * h if w > 0 and h > 0 else 0.0


def _check_drawn(found: dict, lang: str, width: int, scheme: str) -> None:
    """Every diagram of the play chapter drawn whole, in the page's ink, its labels inside
    it and apart, on a screen `width` wide."""
    assert found["scheme"] == ("slate" if scheme == "dark" else "default")
    drawn = found["diagrams"]
    assert sorted(d["name"] for d in drawn) == sorted(DIAGRAMS), f"{lang}: diagrams {[d['name'] for d in drawn]}"
    for d in drawn:
        where = f"{d['name']} ({lang}, {width} px, {scheme})"
        assert d["lang"] == lang and d["label"], where
        assert d["width"] > 100 and d["height"] > 50, f"{where}: drawn {d['width']} x {d['height']}"
        assert d["left"] >= 0 and d["right"] <= found["viewport"] + 0.5, \
            f"{where}: {d['left']}..{d['right']} outside the screen's {found['viewport']} px"
        assert d["ink"] == d["text"], f"{where}: ink {d['ink']}, the page's text {d['text']}"
        assert d["labels"], where
        for lab in d["labels"]:
            assert lab["width"] > 0 and lab["height"] > 0, f"{where}: {lab['text']!r} not drawn"
            assert (lab["left"] >= d["left"] - 0.5 and lab["right"] <= d["right"] + 0.5
                    and lab["top"] >= d["top"] - 0.5 and lab["bottom"] <= d["bottom"] + 0.5), \
                f"{where}: {lab['text']!r} runs out of the drawing: {lab} in {d}"
        labels = d["labels"]
        for j, a in enumerate(labels):
            for b in labels[j + 1:]:
                # Text boxes include the font's line gap: a sliver is no collision.
                assert _overlap(a, b) < 0.1 * min(a["width"] * a["height"], b["width"] * b["height"]), \
                    f"{where}: {a['text']!r} and {b['text']!r} overlap"


def _keep_shots(page: Any, drawn: list[dict], lang: str, width: int, scheme: str) -> None:
    figures = page.locator("figure.mcr-diagram")
    for i, d in enumerate(drawn):
        keep_screenshot(figures.nth(i), f"{SHOTS}/{lang}-{width}-{scheme}-{d['name']}.png", lang)
    page.locator("figure.mcr-diagram--wall-break").scroll_into_view_if_needed()
    keep_screenshot(page, f"{SHOTS}/{lang}-{width}-{scheme}-play.png", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_chapter_shows_its_diagrams(browser: object, base_url: str, lang: str) -> None:
    """On a desktop's screen, then the same page on a phone's (laid out again, not reloaded),
    light; then dark, switched on the same page (in DARK_LANGS: the ink is the theme's)."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900}, color_scheme="light")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
        page.goto(f"{base_url}{prefix}rulebook/play/", wait_until="load")
        page.evaluate("document.fonts.ready")
        views = [(width, "light") for width in WIDTHS] + ([(WIDTHS[-1], "dark")] if lang in DARK_LANGS else [])
        for width, scheme in views:
            page.set_viewport_size({"width": width, "height": 900})
            switch_palette(page, scheme)
            _check_view(page, lang, width, scheme)
        assert not errors, errors
    finally:
        context.close()


def _check_view(page: Any, lang: str, width: int, scheme: str) -> None:
    found = page.evaluate(MEASURE)
    assert found["viewport"] <= width
    _check_drawn(found, lang, width, scheme)
    if screenshot_wanted(lang):
        _keep_shots(page, found["diagrams"], lang, width, scheme)
    if AXE.exists():
        inject_axe(page)
        assert page.evaluate(AXE_RUN) == [], f"{lang}, {width} px, {scheme}"
