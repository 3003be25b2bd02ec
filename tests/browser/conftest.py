"""The browser tests' shared Chromium and the shared site they read, one of each per test
worker (a session fixture here, not in a test module: a fixture imported into each module
would start again for each)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .site_steps import serve
from ..site_build_support import built_site

CHROMIUM = Path("/usr/bin/chromium")
# --liftoff-only: WebAssembly runs on V8's baseline compiler alone. A test scores a hand or a
# few, and the optimising compiler's tier-up of Pyodide's hot functions cost about 2.4 s of
# CPU on every page that starts Python (7.5 s with it, 5.1 s without), on the two cores the
# two test workers share; in a whole run those pages' test files took 18-35% less time and
# the suite 6% less. The benchmarks and the fan sheet's printing keep Chromium's defaults.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--js-flags=--liftoff-only"]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[test])")


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = built_site(tmp_path_factory)
    assert site.returncode == 0, f"the site did not build:\n{site.log[-3000:]}"
    yield from serve(site.output)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield WorkersAskedFor(chromium)
        chromium.close()


class WorkersAskedFor:
    """The shared Chromium, whose contexts run no service worker unless a test asks for it
    (`service_workers="allow"`): the site's worker fetches the whole site for offline use,
    tens of megabytes, in every new context, which only the offline tests need."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


