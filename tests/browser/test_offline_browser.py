"""The site offline, in a real browser (Debian's Chromium driven by Playwright), on the built
site: after one visit the service worker keeps the visitor's language (every file of it
and the shared ones, no other language's); with the network cut and the server stopped,
a reload still scores a hand in the calculator, a quiz question is answered, a score sheet
keeps a hand across a reload and a rulebook page opens. A new build (a page changed, its offline files written again) is installed
beside the old one, the page says so, and its "Reload" button brings the new pages, the
old cache deleted. The manifest and its icons are what an installed app needs."""
from __future__ import annotations

import http.server
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

import rules
from generator.site.offline import FILE_LIST, MANIFEST, AppLanguage, language_root, write_offline_files
from generator.site.offline_hook import not_saved_texts
from generator.site.site_text import DEFAULT_LANG, LANGS

from ..site_build_support import built_site
from .test_quiz_browser import ask_kind, choose_rules, questions, trainer_state  # noqa: F401 - shared fixture
from .site_steps import QuietServer, enter_self_drawn_win
from .conftest import CHROMIUM
from .test_site_browser import Tab

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

SAVED_MS = 300_000      # the first visit keeps some 30 MB, hashed, on a shared machine
ENGINE_MS = 120_000
HAND = "[123m]456m789m34p55s5p"
MARKER = "MCR-NEW-BUILD-MARKER"
PAGE = "rulebook/scoring/"
SHEET_FILES = ("scoresheet/index.html", "assets/mcr/scoresheet.js", "assets/mcr/scoresheet-core.js",
               "assets/mcr/scoresheet.css")


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, request: Any, address: Any, server: Any) -> None:
        super().__init__(request, address, server, directory=str(server.folder))

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base signature
        pass


class SiteServer(QuietServer):
    """Serves `folder`, which a test may swap for another build; stop() cuts it off."""

    def __init__(self, folder: Path) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.folder = folder
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = built_site(tmp_path_factory)
    assert built.returncode == 0, f"the site did not build:\n{built.log[-3000:]}"
    return built.output


@pytest.fixture
def server(site: Path) -> Iterator[SiteServer]:
    running = SiteServer(site)
    yield running
    if running.socket.fileno() >= 0:
        running.stop()


def _saved(tab: Tab) -> None:
    tab.page.wait_for_selector("html[data-mcr-offline=ready]", state="attached", timeout=SAVED_MS)


def _settled_content(tab: Tab) -> str:
    """The page's HTML once a failed navigation has settled on the browser's error page (asked
    while it still moves, the browser refuses)."""
    for _ in range(100):
        tab.page.wait_for_load_state("load")
        try:
            return tab.page.content()
        except PlaywrightError:
            tab.page.wait_for_timeout(100)
    return tab.page.content()


def _cached_urls(tab: Tab) -> list[str]:
    return tab.page.evaluate("""async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('mcr-'));
        const out = [];
        for (const name of names) for (const r of await (await caches.open(name)).keys()) out.push(r.url);
        return out; }""")


def _cache_names(tab: Tab) -> list[str]:
    return tab.page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('mcr-'))")


def _key(base: str, path: str) -> str:
    return base + (path[:-len("index.html")] if path.endswith("index.html") else path)


def _fans_answered_offline(tab: Tab, questions: dict[str, Any]) -> None:
    """On the open family page, the trainer (its Python from the cache) asks which fans count,
    and the fans that do, ticked, are graded right."""
    choose_rules(tab.page)
    question = ask_kind(tab.page, "fans", questions)
    for fan in question.answer_ids:
        tab.page.check(f"input[type=checkbox][value='{fan}']")
    tab.page.click("button[data-action=check]")
    assert trainer_state(tab.page, "right", "wrong") == "right", question.id


