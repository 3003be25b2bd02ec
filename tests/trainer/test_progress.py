"""Progress: FSRS by days (one step a fan a day), the document read strictly and written
atomically, damaged files set aside, old files migrated, export and import."""
from __future__ import annotations

import json
import os
from datetime import date, timedelta
from pathlib import Path

import pytest

import rules
from trainer.attribution import FanOutcome, Verdict
from trainer.daily import Daily
from trainer.progress import Answer, ItemRecord, Progress
from trainer.progress_migration import box_memory
from trainer.progress_store import ProgressError, ProgressStore, data_dir, read_progress
from trainer.spacing import Grade, Memory, Spaced, retrievability
from generator.quizzes.levels import LEVELS
from mcr.rules_quiz_step import STORE_KINDS as KINDS
from tests.trainer.support import DAY_ONE

TABLE = rules.fan_table()
FANS = frozenset(TABLE.by_id)
FAMILIES = frozenset(TABLE.families)
DAY_TWO = DAY_ONE + timedelta(days=1)


def _answer(kind: str, correct: bool, fans: list[tuple[str, Verdict]]) -> Answer:
    return Answer(kind, correct, tuple(FanOutcome(fan, verdict, "chows") for fan, verdict in fans))


def _store(folder: Path | None = None, today: date = DAY_ONE) -> ProgressStore:
    return ProgressStore(folder, fans=FANS, kinds=KINDS, families=FAMILIES, today=lambda: today)


def _read(data: dict | str, today: date = DAY_ONE) -> Progress:
    text = data if isinstance(data, str) else json.dumps(data)
    return read_progress(text, FANS, KINDS, LEVELS, FAMILIES, today=today)


# -- FSRS by days --------------------------------------------------------------------------

def test_a_fan_takes_one_step_a_day_the_worst_of_the_day() -> None:
    # FSRS's default parameters (fsrs 6.3.2): a first review rated Good starts at stability
    # w2 = 2.3065 days, due 2 days later at 90% retention; a first Again at w0 = 0.212, due
    # the next day (the shortest interval is a day).
    right = Spaced().reviewed(Grade.GOOD, DAY_ONE)
    assert right.memory.stability == pytest.approx(2.3065) and right.memory.due == DAY_ONE + timedelta(days=2)
    assert right.reviewed(Grade.GOOD, DAY_ONE) == right              # right again the same day: no step
    missed = right.reviewed(Grade.AGAIN, DAY_ONE)                    # then missed: the day's step is the miss
    assert missed.memory.stability == pytest.approx(0.212) and missed.memory.due == DAY_TWO
    assert missed.step.before is None and missed.step.grade == Grade.AGAIN
    assert missed.reviewed(Grade.GOOD, DAY_ONE) == missed            # a later right answer changes nothing
    next_day = missed.reviewed(Grade.GOOD, DAY_TWO)                  # the next day, a new step
    assert next_day.step.before == missed.memory and next_day.memory.last == DAY_TWO
    assert next_day.memory.stability > missed.memory.stability


def test_due_fans_longest_overdue_first() -> None:
    p = Progress(session=1)
    p = p.record(_answer("fans", False, [("half_flush", Verdict.BLAME)]), DAY_ONE)      # due day two
    p = p.record(_answer("fans", True, [("all_chows", Verdict.CREDIT)]), DAY_ONE)       # due day three
    assert p.due_fans(DAY_ONE) == []
    assert p.due_fans(DAY_TWO) == ["half_flush"]
    assert p.due_fans(DAY_ONE + timedelta(days=5)) == ["half_flush", "all_chows"]
    chance = retrievability(p.fans["all_chows"].spaced.memory, DAY_ONE + timedelta(days=2))
    assert 0.88 < chance < 0.92                                        # due when recall falls to 90%


