"""`mcr analyze`: the JSON contract other tools rely on, the text a person reads, and the
refusals, in the reader's language."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

from .in_process import mcr_here

FORM_KEYS = {"standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight"}


def mcr(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcr", "analyze", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def analysed(*args: str) -> dict:
    run = mcr(*args, "--json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_thirteen_tiles_not_ready() -> None:
    found = analysed("[123m]456p78s99sEES")
    assert set(found) == {"shanten", "forms", "useful"}
    assert set(found["forms"]) == FORM_KEYS
    assert found["shanten"] == 1 and found["forms"]["seven_pairs"] is None
    assert all(set(u) == {"tile", "unseen"} for u in found["useful"])


def test_thirteen_tiles_ready_give_the_waits_scored() -> None:
    found = analysed("123m456p789sEESS", "--seat-wind", "S", "--flowers", "1")
    assert set(found) == {"shanten", "forms", "useful", "waits"}
    assert found["shanten"] == 0
    assert [w["tile"] for w in found["waits"]] == ["E", "S"]
    for wait in found["waits"]:
        assert set(wait) == {"tile", "unseen", "discard", "self_drawn"}
        assert set(wait["discard"]) == set(wait["self_drawn"]) == {"total", "valid"}
        # The same hand won on that tile, as `mcr score` scores it.
        scored = subprocess.run([sys.executable, "-m", "mcr", "score", f"123m456p789sEESS{wait['tile']}", "--json",
                                 "--seat-wind", "S", "--flowers", "1"], capture_output=True, text=True, cwd=ROOT)
        assert wait["discard"]["total"] == json.loads(scored.stdout)["total"]


def test_fourteen_tiles_give_the_discards() -> None:
    found = analysed("123m456p789sEESSC")
    assert set(found) == {"shanten", "forms", "discards"}
    assert found["discards"][0]["tile"] == "C" and found["discards"][0]["shanten"] == 0
    assert all(set(d) == {"tile", "shanten", "useful"} for d in found["discards"])
    assert len(found["discards"]) == 12   # twelve different faces in the hand


def test_the_text_in_english_and_chinese() -> None:
    run = mcr("123m456p789sEESSC")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Hand: 123m456p789sEESSC"
    assert lines[1] == "After the best discard: Ready (shanten 0): one tile wins"
    assert "  discard C: ready; 2 kinds, 4 unseen: E×2 S×2" in lines
    run = mcr("123m456p789sEESS", "--lang", "zh")
    assert "听牌（0 向听）" in run.stdout and "E×2：点和 " in run.stdout


@pytest.mark.parametrize(("lang", "hand", "message"), [
    ("en", "123m456p789s", "mcr analyze: 9 tiles: a hand to analyze has 13 or 14"),
    ("zh", "123m456p789s", "mcr analyze: 9 张牌：分析需要 13 张（等一张牌的手牌）或 14 张（要打出一张的手牌）"),
    ("ja", "11111m456p789sEES", "mcr analyze: 1mが5枚あります"),
    ("es", "123m456p7x89sEES", "en la columna 10"),
])
def test_bad_input_is_one_line_in_the_readers_language(lang: str, hand: str, message: str) -> None:
    run = mcr(hand, "--lang", lang)
    assert run.returncode == 1 and run.stdout == ""
    assert message in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_an_unknown_edition_is_refused() -> None:
    run = mcr("123m456p789sEESS", "--edition", "club")
    assert run.returncode == 2 and "unknown edition 'club'" in run.stderr


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Waits (1 kind, 1 unseen), scored with the winds and flowers given:"),
    ("fr", "Attente (1 sorte, 1 non vue), comptée avec les vents et les fleurs donnés :"),
    ("es", "Espera (1 tipo, 1 sin ver), puntuada con los vientos y flores indicados:"),
    ("ja", "待ち（1種1枚）、指定した風と花牌で計算："),
])
def test_a_count_of_one_is_worded_in_the_singular(lang: str, line: str) -> None:
    # The one wait is 4p, held three times (two in the melds): one copy is left unseen.
    run = mcr_here("analyze", "[345p][345p]789sEEE4p", "--lang", lang)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[3] == line


@pytest.mark.parametrize(("lang", "said"), [("en", "Shanten by shape: four sets and a pair complete, seven pairs 4,"),
                                            ("fr", "Shanten par forme : quatre groupes et une paire complète,")])
def test_a_shape_already_complete_is_said_so_not_minus_one(lang: str, said: str) -> None:
    # 123m 456p 789s 11s EEE: four sets and a pair already; seven pairs needs four more pairs.
    out = mcr_here("analyze", "123m456p789s11sEEE", "--lang", lang).stdout
    assert said in out and "-1" not in out, out
