"""The accessibility pass (reach_checks.py) of the long pages: a rulebook chapter, the rulings,
the fan table and the fan sheet, in every language."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from generator.site.site_text import LANGS

from .reach_checks import MARKS, check_page, phone_page

pytestmark = MARKS
KINDS = ("rulebook", "rulings", "fan table", "fan sheet")


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811 - fixtures from test_site_browser
    yield from phone_page(browser)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_phone_width_and_accessibility(phone: Any, base_url: str, lang: str, kind: str) -> None:  # noqa: F811
    check_page(phone, base_url, lang, kind)
