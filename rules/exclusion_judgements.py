"""Why a fan left out under non-repeat is left out: its counting fan *implies* it, or the rules
only *list* it with that fan, so an explanation can say which.

A fan X that excludes Y implies Y when every hand on which X counts, won the same way
(self-drawn or on a discard), also matches Y: Big Four Winds implies Big Three Winds. Otherwise
the rules simply list Y with X: Four Pure Shifted Chows in steps of two hold no Short Straight,
which the rules still name. Telling the two apart takes a search over hands
(generator/quizzes/exclusion_evidence.py, run by tools/find_listed_exclusions.py), whose
judgements are recorded in exclusion_judgements.json beside this module: for each edition and
each pair, by way of winning, "implied" or a hand that shows the pair is only listed.

Each judgement carries the *basis* it rests on: a fingerprint of the two fans' predicates, the
exclusion itself and the edition's settings. A judgement is used only while the table in force
has the same basis; a pair that is new or changed (an exclusion added to a copy of the table, a
predicate edited) has none, and an explanation says neutrally that the fan is left out.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .fantable import Fan, FanTable

JUDGEMENTS_PATH = Path(__file__).with_name("exclusion_judgements.json")
JUDGEMENTS_FORMAT = 1
WAYS = ("self_drawn", "discard")   # the ways of winning an implication is judged within
IMPLIED, LISTED = "implied", "listed"


def way_of(situation: dict[str, Any]) -> str:
    return WAYS[0] if situation.get("self_drawn") or situation.get("replacement") else WAYS[1]


def _predicate(fan: Fan) -> dict[str, Any]:
    """What decides whether a fan matches a hand and how it counts (not its points or texts)."""
    return {"when": fan.when, "count": fan.count, "sets": fan.sets_from, "choose": fan.choose,
            "repeatable": fan.repeatable, "account_once": fan.account_once, "fallback": fan.fallback,
            "bonus": fan.bonus, "absorbs": list(fan.absorbs)}


def basis(table: FanTable, fan: str, excluded: str) -> str:
    """The fingerprint of what the judgement of `fan` excluding `excluded` rests on."""
    counting, left_out = table.fan(fan), table.fan(excluded)
    data = {"fan": _predicate(counting), "excluded": _predicate(left_out),
            "exclusion": [excluded in counting.excludes, counting.exclude_limits.get(excluded)],
            "settings": asdict(table.settings),
            "situations": [[[i.flag, i.brings] for i in table.situations.implications],
                           [[i.id, i.when] for i in table.situations.impossible]]}
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def read_judgements(path: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """{edition: [pair, ...]} as recorded (by default the package's own file, read as a
    resource: the calculator imports the package from a zip); each pair is {"fan", "excluded",
    "basis", and for each way "implied" or {"hand", "situation"}}. Nothing recorded: empty."""
    source = path if path is not None else resources.files(__package__).joinpath(JUDGEMENTS_PATH.name)
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if data.get("format") != JUDGEMENTS_FORMAT:
        return {}
    return data.get("editions") or {}


# Bases of the tables scored with in this process, by the table's identity (the table is kept
# with them, so the identity is never reused): an explanation asks for a few per hand.
_bases: dict[int, tuple[FanTable, dict[tuple[str, str], str | None]]] = {}


def _basis_in(table: FanTable, fan: str, excluded: str) -> str | None:
    kept = _bases.setdefault(id(table), (table, {}))[1]
    if (fan, excluded) not in kept:
        try:
            kept[(fan, excluded)] = basis(table, fan, excluded)
        except KeyError:   # a fan the table does not have
            kept[(fan, excluded)] = None
    return kept[(fan, excluded)]


@cache
def _index() -> dict[tuple[str, str, str], dict[str, Any]]:
    return {(edition, pair["fan"], pair["excluded"]): pair
            for edition, pairs in read_judgements().items() for pair in pairs}


def recorded_pair(edition: str, fan: str, excluded: str) -> dict[str, Any] | None:
    return _index().get((edition, fan, excluded))


def judgement(table: FanTable, fan: str, excluded: str, situation: dict[str, Any]) -> str | None:
    """IMPLIED or LISTED for `fan` leaving out `excluded` on a hand won as `situation` says,
    by the table in force; None when no judgement rests on the table's present basis. A fan
    the counting fan absorbs (not excludes) is implied: it is left out only on the counting
    fan's own sets, which make it."""
    try:
        counting = table.fan(fan)
    except KeyError:
        return None
    if excluded not in counting.excludes and excluded in counting.absorbs:
        return IMPLIED   # absorbed: left out only where the fan's own sets make it, so implied there
    edition = table.edition.id if table.edition is not None else ""
    pair = recorded_pair(edition, fan, excluded)
    if pair is None or pair.get("basis") != _basis_in(table, fan, excluded):
        return None
    found = pair.get(way_of(situation))
    if found is None:
        return None
    return IMPLIED if found == IMPLIED else LISTED


def judgement_on_sets(table: FanTable, fan: str, excluded: str, situation: dict[str, Any],
                      within: bool | None) -> str | None:
    """The judgement for one match of `excluded` left out by `fan`, `within` the sets of a
    counted match of `fan` or not (None: either is a fan of the whole hand; see
    rules.result.NotCounted). A fan implies only what its own sets make: Big Three Winds
    implies Pung of Terminals or Honors on each wind pung, but a separate pung of 9s is left
    out because the rules list it."""
    found = judgement(table, fan, excluded, situation)
    return LISTED if found == IMPLIED and within is False else found
