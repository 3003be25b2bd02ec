"""Settlement: who pays the winner how much (base points plus the hand's total)."""
from __future__ import annotations

from .result import Payments


def payments_for(total: int, self_drawn: bool, base: int) -> Payments:
    """Self-drawn: each of the other three pays base + total. On a discard: the
    discarder pays base + total and the other two pay the base each."""
    if self_drawn:
        each = base + total
        return Payments(True, each, None, None, 3 * each)
    return Payments(False, None, base + total, base, base + total + 2 * base)
