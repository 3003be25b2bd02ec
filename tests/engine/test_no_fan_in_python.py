"""No Python line names a fan or holds a fact of the rules: fans.yaml holds them."""
from __future__ import annotations

import re

import rules
from rules.situation import FIELD_NAMES

from ..conftest import ROOT

SOURCE_FOLDERS = ("rules", "i18n", "generator", "trainer", "mcr", "benchmarks", "tools")


def test_no_fan_id_appears_in_python_source() -> None:
    # The scoring contract names three situation fields exactly like three fans
    # (self_drawn, seat_wind, prevalent_wind): those words are the situation there.
    contract_fields = set(FIELD_NAMES)
    ids = [f.id for f in rules.fan_table().fans if f.id not in contract_fields]
    assert len(ids) >= 78
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    offenders = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if path == ANALYSIS_MODULE:
                    line = _without_form_names(line)
                found = pattern.search(line)
                if found:
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {found.group(1)}")
    assert not offenders, "fan ids named in Python:\n" + "\n".join(offenders)


# The discard analysis's JSON contract names three hand shapes exactly like three fans
# (seven_pairs, thirteen_orphans, knitted_straight): as quoted keys, in the module that
# maps the shapes to them, those words are the shapes; anywhere else they are fans.
ANALYSIS_MODULE = ROOT / "rules" / "discard_analysis.py"


def _without_form_names(line: str) -> str:
    for name in rules.ANALYSIS_FORMS.values():
        line = line.replace(f'"{name}"', '""')
    return line


def test_no_fact_of_the_rules_in_python_source() -> None:
    # Point levels, the number of fans, the situation rules and the settlement live in
    # fans.yaml; Python reads them from the table.
    table = rules.fan_table()
    levels = ", ".join(map(str, table.point_levels[:5]))
    needles = [re.compile(re.escape(levels)), re.compile(rf"\b{len(table.fans)}\b"),
               re.compile(r"base \+ total|base_points|\bBIG_FAN\b")]
    needles += [re.compile(re.escape(rule.reasons["en"][:30])) for rule in table.situations.impossible]
    offenders = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                for needle in needles:
                    if needle.search(line):
                        offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "facts of the rules in Python:\n" + "\n".join(offenders)
