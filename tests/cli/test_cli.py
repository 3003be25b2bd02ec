"""`mcr score`, `mcr fans`: what a user types and reads."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT


def mcr(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcr", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_breakdown_of_the_issue_example() -> None:
    run = mcr("score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("Big Four Winds (大四喜) ....") and lines[0].split()[-5] == "88"
    assert any(line.startswith("Half Flush (混一色) ..") and " 6" in line for line in lines)
    assert "Total 98 points (valid win: 8 or more without flowers)" in run.stdout
    assert "Payments: self-drawn, each of the other three pays 8 + 98 = 106" in run.stdout
    assert "All Pungs (6): implied by Big Four Winds (non-repeat)" in run.stdout


def test_json_output_follows_the_contract() -> None:
    run = mcr("score", "[234m][888p]567s34pEE5p", "--json", "--flowers", "2")
    data = json.loads(run.stdout)
    assert data["total"] == 10 and data["valid"] is True
    assert [(f["number"], f["id"], f["points"], f["count"]) for f in data["fans"]] == [
        (43, "chicken_hand", 8, 1), (81, "flower_tiles", 1, 2)]
    assert data["payments"] == {"self_drawn": False, "discarder": 18, "others": 8, "winner_receives": 34}


def test_bad_hand_is_one_clear_line_and_exit_1() -> None:
    run = mcr("score", "[123m][EE")
    assert run.returncode == 1
    assert run.stderr.strip() == "mcr score: unclosed meld at column 7"


def test_json_lines_keep_order_and_isolate_errors() -> None:
    requests = [
        {"hand": "[EEE][SSSS1]55pWWWNNN", "self_drawn": True},
        {"hand": "[123m][EE"},
        {"hand": "[234m][888p]567s34pEE5p", "robbing_kong": True, "self_drawn": True},
        {"hand": "[234m][888p]567s34pEE5p", "dealer": True},
        {"hand": "[234m][888p]567s34pEE5p", "flowers": 1, "seat_wind": "S"},
    ]
    stdin = "\n".join(json.dumps(r) for r in requests) + "\n\nnot json\n"
    run = mcr("score", "-", stdin=stdin)
    assert run.returncode == 0
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(out) == 7   # every line answered: the blank one too
    assert out[0]["total"] == 98
    assert out[1] == {"hand": "[123m][EE", "error": "line 2: unclosed meld at column 7", "code": "unclosed_meld"}
    assert "cannot be self-drawn" in out[2]["error"] and out[2]["code"] == "situation_impossible"
    assert "unknown field dealer;" in out[3]["error"] and out[3]["code"] == "unknown_request_field"
    assert out[4]["total"] == 9
    assert out[5]["error"].startswith("line 6: a blank line") and out[5]["code"] == "blank_line"
    assert out[6]["error"].startswith("line 7: not valid JSON") and out[6]["code"] == "not_json"


def test_json_lines_in_parallel_give_the_same_answers(tmp_path: Path) -> None:
    from rules.sampling import sample_hands
    lines = "\n".join(json.dumps(h.request()) for h in sample_hands(900, 5)) + "\n"
    parallel = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=lines, capture_output=True,
                              text=True, cwd=ROOT, env={"MCR_WORKERS": "2", "PATH": ""}, timeout=300)
    serial = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=lines, capture_output=True,
                            text=True, cwd=ROOT, env={"MCR_WORKERS": "1", "PATH": ""}, timeout=300)
    assert parallel.returncode == serial.returncode == 0
    assert parallel.stdout == serial.stdout
    assert len(parallel.stdout.splitlines()) == 900


def test_fans_path_scores_with_an_edited_table(tmp_path: Path) -> None:
    edited = (ROOT / "fans.yaml").read_text(encoding="utf-8").replace(
        "  id: chicken_hand\n  points: 8\n", "  id: chicken_hand\n  points: 16\n", 1)
    path = tmp_path / "edited.yaml"
    path.write_text(edited, encoding="utf-8")
    run = mcr("score", "[234m][888p]567s34pEE5p", "--json", "--fans", str(path))
    assert json.loads(run.stdout)["total"] == 16


def test_fans_lists_all_81() -> None:
    run = mcr("fans")
    lines = run.stdout.splitlines()
    assert len(lines) == 81
    assert lines[0].startswith(" 1  88  Big Four Winds 大四喜  [big_four_winds]")
    only_88 = mcr("fans", "--points", "88").stdout.splitlines()
    assert len(only_88) == 7


def test_help_lists_the_commands() -> None:
    run = mcr("--help")
    for command in ("score", "fans", "check"):
        assert command in run.stdout
    assert "--fourth-tile" in mcr("score", "--help").stdout


def test_json_lines_answer_each_line_as_it_comes() -> None:
    # A tool may keep `mcr score -` open, send one request and wait for its answer.
    proc = subprocess.Popen([sys.executable, "-m", "mcr", "score", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        for hand, total in (("[234m][888p]567s34pEE5p", 8), ("[EEE][SSSS1]55pWWWNNN", 95)):
            proc.stdin.write(json.dumps({"hand": hand}) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert answer["hand"] == hand and answer["total"] == total
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


def test_an_implied_flag_is_said_and_a_contradiction_refused() -> None:
    said = subprocess.run([sys.executable, "-m", "mcr", "score", "[1111m]23m456p789s99s4m", "--replacement"],
                          capture_output=True, text=True, cwd=ROOT)
    assert said.returncode == 0 and "Situation: --self-drawn is implied by --replacement" in said.stdout
    lines = '{"hand": "[1111m]23m456p789s99s4m", "replacement": true, "self_drawn": false}\n'
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=lines, capture_output=True, text=True,
                         cwd=ROOT)
    assert "cannot be on a discard" in json.loads(run.stdout)["error"]
