"""Progress: Leitner boxes, the schedule, atomic saving, damaged files set aside."""
from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

import rules
from trainer.attribution import FanOutcome, Verdict
from trainer.progress import BOXES, INTERVALS, Answer, FanRecord, Progress, schedule
from trainer.progress_store import ProgressStore, data_dir
from generator.quizzes.questions import KINDS

FANS = frozenset(rules.fan_table().by_id)


def _answer(kind: str, correct: bool, fans: list[tuple[str, bool]]) -> Answer:
    """An answer whose fans were each ticked right (credit) or got wrong (blame)."""
    return Answer(kind, correct, tuple(FanOutcome(fan, Verdict.CREDIT if ok else Verdict.BLAME, "chows")
                                       for fan, ok in fans))


def _store(folder: Path | None = None) -> ProgressStore:
    return ProgressStore(folder, fans=FANS, kinds=KINDS)


def test_right_moves_up_wrong_goes_back_to_box_one() -> None:
    p = Progress().next_session()
    for _ in range(BOXES + 2):
        p = p.record(_answer("total", True, [("half_flush", True)]))
    assert p.fans["half_flush"].box == BOXES
    p = p.record(_answer("fans", False, [("half_flush", False), ("all_chows", True)]))
    assert p.fans["half_flush"] == FanRecord(1, BOXES + 3, BOXES + 2, 1)
    assert p.fans["all_chows"].box == 2
    assert p.kinds["total"].seen == BOXES + 2 and p.kinds["fans"].right == 0


def test_fans_come_due_after_their_box_interval() -> None:
    p = Progress(session=1).record(_answer("total", True, [("a", True)]))   # box 2, asked in session 1
    assert p.fans["a"].box == 2
    for _ in range(INTERVALS[1]):
        assert not p.due("a") and p.weight("a") < 1
        p = p.next_session()
    assert p.due("a") and p.weight("a") == 2 ** (BOXES - 2)
    assert p.due("unseen") and p.weight("unseen") == 1


def test_schedule_asks_the_missed_fans_more_often() -> None:
    p = Progress(session=1)
    p = p.record(_answer("total", False, [("missed", False)]))
    for _ in range(BOXES):
        p = p.record(_answer("total", True, [("known", True)]))
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
    assert data_dir() == tmp_path and _store().path == tmp_path / "progress.json"
    monkeypatch.delenv("MCR_DATA_DIR")
    assert "mcr" in str(data_dir())


def test_save_and_load_round_trip_atomically(tmp_path: Path) -> None:
    store = _store(tmp_path / "new folder")
    assert store.load().progress == Progress() and store.load().damaged is None
    p = Progress(session=3).record(_answer("valid", True, [("seven_pairs", True)]))
    store.update(lambda _: p)
    assert store.load().progress == p
    assert not [f.name for f in store.path.parent.iterdir() if f.name.endswith(".tmp")]   # no temporary left
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
    store = _store(tmp_path)
    store.path.write_bytes(content)
    loaded = store.load()
    assert loaded.progress == Progress() and loaded.damaged
    assert loaded.kept_as is not None and loaded.kept_as.read_bytes() == content
    assert loaded.kept_as.name.startswith("progress.json.damaged-")
    assert not store.path.exists()
    store.update(lambda p: p.next_session())
    assert store.load().progress.session == 1
    store.path.write_bytes(content)
    second = store.load()
    assert second.kept_as != loaded.kept_as and second.kept_as.exists()   # an earlier copy is not overwritten


def test_an_unwritable_folder_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        _store(blocker).update(lambda p: p.next_session())


# Values json.loads takes, or the old reader took as they were, that the quiz never writes.
def _file(session: str = "3", box: str = "2", seen: str = "4", right: str = "3", last: str = "2",
          fan: str = "half_flush", kind: str = "total", extra: str = "") -> bytes:
    return (f'{{"format": 1, "session": {session}, "fans": {{"{fan}": {{"box": {box}, "seen": {seen}, '
            f'"right": {right}, "last_session": {last}}}}}, "kinds": {{"{kind}": {{"seen": 2, "right": 1}}}}'
            f'{extra}}}').encode()


