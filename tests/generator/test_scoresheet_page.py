"""The score sheet page (generator/site/scoresheet_page.py): the data it carries is each
edition's settlement and competition facts as the table holds them, with what flowers add;
a payment formula the page cannot evaluate stops the build; the page is written in every
language with every string; the calculator links it; and the page's scripts hold no fact of
the rules (they compute with the data)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import i18n
import rules
from generator.site.calculator_page import calculator_pages
from generator.site.scoresheet_page import (PAGE_OPERATORS, ScoreSheetError, page_data, payment_formulas,
                                            scoresheet_pages)
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS

from ..conftest import ROOT

SCRIPTS = [ROOT / "site/assets/mcr/scoresheet-core.js", ROOT / "site/assets/mcr/scoresheet.js"]


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _block(page: str) -> dict:
    found = re.search(r'<script type="application/json" class="mcr-scoresheet__data">(.*?)</script>', page, re.S)
    assert found, "no data block"
    assert "<" not in found.group(1)
    return json.loads(found.group(1))


def test_each_edition_ships_its_settlement_and_competition_facts(data: SiteData) -> None:
    value = page_data(data, "en")
    tables = {t.edition.id: t for t in (data.table, *data.other_editions.values())}
    assert [e["id"] for e in value["editions"]] == list(tables) and value["edition"] == data.table.edition.id
    for edition in value["editions"]:
        table = tables[edition["id"]]
        assert edition["settlement"] == {"base": table.settlement.base, "minimum": table.settlement.minimum,
                                         "payments": table.settlement.formulas}
        c = table.competition
        assert edition["competition"] == {
            "starting_score": c.starting_score, "hands_per_session": c.hands_per_session,
            "standard_points": list(c.standard_points),
            "offences": [{"id": o.id, "name": o.names["en"], "points": o.points} for o in c.offences]}
        # Flower Tiles: one point per flower, and at most eight flowers (rulebook, by hand).
        assert edition["flower_bonus"] == [0, 1, 2, 3, 4, 5, 6, 7, 8]


def test_the_data_is_in_the_readers_language(data: SiteData) -> None:
    zh = page_data(data, "zh")
    assert zh["editions"][0]["name"] == data.table.edition.names["zh"]
    assert [o["name"] for o in zh["editions"][0]["competition"]["offences"]] == [
        o.names["zh"] for o in data.table.competition.offences]
    assert zh["text"] == {**i18n.strings("scoresheet").tables["zh"], **{f"wind_{w}": i18n.strings("site").tables["zh"][f"wind_{w}"]
                                                                       for w in "ESWN"}}


def test_a_formula_the_page_cannot_evaluate_stops_the_build(tmp_path: Path) -> None:
    # A legal formula of the vocabulary, with `in`, which the page's formula reader lacks.
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8").replace(
        "      each_other_player: {var: base}\n",
        "      each_other_player: {if: [{in: [{var: total}, [8, 9]]}, 10, {var: base}]}\n", 1)
    (tmp_path / "fans.yaml").write_text(text, encoding="utf-8")
    table = rules.load_fan_table(tmp_path / "fans.yaml")
    assert "in" not in PAGE_OPERATORS
    with pytest.raises(ScoreSheetError, match=r"settlement: payments\.on_discard\.each_other_player uses in, "
                                              r"which the score sheet page cannot evaluate"):
        payment_formulas(table)


def test_an_edition_with_its_own_competition_facts_reaches_the_page(tmp_path: Path) -> None:
    from ..engine.test_competition import CLUB   # a club's overlay: 300 points, 8 hands, a false win costs 30

    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    shutil.copytree(ROOT / "editions", tmp_path / "editions")
    (tmp_path / "editions" / "club.yaml").write_text(CLUB, encoding="utf-8")
    club = next(e for e in page_data(load_site_data(tmp_path / "fans.yaml"), "fr")["editions"] if e["id"] == "club")
    assert club["name"] == "Notre club"
    assert club["competition"]["starting_score"] == 300 and club["competition"]["hands_per_session"] == 8
    assert club["competition"]["offences"] == [{"id": "false_win", "name": "Faux Mahjong", "points": 30}]


def test_the_page_in_every_language(data: SiteData) -> None:
    pages = scoresheet_pages(data)
    assert sorted(pages) == sorted(f"{lang}/scoresheet.md" for lang in LANGS)
    for lang in LANGS:
        page = pages[f"{lang}/scoresheet.md"]
        strings = i18n.strings("scoresheet").tables[lang]
        assert f"# {strings['sheet_title']}\n" in page
        assert _block(page)["lang"] == lang
        assert page.count('name="player"') == 4
        assert "(rulebook/rulings.md#seat_rotation)" in page and "(rulebook/rulings.md#equal_session_scores)" in page
        assert "(rulebook/rulings.md#ranking_ties)" in page and page.count('class="mcr-scoresheet__event-files"') == 1
        assert "[sheet_" not in page and "MCRURL(assets/mcr/scoresheet-core.js)" in page


def test_the_calculator_links_the_sheet(data: SiteData) -> None:
    page = calculator_pages(data)["ja/calculator.md"]
    assert 'data-scoresheet="MCRURL(scoresheet.md)"' in page
    assert "calc_to_sheet" in i18n.strings("site").tables["ja"]


def test_the_scripts_hold_no_fact_of_the_rules(table: rules.FanTable) -> None:
    # The starting score, the hands of a session, the standard points, the base and the
    # minimum come from the page's data; the scripts never write them.
    c = table.competition
    facts = [str(c.starting_score), str(c.hands_per_session), ", ".join(map(str, c.standard_points)),
             str(table.settlement.base)]
    for script in SCRIPTS:
        code = "\n".join(line for line in script.read_text(encoding="utf-8").splitlines()
                         if not line.lstrip().startswith("//"))
        found = [f for f in facts if re.search(rf"(?<![\w.\-]){re.escape(f)}(?![\w.])", code)]
        assert not found, f"{script.name} writes {found}"
