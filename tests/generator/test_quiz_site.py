"""The web quiz on the built site: a page per level, per fan family and the timed drill in
every language, each running the trainer on files the site holds, the index's overview, the
navigation slot, the language data files the pages fetch, the quiz strings in every
language, and no fan named in the quiz scripts."""
from __future__ import annotations

import json
import re
import string
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

import rules
from generator.quizzes.levels import LEVELS
from generator.site.markdown_text import GENERATED_MARK
from generator.site.quiz_assets import QUIZ_ASSETS, SITE_KEYS
from generator.quizzes.banks import bank_path, load_bank
from generator.site.quiz_pages import families, quiz_pages
from generator.site.quiz_site_text import QUIZ_TEXT, quiz_text
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_nav import build_nav
from generator.site.site_text import DEFAULT_LANG, LANGS, TEXT, text
from rules.situation import FIELD_NAMES

from ..conftest import ROOT
from ..site_build_support import BuiltSite, assembled_docs, built_site

QUIZ_SCRIPTS = [ROOT / "site" / "assets" / "mcr" / name
                for name in ("trainer-quiz.js", "trainer-timed.js", "quiz-overview.js")]
OVERVIEW = re.compile(r'<div class="mcr-quiz mcr-quiz-overview" ([^>]*)>')
DATA_ATTR = re.compile(r'data-([a-z-]+)="([^"]*)"')
MAX_TEXT_ASSET = 40_000


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    built = built_site(tmp_path_factory)
    assert built.returncode == 0, f"the strict build failed:\n{built.log[-4000:]}"
    return built


# -- the strings (no build needed) ------------------------------------------------------------

def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_strings_have_the_same_keys_and_placeholders(lang: str) -> None:
    english = QUIZ_TEXT[DEFAULT_LANG]
    assert set(QUIZ_TEXT[lang]) == set(english), sorted(set(QUIZ_TEXT[lang]) ^ set(english))
    for key, template in english.items():
        assert QUIZ_TEXT[lang][key].strip(), f"{lang}.{key} is empty"
        assert _placeholders(QUIZ_TEXT[lang][key]) == _placeholders(template), f"{lang}.{key} placeholders differ"
    if lang != DEFAULT_LANG:
        copied = [k for k, v in QUIZ_TEXT[lang].items() if len(v) > 25 and v == english[k]]
        assert not copied, f"{lang} repeats the English text of {copied}"


def test_quiz_strings_do_not_shadow_the_site_strings() -> None:
    # The browser gets both tables merged into one.
    assert not set(QUIZ_TEXT[DEFAULT_LANG]) & set(TEXT[DEFAULT_LANG])
    assert set(SITE_KEYS) <= set(TEXT[DEFAULT_LANG])


def test_quiz_strings_use_the_sites_terms() -> None:
    zh, es, ko = QUIZ_TEXT["zh"], QUIZ_TEXT["es"], QUIZ_TEXT["ko"]
    assert "分" in zh["ask_total"] and "番种" in zh["ask_fans"] and "自摸" in zh["ask_payments_self"]
    assert "点和" in zh["ask_payments_discard"] and "番" not in zh["ask_total"].replace("番种", "")
    assert "puntos" in es["ask_total"] and "Autorrobo" in es["ask_payments_self"]
    assert "descarte" in es["ask_payments_discard"]
    assert "점" in ko["ask_total"] and "번종" in ko["ask_fans"] and "자모" in ko["ask_payments_self"]
    assert "점화" in ko["ask_payments_discard"] and "판" not in "".join(ko.values())


def test_the_quiz_scripts_name_no_fan(table: rules.FanTable) -> None:
    # Like the Python sources (test_no_fan_in_python): fans come from the data files only.
    # self_drawn, seat_wind and prevalent_wind are also situation fields of the scoring contract.
    ids = [f.id for f in table.fans if f.id not in set(FIELD_NAMES)]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    found = [f"{script.name}:{n}: {m.group(1)}" for script in QUIZ_SCRIPTS
             for n, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1)
             for m in [pattern.search(line)] if m]
    assert not found, found


def test_the_earlier_quiz_script_is_gone() -> None:
    # Grading and spacing live in the trainer alone (trainer-quiz.js runs it on every quiz page).
    assert not (ROOT / "site" / "assets" / "mcr" / "quiz.js").exists()


# -- the generated sources -------------------------------------------------------------------------

def test_every_quiz_page_is_generated_in_every_language(data: SiteData) -> None:
    pages = quiz_pages(data)
    expected = {"index", "timed"} | set(LEVELS) | {f"family-{f}" for f in families(data)}
    assert len(families(data)) == len({f.family for f in data.table.fans})
    for lang in LANGS:
        for name in expected:
            page = pages[f"{lang}/quiz/{name}.md"]
            assert page.startswith("---\n" + GENERATED_MARK + "quiz_pages.py")
    assert len(pages) == len(LANGS) * len(expected)
    for lang in LANGS:   # the index leads to the timed drill and the rules quiz too
        index = pages[f"{lang}/quiz/index.md"]
        assert "(timed.md)" in index and "(rules.md)" in index


