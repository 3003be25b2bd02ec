"""The score sheet's settlement (site/assets/mcr/scoresheet-core.js, run under node with the
data the page carries) is the engine's: on a thousand and more sampled wins of both editions,
self-drawn and on a discard, what each player pays and receives is the engine's Payments,
each hand sums to zero, and a session's scores are the starting total less the penalties."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import rules
from generator.site.scoresheet_page import page_data
from generator.site.site_data import SiteData, load_site_data
from rules.sampling import sample_hands

from ..conftest import ROOT

CORE = ROOT / "site" / "assets" / "mcr" / "scoresheet-core.js"
# The page's core defines window.McrSheetCore; node has no window, so it gets one.
RUN = """
import fs from "node:fs";
globalThis.window = {};
(0, eval)(fs.readFileSync(%(core)s, "utf8"));
const core = window.McrSheetCore;
const [data, cases, sheets] = JSON.parse(fs.readFileSync(%(input)s, "utf8"));
const hands = cases.map((k) => {
  const edition = core.editionOf(data, k.edition);
  return {payments: core.payments(edition, k.hand.total, k.hand.discarder === null),
          results: core.handResults(edition, k.hand)};
});
const sessions = sheets.map((sheet) => {
  const s = core.session(core.editionOf(data, sheet.edition), sheet);
  return {problems: core.checkSheet(data, sheet).problems, scores: s.scores};
});
console.log(JSON.stringify({hands, sessions}));
"""


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _cases(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases = []
    for i, sampled in enumerate(sample_hands(count, seed=seed)):
        edition = ("1998", "green-book")[i % 2]
        result = rules.score(sampled.hand, edition=edition, **sampled.situation)
        if result.payments is None:   # under the minimum: not a win, nothing to settle
            continue
        winner = rng.randint(1, 4)
        discarder = None if result.payments.self_drawn else rng.choice([p for p in range(1, 5) if p != winner])
        cases.append({"edition": edition, "payments": result.payments.as_dict(),
                      "hand": {"result": "win", "winner": winner, "discarder": discarder, "total": result.total,
                               "flowers": result.situation.flowers, "penalties": []}})
    return cases


def _session(cases: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A sheet of sixteen hands of one edition: sampled wins, a draw, penalties here and there."""
    hands: list[dict[str, Any]] = []
    for case in rng.sample(cases, 15):
        hands.append(dict(case["hand"], penalties=[]))
    hands.insert(rng.randrange(16), {"result": "draw", "penalties": []})
    for _ in range(3):
        rng.choice(hands)["penalties"].append({"player": rng.randint(1, 4), "offence": "false_win",
                                               "points": rng.randint(1, 60)})
    return {"format": 1, "edition": cases[0]["edition"], "players": ["A", "B", "C", "D"], "hands": hands}


def _run(tmp_path: Path, data: SiteData, cases: list, sheets: list) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (./dev setup)")
    (tmp_path / "input.json").write_text(json.dumps([page_data(data, "en"), cases, sheets]), encoding="utf-8")
    (tmp_path / "run.mjs").write_text(RUN % {"core": json.dumps(str(CORE)), "input": json.dumps(str(tmp_path / "input.json"))},
                                      encoding="utf-8")
    run = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_the_pages_settlement_is_the_engines_payments(tmp_path: Path, data: SiteData) -> None:
    cases = _cases(1600, seed=2201)
    rng = random.Random(7)
    sheets = [_session([c for c in cases if c["edition"] == edition], rng) for edition in ("1998", "green-book") * 10]
    out = _run(tmp_path, data, cases, sheets)
    for case, answer in zip(cases, out["hands"], strict=True):
        p, hand = case["payments"], case["hand"]
        assert answer["payments"] == p, case
        expected = [p["winner_receives"] if player == hand["winner"]
                    else -(p["each"] if p["self_drawn"] else p["discarder"] if player == hand["discarder"] else p["others"])
                    for player in range(1, 5)]
        assert answer["results"] == expected, case
        assert sum(answer["results"]) == 0
    assert sum(c["payments"]["self_drawn"] for c in cases) > 200 and sum(not c["payments"]["self_drawn"] for c in cases) > 200
    start = data.table.competition.starting_score
    for sheet, session in zip(sheets, out["sessions"], strict=True):
        assert session["problems"] == []
        penalties = [sum(x["points"] for h in sheet["hands"] for x in h["penalties"] if x["player"] == p) for p in range(1, 5)]
        assert sum(session["scores"]) == 4 * start - sum(penalties)
        # Each player's score is the start, the engine's payments of the wins, less the penalties.
        won = [0] * 4
        for hand in sheet["hands"]:
            if hand["result"] == "win":
                payments = rules.fan_table(edition=sheet["edition"]).settlement.payments(hand["total"],
                                                                                          hand["discarder"] is None)
                for player in range(1, 5):
                    won[player - 1] += _paid(payments, hand, player)
        assert session["scores"] == [start + w - pen for w, pen in zip(won, penalties, strict=True)]


def _paid(payments: Any, hand: dict[str, Any], player: int) -> int:
    if player == hand["winner"]:
        return payments.winner_receives
    if payments.self_drawn:
        return -payments.each
    return -(payments.discarder if player == hand["discarder"] else payments.others)
