"""Every text of the table, the editions, the string tables and the quiz banks carries a script
payload (tests/site_payload.py), the readers' refusal switched off; the site built from that
copy runs none of it (issue 23, item 1). Each page and picture of the built site is read as a
browser tokenizes it: no inline script, no handler attribute, no javascript: link, no script
from elsewhere, and on every page the Content-Security-Policy before its first script. The
search index's titles and texts, which the theme shows as HTML, are read the same way. The
browser test (tests/browser/test_page_safety_browser.py) runs the planted pages themselves."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.site.content_policy import CONTENT_SECURITY_POLICY

from ..page_scan import PageScan, scan
from ..site_payload import BUILT, MARK

pytestmark = pytest.mark.slow

LANG_PREFIXES = tuple("" if lang == "en" else f"{lang}/" for lang in BUILT)
# Each kind of page, by its path in the built site after the language prefix.
KINDS = {
    "home": "index.html",
    "quick start": "quickstart/index.html",
    "rulebook chapter": "rulebook/scoring/index.html",
    "rulings": "rulebook/rulings/index.html",
    "fan table": "fans/index.html",
    "fan page": "fans/big_four_winds/index.html",
    "fan sheet": "fans/fan-sheet/index.html",
    "calculator": "calculator/index.html",
    "score sheet": "scoresheet/index.html",
    "notation": "notation/index.html",
    "editions": "editions/index.html",
    "quiz index": "quiz/index.html",
    "level quiz": "quiz/beginner/index.html",
    "family quiz": "quiz/family-honors/index.html",
    "rules quiz": "quiz/rules/index.html",
    "moved page": "rulings/index.html",
}


@pytest.fixture
def site(planted_site: Path) -> Path:   # one planted build per test run (tests/conftest.py)
    return planted_site


@pytest.fixture(scope="module")
def scanned(planted_site: Path) -> dict[str, PageScan]:
    """Every page and picture of the planted site, by its path there, read once for the
    tests below (reading them all takes some ten seconds)."""
    pages = sorted(planted_site.rglob("*.html")) + sorted(planted_site.rglob("*.svg"))
    return {path.relative_to(planted_site).as_posix(): scan(path.read_text(encoding="utf-8")) for path in pages}


def test_no_page_nor_picture_holds_anything_that_runs(scanned: dict[str, PageScan]) -> None:
    assert len(scanned) > 150 * len(BUILT)   # each language's pages, the tiles and the redirects
    found = {name: sorted(set(page.active))[:5] for name, page in scanned.items() if page.active}
    assert not found, f"{len(found)} files run something, e.g. {dict(list(found.items())[:8])}"


def test_every_page_carries_the_policy_before_any_script(scanned: dict[str, PageScan]) -> None:
    pages = {name: page for name, page in scanned.items() if name.endswith(".html")}
    assert len(pages) > 100 * len(BUILT)   # each language's pages and the redirects
    wrong = {name: (page.policies, page.scripts_before_policy) for name, page in pages.items()
             if page.policies != [CONTENT_SECURITY_POLICY] or page.scripts_before_policy}
    assert not wrong, f"{len(wrong)} pages, e.g. {dict(list(wrong.items())[:5])}"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("prefix", LANG_PREFIXES)
def test_each_kind_of_page_shows_the_planted_text_as_text(site: Path, kind: str, prefix: str) -> None:
    """The payload reached the page (so the tests above read something) and shows as typed."""
    page = scan((site / prefix / KINDS[kind]).read_text(encoding="utf-8"))
    shown = "".join(page.text)
    assert f"<svg onload=window.{MARK}=true>" in shown or f"<svg/onload=window.{MARK}=true>" in shown


def test_the_fan_page_s_title_and_heading_hold_the_planted_name_as_text(site: Path) -> None:
    html = (site / "fans" / "big_four_winds" / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    assert title and "&lt;svg onload=window.__xss=true&gt;" in title.group(1), title
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
    assert heading and "Big Four Winds" in heading.group(1) and "&lt;svg onload" in heading.group(1), heading


def test_the_search_index_holds_text_only(site: Path) -> None:
    indexes = sorted((site / "search").glob("search_index*.json"))
    assert len(indexes) == len(BUILT)
    found = []
    for index in indexes:
        for doc in json.loads(index.read_text(encoding="utf-8"))["docs"]:
            for field in ("title", "text"):
                active = scan(doc.get(field) or "").active
                if active:
                    found.append((index.name, doc.get("location"), field, active[:2]))
    assert not found, found[:8]