@pytest.mark.parametrize(("content", "problem"), [
    (_file(session="1e400"), "session: 1e400 is not a whole number from 0 to 1000000000"),
    (_file(session="Infinity"), "Infinity is not a number JSON allows"),
    (_file(session="NaN"), "NaN is not a number JSON allows"),
    (_file(box="-Infinity"), "-Infinity is not a number JSON allows"),
    (_file(session="-5"), "session: -5 is not a whole number from 0 to 1000000000"),
    (_file(session="1" + "0" * 30), "session: 1000000000000000000000000000000 is not a whole number"),
    (_file(session="9" * 5000), "session: 99999999999999999999999999999999999999… is not a whole number"),
    (_file(box="true"), "fans.half_flush.box: true is not a whole number from 1 to 5"),
    (_file(box="2.7"), "fans.half_flush.box: 2.7 is not a whole number from 1 to 5"),
    (_file(box="2.0"), "fans.half_flush.box: 2.0 is not a whole number from 1 to 5"),
    (_file(box='"2"'), 'fans.half_flush.box: "2" is not a whole number from 1 to 5'),
    (_file(box="6"), "fans.half_flush.box: 6 is not a whole number from 1 to 5"),
    (_file(seen="-1"), "fans.half_flush.seen: -1 is not a whole number from 0 to 1000000000"),
    (_file(right="5"), "fans.half_flush.right: 5 is more than its seen, 4"),
    (_file(last="4"), "fans.half_flush.last_session: 4 is after the last session, 3"),
    (_file(fan="golden_dragon"), "fans.golden_dragon: no fan of the fan table has this id"),
    (_file(kind="speed"), "kinds.speed: not a question kind (total, fans, valid, payments, waits, one_tile_wait, best_reading)"),
    (_file(extra=', "streak": 3'), "unknown field streak"),
    (b'{"format": 1, "session": 1, "fans": {"half_flush": {"box": 1, "seen": 0, "right": 0}}, "kinds": {}}',
     "fans.half_flush: last_session is missing"),
    (b'{"format": 1, "session": 1, "fans": {"half_flush": [1, 0, 0, 0]}, "kinds": {}}',
     "fans.half_flush: [1, 0, 0, 0] is not an object"),
    (b'{"format": 1, "session": 1, "fans": ' + b"[" * 100_000 + b"]" * 100_000 + b', "kinds": {}}',
     "nested too deeply"),
    (b'{"format": 1, "session": 1, "fans": {}, "kinds": {}, "fans": {}}', "fans appears twice"),
])
def test_every_malformed_value_is_named_and_the_file_set_aside(tmp_path: Path, content: bytes, problem: str) -> None:
    store = _store(tmp_path)
    store.path.write_bytes(content)
    loaded = store.load()
    assert loaded.damaged is not None and problem in loaded.damaged, loaded.damaged
    assert loaded.progress == Progress() and loaded.kept_as is not None and loaded.kept_as.read_bytes() == content
    assert not store.path.exists()


def test_a_well_formed_file_reads_back() -> None:
    from trainer.progress_store import read_progress
    progress = read_progress(_file().decode(), FANS, KINDS)
    assert progress.session == 3 and progress.fans["half_flush"] == FanRecord(2, 4, 3, 2)
    assert progress.kinds["total"].seen == 2


def _answer_many(folder: str, fan: str, count: int) -> None:
    store = _store(Path(folder))
    for _ in range(count):
        store.update(lambda p: p.record(_answer("total", True, [(fan, True)])))


def test_sessions_writing_at_once_keep_every_answer(tmp_path: Path) -> None:
    import multiprocessing
    context = multiprocessing.get_context("fork")
    fans = ["half_flush", "all_chows", "half_flush", "seven_pairs"]
    writers = [context.Process(target=_answer_many, args=(str(tmp_path), fan, 40)) for fan in fans]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
        assert writer.exitcode == 0
    progress = _store(tmp_path).load().progress
    assert progress.kinds["total"].seen == 160
    assert {f: r.seen for f, r in progress.fans.items()} == {"half_flush": 80, "all_chows": 40, "seven_pairs": 40}
