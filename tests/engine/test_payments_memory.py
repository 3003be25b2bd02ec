"""The settlement remembers payments per total: a copy with another base must not reuse them."""
from __future__ import annotations

import dataclasses

import rules


def test_a_settlement_copied_with_another_base_pays_by_its_own_base() -> None:
    settlement = rules.fan_table().settlement
    # On a discard the discarder pays base + total, each other player the base (the rulebook's rule).
    assert settlement.payments(13, False).discarder == 8 + 13
    no_base = dataclasses.replace(settlement, base=0)
    assert no_base.payments(13, False).discarder == 13 and no_base.payments(13, False).others == 0
    assert settlement.payments(13, False).others == 8
