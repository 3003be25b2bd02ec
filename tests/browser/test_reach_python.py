"""The accessibility pass (reach_checks.py) of the pages that run Python in WebAssembly: the
trainer's level quiz and the calculator (a score, the waits, a discard analysis), in every language.
The calculator opens on its discard analysis (a link whose flowers are refused); a scored hand
and then a ready one are typed on the same page, its Python started once for the three. On
that page, in each language, the refusals and the analysis are worded from the string table:
the link's flowers, a hand one away from ready, a flowers count typed out of range."""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import pytest

from generator.site.site_text import LANGS, TEXT
from i18n.string_tables import fill

from .reach_checks import (KINDS as ALL_KINDS, MARKS, PHONE, accessibility_test, check_open_page, open_page,
                           phone, type_hand)  # noqa: F401 - the module's phone fixture

pytestmark = MARKS
KINDS = ("trainer quiz",)
TYPED = ("calculator discards", "calculator", "calculator waits")   # the first by its link, then typed
ONE_AWAY = "19m19p19sESWNCF2m"   # thirteen orphans less one tile, a 2m in its place: 13 kinds, 40 tiles useful
ONE_LEFT = "[555p]456m789m46p5s9s"   # one useful 5p left unseen: the melded pung holds three
ONE_KIND = "[444s][666m][222p]66s57m2m"   # its best discard leaves one kind of useful tile, one copy

test_phone_width_and_accessibility = accessibility_test(KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculator_analysed_then_hands_typed(phone: Any, base_url: str, lang: str) -> None:  # noqa: F811 - the imported fixture
    linked, *typed = TYPED
    open_page(phone, base_url, lang, linked)
    check_open_page(phone, lang, linked)
    problem = said(lang, "calc_link_bad_flowers", param="flowers", value="12", most=8)
    assert phone.inner_text(".mcr-calc__link-problems li") == problem
    shown = {"calculator": ".mcr-calc__result .mcr-hand", "calculator waits": ".mcr-calc__waits"}
    for kind in typed:
        type_hand(phone, unquote(ALL_KINDS[kind].split("hand=", 1)[1].split("&", 1)[0]))
        assert phone.locator(shown[kind]).count() == 1, f"{kind}: the typed hand's answer is not shown"
        check_open_page(phone, lang, kind)
    _worded_in(phone, lang)


def said(lang: str, key: str, **values: Any) -> str:
    """A string of the page filled as the page fills it (Korean particles fitted to the values)."""
    return fill(lang, TEXT[lang][key], values)


def _worded_in(page: Any, lang: str) -> None:
    """A hand one away from ready and a flowers count the page refuses, said in `lang`, at
    phone width (the dark pass leaves a desktop's)."""
    page.set_viewport_size(PHONE)
    type_hand(page, ONE_AWAY)
    status = said(lang, "calc_status_one", n=1)
    useful = said(lang, "calc_useful_count", kinds=said(lang, "calc_count_kinds_other", n=13),
                  unseen=said(lang, "calc_count_unseen_other", n=40))
    assert page.inner_text(".mcr-calc__summary") == said(lang, "calc_summary_shanten", status=status, useful=useful)
    type_hand(page, ONE_LEFT)
    five = page.locator(".mcr-calc__useful li[data-tile='5p'] button").get_attribute("title")
    assert five.endswith(said(lang, "calc_count_unseen_one", n=1)), five   # "1 non vue" in French, not "non vues"
    type_hand(page, ONE_KIND)   # discarding 2m leaves 57m waiting on 6m, whose other three are melded
    one = said(lang, "calc_useful_count", kinds=said(lang, "calc_count_kinds_one", n=1),
                unseen=said(lang, "calc_count_unseen_one", n=1))
    assert one in page.inner_text(".mcr-calc__analysis"), one
    assert not re.search(r"\[(calc|error)_", page.inner_text(".mcr-calc")), "a string is missing"
    error = page.locator(".mcr-calc__field-error")
    page.fill("input[name=flowers]", "x")
    error.wait_for(state="visible")
    assert error.inner_text() == said(lang, "calc_flowers_invalid", value="x", most=8)
    page.fill("input[name=flowers]", "0")
    error.wait_for(state="hidden")
