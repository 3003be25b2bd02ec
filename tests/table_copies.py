"""Copies of the project's fan table with one edit, as a maintainer tries an edit before
committing it (issue 20): All Pungs at other points, or an exclusion added to it."""
from __future__ import annotations

import shutil
from pathlib import Path

from .conftest import ROOT

ALL_PUNGS = "  id: all_pungs\n  points: 6\n"
# All Pungs leaving out One Voided Suit: the rules do not list it, and All Pungs does not imply it.
ADDED_EXCLUSION = "one_voided_suit"


def write_table_copy(folder: Path, text: str, editions: bool) -> Path:
    """`text` as the fans.yaml of `folder`, with a copy of the project's editions beside it if asked."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fans.yaml"
    path.write_text(text, encoding="utf-8")
    if editions:
        shutil.copytree(ROOT / "editions", folder / "editions")
    return path


def all_pungs_at(folder: Path, points: int, *, editions: bool = False) -> Path:
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    assert text.count(ALL_PUNGS) == 1
    return write_table_copy(folder, text.replace(ALL_PUNGS, ALL_PUNGS.replace("points: 6", f"points: {points}")), editions)


def all_pungs_excluding(folder: Path, fan_id: str = ADDED_EXCLUSION, *, editions: bool = False) -> Path:
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    start = text.index(ALL_PUNGS)
    when = text.index("\n  when:", start)
    assert "excludes" not in text[start:when], "All Pungs excludes nothing in the project's table"
    return write_table_copy(folder, text[:when] + f"\n  excludes: [{fan_id}]" + text[when:], editions)
