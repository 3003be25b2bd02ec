"""Steps the browser tests share: serving a built site, putting axe-core into a page,
entering a hand on the score sheet, and keeping screenshots for a person to look at."""
from __future__ import annotations

import functools
import http.server
import io
import os
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..site_build_support import ARTIFACTS


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a static host does: a missing address is answered with the root's
    404.html, status 404 (NOT_FOUND: where that page lies in the folder served)."""

    NOT_FOUND = "404.html"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base signature
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / self.NOT_FOUND
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(http.server.ThreadingHTTPServer):
    """A test server that says nothing when the browser drops a download it no longer needs
    (the test went on to the next page): a broken pipe there is no failure of the site."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder: Path) -> Iterator[str]:
    """Serve `folder` on a free port while the generator is open; yields its address."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def enter_self_drawn_win(page: Any, total: int = 24, timeout: int = 30_000) -> None:
    """On an open score sheet: the first player wins `total` points self-drawn, saved as the first hand."""
    page.wait_for_selector(".mcr-scoresheet[data-ready]", timeout=timeout)
    form = page.locator(".mcr-scoresheet__form")
    form.locator("input[name=result][value=win]").check()
    form.locator("select[name=winner]").select_option("1")
    form.locator("select[name=discarder]").select_option("self")
    form.locator("input[name=total]").fill(str(total))
    page.click(".mcr-scoresheet__save")
    page.wait_for_function("() => document.querySelector('.mcr-scoresheet').dataset.hands === '1'", timeout=timeout)


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def inject_axe(page: Any) -> None:
    """axe-core into the open page, run by the test's own channel: the site's
    Content-Security-Policy refuses inline scripts, so a script tag would be blocked (as it should)."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")   # ";0": a script, not a function to call


# The reader's own light/dark switch in the header (Material's palette form).
PALETTE_SWITCH = "form[data-md-component=palette] label:visible"
# Material fades colours when the palette changes: a page is read once every finite
# animation and transition has ended, not half-way (a link caught mid-fade failed contrast once).
TRANSITIONS_ENDED = """async () => { await Promise.all(document.getAnimations()
  .filter(a => Number.isFinite(a.effect.getComputedTiming().endTime))
  .map(a => a.finished.catch(() => null))); }"""
# Dark mode changes colours only, the same in every language: the checks that read colours
# run in dark in these (Latin text, Han text with and without kana; the Chinese fan index
# adds pinyin), on the page already open, switched as a reader switches it.
DARK_LANGS = ("en", "zh", "ja")


SCHEME_IS = "wanted => document.body.getAttribute('data-md-color-scheme') === wanted"


def switch_palette(page: Any, scheme: str) -> None:
    """The open page switched to `scheme` ("dark" or "light") by its header's switch, settled.

    A click may land on a page whose main thread Python keeps busy, or on a header still
    moving after a resize: once in some 2,800 tests the scheme had not changed after it
    (the trainer in Japanese). The switch is clicked again, as a reader would, when the first
    click changed nothing within 5 s; a switch that never answers still fails, saying so."""
    from playwright.sync_api import TimeoutError as WaitedTooLong   # only browser tests call this
    wanted = "slate" if scheme == "dark" else "default"
    for _ in range(2):
        if page.evaluate(SCHEME_IS, wanted):
            break
        page.locator(PALETTE_SWITCH).click()
        try:
            page.wait_for_function(SCHEME_IS, arg=wanted, timeout=5000)
        except WaitedTooLong:
            continue
    scheme_now = page.locator("body").get_attribute("data-md-color-scheme")
    assert scheme_now == wanted, f"the palette switch left {page.url} in {scheme_now}, not {wanted}"
    page.evaluate(TRANSITIONS_ENDED)


# Screenshots are for a person to look at (test-artifacts/); no test reads them, and CI keeps
# no artifact of a passing run. They are taken only when asked for: MCR_SCREENSHOTS=1 keeps
# English and Chinese (a Latin and a Han page), MCR_SCREENSHOTS=all every language. Some 70 of
# them cost about half a second of CPU each, some 4% of the whole suite's work.
SCREENSHOTS_VARIABLE = "MCR_SCREENSHOTS"
SHOWN_LANGS = ("en", "zh")


def screenshot_wanted(lang: str) -> bool:
    """Whether a test of a page in `lang` keeps its screenshot (MCR_SCREENSHOTS)."""
    asked = os.environ.get(SCREENSHOTS_VARIABLE, "").strip().lower()
    return asked == "all" or (asked not in ("", "0", "no") and lang in SHOWN_LANGS)


def keep_screenshot(target: Any, name: str, lang: str = "en", **options: Any) -> None:
    """`target` (a page or a locator) shot to test-artifacts/`name` when screenshots of
    `lang` are wanted; `options` go to Playwright (full_page=True)."""
    if not screenshot_wanted(lang):
        return
    path = ARTIFACTS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(path), **options)


def stdlib_without(context: Any, base_url: str, module_file: str) -> None:
    """Serve the site's compiled standard library to `context` without `module_file` (as if
    the build had left that module out), so the page must fall back to Pyodide's whole one."""
    body = context.request.get(base_url + "assets/mcr/pyodide/python_stdlib.zip").body()
    source, cut = zipfile.ZipFile(io.BytesIO(body)), io.BytesIO()
    assert module_file in source.namelist()
    with zipfile.ZipFile(cut, "w") as out:
        for info in source.infolist():
            if info.filename != module_file:
                out.writestr(info, source.read(info))
    context.route("**/python_stdlib.zip", lambda route: route.fulfill(status=200, body=cut.getvalue(),
                                                                    content_type="application/zip"))


def type_query(box: Any, query: str) -> None:
    """`query` put in the search box as typing leaves it. Material reads the box on a key's
    release (or when its index is ready), not on `input`: after fill() alone, an index that
    became ready between the click and the fill never sees the query (a run listed nothing
    for 15 s). A reader's typing ends with a key released; End releases one and moves nothing."""
    box.fill(query)
    box.press("End")
