"""Editions of the rules as data: each scores its own examples, the differences between two
are exactly the documented ones, the green-book edition agrees with an independent
calculator of that reading, and a third edition needs no Python."""
from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.self_check import example_problems
from rules.sampling import sample_hands

from ..conftest import ROOT
from ..independent_calculator import MahjongFanCalculator, gb_fans

EDITIONS = [info.id for info, _ in rules.editions()]
DEFAULT, LATER = "1998", "green-book"


def test_the_project_has_both_editions_and_the_default_is_1998() -> None:
    assert EDITIONS == [DEFAULT, LATER]
    assert rules.fan_table().edition.id == DEFAULT
    assert rules.score("[EEE][SSS]WWW111m55p").edition == DEFAULT


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_scores_its_examples_as_they_claim(edition: str) -> None:
    table = rules.fan_table(None, edition)
    assert example_problems(table) == []


def test_the_differences_are_exactly_the_documented_changes() -> None:
    (_, none), (_, changes) = rules.editions()
    assert none == ()
    documented = {(c.kind, c.target, f) for c in changes for f in (c.fields or ("",))}
    found = rules.edition_differences(DEFAULT, LATER)
    assert {(d.kind, d.target, d.field) for d in found} == documented
    for d in found:
        assert all(d.why.get(lang) for lang in rules.fan_table().languages), (d.kind, d.target, d.field)


def test_the_documented_differences_change_scores_where_they_can() -> None:
    # Each changed fan has an example that one edition scores and the other does not
    # score the same way, except the changes that cannot change a score (listed here
    # with the reason, which the editions page repeats).
    cannot = {
        "four_pure_shifted_chows", "pure_straight",   # account-once leaves those pairs out already
        "pure_shifted_pungs", "mixed_shifted_pungs",  # the excluded fans cannot apply to three pungs
        "thirteen_orphans", "three_kongs", "four_kongs", "all_terminals",  # follow other changes
        "big_four_winds", "little_four_winds",       # One Voided Suit, Pung of Terminals: shown on other fans
    }
    one, two = rules.fan_table(None, DEFAULT), rules.fan_table(None, LATER)
    examples = [(e.hand, e.situation) for t in (one, two) for f in t.fans for e in f.examples]
    changed = {d.target for d in rules.edition_differences(DEFAULT, LATER) if d.kind in ("fan", "new_fan")}
    shown: set[str] = set()
    for hand, situation in examples:
        a = rules.score_with_table(one, hand, **situation).fan_counts()
        b = rules.score_with_table(two, hand, **situation).fan_counts()
        shown |= {f for f in changed if f in a or f in b} if a != b else set()
    assert changed - shown <= cannot, changed - shown - cannot


