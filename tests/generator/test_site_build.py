"""The whole rules site, built strict once: a page for every fan in every language, every
link and anchor resolving, every hand block drawn and scored as it says, translations
falling back visibly, the language switcher staying on the page, builds reproducible."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from markupsafe import escape

import rules
from generator.quizzes.check_blocks import read_check, scan as scan_checks
from generator.site.hand_block import HandBlockError, check_block, find_hand_fences, read_block
from generator.site.hand_render import faces_of
from generator.site.fan_pages import fan_pages
from generator.site.generate import hand_written_files
from generator.site.site_data import load_site_data
from generator.site.site_text import DEFAULT_LANG, LANGS, TEXT, text

from ..conftest import ROOT, read_yaml
from ..build_comparison import build_differences
from ..site_build_support import BuiltSite, build_sources, built_site, run_build

pytestmark = pytest.mark.slow

SOURCES = ROOT / "site"
ATTRIBUTE = re.compile(r'\s(href|src|id)="([^"]*)"')
FIGURE = re.compile(r'<figure class="mcr-hand[" ]')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    built = built_site(tmp_path_factory)
    assert built.returncode == 0, f"the strict build failed:\n{built.log[-4000:]}"
    return built


def _out(site: BuiltSite, lang: str, rel_dir: str) -> Path:
    """The HTML file of a page: `rel_dir` like 'fans/full_flush' ('' for the home page)."""
    prefix = site.output if lang == DEFAULT_LANG else site.output / lang
    return (prefix / rel_dir / "index.html") if rel_dir else prefix / "index.html"


def _html_files(site: BuiltSite) -> list[Path]:
    return sorted(site.output.rglob("*.html"))


def test_strict_build_passes_without_a_warning(site: BuiltSite) -> None:
    assert "WARNING" not in site.log, site.log
    assert "Documentation built in" in site.log
    print(f"\nfull site build: {site.seconds:.1f} s")   # also in test-artifacts/site-build.log


def test_every_fan_has_a_page_in_every_language(site: BuiltSite, table: rules.FanTable) -> None:
    for lang in LANGS:
        table_page = _out(site, lang, "fans").read_text(encoding="utf-8")
        for fan in table.fans:
            page = _out(site, lang, f"fans/{fan.id}")
            assert page.is_file(), f"no page for {fan.id} in {lang}"
            assert f'href="{fan.id}/"' in table_page, f"the {lang} fan table lacks {fan.id}"
        for rel in ("", "notation", "rulebook/rulings"):
            assert _out(site, lang, rel).is_file()


def _target(site: BuiltSite, page: Path, url: str) -> tuple[Path | None, str]:
    base = "http://site/" + page.relative_to(site.output).as_posix()
    parts = urlsplit(urljoin(base, url))
    path = site.output / unquote(parts.path).lstrip("/")
    if parts.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return (path if path.is_file() else None), unquote(parts.fragment)


def test_every_link_and_anchor_resolves(site: BuiltSite) -> None:
    pages = _html_files(site)
    ids: dict[Path, set[str]] = {}
    links: dict[Path, list[tuple[str, str]]] = {}
    for page in pages:
        found = ATTRIBUTE.findall(page.read_text(encoding="utf-8"))
        ids[page] = {value for name, value in found if name == "id"}
        links[page] = [(name, value) for name, value in found if name != "id"]
    broken: list[str] = []
    for page in pages:
        for name, url in links[page]:
            if not url or re.match(r"^[a-z][a-z0-9+.-]*:", url):   # external: http:, mailto:, data:
                continue
            target, fragment = _target(site, page, url)
            where = f"{page.relative_to(site.output)}: {name}={url}"
            if target is None:
                broken.append(f"{where} (no such file)")
            elif fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = {v for n, v in ATTRIBUTE.findall(target.read_text(encoding="utf-8")) if n == "id"}
                if fragment not in ids[target]:
                    broken.append(f"{where} (no anchor #{fragment})")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:40])


def _source_pages() -> dict[str, dict[str, Path]]:
    """{page path without language: {language: source file}} for every Markdown page."""
    # The pages the build reads: hand-written ones, not a leftover of an older build.
    kept, _leftovers = hand_written_files(SOURCES)
    found: dict[str, dict[str, Path]] = {}
    for rel, path in sorted(kept.items()):
        lang, _, page = rel.partition("/")
        if lang in LANGS and page.endswith(".md"):
            found.setdefault(page, {})[lang] = path
    return found


def _rel_dir(rel: str) -> str:
    stem = rel.removesuffix(".md")
    return "" if stem == "index" else stem.removesuffix("/index")


def test_every_hand_block_is_drawn(site: BuiltSite) -> None:
    problems: list[str] = []
    for rel, by_lang in _source_pages().items():
        for lang in LANGS:
            source = by_lang.get(lang) or by_lang.get(DEFAULT_LANG)
            if source is None:
                continue
            markdown = source.read_text(encoding="utf-8")
            # A check block with a hand draws it too, in its "Check yourself" box.
            expected = len(find_hand_fences(markdown)) + sum(read_check(f).hand is not None
                                                             for f in scan_checks(markdown).fences)
            html = _out(site, lang, _rel_dir(rel)).read_text(encoding="utf-8")
            drawn = len(FIGURE.findall(html))
            if drawn != expected or "MCRHANDBLOCK" in html or "language-hand" in html or "language-check" in html:
                problems.append(f"{lang}/{rel}: {expected} hand blocks, {drawn} drawn")
    assert not problems, "\n".join(problems)


def test_every_stated_scoring_matches_the_engine(table: rules.FanTable) -> None:
    # The hand-written pages and the generated fan pages (drawn from the table's examples).
    pages = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(SOURCES.rglob("*.md"))}
    pages.update({f"(generated) {rel}": body for rel, body in fan_pages(load_site_data()).items()})
    stated, problems = 0, []
    for where, markdown in pages.items():
        for fence in find_hand_fences(markdown):
            try:
                block = read_block(fence)
                stated += block.fans is not None or block.total is not None or bool(block.counts)
                check_block(block, table)
            except HandBlockError as err:
                problems.append(f"{where}:{err.line}: {err.message}")
    assert not problems, "\n".join(problems)
    assert stated >= sum(len(f.examples) for f in table.fans) * len(LANGS)


def test_no_template_syntax_reaches_a_page(site: BuiltSite) -> None:
    # A Jinja comment written with the wrong delimiters ends up as page text (and as a
    # search entry of its own, which outranks the fan itself).
    leaked = [str(p.relative_to(site.output)) for p in site.output.rglob("*.html")
              if re.search(r"\{#-|-#\}|\{##|##\}|\{%|%\}|\{\{ ", p.read_text(encoding="utf-8"))]
    assert not leaked, leaked[:10]


@pytest.mark.parametrize("lang", LANGS)
def test_the_heading_anchors_are_titled_in_the_pages_language(site: BuiltSite, lang: str) -> None:
    page = (site.output if lang == DEFAULT_LANG else site.output / lang) / "rulebook" / "scoring" / "index.html"
    titles = set(re.findall(r'<a class="headerlink" href="#[^"]*" title="([^"]*)"', page.read_text(encoding="utf-8")))
    assert titles == {text(lang, "permalink_title")}, titles


# The first headings of the scoring chapter (site/<lang>/rulebook/scoring.md), by anchor.
NAMED_HEADINGS = {"fr": {"scoring": "Le décompte des points", "non-repeat": "Non-répétition"},
                  "ja": {"scoring": "点数計算", "non-repeat": "重複計上しない原則"}}


@pytest.mark.parametrize("lang", sorted(NAMED_HEADINGS))
def test_the_heading_anchors_are_named_after_their_heading_for_screen_readers(site: BuiltSite, lang: str) -> None:
    """The "¶" anchor's content is all a screen reader read: each has an aria-label in the page's language."""
    html = _out(site, lang, "rulebook/scoring").read_text(encoding="utf-8")
    anchors = re.findall(r'<a class="headerlink" [^>]*>', html)
    labels = {href: label for href, label in (re.findall(r'href="#([^"]*)".*aria-label="([^"]*)"', a)[0]
                                              for a in anchors if "aria-label" in a)}
    assert len(labels) == len(anchors) > 5
    for anchor, heading in NAMED_HEADINGS[lang].items():
        assert labels[anchor] == str(escape(text(lang, "permalink_label", heading=heading))), labels[anchor]


def test_the_editions_page_words_its_headings_and_count_in_french(site: BuiltSite) -> None:
    # French sets a space before the colon; the differences are counted in their number.
    page = (site.output / "fr" / "editions" / "index.html").read_text(encoding="utf-8")
    assert re.search(r">Big Four Winds</a> : non compté avec lui<", page), "Big Four Winds heading"
    assert not re.search(r"</a>: ", page)
    shown = len(re.findall(r"<h3 id=", page.split('id="differences-green-book"', 1)[1]))   # a heading each
    assert shown > 1 and f"{shown} différences, chacune avec la justification que donne l'édition." in page


def test_drawn_scoring_is_the_engines(site: BuiltSite, table: rules.FanTable) -> None:
    # The home page's hand, as drawn in every language: the engine's fans and total.
    result = rules.score("[123m]456m789m34p55s5p", self_drawn=True)
    for lang in LANGS:
        html = _out(site, lang, "").read_text(encoding="utf-8")
        figure = html[html.index('<figure class="mcr-hand'):html.index("</figure>")]
        for fan in result.fans:
            assert f'fans/{fan.id}/"' in figure
        assert f'<td class="mcr-num mcr-total" colspan="3">{result.total}</td>' in figure
        sets = [g for f in result.fans for g in f.groups] + [g for n in result.not_counted for g in n.groups]
        assert 'alt=""' not in figure and figure.count("<img") == 14 + sum(len(faces_of(g)) for g in sets)


def test_language_switcher_stays_on_the_page(site: BuiltSite, table: rules.FanTable) -> None:
    switch = re.compile(r'<a href="([^"]+)" hreflang="(\w+)" class="md-select__link">')
    for lang in LANGS:
        for rel in ["fans/full_flush", "fans", "notation", "rulebook/scoring"]:
            page = _out(site, lang, rel)
            targets = dict((hreflang, href) for href, hreflang in switch.findall(page.read_text(encoding="utf-8")))
            assert set(targets) == set(LANGS), f"{page}: switcher offers {sorted(targets)}"
            for other, href in targets.items():
                target, _ = _target(site, page, href)
                assert target == _out(site, other, rel), f"{lang}/{rel} -> {other} goes to {href}"


def test_missing_translations_fall_back_to_english_visibly(site: BuiltSite) -> None:
    fallbacks = 0
    for rel, by_lang in _source_pages().items():
        if DEFAULT_LANG not in by_lang:
            continue
        for lang in LANGS:
            html = _out(site, lang, _rel_dir(rel)).read_text(encoding="utf-8")
            notice = text(lang, "fallback_page_body")
            if lang in by_lang:
                assert notice not in html, f"{lang}/{rel} is translated but flagged"
            else:
                fallbacks += 1
                assert notice in html, f"{lang}/{rel} shows English without saying so"
    print(f"\npages shown in English for want of a translation: {fallbacks}")


def test_search_index_holds_every_language(site: BuiltSite, table: rules.FanTable) -> None:
    titles = set()
    for lang in LANGS:   # one index per language (generator/site/site_search.py), each with its own pages only
        name = "search_index.json" if lang == DEFAULT_LANG else f"search_index.{lang}.json"
        index = json.loads((site.output / "search" / name).read_text(encoding="utf-8"))
        assert {"en", "zh", "es", "ko"} <= set(index["config"]["lang"])
        assert "\\u200b" in index["config"]["separator"]
        others = tuple(f"{other}/" for other in LANGS if other not in (lang, DEFAULT_LANG))
        assert index["docs"] and not [d for d in index["docs"] if d["location"].startswith(others)]
        if lang != DEFAULT_LANG:
            assert all(d["location"].startswith(f"{lang}/") for d in index["docs"])
        titles |= {(doc["location"], doc["title"]) for doc in index["docs"]}
    for fan in table.fans:
        for lang in LANGS:
            name = fan.names.get(lang)
            if not name:
                continue
            prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
            # jieba splits Chinese text with zero-width spaces: a fan name must stay one word.
            expected = name if lang != "zh" else name.replace("\u200b", "")
            assert any(loc == f"{prefix}fans/{fan.id}/" and title.replace("\u200b", "") == expected
                       for loc, title in titles), f"{lang}: {name}"
    zh_titles = [t for loc, t in titles if loc.startswith("zh/fans/") and loc.count("/") == 3]
    assert "清一色" in zh_titles


def test_images_have_alt_text_in_the_page_language(site: BuiltSite) -> None:
    zh = _out(site, "zh", "fans/full_flush").read_text(encoding="utf-8")
    es = _out(site, "es", "fans/full_flush").read_text(encoding="utf-8")
    assert re.search(r'<img class="mcr-tile[^"]*" src="[^"]+" alt="[一二三四五六七八九][万饼条]"', zh)
    assert re.search(r'<img class="mcr-tile[^"]*" src="[^"]+" alt="\d de (caracteres|círculos|bambú)"', es)
    for page in _html_files(site):
        assert not re.search(r'<img(?![^>]*\salt="[^"]+")[^>]*class="mcr-tile', page.read_text(encoding="utf-8")), page


def test_a_chinese_build_gives_the_whole_build_s_files(site: BuiltSite, tmp_path: Path) -> None:
    # English and Chinese (the language with the most of its own: the fan index's pinyin,
    # unspaced lines) built again, in another process at another time, against the shared
    # whole build: what would make builds differ (a set's order, which changes with each
    # process's hash seed, a time, a zip's dates) shows in any language, and a file one
    # language's build leaves for another (the root's 404 page and web app manifest were the
    # last language's) shows too. One build in place of two (a second took 40-80 s).
    again = run_build(tmp_path / "again", languages=("zh",))
    assert again.returncode == 0, again.log[-3000:]
    differ = build_differences(again.output, site.output, (DEFAULT_LANG, "zh"), LANGS, DEFAULT_LANG)
    assert not differ, f"the Chinese build and the whole one differ: {differ[:20]}"


def test_the_root_s_404_page_and_each_manifest_are_in_their_own_language(site: BuiltSite) -> None:
    """static-i18n writes the root's files once per language: the 404 page answering every
    missing address was the language built last (Japanese), and so was the description in the
    default language's web app manifest."""
    root = (site.output / "404.html").read_text(encoding="utf-8")
    assert f'<html lang="{DEFAULT_LANG}"' in root and f"<h1>{escape(TEXT[DEFAULT_LANG]['not_found_title'])}</h1>" in root
    # The root's page, asked for an address in another language's folder, shows that
    # language's page (site/assets/mcr/not-found.js): each is in its folder, in its language.
    assert 'src="/assets/mcr/not-found.js"' in root
    for lang in (code for code in LANGS if code != DEFAULT_LANG):
        assert f"&#34;{lang}&#34;: &#34;/{lang}/404.html&#34;" in root, lang
        page = (site.output / lang / "404.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in page and f"<h1>{escape(TEXT[lang]['not_found_title'])}</h1>" in page, lang
        assert f'<a href="/{lang}/">{escape(TEXT[lang]["not_found_home"])}</a>' in page, lang
    config = read_yaml(ROOT / "mkdocs.yml")
    described = {lang["locale"]: lang["site_description"]
                 for plugin in config["plugins"] if isinstance(plugin, dict) and "i18n" in plugin
                 for lang in plugin["i18n"]["languages"]}
    assert described[DEFAULT_LANG] == config["site_description"]
    for lang in LANGS:
        folder = site.output if lang == DEFAULT_LANG else site.output / lang
        app = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert (app["lang"], app["description"]) == (lang, described[lang])


NAV_LINK = re.compile(r'<a href="([^"]*)" class="md-nav__link[^"]*"')


def _menu_fans(site: BuiltSite, page: str, table: rules.FanTable) -> list[str]:
    """The fans' pages the menu (not the text) of `page` links to."""
    fan_page = re.compile(r"/fans/(" + "|".join(f.id for f in table.fans) + r")/")
    html = _out(site, DEFAULT_LANG, page).read_text(encoding="utf-8")
    return [href for href in NAV_LINK.findall(html) if fan_page.fullmatch(urlsplit(urljoin(f"/{page}/", href)).path)]


def test_a_page_carries_the_navigation_around_it_not_every_fan(site: BuiltSite, table: rules.FanTable) -> None:
    """navigation.prune: a rulebook page's menu names the fans' section, not its 81 pages (it
    did, on every page: most of a short page's weight); a fan's page lists the others."""
    assert _menu_fans(site, "rulebook/scoring", table) == []
    assert len(_menu_fans(site, "fans/big_four_winds", table)) >= len(table.fans) - 1


def test_a_page_not_yet_translated_builds_and_shows_english(tmp_path: Path) -> None:
    """Remove one Korean page from a copy of the sources: the strict build still passes
    and the Korean site shows the English page under a visible notice."""
    docs = tmp_path / "docs"
    shutil.copytree(SOURCES, docs)   # site/ is hand-written only: the build adds the generated files
    # A page without check blocks: the rules bank is built from every language's checks, and
    # checks missing in one language leave it stale, which the build refuses. Every rulebook
    # chapter has checks now, so the page is another one (the quick start).
    page = next(iter(sorted(p for p in (docs / "ko").rglob("*.md")
                            if p.name != "index.md" and "```check" not in p.read_text(encoding="utf-8"))))
    rel = page.relative_to(docs / "ko")
    page.unlink()
    done = build_sources(docs, tmp_path, languages=("ko",))
    assert done.returncode == 0 and "WARNING" not in done.stderr, done.stderr[-3000:]
    html = (tmp_path / "out" / "ko" / rel.with_suffix("") / "index.html").read_text(encoding="utf-8")
    english_title = (SOURCES / "en" / rel).read_text(encoding="utf-8").splitlines()[0]
    assert text("ko", "fallback_page_body") in html
    assert re.sub(r"\s*\{#[\w-]+\}$", "", english_title.removeprefix("# ")) in html
    assert '<html lang="ko"' in html            # the Korean site around the English text
    # Built with --languages ko: the menu offers the languages built, and no page of another.
    assert sorted(set(re.findall(r'hreflang="([a-z]+)"', html))) == ["en", "ko"]
    assert not (tmp_path / "out" / "zh").exists()


def test_the_fans_chapter_shows_the_generated_index(site: BuiltSite, table: rules.FanTable) -> None:
    pungs = table.fan("all_pungs")
    for lang in LANGS:
        html = _out(site, lang, "rulebook/fans").read_text(encoding="utf-8")
        assert "fan-index" not in html and 'id="points-88"' in html and 'id="family-pungs"' in html, lang
        assert html.count('href="../../fans/all_pungs/"') >= 2, lang   # in the table by points and in its family
    assert f"{pungs.names['zh']} {pungs.pinyin}" in _out(site, "en", "rulebook/fans").read_text(encoding="utf-8")


def test_the_build_writes_nothing_into_site_and_removes_its_docs_folder(site: BuiltSite) -> None:
    assert site.sources_changed == ()
    assert site.docs_folders_left == ()


def test_the_footer_credits_the_theme_in_the_page_s_language(site: BuiltSite) -> None:
    """Material writes "Made with" in English in every language's footer."""
    credit = re.compile(r'<div class="md-copyright">(.*?)</div>', re.S)
    footers = {lang: " ".join(credit.search(_out(site, lang, "").read_text(encoding="utf-8")).group(1).split())
               for lang in LANGS}
    link = '<a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">Material for MkDocs</a>'
    assert footers["fr"] == f"Réalisé avec {link}"
    assert footers["ja"] == f"{link} で作成"
    assert footers[DEFAULT_LANG] == f"Made with {link}"
    assert [lang for lang, footer in footers.items() if lang != DEFAULT_LANG and "Made with" in footer] == []
