"""The timed drill (`mcr quiz --timed`): hands against the clock, each hand's time, the
learner's best kept per level and length, explanations only at the end."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import rules
from mcr.cli import main
from generator.quizzes.banks import bank_path, load_bank
from trainer.drill_records import DrillRecord, DrillRecords
from trainer.explain_text import Explainer
from trainer.terminal import Terminal
from trainer.timed_drill import TimedDrill

TABLE = rules.fan_table()


@pytest.fixture(scope="module")
def totals() -> list:
    return [q for q in load_bank(bank_path("beginner")).questions if q.kind == "total"][:3]


def _drill(answers: str, ticks: list[float], folder: Path,
           lang: str = "en") -> tuple[io.StringIO, io.StringIO, TimedDrill]:
    out, err = io.StringIO(), io.StringIO()
    term = Terminal(io.StringIO(answers), out, err, lang, False)
    explainer = Explainer(lang, {"1998": TABLE}, "1998")
    clock = iter(ticks)
    return out, err, TimedDrill(term, explainer, DrillRecords(folder), clock=lambda: next(clock))


def test_each_hand_is_timed_and_only_the_wrong_ones_are_explained(tmp_path: Path, totals: list) -> None:
    a, b = totals[:2]
    out, err, drill = _drill(f"{a.answer['total']}\n{b.answer['total'] + 3}\n", [0.0, 10.0, 10.0, 25.0], tmp_path)
    result = drill.run([a, b], "beginner", "test")
    text = out.getvalue()
    assert result.right == 1 and [x.seconds for x in result.answers] == [10.0, 15.0]
    assert "Timed drill: score 2 hands, as fast as you can." in text
    # 25 seconds in all, 12.5 a hand: the summary's own arithmetic, checked by hand.
    assert "1 of 2 right in 0:25 (12.5 s a hand)." in text
    assert "✓" in text.splitlines()[text.splitlines().index("Hand  ok  yours / right   time") + 1]
    assert "Hand 2, explained:" in text and "Hand 1, explained:" not in text
    assert text.count("Breakdown") == 1 and f"Total: {b.answer['total']} points" in text
    assert err.getvalue() == ""


def test_the_best_is_kept_per_drill_and_beaten_only_by_more_right_or_less_time(tmp_path: Path, totals: list) -> None:
    a = totals[0]
    right, wrong = f"{a.answer['total']}\n", f"{a.answer['total'] + 1}\n"
    out, _, drill = _drill(right, [0.0, 20.0], tmp_path)
    drill.run([a], "beginner", "test")
    assert "best" not in out.getvalue().lower()                     # the first drill has nothing to beat
    assert "Timed drill: score 1 hand, as fast as you can." in out.getvalue()
    out, _, drill = _drill(right, [0.0, 12.0], tmp_path)            # as many right, faster: a new best
    drill.run([a], "beginner", "test")
    assert "A new best! The one before: 1 right in 0:20." in out.getvalue()
    out, _, drill = _drill(wrong, [0.0, 5.0], tmp_path)             # faster, but fewer right: no record
    drill.run([a], "beginner", "test")
    assert "Your best for this drill: 1 right in 0:12." in out.getvalue()
    stored = json.loads((tmp_path / "timed.json").read_text())
    assert stored == {"format": 1, "best": {"beginner:1": {"right": 1, "seconds": 12.0}}}
    assert DrillRecord(2, 90.0).beats(DrillRecord(1, 10.0)) and not DrillRecord(1, 10.0).beats(DrillRecord(1, 9.0))


def test_a_damaged_record_file_is_reported_and_replaced(tmp_path: Path, totals: list) -> None:
    (tmp_path / "timed.json").write_text('{"format": 1, "best": {"beginner:1": {"right": "x"}}}')
    out, err, drill = _drill(f"{totals[0].answer['total']}\n", [0.0, 3.0], tmp_path)
    drill.run([totals[0]], "beginner", "test")
    assert "Your best times could not be kept (timed.json: best.beginner:1" in err.getvalue()
    assert json.loads((tmp_path / "timed.json").read_text())["best"]["beginner:1"]["right"] == 1


def test_stopping_early_keeps_no_record(tmp_path: Path, totals: list) -> None:
    out, _, drill = _drill(f"{totals[0].answer['total']}\nq\n", [0.0, 4.0, 4.0], tmp_path)
    result = drill.run(totals[:2], "beginner", "test")
    assert len(result.answers) == 1 and not (tmp_path / "timed.json").exists()
    assert "1 of 1 right in 0:04" in out.getvalue()


def test_the_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    monkeypatch.setenv("MCR_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 4))
    assert main(["quiz", "--timed", "--count", "4", "--seed", "3", "--level", "intermediate"]) == 0
    out = capsys.readouterr().out
    assert "Timed drill: score 4 hands" in out and "0 of 4 right" in out
    assert out.count("explained:") == 4 and (tmp_path / "timed.json").exists()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["quiz", "--timed", "--kind", "fans"]) == 2
    assert "A timed drill asks for totals only" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "one", "two"), [("fr", "comptez 1 main,", "comptez 2 mains,"),
                                                  ("es", "puntúe 1 mano lo", "puntúe 2 manos lo")])
def test_the_hint_counts_the_hands_in_the_language(tmp_path: Path, totals: list, lang: str, one: str, two: str) -> None:
    for questions, said in ((totals[:1], one), (totals[:2], two)):
        out, _, drill = _drill("q\n", [0.0, 1.0], tmp_path, lang)
        drill.run(questions, "beginner", "test")
        assert said in out.getvalue()


def _said(answers: str, ticks: list[float], folder: Path, lang: str, questions: list) -> str:
    """What a drill of `questions` prints in `lang`, answered and timed as given."""
    out, _, drill = _drill(answers, ticks, folder, lang)
    drill.run(questions, "beginner", "test")
    return out.getvalue()


def test_the_summary_and_the_bests_say_the_hands_right_in_their_number(tmp_path: Path, totals: list) -> None:
    # French wrote "1/1 justes" and "1 juste(s)", Spanish "1 correctas": counted phrases now,
    # and French and Spanish write a decimal comma.
    a, b = totals[:2]
    right, wrong = f"{a.answer['total']}\n", f"{a.answer['total'] + 1}\n"
    french, spanish = tmp_path / "fr", tmp_path / "es"
    assert "1/1 juste en 0:20 (20,0 s par main)." in _said(right, [0.0, 20.0], french, "fr", [a])
    assert "Nouveau record ! Le précédent : 1 juste en 0:20." in _said(right, [0.0, 12.0], french, "fr", [a])
    out = _said(wrong, [0.0, 5.0], french, "fr", [a])
    assert "0/1 juste en 0:05" in out                      # French says 0 in the singular
    assert "Votre record pour cet entraînement : 1 juste en 0:12." in out
    both = f"{right}{b.answer['total']}\n"
    assert "2/2 justes en 0:30 (15,0 s par main)" in _said(both, [0.0, 10.0, 10.0, 30.0], french, "fr", [a, b])
    assert "Aciertos: 1 de 1 en 0:20" in _said(right, [0.0, 20.0], spanish, "es", [a])
    assert "Su mejor marca en esta práctica: 1 acierto en 0:20." in _said(wrong, [0.0, 5.0], spanish, "es", [a])


def test_a_wrong_total_is_told_its_answer_and_likely_mistake_at_the_end(tmp_path: Path) -> None:
    # A hand with flowers answered without them: what a session says at once, the drill says
    # at the end, before the breakdown: the answer given and "N points short: did you ...?".
    q = next(q for q in load_bank(bank_path("beginner")).questions
             if q.kind == "total" and q.situation["flowers"] >= 2)
    flowers = q.situation["flowers"]
    given = q.answer["total"] - flowers
    out, _, drill = _drill(f"{given}\n", [0.0, 4.0], tmp_path)
    drill.run([q], "beginner", "test")
    lines = out.getvalue().splitlines()
    told = lines.index(f"Your answer: {given}")
    assert lines.index("Hand 1, explained:") < told < lines.index(next(x for x in lines if x.startswith("Breakdown")))
    assert f"{flowers} points short: did you" in lines[told + 1] and f"leave out the flowers ({flowers})" in lines[told + 1]
