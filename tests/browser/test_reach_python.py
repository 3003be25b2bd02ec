"""The accessibility pass (reach_checks.py) of the pages that run Python in WebAssembly: the
trainer's level quiz and the calculator (a score, the waits, a discard analysis), in every language.
The calculator's waits are typed on the page that scored (its Python started once for both)."""
from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest

from generator.site.site_text import LANGS

from .reach_checks import (KINDS as ALL_KINDS, MARKS, accessibility_test, check_open_page, open_page,
                           phone, type_hand)  # noqa: F401 - the module's phone fixture

pytestmark = MARKS
KINDS = ("trainer quiz", "calculator discards")
TYPED = ("calculator", "calculator waits")   # the link's hand scored, then the waits' hand typed

test_phone_width_and_accessibility = accessibility_test(KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculator_scored_then_its_waits_typed(phone: Any, base_url: str, lang: str) -> None:  # noqa: F811 - the imported fixture
    scored, waits = TYPED
    open_page(phone, base_url, lang, scored)
    check_open_page(phone, lang, scored)
    type_hand(phone, unquote(ALL_KINDS[waits].split("hand=", 1)[1]))
    assert phone.locator(".mcr-calc__waits").count() == 1, "the typed hand's waits are not shown"
    check_open_page(phone, lang, waits)
