"""The accessibility pass (reach_checks.py) of the long pages: a rulebook chapter, the rulings,
the fan table and the fan sheet, in every language."""
from __future__ import annotations

from .reach_checks import MARKS, accessibility_test, phone  # noqa: F401 - the module's phone fixture

pytestmark = MARKS
KINDS = ("rulebook", "rulings", "fan table", "fan sheet")

test_phone_width_and_accessibility = accessibility_test(KINDS)
