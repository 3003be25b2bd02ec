"""The rules quiz on the site, without a browser: its pages and data files in every
language, and a script that uses only strings its data file carries."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import rules

from generator.quizzes.rules_bank import load_rules_bank, rules_bank_path
from generator.site.markdown_text import GENERATED_MARK
from generator.site.quiz_pages import quiz_nav
from generator.site.rules_quiz import asset_path, rules_asset, rules_quiz_assets, rules_quiz_pages
from generator.site.site_data import load_site_data
from generator.site.site_text import LANGS

from ..conftest import ROOT
from ..site_build_support import build_sources

SOURCES = ROOT / "site"

BANK = load_rules_bank(rules_bank_path())
SCRIPT = (ROOT / "site" / "assets" / "mcr" / "rules-quiz.js").read_text(encoding="utf-8")


def test_a_page_in_every_language_naming_every_cited_chapter() -> None:
    pages = rules_quiz_pages(BANK, rules.fan_table().minimum_points)
    assert set(pages) == {f"{lang}/quiz/rules.md" for lang in LANGS}
    for lang, page in ((lang, pages[f"{lang}/quiz/rules.md"]) for lang in LANGS):
        assert page.startswith("---\n" + GENERATED_MARK + "rules_quiz.py")
        assert f"MCRURL({asset_path(lang)})" in page and "MCRURL(assets/mcr/rules-quiz.js)" in page
        # Every chapter a question cites has its URL on the page, so every answer can link to it.
        cited = {q.chapter for q in BANK.questions}
        assert {c for c in cited if f'data-chapter-{c}="MCRURL(rulebook/{c}.md)"' in page} == cited


def test_the_data_files_carry_every_question_in_the_language() -> None:
    files = rules_quiz_assets(BANK)
    assert set(files) == {asset_path(lang) for lang in LANGS}
    for lang in LANGS:
        data = json.loads(files[asset_path(lang)])
        assert data["lang"] == lang and [q["id"] for q in data["questions"]] == [q.id for q in BANK.questions]
        for entry, q in zip(data["questions"], BANK.questions):
            words = q.text(lang)
            assert (entry["question"], entry["reason"], entry["section"]) == (words.question, words.reason,
                                                                              words.section)
            assert [o["key"] for o in entry["options"]] == list(q.options) and entry["answer"] == list(q.answer)
            assert ("tiles" in entry) == (q.hand is not None)
        assert len(data["tiles"]) == 34


def test_the_script_uses_only_strings_of_its_data_file() -> None:
    # A counted phrase (McrDom.counted) is two strings, key_one and key_other.
    counted = set(re.findall(r'counted\([^,]+,\s*"([a-z_]+)"', SCRIPT))
    used = set(re.findall(r'\b(?:t|nodes)\("([a-z_]+)"', SCRIPT))
    used |= set(re.findall(r'"(rules_[a-z_]+)"', SCRIPT))
    used -= counted
    assert {"check", "next", "right", "wrong_answer", "rules_source", "list_separator"} <= used
    assert counted == {"rules_expected"}
    for lang in LANGS:
        text = rules_asset(BANK, lang)["text"]
        used_here = used | {f"{key}_{form}" for key in counted for form in ("one", "other")}
        assert used_here <= set(text), sorted(used_here - set(text))


# The right options, said after an answer: "The right answer: B", "The right answers: A, C"
# (several in the plural, listed with the language's separator). Hand-written.
RIGHT_OPTIONS = {
    "en": ("The right answer: B", "The right answers: A, C"),
    "fr": ("La bonne réponse : B", "Les bonnes réponses : A, C"),
    "es": ("La respuesta correcta: B", "Las respuestas correctas: A, C"),
}


@pytest.mark.parametrize("lang", sorted(RIGHT_OPTIONS))
def test_several_right_options_are_said_in_the_plural(lang: str) -> None:
    text = rules_asset(BANK, lang)["text"]
    letters = text["list_separator"].join(["A", "C"])
    assert (text["rules_expected_one"].format(letters="B"), text["rules_expected_other"].format(letters=letters)) \
        == RIGHT_OPTIONS[lang]


def test_a_question_to_tick_every_right_option_carries_no_second_instruction() -> None:
    # Each such question says it itself ("Tick every one."): the page adds none of its own.
    assert sum(q.pick == "all" and len(q.answer) > 1 for q in BANK.questions) >= 20
    for lang in LANGS:
        assert not [k for k in rules_asset(BANK, lang)["text"] if k.startswith("rules_pick_") and k != "rules_pick_one"]
    assert '"rules_pick_all"' not in SCRIPT


# How each language tells the reader to pick every right option, in the question itself.
PICK_ALL = {"en": "Tick every", "fr": "Cochez (tou(s|tes)|chaque)", "es": "M[aá]rque(l[oa]s)? tod[oa]s",
            "ja": "すべて選んで", "ko": "모두 고르세요", "zh": "请(全部选出|选出所有)"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_with_several_right_options_says_so_itself(lang: str) -> None:
    from generator.quizzes.check_blocks import read_checks
    found = 0
    for page in sorted((SOURCES / lang / "rulebook").glob("*.md")):
        for block in read_checks(page.read_text(encoding="utf-8"))[1]:
            if block.pick == "all":
                found += 1
                assert re.search(PICK_ALL[lang], block.question), (page.name, block.id, block.question)
    assert found >= 20


def test_the_script_names_no_fan() -> None:
    ids = [f.id for f in rules.fan_table().fans if f.id not in rules.SITUATION_FIELDS]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    assert not pattern.search(SCRIPT)


def test_the_quiz_nav_lists_the_rules_quiz() -> None:
    data = load_site_data()
    for lang in LANGS:
        pages = [next(iter(e.values())) if isinstance(e, dict) else e for e in quiz_nav(data, lang)]
        assert "quiz/rules.md" in pages


# -- the rulebook's "Check yourself" boxes ------------------------------------------------------

def test_a_check_becomes_a_folded_box_with_its_answer_hidden() -> None:
    from generator.quizzes.check_blocks import read_checks
    from generator.site.check_render import check_markdown
    source = (ROOT / "site" / "en" / "rulebook" / "play.md").read_text(encoding="utf-8")
    _, blocks, errors = read_checks(source)
    assert not errors
    robbed = next(b for b in blocks if b.id == "robbing-the-kong-who-pays")
    lines = check_markdown(robbed, "en", "TOKEN")
    assert lines[0] == '??? question "Check yourself"'
    assert "    TOKEN" in lines
    # The question says to tick every right option; the box says it no second time.
    assert robbed.question.endswith("Tick every one.") and not any("Tick every" in line for line in lines[2:])
    assert "    - **C.** South pays as the discarder: 8 + 27 = 35" in lines
    # The answer sits in a nested folded box: may_rob (A) and south_pays (C).
    at = lines.index('    ??? success "Answer"')
    assert lines[at + 1].startswith("        **A, C**. Robbing the kong is a win on South's tile")


@pytest.mark.slow
def test_a_malformed_check_fails_the_build_with_file_and_line(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(SOURCES, docs)   # site/ is hand-written only: the build adds the generated files
    play = docs / "ko" / "rulebook" / "play.md"
    source = play.read_text(encoding="utf-8")
    at = source.index("id: pung-before-chow")
    play.write_text(source[:at] + source[at:].replace("answer: west", "answer: north", 1), encoding="utf-8")
    fence_line = source[:at].count("\n")   # the line of ```check, just above the id
    done = build_sources(docs, tmp_path, languages=("ko",))
    assert done.returncode != 0
    assert f"ko/rulebook/play.md:{fence_line}: check pung-before-chow: the answer 'north' is not an option" \
        in done.stderr, done.stderr[-3000:]
