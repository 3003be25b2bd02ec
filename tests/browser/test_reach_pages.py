"""The accessibility pass (reach_checks.py) of the short pages, in every language; and a
rulebook page stays under 600 KB."""
from __future__ import annotations

from typing import Any

from .reach_checks import (AXE_COLOUR_RUN, AXE_TEXT_RUN, DESKTOP, MARKS, RULEBOOK_PAGE_LIMIT, accessibility_test, axe_violations,
                           phone)  # noqa: F401 - the module's phone fixture

pytestmark = MARKS
# A family's page (quiz/family-*/) is the trainer's widget of "trainer quiz" in the same first
# state, on a page of the same template: not checked twice.
KINDS = ("home", "quick start", "fan", "notation", "quiz index", "rules quiz")

test_phone_width_and_accessibility = accessibility_test(KINDS)


def test_a_rulebook_page_loads_under_600_kb(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    sizes: dict[str, int] = {}
    page.on("requestfinished", lambda r: sizes.__setitem__(r.url, r.sizes()["responseBodySize"]))
    try:
        page.goto(base_url + "rulebook/scoring/", wait_until="networkidle")
        assert not [u for u in sizes if "search_index" in u]   # the index waits for a search
        total = sum(sizes.values())
        assert 0 < total < RULEBOOK_PAGE_LIMIT, f"{total:,} bytes: {sorted(sizes.items(), key=lambda kv: -kv[1])[:5]}"
    finally:
        context.close()


def test_the_three_files_check_every_kind_once() -> None:
    from . import test_reach_python, test_reach_rulebook   # noqa: PLC0415 - the other groups' kinds
    from .reach_checks import KINDS as ALL_KINDS   # noqa: PLC0415

    groups = [*KINDS, *test_reach_rulebook.KINDS, *test_reach_python.KINDS, *test_reach_python.TYPED]
    assert sorted(groups) == sorted(ALL_KINDS)


def test_the_dark_pass_finds_a_colour_fault(phone: Any, base_url: str) -> None:  # noqa: F811 - the imported fixture
    """The colour rules alone, as the dark pass runs them, still catch grey on grey and a
    link told from its sentence by colour alone."""
    phone.goto(base_url)
    phone.evaluate("""() => { const p = document.createElement('p');
      p.innerHTML = '<span style="color:#777;background:#888">grey on grey</span> and a '
        + '<a href="#" style="color:#202020;text-decoration:none">link</a> in dark text';
      p.style.color = '#000'; document.querySelector('article').append(p); }""")
    found = axe_violations(phone, AXE_COLOUR_RUN)
    assert {v.split(" ")[0] for v in found} >= {"color-contrast", "link-in-text-block"}, found


def test_the_pass_without_colours_finds_a_nameless_control(phone: Any, base_url: str) -> None:  # noqa: F811
    """The rules run in the languages whose colours are not read again still catch a button
    and an image with no name, and leave the colour rules out."""
    phone.goto(base_url)
    phone.evaluate("""() => { const p = document.createElement('p');
      p.innerHTML = '<button></button><img src="x.png"><span style="color:#777;background:#888">grey</span>';
      document.querySelector('article').append(p); }""")
    found = {v.split(" ")[0] for v in axe_violations(phone, AXE_TEXT_RUN)}
    assert found >= {"button-name", "image-alt"} and not found & {"color-contrast", "link-in-text-block"}, found
