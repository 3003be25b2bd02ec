"""Judging, for each exclusion of a table, whether the excluding fan implies the excluded one
or the rules only list it (the reader, and what "implies" means: rules/exclusion_judgements.py).

A pair is *listed* when a hand shows it: won one way (self-drawn or on a discard), the fan
counts and the excluded fan does not match. The search tries each fan's own examples, then
hands built to score the fan; a pair without such a hand is judged implied. Every judgement is
recorded with its basis (the fingerprint of what it rests on), so a change of the table makes
the pairs it touches stale: `mcr check` reports them (judgement_problems), and
tools/find_listed_exclusions.py judges them again (only them, unless told to judge all).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable

import rules
from rules import FanTable, Fan
from rules.exclusion_judgements import IMPLIED, JUDGEMENTS_FORMAT, JUDGEMENTS_PATH, WAYS, basis, read_judgements, way_of

from .hand_builder import BuildError, HandBuilder

REBUILD = "python tools/find_listed_exclusions.py"
Pair = dict[str, Any]   # {"fan", "excluded", "basis", "self_drawn": ..., "discard": ...}


def _matched(result: rules.ScoreResult) -> set[str]:
    return {f.id for f in result.fans} | {n.id for n in result.not_counted}


def _hands_with(table: FanTable, fan_id: str, built: int) -> Iterable[tuple[str, dict[str, Any]]]:
    """The fan's own examples that count it, then hands built to score it."""
    for example in table.fan(fan_id).examples:
        if example.counts:
            yield example.hand, dict(example.situation)
    builder = HandBuilder(f"evidence:{fan_id}", table)
    for _ in range(built):
        try:
            hand = builder.build(fan=fan_id, valid=None, max_tries=3000)
        except BuildError:
            return
        yield hand.hand, hand.situation


def shows_listed(table: FanTable, fan: str, excluded: str, hand: str, situation: dict[str, Any]) -> bool:
    """Whether `hand` won as `situation` says counts `fan` and does not match `excluded`."""
    result = rules.score_with_table(table, hand, **situation)
    return fan in result.fan_counts() and excluded not in _matched(result)


def _search(table: FanTable, fan: Fan, wanted: list[str], built: int) -> dict[str, dict[str, Any]]:
    """{excluded: {way: {"hand", "situation"}}}: a hand for each wanted pair and way found."""
    found: dict[str, dict[str, Any]] = {}
    open_pairs = {(other, way) for other in wanted for way in WAYS}
    for hand, situation in _hands_with(table, fan.id, built):
        if not open_pairs:
            break
        result = rules.score_with_table(table, hand, **situation)
        if fan.id not in result.fan_counts():
            continue
        way = way_of(situation)
        for other in sorted(set(wanted) - _matched(result)):
            if (other, way) in open_pairs:
                found.setdefault(other, {})[way] = {"hand": hand, "situation": situation}
                open_pairs.discard((other, way))
    return found


def judge_table(table: FanTable, built: int = 80, known: dict[tuple[str, str, str], Pair] | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[Pair]:
    """A judgement for every exclusion of `table`; a pair `known` holds on its present basis,
    keyed (fan, excluded, basis), is kept as it is rather than searched again."""
    known = known or {}
    pairs: list[Pair] = []
    fans = [f for f in table.fans if f.excludes]
    for n, fan in enumerate(fans, 1):
        bases = {other: basis(table, fan.id, other) for other in fan.excludes}
        wanted = [other for other, b in bases.items() if (fan.id, other, b) not in known]
        found = _search(table, fan, wanted, built) if wanted else {}
        for other, b in bases.items():
            kept = known.get((fan.id, other, b))
            pairs.append(kept if kept is not None else
                         {"fan": fan.id, "excluded": other, "basis": b,
                          **{way: found.get(other, {}).get(way, IMPLIED) for way in WAYS}})
        if progress:
            progress(n, len(fans))
    return pairs


def known_pairs(recorded: dict[str, list[Pair]], edition: str) -> dict[tuple[str, str, str], Pair]:
    return {(p["fan"], p["excluded"], p["basis"]): p for p in recorded.get(edition, [])}


def dump_judgements(by_edition: dict[str, list[Pair]]) -> str:
    """The judgements file: its header, then one pair per line (a rebuild reads well in a diff)."""
    lines = ["{", f' "format": {JUDGEMENTS_FORMAT},',
             f' "generated_by": "{REBUILD}: for each edition, each exclusion judged implied by the excluding fan, '
             'or listed with a hand that shows it, by way of winning (rules/exclusion_judgements.py)",',
             ' "editions": {']
    blocks = []
    for edition, pairs in by_edition.items():
        body = ",\n".join("   " + json.dumps(p, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                          for p in sorted(pairs, key=lambda p: (p["fan"], p["excluded"])))
        blocks.append(f"  {json.dumps(edition)}: [\n{body}\n  ]")
    return "\n".join(lines) + "\n" + ",\n".join(blocks) + "\n }\n}\n"


def _evidence_problems(table: FanTable, pair: Pair, where: str) -> list[str]:
    problems = []
    for way in WAYS:
        shown = pair.get(way)
        if isinstance(shown, dict) and not shows_listed(table, pair["fan"], pair["excluded"], shown["hand"],
                                                       shown.get("situation") or {}):
            problems.append(f"{where} ({way.replace('_', '-')}): its hand {shown['hand']} no longer shows it")
    return problems


def judgement_problems(tables: dict[str, FanTable], path: Path | None = None,
                       shown: str = "rules/exclusion_judgements.json") -> list[str]:
    """Every exclusion of the tables (by edition) whose judgement is missing or rests on another
    basis, every recorded pair the tables no longer have, and every recorded hand that no longer
    shows its pair; each line says how to judge them again."""
    recorded = read_judgements(path)
    problems: list[str] = []
    for edition, table in tables.items():
        index = {(p["fan"], p["excluded"]): p for p in recorded.get(edition, [])}
        for fan in table.fans:
            for other in fan.excludes:
                pair = index.pop((fan.id, other), None)
                where = f"{shown}: edition {edition}: {fan.id} leaving out {other}"
                if pair is None:
                    problems.append(f"{where}: not judged yet")
                elif pair.get("basis") != basis(table, fan.id, other):
                    problems.append(f"{where}: judged for another definition of the two fans (stale)")
                else:
                    problems += _evidence_problems(table, pair, where)
        problems += [f"{shown}: edition {edition}: {fan} leaving out {other}: judged, but the table has no such "
                     f"exclusion (stale)" for fan, other in sorted(index)]
    return [f"{p}; rebuild: {REBUILD}" for p in problems]
