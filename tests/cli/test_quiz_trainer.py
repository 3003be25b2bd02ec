"""`mcr quiz` as the trainer: short feedback, a wrong pick's reason, the rules asked once,
a missed fan re-asked in a fresh hand, export and import, an old progress file, the learn
and guided modes, the Anki deck, `mcr fans ID`, the daily goal and the help."""
from __future__ import annotations

import io
import json
import re
import sqlite3
import sys
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest

import rules
from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.questions import Question
from i18n import LANGS
from mcr.cli import main
from trainer.fresh_questions import question_key
from trainer.session import Options, Session, Trainer
from trainer.text import fan_name, text
from tests.trainer.support import (DAY_ONE, FakeClock, fake_clock, one_question_banks, ready_progress,  # noqa: F401
                                   right_answer, run, write_progress)

TABLE = rules.fan_table()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_clock: FakeClock) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("MCR_DATA_DIR", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


@pytest.fixture(scope="module")
def beginner() -> list[Question]:
    return list(load_bank(bank_path("beginner")).questions)


def _feedback(out: str, answer: str) -> list[str]:
    """The lines printed after the answer `answer`, up to the running score."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line == f"> {answer}")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Score:"))
    return lines[start + 1:end + 1]


def test_a_right_answer_takes_at_most_eight_lines(monkeypatch, capsys, tmp_path, data_dir, beginner) -> None:
    write_progress(data_dir, ready_progress())
    for q in [q for q in beginner if q.kind in ("total", "fans", "payments")][:12]:
        banks = one_question_banks(tmp_path / q.id, q)
        answer = right_answer(q)
        write_progress(data_dir, ready_progress())
        _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--color", "never"], answer + "\n")
        feedback = _feedback(out, answer)
        assert feedback[0].startswith("✓ Right!") and len(feedback) <= 8, feedback
        assert "Breakdown" not in out and "Ruling:" not in "\n".join(feedback[:2])
        # --explain adds the full breakdown.
        write_progress(data_dir, ready_progress())
        _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--explain"], answer + "\n")
        assert "Breakdown · Read as" in out


def test_a_wrong_pick_shows_why_it_does_not_count(monkeypatch, capsys, tmp_path, data_dir, beginner) -> None:
    # A wrong option that is neither implied nor excluded: the learner reads its definition
    # (issue 21: "Picked but not counting" alone).
    q = next(q for q in beginner if q.kind == "fans" and any(d["reason"] == "near" for d in q.data["distractors"]))
    near = next(d for d in q.data["distractors"] if d["reason"] == "near")
    write_progress(data_dir, ready_progress())
    picked = " ".join(str(q.options.index(f) + 1) for f in [*q.answer_ids, near["id"]])
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(one_question_banks(tmp_path / "b", q)), "--count", "1"],
                    picked + "\n")
    fan = TABLE.fan(near["id"])
    assert f"Not here: {fan_name(fan.names, 'en')}: {fan.summaries['en']}" in out


def test_the_rules_are_asked_once_and_kept(monkeypatch, capsys, data_dir) -> None:
    _, out, _ = run(monkeypatch, capsys, ["--count", "1", "--seed", "2"], "2\n\n")
    assert "Which rules do you play?" in out and "Scoring by Green Book reading (2006)." in out
    assert "New unit: The one-point fans" in out and "A worked example, counted step by step:" in out
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["edition"] == "green-book" and saved["units"]["opened"] == ["one_point"]
    _, out, _ = run(monkeypatch, capsys, ["--count", "1", "--seed", "3"], "\n")
    assert "Which rules do you play?" not in out and "New unit:" not in out
    assert "Scoring by Green Book reading (2006)." in out


def test_a_miss_comes_back_in_the_session_as_a_fresh_hand_with_the_fan(beginner) -> None:
    trainer = Trainer(beginner, {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()})
    session = Session(trainer, ready_progress(), Options(count=4, seed=5, kinds=("fans",)), today=DAY_ONE, lang="en")
    session.begin()
    item = session.next()
    missed = session.current_question()
    feedback = session.answer([])                       # nothing ticked: every fan missed
    assert not feedback["correct"] and feedback["comes_back"] == "fan"
    again = None
    while (item := session.next()) is not None:
        if item["again"] and again is None:      # the first question asked again is the first one missed
            again = session.current_question()
            fan = item["fan"]
        session.answer([])
    assert again is not None and fan in missed.answer_ids and fan in again.answer_ids
    assert question_key(again) != question_key(missed)   # a fresh hand, not the one just explained
    json.dumps(item, ensure_ascii=False)                 # items and feedback are plain data
    json.dumps(feedback, ensure_ascii=False)


def test_export_then_import_moves_the_learner(monkeypatch, capsys, tmp_path, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    run(monkeypatch, capsys, ["--count", "2", "--seed", "4"], "1\n1\n")
    exported = tmp_path / "me.json"
    code, out, _ = run(monkeypatch, capsys, ["--export", str(exported)])
    assert code == 0 and f"is in {exported}" in out
    mine = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert json.loads(exported.read_text(encoding="utf-8")) == mine and mine["format"] == 3
    fans, sessions = len(mine["fans"]), mine["session"]
    assert f"({fans} fan{'s' * (fans != 1)}, {sessions} session{'s' * (sessions != 1)})" in out
    # Somewhere else: a fresh progress, then the import.
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("MCR_DATA_DIR", str(other))
    write_progress(other, ready_progress("1998"))
    code, out, _ = run(monkeypatch, capsys, ["--import", str(exported)])
    assert code == 0 and f"Imported {exported}" in out and "is kept as" in out
    assert json.loads((other / "progress.json").read_text(encoding="utf-8")) == mine
    kept = list(other.glob("progress.json.before-import-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8"))["session"] == 0
    # A file that is no progress changes nothing.
    (tmp_path / "bad.json").write_text('{"format": 3, "session": -1}', encoding="utf-8")
    code, _, err = run(monkeypatch, capsys, ["--import", str(tmp_path / "bad.json")])
    assert code == 1 and "cannot be imported" in err and "your progress is unchanged" in err
    assert json.loads((other / "progress.json").read_text(encoding="utf-8")) == mine


def test_an_old_progress_file_is_migrated_keeping_what_it_knows(monkeypatch, capsys, data_dir, fake_clock) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "progress.json").write_text(json.dumps({
        "format": 2, "session": 9, "kinds": {"total": {"seen": 12, "right": 9}}, "level": "intermediate",
        "recent": {}, "moved": None, "history": [],
        "fans": {"half_flush": {"box": 5, "seen": 10, "right": 10, "last_session": 9},
                 "all_chows": {"box": 1, "seen": 3, "right": 1, "last_session": 8}}}), encoding="utf-8")
    code, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert code == 0 and "9 sessions; questions answered right: 9 of 12 (75%)." in out
    due = next(line for line in out.splitlines() if line.startswith("All Chows "))
    later = next(line for line in out.splitlines() if line.startswith("Half Flush "))
    # Box 1, asked a session ago: due; box 5 (16 sessions), asked in the last one: 16 days on.
    assert due.split()[-1] == "due"
    assert later.split()[-1] == (fake_clock.day + timedelta(days=16)).isoformat()
    run(monkeypatch, capsys, ["--count", "1", "--seed", "1", "--edition", "1998"], "\n")
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["format"] == 3 and saved["level"] == "intermediate" and saved["fans"]["half_flush"]["seen"] == 10


def test_the_learn_mode_asks_flashcards_and_records_the_fans(monkeypatch, capsys, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    code, out, _ = run(monkeypatch, capsys, ["--learn", "--count", "2", "--seed", "1", "--color", "never"], "1\n1\n")
    assert code == 0 and "Learn mode (flashcards)" in out
    assert "Which hand scores " in out and "Which fan does this hand show?" in out
    assert "Common mistake:" in out
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["kinds"]["learn"]["seen"] == 2


def test_the_guided_mode_walks_a_hand(monkeypatch, capsys, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    code, out, _ = run(monkeypatch, capsys, ["--guided", "--count", "1", "--seed", "2", "--color", "never"],
                       "1\n" + "\n" * 20)
    assert code == 0 and "Hand 1 of 1, counted step by step:" in out
    assert "What shape is the hand?" in out and "So, the total with the flowers?" in out
    assert "four sets and a pair" in out and re.search(r"Step (\d+)/\1:", out)   # to the last step


def test_mcr_fans_shows_one_fans_card(monkeypatch, capsys) -> None:
    assert main(["fans", "short_straight", "--color", "never"]) == 0
    out = capsys.readouterr().out
    fan = TABLE.fan("short_straight")
    assert out.splitlines()[0] == f"No. {fan.number} · short_straight · Chow patterns"
    assert fan.definitions["en"] in out and "Common mistake: " + fan.notes["en"] in out
    assert "Example:" in out and "Nearest miss: would count with " in out
    assert main(["fans", "golden dragon"]) == 2
    assert "Unknown fan golden dragon" in capsys.readouterr().err


def test_a_cards_hands_say_how_they_were_won(monkeypatch, capsys) -> None:
    # Flower Tiles counts only with flowers, Self-Drawn only on a drawn tile: a card that drew
    # the tiles alone showed its example and its nearest miss as the same thing.
    for fan, example, near in (("flower_tiles", "· Flowers: ", None), ("self_drawn", "· Self-drawn", "· Won on a discard")):
        assert main(["fans", fan, "--color", "never"]) == 0
        lines = capsys.readouterr().out.splitlines()
        shown = lines[lines.index("  Example:") + 2]
        at = next(i for i, line in enumerate(lines) if line.startswith("  Nearest miss: "))
        assert example in shown and shown.startswith("  Seat wind "), (fan, shown)
        assert lines[at + 2].startswith("  Seat wind ") and "Flowers" not in lines[at + 2], (fan, lines[at + 2])
        if near is not None:
            assert near in lines[at + 2], (fan, lines[at + 2])


def test_the_anki_deck_holds_every_fan_with_its_tiles(monkeypatch, capsys, tmp_path, data_dir) -> None:
    deck = tmp_path / "mcr-fr.apkg"
    code, out, _ = run(monkeypatch, capsys, ["--anki", str(deck), "--lang", "fr"])
    assert code == 0 and str(deck) in out
    with zipfile.ZipFile(deck) as z:
        media = json.loads(z.read("media"))
        assert any(name == "mcr-tile-5p-standing.svg" for name in media.values())
        (tmp_path / "collection").write_bytes(z.read("collection.anki2"))
    rows = sqlite3.connect(tmp_path / "collection").execute("select flds from notes").fetchall()
    assert len(rows) == len(TABLE.fans)
    fields = [r[0].split("\x1f") for r in rows]
    names = {f[0] for f in fields}
    assert "Short Straight" in names                      # French players use the English fan names
    assert all('<img src="mcr-tile-' in f[4] for f in fields)   # every example drawn
    flowers = next(f for f in fields if f[0] == "Flower Tiles")
    assert "Fleurs : " in flowers[4] and "Fleurs" not in flowers[5]   # how each hand was won, under it
    # An Anki card has no numbered options: the tiles' card asks for the fan's name.
    models = json.loads(sqlite3.connect(tmp_path / "collection").execute("select models from col").fetchone()[0])
    fronts = {t["name"]: t["qfmt"] for m in models.values() for t in m["tmpls"]}
    assert fronts["Des tuiles au nom"] == "{{Example}}<div>Quel fan cette main montre-t-elle ? Donnez son nom.</div>"


def test_the_daily_goal_and_its_streak(monkeypatch, capsys, data_dir, fake_clock) -> None:
    write_progress(data_dir, ready_progress())
    code, out, _ = run(monkeypatch, capsys, ["--goal", "1"])
    assert code == 0 and "Your daily goal: 1 question." in out
    _, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert "Today: 0 of 1 question · streak: 0 days (best 0)" in out
    code, out, _ = run(monkeypatch, capsys, ["--goal", "2"])
    assert code == 0 and "Your daily goal: 2 questions." in out
    for _ in range(2):
        _, out, _ = run(monkeypatch, capsys, ["--count", "2", "--kind", "total", "--seed", str(fake_clock.day.day)],
                        "1\n1\n")
        fake_clock.advance(1)
    assert "Today: 2 of 2 questions · streak: 2 days (best 2)" in out
    assert run(monkeypatch, capsys, ["--goal", "0"])[0] == 2


def test_the_help_describes_the_trainer(monkeypatch, capsys) -> None:
    try:
        code = main(["quiz", "--help"])
    except SystemExit as stop:   # argparse's own exit, where the command line lets it through
        code = stop.code
    assert code in (0, None)
    out = " ".join(capsys.readouterr().out.split())
    for words in ("--learn", "--guided", "--export", "--import", "--anki", "--goal", "--explain", "curriculum",
                  "flashcards", "Anki deck", "for this session only"):
        assert words in out


@pytest.mark.parametrize("lang", LANGS)
def test_each_mode_runs_in_every_language(monkeypatch, capsys, data_dir, lang) -> None:
    write_progress(data_dir, ready_progress())
    for mode in ("--learn", "--guided"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 14))
        assert main(["quiz", mode, "--count", "1", "--seed", "1", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert text(lang, "mode_learn" if mode == "--learn" else "mode_guided") in out
        if lang != "en":
            assert text("en", "card_note", note="")[:15] not in out and "Step 1/" not in out


def test_a_file_that_cannot_be_imported_or_written_is_named_in_words(monkeypatch, capsys, tmp_path, data_dir) -> None:
    # The reason as a person reads it: no errno, no Python repr, no temporary file's name.
    write_progress(data_dir, ready_progress())
    empty, broken = tmp_path / "empty.json", tmp_path / "broken.json"
    empty.write_text("", encoding="utf-8")
    broken.write_text('{"format": 3,\n', encoding="utf-8")
    cases = [(["--import", str(tmp_path / "none.json")],
              f"Cannot read {tmp_path / 'none.json'}: No such file or directory; your progress is unchanged."),
             (["--import", str(tmp_path)],
              f"Cannot read {tmp_path}: a directory, not a regular file: refused; your progress is unchanged."),
             (["--import", str(empty)], f"{empty} cannot be imported (the file is empty); your progress is unchanged."),
             (["--import", str(broken)], f"{broken} cannot be imported (not valid JSON at line 2, column 1: Expecting "
                                         "property name enclosed in double quotes); your progress is unchanged."),
             (["--export", str(tmp_path)], f"Cannot write {tmp_path}: Is a directory")]
    for args, said in cases:
        code, _, err = run(monkeypatch, capsys, args)
        assert code == 1 and err.strip().splitlines()[-1] == said, err


def test_a_banks_folder_that_is_not_there_is_refused_as_the_option_is_read(monkeypatch, capsys, tmp_path, data_dir) -> None:
    code, _, err = run(monkeypatch, capsys, ["--banks", str(tmp_path / "typo"), "--lang", "fr"])
    assert code == 2
    assert f"argument --banks: un dossier de banques de questions, et '{tmp_path / 'typo'}' n'en est pas un" in err


def test_japanese_and_chinese_lines_take_their_own_punctuation(monkeypatch, capsys, tmp_path, data_dir,
                                                               beginner) -> None:
    # No ASCII ": " or "(...)" inside a Japanese or Chinese line, and no space after 。: the
    # rules chooser, the wrong answer's first line, the timed drill's seconds, `mcr fans`.
    q = next(q for q in beginner if q.kind == "total")
    banks = one_question_banks(tmp_path / "b", q)
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--lang", "ja"], "\n0\n")
    assert "   1) 国家ルール（1998）：" in out, out[:600]
    assert "✗ 不正解です。あなたの答え：0" in out
    write_progress(data_dir, ready_progress())
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--timed", "--lang", "zh"], "0\n")
    row = next(line for line in out.splitlines() if line.strip().startswith("1  ✗"))
    assert row.endswith("秒") and not row.endswith(" s"), row
    assert main(["fans", "--points", "88", "--lang", "ja"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("）") and "（計上しない番種：" in first and " (" not in first, first


def test_a_yes_or_no_answer_is_repeated_as_a_word_of_the_language(monkeypatch, capsys, tmp_path, data_dir,
                                                                 beginner) -> None:
    # "Your answer: n" echoed the first word of the list the learner may type: the feedback
    # says "No", and in Chinese 否.
    q = next(q for q in beginner if q.kind == "valid")
    banks = one_question_banks(tmp_path / "b", q)
    wrong = "n" if q.answer["valid"] else "y"
    write_progress(data_dir, ready_progress())
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--lang", "zh"], wrong + "\n")
    said = text("zh", "answer_no" if wrong == "n" else "answer_yes")
    assert f"你的答案：{said}" in out and said in ("是", "否"), out


@pytest.mark.parametrize(("lang", "written"), [("en", "3p 6p E C"), ("fr", "3p 6p E C"), ("ja", "三筒 六筒 東 中"),
                                              ("ko", "3통 6통 동 중"), ("zh", "三饼 六饼 东 中")])
def test_tiles_in_a_sentence_follow_the_engine_s_order_in_the_learner_s_words(lang: str, written: str) -> None:
    from trainer.explain_text import tiles_text
    assert tiles_text(["C", "6p", "E", "3p"], lang) == written


def test_the_tiles_in_a_sentence_are_written_as_the_hand_is_drawn(monkeypatch, capsys, tmp_path, data_dir) -> None:
    # "3pだけを待っていました" beside a hand drawn 三筒: a sentence names the tiles the learner's way.
    q = next(q for level in ("beginner", "intermediate", "expert") for q in load_bank(bank_path(level)).questions
             if q.kind == "waits")
    write_progress(data_dir, ready_progress())
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(one_question_banks(tmp_path / "b", q)), "--count", "1",
                                         "--lang", "zh"], "\n")
    from trainer.terminal_tiles import short_tile
    names = [short_tile(t, "zh") for t in sorted(q.answer["waits"], key=lambda t: rules.read_tiles(t)[0])]
    assert all(not name.isascii() for name in names)   # 五万, 东: no notation in Chinese
    assert text("zh", "expected_waits", tiles=" ".join(names)) in out, out