# Slow: assembles the whole docs folder (about 12 s).
@pytest.mark.slow
def test_the_quiz_nav_lists_the_levels_in_order_then_the_families(tmp_path_factory: pytest.TempPathFactory,
                                                                  data: SiteData) -> None:
    docs = assembled_docs(tmp_path_factory)   # the quiz pages are generated: in the assembled folder
    for lang in LANGS:
        nav = build_nav(docs, data, lang)
        (title, quiz), = nav[-1].items()
        assert title == text(lang, "nav_quiz")
        assert quiz[0] == "quiz/index.md"
        assert [next(iter(e.values())) for e in quiz[1:1 + len(LEVELS)]] == [f"quiz/{lv}.md" for lv in LEVELS]
        assert quiz[1 + len(LEVELS)] == {quiz_text(lang, "timed_title"): "quiz/timed.md"}
        (_, family_pages), = quiz[-1].items()
        assert [next(iter(e.values())) for e in family_pages] == [f"quiz/family-{f}.md" for f in families(data)]


# -- the built site ----------------------------------------------------------------------------------

def _page(site: BuiltSite, lang: str, rel: str) -> Path:
    prefix = site.output if lang == DEFAULT_LANG else site.output / lang
    return prefix / rel / "index.html"


def _resolve(site: BuiltSite, page: Path, url: str) -> Path:
    base = "http://site/" + page.relative_to(site.output).as_posix()
    path = site.output / urlsplit(urljoin(base, url)).path.lstrip("/")
    return path / "index.html" if path.is_dir() else path


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_index_draws_the_progress_from_files_the_site_holds(site: BuiltSite, lang: str) -> None:
    page = _page(site, lang, "quiz")
    html = page.read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html and "MCRURL" not in html
    widgets = OVERVIEW.findall(html)
    assert len(widgets) == 1, page
    attrs = dict(DATA_ATTR.findall(widgets[0]))
    assert attrs["lang"] == lang
    assert _resolve(site, page, attrs["text"]) == site.output / QUIZ_ASSETS / f"{lang}.json"
    assert _resolve(site, page, attrs["fans"]) == _page(site, lang, "fans")
    script = re.search(r'<script src="([^"]*quiz-overview\.js)" defer>', html)
    assert script and _resolve(site, page, script.group(1)) == site.output / "assets/mcr/quiz-overview.js"


TRAINER_WIDGET = re.compile(r'<div class="mcr-trainer" ([^>]*)>')
TRAINER_FILES = {"text": None, "trainer": "assets/mcr/trainer/trainer.zip", "pyodide": "assets/mcr/pyodide/pyodide.mjs",
                 "stdlib": "assets/mcr/pyodide/python_stdlib.zip", "stdlib-full": "assets/mcr/pyodide/python_stdlib_full.zip",
                 "worker": "assets/mcr/trainer-worker.mjs"}


def _trainer_pages(data: SiteData) -> list[tuple[str, str, str, list[str]]]:
    """Every page the trainer runs: its path, what it drills, and the scripts it loads in order."""
    quiz = ["dom.js", "trainer-quiz.js"]
    return ([(f"quiz/{lv}", "level", lv, quiz) for lv in LEVELS]
            + [(f"quiz/family-{f}", "family", f, quiz) for f in families(data)]
            + [("quiz/timed", "drill", "timed", ["dom.js", "trainer-timed.js", "trainer-quiz.js"])])


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_quiz_page_runs_the_trainer_on_files_the_site_holds(site: BuiltSite, data: SiteData, lang: str) -> None:
    for rel, drills, what, scripts in _trainer_pages(data):
        page = _page(site, lang, rel)
        html = page.read_text(encoding="utf-8")
        assert "MCRURL" not in html and f'<html lang="{lang}"' in html, page
        widgets = TRAINER_WIDGET.findall(html)
        assert len(widgets) == 1, page
        attrs = dict(DATA_ATTR.findall(widgets[0]))
        assert (attrs[drills], attrs["lang"]) == (what, lang)
        for name, rel_file in {**TRAINER_FILES, "text": f"{QUIZ_ASSETS}/{lang}.json"}.items():
            assert _resolve(site, page, attrs[name]) == site.output / rel_file, name
        loaded = re.findall(r'<script src="([^"]*/(?:dom|trainer-[a-z]+)\.js)" defer>', html)
        assert [u.rsplit("/", 1)[-1] for u in loaded] == scripts, page
        assert all(_resolve(site, page, u).is_file() for u in loaded)
    assert (site.output / "assets/mcr/trainer/trainer.zip").stat().st_size < 2_000_000


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_language_assets_name_every_fan_family_and_tile(site: BuiltSite, data: SiteData, lang: str) -> None:
    path = site.output / QUIZ_ASSETS / f"{lang}.json"
    assert path.stat().st_size < MAX_TEXT_ASSET
    asset = json.loads(path.read_text(encoding="utf-8"))
    assert asset["lang"] == lang and asset["minimum"] == data.table.minimum_points
    assert set(asset["text"]) == set(QUIZ_TEXT[lang]) | set(SITE_KEYS)
    assert asset["kinds"] == list(load_bank(bank_path(LEVELS[0])).header["kinds"])
    assert list(asset["families"]) == list(families(data))
    for fan in data.table.fans:
        entry = asset["fans"][fan.id]
        assert (entry["number"], entry["points"], entry["family"]) == (fan.number, fan.points, fan.family)
        assert entry["name"] == (fan.names.get(lang) or fan.names["en"])
        assert entry["missing"] == (not fan.names.get(lang))
    assert len(asset["tiles"]) == 34 and all(asset["tiles"].values())
    for level in LEVELS:
        for q in load_bank(bank_path(level)).questions:
            assert set(q.drill) <= set(asset["fans"]), q.id


def test_every_family_has_questions_to_drill(data: SiteData) -> None:
    family_of = {f.id: f.family for f in data.table.fans}
    drilled: set[str] = set()
    for level in LEVELS:
        for q in load_bank(bank_path(level)).questions:
            drilled |= {family_of[f] for f in q.drill}
    assert set(families(data)) <= drilled
