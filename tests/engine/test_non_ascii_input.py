"""A digit outside ASCII ('²', '０') in a fan table or a rulebook hand block is a reported
problem with its place, never a traceback (int() raises on some of them)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from generator.site.hand_block import HandBlockError, check_block, find_hand_fences, read_block

from ..conftest import ROOT

ALL_GREEN_TILES = '{tiles: "23468sF"}'


@pytest.mark.parametrize("bad", ["2346²sF", "2346８sF"])
def test_mcr_check_reports_a_non_ascii_digit_in_a_tiles_operator(tmp_path: Path, bad: str) -> None:
    original = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    assert original.count(ALL_GREEN_TILES) == 1
    path = tmp_path / "fans.yaml"
    path.write_text(original.replace(ALL_GREEN_TILES, f'{{tiles: "{bad}"}}'), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mcr", "check", str(path)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr, run.stderr
    assert re.search(r"fans\.yaml:\d+: fan all_green: .*'tiles': .* is not an ASCII character", run.stdout), run.stdout


@pytest.mark.parametrize("hand", ["²m", "[123m][456m][789m][123p]P０m", "123m456p789s11s1\u00a02p"])
def test_a_hand_block_with_a_non_ascii_character_is_a_block_error(table: rules.FanTable, hand: str) -> None:
    (fence,) = find_hand_fences(f'intro\n\n```hand\nhand: "{hand}"\n```')
    with pytest.raises(HandBlockError) as caught:
        check_block(read_block(fence, line_offset=2), table)
    assert caught.value.line == 5 and "not an ASCII character" in caught.value.message
