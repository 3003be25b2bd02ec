"""Issue 23, item 8 at the command line: a fan whose predicate reads a group's attribute
from a tile is refused by `mcr check` and by `mcr score --fans` at the fan's line, with
what is wrong, and no traceback (each command runs as a process: its exit status and
its standard error are what is tested)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
RIGHT = 'when: {all: [{var: tiles}, {">=": [{var: rank}, 7]}]}'
WRONG = 'when: {all: [{var: tiles}, {">=": [{var: is_kong}, 7]}]}'   # a group's attribute, of a tile


def _mcr(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MCR_DATA_DIR": "/nonexistent-mcr-data"}
    return subprocess.run([sys.executable, "-m", "mcr", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=600)


def test_a_group_attribute_of_a_tile_is_refused_by_check_and_score(tmp_path: Path) -> None:
    assert ORIGINAL.count(RIGHT) == 1
    path = tmp_path / "fans.yaml"
    path.write_text(ORIGINAL.replace(RIGHT, WRONG), encoding="utf-8")
    lines = ORIGINAL[:ORIGINAL.index(RIGHT)].split("\n")
    fan_line = max(n for n, text in enumerate(lines, 1) if text.startswith("- "))
    fan_id = next(text.split(":")[1].strip() for text in lines[fan_line - 1:] if text.lstrip("- ").startswith("id:"))
    said = (f"{path}:{fan_line}: fan {fan_id}: when: all[1].>=[0].var: "
            "'is_kong' is a group attribute, but the subject here is a tile")
    check = _mcr(["check", str(path)])
    assert check.returncode == 1 and "Traceback" not in check.stderr + check.stdout
    assert said in check.stdout + check.stderr, check.stdout + check.stderr
    score = _mcr(["score", "123m456m789m123p55p", "--fans", str(path)])
    assert score.returncode == 1 and "Traceback" not in score.stderr + score.stdout
    assert said in score.stderr, score.stderr


def test_mcr_check_says_every_wrong_kind_of_a_predicate(tmp_path: Path) -> None:
    three = ('when: {and: [{all: [{var: tiles}, {">=": [{var: is_kong}, 7]}]}, {"==": [{var: wait}, egde]}, '
             '{"==": [{"+": [{var: wait}, 1]}, 3]}]}')
    path = tmp_path / "fans.yaml"
    path.write_text(ORIGINAL.replace(RIGHT, three), encoding="utf-8")
    lines = ORIGINAL[:ORIGINAL.index(RIGHT)].split("\n")
    fan_line = max(n for n, text in enumerate(lines, 1) if text.startswith("- "))
    check = _mcr(["check", str(path), "--lang", "en"])
    assert check.returncode == 1 and "Traceback" not in check.stderr + check.stdout
    said = [line for line in check.stdout.splitlines() if line.startswith(f"{path}:{fan_line}: ")]
    assert [line.split(": when: ", 1)[1].split(":")[0] for line in said] == ["and[0].all[1].>=[0].var", "and[1].==",
                                                                            "and[2].==[0].+"], check.stdout
    assert "3 problems" in check.stderr