def test_after_one_visit_the_calculator_quiz_and_rulebook_work_offline(
        browser: Any, server: SiteServer, site: Path, questions: dict[str, Any]) -> None:  # noqa: F811
    tab = Tab(browser, server.url, service_workers="allow")
    try:
        tab.page.goto(server.url + "calculator/", wait_until="load")
        tab.page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_MS)
        _saved(tab)
        listing = json.loads((site / FILE_LIST).read_text(encoding="utf-8"))
        kept = set(_cached_urls(tab))
        mine = listing["languages"][DEFAULT_LANG]["files"] + listing["shared"]
        assert {_key(server.url, path) for path, _ in mine} <= kept
        assert not [u for u in kept if u.startswith(server.url + "zh/")]   # another language: not kept
        assert any(path == "calculator/index.html" for path, _ in mine)
        assert any(path.startswith("quiz/") for path, _ in mine)
        assert set(SHEET_FILES) <= {path for path, _ in mine}
        # What the workers start Python on: the compiled library and trainer, the fallback's module.
        assert {"assets/mcr/pyodide/python_stdlib.zip", "assets/mcr/pyodide/python_stdlib_full.zip",
                "assets/mcr/pyodide-library.mjs", "assets/mcr/trainer/trainer.zip"} <= {path for path, _ in mine}

        tab.context.set_offline(True)
        server.stop()
        tab.errors.clear()
        tab.page.reload(wait_until="load")
        tab.page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=ENGINE_MS)
        tab.page.fill(".mcr-calc__notation", HAND)
        expected = rules.score(HAND).total
        tab.page.wait_for_function(
            f"() => document.querySelector('.mcr-calc__summary').textContent.startsWith('{expected} points')",
            timeout=30_000)
        assert tab.page.locator(".mcr-calc__result .mcr-hand").count() == 1

        tab.page.goto(server.url + "quiz/family-concealment/", wait_until="load")
        _fans_answered_offline(tab, questions)

        _keep_a_sheet_offline(tab, server.url)

        tab.page.goto(server.url + PAGE, wait_until="load")
        assert tab.page.locator("article h1").count() == 1
        assert tab.page.evaluate("() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0)")
        assert not tab.errors, tab.errors

        _unsaved_languages_link_the_kept_page(tab, server.url)
        # A page missing from a kept language is not called unsaved: the browser says it.
        try:
            tab.page.goto(server.url + "no-such-page/", wait_until="load")
        except PlaywrightError:
            pass
        assert "not saved" not in _settled_content(tab)
    finally:
        tab.context.close()


def _language_links(tab: Tab) -> list[tuple[str, str | None]]:
    return [(a.inner_text(), a.get_attribute("href")) for a in tab.page.locator("li a").all()]


def _unsaved_languages_link_the_kept_page(tab: Tab, url: str) -> None:
    """English kept, offline: a page of each language never opened says so in that language,
    and links the same page in English (the testers' Japanese page linked the English home);
    a page English does not have, its home (the browser's own error page said nothing)."""
    tab.page.goto(url + "fr/calculator/", wait_until="load")
    assert tab.page.locator("html").get_attribute("lang") == "fr"
    assert tab.page.locator("h1").inner_text() == "Cette page n'est pas enregistrée sur cet appareil"
    for code in [c for c in LANGS if c != DEFAULT_LANG]:
        tab.page.goto(f"{url}{code}/{PAGE}", wait_until="load")
        assert tab.page.locator("html").get_attribute("lang") == code
        assert _language_links(tab) == [("English", url + PAGE)], code
        tab.page.goto(f"{url}{code}/no-such-page/", wait_until="load")
        assert _language_links(tab) == [("English", url)], code
    tab.page.goto(f"{url}ja/{PAGE}?from=calculator#take-the-highest", wait_until="load")   # a link with a query
    assert _language_links(tab) == [("English", url + PAGE)]


def test_an_unsaved_english_page_links_the_same_page_in_the_language_kept(
        browser: Any, server: SiteServer) -> None:  # noqa: F811
    tab = Tab(browser, server.url, service_workers="allow")
    try:
        tab.page.goto(server.url + "ja/", wait_until="load")
        _saved(tab)
        tab.context.set_offline(True)
        server.stop()
        tab.page.goto(server.url + PAGE, wait_until="load")
        assert tab.page.locator("html").get_attribute("lang") == "en"
        assert tab.page.locator("h1").inner_text() == "This page is not saved on this device"
        assert _language_links(tab) == [("日本語", f"{server.url}ja/{PAGE}")]
    finally:
        tab.context.close()


def test_every_language_keeps_its_score_sheet_offline(site: Path) -> None:
    """The built list: each language keeps its own score sheet page; its scripts and style
    are kept for all."""
    listing = json.loads((site / FILE_LIST).read_text(encoding="utf-8"))
    shared = {path for path, _ in listing["shared"]}
    assert {path for path in SHEET_FILES if path.startswith("assets/")} <= shared
    for code in LANGS:
        own = {path for path, _ in listing["languages"][code]["files"]}
        assert language_root(code, DEFAULT_LANG) + "scoresheet/index.html" in own, code


def _keep_a_sheet_offline(tab: Tab, url: str) -> None:
    """The score sheet, never opened before, opens offline; a hand is entered (Ann self-draws
    24 points: 8 + 24 from each of the other three) and kept across a reload."""
    tab.page.goto(url + "scoresheet/", wait_until="load")
    enter_self_drawn_win(tab.page)
    tab.page.reload(wait_until="load")
    tab.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    assert tab.page.get_attribute(".mcr-scoresheet", "data-hands") == "1"
    scores = tab.page.evaluate("""() => [1, 2, 3, 4].map((p) => Number(document.querySelector(
        `.mcr-scoresheet__hands tr[data-hand="1"] td[data-player="${p}"] .mcr-scoresheet__score`).dataset.value))""")
    assert scores == [596, 468, 468, 468]


