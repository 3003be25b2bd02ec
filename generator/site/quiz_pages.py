"""The web quiz's pages in every language (site/<lang>/quiz/): an index of the levels and
fan families with the learner's progress, one page per level, one per family, and the timed drill.

Each quiz page is Markdown around one `<div class="mcr-trainer">` that
site/assets/mcr/trainer-quiz.js brings to life: trainer.session, the Python of `mcr quiz`,
asks, grades, explains and schedules in a worker (a level's session, a family's, or a timed
one: trainer-timed.js). The index draws the trainer's progress (quiz-overview.js). Each div
names the files it needs with url_token(), which the site hook turns into URLs relative to
the page (a missing file fails the build).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from generator.quizzes.levels import LEVELS
from generator.quizzes.rules_bank import load_rules_bank, rules_bank_path
from i18n import plural_key
from trainer.blocks import CITED_CHAPTERS
from .localize import pick
from .markdown_text import TILE_ASSETS, front_matter, md_escape, md_localized, md_strings, url_token
from .calculator_assets import FULL_STDLIB, PYODIDE_ASSETS, STDLIB
from .quiz_assets import QUIZ_ASSETS
from .trainer_assets import TRAINER_ZIP
from .quiz_site_text import QUIZ_TEXT, quiz_text
from .site_data import SiteData
from .site_text import LANGS, TEXT, points_label
from .templating import render

INDEX_TEMPLATE = "quiz_index.md.j2"
PAGE_TEMPLATE = "quiz_page.md.j2"
OVERVIEW_TEMPLATE = "quiz_overview.html.j2"
TRAINER_TEMPLATE = "trainer_widget.html.j2"
OVERVIEW_SCRIPT = "assets/mcr/quiz-overview.js"   # the index: the trainer's progress drawn
TRAINER_SCRIPT = "assets/mcr/trainer-quiz.js"     # every quiz page: trainer.session in a worker
TIMED_SCRIPT = "assets/mcr/trainer-timed.js"      # the timed drill's clock and results, before TRAINER_SCRIPT
TRAINER_WORKER = "assets/mcr/trainer-worker.mjs"
DOM_SCRIPT = "assets/mcr/dom.js"   # the DOM builders the quiz scripts, rules-quiz.js and calculator.js share
FOLDER = "quiz"


@dataclass(frozen=True, slots=True)
class QuizLink:
    title: str
    href: str        # from site/<lang>/quiz/
    about: str
    mode: str        # "level:beginner", "family:honors": the key of its score in the progress


def families(data: SiteData) -> tuple[str, ...]:
    """The families that have fans, in the order of fans.yaml's `families`."""
    used = {f.family for f in data.table.fans}
    return tuple(k for k in data.families if k in used) + tuple(sorted(used - set(data.families)))


def level_path(level: str) -> str:
    return f"{FOLDER}/{level}.md"


def family_path(family: str) -> str:
    return f"{FOLDER}/family-{family}.md"


TIMED_PATH = f"{FOLDER}/timed.md"


def overview_widget(lang: str) -> str:
    """The index's overview of the learner's progress, naming the data files it fetches."""
    urls = [("text", url_token(f"{QUIZ_ASSETS}/{lang}.json")), ("fans", url_token("fans/index.md"))]
    return render(OVERVIEW_TEMPLATE, lang=lang, urls=urls, script=url_token(OVERVIEW_SCRIPT),
                  dom_script=url_token(DOM_SCRIPT), t=lambda k: quiz_text(lang, k)).rstrip("\n")


def trainer_widget(lang: str, drills: tuple[str, str]) -> str:
    """A quiz driven by trainer.session under Pyodide (the calculator's runtime); `drills`
    says what: ("level", "beginner"), ("family", "honors") or ("drill", "timed")."""
    urls = [
        ("text", url_token(f"{QUIZ_ASSETS}/{lang}.json")),
        ("trainer", url_token(TRAINER_ZIP)),
        ("pyodide", url_token(f"{PYODIDE_ASSETS}/pyodide.mjs")),
        ("stdlib", url_token(f"{PYODIDE_ASSETS}/{STDLIB}")),             # compiled: what Python imports
        ("stdlib-full", url_token(f"{PYODIDE_ASSETS}/{FULL_STDLIB}")),   # should an import fail all the same
        ("worker", url_token(TRAINER_WORKER)),
        ("tiles", url_token(f"{TILE_ASSETS}/back.svg")),
        ("fans", url_token("fans/index.md")),   # the feedback links the fans it names, the sections it cites
        *((f"chapter-{chapter}", url_token(f"rulebook/{chapter}.md")) for chapter in CITED_CHAPTERS),
    ]
    scripts = [url_token(DOM_SCRIPT)] + ([url_token(TIMED_SCRIPT)] if drills[0] == "drill" else [])
    return render(TRAINER_TEMPLATE, drills=drills, lang=lang, urls=urls, scripts=[*scripts, url_token(TRAINER_SCRIPT)],
                  t=lambda k: quiz_text(lang, k)).rstrip("\n")