def test_an_edition_as_the_cli_lists_and_compares_it() -> None:
    run = subprocess.run([sys.executable, "-m", "mcr", "editions"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and "green-book: Green Book reading (2006), based on 1998" in run.stdout
    assert "World Mahjong Organization, 2006" in run.stdout and "State General Administration of Sport" in run.stdout
    run = subprocess.run([sys.executable, "-m", "mcr", "editions", "diff", DEFAULT, LATER],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0
    assert "Big Three Dragons [big_three_dragons]: fans not counted with it" in run.stdout
    assert "settings of the scoring principles [held_four_is_a_wait]" in run.stdout
    assert f"{len(rules.edition_differences(DEFAULT, LATER))} differences between 1998 and green-book" in run.stdout
    bad = subprocess.run([sys.executable, "-m", "mcr", "score", "123m", "--edition", "1999"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "unknown edition '1999'" in bad.stderr and "green-book" in bad.stderr


def test_one_voided_suit_with_big_three_dragons_differs_by_edition() -> None:
    hand = "[CCC][FFF]PPP999m5p5p"
    assert "one_voided_suit" not in rules.score(hand).fan_counts()
    assert rules.score(hand, edition=LATER).fan_counts()["one_voided_suit"] == 1


@pytest.mark.skipif(MahjongFanCalculator is None, reason="the independent calculator is not installed")
def test_the_green_book_edition_agrees_with_an_independent_calculator() -> None:
    # Fan for fan on random winning hands. The written exception: when two readings of
    # a hand tie, this project shows the one whose fans have the lower numbers (ruling
    # take_the_highest_ties); the other calculator may show the other reading, with the
    # same total.
    table = rules.fan_table(None, LATER)
    same = ties = 0
    requests = sample_hands(6000, 77, table)
    for sampled in requests:
        ours = rules.score_with_table(table, sampled.hand, **sampled.situation)
        theirs = gb_fans(sampled.hand, sampled.situation, table)
        if ours.fan_counts() == theirs:
            same += 1
            continue
        points = {f.id: f.points for f in table.fans}
        their_total = sum(points[f] * n for f, n in theirs.items())
        assert their_total == ours.total, (sampled, ours.fan_counts(), theirs)
        ties += 1
    assert same / len(requests) >= 0.999, (same, ties)


# Slow: builds and checks a third edition from nothing (about 5 s).
@pytest.mark.slow
def test_a_third_edition_needs_no_python(tmp_path: Path) -> None:
    # A club's house rules: Chicken Hand is worth 6, the minimum is 6, and the base
    # payment 5; written as a small overlay beside a copy of the table.
    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    (tmp_path / "editions").mkdir()
    shutil.copy(ROOT / "editions" / "green-book.yaml", tmp_path / "editions" / "green-book.yaml")
    (tmp_path / "editions" / "club.yaml").write_text('''edition:
  id: club
  based_on: "1998"
  names: {en: Our club, zh: 本俱乐部, es: "Nuestro club", ko: "우리 클럽", fr: "Notre club", ja: "当クラブ"}
  source:
    publisher: {en: The club, zh: 俱乐部, es: "El club", ko: "클럽", fr: "Le club", ja: "クラブ"}
    year: 2026
    title: {en: House rules, zh: 内部规则, es: "Reglas de la casa", ko: "자체 규칙", fr: "Règles maison", ja: "独自ルール"}
  summary: {en: Gentler scores., zh: 分数更低。, es: "Puntos más suaves.", ko: "점수가 낮다.", fr: "Des points plus doux.",
            ja: "点数を控えめに。"}
changes:
- fan: chicken_hand
  set: {points: 6}
  why: {en: Cheaper., zh: 更便宜。, es: "Más barato.", ko: "더 싸다.", fr: "Moins cher.", ja: "安くする。"}
- settlement: {base: 4, minimum: 6}
  why: {en: Smaller stakes., zh: 小注。, es: "Apuestas menores.", ko: "작은 판돈.", fr: "Mises plus petites.",
        ja: "掛け金を小さく。"}
examples:
  chicken_hand:
  - hand: "[234m][888p]567s34pEE5p"
    counts: 1
    total: 6
''', encoding="utf-8")
    path = tmp_path / "fans.yaml"
    assert rules.check_fan_table(str(path)) == []
    result = rules.score("[234m][888p]567s34pEE5p", fans_path=path, edition="club")
    assert result.total == 6 and result.valid and result.payments.discarder == 10 and result.edition == "club"
    assert [info.id for info, _ in rules.editions(path)] == ["1998", "club", "green-book"]
    run = subprocess.run([sys.executable, "-m", "mcr", "editions", "diff", "1998", "club", "--fans", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert "Chicken Hand [chicken_hand]: points" in run.stdout and "settlement [base]" in run.stdout
    assert "3 differences between 1998 and club" in run.stdout


def test_a_broken_overlay_is_refused_with_its_line(tmp_path: Path) -> None:
    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    (tmp_path / "editions").mkdir()
    text = (ROOT / "editions" / "green-book.yaml").read_text(encoding="utf-8")
    line = text[: text.index("- fan: seven_pairs")].count("\n") + 3   # the entry's own line, two below
    broken = text.replace("- fan: seven_pairs\n  set:\n    excludes: [fully_concealed_hand,",
                          "- fan: seven_pairs\n  set:\n    excludes: [no_such_fan, fully_concealed_hand,", 1)
    assert broken != text
    (tmp_path / "editions" / "green-book.yaml").write_text(broken, encoding="utf-8")
    problems = rules.check_fan_table(str(tmp_path / "fans.yaml"))
    assert any(p.startswith(f"{tmp_path / 'editions' / 'green-book.yaml'}:{line}:")
               and p.endswith("excludes unknown fan 'no_such_fan' (column 16)") for p in problems), problems
    idle = text.replace("- fan: pure_straight\n  set: {excludes: [short_straight, two_terminal_chows]}",
                        "- fan: pure_straight\n  set: {excludes: [short_straight]}", 1)
    (tmp_path / "editions" / "green-book.yaml").write_text(idle, encoding="utf-8")
    problems = rules.check_fan_table(str(tmp_path / "fans.yaml"))
    assert any("the change of fan pure_straight excludes changes nothing" in p for p in problems), problems
    random.seed(0)


@pytest.mark.skipif(MahjongFanCalculator is None, reason="the independent calculator is not installed")
def test_the_green_book_edition_agrees_on_hands_of_every_fan() -> None:
    # The quiz banks' hands: built to show every fan of the table, the big ones included.
    from generator.quizzes.banks import bank_path, load_bank

    table = rules.fan_table(None, LATER)
    points = {f.id: f.points for f in table.fans}
    for level in ("beginner", "intermediate", "expert"):
        for q in load_bank(bank_path(level)).questions:
            ours = rules.score_with_table(table, q.hand, **q.situation)
            theirs = gb_fans(q.hand, q.situation, table)
            if ours.fan_counts() != theirs:   # only a tie between readings may differ
                assert sum(points[f] * n for f, n in theirs.items()) == ours.total, (q.id, ours.fan_counts(), theirs)


# A club's edition based on green-book (itself an overlay), adding no fan.
CLUB_ON_GREEN_BOOK = """edition:
  id: club
  based_on: green-book
  names: {en: Our club, zh: 本俱乐部, es: "Nuestro club", ko: "우리 클럽", fr: "Notre club", ja: "当クラブ"}
  source:
    publisher: {en: The club, zh: 俱乐部, es: "El club", ko: "클럽", fr: "Le club", ja: "クラブ"}
    year: 2026
    title: {en: House rules, zh: 内部规则, es: "Reglas de la casa", ko: "자체 규칙", fr: "Règles maison", ja: "独自ルール"}
  summary: {en: "All {fans} fans.", zh: "{fans}个番种。", es: "Los {fans} fans.", ko: "번종 {fans}가지.",
            fr: "Les {fans} fans.", ja: "{fans}の番。"}
changes:
- settlement: {base: 4}
  why: {en: Smaller stakes., zh: 小注。, es: "Apuestas menores.", ko: "작은 판돈.", fr: "Mises plus petites.",
        ja: "掛け金を小さく。"}
"""


def _fans_written(text: str) -> int:
    """The fans a table's text holds, counted by hand: one `- number:` line each."""
    return sum(1 for line in text.splitlines() if line.startswith("- number: "))


def test_a_summary_counts_the_fans_of_its_own_edition(tmp_path: Path) -> None:
    # The 1998 summary says how many fans the table has, from the table: never typed by hand.
    table = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    written = table.split("\n  summary:", 1)[1].split("\n")[1:7]   # the edition's, in six languages
    assert all("{fans}" in line and not re.search(r"[0-9]", line) for line in written), written
    own = _fans_written(table)
    (info, _), (later, _) = rules.editions()
    assert f"the {own} fans" in info.summary["en"] and f"{own}个番种" in info.summary["zh"]
    assert not any("{fans}" in text for text in info.summary.values())
    # An edition that adds a fan (green-book: its new_fan changes) counts it in its summary.
    overlay = (ROOT / "editions" / "green-book.yaml").read_text(encoding="utf-8")
    added = overlay.count("\n- new_fan:")
    assert added >= 1
    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    (tmp_path / "editions").mkdir()
    (tmp_path / "editions" / "green-book.yaml").write_text(
        overlay.replace("  summary:\n    en: \"", "  summary:\n    en: \"Its {fans} fans. ", 1), encoding="utf-8")
    infos = {i.id: i for i, _ in rules.editions(tmp_path / "fans.yaml")}
    assert infos["green-book"].summary["en"].startswith(f"Its {own + added} fans. ")
    assert rules.fan_table(tmp_path / "fans.yaml", "green-book").edition.summary["en"].startswith(
        f"Its {own + added} fans. ")
    assert rules.check_fan_table(str(tmp_path / "fans.yaml")) == []
    # An edition based on that one, adding no fan, has as many.
    (tmp_path / "editions" / "club.yaml").write_text(CLUB_ON_GREEN_BOOK, encoding="utf-8")
    club = next(i for i, _ in rules.editions(tmp_path / "fans.yaml") if i.id == "club")
    assert club.summary["en"] == f"All {own + added} fans." and club.summary["zh"] == f"{own + added}个番种。"
    assert rules.fan_table(tmp_path / "fans.yaml", "club").edition.summary["fr"] == f"Les {own + added} fans."


def test_an_edition_based_on_another_overlay_is_read(tmp_path: Path) -> None:
    # Its base is green-book's whole table, lines of green-book.yaml and all: copied, not refused.
    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    (tmp_path / "editions").mkdir()
    shutil.copy(ROOT / "editions" / "green-book.yaml", tmp_path / "editions" / "green-book.yaml")
    (tmp_path / "editions" / "club.yaml").write_text(CLUB_ON_GREEN_BOOK, encoding="utf-8")
    assert rules.check_fan_table(str(tmp_path / "fans.yaml")) == []
    club, green = (rules.fan_table(tmp_path / "fans.yaml", e) for e in ("club", "green-book"))
    assert club.settlement.base == 4 and [f.id for f in club.fans] == [f.id for f in green.fans]
