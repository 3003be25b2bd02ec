"""How the calculator loads, in a real browser (Debian's Chromium driven by Playwright), on the
built site: the tiles can be tapped while the engine is still starting; only the table of
the edition shown is loaded at start, the other the first time it is chosen; the page gets
the compiled standard library, and when an import fails on a module the build did not
keep, the worker fetches Pyodide's whole library and the engine still starts."""
from __future__ import annotations

from typing import Any

import pytest

import rules

from .conftest import CHROMIUM
from .site_steps import stdlib_without

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

ENGINE_MS = 180_000
DROPPED = "hashlib.pyc"   # a module the engine imports (and Pyodide's start does not)


def _open(browser: Any) -> tuple[Any, Any, list[str]]:  # noqa: F811
    context = browser.new_context(service_workers="block")   # the page's own loading, nothing kept offline
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    return context, page, requested


def test_tiles_can_be_tapped_while_the_engine_starts(browser: Any, base_url: str) -> None:  # noqa: F811
    context, page, _ = _open(browser)
    held: list[Any] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))   # Python cannot start yet
    try:
        page.goto(base_url + "calculator/", wait_until="domcontentloaded")
        for face in ("1m", "2m", "3m"):
            page.click(f".mcr-calc__pick[data-face='{face}']")
        assert page.input_value(".mcr-calc__notation") == "123m"
        assert page.locator(".mcr-calc__hand .mcr-standing img").count() == 3
        assert page.get_attribute(".mcr-calc__status", "data-state") == "loading"
        page.wait_for_function("() => document.querySelector('.mcr-calc__progress').value >= 1")
        page.fill(".mcr-calc__notation", "[123m]456m789m34p55s5p")
        assert page.get_attribute(".mcr-calc__status", "data-state") == "loading"
        for route in held:
            route.continue_()
        context.unroute("**/pyodide.asm.wasm")
        page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_MS)
        page.wait_for_selector(".mcr-calc[data-answer=score]", timeout=30_000)
        assert page.inner_text(".mcr-calc__summary").startswith(f"{rules.score('[123m]456m789m34p55s5p').total} points")
    finally:
        context.close()


def test_only_the_edition_shown_is_loaded_until_another_is_chosen(browser: Any, base_url: str) -> None:  # noqa: F811
    hand = "[CCC][FFF]PPP999m5p5p"   # One Voided Suit counts with Big Three Dragons in the later reading only
    context, page, requested = _open(browser)
    try:
        page.goto(f"{base_url}calculator/?hand={hand}", wait_until="load")
        page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_MS)
        tables = [u.rsplit("/", 1)[1] for u in requested if "/calculator/tables/" in u]
        assert tables == ["1998.json"]
        page.select_option("select[name=edition]", "green-book")
        total = rules.score(hand, edition="green-book").total
        page.wait_for_function(f"() => document.querySelector('.mcr-calc__summary').textContent.startsWith('{total} ')",
                               timeout=60_000)
        assert [u.rsplit("/", 1)[1] for u in requested if "/calculator/tables/" in u] == ["1998.json", "green-book.json"]
        assert not any(u.endswith("python_stdlib_full.zip") for u in requested)   # the compiled part sufficed
    finally:
        context.close()


def test_a_module_the_build_left_out_brings_the_whole_library(browser: Any, base_url: str) -> None:  # noqa: F811
    context, page, requested = _open(browser)
    stdlib_without(context, base_url, DROPPED)
    try:
        page.goto(f"{base_url}calculator/?hand=[123m]456m789m34p55s5p", wait_until="load")
        page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_MS)
        page.wait_for_selector(".mcr-calc[data-answer=score]", timeout=30_000)
        assert any(u.endswith("python_stdlib_full.zip") for u in requested)
    finally:
        context.close()