def test_tallies_and_the_daily_goal_with_its_streak() -> None:
    p = Progress(session=1, daily=Daily(goal=2))
    for day in (DAY_ONE, DAY_ONE, DAY_TWO, DAY_TWO, DAY_TWO + timedelta(days=2)):
        p = p.record(_answer("total", True, [("half_flush", Verdict.WEAK)]), day)
    assert p.kinds["total"].seen == 5 and p.fans["half_flush"].seen == 5
    # Goal met on day one and day two: a streak of 2; one answer two days later starts none.
    assert (p.daily.streak, p.daily.best, p.daily.answered_on(DAY_TWO + timedelta(days=2))) == (2, 2, 1)
    assert p.daily.current_streak(DAY_TWO) == 2 and p.daily.current_streak(DAY_TWO + timedelta(days=2)) == 0


def test_a_goal_lowered_below_the_days_count_is_met_once_by_the_next_answer() -> None:
    daily = Daily()
    for _ in range(6):
        daily = daily.after_answer(DAY_ONE, 10)                  # 6 of 10: not met
    daily = daily.with_goal(3).after_answer(DAY_ONE, 10)         # 7 of 3: met, day one counts
    assert (daily.answered, daily.streak, daily.streak_last, daily.best) == (7, 1, DAY_ONE, 1)
    daily = daily.after_answer(DAY_ONE, 10)                      # 8 of 3: the same day, once
    assert (daily.streak, daily.best) == (1, 1)
    for _ in range(3):
        daily = daily.after_answer(DAY_TWO, 10)                  # 3 of 3 the next day: 2 in a row
    assert (daily.streak, daily.streak_last) == (2, DAY_TWO)


# -- the document --------------------------------------------------------------------------

def _full() -> Progress:
    p = Progress(session=1, edition="green-book").record(_answer("fans", False, [("half_flush", Verdict.BLAME)]),
                                                         DAY_ONE)
    p = p.record(Answer("rules", True, item="pung-before-chow", hand="[123m]/11p"), DAY_ONE)
    p = p.record(Answer("total", False, mistakes=(("base_forgotten", 0.9),), slip=0.1, units=("one_point",)),
                 DAY_TWO)
    return p.met(["half_flush"], DAY_ONE).opened("one_point").with_goal(15)


def test_the_document_reads_back_as_written(tmp_path: Path) -> None:
    p = _full()
    store = _store(tmp_path)
    store.update(lambda _: p)
    assert store.load().progress == p and store.load().damaged is None
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["format"] == 3 and data["edition"] == "green-book" and data["hands"] == ["[123m]/11p"]
    assert data["rules"]["pung-before-chow"]["memory"]["due"] == (DAY_ONE + timedelta(days=2)).isoformat()
    assert data["habits"] == {"wrong": 1, "slips": 0.1, "causes": {"base_forgotten": 0.9}}


def test_export_and_import_carry_the_learner_across(tmp_path: Path) -> None:
    here, there = _store(tmp_path / "terminal"), _store(tmp_path / "site")
    here.update(lambda _: _full())
    here.export(tmp_path / "me.json")
    there.update(lambda p: p.record(_answer("total", True, [("all_chows", Verdict.WEAK)]), DAY_ONE))
    before = there.path.read_text(encoding="utf-8")
    loaded = there.import_from(tmp_path / "me.json")
    assert loaded.progress == _full() and there.load().progress == _full()
    assert loaded.kept_as is not None and loaded.kept_as.read_text(encoding="utf-8") == before   # nothing lost


@pytest.mark.parametrize("content", [b"{ half", b'{"format": 3}', b"\xff\xfe"])
def test_an_import_that_cannot_be_read_changes_nothing(tmp_path: Path, content: bytes) -> None:
    store = _store(tmp_path / "me")
    store.update(lambda _: _full())
    before = store.path.read_bytes()
    (tmp_path / "bad.json").write_bytes(content)
    with pytest.raises(ProgressError):
        store.import_from(tmp_path / "bad.json")
    assert store.path.read_bytes() == before and not list(store.path.parent.glob("*.before-import-*"))