def _new_build(site: Path, folder: Path) -> str:
    """A copy of the built site (hard links) with one page changed and the offline files
    written again, as a new build writes them; its version."""
    shutil.copytree(site, folder, copy_function=os.link)
    page = folder / PAGE / "index.html"
    html = page.read_text(encoding="utf-8")
    page.unlink()   # a file of its own, not the linked one
    page.write_text(html.replace("</h1>", f" {MARKER}</h1>", 1), encoding="utf-8")
    manifests = {code: json.loads((site / language_root(code, DEFAULT_LANG) / MANIFEST).read_text(encoding="utf-8"))
                 for code in LANGS}
    write_offline_files(folder, [AppLanguage(c, m["name"], m["description"]) for c, m in manifests.items()],
                        DEFAULT_LANG, not_saved_texts(LANGS))
    return json.loads((folder / FILE_LIST).read_text(encoding="utf-8"))["version"]


def test_the_saved_notice_makes_room_below_the_page_and_goes_by_itself(
        browser: Any, server: SiteServer) -> None:  # noqa: F811
    """On a phone the notice covered the last buttons of a page until closed: the page gets
    room below its end while it shows, and it goes after a while (not while hovered)."""
    tab = Tab(browser, server.url, service_workers="allow")
    try:
        tab.page.clock.install()
        tab.page.goto(server.url + PAGE, wait_until="load")
        _saved(tab)
        notice = tab.page.locator(".mcr-notice[data-notice=saved]")
        notice.wait_for(state="visible")
        room = tab.page.evaluate("() => parseFloat(document.body.style.paddingBottom)")
        assert room >= notice.bounding_box()["height"], room
        tab.page.clock.fast_forward(13_000)
        notice.wait_for(state="hidden")
        assert tab.page.evaluate("() => document.body.style.paddingBottom") == ""
    finally:
        tab.context.close()


def test_a_new_build_replaces_the_cached_one(browser: Any, server: SiteServer, site: Path,  # noqa: F811
                                             tmp_path: Path) -> None:
    new_version = _new_build(site, tmp_path / "new")
    old_version = json.loads((site / FILE_LIST).read_text(encoding="utf-8"))["version"]
    assert new_version != old_version
    tab = Tab(browser, server.url, service_workers="allow")
    try:
        tab.page.goto(server.url + PAGE, wait_until="load")
        _saved(tab)
        assert _cache_names(tab) == [f"mcr-{old_version}"]

        server.folder = tmp_path / "new"           # the new build is deployed
        tab.page.reload(wait_until="load")          # the browser finds the new service worker
        notice = tab.page.locator(".mcr-notice[data-notice=update]")
        notice.wait_for(state="visible", timeout=SAVED_MS)
        assert MARKER not in tab.page.locator("article h1").inner_text()   # still the old version, whole
        notice.locator(".mcr-notice__reload").click()
        # Null-safe: the reload may be under way when the page is looked at.
        tab.page.wait_for_function(f"() => (document.querySelector('article h1') || {{textContent: ''}})"
                                   f".textContent.includes('{MARKER}')", timeout=60_000)
        tab.page.wait_for_function(f"async () => (await caches.keys()).join() === 'mcr-{new_version}'", timeout=30_000)

        tab.context.set_offline(True)
        server.stop()
        tab.page.reload(wait_until="load")
        assert MARKER in tab.page.locator("article h1").inner_text()
        assert not [e for e in tab.errors if "HTTP" in e or "exception" in e], tab.errors
    finally:
        tab.context.close()


def test_the_manifest_and_icons_make_an_installable_app(browser: Any, server: SiteServer) -> None:  # noqa: F811
    tab = Tab(browser, server.url, service_workers="allow")
    try:
        for prefix, lang in (("", "en"), ("zh/", "zh")):
            tab.page.goto(server.url + prefix, wait_until="load")
            href = tab.page.locator("link[rel=manifest]").evaluate("l => l.href")
            assert href == f"{server.url}{prefix}{MANIFEST}"
            manifest = tab.page.request.get(href).json()
            assert manifest["lang"] == lang and manifest["display"] == "standalone"
            assert tab.page.title().split(" - ")[-1] == manifest["name"]   # the site's name in the page's language
            assert tab.page.url.startswith(tab.page.evaluate(f"new URL({json.dumps(manifest['start_url'])}, "
                                                             f"{json.dumps(href)}).href"))
            sizes = {}
            for icon in manifest["icons"]:
                url = tab.page.evaluate(f"new URL({json.dumps(icon['src'])}, {json.dumps(href)}).href")
                response = tab.page.request.get(url)
                assert response.ok and response.headers["content-type"] == icon["type"]
                if icon["type"] == "image/png":
                    width = tab.page.evaluate("""async (url) => {
                        const image = new Image(); image.src = url; await image.decode(); return image.naturalWidth; }""", url)
                    sizes[(width, icon["purpose"])] = icon["sizes"]
            assert sizes == {(192, "any"): "192x192", (512, "any"): "512x512", (512, "maskable"): "512x512"}
    finally:
        tab.context.close()
