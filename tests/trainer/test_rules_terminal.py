"""`mcr quiz --rules`: rulebook questions in the terminal, with the section cited."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import rules

from trainer.progress import Progress
from trainer.progress_store import ProgressStore
from generator.quizzes.rules_bank import load_rules_bank, rules_bank_path
from trainer.rules_terminal import RulesQuiz, page_path, plan_rules
from trainer.terminal import Terminal
from tests.trainer.support import DAY_ONE

from ..conftest import ROOT

BANK = load_rules_bank(rules_bank_path())
STORE_KINDS = ("total", "fans", "valid", "payments", "rules")


def _question(qid: str):
    return next(q for q in BANK.questions if q.id == qid)


def _run(answers: str, ids: list[str], lang: str, folder: Path) -> tuple[str, Progress]:
    out = io.StringIO()
    term = Terminal(io.StringIO(answers), out, io.StringIO(), lang, False)
    store = ProgressStore(folder, fans=rules.fan_table().by_id, kinds=STORE_KINDS)
    summary = RulesQuiz(term, BANK, store, Progress(), DAY_ONE).run([_question(i) for i in ids], "test")
    assert summary.asked == len(ids) or "q" in answers
    return out.getvalue(), store.load().progress


def test_right_and_wrong_answers_cite_the_section(tmp_path: Path) -> None:
    # West takes North's 6 of dots for the pung (B): a pung outranks East's chow. South's
    # 2 of bamboo goes to North (B), the first caller counterclockwise from South; "a" is wrong.
    out, progress = _run("b\na\n", ["pung-before-chow", "intercept-turn-order"], "en", tmp_path)
    assert "Right!" in out and "Not quite." in out
    assert "Rulebook: Playing a hand › Priority between claims (rulebook/play/#claim-priority)" in out
    assert "Right option B: North" in out
    assert "Done: 1 of 2 right (50%)." in out
    assert (progress.kinds["rules"].seen, progress.kinds["rules"].right) == (2, 1)
    assert progress.fans == {}
    # Each rules question is spaced by days: the one missed is due the next day, the
    # one answered right later (FSRS's first interval after a right answer: 2 days).
    assert progress.rules["intercept-turn-order"].spaced.memory.due == date(2031, 3, 4)
    assert progress.rules["pung-before-chow"].spaced.memory.due == date(2031, 3, 5)


def test_rules_questions_due_come_first_then_those_never_asked(tmp_path: Path) -> None:
    _, progress = _run("b\na\n", ["pung-before-chow", "intercept-turn-order"], "en", tmp_path)
    next_day = plan_rules(BANK.questions, progress, 3, 7, date(2031, 3, 4))
    assert next_day[0].id == "intercept-turn-order"                     # missed yesterday: due
    assert not {"pung-before-chow"} & {q.id for q in next_day}           # not due, and others never asked
    assert all(q.id not in progress.rules for q in next_day[1:])


def test_the_feedback_is_in_the_learners_language(tmp_path: Path) -> None:
    out, _ = _run("b\n", ["pung-before-chow"], "zh", tmp_path)
    assert "答对了！" in out
    assert "规则书：行牌 › 吃碰的优先顺序（zh/rulebook/play/#claim-priority）" in out
    assert "北家打出六饼" in out


def test_every_right_option_must_be_ticked(tmp_path: Path) -> None:
    # Robbing South's kong: you may win (A), South pays as the discarder (C); not self-drawn
    # (B), and the kong does not stand (D). "a" alone is not enough; "c, a" is right.
    out, progress = _run("a\nc, a\n", ["robbing-the-kong-who-pays", "robbing-the-kong-who-pays"], "en", tmp_path)
    assert out.count("Not quite.") == 1 and out.count("Right!") == 1
    assert progress.kinds["rules"].right == 1


def test_bad_letters_are_asked_again(tmp_path: Path) -> None:
    out, _ = _run("e\nab\nb\n", ["pung-before-chow"], "es", tmp_path)
    # pung-before-chow has one right option: a bad line asks for one letter, not letters.
    assert "Escriba una letra de la A a la C." in out and "Escriba letras" not in out
    assert "Escriba una sola letra" in out
    assert "¡Correcto!" in out


def test_a_bad_line_on_a_question_of_several_right_options_asks_for_letters(tmp_path: Path) -> None:
    # robbing-the-kong-who-pays has four options (A to D), two of them right (A and C).
    out, _ = _run("e\na c\n", ["robbing-the-kong-who-pays"], "en", tmp_path)
    assert "Please type letters from A to D." in out and "Please type one letter" not in out


def test_page_paths() -> None:
    assert page_path("play", "kong-timing", "en") == "rulebook/play/#kong-timing"
    assert page_path("rulings", "false_win", "ko") == "ko/rulebook/rulings/#false_win"


def _mcr(*args: str, data: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MCR_DATA_DIR=str(data), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "mcr", "quiz", *args], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


def test_the_command_runs_one_chapter(tmp_path: Path) -> None:
    # A new learner: the seed picks the same three competition questions as plan_rules
    # does (none is due, all are unseen); each is answered with its right letters.
    chosen = plan_rules(BANK.questions, Progress(), 3, 1, DAY_ONE, "competition")
    assert len(chosen) == 3 and {q.chapter for q in chosen} == {"competition"}
    answers = "".join(", ".join(q.label(key) for key in q.answer) + "\n" for q in chosen)
    done = _mcr("--chapter", "competition", "--count", "3", "--seed", "1", "--lang", "ko",
                data=tmp_path, stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "문제 수: 3" in done.stdout and done.stdout.count("정답입니다!") == 3
    first = chosen[0]
    assert (f"규칙서: 대회 › {first.text('ko').section} (ko/rulebook/competition/#{first.anchor})"
            in done.stdout)
    saved = json.loads(next(tmp_path.rglob("*.json")).read_text(encoding="utf-8"))
    assert saved["kinds"]["rules"] == {"seen": 3, "right": 3}
    done = _mcr("--rules", "--stats", "--lang", "es", data=tmp_path)
    assert done.returncode == 0 and "Preguntas de reglas acertadas: 3 de 3 (100%)." in done.stdout


def test_a_false_win_with_flowers_is_answered_b(tmp_path: Path) -> None:
    # Worked by hand: 6 points and two flowers is under the 8-point minimum, which flowers
    # never help reach: a false win, option B.
    out, progress = _run("b\n", ["false-win-with-flowers"], "ko", tmp_path)
    assert "정답입니다!" in out and "규칙서: 대회 › 착화 (ko/rulebook/competition/#false-win)" in out
    assert (progress.kinds["rules"].seen, progress.kinds["rules"].right) == (1, 1)


def test_bad_choices_get_a_message_not_a_traceback(tmp_path: Path) -> None:
    done = _mcr("--rules", "--chapter", "dice", data=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "No rules questions on the chapter “dice”" in done.stderr and "play" in done.stderr
    done = _mcr("--rules", "--level", "expert", "--kind", "total", data=tmp_path)
    assert done.returncode == 2 and "--level --kind: for the scoring quiz, not with --rules." in done.stderr
    timed = _mcr("--rules", "--timed", data=tmp_path)
    assert timed.returncode == 2 and "--timed: for the scoring quiz, not with --rules." in timed.stderr
    banks = tmp_path / "banks"
    banks.mkdir()
    (banks / "rules.json").write_text("{", encoding="utf-8")
    done = _mcr("--rules", "--banks", str(banks), data=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Cannot use the rules bank" in done.stderr and "rules.json" in done.stderr
