"""The score sheet page in every language (<lang>/scoresheet.md): a whole session at the
table, four players and its hands, penalties, running totals and the standard points.

The page carries its data as a JSON block (never run): for each edition of the rules, the
settlement of the fan table (base, minimum, payment formulas), its competition facts
(starting score, hands of a session, standard points by place, the offences with the
penalty points the edition states) and the points each count of flowers adds; and the
page's strings (i18n/scoresheet/<lang>.yaml, with the wind names of i18n/site/).
site/assets/mcr/scoresheet-core.js computes with those numbers, and scoresheet.js draws the
page: nothing there is a second copy of a rule. A payment formula that uses an operator the
page's formula reader does not know stops the build with the formula's place.
"""
from __future__ import annotations

import json
from typing import Any

from i18n import strings
from i18n.languages import DECIMAL_MARKS
from rules import FanTable, score_with_table
from rules.tiles import FLOWER_COUNT

from .markdown_text import front_matter, md_strings, url_token
from .quiz_pages import DOM_SCRIPT
from .site_data import SiteData
from .site_text import LANGS, TEXT
from .templating import render

PAGE = "scoresheet.md"
TEMPLATE = "scoresheet.md.j2"
WIDGET_TEMPLATE = "scoresheet_widget.html.j2"
CORE_SCRIPT = "assets/mcr/scoresheet-core.js"
SCRIPT = "assets/mcr/scoresheet.js"
STYLE = "assets/mcr/scoresheet.css"
PAGE_FORMAT = 1
WINDS = ("E", "S", "W", "N")
RESULTS = ("win", "draw", "time")   # a win, an exhaustive draw, the session's time running out in the hand
# The operators of the table's formula vocabulary that scoresheet-core.js evaluates.
PAGE_OPERATORS = frozenset({"+", "-", "==", "!=", "<", "<=", ">", ">=", "if", "and", "or", "not", "var"})
# The site's own strings the page uses besides its own.
SITE_KEYS = tuple(f"wind_{w}" for w in WINDS)

_TEXT = strings("scoresheet")


class ScoreSheetError(ValueError):
    """The table holds something the page cannot compute with."""


def text(lang: str, key: str, **values: object) -> str:
    return _TEXT.text(lang, key, **values)


def _operators(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = set(node) - {"__line__"}
        for value in node.values():
            found |= _operators(value)
        return found
    if isinstance(node, list):
        return set().union(*map(_operators, node)) if node else set()
    return set()


def payment_formulas(table: FanTable) -> dict[str, dict[str, Any]]:
    """The table's payment formulas, each checked to use only what the page evaluates."""
    formulas = {case: {payer: formula for payer, formula in payers.items() if payer != "__line__"}
                for case, payers in table.settlement.formulas.items() if case != "__line__"}
    for case, payers in formulas.items():
        for payer, formula in payers.items():
            unknown = _operators(formula) - PAGE_OPERATORS
            if unknown:
                raise ScoreSheetError(f"{table.path}: settlement: payments.{case}.{payer} uses "
                                      f"{', '.join(sorted(unknown))}, which the score sheet page cannot evaluate "
                                      f"(it knows {', '.join(sorted(PAGE_OPERATORS))}): add it to "
                                      "site/assets/mcr/scoresheet-core.js and PAGE_OPERATORS")
    return formulas


def flower_bonus(table: FanTable) -> list[int]:
    """The points 0, 1, ... FLOWER_COUNT flowers add to a hand's total, as the engine counts
    them with the table's bonus fans: a hand of their own examples scored with each count."""
    example = next((e for fan in table.fans if fan.bonus for e in fan.examples if e.matches), None)
    if example is None:
        raise ScoreSheetError(f"{table.path}: no bonus fan with an example that scores: the score sheet cannot "
                              "tell what flowers add to a hand")
    situation = {k: v for k, v in example.situation.items() if k != "flowers"}
    bonus = []
    for flowers in range(FLOWER_COUNT + 1):
        result = score_with_table(table, example.hand, **situation, flowers=flowers)
        bonus.append(result.total - result.total_without_flowers)
    return bonus


def edition_data(table: FanTable, lang: str) -> dict[str, Any]:
    """What the page computes with for one edition: its settlement and competition facts."""
    competition = table.competition
    assert competition is not None, "a table read from a file always has its competition section"
    return {
        "id": table.edition.id if table.edition else "",
        "name": table.edition.name(lang) if table.edition else "",
        "settlement": {"base": table.settlement.base, "minimum": table.settlement.minimum,
                       "payments": payment_formulas(table)},
        "competition": {"starting_score": competition.starting_score,
                        "hands_per_session": competition.hands_per_session,
                        "standard_points": list(competition.standard_points),
                        "offences": [{"id": o.id, "name": o.name(lang), "points": o.points}
                                     for o in competition.offences]},
        "flower_bonus": flower_bonus(table),
        # A total above twice this is asked again before it is kept: few hands reach it, and a
        # slipped digit (880 for 88) would otherwise go straight into the standings.
        "largest_fan": max(f.points for f in table.fans),
    }


def page_data(data: SiteData, lang: str) -> dict[str, Any]:
    tables = [data.table, *data.other_editions.values()]
    page_text = dict(_TEXT.tables[lang])
    page_text.update({key: TEXT[lang][key] for key in SITE_KEYS})
    return {"format": PAGE_FORMAT, "lang": lang, "decimal": DECIMAL_MARKS[lang],   # i18n/languages.yaml's, for the CSV
            "edition": tables[0].edition.id if tables[0].edition else "",
            "editions": [edition_data(t, lang) for t in tables], "text": page_text}


def page_data_json(value: dict[str, Any]) -> str:
    """JSON for a <script type="application/json"> block: no "<" in it, so neither
    "</script>" nor "<!--" in a name can end or hide the block."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def widget(lang: str, value: dict[str, Any]) -> str:
    return render(WIDGET_TEMPLATE, lang=lang, page_data=page_data_json(value), winds=WINDS, results=RESULTS,
                  wind_names={w: TEXT[lang][f"wind_{w}"] for w in WINDS},
                  editions=[(e["id"], e["name"]) for e in value["editions"]],
                  calculator=url_token("calculator.md"), rulings=url_token("rulebook/rulings.md"),
                  style=url_token(STYLE), dom_script=url_token(DOM_SCRIPT), core_script=url_token(CORE_SCRIPT),
                  script=url_token(SCRIPT), t=lambda key, **kw: text(lang, key, **kw)).rstrip("\n")


def scoresheet_page(data: SiteData, lang: str) -> str:
    return render(TEMPLATE, banner=front_matter("scoresheet_page.py", TEMPLATE,
                                                source="fans.yaml and i18n/scoresheet/", hide="[toc]"),
                  t=md_strings(_TEXT.tables, "scoresheet", lang), widget=widget(lang, page_data(data, lang)))


def scoresheet_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/{PAGE}": scoresheet_page(data, lang) for lang in LANGS}
