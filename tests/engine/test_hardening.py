"""Issue 23, items 2-6 and 8 in the engine: the regression corpus of table mutations
(tests/corpus/table_mutations.yaml), the bounded reader of user files, the strict loader."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import rules
from rules.user_files import FileRefused, read_user_bytes
from rules.yaml_loader import YamlProblem, load_strict

from ..conftest import ROOT, read_yaml

CORPUS = ROOT / "tests" / "corpus" / "table_mutations.yaml"


def corpus() -> list[dict[str, str]]:
    return read_yaml(CORPUS)


def mutated_copy(case: dict[str, str], folder: Path) -> Path:
    """fans.yaml and editions/ copied to `folder`, `case` applied; the table's path."""
    shutil.copyfile(ROOT / "fans.yaml", folder / "fans.yaml")
    shutil.copytree(ROOT / "editions", folder / "editions")
    target = folder / case["file"]
    text = target.read_text(encoding="utf-8")
    assert case["find"] in text, f"{case['name']}: the corpus no longer finds its place in {case['file']}"
    replace = case["replace"].replace("${NINES}", "9" * 5000)
    target.write_text(text.replace(case["find"], replace, 1), encoding="utf-8")
    return folder / "fans.yaml"


@pytest.mark.parametrize("case", corpus(), ids=lambda c: c["name"])
def test_each_mutation_is_refused_where_it_is(case: dict[str, str], tmp_path: Path) -> None:
    table = mutated_copy(case, tmp_path)
    problems = rules.check_fan_table(str(table))
    assert any(case["expect"] in p for p in problems), problems
    assert not any("__line__" in p for p in problems), problems
    edition = Path(case["file"]).stem if case["file"].startswith("editions/") else None
    with pytest.raises(rules.FanTableError):   # and what scores refuses the same table
        rules.load_fan_table(str(table), edition=edition)


def test_the_project_table_stays_sound() -> None:
    assert rules.check_fan_table(None) == []


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "link", "folder"])
def test_what_is_not_a_regular_file_is_refused_without_reading(special: str, tmp_path: Path) -> None:
    path = {"/dev/zero": Path("/dev/zero"), "fifo": tmp_path / "fifo", "link": tmp_path / "link",
            "folder": tmp_path}[special]
    if special == "fifo":
        os.mkfifo(path)   # opened without blocking: a FIFO nobody writes would block for ever
    if special == "link":
        path.symlink_to("/dev/zero")
    with pytest.raises(FileRefused, match="not a regular file"):
        read_user_bytes(path, 1000)
    with pytest.raises(rules.FanTableError, match="not a regular file"):
        rules.load_fan_table(str(path))


def test_a_file_over_the_cap_is_refused_and_one_at_it_read(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(FileRefused, match="1,001 bytes, over the 1,000"):
        read_user_bytes(path, 1000)
    path.write_bytes(b"x" * 1000)
    assert read_user_bytes(path, 1000) == b"x" * 1000


def test_an_empty_path_is_named_as_such() -> None:
    with pytest.raises(FileRefused, match="the path is empty"):
        read_user_bytes("", 10)


@pytest.mark.parametrize(("text", "line", "says"), [
    ("a: 1\nb:\n  c: 2\n  c: 3\n", 4, "the key 'c' appears twice (first at line 3)"),
    ("a:\n  1: x\n", 2, "a: the key '1' is not text"),
    ('a:\n  - "x\\udfff"\n', 2, "a lone surrogate (0xdfff)"),
    ("a:\n  b: " + "7" * 5000 + "\n", 2, "a number of 5,000 characters"),
])
def test_the_strict_loader_says_what_and_where(text: str, line: int, says: str) -> None:
    with pytest.raises(YamlProblem) as caught:
        load_strict(text)
    assert caught.value.line == line and says in caught.value.text()


def test_integer_keys_pass_where_a_file_allows_them() -> None:
    assert load_strict("1: x\n2: y\n", text_keys=False) == {1: "x", 2: "y"}


def test_the_string_tables_refuse_a_duplicate_key(tmp_path: Path) -> None:
    from i18n.data_file import StringsError, read_yaml

    path = tmp_path / "en.yaml"
    path.write_text("a: one\nb: two\na: three\n", encoding="utf-8")
    with pytest.raises(StringsError, match=r":3:1: .*the key 'a' appears twice \(first at line 1\)"):
        read_yaml(path)
