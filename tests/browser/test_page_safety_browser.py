"""The site's pages in Chromium under their Content-Security-Policy (issue 23, item 1).

- The project's site: the calculator starts its worker and Pyodide and scores a hand, the
  offline service worker registers, a quiz and the rules quiz ask and grade, the score sheet keeps a
  hand, the rulebook and the search work, and the browser reports no violation of the policy
  (no securitypolicyviolation event, no console message about it).
- A site built from a copy whose every text carries a script payload (tests/site_payload.py):
  on every kind of page, after the page has drawn its data (the quiz's question, the
  calculator's answer, the search's results, the score sheet's row), no payload ran
  (window.__xss is undefined) and none was even blocked by the policy: the escaping alone
  kept it text."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules

from ..site_payload import MARK
from .site_steps import enter_self_drawn_win, serve, type_query
from .conftest import CHROMIUM

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

# Records each violation the page reports, from before its first script.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});
"""
HAND = "[EEE][SSSS1]55pWWWNNN"   # Big Four Winds and others: the calculator's answer names fans


class Watched:
    """One page, with the policy violations and console messages about the policy it reported."""

    def __init__(self, browser: Any, base_url: str, service_workers: str = "allow") -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=service_workers)
        self.context.add_init_script(WATCH_VIOLATIONS)
        self.page = self.context.new_page()
        self.base_url = base_url
        self.console: list[str] = []
        self.page.on("console", lambda m: "Content Security Policy" in m.text and self.console.append(m.text))
        self.page.on("pageerror", lambda e: self.console.append(f"exception: {e}"))

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path, wait_until="load")

    def violations(self) -> list[str]:
        return list(self.page.evaluate("() => window.__violations || []")) + self.console

    def ran(self) -> bool:
        return self.page.evaluate(f"() => typeof window.{MARK} !== 'undefined'")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def watched(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    tab = Watched(browser, base_url)
    yield tab
    tab.close()


def _calculator_scores(tab: Watched, prefix: str = "") -> str:
    tab.open(f"{prefix}calculator/")
    tab.page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=90_000)
    tab.page.fill(".mcr-calc__notation", HAND)
    tab.page.wait_for_function("() => { const r = document.querySelector('.mcr-calc'); return r.dataset.answered"
                               " && !r.hasAttribute('aria-busy'); }", timeout=30_000)
    return tab.page.inner_text(".mcr-calc__summary")


def _trainer_grades(tab: Watched, path: str) -> None:
    """A quiz page (the trainer in its worker: a level's or a family's) asks the edition the
    first time, then a question, takes "I don't know" and draws its feedback: the fans,
    their definitions, the hand."""
    tab.open(path)
    trainer = "div.mcr-trainer"
    tab.page.wait_for_selector(f'{trainer}[data-state="edition"], {trainer}[data-state="question"]', timeout=240_000)
    if tab.page.locator("button[data-edition]").count():
        tab.page.locator("button[data-edition]").first.click()
    tab.page.wait_for_selector(f'{trainer}[data-state="question"]', timeout=60_000)
    tab.page.click("button[data-action=dont_know]")
    tab.page.wait_for_selector(f'{trainer}[data-state="wrong"], {trainer}[data-state="right"]', timeout=60_000)


def _rules_quiz_grades(tab: Watched, prefix: str = "") -> None:
    """The rules quiz asks its first question, takes the first option and draws its verdict."""
    tab.open(f"{prefix}quiz/rules/")
    tab.page.wait_for_selector('div.mcr-rules-quiz[data-state="question"]', timeout=20_000)
    tab.page.locator(".mcr-quiz__option input").first.check()
    tab.page.click(".mcr-quiz__check")
    tab.page.wait_for_selector('div.mcr-rules-quiz[data-state="answered"]', timeout=20_000)


def _sheet_keeps_a_hand(tab: Watched, prefix: str = "") -> None:
    """The score sheet draws, takes a hand (Ann self-draws 24) and draws its row and totals."""
    tab.open(f"{prefix}scoresheet/")
    enter_self_drawn_win(tab.page)


def _search_shows(tab: Watched, query: str) -> None:
    box = tab.page.locator("input.md-search__input")
    box.click()
    type_query(box, query)
    tab.page.wait_for_selector("a.md-search-result__link", timeout=20_000)


def test_the_site_lives_with_its_policy(watched: Watched) -> None:
    summary = _calculator_scores(watched)   # the engine in the page, under the policy, answers as the project's
    assert summary.startswith(f"{rules.score(HAND).total} points"), summary
    assert watched.page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => !!r)")
    _trainer_grades(watched, "quiz/beginner/")
    _trainer_grades(watched, "quiz/family-honors/")
    _rules_quiz_grades(watched)
    _sheet_keeps_a_hand(watched)
    watched.open("rulebook/scoring/")
    _search_shows(watched, "Big Four Winds")
    assert watched.violations() == []


@pytest.fixture(scope="module")
def planted_url(planted_site: Path) -> Iterator[str]:   # one planted build per test run (tests/conftest.py)
    yield from serve(planted_site)


PAGES = ["", "quickstart/", "rulebook/scoring/", "rulebook/rulings/", "fans/", "fans/big_four_winds/",
         "fans/fan-sheet/", "notation/", "editions/", "quiz/", "scoresheet/", "rulings/"]


@pytest.mark.parametrize("prefix", ["", "ja/"])
def test_planted_texts_run_nowhere(browser: Any, planted_url: str, prefix: str) -> None:  # noqa: F811
    # No service worker: it would fetch the whole language in the background for offline use
    # (some 30 MB), which holds none of the texts the pages draw (its notices are the policy test's).
    tab = Watched(browser, planted_url, service_workers="block")
    try:
        for path in PAGES:
            tab.open(prefix + path)
            assert not tab.ran() and tab.violations() == [], (path, tab.violations())
        tab.page.click(".md-nav__link >> nth=3")   # the navigation, whose titles are the tables' texts
        _search_shows(tab, "window")                # the search results, drawn from the index as HTML
        _calculator_scores(tab, prefix)             # the answer names the fans, from the page's JSON
        _trainer_grades(tab, f"{prefix}quiz/beginner/")   # the question, feedback and fans, from the bank and strings
        _trainer_grades(tab, f"{prefix}quiz/family-honors/")
        _rules_quiz_grades(tab, prefix)
        _sheet_keeps_a_hand(tab, prefix)            # the hands' table and standings, from the page's strings
        assert not tab.ran() and tab.violations() == [], tab.violations()
    finally:
        tab.close()
