"""`mcr check`: every kind of problem in a fan table, one line each, with its line number."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.self_check import check_fan_table

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "fans.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _fan_block_start(text: str, fan_id: str) -> int:
    """The line of `- number:` that opens the fan (where its mapping starts)."""
    id_line = _line_of(text, f"  id: {fan_id}\n")
    return id_line - 1


def test_the_project_table_is_sound() -> None:
    assert check_fan_table() == []


def test_cli_exit_status(tmp_path: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "mcr", "check"], capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    broken = _write(tmp_path, ORIGINAL.replace("  points: 88\n", "  points: 87\n", 1))
    bad = subprocess.run([sys.executable, "-m", "mcr", "check", broken], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1
    assert re.search(r"fans\.yaml:\d+: fan big_four_winds: points 87 is not one of", bad.stdout)


@pytest.mark.parametrize(("old", "new", "fan_id", "message"), [
    ("  points: 88\n", "  points: 3\n", "big_four_winds", "points 3 is not one of 1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 88"),
    ("  id: all_green\n", "  id: big_four_winds\n", "big_four_winds", "duplicate id"),
    ("- number: 3\n", "- number: 2\n", "all_green", "duplicate number 2"),
    ("  when: {var: self_drawn}\n", "  when: {var: self_drawnn}\n", "self_drawn", "unknown hand fact 'self_drawnn'"),
    ("  when: {var: self_drawn}\n", "  when: {xor: [true, false]}\n", "self_drawn", "unknown operator(s) 'xor'"),
    ('names: {en: Big Four Winds, zh: 大四喜, es: "Cuatro grandes vientos", ko: "대사희", fr: "Big Four Winds", ja: "大四喜"}',
     'names: {en: Big Four Winds, zh: 大四喜, es: "Cuatro grandes vientos", fr: "Big Four Winds", ja: "大四喜"}',
     "big_four_winds",
     "names has no 'ko' text"),
])
def test_reference_problems(tmp_path: Path, old: str, new: str, fan_id: str, message: str) -> None:
    assert old in ORIGINAL
    text = ORIGINAL.replace(old, new, 1)
    problems = check_fan_table(_write(tmp_path, text))
    matching = [p for p in problems if f"fan {fan_id}: " in p and message in p]
    assert matching, problems
    line = int(matching[0].split(":")[1])
    # The fan's own mapping; for the duplicate id, the second fan carrying it (all_green's place).
    assert line in (_fan_block_start(text, fan_id), _fan_block_start(ORIGINAL, "all_green"))


@pytest.mark.parametrize(("old", "new", "entry", "message"), [
    ("  excludes: [half_flush]\n", "  excludes: [half_flush, no_such_fan]\n", "no_such_fan",
     "fan all_green: excludes unknown fan 'no_such_fan'"),
    ("  absorbs: [pung_of_terminals_or_honors]\n",   # a list written one item a line
     "  absorbs:\n  - pung_of_terminals_or_honors\n  - no_such_fan\n", "no_such_fan",
     "fan big_three_dragons: absorbs unknown fan 'no_such_fan'"),
    ("  rulings: [nine_gates_any_tile]\n", "  rulings: [nine_gates_any_tile, no_such_ruling]\n", "no_such_ruling",
     "fan nine_gates: unknown ruling 'no_such_ruling'"),
    ("  fans: [edge_wait, closed_wait, single_wait]\n", "  fans: [edge_wait, closed_wiat, single_wait]\n",
     "closed_wiat", "unknown fan 'closed_wiat'"),
])
def test_an_unknown_entry_of_a_list_is_reported_at_its_line_and_column(
        tmp_path: Path, old: str, new: str, entry: str, message: str) -> None:
    assert old in ORIGINAL
    text = ORIGINAL.replace(old, new, 1)
    before = text[:text.index(new)] + new[:new.index(entry)]   # the text up to the entry
    line, column = before.count("\n") + 1, len(before) - before.rindex("\n")
    problems = check_fan_table(_write(tmp_path, text))
    assert f"{tmp_path / 'fans.yaml'}:{line}: " in "\n".join(problems), problems
    assert any(p.startswith(f"{tmp_path / 'fans.yaml'}:{line}: ") and p.endswith(f"{message} (column {column})")
               for p in problems), problems


def test_an_unknown_fan_of_an_example_is_reported_at_the_line_that_names_it(tmp_path: Path) -> None:
    old = "    with: {half_flush: 0}\n"
    new = "    with:\n      half_flush: 0\n      no_such_fan: 0\n"
    claim = "    not_counted: {principle: non_repeat, by: seven_pairs}\n"
    text = ORIGINAL.replace(old, new, 1).replace(claim, "    not_counted:\n      principle: non_repeat\n"
                                                         "      by: seven_pears\n", 1)
    problems = check_fan_table(_write(tmp_path, text))
    with_line = _line_of(text, "      half_flush: 0\n")   # a block mapping starts at its first key
    by_line = _line_of(text, "      principle: non_repeat\n")
    assert any(p.startswith(f"{tmp_path / 'fans.yaml'}:{with_line}: ") and "with: unknown fan 'no_such_fan'" in p
               for p in problems), problems
    assert any(p.startswith(f"{tmp_path / 'fans.yaml'}:{by_line}: ") and "('seven_pears' is unknown)" in p
               for p in problems), problems


def test_exclusion_cycle(tmp_path: Path) -> None:
    text = ORIGINAL.replace("  excludes: [no_honors]\n  when:\n    and:\n    - {\"==\": [{count: {var: suits}}, 1]}",
                            "  excludes: [no_honors]\n  when:\n    and:\n    - {\"==\": [{count: {var: suits}}, 1]}", 1)
    # no_honors (76) excludes full_flush (22), which excludes no_honors: a loop.
    anchor = "  id: no_honors\n"
    text = text.replace(anchor, anchor + "  excludes: [full_flush]\n", 1)
    problems = check_fan_table(_write(tmp_path, text))
    assert any("exclusion cycle" in p and "full_flush" in p and "no_honors" in p for p in problems), problems


def test_schema_problem_names_the_fan_and_line(tmp_path: Path) -> None:
    text = ORIGINAL.replace("  id: big_four_winds\n  points: 88\n", "  id: big_four_winds\n", 1)
    assert text != ORIGINAL
    problems = check_fan_table(_write(tmp_path, text))
    assert any(p.startswith(f"{tmp_path / 'fans.yaml'}:{_fan_block_start(text, 'big_four_winds')}: fan big_four_winds:")
               and "'points' is a required property" in p for p in problems), problems


def test_yaml_syntax_error_has_a_line(tmp_path: Path) -> None:
    text = ORIGINAL.replace("  id: all_green\n", "  id: [all_green\n", 1)
    problems = check_fan_table(_write(tmp_path, text))
    assert len(problems) == 1 and "YAML syntax" in problems[0]
    assert int(problems[0].split(":")[1]) > 0


def test_an_example_whose_claims_the_engine_does_not_confirm(tmp_path: Path) -> None:
    old = ('  - hand: "[EEE][SSSS1]55pWWWNNN"\n    situation: {self_drawn: true}\n    counts: 1\n'
           '    with: {all_pungs: 0,')
    assert old in ORIGINAL
    text = ORIGINAL.replace(old, old.replace("counts: 1", "counts: 2").replace("all_pungs: 0", "all_pungs: 1"), 1)
    problems = check_fan_table(_write(tmp_path, text))
    assert len(problems) == 2, problems
    assert "fan big_four_winds: example [EEE][SSSS1]55pWWWNNN: says big_four_winds counts 2 times" in problems[0]
    assert "says all_pungs counts 1 time here; the engine counts it 0" in problems[1]
    line = _line_of(text, '  - hand: "[EEE][SSSS1]55pWWWNNN"')
    assert all(int(p.split(":")[1]) == line for p in problems)


def test_a_wrong_reason_for_not_counting_is_flagged(tmp_path: Path) -> None:
    # An example that says a fan does not apply, where the engine finds it excluded.
    old = "    not_counted: {principle: non_repeat, by: "
    assert old in ORIGINAL
    at = ORIGINAL.index(old)
    end = ORIGINAL.index("}\n", at) + 2
    text = ORIGINAL[:at] + ORIGINAL[end:]
    problems = check_fan_table(_write(tmp_path, text))
    assert len(problems) == 1 and "the engine finds it but does not count it (non_repeat by" in problems[0]


def test_a_missing_file() -> None:
    problems = check_fan_table("/nonexistent/fans.yaml")
    assert len(problems) == 1 and "cannot read the fan table" in problems[0]


def test_score_with_a_broken_table_explains_instead_of_crashing(tmp_path: Path) -> None:
    broken = _write(tmp_path, ORIGINAL.replace("  points: 88\n", "  points: 3\n", 1))
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "123m456p789s11sEEE", "--fans", broken],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert "points 3" in run.stderr and "Traceback" not in run.stderr


# The fan sheet prints each fan's `summary` on one line: every language must have one, and
# its width is held twice, in code points by the schema and in printed columns by the checks.
_SUMMARY_KO = '    ko: "네 풍패 모두 커쯔(또는 깡), 또이쯔는 아무것이나."\n'


def test_a_summary_missing_a_language(tmp_path: Path) -> None:
    assert _SUMMARY_KO in ORIGINAL
    problems = check_fan_table(_write(tmp_path, ORIGINAL.replace(_SUMMARY_KO, "", 1)))
    assert any("fan big_four_winds: summary has no 'ko' text" in p for p in problems), problems


def test_a_summary_too_wide_for_the_sheet(tmp_path: Path) -> None:
    # 33 Chinese characters: 33 code points (the schema's 64 lets them through) but 66
    # printed columns, two more than the sheet's line holds.
    wide = "一" * 33
    text = ORIGINAL.replace('    zh: "东南西北四副风刻（杠），加任意一对将。"\n', f'    zh: "{wide}"\n', 1)
    assert text != ORIGINAL
    problems = check_fan_table(_write(tmp_path, text))
    assert any(f"fans.yaml:{_fan_block_start(text, 'big_four_winds')}: fan big_four_winds: summary 'zh' takes 66 "
               "columns" in p for p in problems), problems
    # 64 of them fit the schema and the columns alike when they are narrow.
    narrow = ORIGINAL.replace('    en: "Pungs or kongs of all four winds, plus any pair."\n', f'    en: "{"x" * 64}"\n', 1)
    assert check_fan_table(_write(tmp_path, narrow)) == []


def test_a_summary_of_two_lines_or_too_many_characters(tmp_path: Path) -> None:
    old = '    en: "Pungs or kongs of all four winds, plus any pair."\n'
    for new, message in ((f'    en: "{"x" * 65}"\n', "is too long"), ('    en: "Pungs or kongs\\nof all four winds"\n',
                                                                        "is not a text of one line")):
        problems = check_fan_table(_write(tmp_path, ORIGINAL.replace(old, new, 1)))
        assert any("fan big_four_winds: " in p and message in p and "summary, en)" in p for p in problems), problems


def test_an_empty_table_names_every_key_a_table_needs(tmp_path: Path) -> None:
    problems = check_fan_table(_write(tmp_path, ""))
    assert len(problems) == 1 and problems[0].endswith(
        ":1: the fan table must be a mapping with 'version', 'languages', 'edition', 'points', 'settlement', "
        "'competition', 'fans'"), problems
