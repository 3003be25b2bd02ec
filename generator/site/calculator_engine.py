"""The calculator page's engine side: requests from the page, answered with `rules`.

It runs in the page's worker under Pyodide (generator/site/calculator_assets.py ships it with
the `rules` package and the fan table as JSON) and, unchanged, in the tests on CPython.
It only calls the engine's public API and shapes its answers for the page: the scoring
is the breakdown's JSON (rules.breakdown), the answer of `mcr score -`; an error is the
engine's code and the values it names, which the page words in its language (`error_<code>`
of i18n/site, as `mcr` does). Imports nothing but `rules` and the standard library.

Tables are kept by name: the page loads one per edition of the rules, named by the
edition's id, and a request names the one to score by as `mcr score -` does, with
"edition" (the first loaded when it names none).
"""
from __future__ import annotations

import json
from typing import Any

import rules
from rules import FanTable, Hand, NotationError, RulesError

DEFAULT_TABLE = "fans"
_tables: dict[str, FanTable] = {}

# The situation fields a wait is scored with: the winds and flowers of the request. The
# flags belong to one way of winning and would be impossible for some waits.
_WAIT_FIELDS = ("seat_wind", "prevalent_wind", "flowers")


def load_table(data_json: str, name: str = DEFAULT_TABLE) -> int:
    """Compile a table from its JSON data (checked when the site was built); returns how
    many fans it has."""
    table = rules.table_from_data(json.loads(data_json), f"{name}.json", checked=True)
    _tables[name] = table
    return len(table.fans)


def forget_tables() -> None:
    """Drop every table loaded: the next one loaded is the default again, as in a fresh page
    (the tests load tables of their own into this one module)."""
    _tables.clear()


def _table(request: dict[str, Any]) -> FanTable:
    name = request.get("edition")
    if name is None:
        return next(iter(_tables.values()))
    if name not in _tables:
        raise rules.EditionError(f"unknown edition '{name}'; editions: {', '.join(_tables)}", "unknown_edition",
                                 edition=str(name), known=tuple(_tables))
    return _tables[name]


def describe(err: RulesError, table: FanTable | None, lang: str) -> dict[str, Any]:
    """{"code", "values", "message", "column", "tiles", "in_meld"} for one engine error: the
    values fill the page's wording of the code; `column` is 1-based in the notation (None
    when the error has no place); `tiles` are the faces at fault, for the picture to mark.
    An impossible situation is worded by the table's rule, in `lang`."""
    values = err.values()
    if err.code == "situation_impossible" and table is not None:
        values["reason"] = table.situations.rule(err.fields["rule"]).reason(lang, err.fields["winning_tile"])
    notation = isinstance(err, NotationError)
    return {"code": err.code, "values": values, "message": str(err), "column": err.column if notation else None,
            "tiles": [err.fields["tile"]] if "tile" in err.fields else [], "in_meld": notation and err.in_meld}


def hand_tiles(hand: Hand) -> dict[str, Any]:
    """The hand as the page draws it: melds (kind, faces, claimed), then the standing tiles."""
    return {"melds": [{"kind": m.kind, "tiles": [t.text for t in m.tiles], "claimed": m.claimed}
                      for m in hand.melds],
            "standing": [t.text for t in hand.standing]}


def _situation(request: dict[str, Any]) -> dict[str, Any]:
    """The situation fields of a request, as the engine takes them."""
    return {k: v for k, v in request.items() if k in rules.SITUATION_FIELDS}


def _scored(request: dict[str, Any]) -> rules.Breakdown:
    table, lang = _table(request), request.get("lang", "en")
    return rules.breakdown(rules.score_with_table(table, request["hand"], lang, echo=True, **_situation(request)),
                           table)


def _same_total(request: dict[str, Any], shown: rules.Breakdown) -> list[dict[str, Any]]:
    """The other counts of the shown total (rules.other_counts), for the page to list."""
    ties = rules.score_ties(request["hand"], table=_table(request), lang=request.get("lang", "en"),
                            **_situation(request))
    return [other.as_dict() for other in rules.other_counts(shown, ties)]


def score(request: dict[str, Any]) -> dict[str, Any]:
    """The answer of `mcr score -` to `request` ({"hand", situation fields...}), in `lang`."""
    return _scored(request).as_dict()


