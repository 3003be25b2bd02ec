"""Each edit of the fan table, tried in a copy, reaches every command that shows it (issue 20):
All Pungs at 8 points in `mcr score` (text and JSON), `mcr fans` and `mcr check`'s rulebook
check; an exclusion the judgements do not cover is neither called implied nor listed; a broken
edition beside a copied table fails `mcr check`, which says which editions it read."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mcr import check_command

from ..conftest import ROOT
from ..table_copies import ADDED_EXCLUSION, all_pungs_at, all_pungs_excluding, write_table_copy
from .in_process import mcr_here

PUNGS_HAND = "[222m][555p]888s33pEEE"          # All Pungs, with the winds' pungs
VOIDED_HAND = "[111m][999p]333p55pEEE"         # All Pungs with One Voided Suit (no bamboo)


def run(*argv: str) -> tuple[int, str, str]:
    """`mcr ARGV` in this process (the process is not what these tests are about)."""
    done = mcr_here(*argv)
    return done.returncode, done.stdout, done.stderr


def _fan_line(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(name + " ("))


def test_all_pungs_at_8_points_shows_in_mcr_score_text_and_json(tmp_path: Path) -> None:
    copy = all_pungs_at(tmp_path, 8)
    _, before, _ = run("score", PUNGS_HAND)
    status, after, err = run("score", PUNGS_HAND, "--fans", str(copy))
    assert status == 0, err
    assert _fan_line(before, "All Pungs").split()[-1] == "6" and _fan_line(after, "All Pungs").split()[-1] == "8"
    _, before_json, _ = run("score", PUNGS_HAND, "--json")
    _, after_json, _ = run("score", PUNGS_HAND, "--json", "--fans", str(copy))
    old, new = json.loads(before_json), json.loads(after_json)
    assert {f["id"]: f["points"] for f in new["fans"]}["all_pungs"] == 8
    # Only All Pungs changed, counted once: the total grows by its 2 points, in the JSON and the text.
    assert new["total"] == old["total"] + 2 == new["total_without_flowers"]
    assert f"Total {new['total']} points" in after


def test_all_pungs_at_8_points_shows_in_mcr_fans(tmp_path: Path) -> None:
    copy = all_pungs_at(tmp_path, 8)
    _, eights, _ = run("fans", "--fans", str(copy), "--points", "8")
    _, sixes, _ = run("fans", "--fans", str(copy), "--points", "6")
    assert "[all_pungs]" in eights and "[all_pungs]" not in sixes
    assert next(line for line in eights.splitlines() if "[all_pungs]" in line).split()[:2] == ["48", "8"]


def test_mcr_check_names_each_line_of_the_rulebook_that_gives_the_old_points(tmp_path: Path) -> None:
    copy = all_pungs_at(tmp_path, 8, editions=True)
    status, out, err = run("check", str(copy))
    assert status == 1
    stale = [line for line in out.splitlines() if "fan all_pungs" in line]
    # The rulings chapter scores two hands with All Pungs 6 (a kong hand and Big Three Winds
    # with a pung of 9s), in each of the six languages.
    assert sorted(line.split("/")[-3] for line in stale if "/rulebook/rulings.md:" in line) == \
        sorted(["en", "es", "fr", "ja", "ko", "zh"] * 2)
    assert all(line.endswith("the text gives 6 points, the table 8") for line in stale)
    assert "read " + str(copy) + " and its editions: green-book (" in err


def test_a_house_table_with_other_points_passes_mcr_check_without_the_rulebook(tmp_path: Path) -> None:
    # A club's table with All Pungs at 8 and no rulebook beside it: held to the project's
    # rulebook by default, which gives 6; passed with --no-rulebook, which says so.
    copy = all_pungs_at(tmp_path, 8)
    assert not (copy.parent / check_command.BOOK).exists()
    status, out, err = run("check", str(copy), "--lang", "en")
    assert status == 1 and "the text gives 6 points, the table 8" in out
    status, out, err = run("check", str(copy), "--no-rulebook", "--lang", "en")
    assert (status, out) == (0, ""), out + err
    assert "mcr check: skipped the rulebook comparison (--no-rulebook)" in err
    assert "held the points the rulebook gives" not in err and f"{copy} is sound" in err
    _, usage, _ = run("check", "--help", "--lang", "en")
    assert "--no-rulebook" in usage


def test_an_exclusion_the_judgements_do_not_cover_is_said_neutrally(tmp_path: Path) -> None:
    copy = all_pungs_excluding(tmp_path)
    status, out, err = run("score", VOIDED_HAND, "--fans", str(copy))
    assert status == 0, err
    assert "One Voided Suit (1): left out by All Pungs (non-repeat)" in out
    assert "implied by All Pungs" not in out and "the rules list it" not in out
    _, data, _ = run("score", VOIDED_HAND, "--fans", str(copy), "--json")
    left = [n for n in json.loads(data)["not_counted"] if n["id"] == ADDED_EXCLUSION]
    assert [(n["by"], n["principle"], n["reason"]) for n in left] == [("all_pungs", "non_repeat", "left_out")]
    # The project's own pairs keep their judgement.
    _, out, _ = run("score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn", "--fans", str(copy))
    assert "All Pungs (6): implied by Big Four Winds (non-repeat)" in out


def test_a_broken_edition_beside_a_copied_table_fails_mcr_check(tmp_path: Path) -> None:
    # The added exclusion breaks two examples of the Green Book reading, which builds on the table.
    copy = all_pungs_excluding(tmp_path / "beside", editions=True)
    status, out, err = run("check", str(copy))
    assert status == 1
    broken = out.splitlines()
    assert len(broken) == 2 and all(line.startswith(f"{copy.parent}/editions/green-book.yaml:") for line in broken)
    assert f"read {copy} and its editions: green-book ({copy.parent}/editions/green-book.yaml)" in err
    # The same editions named with --editions, from a table copied alone.
    alone = tmp_path / "alone" / "fans.yaml"
    alone.parent.mkdir()
    shutil.copyfile(copy, alone)
    status, named, err = run("check", str(alone), "--editions", str(copy.parent / "editions"))
    assert status == 1 and named.splitlines() == broken
    # Without them it reads no edition, and says so.
    status, _, err = run("check", str(alone))
    assert status == 0 and f"read {alone} and no edition: there is none in {alone.parent}/editions/" in err


@pytest.mark.parametrize(("missing", "said"), [
    ("none.yaml", "no such file: name a fan table file, or give none for the project's fans.yaml"),
    (".", "not a regular file (a folder, a device or a pipe): refused; name a fan table file"),
])
def test_check_refuses_a_table_that_is_no_file_once_and_reads_nothing(tmp_path: Path, missing: str, said: str) -> None:
    path = str(tmp_path / missing)
    status, out, err = run("check", path)
    assert (status, out) == (2, "")
    assert err.splitlines() == [f"mcr check: {path}: {said}"]


def test_check_refuses_an_editions_folder_that_does_not_exist(tmp_path: Path) -> None:
    status, _, err = run("check", "--editions", str(tmp_path / "none"))
    assert status == 2 and "no such folder" in err


def test_mcr_check_of_the_project_reports_a_stale_bank_and_its_command(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    quizzes = tmp_path / "quizzes"
    shutil.copytree(ROOT / "quizzes", quizzes)
    bank = quizzes / "intermediate.json"
    bank.write_text(_with_other_fingerprint(bank), encoding="utf-8")
    monkeypatch.setattr("generator.quizzes.banks.QUIZ_DIR", quizzes)
    status, out, err = run("check")
    assert status == 1, err
    assert out.splitlines() == [f"{check_command._relative(bank)}: stale quiz bank: it was not built from the fan "
                                "table and editions in force; rebuild it with 'mcr quiz-banks'"]
    assert "read fans.yaml and its editions: green-book (editions/green-book.yaml)" in err


def _with_other_fingerprint(bank: Path) -> str:
    text = bank.read_text(encoding="utf-8")
    at = text.index('"fingerprint": "sha256:') + len('"fingerprint": "sha256:')
    return text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1:]


def test_mcr_check_names_a_kind_no_group_has(tmp_path: Path) -> None:
    # A misspelt kind ("pu{ng}", whose braces once stopped mcr check with a traceback) would
    # make All Pungs never apply: the check names the text, the fan and its line.
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    when = '  when: {"==": [{count: {var: pungs}}, 4]}\n'
    assert text.count(when) == 1, "All Pungs' condition in the project's table"
    misspelt = when.replace("{var: pungs}", '[{var: sets}, {"==": [{var: kind}, "pu{ng}"]}]')
    copy = write_table_copy(tmp_path, text.replace(when, misspelt), editions=True)
    status, out, err = run("check", str(copy))
    assert status == 1 and "Traceback" not in err, err
    start = text[:text.index(when)].rindex("\n- ") + 1
    line = text[:start].count("\n") + 1
    assert (f"{copy}:{line}: fan all_pungs: when: ==[0].count[1].==: 'pu{{ng}}' never occurs: 'kind' is one of "
            "'chow', 'pung', 'kong', 'pair', 'knitted', 'single'") in out + err, out + err


def test_an_edition_of_one_change_says_so_in_the_singular(tmp_path: Path) -> None:
    copy = write_table_copy(tmp_path, (ROOT / "fans.yaml").read_text(encoding="utf-8"), editions=True)
    overlay = copy.parent / "editions" / "green-book.yaml"
    text = overlay.read_text(encoding="utf-8")
    second = text.index("\n- fan:", text.index("\n- fan:") + 1)
    overlay.write_text(text[:second + 1], encoding="utf-8")   # the first change alone
    status, out, err = run("editions", "--fans", str(copy))
    assert status == 0, err
    assert "based on 1998 (1 change)" in out
    for lang, said in (("en", "1 difference between 1998 and green-book"),
                       ("fr", "1 différence entre 1998 et green-book"), ("es", "1 diferencia entre 1998 y green-book")):
        status, out, err = run("editions", "diff", "1998", "green-book", "--fans", str(copy), "--lang", lang)
        assert status == 0 and out.splitlines()[-1] == said, out + err
    status, out, _ = run("editions", "diff", "1998", "nope", "--lang", "fr")
    assert status == 2 and out.startswith("mcr editions diff: édition inconnue nope ; les éditions sont 1998"), out


def test_one_problem_is_counted_in_the_singular(tmp_path: Path) -> None:
    copy = all_pungs_at(tmp_path, 13, editions=True)   # 13 is no fan value: one problem
    for lang, said in (("en", f"mcr check: 1 problem in {copy} and its editions"),
                       ("fr", f"mcr check: 1 problème dans {copy} et ses éditions"),
                       ("es", f"mcr check: 1 problema en {copy} y sus ediciones")):
        status, out, err = run("check", str(copy), "--lang", lang)
        assert status == 1 and len(out.splitlines()) == 1 and "fan all_pungs: points 13" in out, out
        assert said in err.splitlines(), err


def test_check_from_another_folder_names_the_project_s_table_in_full(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # A maintainer in a folder holding a copy's fans.yaml ran `mcr check`: it checked the
    # project's table and said "fans.yaml is sound", as if of the copy.
    monkeypatch.chdir(tmp_path)
    found = ["fans.yaml:12: fan x: a problem", "editions/green-book.yaml:3: fan y: another"]
    monkeypatch.setattr(check_command.rules, "check_fan_table", lambda path: list(found))
    status, out, err = run("check")
    table = ROOT / "fans.yaml"
    assert status == 1
    assert out.splitlines() == [f"{table}:12: fan x: a problem", f"{ROOT}/editions/green-book.yaml:3: fan y: another"]
    assert f"read {table} and its editions: green-book ({ROOT}/editions/green-book.yaml)" in err
    assert f"mcr check: 2 problems in {table} and its editions" in err.splitlines()
    # The edition named in the middle of a line (an example it scored) is the project's too.
    found[:] = ["fans.yaml:7: fan x: example 1m, scored by edition green-book (editions/green-book.yaml): y"]
    _, out, _ = run("check")
    assert out.splitlines() == [f"{table}:7: fan x: example 1m, scored by edition green-book "
                                f"({ROOT}/editions/green-book.yaml): y"]


def test_an_example_of_the_table_an_edition_breaks_names_the_edition(tmp_path: Path) -> None:
    # The Green Book keeps All Green's seven-pairs example as its own; without that, the
    # table's example (All Green not counted on seven pairs, by 1998) fails in the Green Book
    # only, and `mcr score` with the table alone (1998) cannot show why.
    copy = write_table_copy(tmp_path, (ROOT / "fans.yaml").read_text(encoding="utf-8"), editions=True)
    overlay = copy.parent / "editions" / "green-book.yaml"
    text = overlay.read_text(encoding="utf-8")
    own = '  all_green:\n  - hand: "223344668822sFF"\n'
    end = text.index("\n  all_honors:", text.index(own))
    overlay.write_text(text[:text.index(own)] + text[end + 1:], encoding="utf-8")
    status, out, err = run("check", str(copy))
    assert status == 1 and out, err
    edition = f", scored by edition green-book ({copy.parent}/editions/green-book.yaml): "
    assert all(line.startswith(f"{copy}:") and "fan all_green: example 223344668822sFF" + edition in line
               for line in out.splitlines()), out


def test_check_refuses_an_edition_file_naming_its_table_and_a_file_for_the_editions_folder(tmp_path: Path) -> None:
    overlay = str(ROOT / "editions" / "green-book.yaml")
    status, out, err = run("check", overlay)
    assert (status, out) == (2, "")
    assert err == (f"mcr check: {overlay} is an edition of a table, not a fan table: check the table it belongs to "
                   f"(mcr check {check_command._relative(ROOT / 'fans.yaml')}), which reads its editions\n")
    status, _, err = run("check", "--editions", overlay)
    assert status == 2 and err == (f"mcr check: --editions {overlay}: a file, not a folder: name the folder that "
                                   "holds the edition files\n")


def test_a_fan_s_card_shows_the_rulings_it_lists_as_well_as_those_that_name_it(tmp_path: Path) -> None:
    # The wait ruling no longer names Single Wait, which still lists it: the card kept
    # only the rulings whose list names the fan, and lost it (the site showed it).
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    named = "- id: unique_wait\n  fans: [edge_wait, closed_wait, single_wait]\n"
    assert text.count(named) == 1
    copy = write_table_copy(tmp_path, text.replace(named, named.replace(", single_wait]", ", all_pungs]")), True)
    for fan in ("single_wait", "all_pungs", "edge_wait"):
        status, out, err = run("fans", fan, "--fans", str(copy))
        assert status == 0 and "Ruling: When do Edge Wait, Closed Wait and Single Wait count?" in out, (fan, err)
    status, out, _ = run("fans", "full_flush", "--fans", str(copy))
    assert status == 0 and "Ruling: When do Edge Wait" not in out


def test_check_wants_the_edition_s_texts_in_every_language_and_no_other(tmp_path: Path) -> None:
    copy = write_table_copy(tmp_path, (ROOT / "fans.yaml").read_text(encoding="utf-8"), editions=True)
    overlay = copy.parent / "editions" / "green-book.yaml"
    text = overlay.read_text(encoding="utf-8")
    name = '    ja: "グリーンブック解釈（2006）"\n'
    assert text.count(name) == 1
    overlay.write_text(text.replace(name, name.replace("ja:", "jp:")), encoding="utf-8")
    status, out, _ = run("check", str(copy))
    assert status == 1
    line = text[:text.index("edition:\n")].count("\n") + 2   # the mapping's first key, its id
    where = f"{copy.parent}/editions/green-book.yaml:{line}: edition green-book: names has "
    assert out.splitlines() == [f"{where}no 'ja' text (languages: en, zh, es, ko, fr, ja)",
                                f"{where}a 'jp' text, not one of the languages (en, zh, es, ko, fr, ja)"]


def test_a_broken_edition_among_several_is_one_problem_and_the_check_ends_as_usual(tmp_path: Path) -> None:
    # With a second edition beside, the broken file's YAML stopped the checks of the others
    # (which read every edition's reasons), and mcr check ended on the error of another command.
    copy = write_table_copy(tmp_path, (ROOT / "fans.yaml").read_text(encoding="utf-8"), editions=True)
    (copy.parent / "editions" / "zz.yaml").write_text("edition:\n  id: [broken\n", encoding="utf-8")
    status, out, err = run("check", str(copy))
    assert status == 1
    assert out.splitlines() == [f"{copy.parent}/editions/zz.yaml:3: YAML syntax: did not find expected ',' or ']' "
                                "(column 1; while parsing a flow sequence at line 2, column 7)"]
    assert err.splitlines()[-1] == f"mcr check: 1 problem in {copy} and its editions"


def test_an_edition_file_outside_an_editions_folder_is_told_to_check_its_table(tmp_path: Path) -> None:
    alone = tmp_path / "sub" / "gb.yaml"
    alone.parent.mkdir()
    shutil.copyfile(ROOT / "editions" / "green-book.yaml", alone)
    status, out, err = run("check", str(alone))
    assert (status, out) == (2, "")
    assert err == (f"mcr check: {alone} is an edition of a table, not a fan table: check the table whose "
                   "editions/ folder holds it (mcr check TABLE)\n")
