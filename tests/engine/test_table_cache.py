"""The table cache: plain JSON that cannot run code, each entry used only while the files
it was made from are unchanged and its checksum holds; `mcr check` trusts none."""
from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

import rules
from rules import table_cache

from ..conftest import ROOT

RICH = "[EEE][SSSS1]55pWWWNNN"   # Big Four Winds 88 + Half Flush 6 + Two Concealed Pungs 2 + Melded Kong 1 = 97
POINTS_LINE = "  points: 88\n"       # Big Four Winds, the first fan of the table


class _Payload:
    """Unpickling this runs `touch` (what a crafted pickle cache could do)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MCR_CACHE_DIR", str(folder))
    return folder


def _table_copy(tmp_path: Path, text: str | None = None) -> Path:
    folder = tmp_path / "table"
    shutil.copytree(ROOT / "editions", folder / "editions")
    path = folder / "fans.yaml"
    path.write_text(text if text is not None else (ROOT / "fans.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _entries(cache_dir: Path, kind: str) -> list[Path]:
    return sorted(cache_dir.glob(f"{kind}-*.json"))


def _header_and_data(entry: Path) -> tuple[dict, dict]:
    head, _, body = entry.read_bytes().partition(b"\n")
    return json.loads(head), json.loads(body)


def _fans(data: dict) -> list:
    """The fans of an entry's data: a parsed entry keeps a list with its items' places."""
    fans = data["fans"]
    return fans["__items__"] if isinstance(fans, dict) else fans


def _big_four_winds(table: rules.FanTable) -> int:
    return table.fans[0].points


def test_the_cache_is_json_with_a_checksum(cache_dir: Path, tmp_path: Path) -> None:
    rules.load_fan_table(_table_copy(tmp_path))
    checked = _entries(cache_dir, "checked")
    assert len(checked) == 1 and len(_entries(cache_dir, "parsed")) == 1
    header, data = _header_and_data(checked[0])
    assert header["format"] == table_cache.CACHE_FORMAT and len(header["checksum"]) == 64
    assert data["fans"][0]["points"] == 88


def test_a_crafted_cache_runs_no_code(cache_dir: Path, tmp_path: Path) -> None:
    path = _table_copy(tmp_path)
    rules.load_fan_table(path)
    marker = tmp_path / "ran"
    for cached in cache_dir.iterdir():
        cached.write_bytes(pickle.dumps(_Payload(marker)))
    table = rules.load_fan_table(path)   # the damaged cache is read again from the file
    assert not marker.exists() and len(table.fans) == len(rules.fan_table().fans)


@pytest.mark.parametrize("damage", ["edited data", "truncated", "edited header"])
def test_a_damaged_or_edited_entry_is_ignored_and_written_again(cache_dir: Path, tmp_path: Path, damage: str) -> None:
    path = _table_copy(tmp_path)
    rules.load_fan_table(path)
    (entry,) = _entries(cache_dir, "checked")
    raw = entry.read_bytes()
    if damage == "edited data":   # the data edited, its checksum left as it was
        raw = raw.replace(b'"points":88', b'"points":64', 1)
    elif damage == "truncated":
        raw = raw[: len(raw) // 2]
    else:
        raw = raw.replace(b'"format": 6', b'"format": 7', 1)
    entry.write_bytes(raw)
    assert _big_four_winds(rules.load_fan_table(path)) == 88
    header, data = _header_and_data(entry)   # rebuilt from the file
    assert data["fans"][0]["points"] == 88 and header["format"] == table_cache.CACHE_FORMAT


def test_an_edited_cache_changes_no_score(cache_dir: Path, tmp_path: Path) -> None:
    # Issue 23, item 9: an edited cache must not change scores while `mcr check` says sound.
    path = _table_copy(tmp_path)
    assert rules.score_with_table(rules.load_fan_table(path), RICH, self_drawn=True).total == 98
    for entry in _entries(cache_dir, "checked") + _entries(cache_dir, "parsed"):
        entry.write_bytes(entry.read_bytes().replace(b'"points":88', b'"points":64', 1))
    assert rules.score_with_table(rules.load_fan_table(path), RICH, self_drawn=True).total == 98


def test_a_changed_table_or_overlay_is_read_again(cache_dir: Path, tmp_path: Path) -> None:
    path = _table_copy(tmp_path)
    assert _big_four_winds(rules.load_fan_table(path, edition="green-book")) == 88
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(POINTS_LINE, "  points: 64\n", 1), encoding="utf-8")
    assert _big_four_winds(rules.load_fan_table(path, edition="green-book")) == 64
    # An overlay beside the table is part of what every edition's entry is made from.
    overlay = path.parent / "editions" / "green-book.yaml"
    overlay.write_text(overlay.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    before = {p.name for p in _entries(cache_dir, "checked")}
    rules.load_fan_table(path, edition="green-book")
    assert {p.name for p in _entries(cache_dir, "checked")} - before   # a new entry, for the new bytes


def _forge(cache_dir: Path, kind: str, edit) -> None:
    """Rewrite every entry of `kind` with edited data and a valid checksum: what someone
    who may write the cache folder can do."""
    for entry in _entries(cache_dir, kind):
        header, data = _header_and_data(entry)
        edit(data)
        table_cache.write_entry(kind, header["key"], data)


def test_mcr_check_trusts_no_cache(cache_dir: Path, tmp_path: Path) -> None:
    path = _table_copy(tmp_path)
    rules.load_fan_table(path)

    def points_87(data: dict) -> None:
        if "fans" in data:   # the table's entries, not an overlay's
            _fans(data)[0]["points"] = 87   # not a point level: the checks refuse it

    _forge(cache_dir, "checked", points_87)
    _forge(cache_dir, "parsed", points_87)
    # The forged entry passes its checksum (whoever may write the cache folder may write the
    # table too), so a start takes it; mcr check reads the files...
    assert _big_four_winds(rules.load_fan_table(path)) == 87
    assert rules.check_fan_table(str(path)) == []
    # ...and writes the entries again from what it checked: the forgery is gone.
    assert _big_four_winds(rules.load_fan_table(path)) == 88
    # A broken table whose entries were forged to look sound is still refused by mcr check.
    broken = _table_copy(tmp_path / "broken", path.read_text(encoding="utf-8").replace(POINTS_LINE, "  points: 87\n", 1))

    def points_88(data: dict) -> None:
        if "fans" in data:
            _fans(data)[0]["points"] = 88

    with pytest.raises(rules.FanTableError):
        rules.load_fan_table(broken)
    _forge(cache_dir, "parsed", points_88)
    problems = rules.check_fan_table(str(broken))
    assert any("fan big_four_winds: points 87 is not one of" in p for p in problems), problems


def test_a_read_only_cache_folder_costs_only_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("MCR_CACHE_DIR", str(blocked))
    assert _big_four_winds(rules.load_fan_table(_table_copy(tmp_path))) == 88


def test_overlay_lines_survive_the_cache(cache_dir: Path, tmp_path: Path) -> None:
    # A fan an edition changes keeps the overlay's line, from the cache as from the files.
    path = _table_copy(tmp_path)
    fresh = rules.load_fan_table(path, edition="green-book", trust_cache=False)
    cached = rules.load_fan_table(path, edition="green-book")
    assert [(f.id, int(f.line), getattr(f.line, "file", None)) for f in cached.fans] == \
        [(f.id, int(f.line), getattr(f.line, "file", None)) for f in fresh.fans]
    assert any(getattr(f.line, "file", "").endswith("green-book.yaml") for f in cached.fans)


def test_mcr_check_reads_each_file_once(cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mcr check trusts no file of the cache, yet the base table it parsed for itself is not
    parsed again under each edition built on it (1.6 s -> 0.9 s a check): each file of the
    table is parsed once, and an edit of the base is still seen."""
    from rules import table_source  # noqa: PLC0415

    monkeypatch.setattr(table_cache, "_own", {})   # nothing parsed by an earlier test of this process
    parsed: list[str] = []
    reader = table_source.read_yaml_with_lines
    monkeypatch.setattr(table_source, "read_yaml_with_lines", lambda text, shown: parsed.append(shown) or reader(text, shown))
    path = _table_copy(tmp_path)
    assert rules.check_fan_table(str(path)) == []
    assert sorted(parsed) == sorted([str(path), *(str(p) for p in (path.parent / "editions").glob("*.yaml"))]), parsed
    path.write_text(path.read_text(encoding="utf-8").replace(POINTS_LINE, "  points: 87\n", 1), encoding="utf-8")
    assert any("fan big_four_winds: points 87 is not one of" in p for p in rules.check_fan_table(str(path)))


def test_the_places_of_list_items_survive_the_cache(cache_dir: Path, tmp_path: Path) -> None:
    # Big Four Winds' excludes, on one line: each entry where it starts (fans.yaml, by hand).
    path = _table_copy(tmp_path)
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("  excludes: [big_three_winds, all_pungs"))
    columns = [lines[line - 1].index(entry) + 1 for entry in ("big_three_winds", "all_pungs")]
    for trusted in (False, True):   # parsed here, then read from the cache entry written
        excludes = rules.read_table_data(path, str(path), trust_cache=trusted)["fans"][0]["excludes"]
        assert excludes.places[:2] == ((line, columns[0]), (line, columns[1]))
    assert any(b'"__at__"' in entry.read_bytes() for entry in _entries(cache_dir, "parsed"))