def _score_slot(mode: str) -> str:
    return f'<span class="mcr-quiz-score" data-quiz-mode="{mode}"></span>'


def _t(lang: str) -> Callable[..., str]:
    """The templates' string lookup, escaped for Markdown: the quiz's strings, else the site's
    (their keys differ)."""
    quiz, site = md_strings(QUIZ_TEXT, "web-quiz", lang), md_strings(TEXT, "site", lang)
    return lambda key, **kw: (quiz if key in QUIZ_TEXT[lang] else site)(key, **kw)


def index_page(data: SiteData, lang: str) -> str:
    minimum = data.table.minimum_points
    levels = [QuizLink(md_escape(quiz_text(lang, f"level_{lv}")), f"{lv}.md",
                       md_escape(quiz_text(lang, f"level_{lv}_about", minimum=minimum)), f"level:{lv}") for lv in LEVELS]
    family_links = []
    for key in families(data):
        count = len(data.fans_of_family(key))
        about = md_escape(quiz_text(lang, plural_key(lang, "quiz_family_count", count), n=count))
        family_links.append(QuizLink(md_escape(data.family_name(key, lang).text), f"family-{key}.md", about,
                                     f"family:{key}"))
    return render(INDEX_TEMPLATE, banner=front_matter("quiz_pages.py", INDEX_TEMPLATE,
                                                      source="quizzes/ and generator/site/quiz_site_text.py"),
                  t=_t(lang), levels=levels, families=family_links, score=_score_slot, timed="timed.md",
                  rules_about=md_escape(quiz_text(lang, "rules_quiz_about", minimum=minimum,
                                                  count=len(load_rules_bank(rules_bank_path()).questions))),
                  widget=overview_widget(lang))


def level_page(data: SiteData, lang: str, level: str) -> str:
    name = quiz_text(lang, f"level_{level}")
    return render(PAGE_TEMPLATE, banner=front_matter("quiz_pages.py", PAGE_TEMPLATE, source=f"quizzes/{level}.json",
                                                     hide="[toc]"),
                  t=_t(lang), title=md_escape(quiz_text(lang, "quiz_level_title", level=name)),
                  about=md_escape(quiz_text(lang, f"level_{level}_about", minimum=data.table.minimum_points)),
                  fans=[], widget=trainer_widget(lang, ("level", level)))


def family_page(data: SiteData, lang: str, family: str) -> str:
    name = data.family_name(family, lang)
    fans = [f"[{md_localized(pick(f.names, lang), lang)}](../fans/{f.id}.md) · {md_escape(points_label(lang, f.points))}"
            for f in data.fans_of_family(family)]
    return render(PAGE_TEMPLATE, banner=front_matter("quiz_pages.py", PAGE_TEMPLATE, source="quizzes/*.json",
                                                     hide="[toc]"),
                  t=_t(lang), title=md_escape(quiz_text(lang, "quiz_family_title", family=name.text)),
                  about=md_escape(quiz_text(lang, "quiz_family_about", family=name.text)),
                  fans=fans, widget=trainer_widget(lang, ("family", family)))


def timed_page(data: SiteData, lang: str) -> str:
    """The timed drill: hands from every level, scored against the clock."""
    return render(PAGE_TEMPLATE, banner=front_matter("quiz_pages.py", PAGE_TEMPLATE, source="quizzes/*.json",
                                                     hide="[toc]"),
                  t=_t(lang), title=md_escape(quiz_text(lang, "timed_title")),
                  about=md_escape(quiz_text(lang, "timed_intro")), fans=[], widget=trainer_widget(lang, ("drill", "timed")))


def quiz_pages(data: SiteData) -> dict[str, str]:
    """Every quiz page of every language: {path under site/: Markdown}."""
    pages: dict[str, str] = {}
    for lang in LANGS:
        pages[f"{lang}/{FOLDER}/index.md"] = index_page(data, lang)
        for level in LEVELS:
            pages[f"{lang}/{level_path(level)}"] = level_page(data, lang, level)
        for family in families(data):
            pages[f"{lang}/{family_path(family)}"] = family_page(data, lang, family)
        pages[f"{lang}/{TIMED_PATH}"] = timed_page(data, lang)
    return pages


def quiz_nav(data: SiteData, lang: str) -> list[Any]:
    """The quiz section of the navigation: the index, the levels in order, then the families."""
    nav: list[Any] = [f"{FOLDER}/index.md"]
    nav += [{quiz_text(lang, f"level_{lv}"): level_path(lv)} for lv in LEVELS]
    nav.append({quiz_text(lang, "timed_title"): TIMED_PATH})
    nav.append({quiz_text(lang, "rules_quiz_title"): f"{FOLDER}/rules.md"})   # generator/site/rules_quiz.py
    nav.append({quiz_text(lang, "quiz_families_heading"):
                [{data.family_name(k, lang).text: family_path(k)} for k in families(data)]})
    return nav