@pytest.mark.parametrize("shift, refused", [(1, False), (2, True)])
def test_an_import_dated_after_tomorrow_is_refused_and_changes_nothing(tmp_path: Path, shift: int,
                                                                       refused: bool) -> None:
    # _full()'s first record is half_flush, last reviewed on day one: moved `shift` days on, it
    # is tomorrow (a day of slack for time zones) or the day after (refused, named by its place).
    data = _full().as_data()
    moved = (DAY_ONE + timedelta(days=shift)).isoformat()
    data["fans"]["half_flush"]["memory"]["last"] = data["fans"]["half_flush"]["step"]["day"] = moved
    data["fans"]["half_flush"]["memory"]["due"] = (DAY_ONE + timedelta(days=shift + 1)).isoformat()
    (tmp_path / "later.json").write_text(json.dumps(data), encoding="utf-8")
    store = _store(tmp_path / "me")
    store.update(lambda _: _full())
    before = store.path.read_bytes()
    if not refused:
        assert store.import_from(tmp_path / "later.json").progress.fans["half_flush"].spaced.memory.last == DAY_TWO
        return
    with pytest.raises(ProgressError) as err:
        store.import_from(tmp_path / "later.json")
    assert str(err.value) == "fans.half_flush.memory.last: 2031-03-05 is later than tomorrow, 2031-03-04"
    assert store.path.read_bytes() == before and not list(store.path.parent.glob("*.before-import-*"))


@pytest.mark.parametrize("text, found", [
    ('{"format": 9}', "its format is 9"),
    ('{"format": "3"}', 'its format is "3", text, not a number'),
    ('{"session": 1}', "the file has no format field"),
    ("[3]", "the file holds [3], not an object"),
])
def test_a_file_of_no_known_format_says_what_it_holds(text: str, found: str) -> None:
    with pytest.raises(ProgressError) as err:
        _read(text)
    assert str(err.value) == f"not a progress file of format 1, 2 or 3: {found}"


def _doc(**change: object) -> dict:
    data = _full().as_data()
    for path, value in change.items():
        node = data
        *parents, last = path.split("__")
        for key in parents:
            node = node[key]
        node[last] = value
    return data


@pytest.mark.parametrize(("change", "problem"), [
    ({"fans__half_flush__memory__stability": "x"}, 'fans.half_flush.memory.stability: "x" is not a number'),
    ({"fans__half_flush__memory__difficulty": 11}, "fans.half_flush.memory.difficulty: 11 is not a number from 1"),
    ({"fans__half_flush__memory__due": "2031-02-30"}, 'fans.half_flush.memory.due: "2031-02-30" is not a day'),
    ({"fans__half_flush__memory__due": "2031-03-01"}, "is before its last review"),
    ({"fans__half_flush__step__grade": 4}, "fans.half_flush.step.grade: 4 is not a whole number from 1 to 3"),
    ({"fans__half_flush__step__day": "2031-03-01"}, "is not the day of its memory's last review"),
    ({"fans__half_flush__right": 2}, "fans.half_flush.right: 2 is more than its seen, 1"),
    ({"fans__golden_dragon": {}}, "fans.golden_dragon: no fan of the fan table has this id"),
    ({"rules__Bad Id": {}}, 'rules."Bad Id": "Bad Id" is not an id'),
    ({"edition": "1997"}, 'edition: "1997" is not an edition of the rules'),
    ({"daily__best": 0, "daily__streak": 2}, "daily.best: 0 is not a whole number from 2"),
    ({"daily__goal": 0}, "daily.goal: 0 is not a whole number from 1 to 1000"),
    ({"habits__slips": 5}, "habits.slips: 5 is not a number from 0 to 1"),
    ({"hands": ["a\nb"]}, "hands[0]"),
    ({"units__passed": [3]}, "units.passed[0]: 3 is not an id"),
    ({"streak": 3}, "unknown field streak"),
])
def test_every_malformed_value_is_named(change: dict, problem: str) -> None:
    data = _doc(**change)
    text = json.dumps(data)
    if "fans__golden_dragon" in change:
        text = text.replace('"golden_dragon": {}', '"golden_dragon": {"seen": 0}')
    with pytest.raises(ProgressError) as err:
        read_progress(text, FANS, KINDS, LEVELS, FAMILIES, today=DAY_ONE, editions=["1998", "green-book"])
    assert problem in str(err.value), str(err.value)


