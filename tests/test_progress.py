"""Progress: Leitner boxes, the schedule, atomic saving, damaged files set aside."""
from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from generator.progress import BOXES, INTERVALS, FanRecord, Progress, ProgressStore, data_dir, schedule


def test_right_moves_up_wrong_goes_back_to_box_one() -> None:
    p = Progress().next_session()
    for _ in range(BOXES + 2):
        p = p.record("total", True, [("half_flush", True)])
    assert p.fans["half_flush"].box == BOXES
    p = p.record("fans", False, [("half_flush", False), ("all_chows", True)])
    assert p.fans["half_flush"] == FanRecord(1, BOXES + 3, BOXES + 2, 1)
    assert p.fans["all_chows"].box == 2
    assert p.kinds["total"].seen == BOXES + 2 and p.kinds["fans"].right == 0


def test_fans_come_due_after_their_box_interval() -> None:
    p = Progress(session=1).record("total", True, [("a", True)])   # box 2, asked in session 1
    assert p.fans["a"].box == 2
    for _ in range(INTERVALS[1]):
        assert not p.due("a") and p.weight("a") < 1
        p = p.next_session()
    assert p.due("a") and p.weight("a") == 2 ** (BOXES - 2)
    assert p.due("unseen") and p.weight("unseen") == 1


def test_schedule_asks_the_missed_fans_more_often() -> None:
    p = Progress(session=1)
    p = p.record("total", False, [("missed", False)])
    for _ in range(BOXES):
        p = p.record("total", True, [("known", True)])
    p = p.next_session()
    drills = [["missed"]] * 50 + [["known"]] * 50
    firsts = Counter()
    for seed in range(200):
        chosen = schedule(drills, 10, p, random.Random(seed))
        firsts.update("missed" if i < 50 else "known" for i in chosen)
    assert firsts["missed"] > 5 * firsts["known"]
    assert schedule(drills, 10, p, random.Random(1)) == schedule(drills, 10, p, random.Random(1))
    assert len(set(schedule(drills, 100, p, random.Random(1)))) == 100


def test_data_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MCR_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path and ProgressStore().path == tmp_path / "progress.json"
    monkeypatch.delenv("MCR_DATA_DIR")
    assert "mcr" in str(data_dir())


def test_save_and_load_round_trip_atomically(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "new folder")
    assert store.load().progress == Progress() and store.load().damaged is None
    p = Progress(session=3).record("valid", True, [("seven_pairs", True)])
    store.save(p)
    assert store.load().progress == p
    assert [f.name for f in store.path.parent.iterdir()] == ["progress.json"]   # no temporary left over
    umask = os.umask(0)
    os.umask(umask)
    assert store.path.stat().st_mode & 0o777 == 0o666 & ~umask       # not mkstemp's private 0600
    json.loads(store.path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("content", [
    b"{ half written",
    b"\xff\xfe\x00garbage",
    b'{"format": 99, "session": 1, "fans": {}, "kinds": {}}',
    b'{"format": 1, "session": 1, "fans": {"x": {"box": 9, "seen": 1, "right": 1, "last_session": 0}}, "kinds": {}}',
    b'{"format": 1, "session": "one", "fans": [], "kinds": {}}',
    b"[]",
])
def test_a_damaged_file_is_kept_aside_and_replaced(tmp_path: Path, content: bytes) -> None:
    store = ProgressStore(tmp_path)
    store.path.write_bytes(content)
    loaded = store.load()
    assert loaded.progress == Progress() and loaded.damaged
    assert loaded.kept_as is not None and loaded.kept_as.read_bytes() == content
    assert loaded.kept_as.name.startswith("progress.json.damaged-")
    assert not store.path.exists()
    store.save(loaded.progress.next_session())
    assert store.load().progress.session == 1
    store.path.write_bytes(content)
    second = store.load()
    assert second.kept_as != loaded.kept_as and second.kept_as.exists()   # an earlier copy is not overwritten


def test_an_unwritable_folder_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        ProgressStore(blocker).save(Progress())
