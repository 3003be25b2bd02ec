"""The accessibility pass (reach_checks.py) of the pages that run Python in WebAssembly: the
trainer's level quiz and the calculator (a score, the waits, a discard analysis), in every language.
The calculator's waits are typed on the page that scored (its Python started once for both)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

import pytest

from generator.site.site_text import LANGS

from .reach_checks import KINDS as ALL_KINDS, MARKS, check_open_page, check_page, open_page, phone_page, type_hand

pytestmark = MARKS
KINDS = ("trainer quiz", "calculator discards")
TYPED = ("calculator", "calculator waits")   # the link's hand scored, then the waits' hand typed


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811 - fixtures from test_site_browser
    yield from phone_page(browser)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_phone_width_and_accessibility(phone: Any, base_url: str, lang: str, kind: str) -> None:  # noqa: F811
    check_page(phone, base_url, lang, kind)


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculator_scored_then_its_waits_typed(phone: Any, base_url: str, lang: str) -> None:  # noqa: F811
    scored, waits = TYPED
    open_page(phone, base_url, lang, scored)
    check_open_page(phone, lang, scored)
    type_hand(phone, unquote(ALL_KINDS[waits].split("hand=", 1)[1]))
    assert phone.locator(".mcr-calc__waits").count() == 1, "the typed hand's waits are not shown"
    check_open_page(phone, lang, waits)
