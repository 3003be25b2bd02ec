"""`mcr quiz` in a terminal, driven by piped input: asking, grading, explaining, saving."""
from __future__ import annotations

import io
import json
import os
import re
import string
import subprocess
import sys
import time
from datetime import date
from functools import partial
from pathlib import Path

import pytest

import rules
from generator.quizzes.levels import LEVELS
from trainer.progress import ItemRecord, Progress
from trainer.spacing import Memory, Spaced
from trainer.progress_store import ProgressStore
from generator.quizzes.questions import KINDS, Question
from generator.quizzes.banks import bank_path, load_bank
from mcr.quiz_command import find_fan, near_fan, number_ranges
from trainer.curriculum import PRINCIPLES, curriculum
from trainer.mastery import UnitState
from trainer.explain_text import counted
from trainer.diagnosis_settings import CAUSES
from trainer.guided import SHAPES
from trainer.text import LANGS, TEXT, fan_name, text
from trainer.terminal import Terminal, parser_for
from trainer.terminal_tiles import colour_wanted, draw_hand
from tests.trainer.support import (FakeClock, fake_clock, one_question_banks, ready_progress, right_answer, run,  # noqa: F401
                                   wrong_answer, write_progress)

TABLE = rules.fan_table()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_clock: FakeClock) -> Path:
    """A learner who chose the 1998 rules and has seen the units' lessons: sessions go
    straight to their questions (the edition question and the lessons have tests of their own)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MCR_DATA_DIR", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    write_progress(folder, ready_progress())
    return folder


@pytest.fixture(scope="module")
def committed() -> list[Question]:
    return list(load_bank(bank_path("beginner")).questions) + list(load_bank(bank_path("expert")).questions)


def one_big_fan(questions: list[Question]) -> tuple[Question, str, int]:
    """A total question whose hand counts one fan worth more than 10 points, and flowers
    only besides: a total short by that fan's points can only be that fan missed (the
    flowers make at most 8, a slip of more than 10 points is not a slip)."""
    for q in questions:
        fans = [f for f in q.answer["fans"] if not TABLE.fan(f["id"]).bonus]
        if q.kind == "total" and len(fans) == 1 and fans[0]["count"] == 1 and TABLE.fan(fans[0]["id"]).points > 10:
            return q, fans[0]["id"], TABLE.fan(fans[0]["id"]).points
    raise AssertionError("no such question in the banks")


def first(questions: list[Question], kind: str, **where: object) -> Question:
    return next(q for q in questions if q.kind == kind and all(
        (q.answer["payments"] or {}).get(k) == v if k == "self_drawn" else q.answer[k] == v
        for k, v in where.items()))


# -- texts -------------------------------------------------------------------------------

def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    def fields(s: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(s) if f}
    english = TEXT["en"]
    for lang in LANGS:
        assert set(TEXT[lang]) == set(english), lang
        for key, value in english.items():
            assert fields(TEXT[lang][key]) == fields(value), (lang, key)


def test_a_counted_phrase_says_its_number_in_the_form_for_one() -> None:
    # French says 0 in the form for one: points_one "1 point" made 0 points "1 point".
    pairs = [key.removesuffix("_one") for key in TEXT["en"] if key.endswith("_one")
             and key.removesuffix("_one") + "_other" in TEXT["en"]]
    assert "points" in pairs and "diag_short" in pairs
    for lang in LANGS:
        for key in pairs:
            assert "{n}" in TEXT[lang][key + "_one"], (lang, key)
    assert [counted(partial(text, "fr"), "fr", "points", n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]


def test_every_text_key_the_code_uses_exists() -> None:
    sources = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "trainer").glob("*.py"))
                      if p.name != "terminal_tiles.py")   # the tiles' names are i18n/tiles/
    sources += "".join((ROOT / f).read_text(encoding="utf-8") for f in ("mcr/quiz_command.py", "mcr/quiz_files_step.py"))
    used = set(re.findall(r'\bt(?:ext)?\((?:lang, |self\.lang, |term\.lang, |self\.term\.lang, )?"([a-z_]+)"', sources))
    assert used and used <= set(TEXT["en"])
    built = ({f"ask_{k}" for k in KINDS if k != "payments"} | {f"kind_{k}" for k in KINDS}
             | {f"why_{p}" for p in ("non_repeat", "non_separation", "non_identical", "account_once")}
             | {f"wind_{w}" for w in "ESWN"} | {f"level_{lv}" for lv in LEVELS}
             | {f"near_{k}" for k in ("seat_wind", "prevalent_wind")}
             | {f"diag_{cause}" for cause in CAUSES} | {f"diag_wind_misread_{w}" for w in ("seat_wind", "prevalent_wind")}
             | {f"shape_{s}" for s in SHAPES} | {f"principle_{p}" for p in PRINCIPLES})
    assert built - {"diag_wind_misread"} <= set(TEXT["en"])


def test_a_missing_fan_name_shows_english_marked() -> None:
    assert fan_name({"en": "Half Flush", "zh": "混一色"}, "zh") == "混一色"
    assert fan_name({"en": "Half Flush"}, "ko") == "Half Flush " + text("ko", "untranslated")


# -- each kind, right and wrong --------------------------------------------------------------

@pytest.mark.parametrize("kind,where", [("total", {}), ("fans", {}), ("valid", {"valid": True}),
                                         ("valid", {"valid": False}), ("payments", {"self_drawn": True}),
                                         ("payments", {"self_drawn": False}), ("waits", {}),
                                         ("one_tile_wait", {}), ("best_reading", {})])
def test_each_kind_graded_right_and_wrong(monkeypatch, capsys, tmp_path, committed, kind, where) -> None:
    q = first(committed, kind, **where)
    banks = one_question_banks(tmp_path / "banks", q)
    code, out, err = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--seed", "1"],
                         right_answer(q) + "\n")
    assert code == 0 and err == ""
    assert "✓ Right!" in out and "Score: 1/1" in out and "Done: 1 of 1 right (100%)." in out
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--seed", "1"],
                       wrong_answer(q) + "\n")
    assert "✗ Not quite." in out and "Score: 0/1" in out
    total = q.answer["total"]
    assert f"Total: {total} points" in out                     # the full breakdown follows
    for f in q.answer["fans"]:
        assert fan_name(TABLE.fan(f["id"]).names, "en") in out
    for n in q.data["explanation"]["not_counted"]:
        assert fan_name(TABLE.fan(n["id"]).names, "en") in out
    waits = q.answer["waits"]
    assert (f"Waited on {waits[0]} alone." if len(waits) == 1 else f"Waited on: {' '.join(waits)}.") in out


def test_a_waits_question_names_missed_and_wrong_tiles(monkeypatch, capsys, tmp_path, committed) -> None:
    q = next(q for q in committed if q.kind == "waits" and len(q.answer["waits"]) >= 2)
    banks = one_question_banks(tmp_path / "banks", q)
    first_wait, *rest = q.answer["waits"]
    wrong_tile = next(t for t in ("1m", "9m", "1s", "9s", "E", "C") if t not in q.answer["waits"])
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"],
                    "3x\n" + " ".join(rest + [wrong_tile]) + "\n")
    assert "Please type tiles in the notation" in out            # a bad tile is asked again
    assert f"Also waited on: {first_wait}." in out and f"Not waited on: {wrong_tile}." in out
    shown = q.data["waiting"]["tiles"]
    assert draw_hand(shown, False) in out and "▶" not in draw_hand(shown, False)


def test_a_tie_is_accepted_and_named_in_the_terminal(monkeypatch, capsys, tmp_path, committed) -> None:
    q = next(q for q in committed if q.kind == "fans" and q.answer.get("ties"))
    banks = one_question_banks(tmp_path / "banks", q)
    other = q.answer["ties"][0]
    picked = " ".join(str(q.options.index(f["id"]) + 1) for f in other["fans"])
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], picked + "\n")
    assert "✓ Right!" in out
    # The group the winning tile completed is marked (its first copy, if the reading has two).
    at = other["groups"].index(other["winning_group"])
    groups = [("▶" if i == at else "") + g for i, g in enumerate(other["groups"])]
    assert f"Your answer is the reading {' '.join(groups)}" in out


def test_the_worked_example_says_each_line_once(monkeypatch, capsys, data_dir) -> None:
    # The first session opens the first unit with a worked example. A fan the principles
    # leave out is answered in its family's step and again in the principles' step: read in
    # a row, the example said it twice ("Self-Drawn does not count: implied by...").
    write_progress(data_dir, Progress(edition="1998"))
    _, out, _ = run(monkeypatch, capsys, ["--count", "1", "--seed", "1"], "q\n")
    lines = out.splitlines()
    start = lines.index("A worked example, counted step by step:") + 3   # after the situation and the hand
    example = lines[start:lines.index("", start)]
    left_out = [line for line in example
                if re.search(r"does not count: (implied by|not counted with|left out by)", line)]
    assert left_out, "the worked example no longer shows a fan left out by a principle"
    assert len(example) == len(set(example)), example


def test_the_legend_is_printed_once_and_chinese_tiles_are_drawn_in_chinese(monkeypatch, capsys) -> None:
    _, out, _ = run(monkeypatch, capsys, ["--count", "3", "--seed", "2", "--level", "beginner"], "\n" * 3)
    assert out.count("1m-9m characters") == 1
    _, out, _ = run(monkeypatch, capsys, ["--lang", "zh", "--count", "3", "--seed", "2", "--level", "beginner"],
                    "\n" * 3)
    assert out.count("1m-9m 为一万至九万") == 1
    hands = [line for line in out.splitlines() if "▶ " in line and "[ ]" not in line]   # a reading marks "▶66p"
    assert hands and all(re.search("[一二三四五六七八九][万饼条]|[东南西北中发白]", h) for h in hands)
    assert not any(re.search(r"\b[1-9][mps]\b", h) for h in hands)


def test_a_fans_answer_names_what_was_missed_and_what_does_not_count(monkeypatch, capsys, tmp_path,
                                                                     committed) -> None:
    q = next(q for q in committed if q.kind == "fans" and q.data["explanation"]["not_counted"]
             and any(d["reason"] == "excluded" for d in q.data["distractors"]))
    excluded = next(d["id"] for d in q.data["distractors"] if d["reason"] == "excluded")
    banks = one_question_banks(tmp_path / "banks", q)
    picked = [q.options.index(excluded) + 1] + [q.options.index(f) + 1 for f in q.answer_ids[1:]]
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], " ".join(map(str, picked)) + "\n")
    name = fan_name(TABLE.fan(excluded).names, "en")
    missed = TABLE.fan(q.answer_ids[0])
    # The fan missed, with what it is; the fan picked that does not count, with why not here.
    assert f"Missed: {fan_name(missed.names, 'en')} ({missed.points}): {missed.summaries['en']}" in out
    assert re.search("Not here: " + re.escape(name) + ": (implied by|its sets|a set|those sets|not counted with)", out)
    assert re.search(re.escape(name) + r" \(\d+\)( x\d+)?: (implied by|its sets|a set|those sets)", out)


def test_bad_input_is_asked_again_and_the_end_of_input_stops_cleanly(monkeypatch, capsys, tmp_path,
                                                                      committed) -> None:
    q = first(committed, "total")
    banks = one_question_banks(tmp_path / "banks", q)
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], "many\n12 13\n")
    assert code == 0 and out.count("Please type a whole number.") == 2
    assert "Done: 0 of 0 right (0%)." in out


def test_the_french_end_of_session_counts_the_answers_right_in_its_singular(monkeypatch, capsys, tmp_path,
                                                                           committed) -> None:
    # French says 0 and 1 in the singular: "0 bonne réponse", never "0/2 bonnes réponses".
    q1, q2 = first(committed, "total"), [q for q in committed if q.kind == "total"][1]
    banks = one_question_banks(tmp_path / "banks", q1, q2)
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "2", "--seed", "4", "--lang", "fr"],
                    "900\nq\n")
    assert "Terminé : 0 bonne réponse sur 1 (0 %)." in out


def test_quit_stops_and_keeps_the_answers_so_far(monkeypatch, capsys, tmp_path, committed, data_dir) -> None:
    q1, q2 = first(committed, "total"), [q for q in committed if q.kind == "total"][1]
    banks = one_question_banks(tmp_path / "banks", q1, q2)
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "2", "--seed", "4"],
                    "900\nq\n")
    # A total of 900 is no few fans away from the right one (at most three, 88 each at most):
    # no fan is blamed (trainer/attribution.py).
    assert "Done: 0 of 1 right (0%)." in out and "Fans to review:" not in out
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["session"] == 1 and saved["kinds"] == {"total": {"seen": 1, "right": 0}}


# -- progress -------------------------------------------------------------------------------

def test_progress_is_saved_and_stats_show_accuracy_by_fan(monkeypatch, capsys, tmp_path, committed,
                                                          fake_clock) -> None:
    q, fan, points = one_big_fan(committed)
    banks = one_question_banks(tmp_path / "banks", q)
    _, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert "No answers recorded yet" in out
    run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], right_answer(q) + "\n")
    _, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert "1 session; questions answered right: 1 of 1 (100%)." in out   # one of each, in the singular
    assert "Due today: 0 fans, 0 rules questions." in out
    # The total without the big fan: that fan missed is the only named mistake that gives
    # it, and it is blamed (trainer/diagnosis.py).
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], f"{q.answer['total'] - points}\n")
    name = fan_name(TABLE.fan(fan).names, "en")
    assert f"{points} points short: did you miss {name} ({points})?" in out
    code, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert code == 0 and "Your accuracy by fan" in out
    row = next(line for line in out.splitlines() if line.startswith(name + " "))
    # Right, then missed the same day: one FSRS step, the miss; due the next day.
    tomorrow = fake_clock.day.toordinal() + 1
    assert row.split()[-4:] == ["2", "1", "50%", date.fromordinal(tomorrow).isoformat()]
    assert "2 sessions; questions answered right: 1 of 2 (50%)." in out
    progress = ProgressStore(fans=TABLE.by_id, kinds=KINDS).load().progress
    record = progress.fans[fan]
    assert record.seen == 2 and record.spaced.memory.due.toordinal() == tomorrow


def test_stats_after_answers_that_marked_no_fan_say_so(monkeypatch, capsys, tmp_path, committed) -> None:
    # A total of 900 is no few fans away from the right one: the answer is recorded (its
    # kind, the level, the session) but marks no fan. --stats said "No answers recorded yet"
    # above "questions answered right: 0 of 1", and "after a session" of the history.
    banks = one_question_banks(tmp_path / "banks", first(committed, "total"))
    run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], "900\nq\n")
    _, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert "No answers recorded yet" not in out
    assert ("No fan marked right or wrong yet: an answer marks the fans it shows you count or miss, "
            "and yours so far have shown none.") in out
    assert "1 session; questions answered right: 0 of 1 (0%)." in out
    assert ("No history yet: your accuracy by fan family shows here, session by session, "
            "once your answers mark a fan right or wrong.") in out


def test_a_damaged_progress_file_is_reported_kept_and_replaced(monkeypatch, capsys, tmp_path, committed,
                                                               data_dir) -> None:
    q = first(committed, "total")
    banks = one_question_banks(tmp_path / "banks", q)
    (data_dir / "progress.json").write_text('{"format": 1, "session": 3, "fans": {"half_fl', encoding="utf-8")
    # A new progress starts: the edition given (else it is asked), the first unit's lesson shown.
    code, out, err = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--edition", "1998"],
                         right_answer(q) + "\n")
    assert code == 0 and "✓ Right!" in out
    assert "Your progress file could not be read" in err and "progress.json.damaged-" in err
    kept = list(data_dir.glob("progress.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8").endswith('"half_fl')
    assert json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))["session"] == 1
    code, out, err = run(monkeypatch, capsys, ["--stats"])
    assert code == 0 and err == "" and "Your accuracy by fan" in out


def test_an_unsaveable_progress_is_reported_once(monkeypatch, capsys, tmp_path, committed) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    monkeypatch.setenv("MCR_DATA_DIR", str(blocker / "sub"))
    q = first(committed, "total")
    banks = one_question_banks(tmp_path / "banks", q, [q for q in committed if q.kind == "total"][1])
    code, out, err = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "2"], "1\n1\n")
    assert code == 0 and err.count("Your progress could not be saved") == 1


def _read_until(stream, marker: bytes, timeout: float = 60) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, seen.decode(errors="replace")
        chunk = os.read(stream.fileno(), 4096)
        assert chunk, seen.decode(errors="replace")
        seen += chunk
    return seen


def test_two_sessions_at_once_keep_each_others_answers(tmp_path, committed) -> None:
    # Two terminals, one progress file: six answers in one and five in the other were
    # saved as the last writer's five or six.
    totals = [q for q in committed if q.kind == "total"][:6]
    banks = one_question_banks(tmp_path / "banks", *totals)
    env = {**os.environ, "MCR_DATA_DIR": str(tmp_path / "shared")}
    write_progress(tmp_path / "shared", ready_progress())

    def start(count: int) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "mcr", "quiz", "--banks", str(banks), "--count", str(count),
                                 "--seed", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)

    sessions = [(start(6), 6), (start(5), 5)]
    try:
        for proc, _ in sessions:   # both have read the progress file before either answers
            _read_until(proc.stdout, b"Question 1/")
        for proc, count in sessions:
            _, err = proc.communicate(b"0\n" * count, timeout=120)
            assert proc.returncode == 0 and err == b"", err.decode()
    finally:
        for proc, _ in sessions:
            if proc.poll() is None:
                proc.kill()
    saved = json.loads((tmp_path / "shared" / "progress.json").read_text(encoding="utf-8"))
    assert saved["kinds"]["total"] == {"seen": 11, "right": 0} and saved["session"] == 2


# -- choosing questions ----------------------------------------------------------------------

def test_a_fan_drill_uses_the_banks_and_builds_more(monkeypatch, capsys, tmp_path, committed) -> None:
    q = first(committed, "total")
    fan = q.answer_ids[0]
    banks = one_question_banks(tmp_path / "banks", q)
    for level in ("intermediate", "expert"):
        (banks / f"{level}.json").write_text((banks / "beginner.json").read_text(encoding="utf-8")
                                             .replace('"beginner"', f'"{level}"'), encoding="utf-8")
    number = str(TABLE.fan(fan).number)
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--fan", number, "--count", "3",
                                             "--seed", "2"], "\n\n\n")
    assert code == 0 and "drilling " + fan_name(TABLE.fan(fan).names, "en") in out
    # Each missed question comes back three later (trainer/learner.yaml): when the third is
    # asked the session holds the first two again, five in all; the input ends there.
    assert "Question 3/5" in out and "Done: 0 of 3 right" in out


def test_a_fan_missed_on_day_one_comes_back_on_day_two_in_another_hand(monkeypatch, capsys, tmp_path, committed,
                                                                      fake_clock) -> None:
    totals = [q for q in committed if q.kind == "total"]
    a, fan, points = one_big_fan(committed)
    c = next(q for q in committed if q is not a and fan in q.answer_ids and q.kind in ("fans", "total", "payments"))
    others = [q for q in totals if fan not in q.drill][:8]
    run(monkeypatch, capsys, ["--banks", str(one_question_banks(tmp_path / "only_a", a)), "--count", "1"],
        f"{a.answer['total'] - points}\n")
    banks = one_question_banks(tmp_path / "banks", *others, a, c)
    # The miss was the fan's step of day one: it is due on day two, asked first, in a hand
    # the learner has not seen.
    fake_clock.advance(1)
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--seed", "3"], "\n")
    first_hand = out.split("Question 1/")[1].splitlines()[2]
    assert first_hand.strip() == draw_hand(c.data["tiles"], False)      # the fan due, in another hand
    assert first_hand.strip() != draw_hand(a.data["tiles"], False)


def test_fans_are_found_by_id_number_or_name() -> None:
    half_flush = TABLE.fan("half_flush")
    assert find_fan(TABLE, "half_flush") == find_fan(TABLE, str(half_flush.number)) == "half_flush"
    assert find_fan(TABLE, half_flush.names["en"].upper()) == "half_flush"
    assert find_fan(TABLE, half_flush.names["zh"]) == "half_flush"
    assert find_fan(TABLE, "no such fan") is None


def test_an_unknown_fan_suggests_a_close_one_only() -> None:
    assert near_fan(TABLE, "hog", "en") == "tile_hog"            # the one fan with the word hog
    assert near_fan(TABLE, "half flsh", "en") == "half_flush"    # a letter dropped
    assert near_fan(TABLE, "单钓", "zh") == "single_wait"         # 单钓将 less its last character
    assert near_fan(TABLE, "pung", "en") is None                 # a word of many fans: no guess
    assert near_fan(TABLE, "golden_dragon", "en") is None        # no fan of the rules
    assert near_fan(TABLE, "一色", "zh") is None                  # 清一色, 混一色, 字一色 alike: no guess
    assert near_fan(TABLE, "四喜", "zh") is None                  # 大四喜 or 小四喜


def test_an_unknown_fan_close_to_one_says_which(monkeypatch, capsys) -> None:
    code, _, err = run(monkeypatch, capsys, ["--fan", "hog"])
    assert code == 2 and err.strip() == ("Unknown fan hog: did you mean Tile Hog (tile_hog)? Otherwise give its id, "
                                         "its number (1-81) or its name. `mcr fans` lists them.")


def test_an_unknown_fan_or_a_missing_bank_is_an_error_not_a_crash(monkeypatch, capsys, tmp_path) -> None:
    code, _, err = run(monkeypatch, capsys, ["--fan", "golden_dragon"])
    assert code == 2 and "Unknown fan golden_dragon: give its id, its number (1-81) or its name." in err
    # The Green Book's 82nd fan, asked for in the 1998 rules: the edition that has it is named.
    code, _, err = run(monkeypatch, capsys, ["--fan", "82"])
    assert code == 2 and ("Concealed and Melded Kong is a fan of the edition Green Book reading (2006), "
                          "not of this one: add --edition green-book.") in err
    # ...and following that advice drills it (the header named the fan from the 1998 table).
    code, out, _ = run(monkeypatch, capsys, ["--fan", "82", "--edition", "green-book", "--count", "1"], "q\n")
    assert code == 0 and "drilling Concealed and Melded Kong" in out
    code, _, err = run(monkeypatch, capsys, ["--banks", str(tmp_path / "nowhere")])   # a mistyped folder
    assert code == 2 and "argument --banks: a folder of quiz banks" in err
    code, _, err = run(monkeypatch, capsys, ["--banks", str(tmp_path)])   # a folder without its banks
    assert code == 1 and "beginner.json: cannot read the quiz bank: No such file or directory" in err
    assert "mcr quiz-banks" in err


@pytest.mark.parametrize(("args", "said"), [
    (["--count", "0"], "argument --count: a whole number of 1 or more, not '0'"),
    (["--count", "x"], "argument --count: a whole number of 1 or more, not 'x'"),
    (["--goal", "0"], "argument --goal: a whole number from 1 to 1000, not '0'"),
    (["--goal", "1001"], "argument --goal: a whole number from 1 to 1000, not '1001'"),
    (["--count", "0", "--lang", "fr"], "argument --count: un nombre entier de 1 ou plus, pas '0'"),
    (["--lang", "es", "--goal", "1001"], "argument --goal: un número entero de 1 a 1000, no '1001'"),
])
def test_a_count_or_goal_out_of_range_is_refused_naming_the_option_and_the_range(monkeypatch, capsys,
                                                                                 args, said) -> None:
    # It said "Please type a whole number.", the answer prompt's words, naming neither.
    code, _, err = run(monkeypatch, capsys, args)
    assert code == 2 and said in err and "Please type" not in err


def test_the_ends_of_the_goals_range_are_taken(monkeypatch, capsys) -> None:
    assert run(monkeypatch, capsys, ["--goal", "1000"])[:2] == (0, "Your daily goal: 1000 questions.\n")
    assert run(monkeypatch, capsys, ["--goal", "1"])[:2] == (0, "Your daily goal: 1 question.\n")


def test_a_kind_the_level_does_not_have_is_refused_naming_the_kinds_it_has(monkeypatch, capsys, tmp_path,
                                                                           committed, data_dir) -> None:
    # It printed "questions: 1", then "Done: 0 of 0 right (0%)" and ended well.
    banks = one_question_banks(tmp_path / "banks", first(committed, "total"))   # a beginner bank of one total
    code, out, err = run(monkeypatch, capsys, ["--banks", str(banks), "--kind", "best_reading", "--count", "1"])
    assert code == 1 and err == "No best_reading questions at Beginner: the kinds there are total.\n"
    assert "Question" not in out and "Done:" not in out
    assert json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))["session"] == 0
    # The committed banks ask for the best reading at expert: the learner is told so.
    code, _, err = run(monkeypatch, capsys, ["--kind", "best_reading", "--count", "1"])
    assert code == 1 and err.endswith("For best_reading questions, choose a level that has them: --level expert.\n")
    code, out, _ = run(monkeypatch, capsys, ["--kind", "best_reading", "--count", "1", "--level", "expert"], "q\n")
    assert code == 0 and "Which reading of the tiles scores highest?" in out


def test_a_question_asked_again_says_whether_the_miss_was_just_before(monkeypatch, capsys, tmp_path,
                                                                      committed, data_dir) -> None:
    # With --count 1 the miss comes back as the next question, which said "the fan you missed
    # a few questions ago"; and "the fan" where no fan was to blame, only the kind of question.
    q, _, points = one_big_fan(committed)
    banks = one_question_banks(tmp_path / "banks", q)
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], f"{q.answer['total'] - points}\nq\n")
    assert "Question 2/2\nAsked again, in a new hand: the fan you just missed.\n" in out
    write_progress(data_dir, ready_progress())
    _, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1"], "900\nq\n")   # no fan to blame
    assert "Question 2/2\nAsked again, in a new hand: a question like the one you just missed.\n" in out
    # Four questions, none answered: the first comes back fourth, three questions after it.
    write_progress(data_dir, ready_progress())
    _, out, _ = run(monkeypatch, capsys, ["--count", "4", "--seed", "8", "--level", "expert"], "\n" * 4)
    again = out.splitlines()[out.splitlines().index("Question 4/7") + 1]
    assert again in ("Asked again, in a new hand: the fan you missed a few questions ago.",
                     "Asked again, in a new hand: a question like the one you missed a few questions ago.")


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_runs_a_whole_session(monkeypatch, capsys, lang) -> None:
    code, out, err = run(monkeypatch, capsys, ["--lang", lang, "--count", "4", "--seed", "8", "--level", "expert"],
                         "\n" * 4)   # "I don't know" to each
    assert code == 0 and err == ""
    # The three missed before it come back later: the fourth question is the fourth of seven.
    assert text(lang, "question", n=4, count=7) in out
    assert text(lang, "breakdown") in out
    if lang != "en":
        assert text("en", "breakdown") not in out and text("en", "hint") not in out


def test_same_seed_same_questions(monkeypatch, capsys) -> None:
    _, a, _ = run(monkeypatch, capsys, ["--count", "3", "--seed", "5", "--level", "intermediate"])
    write_progress(Path(os.environ["MCR_DATA_DIR"]), ready_progress())
    _, b, _ = run(monkeypatch, capsys, ["--count", "3", "--seed", "5", "--level", "intermediate"])
    assert a == b and "seed 5" in a


# -- drawing ------------------------------------------------------------------------------

class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch) -> None:
    assert colour_wanted(FakeTTY()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(FakeTTY())
    assert colour_wanted(io.StringIO(), "always") and not colour_wanted(FakeTTY(), "never")


def test_hand_drawing_marks_claimed_sets_concealed_kongs_and_the_winning_tile() -> None:
    tiles = {"melds": [{"tiles": ["1m", "2m", "3m"], "exposed": True},
                       {"tiles": ["E", "E", "E", "E"], "exposed": False}],
             "concealed": ["5p", "5p", "6s", "7s"], "winning": "8s"}
    assert draw_hand(tiles, False) == "[1m 2m 3m]  {E E E E}  5p 5p 6s 7s  ▶ 8s"
    coloured = draw_hand(tiles, True)
    assert "\x1b[31;2m1m" in coloured and "\x1b[34m5p" in coloured and "\x1b[32;1;7m8s" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == draw_hand(tiles, False)


def test_colour_is_used_when_asked(monkeypatch, capsys) -> None:
    _, out, _ = run(monkeypatch, capsys, ["--count", "1", "--seed", "1", "--color", "always"])
    assert "\x1b[" in out
    _, out, _ = run(monkeypatch, capsys, ["--count", "1", "--seed", "1"])
    assert "\x1b[" not in out


def test_a_real_pipe_drives_the_installed_command(tmp_path: Path) -> None:
    env = {**os.environ, "MCR_DATA_DIR": str(tmp_path / "pipe")}
    write_progress(tmp_path / "pipe", ready_progress())
    proc = subprocess.run([sys.executable, "-m", "mcr", "quiz", "--count", "2", "--seed", "3", "--kind", "total"],
                          input="0\n0\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    # The first question, missed, comes back after the second (nothing else is left to ask).
    assert "Question 2/3" in proc.stdout and "Done: 0 of 2 right (0%)." in proc.stdout
    assert json.loads((tmp_path / "pipe" / "progress.json").read_text(encoding="utf-8"))["kinds"]["total"] == \
        {"seen": 2, "right": 0}


def test_the_learner_scores_by_the_edition_they_choose(monkeypatch, capsys, tmp_path) -> None:
    # A total question the two editions of the rules score differently.
    q = next(q for level in LEVELS for q in load_bank(bank_path(level)).questions
             if q.kind == "total" and "green-book" in q.data.get("editions", {})
             and q.data["editions"]["green-book"]["answer"]["total"] != q.answer["total"])
    banks = one_question_banks(tmp_path / "banks", q)
    later = q.in_edition("green-book")
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--seed", "1",
                                              "--edition", "green-book", "--color", "never"],
                       str(later.answer["total"]) + "\n")
    assert code == 0 and "✓" in out and "Green Book reading (2006)" in out
    # ...and it says how the 1998 rules score the same hand.
    assert f"National rules (1998): {q.answer['total']} points for this hand" in out
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--seed", "1",
                                              "--color", "never"], str(later.answer["total"]) + "\n")
    assert code == 0 and "✗" in out and f"Green Book reading (2006): {later.answer['total']} points" in out
    code, _, err = run(monkeypatch, capsys, ["--banks", str(banks), "--edition", "1997"])
    assert code == 2 and "Unknown edition 1997" in err and "green-book" in err


@pytest.mark.parametrize(("item", "line", "message"), [
    ({"form": "multi", "options": [{"value": "a", "label": "A"}]}, "2",
     "There is only one option here: type 1."),
    ({"form": "choice", "options": [{"value": "a", "label": "A"}]}, "0",
     "There is only one option here: type 1."),
    ({"form": "choice", "options": [{"value": v, "label": v} for v in "abc"]}, "1 2",
     "Please type one number from 1 to 3."),
    ({"form": "choice", "readings": [{"value": v, "label": v} for v in "ab"]}, "3",
     "Please type a reading number from 1 to 2."),
    ({"form": "multi", "options": [{"value": v, "label": v} for v in "ab"]}, "x",
     "Please type option numbers from 1 to 2, separated by spaces."),
])
def test_a_pick_out_of_range_says_what_to_type_for_what_is_picked(item, line, message) -> None:
    """Never "from 1 to 1", and a reading is called a reading only where readings are picked."""
    term = Terminal(io.StringIO(), io.StringIO(), io.StringIO(), "en", False)
    with pytest.raises(ValueError, match=re.escape(message)):
        parser_for(term, item)(line)


@pytest.mark.parametrize(("lang", "numbers", "said"), [
    ("en", [1, 2, 3, 5, 7, 8], "1-3, 5, 7-8"), ("zh", [4, 2, 3, 9], "2-4、9"), ("en", [1], "1")])
def test_a_table_s_fan_numbers_are_written_as_ranges_with_their_gaps(lang, numbers, said) -> None:
    assert number_ranges(lang, numbers) == said


def test_a_session_of_valid_questions_ends_saying_the_due_fan_waits(monkeypatch, capsys, tmp_path, committed,
                                                                   data_dir) -> None:
    # half_flush due today; a valid? question cannot review it, so the end says it waits.
    today = date(2031, 3, 3)   # support.DAY_ONE, the fake clock's day
    record = ItemRecord(2, 0, Spaced(Memory(1.0, 7.0, today, date(2031, 3, 2))))
    write_progress(data_dir, Progress(**{**ready_progress().__dict__, "fans": {"half_flush": record}}))
    banks = one_question_banks(tmp_path / "banks", first(committed, "valid"))
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", "--kind", "valid"],
                       right_answer(first(committed, "valid")) + "\n")
    assert code == 0
    assert ("Due today: 1 fan. These kinds of question review no fan: the fans due wait for a session "
            "with --kind total, fans or payments (or with no --kind).") in out


@pytest.mark.parametrize("options, said", [
    ([], "Unit passed: The one-point fans! The next unit, The two-point fans, opens now."),
    (["--level", "beginner"], "Unit passed: The one-point fans! The next unit, The two-point fans, opens in your "
                              "next session that follows the curriculum (without --level or --fan)."),
])
def test_a_unit_passed_says_when_the_next_one_opens(monkeypatch, capsys, tmp_path, committed, data_dir,
                                                    options, said) -> None:
    # Nine right of nine on the one-point fans: a tenth right answer passes the unit
    # (80% over ten or more). Its lesson comes at once in a session led by the curriculum;
    # it used to say "The next session opens the next one" above the new unit's lesson.
    one_point = set(curriculum().unit("one_point").fans)
    q = next(q for q in committed if q.kind == "total" and q.level == "beginner" and one_point & set(q.answer_ids))
    units = UnitState(("one_point",), (), {"one_point": (True,) * 9})
    write_progress(data_dir, Progress(edition="1998", units=units))
    banks = one_question_banks(tmp_path / "banks", q)
    code, out, _ = run(monkeypatch, capsys, ["--banks", str(banks), "--count", "1", *options], right_answer(q) + "\n")
    assert code == 0 and said in out
    assert ("New unit: The two-point fans" in out) == (not options)
