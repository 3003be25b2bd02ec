"""The web rules quiz: a page in every language (site/<lang>/quiz/rules.md) and its data
files (site/assets/mcr/quiz/rules-<lang>.json), from quizzes/rules.json.

The page holds one `<div class="mcr-rules-quiz">` that site/assets/mcr/rules-quiz.js
brings to life. The div names its data file, the tile pictures and every cited chapter
of the rulebook with url_token()s, which the site hook turns into URLs relative to the
page, so each answer links to its section (a missing chapter fails the build).
"""
from __future__ import annotations

import json
from typing import Any

from rules.tiles import ALL_TILES

from generator.quizzes.rules_bank import RulesBank, load_rules_bank, rules_bank_path
from .markdown_text import TILE_ASSETS, front_matter, md_escape, md_template, url_token
from .quiz_assets import QUIZ_ASSETS
from .quiz_pages import DOM_SCRIPT
from .quiz_site_text import QUIZ_TEXT, quiz_text
from .site_text import LANGS, TEXT
from .templating import render
from .tiles import tile_alt

RULES_PAGE = "quiz/rules.md"
PAGE_TEMPLATE = "rules_quiz_page.md.j2"
WIDGET_TEMPLATE = "rules_quiz_widget.html.j2"
RULES_SCRIPT = "assets/mcr/rules-quiz.js"
ASSET_FORMAT = 1
# The site strings the page reuses to draw a hand as the rulebook draws it.
SITE_KEYS = ("hand_label", "meld_chow", "meld_pung", "meld_kong", "meld_concealed_kong", "standing_tiles",
             "winning_tile", "face_down")
# The quiz strings it reuses; its own start with rules_.
QUIZ_KEYS = ("check", "next", "right", "wrong_answer", "no_answer", "score", "score_none", "question_heading",
             "reset", "reset_confirm", "reset_done", "list_separator")


def load_rules_quiz_bank() -> RulesBank:
    """The committed rules bank; ValueError names it when it cannot be read."""
    return load_rules_bank(rules_bank_path())


def asset_path(lang: str) -> str:
    return f"{QUIZ_ASSETS}/rules-{lang}.json"


def rules_asset(bank: RulesBank, lang: str) -> dict[str, Any]:
    """Everything the page shows in one language: its strings, the chapters' titles, the
    tile names, and each question's words, options, answer and hand."""
    questions = []
    for q in bank.questions:
        words = q.text(lang)
        entry: dict[str, Any] = {"id": q.id, "chapter": q.chapter, "anchor": q.anchor, "section": words.section,
                                 "question": words.question, "pick": q.pick,
                                 "options": [{"key": k, "text": t} for k, t in zip(q.options, words.options)],
                                 "answer": list(q.answer), "reason": words.reason}
        if q.hand is not None:
            entry["tiles"] = q.hand["tiles"]
        questions.append(entry)
    own = {k: v for k, v in QUIZ_TEXT[lang].items() if k.startswith("rules_")}
    return {"format": ASSET_FORMAT, "lang": lang,
            "text": {**{k: TEXT[lang][k] for k in SITE_KEYS}, **{k: QUIZ_TEXT[lang][k] for k in QUIZ_KEYS}, **own},
            "chapters": {c: bank.chapter_title(c, lang) for c in bank.header["chapters"]},
            "tiles": {t.text: tile_alt(t.text, lang) for t in ALL_TILES},
            "questions": questions}


def rules_quiz_assets(bank: RulesBank) -> dict[str, bytes]:
    """{path under site/: bytes}: one compact data file per language."""
    return {asset_path(lang): (json.dumps(rules_asset(bank, lang), ensure_ascii=False, separators=(",", ":"))
                               + "\n").encode("utf-8") for lang in LANGS}


def widget(bank: RulesBank, lang: str) -> str:
    urls = [("data", url_token(asset_path(lang))), ("tiles", url_token(f"{TILE_ASSETS}/back.svg"))]
    chapters = [(c, url_token(f"rulebook/{c}.md")) for c in bank.header["chapters"]]
    return render(WIDGET_TEMPLATE, lang=lang, urls=urls, chapters=chapters, script=url_token(RULES_SCRIPT),
                  dom_script=url_token(DOM_SCRIPT), t=lambda k: quiz_text(lang, k)).rstrip("\n")


def rules_quiz_pages(bank: RulesBank, minimum: int) -> dict[str, str]:
    """{path under site/: Markdown}: the rules quiz page of every language (`minimum`: the
    site's table's, which the page's description names)."""
    pages = {}
    for lang in LANGS:
        banner = front_matter("rules_quiz.py", PAGE_TEMPLATE, source="quizzes/rules.json", hide="[toc]")
        pages[f"{lang}/{RULES_PAGE}"] = render(
            PAGE_TEMPLATE, banner=banner, title=md_escape(quiz_text(lang, "rules_quiz_title")),
            about=md_escape(quiz_text(lang, "rules_quiz_about", count=len(bank.questions), minimum=minimum)),
            terminal=md_template(QUIZ_TEXT[lang]["rules_quiz_terminal"], markdown=True), widget=widget(bank, lang))
    return pages
