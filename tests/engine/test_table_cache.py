"""The parsed-table cache: plain JSON that cannot run code, checked like the file itself."""
from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

import rules

from ..conftest import ROOT


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


def _table_copy(tmp_path: Path) -> Path:
    path = tmp_path / "fans.yaml"
    path.write_text((ROOT / "fans.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_the_cache_is_json(cache_dir: Path, tmp_path: Path) -> None:
    rules.load_fan_table(_table_copy(tmp_path))
    files = list(cache_dir.iterdir())
    assert len(files) == 1 and files[0].suffix == ".json"
    assert json.loads(files[0].read_text(encoding="utf-8"))["fans"]


def test_a_crafted_cache_runs_no_code(cache_dir: Path, tmp_path: Path) -> None:
    path = _table_copy(tmp_path)
    rules.load_fan_table(path)
    marker = tmp_path / "ran"
    for cached in cache_dir.iterdir():
        cached.write_bytes(pickle.dumps(_Payload(marker)))
    table = rules.load_fan_table(path)   # the damaged cache is read again from the file
    assert not marker.exists() and len(table.fans) == len(rules.fan_table().fans)


def test_tampered_cached_data_is_checked(cache_dir: Path, tmp_path: Path) -> None:
    path = _table_copy(tmp_path)
    rules.load_fan_table(path)
    (cached,) = cache_dir.iterdir()
    data = json.loads(cached.read_text(encoding="utf-8"))
    data["fans"][0]["points"] = 3
    cached.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(rules.FanTableError, match="points 3 is not one of"):
        rules.load_fan_table(path)