@pytest.mark.parametrize("content", [
    b"{ half written",
    b"\xff\xfe\x00garbage",
    b'{"format": 99, "session": 1, "fans": {}, "kinds": {}}',
    b'{"format": 1, "session": 1, "fans": {"x": {"box": 9, "seen": 1, "right": 1, "last_session": 0}}, "kinds": {}}',
    b"[]",
])
def test_a_damaged_file_is_kept_aside_and_replaced(tmp_path: Path, content: bytes) -> None:
    store = _store(tmp_path)
    store.path.write_bytes(content)
    loaded = store.load()
    assert loaded.progress == Progress() and loaded.damaged
    assert loaded.kept_as is not None and loaded.kept_as.read_bytes() == content
    assert loaded.kept_as.name.startswith("progress.json.damaged-") and not store.path.exists()
    store.update(lambda p: p.next_session())
    store.path.write_bytes(content)
    second = store.load()
    assert second.kept_as != loaded.kept_as and second.kept_as.exists()   # an earlier copy is not overwritten


# -- the old formats, migrated --------------------------------------------------------------

def test_a_format_2_file_is_carried_over_whole() -> None:
    old = {"format": 2, "session": 6, "kinds": {"total": {"seen": 9, "right": 7}}, "level": "intermediate",
           "recent": {"intermediate": [1, 0, 1]}, "moved": None,
           "history": [{"session": 5, "families": {"suits": {"seen": 2, "right": 1}}}],
           "fans": {"half_flush": {"box": 4, "seen": 8, "right": 8, "last_session": 5},
                    "all_chows": {"box": 1, "seen": 4, "right": 1, "last_session": 6},
                    "seven_pairs": {"box": 2, "seen": 3, "right": 2, "last_session": 1}}}
    p = _read(old)
    assert p.session == 6 and p.level == "intermediate" and p.levels.windows["intermediate"] == (True, False, True)
    assert p.kinds["total"].seen == 9 and p.history[0].families["suits"].right == 1 and p.edition is None
    flush, chows, pairs = p.fans["half_flush"], p.fans["all_chows"], p.fans["seven_pairs"]
    assert (flush.seen, flush.right, chows.seen, chows.right) == (8, 8, 4, 1)
    # Box 4: due 8 sessions after session 5, one session ago: 7 days from the migration,
    # with a stability of 8 days. Box 1, asked this session: due in one day. Box 2, asked
    # five sessions ago, was due already: due the day of the migration.
    assert flush.spaced.memory.due == DAY_ONE + timedelta(days=7) and flush.spaced.memory.stability == 8
    assert chows.spaced.memory.due == DAY_ONE + timedelta(days=1)
    assert pairs.spaced.memory.due == DAY_ONE and p.due_fans(DAY_ONE) == ["seven_pairs"]
    # Every answer right: FSRS's first difficulty for Good; one in four: nearer that of a miss.
    good, again = Spaced().reviewed(Grade.GOOD, DAY_ONE).memory, Spaced().reviewed(Grade.AGAIN, DAY_ONE).memory
    assert flush.spaced.memory.difficulty == pytest.approx(good.difficulty)
    assert chows.spaced.memory.difficulty == pytest.approx(good.difficulty + 0.75 * (again.difficulty - good.difficulty),
                                                           abs=1e-3)
    assert _read(json.dumps(p.as_data())) == p   # written as format 3, read back the same


