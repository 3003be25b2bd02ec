"""The learner's calendar day: the trainer spaces by days, so every part asks the clock here
(the tests set it back and forth; the site passes the browser's day to the session)."""
from __future__ import annotations

from datetime import date


def today() -> date:
    """The local calendar day."""
    return date.today()
