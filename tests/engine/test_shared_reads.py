"""A generated program reads each stored fact it needs more than once on a reading into a
local name first (rules.shared_reads); facts worked out when first read stay where they
are, and quoted texts stay as they were written."""
from __future__ import annotations

import rules
from rules.context import STORED_FACTS, HandContext
from rules.notation import parse_hand
from rules.scoring import situation_for
from rules.shapes import readings_of
from rules.shared_reads import read_once


def test_a_stored_fact_read_twice_is_read_once_first() -> None:
    lines = ["    if (h.shape == 'standard') and h.self_drawn:", "        fixed.append(_M1)",
             "    if h.shape == 'pairs':", "        fixed.append(_M2)"]
    assert read_once(lines) == [
        "    _fact_shape = h.shape",
        "    if (_fact_shape == 'standard') and h.self_drawn:", "        fixed.append(_M1)",
        "    if _fact_shape == 'pairs':", "        fixed.append(_M2)"]


def test_a_size_taken_twice_is_taken_once_and_reads_the_local_fact() -> None:
    lines = ["    if len(h.chows) == 4 and h.chows[0]:", "        x", "    if len(h.chows) == 3:", "        y"]
    assert read_once(lines) == [
        "    _size_chows = len(h.chows)",
        "    if _size_chows == 4 and h.chows[0]:", "        x", "    if _size_chows == 3:", "        y"]
    lines.append("    if h.chows:")   # a third read of the fact itself: the size reads the local name
    assert read_once(lines)[:2] == ["    _fact_chows = h.chows", "    _size_chows = len(_fact_chows)"]


def test_facts_worked_out_when_read_and_facts_read_once_stay() -> None:
    assert "waits" not in STORED_FACTS and "faces" not in STORED_FACTS
    lines = ["    if h.wait == 'edge' and len(h.waits) == 1:", "        a",
             "    if h.wait == 'closed' and len(h.waits) == 1 and h.faces:", "        b",
             "    if h.faces and h.flowers:", "        c"]
    assert read_once(lines) == lines
    assert read_once([]) == []


def test_a_name_that_starts_another_is_not_taken_for_it() -> None:
    # `groups` is stored; `h.groups_x` is no read of it and must stay whole.
    lines = ["    if h.groups and h.groups_x:", "        a", "    if h.groups:", "        b"]
    out = read_once(lines)
    assert out[0] == "    _fact_groups = h.groups"
    assert out[1] == "    if _fact_groups and h.groups_x:"


def test_the_stored_facts_are_what_a_context_holds_before_any_fan_asks() -> None:
    hand = parse_hand("[123m]456m789m34p55s5p")
    situation = situation_for(rules.fan_table())
    context = HandContext(hand, readings_of(hand, situation.self_drawn)[0], situation)
    assert set(context.__dict__) == STORED_FACTS


def test_quoted_texts_are_no_reads() -> None:
    # A predicate may compare texts that look like reads: they are no reads of the context.
    lines = ["    if h.shape == 'h.shape' and \"len(h.pungs)\" < 'it''s':", "        a",
             "    if h.shape == \"don't h.shape\" and len(h.pungs) and len(h.pungs):", "        b"]
    assert read_once(lines) == [
        "    _fact_shape = h.shape", "    _size_pungs = len(h.pungs)",
        "    if _fact_shape == 'h.shape' and \"len(h.pungs)\" < 'it''s':", "        a",
        "    if _fact_shape == \"don't h.shape\" and _size_pungs and _size_pungs:", "        b"]


def test_a_longer_name_is_not_cut_short() -> None:
    lines = ["    if h.shape2 and h.shape2:", "        a"]
    assert read_once(lines) == lines


def test_the_projects_programs_read_early_only_stored_facts() -> None:
    for info, _ in rules.editions():
        local_names = rules.fan_table(None, info.id).program.__code__.co_varnames
        early = {name.split("_", 2)[2] for name in local_names if name.startswith(("_fact_", "_size_"))}
        assert {"shape", "pungs", "suits"} <= early   # read more than once by any MCR table
        assert early <= STORED_FACTS
