"""What the diagram tests measure in a page (test_diagrams_browser.py), and the quick start's
diagrams checked on the page its fit test opens (test_quickstart_browser.py)."""
from __future__ import annotations

from typing import Any

from .site_steps import keep_screenshot, screenshot_wanted

SHOTS = "diagrams"   # the diagrams' screenshots, a folder of test-artifacts/

# Measured in the page: each diagram's box, each label's box, the ink colour against the page's
# text colour. Labels are <text class="mcr-dg-label">; a wrapped one is measured line by line.
MEASURE = """() => {
  const out = [];
  for (const figure of document.querySelectorAll('figure.mcr-diagram')) {
    const svg = figure.querySelector('svg');
    const box = svg.getBoundingClientRect();
    const labels = [];
    for (const t of svg.querySelectorAll('text.mcr-dg-label')) {
      const r = t.getBoundingClientRect();
      labels.push({text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                   width: r.width, height: r.height});
    }
    out.push({name: [...svg.classList].find(c => c.startsWith('mcr-dg--')).slice(8),
              lang: svg.getAttribute('lang'), label: svg.getAttribute('aria-label'),
              left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width,
              height: box.height, labels,
              ink: getComputedStyle(svg).color,
              text: getComputedStyle(document.querySelector('article')).color});
  }
  return {diagrams: out, viewport: document.documentElement.clientWidth,
          scheme: document.body.getAttribute('data-md-color-scheme')};
}"""


def check_quick_start_diagrams(page: Any, lang: str, scheme: str) -> None:
    """The seats, the wall and the claimed tile under the quick start's steps, on the open
    quick start at a phone's width in `scheme` (test_quickstart_browser.py opens it)."""
    found = page.evaluate(MEASURE)
    drawn = found["diagrams"]
    assert [d["name"] for d in drawn] == ["seating", "wall-break", "claimed-melds"], lang
    for d in drawn:
        where = f"{d['name']} ({lang}, quick start, {scheme})"
        assert d["lang"] == lang and d["width"] > 100 and d["height"] > 50, where
        assert d["left"] >= 0 and d["right"] <= found["viewport"] + 0.5, where
        assert d["ink"] == d["text"], where
        for lab in d["labels"]:
            assert (lab["left"] >= d["left"] - 0.5 and lab["right"] <= d["right"] + 0.5), \
                f"{where}: {lab['text']!r} runs out of the drawing"
    if screenshot_wanted(lang):
        page.locator("figure.mcr-diagram--seating").scroll_into_view_if_needed()
        keep_screenshot(page, f"{SHOTS}/{lang}-390-{scheme}-quickstart.png", lang)