def _scored_wait(table: FanTable, hand: str, lang: str, situation: dict[str, Any]) -> dict[str, Any]:
    try:
        result = rules.score_with_table(table, hand, lang, **situation)
    except RulesError as err:
        return {"error": describe(err, table, lang)}
    return {"total": result.total, "valid": result.valid, "fans": [f.id for f in result.fans]}


def waits(request: dict[str, Any]) -> list[dict[str, Any]]:
    """For a 13-tile hand: each tile it waits on, the copies of it this hand does not see
    (four less those in the hand), and the score when won on it from a discard and drawn."""
    table, lang, hand = _table(request), request.get("lang", "en"), request["hand"]
    held = rules.parse_waiting_hand(hand).copies
    base = {k: request[k] for k in _WAIT_FIELDS if k in request}
    out = []
    for tile in rules.waits(hand):
        completed = f"{hand}{tile.text}"
        out.append({"tile": tile.text, "unseen": 4 - held[tile.code],
                    "discard": _scored_wait(table, completed, lang, {**base, "self_drawn": False}),
                    "self_drawn": _scored_wait(table, completed, lang, {**base, "self_drawn": True})})
    return out


def analyse(request: dict[str, Any]) -> dict[str, Any]:
    """What the page shows for the hand typed or tapped so far:
    - 14 tiles: {"kind": "score", "result": the breakdown, "same_total": the other counts of its
      total (rules.OtherCount.as_dict), "tiles": the hand};
    - 13 tiles: {"kind": "waits", "waits": [...], "tiles": the hand};
    - fewer or more: {"kind": "incomplete", "count": tiles so far};
    - a hand the engine refuses: {"kind": "error", "error": describe(...)}."""
    hand, lang = request.get("hand"), request.get("lang", "en")
    try:
        table = _table(request)
    except RulesError as err:
        return {"kind": "error", "error": describe(err, None, lang)}
    try:
        if not isinstance(hand, str):
            raise NotationError("the hand must be a string", code="hand_not_string")
        shown = _scored(request)
        return {"kind": "score", "result": shown.as_dict(), "same_total": _same_total(request, shown),
                "tiles": hand_tiles(rules.parse_hand(hand))}
    except RulesError as err:
        if err.code != "tile_count":
            return {"kind": "error", "error": describe(err, table, lang)}
        count, waiting = err.fields["n"], err.fields["size"] - 1   # a hand waits with one tile less
    if count != waiting:
        return {"kind": "incomplete", "count": count}
    try:
        return {"kind": "waits", "waits": waits(request), "tiles": hand_tiles(rules.parse_waiting_hand(hand))}
    except RulesError as err:
        return {"kind": "error", "error": describe(err, table, lang)}


def discard_analysis(request: dict[str, Any]) -> dict[str, Any]:
    """`mcr analyze --json`'s object for the request's hand of 13 or 14 tiles, a ready
    hand's waits scored with the request's winds and flowers (rules.analyze_hand)."""
    situation = {k: request[k] for k in _WAIT_FIELDS if k in request}
    found = rules.analyze_hand(request["hand"], table=_table(request), lang=request.get("lang", "en"), **situation)
    return found.as_dict()


def with_analysis(request: dict[str, Any], shown: dict[str, Any]) -> dict[str, Any]:
    """analyse()'s answer with the discard analysis where the hand is not a win:
    - 13 tiles: "analysis" added; the kind is "shanten" in place of "waits" when the hand
      waits on no tile;
    - 14 tiles with no winning shape: {"kind": "discards", "analysis": ..., "tiles": the
      hand} in place of the error.
    Anything else, or a hand the analysis refuses, is answered as analyse() answered it."""
    try:
        if shown["kind"] == "waits":
            return {**shown, "kind": "waits" if shown["waits"] else "shanten", "analysis": discard_analysis(request)}
        if shown["kind"] == "error" and shown["error"]["code"] == "not_winning":
            return {"kind": "discards", "analysis": discard_analysis(request),
                    "tiles": hand_tiles(rules.parse_hand_to_analyze(request["hand"]))}
    except RulesError:
        pass
    return shown


def answer(request_json: str) -> str:
    """One request from the page (JSON) to its answer (JSON): the worker's only call."""
    request = json.loads(request_json)
    if request.get("kind") == "score":   # exactly `mcr score -`'s answer, for the comparison test
        try:
            return json.dumps(score(request), ensure_ascii=False)
        except RulesError as err:
            return json.dumps({"hand": request.get("hand"), "error": str(err), "code": err.code}, ensure_ascii=False)
    return json.dumps(with_analysis(request, analyse(request)), ensure_ascii=False)
