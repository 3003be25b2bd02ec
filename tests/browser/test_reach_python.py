"""The accessibility pass (reach_checks.py) of the pages that run Python in WebAssembly: the
trainer's level quiz and the calculator (a score, the waits, a discard analysis), in every language.
The calculator opens on its discard analysis (a link whose flowers are refused); a scored hand
and then a ready one are typed on the same page, its Python started once for the three."""
from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest

from generator.site.site_text import LANGS

from .reach_checks import (KINDS as ALL_KINDS, MARKS, accessibility_test, check_open_page, open_page,
                           phone, type_hand)  # noqa: F401 - the module's phone fixture

pytestmark = MARKS
KINDS = ("trainer quiz",)
TYPED = ("calculator discards", "calculator", "calculator waits")   # the first by its link, then typed

test_phone_width_and_accessibility = accessibility_test(KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculator_analysed_then_hands_typed(phone: Any, base_url: str, lang: str) -> None:  # noqa: F811 - the imported fixture
    linked, *typed = TYPED
    open_page(phone, base_url, lang, linked)
    check_open_page(phone, lang, linked)
    shown = {"calculator": ".mcr-calc__result .mcr-hand", "calculator waits": ".mcr-calc__waits"}
    for kind in typed:
        type_hand(phone, unquote(ALL_KINDS[kind].split("hand=", 1)[1].split("&", 1)[0]))
        assert phone.locator(shown[kind]).count() == 1, f"{kind}: the typed hand's answer is not shown"
        check_open_page(phone, lang, kind)
