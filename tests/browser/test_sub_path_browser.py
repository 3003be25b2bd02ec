"""The site published under a sub-path, as a GitHub Pages project site is
(https://<user>.github.io/<repo>/), built with `mcr site build --site-url`: a missing
address anywhere under it gets the 404 page of its language, styled, its links and
scripts found (they were all written from the host's root, "/")."""
from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.site.site_text import DEFAULT_LANG, TEXT

from ..site_build_support import run_build
from .conftest import CHROMIUM
from .site_steps import QuietHandler, QuietServer
from .test_site_browser import Tab

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

SUB_PATH = "mcr/"


class _ProjectSiteHandler(QuietHandler):
    """A host serving the site under SUB_PATH: a missing address there gets its 404.html."""

    NOT_FOUND = SUB_PATH + "404.html"


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The host's address; the site is built into its SUB_PATH folder, in English and Japanese."""
    root = tmp_path_factory.mktemp("host")
    built = run_build(root / SUB_PATH, ("ja",), site_url=f"https://example.github.io/{SUB_PATH}")
    assert built.returncode == 0, f"the site did not build:\n{built.log[-3000:]}"
    server = QuietServer(("127.0.0.1", 0), functools.partial(_ProjectSiteHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("lang", "missing"), [(DEFAULT_LANG, "no-such-page/"),
                                               ("ja", "ja/rulebook/no-such-page/")])
def test_a_missing_address_under_the_sub_path_gets_a_working_404_page(
        browser: object, host: str, lang: str, missing: str) -> None:
    tab = Tab(browser, host + SUB_PATH)
    try:
        tab.open(missing)
        tab.page.wait_for_function(f"() => document.documentElement.lang === '{lang}'", timeout=10_000)
        assert tab.heading() == TEXT[lang]["not_found_title"]
        assert tab.page.url == host + SUB_PATH + missing
        # The theme's style took (the header stays at the top), and nothing but the page was missing.
        assert tab.page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
        assert [e for e in tab.errors if SUB_PATH + missing not in e and "404 (Not Found)" not in e] == []
        home = tab.page.locator("article a", has_text=TEXT[lang]["not_found_home"])
        home.click()
        tab.page.wait_for_load_state("load")
        assert tab.page.url == host + SUB_PATH + ("" if lang == DEFAULT_LANG else f"{lang}/")
        assert tab.page.locator("html").get_attribute("lang") == lang
        assert [e for e in tab.errors if SUB_PATH + missing not in e and "404 (Not Found)" not in e] == []
    finally:
        tab.context.close()
