"""Each edit of the fan table, tried in a copy, reaches every page of the site that shows it
(issue 20), the page generators called in-process on the copy: All Pungs at 8 points on its fan
page, in the fans chapter's index in the six languages, on the fan sheet and in the calculator's
data; the quiz banks, built from the project's table, are refused as stale with the bank and the
command named; an exclusion no judgement covers is said neutrally by the site's hand blocks and
by the calculator's engine."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import rules
from generator.site import calculator_engine as engine
from generator.site.bank_guard import stale_bank_problems
from generator.site import calculator_assets as assets_module
from generator.site.calculator_assets import CALCULATOR_ASSETS, calculator_assets, table_json, text_asset
from generator.site.fan_index import expand_fan_indexes, read_fan_indexes
from generator.site.fan_pages import fan_pages
from generator.site.fan_sheet_page import fan_sheet_pages
from generator.site.page_python import PreparedPython
from generator.site.hand_render import RenderContext, scoring_view
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS, points_label, text

from ..conftest import ROOT
from ..table_copies import ADDED_EXCLUSION, all_pungs_at, all_pungs_excluding

VOIDED_HAND = "[111m][999p]333p55pEEE"


@pytest.fixture(scope="module")
def eight(tmp_path_factory: pytest.TempPathFactory) -> SiteData:
    """The site's data from a copy of the table (with its editions) where All Pungs is worth 8."""
    return load_site_data(all_pungs_at(tmp_path_factory.mktemp("eight"), 8, editions=True))


def test_the_fan_page_gives_the_new_points(eight: SiteData) -> None:
    pages = fan_pages(eight)
    for lang in LANGS:
        page = pages[f"{lang}/fans/all_pungs.md"]
        assert f'<span class="mcr-facts__points">{points_label(lang, 8)}</span>' in page
        assert points_label(lang, 6) not in page.split("mcr-facts__points")[1][:40]


@pytest.mark.parametrize("lang", LANGS)
def test_the_fans_chapter_lists_it_under_8_points(lang: str, eight: SiteData) -> None:
    source = (ROOT / "site" / lang / "rulebook" / "fans.md").read_text(encoding="utf-8")
    blocks, errors = read_fan_indexes(source, eight)
    assert errors == []
    chapter = expand_fan_indexes(source, blocks, eight, lang, "rulebook/fans.md")
    eights = chapter[chapter.index("{#points-8}"):]
    eights = eights[:eights.index("### ")] if "### " in eights else eights
    assert "](../fans/all_pungs.md)" in eights
    sixes = chapter[chapter.index("{#points-6}"):chapter.index("{#points-4}")]
    assert "](../fans/all_pungs.md)" not in sixes
    item = next(line for line in chapter.splitlines() if line.startswith("- [") and "(../fans/all_pungs.md)" in line)
    assert re.search(r"\D8\D", item.split("all_pungs.md)")[1])


def test_the_fan_sheet_gives_the_new_points(eight: SiteData) -> None:
    sheets = fan_sheet_pages(eight)
    for lang in LANGS:
        sheet = sheets[f"{lang}/fans/fan-sheet.md"]
        assert 'data-fan="all_pungs" data-points="8"' in sheet and 'data-fan="all_pungs" data-points="6"' not in sheet


def test_the_calculator_scores_with_the_new_points(eight: SiteData, monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's Python compiled in Pyodide under Node (28 s of a cold run) is left out: the
    # compiled files do not hold the table; the tables and the page's texts are what an edit changes.
    compiled = PreparedPython(b"stdlib", b"program", ())
    monkeypatch.setattr(assets_module, "engine_python", lambda tables: compiled)
    monkeypatch.setattr(assets_module, "trainer_python", lambda data: compiled)
    monkeypatch.setattr(assets_module, "joined_stdlib", lambda *parts: b"stdlib")
    assets = calculator_assets(eight)
    for edition in ("1998", "green-book"):
        data = json.loads(assets[f"{CALCULATOR_ASSETS}/tables/{edition}.json"])
        assert next(f["points"] for f in data["fans"] if f["id"] == "all_pungs") == 8
    for lang in LANGS:
        assert text_asset(eight, lang)["fans"]["all_pungs"]["points"] == 8   # written into the page


def test_the_quiz_banks_are_refused_as_stale_with_their_place_and_command(eight: SiteData) -> None:
    problems = stale_bank_problems(eight, ROOT / "site", ROOT)
    levels = [f"quizzes/{name}.json: stale quiz bank: it was not built from the fan table and editions in force; "
              f"rebuild it with 'mcr quiz-banks'" for name in ("beginner", "intermediate", "expert")]
    assert problems == levels + ["quizzes/rules.json: stale quiz bank: it was not built from the fan table, editions "
                                 "and rulebook check blocks in force; rebuild it with 'mcr quiz-banks --rules'"]
    # The project's own banks are fresh: the site builds.
    assert stale_bank_problems(load_site_data(), ROOT / "site", ROOT) == []


def test_a_competition_fact_changed_leaves_the_quiz_banks_fresh(tmp_path: Path) -> None:
    """The banks ask about hands, never the facts of a session: a new starting score is the
    score sheet's change alone, and the site still builds from the same banks."""
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    assert text.count("  starting_score: 500") == 1
    (tmp_path / "fans.yaml").write_text(text.replace("  starting_score: 500", "  starting_score: 300"), encoding="utf-8")
    shutil.copytree(ROOT / "editions", tmp_path / "editions")
    changed = load_site_data(tmp_path / "fans.yaml")
    assert changed.table.competition.starting_score == 300
    assert stale_bank_problems(changed, ROOT / "site", ROOT) == []


@pytest.fixture(scope="module")
def excluding(tmp_path_factory: pytest.TempPathFactory) -> rules.FanTable:
    return rules.load_fan_table(all_pungs_excluding(tmp_path_factory.mktemp("excluding")))


def test_the_sites_hand_blocks_say_an_uncovered_exclusion_neutrally(excluding: rules.FanTable) -> None:
    result = rules.score_with_table(excluding, VOIDED_HAND)
    for lang in LANGS:
        ctx = RenderContext(lang, excluding, tile_src=lambda name: name, fan_href=lambda fan_id: fan_id)
        reasons = [str(n.reason) for n in scoring_view(result, ctx).not_counted]
        expected = text(lang, "reason_left_out", fan="\0").split("\0")
        assert len(reasons) == 1 and all(part in reasons[0] for part in expected if part), reasons


def test_the_calculator_says_an_uncovered_exclusion_neutrally(excluding: rules.FanTable) -> None:
    data = SiteData(excluding, {}, Path(excluding.source or ""))
    engine.load_table(table_json(data).decode("utf-8"), "excluding")
    try:
        answer = engine.analyse({"hand": VOIDED_HAND, "edition": "excluding"})
    finally:   # no edited table left in the module for the other tests
        engine.forget_tables()
    assert [(n["id"], n["reason"]) for n in answer["result"]["not_counted"]] == [(ADDED_EXCLUSION, "left_out")]
