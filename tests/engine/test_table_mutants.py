"""Mutants of fans.yaml, made here from a seed: every one is either refused, on every path
that loads a table (`mcr check`, `mcr score --fans`, the API), with `PATH:LINE` problems,
or sound and scoring without a traceback."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rules
from rules.sampling import sample_hands

from ..cli.in_process import mcr_here
from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
LINES = ORIGINAL.split("\n")
MUTANTS = 220
VALUES = ["0", "-1", "3", "8.0", str(2 ** 70), "1" * 5000, "x", "true", "null", "[]", "{}", "[1, [2]]",
          "{a: 1}", ".inf", "'1/0'", "&a [1]", "*nowhere", "!!python/object:os.system ls", "\"\\0\""]
IDS = sorted({m for m in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", ORIGINAL)})
OPERATORS = ["and", "or", "not", "==", "in", "count", "all", "some", "var", "tiles", "filter", "sorted", "xor"]
BOMB = ("\n" + "zz_a: &za [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        + "".join(f"zz_{c}: &z{c} [*z{p}, *z{p}, *z{p}, *z{p}, *z{p}, *z{p}, *z{p}, *z{p}, *z{p}, *z{p}]\n"
                  for p, c in zip("abcdefg", "bcdefgh")))


def _mutant(rng: random.Random) -> str:
    lines = list(LINES)
    i = rng.randrange(len(lines))
    op = rng.randrange(11)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif op == 3:   # a number becomes another value
        numbered = [k for k, line in enumerate(lines) if re.search(r":\s*-?\d+\s*$", line)]
        k = rng.choice(numbered)
        lines[k] = re.sub(r"-?\d+\s*$", rng.choice(VALUES), lines[k])
    elif op == 4:   # an id becomes another id, or no id
        k = rng.choice([k for k, line in enumerate(lines) if re.search(r"\b[a-z]+_[a-z_]+\b", line)])
        old = rng.choice(re.findall(r"\b[a-z]+_[a-z_]+\b", lines[k]))
        lines[k] = lines[k].replace(old, rng.choice(IDS + ["no_such_fan", ""]), 1)
    elif op == 5:   # indentation
        lines[i] = ("  " + lines[i]) if rng.random() < 0.5 else lines[i][2:]
    elif op == 6:   # a character that means something to YAML
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice([":", "[", "{", "]", "- ", "#", "\t", "\0", "&a ", "*a", "'", '"']) \
            + lines[i][at:]
    elif op == 7:   # cut short
        lines = lines[:i]
    elif op == 8:   # an operator becomes another
        k = rng.choice([k for k, line in enumerate(lines) if re.search(r"\{(and|or|not|count|all|some|var):", line)])
        old = re.search(r"\{(and|or|not|count|all|some|var):", lines[k]).group(1)
        lines[k] = lines[k].replace("{" + old + ":", "{" + rng.choice(OPERATORS) + ":", 1)
    elif op == 9:   # a value of any kind in place of another
        k = rng.choice([k for k, line in enumerate(lines) if re.match(r"\s*[a-z_]+: \S", line)])
        key = lines[k].split(":")[0]
        lines[k] = f"{key}: {rng.choice(VALUES)}"
    else:           # a table that expands beyond any real one
        lines.insert(rng.choice([k for k, line in enumerate(lines) if line.startswith("families:")]) + 1,
                     "  zz: " + rng.choice(["*zh", "[*zh, *zh]"]))
        lines.insert(0, BOMB)
    return "\n".join(lines)


def _cli(args: list[str]) -> tuple[int, str]:
    done = mcr_here(*args)
    return done.returncode, done.stdout + done.stderr


# The mutants in eight batches: the first in the quick tier, all of them in the whole suite.
BATCH_COUNT = 8
BATCHES = [pytest.param(b, marks=[pytest.mark.slow] if b else []) for b in range(BATCH_COUNT)]


@pytest.mark.parametrize("batch", BATCHES)
def test_every_mutant_is_refused_with_its_line_or_scores(batch: int, tmp_path: Path) -> None:
    hands = sample_hands(12, 5)
    refused = sound = 0
    for n in range(batch * MUTANTS // BATCH_COUNT, (batch + 1) * MUTANTS // BATCH_COUNT):
        text = _mutant(random.Random(20261130 + n))   # a mutant of its own seed: batches stand alone
        if text == ORIGINAL:
            continue
        folder = tmp_path / f"m{n}"
        folder.mkdir()
        path = folder / "fans.yaml"
        path.write_text(text, encoding="utf-8")
        problems = rules.check_fan_table(str(path))
        code, said = _cli(["score", "[EEE][SSSS1]55pWWWNNN", "--fans", str(path)])
        assert "Traceback" not in said, (n, said[-2000:])
        if problems:
            refused += 1
            where = re.compile(rf"^{re.escape(str(path))}:[1-9]\d*: ")
            assert all(where.match(p) for p in problems), (n, [p for p in problems if not where.match(p)][:3])
            # `mcr score --fans` loads through rules.fan_table, the API's path: refused there too.
            assert code == 1 and where.match(said.splitlines()[0]), (n, said[:500])
            continue
        sound += 1
        assert code == 0, (n, said[:500])
        table = rules.fan_table(path)   # as the command loaded it, examples checked
        for sampled in hands:
            try:
                rules.score_with_table(table, sampled.hand, **sampled.situation)
            except rules.RulesError:
                pass  # a mutant may refuse a situation or a hand: said, not raised as anything else
    assert refused + sound >= MUTANTS // BATCH_COUNT - 3
    assert refused >= MUTANTS // (2 * BATCH_COUNT) and sound >= 1, (refused, sound)
    print(f"{refused} mutants refused, {sound} sound")
