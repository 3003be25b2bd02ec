"""An event's standings (site/assets/mcr/scoresheet-core.js's eventStandings and eventEntry,
run under node with the data the page carries): the sessions of several tables added up
and ranked as the rulebook's ruling ranking_ties says, every expected value worked out by
hand below from the rulebook (base 8; self-drawn, each other player pays 8 + the total; on
a discard, the discarder pays 8 + the total and the other two 8 each; every session starts
at 500; standard points 4, 2, 1, 0, tied players sharing those of their places)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.site.scoresheet_page import page_data
from generator.site.site_data import load_site_data

from ..conftest import ROOT

CORE = ROOT / "site" / "assets" / "mcr" / "scoresheet-core.js"
# Each call is [function, arguments after the page's data]; the answers come back in order.
RUN = """
import fs from "node:fs";
globalThis.window = {};
(0, eval)(fs.readFileSync(%(core)s, "utf8"));
const core = window.McrSheetCore;
const [data, calls] = JSON.parse(fs.readFileSync(%(input)s, "utf8"));
console.log(JSON.stringify(calls.map(([fn, args]) => core[fn](data, ...args))));
"""


def tsumo(winner: int, total: int, *penalties: tuple[int, int]) -> dict[str, Any]:
    return {"result": "win", "winner": winner, "discarder": None, "total": total, "flowers": 0,
            "penalties": _penalties(penalties)}


def ron(winner: int, discarder: int, total: int, *penalties: tuple[int, int]) -> dict[str, Any]:
    return {"result": "win", "winner": winner, "discarder": discarder, "total": total, "flowers": 0,
            "penalties": _penalties(penalties)}


def time_out(*penalties: tuple[int, int]) -> dict[str, Any]:
    """Time runs out: the session is over; (player, points) penalties given in that hand."""
    return {"result": "time", "penalties": _penalties(penalties)}


def _penalties(items: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    return [{"player": p, "offence": "false_win", "points": points} for p, points in items]


def sheet(players: list[str], *hands: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "edition": "1998", "players": players, "hands": list(hands)}


def _run(tmp_path: Path, calls: list[list[Any]]) -> list[Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (./dev setup)")
    data = page_data(load_site_data(), "en")
    assert data["edition"] == "1998"
    (tmp_path / "input.json").write_text(json.dumps([data, calls]), encoding="utf-8")
    (tmp_path / "run.mjs").write_text(RUN % {"core": json.dumps(str(CORE)), "input": json.dumps(str(tmp_path / "input.json"))},
                                      encoding="utf-8")
    run = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def _table(standings: dict[str, Any]) -> list[tuple]:
    """Each row as (place, tied, name, sessions, standard points, total score, best standard, best score)."""
    return [(p["place"], p["tied"], p["name"], p["sessions"], p["standard"], p["total"], p["bestStandard"], p["bestScore"])
            for p in standings["players"]]


# (a) Three sessions, eight players, two tables in each session; every session ends when
# time runs out, so none is unfinished. (f) Ann is "ANN" in session 2 and Di Ma "di  ma" in
# session 3: the same players, shown as first spelled.
#
# Session 1, table 1 (Ann, Bo, Cy, Di Ma): Ann self-draws 16: +72, the others -24 each
#   (572, 476, 476, 476); Bo wins 8 on Cy's discard: Bo +32, Cy -16, Ann and Di Ma -8:
#   Ann 564 (4), Bo 508 (2), Di Ma 468 (1), Cy 460 (0).
# Session 1, table 2 (Ed, Flo, Gus, Hal): Ed wins 24 on Flo's discard: Ed +48, Flo -32, Gus
#   and Hal -8: Ed 548 (4), Gus 492 and Hal 492 share 2 + 1 (1.5 each), Flo 468 (0).
# Session 2, table 1 (ANN, Cy, Ed, Gus): Gus self-draws 8: +48, the others -16: Gus 548 (4);
#   ANN, Cy, Ed 484 share 2 + 1 + 0 (1 each).
# Session 2, table 2 (Bo, Di Ma, Flo, Hal): Hal wins 10 on Bo's discard: Hal +34, Bo -18,
#   Di Ma and Flo -8: Hal 534 (4), Di Ma 492 and Flo 492 share 1.5 each, Bo 482 (0).
# Session 3, table 1 (di  ma, Ann, Hal, Ed): di ma self-draws 10: +54, the others -18
#   (554, 482, 482, 482); Ann wins 8 on Hal's discard: Ann +32, Hal -16, di ma and Ed -8:
#   Di Ma 546 (4), Ann 514 (2), Ed 474 (1), Hal 466 (0).
# Session 3, table 2 (Bo, Cy, Flo, Gus): Cy wins 16 on Gus's discard: Cy +40, Gus -24, Bo
#   and Flo -8: Cy 540 (4), Bo 492 and Flo 492 share 1.5 each, Gus 476 (0).
#
# Over the event (standard points; total session score; best standard; best score):
#   Ann 4 + 1 + 2 = 7; 564 + 484 + 514 = 1562; 4; 564
#   Bo 2 + 0 + 1.5 = 3.5; 508 + 482 + 492 = 1482; 2; 508
#   Cy 0 + 1 + 4 = 5; 460 + 484 + 540 = 1484; 4; 540
#   Di Ma 1 + 1.5 + 4 = 6.5; 468 + 492 + 546 = 1506; 4; 546
#   Ed 4 + 1 + 1 = 6; 548 + 484 + 474 = 1506; 4; 548
#   Flo 0 + 1.5 + 1.5 = 3; 468 + 492 + 492 = 1452; 1.5; 492
#   Gus 1.5 + 4 + 0 = 5.5; 492 + 548 + 476 = 1516; 4; 548
#   Hal 1.5 + 4 + 0 = 5.5; 492 + 534 + 466 = 1492; 4; 534
# (the standard points add up to 3 sessions x 2 tables x 7 = 42). (b) Gus and Hal tie on 5.5
# standard points: Gus's 1516 session points beat Hal's 1492, so Gus is 4th and Hal 5th.
EVENT = [
    sheet(["Ann", "Bo", "Cy", "Di Ma"], tsumo(1, 16), ron(2, 3, 8), time_out()),
    sheet(["Ed", "Flo", "Gus", "Hal"], ron(1, 2, 24), time_out()),
    sheet(["ANN", "Cy", "Ed", "Gus"], tsumo(4, 8), time_out()),
    sheet(["Bo", "Di Ma", "Flo", "Hal"], ron(4, 1, 10), time_out()),
    sheet(["di  ma", "Ann", "Hal", "Ed"], tsumo(1, 10), ron(2, 3, 8), time_out()),
    sheet(["Bo", "Cy", "Flo", "Gus"], ron(2, 4, 16), time_out()),
]
EVENT_STANDINGS = [
    (1, 1, "Ann", 3, 7, 1562, 4, 564),
    (2, 1, "Di Ma", 3, 6.5, 1506, 4, 546),
    (3, 1, "Ed", 3, 6, 1506, 4, 548),
    (4, 1, "Gus", 3, 5.5, 1516, 4, 548),
    (5, 1, "Hal", 3, 5.5, 1492, 4, 534),
    (6, 1, "Cy", 3, 5, 1484, 4, 540),
    (7, 1, "Bo", 3, 3.5, 1482, 2, 508),
    (8, 1, "Flo", 3, 3, 1452, 1.5, 492),
]

# (c) Equal standard points and equal session scores: the standard points won in a single
# session decide, before the best score.
# Session 1 (Pat, Quin, Rae, Sol): time runs out at once; penalties Quin 58, Rae 60, Sol 70:
#   Pat 500 (4), Quin 442 (2), Rae 440 (1), Sol 430 (0).
# Session 2 (same seats): Rae wins 16 on Sol's discard: Rae 540, Sol 476, Pat 492, Quin 492;
#   Quin wins 8 on Pat's discard: Quin 524, Pat 476, Rae 532, Sol 468; time runs out with 10
#   penalty points for Pat: Rae 532 (4), Quin 524 (2), Sol 468 (1), Pat 466 (0).
# Pat: 4 + 0 = 4, 500 + 466 = 966, best 4, best score 500. Quin: 2 + 2 = 4, 442 + 524 = 966,
# best 2, best score 524. Pat ranks ahead of Quin on the best standard points although Quin's
# best score is higher. Rae: 1 + 4 = 5, 972; Sol: 0 + 1 = 1, 898.
SINGLE_SESSION = [
    sheet(["Pat", "Quin", "Rae", "Sol"], time_out((2, 58), (3, 60), (4, 70))),
    sheet(["Pat", "Quin", "Rae", "Sol"], ron(3, 4, 16), ron(2, 1, 8), time_out((1, 10))),
]
SINGLE_SESSION_STANDINGS = [
    (1, 1, "Rae", 2, 5, 972, 4, 532),
    (2, 1, "Pat", 2, 4, 966, 4, 500),
    (3, 1, "Quin", 2, 4, 966, 2, 524),
    (4, 1, "Sol", 2, 1, 898, 1, 468),
]

# (d) Equal on the first three criteria: the best session score decides. (e) Equal on all
# four: the same place, shared.
# Session 1 (Kim, Lou, Max, Ned): Kim wins 8 on Lou's discard: Kim 532, Lou 484, Max 492,
#   Ned 492; penalties Kim 12, Lou 34: Kim 520 (4), Max 492 and Ned 492 share 1.5 each, Lou 450 (0).
# Session 2: Lou wins 8 on Kim's discard: Lou 532, Kim 484, Max 492, Ned 492; penalties
#   Lou 2, Kim 24: Lou 530 (4), Max and Ned 1.5 each, Kim 460 (0).
# Kim: 4, 520 + 460 = 980, best 4, best score 520. Lou: 4, 450 + 530 = 980, best 4, best
# score 530: Lou 1st, Kim 2nd. Max and Ned: 3, 984, 1.5, 492 each: both 3rd, shared.
BEST_SCORE = [
    sheet(["Kim", "Lou", "Max", "Ned"], ron(1, 2, 8, (1, 12), (2, 34)), time_out()),
    sheet(["Kim", "Lou", "Max", "Ned"], ron(2, 1, 8, (2, 2), (1, 24)), time_out()),
]
BEST_SCORE_STANDINGS = [
    (1, 1, "Lou", 2, 4, 980, 4, 530),
    (2, 1, "Kim", 2, 4, 980, 4, 520),
    (3, 2, "Max", 2, 3, 984, 1.5, 492),
    (3, 2, "Ned", 2, 3, 984, 1.5, 492),
]


def test_an_event_is_ranked_as_the_ruling_says(tmp_path: Path) -> None:
    event, single, best = _run(tmp_path, [["eventStandings", [EVENT]], ["eventStandings", [SINGLE_SESSION]],
                                          ["eventStandings", [BEST_SCORE]]])
    assert _table(event) == EVENT_STANDINGS                    # (a), (b), (f)
    assert [s["over"] for s in event["sessions"]] == [True] * 6
    assert _table(single) == SINGLE_SESSION_STANDINGS          # (c)
    assert _table(best) == BEST_SCORE_STANDINGS                # (d), (e)


def test_an_unfinished_session_counts_and_is_marked(tmp_path: Path) -> None:
    # Two hands of sixteen, time not out: Ann self-draws 16 (572, 476, 476, 476), then Bo
    # wins 8 on Cy's discard: Ann 564 (4), Bo 508 (2), Di 468 (1), Cy 460 (0).
    short = sheet(["Ann", "Bo", "Cy", "Di"], tsumo(1, 16), ron(2, 3, 8))
    [standings] = _run(tmp_path, [["eventStandings", [[short]]]])
    assert standings["sessions"] == [{"over": False, "hands": 2, "hands_per_session": 16}]
    assert _table(standings)[0] == (1, 1, "Ann", 1, 4, 564, 4, 564)


def test_a_session_that_cannot_count_is_refused_and_says_why(tmp_path: Path) -> None:
    first = dict(EVENT[0], summary={"anything": "a reader's copy"})
    entries = [{"file": "table-1.json", "sheet": EVENT[0]}]
    unnamed = sheet(["Ann", " ", "Cy", "Di"], time_out())
    same_name = sheet(["Ann", "Bo", "ann ", "Di"], time_out())
    answers = _run(tmp_path, [["eventEntry", [first, "again.json", entries]],                  # (g) the same session
                              ["eventEntry", [unnamed, "unnamed.json", entries]],              # (g) South has no name
                              ["eventEntry", [same_name, "twice.json", entries]],
                              ["eventEntry", [{"players": []}, "other.json", entries]],
                              ["eventEntry", [EVENT[1], "table-2.json", entries]]])
    again, nameless, twice, other, fine = answers
    assert again == {"entry": None, "replaces": None,
                     "problems": [{"key": "err_event_duplicate", "values": {"file": "table-1.json"}, "at": None}]}
    assert nameless == {"entry": None, "replaces": None,
                        "problems": [{"key": "err_event_unnamed", "values": {"player": 2, "wind": "S"}, "at": None}]}
    assert twice["problems"] == [{"key": "err_event_same_name", "values": {"name": "ann"}, "at": None}]
    assert other["entry"] is None and {p["key"] for p in other["problems"]} >= {"err_format", "err_edition", "err_players"}
    assert fine == {"entry": {"file": "table-2.json", "sheet": EVENT[1]}, "replaces": None, "problems": []}


def test_one_table_added_again_further_on_is_still_one_session(tmp_path: Path) -> None:
    # The sheet on the page added after hand 1, then again after hand 2: one session, not
    # two (Cy counted twice before). The later stage takes the earlier one's place; the
    # earlier stage, or the same one, added after the later one is refused; another table
    # with the same first hand but other players is another session.
    after_one = sheet(["Ann", "Bo", "Cy", "Di"], tsumo(1, 16))
    after_two = sheet(["ann", "Bo", "Cy", "Di "], tsumo(1, 16), ron(2, 3, 8))
    other_table = sheet(["Ed", "Flo", "Gus", "Hal"], tsumo(1, 16))
    early = [{"file": "early", "sheet": after_one}]
    late = [{"file": "late", "sheet": after_two}]
    grown, shrunk, same, beside = _run(tmp_path, [["eventEntry", [after_two, "late", early]],
                                                  ["eventEntry", [after_one, "early", late]],
                                                  ["eventEntry", [after_two, "late again", late]],
                                                  ["eventEntry", [other_table, "other", early]]])
    assert (grown["replaces"], grown["problems"]) == (0, [])
    assert shrunk["entry"] is None and shrunk["problems"][0]["values"] == {"file": "late"}
    assert same["entry"] is None and same["problems"][0]["key"] == "err_event_duplicate"
    assert (beside["replaces"], beside["problems"]) == (None, [])