def test_a_format_1_file_keeps_its_boxes_as_memories() -> None:
    old = ('{"format": 1, "session": 4, "fans": {"half_flush": {"box": 3, "seen": 5, "right": 4, '
           '"last_session": 4}}, "kinds": {"total": {"seen": 5, "right": 4}}}')
    p = _read(old)
    assert p.level == "beginner" and p.history == () and p.fans["half_flush"].seen == 5
    assert p.fans["half_flush"].spaced.memory == box_memory(3, 5, 4, 0, DAY_ONE)
    assert p.fans["half_flush"].spaced.memory.due == DAY_ONE + timedelta(days=4)


@pytest.mark.parametrize(("content", "problem"), [
    ('{"format": 1, "session": 3, "fans": {"half_flush": {"box": 2.7, "seen": 4, "right": 3, "last_session": 2}}, '
     '"kinds": {}}', "fans.half_flush.box: 2.7 is not a whole number from 1 to 5"),
    ('{"format": 1, "session": 3, "fans": {"half_flush": {"box": 2, "seen": 4, "right": 3, "last_session": 4}}, '
     '"kinds": {}}', "fans.half_flush.last_session: 4 is after the last session, 3"),
    ('{"format": 1, "session": Infinity, "fans": {}, "kinds": {}}', "Infinity is not a number JSON allows"),
    ('{"format": 1, "session": 1, "fans": {}, "kinds": {}, "fans": {}}', "fans appears twice"),
    ('{"format": 1, "session": 1, "fans": {}, "kinds": {"speed": {"seen": 1, "right": 1}}}', "kinds.speed: not a question kind"),
])
def test_an_old_file_is_read_as_strictly_as_ever(content: str, problem: str) -> None:
    with pytest.raises(ProgressError, match=problem.replace(".", r"\.")):
        _read(content)


# -- the file ---------------------------------------------------------------------------------

def test_data_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MCR_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path and _store().path == tmp_path / "progress.json"
    monkeypatch.delenv("MCR_DATA_DIR")
    assert "mcr" in str(data_dir())


def test_save_is_atomic_and_readable_by_others(tmp_path: Path) -> None:
    store = _store(tmp_path / "new folder")
    assert store.load().progress == Progress() and store.load().damaged is None
    store.update(lambda _: _full())
    assert not [f.name for f in store.path.parent.iterdir() if f.name.endswith(".tmp")]   # no temporary left
    umask = os.umask(0)
    os.umask(umask)
    assert store.path.stat().st_mode & 0o777 == 0o666 & ~umask       # not mkstemp's private 0600


def test_an_unwritable_folder_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        _store(blocker).update(lambda p: p.next_session())


def _answer_many(folder: str, fan: str, count: int) -> None:
    store = _store(Path(folder))
    for _ in range(count):
        store.update(lambda p: p.record(_answer("total", True, [(fan, Verdict.WEAK)]), DAY_ONE))


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
    assert all(r.spaced.memory.last == DAY_ONE for r in progress.fans.values())


def test_item_records_are_values() -> None:
    assert ItemRecord() == ItemRecord(0, 0, Spaced(), None)
    assert Memory(1.0, 5.0, DAY_TWO, DAY_ONE).as_data() == {"stability": 1.0, "difficulty": 5.0,
                                                             "due": DAY_TWO.isoformat(), "last": DAY_ONE.isoformat()}


def test_a_session_without_an_answer_is_not_counted(monkeypatch, tmp_path: Path) -> None:
    # Issue 23 item 10: `mcr quiz` ended (end of input) before any answer still counted a session.
    import io
    import sys

    from mcr.cli import main

    from .support import ready_progress, write_progress

    monkeypatch.setenv("MCR_DATA_DIR", str(tmp_path))
    write_progress(tmp_path, ready_progress())   # the lessons seen: the session starts with a question
    saved = tmp_path / "progress.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["quiz", "--count", "1", "--seed", "1", "--kind", "total"]) == 0
    assert json.loads(saved.read_text(encoding="utf-8")).get("session", 0) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))   # one answer, right or wrong: a session
    assert main(["quiz", "--count", "1", "--seed", "1", "--kind", "total"]) == 0
    assert json.loads(saved.read_text(encoding="utf-8"))["session"] == 1
