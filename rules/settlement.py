"""Settlement: who pays the winner how much, by the payment formulas of the fan table."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Callable

from .result import Payments
from .vocabulary import compile_predicate

# The names a payment formula may use.
PAYMENT_FACTS = {"base": "the base payment of the table's settlement", "total": "the hand's total, flowers included"}
# Who pays, in each case: the table gives a formula for each.
PAYERS = {"self_drawn": ("each_other_player",), "on_discard": ("discarder", "each_other_player")}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The table's base payment and minimum, and its payment formulas."""

    base: int
    minimum: int
    formulas: dict[str, dict[str, Any]]   # as written: case -> payer -> formula
    compiled: dict[tuple[str, str], Callable[[Any], Any]] = field(default_factory=dict, compare=False)
    # (total, self_drawn) -> Payments: a few hundred totals occur, and every hand asks. Not an
    # argument, so that dataclasses.replace (another base, say) starts with an empty memory.
    known: dict[tuple[int, bool], Payments] = field(default_factory=dict, init=False, compare=False, repr=False)

    def payments(self, total: int, self_drawn: bool) -> Payments:
        """Self-drawn, each of the other three players pays; on a discard, the
        discarder pays one amount and each of the other two another."""
        key = (total, self_drawn)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._payments(total, self_drawn)
        return known

    def _payments(self, total: int, self_drawn: bool) -> Payments:
        facts = SimpleNamespace(base=self.base, total=total)
        if self_drawn:
            each = int(self.compiled["self_drawn", "each_other_player"](facts))
            return Payments(True, each, None, None, 3 * each)
        discarder = int(self.compiled["on_discard", "discarder"](facts))
        others = int(self.compiled["on_discard", "each_other_player"](facts))
        return Payments(False, None, discarder, others, discarder + 2 * others)


def compile_settlement(settlement: Settlement) -> Settlement:
    return Settlement(settlement.base, settlement.minimum, settlement.formulas, {
        (case, payer): compile_predicate(settlement.formulas[case][payer], f"settlement: payments.{case}.{payer}",
                                         facts=PAYMENT_FACTS)
        for case, payers in PAYERS.items() for payer in payers})
