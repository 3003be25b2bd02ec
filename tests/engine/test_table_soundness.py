"""A fan table is either sound and scores, or refused with `PATH:LINE:` lines, on every path
that loads it (`mcr check`, `mcr score --fans`, the API): never a traceback, never a table
that quietly scores wrong."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rules

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
SELF_DRAWN_WHEN = "  when: {var: self_drawn}\n"
FLOWERS = '  when: {">": [{var: flowers}, 0]}\n  count: {var: flowers}\n'
ALL_PUNGS_WHEN = '  when: {"==": [{count: {var: pungs}}, 4]}\n'
BOMB = ("families:\n  a: &a {en: x, zh: x, es: x, ko: x}\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        + "".join(f"  {c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                  for p, c in zip("bcdefgh", "cdefghi")))


def _nested(depth: int) -> str:
    return "{not: " * depth + "{var: self_drawn}" + "}" * depth


MUTATIONS = {
    "deep nesting beyond the parser": (SELF_DRAWN_WHEN, f"  when: {_nested(3000)}\n", "nested too deeply"),
    "deep nesting": (SELF_DRAWN_WHEN, f"  when: {_nested(60)}\n", "nested more than"),
    "infinity": (ALL_PUNGS_WHEN, '  when: {"==": [{count: {var: pungs}}, .inf]}\n', "not a whole number"),
    "a fraction in a predicate": (ALL_PUNGS_WHEN, '  when: {"==": [{count: {var: pungs}}, 3.5]}\n', "not a whole number"),
    "points 8.0": ("  points: 88\n", "  points: 88.0\n", "not a whole number"),
    "a number beyond 64 bits": ("- number: 3\n", "- number: 123456789012345678901234567890\n", "maximum"),
    "a number of thousands of digits": ("- number: 3\n", "- number: 1" + "0" * 5000 + "\n", "cannot be read"),
    "a huge literal": (ALL_PUNGS_WHEN, '  when: {"==": [{count: {var: pungs}}, 99999999999999999999]}\n',
                       "out of range"),
    "an operator that is not a string": (SELF_DRAWN_WHEN, "  when: {1: [true]}\n", "the key '1' is not text"),
    "minimum 0": ("  minimum: 8 ", "  minimum: 0 ", "minimum 0 is not one of the point levels"),
    "minimum 100": ("  minimum: 8 ", "  minimum: 100 ", "minimum 100 is not one of the point levels"),
    "base 0": ("  base: 8 ", "  base: 0 ", "base 0 is not one of the point levels"),
    "base 9": ("  base: 8 ", "  base: 9 ", "base 9 is not one of the point levels"),
    "bonus on a real fan": (ALL_PUNGS_WHEN, ALL_PUNGS_WHEN + "  bonus: true\n", "may read only flowers"),
    "a bonus fan that reads the tiles": (FLOWERS, '  when: {">": [{count: {var: pungs}}, 0]}\n  count: {var: flowers}\n',
                                        "may read only flowers"),
    "a NUL byte": ("  points: 88\n", "  points: 88\0\n", "NUL"),
    "an alias bomb": ("families:\n", BOMB + "  zz: {en: x}\nold_families:\n", "expands to more than"),
    "a reading fact in a situation rule": ("    when: {and: [{var: robbing_kong}, {var: self_drawn}]}\n",
                                           '    when: {and: [{var: robbing_kong}, {">": [{count: {var: chows}}, 0]}]}\n',
                                           "checked before the tiles are read"),
    "a payment formula that divides": ("      each_other_player: {var: base}\n",
                                       '      each_other_player: {"/": [{var: base}, 0]}\n', "unknown operator"),
}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "fans.yaml"
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_broken_table_is_refused_with_its_line(name: str, tmp_path: Path) -> None:
    old, new, message = MUTATIONS[name]
    assert old in ORIGINAL, name
    path = _write(tmp_path, ORIGINAL.replace(old, new, 1))
    problems = rules.check_fan_table(str(path))
    matching = [p for p in problems if message in p]
    assert matching, problems[:5]
    assert all(p.startswith(f"{path}:") for p in problems)
    assert int(matching[0].split(":")[1]) > 0, matching[0]
    with pytest.raises(rules.FanTableError):
        rules.load_fan_table(path)


@pytest.mark.parametrize("name", ["deep nesting beyond the parser", "an alias bomb", "points 8.0"])
def test_score_with_a_broken_table_says_why(name: str, tmp_path: Path) -> None:
    old, new, message = MUTATIONS[name]
    path = _write(tmp_path, ORIGINAL.replace(old, new, 1))
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "123m456p789s11sEEE", "--fans", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert message in run.stderr


def test_a_table_whose_examples_fail_does_not_score(tmp_path: Path) -> None:
    # A predicate that is a bare string would be true for every hand.
    text = ORIGINAL.replace(SELF_DRAWN_WHEN, '  when: "1/0"\n', 1)
    path = _write(tmp_path, text)
    assert any("must be an operator node" in p for p in rules.check_fan_table(str(path)))
    # A table that is sound in shape but whose examples fail is refused by --fans too.
    text = ORIGINAL.replace(ALL_PUNGS_WHEN, '  when: {"==": [{count: {var: pungs}}, 3]}\n', 1)
    path = _write(tmp_path, text)
    problems = rules.check_fan_table(str(path))
    assert problems and all("example" in p for p in problems)
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "[EEE][SSSS1]55pWWWNNN", "--fans", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 1 and "says all_pungs counts" in run.stderr and "Traceback" not in run.stderr
