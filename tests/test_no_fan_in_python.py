"""Principle 1 of design.md: no Python line names a fan; fans.yaml holds every fact."""
from __future__ import annotations

import re

import rules
from rules.situation import FIELD_NAMES

from .conftest import ROOT

SOURCE_FOLDERS = ("rules", "generator", "mcr", "benchmarks")


def test_no_fan_id_appears_in_python_source() -> None:
    # design.md's contract names three situation fields exactly like three fans
    # (self_drawn, seat_wind, prevalent_wind): those words are the situation there.
    contract_fields = set(FIELD_NAMES)
    ids = [f.id for f in rules.fan_table().fans if f.id not in contract_fields]
    assert len(ids) >= 78
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    offenders = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                found = pattern.search(line)
                if found:
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {found.group(1)}")
    assert not offenders, "fan ids named in Python:\n" + "\n".join(offenders)
