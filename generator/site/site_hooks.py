"""MkDocs hooks of the rules site (mkdocs.yml: `hooks: [generator/site/site_hooks.py]`).

- on_config: assemble the build's own docs folder (generator/site/generate.py: site/, which
  is only read, plus every generated file) once per build of all languages, point MkDocs at
  it, and set the navigation in the language being built (and the site's address when the
  build was given one: generator/site/site_address.py);
- on_page_markdown: draw every `hand` block (checked against the engine: a wrong one
  fails the build with file and line), fold every `check` block into a "Check yourself"
  box (a malformed one fails the build the same way), and flag pages shown in English
  for want of a translation;
- on_page_content: put the drawings in place;
- on_post_template, on_post_build: the root's 404 page in the default language, each other
  language's in its folder;
- on_serve: watch site/ rather than the assembled folder; on_shutdown: remove that folder.

Because the hook runs the page generators, `mkdocs build` and `mkdocs serve` work directly.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.meta import YAML_RE

from rules import OtherCount, ScoreResult

from generator.site.generate import Assembly, AssemblyError, assemble_docs, new_docs_folder
from generator.site.diagrams import DIAGRAMS, diagram_html   # issue 14: rulebook diagrams
from generator.site.diagrams.block import diagram_problems, read_diagrams
from generator.site.hand_block import (HandBlock, HandBlockError, HandFence, check_block, check_editions,
                                      find_hand_fences, read_block, same_total_counts)
from generator.site.hand_render import RenderContext, render_hand
from generator.site.bank_guard import stale_bank_problems
from generator.site.check_render import check_markdown
from generator.site.content_policy import CONTENT_SECURITY_POLICY
from generator.site.plain_texts import table_markup_problems
from generator.site.fan_index import expand_fan_indexes, read_fan_indexes
from generator.site.cjk_lines import UNSPACED, join_cjk_lines
from generator.quizzes.check_blocks import CheckBlockError, CheckFence, read_check, scan as scan_checks
from generator.site.markdown_text import TILE_ASSETS, URL_TOKEN, md_strings
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_search import fix_han_segmentation, split_search_index
from generator.site.site_nav import build_nav
from generator.site.site_text import DEFAULT_LANG, LANGS, TEXT
from generator.site.footer_text import made_with_values
from generator.site.built_languages import LanguageChoiceError, built_languages, chosen_languages, limit_builds
# Site defects (issue 14): the rulings chapter lists each ruling's fans; moved pages and /en/ lead on.
from generator.site.not_found_pages import PAGE as NOT_FOUND_PAGE, NotFoundPages
from generator.site.site_address import SiteAddressError, published_url
from generator.site.not_found_pages import template_values as not_found_values
from generator.site.redirect_pages import RedirectError, write_redirects
from generator.site.rulings_page import CHAPTER as RULINGS_CHAPTER, with_fans_concerned

log = logging.getLogger("mkdocs.hooks.mcr_site")

# A hand block becomes a token in the Markdown, and the token its drawing in the HTML.
# The token carries a seal made from the page's own Markdown, which that Markdown cannot
# contain, so text in a page can never pass for one (a page quoting "MCRHANDBLOCK0X" took
# another page's drawing, or failed with a KeyError); it stays the same from build to build.
_TOKEN = "MCRHANDBLOCK{seal}N{number}X"
_TOKEN_IN_HTML = re.compile(r"(?:<p>)?(?P<token>MCRHANDBLOCK[0-9a-f]{16}N\d+X)(?:</p>)?")
# A fixed, documented date for reproducible builds when git cannot give one.
_FALLBACK_EPOCH = "315532800"   # 1980-01-01, the ZIP epoch


@dataclass
class _State:
    data: SiteData | None = None
    results: dict[HandBlock, ScoreResult | None] = field(default_factory=dict)
    others: dict[HandBlock, dict[str, ScoreResult]] = field(default_factory=dict)  # other editions' results
    same_total: dict[HandBlock, tuple[OtherCount, ...]] = field(default_factory=dict)  # other counts of the total
    drawings: dict[str, str] = field(default_factory=dict)      # token -> HTML, until placed
    sources: Path | None = None          # the hand-written docs (site/), as mkdocs.yml names them
    docs: Path | None = None             # this process's assembled docs folder
    assembly: Assembly | None = None
    not_found: NotFoundPages = field(default_factory=NotFoundPages)   # each language's 404 page, as rendered
    url_files: Files | None = None       # the files whose addresses file_urls holds
    file_urls: dict[str, str | None] = field(default_factory=dict)


_state = _State()


def _repo_root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path or ".").resolve().parent


def on_startup(command: str, dirty: bool) -> None:
    # Reproducible output: MkDocs dates the sitemap from SOURCE_DATE_EPOCH when it is set.
    if "SOURCE_DATE_EPOCH" not in os.environ:
        os.environ["SOURCE_DATE_EPOCH"] = _commit_epoch()
    logging.getLogger("jieba").setLevel(logging.WARNING)


def _commit_epoch() -> str:
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True, text=True,
                             timeout=10, cwd=Path(__file__).resolve().parent, check=False).stdout.strip()
    except OSError:
        out = ""
    return out if out.isdigit() else _FALLBACK_EPOCH


def _i18n(config: MkDocsConfig) -> tuple[str, bool]:
    """(the language being built, whether this is one of static-i18n's nested builds)."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return DEFAULT_LANG, False
    lang = getattr(plugin, "current_language", None) or getattr(plugin, "default_language", None)
    return (lang if lang in LANGS else DEFAULT_LANG), bool(getattr(plugin, "building", False))


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    lang, nested = _i18n(config)
    if not nested or _state.data is None:
        # First build of a round (static-i18n then builds the other languages itself, on this
        # config); config.docs_dir is still the hand-written folder that mkdocs.yml names.
        try:   # before static-i18n reads which languages to build (its on_config runs last)
            limit_builds(config, chosen_languages())
        except LanguageChoiceError as err:
            raise PluginError(str(err)) from None
        try:
            _state.data = load_site_data()
        except Exception as err:  # a broken fans.yaml: say where, stop the build
            raise PluginError(f"cannot load the fan table: {err}") from None
        markup = table_markup_problems(_state.data.fans_path, str(_state.data.fans_path))
        if markup:   # a text the pages show as written (the pages escape it; the author learns it here)
            raise PluginError("texts that hold markup:\n" + "\n".join(markup))
        _state.results.clear()
        _state.same_total.clear()
        _state.others.clear()
        _state.not_found.clear()
        sources = Path(config.docs_dir).resolve()
        stale = stale_bank_problems(_state.data, sources, _repo_root(config))
        if stale:   # before anything is built: the quiz pages would teach another table's answers
            raise PluginError("stale quiz bank(s):\n" + "\n".join(stale))
        _assemble(sources, _repo_root(config))
        _teach_jieba(_state.data)
    assert _state.docs is not None
    try:   # in every language's build: the 404 pages take their addresses from it
        config.site_url = published_url() or config.site_url
    except SiteAddressError as err:
        raise PluginError(str(err)) from None
    config.docs_dir = str(_state.docs)
    config.nav = build_nav(_state.docs, _state.data, lang)
    config.extra["content_security_policy"] = CONTENT_SECURITY_POLICY   # the theme's <meta> (main.html)
    # The heading anchors' title, which mkdocs.yml can give in one language only.
    config.mdx_configs.setdefault("toc", {})["permalink_title"] = TEXT[lang]["permalink_title"]
    config.extra["not_found"] = not_found_values(lang)   # the theme's 404.html
    config.extra["made_with"] = made_with_values(lang)   # the footer's credit (partials/copyright.html)
    return config


def _assemble(sources: Path, project: Path) -> None:
    assert _state.data is not None
    if _state.docs is None or not _state.docs.is_dir():
        _state.docs = new_docs_folder(project)
    _state.sources = sources
    try:
        _state.assembly = assemble_docs(sources, _state.docs, _state.data)
    except AssemblyError as err:
        raise PluginError(str(err)) from None
    done = _state.assembly
    pages = [(os.path.relpath(path, project), path.read_text(encoding="utf-8"))
             for rel, path in sorted(done.hand_written.items()) if rel.endswith(".md")]
    bad_diagrams = diagram_problems(pages, tuple(DIAGRAMS))
    if bad_diagrams:   # before any page is rendered, not when its language comes
        raise PluginError("invalid diagram block(s):\n" + "\n".join(bad_diagrams))
    log.info("docs assembled in %s: %d hand-written and %d generated files (%d changed, %d removed)",
             done.docs, len(done.hand_written), len(done.generated), len(done.changed), len(done.removed))
    if done.leftovers:
        log.info("left out %d generated file(s) an older build wrote into %s (safe to delete), as %s",
                 len(done.leftovers), sources, done.leftovers[0])


def on_serve(server, config: MkDocsConfig, builder):  # noqa: ANN001 - MkDocs' LiveReloadServer and builder
    """Rebuild on an edit of the hand-written sources, not of the folder the build writes."""
    if _state.docs is not None and _state.sources is not None:
        server.unwatch(str(_state.docs))
        server.watch(str(_state.sources))
    return server


def on_shutdown() -> None:
    if _state.docs is not None:
        shutil.rmtree(_state.docs, ignore_errors=True)
        _state.docs = None


def _source_path(page: Page, config: MkDocsConfig) -> str:
    """Where a page's Markdown comes from, for messages: its file in site/ (relative to the
    project), or the docs path of a generated page."""
    src, assembly = page.file.src_uri, _state.assembly
    if assembly is None:   # the hook called on its own (tests): the page's file as it is
        return os.path.relpath(page.file.abs_src_path or page.file.src_path, _repo_root(config))
    if src in assembly.hand_written:
        return os.path.relpath(assembly.hand_written[src], _repo_root(config))
    return f"{src} (generated)"


def _teach_jieba(data: SiteData) -> None:
    """Index each Chinese and Japanese fan name as one word, so searching 清一色 finds 清一色
    (jieba cuts the kanji of Japanese pages too: the search plugin segments all Han text)."""
    try:
        import jieba  # noqa: PLC0415 - only the search plugin needs it
    except ImportError:
        return
    for fan in data.table.fans:
        for lang in ("zh", "ja"):
            name = fan.names.get(lang)
            if name:
                jieba.add_word(name)
        # Other names, as 一気通貫 for 清龍: each word before its parenthesised gloss.
        for other in fan.other_names.values():
            for word in re.split(r"[・、]", re.sub(r"（.*?）|\(.*?\)", "", other)):
                if word.strip():
                    jieba.add_word(word.strip())


def _build_language(page: Page) -> tuple[str, str]:
    """(the language of the build, the language the page's source is written in)."""
    build = getattr(page.file, "locale_alternate_of", None) or DEFAULT_LANG
    source = getattr(page.file, "locale", None) or build
    return (build if build in LANGS else DEFAULT_LANG), source


def _line_offset(page: Page) -> int:
    """Lines of front matter MkDocs removed before handing us the Markdown."""
    raw = page.file.content_string
    meta = YAML_RE.match(raw)
    return raw[:meta.end()].count("\n") if meta else 0


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    lang, source_lang = _build_language(page)
    assert _state.data is not None
    markdown = URL_TOKEN.sub(lambda m: _token_url(files, m, page), markdown)
    rel_path = _source_path(page, config)
    offset = _line_offset(page)
    markdown = _place_diagrams(markdown, lang, rel_path, offset)   # issue 14
    index_blocks, index_errors = read_fan_indexes(markdown, _state.data, offset)   # read where the lines are the file's
    errors = [f"{rel_path}:{err.line}: {err.message}" for err in index_errors]
    lines = _with_blocks_drawn(markdown, _render_context(page, files, lang), rel_path, offset, errors)
    if errors:
        raise PluginError("invalid hand, check or fan-index block(s):\n" + "\n".join(reversed(errors)))
    if index_blocks:   # last of the blocks: the index is longer than its block, and the lines above are reported
        lines = _with_fan_indexes(lines, lang, page)
    if source_lang != lang:
        lines = _with_fallback_notice(lines, lang)
    if page.file.src_uri.split("/", 1)[-1] == RULINGS_CHAPTER:   # after the blocks: their line numbers hold
        lines = with_fans_concerned(lines, _state.data, lang)
    if source_lang in UNSPACED:   # last: every line number has been reported
        return join_cjk_lines("\n".join(lines))
    return "\n".join(lines)


def _render_context(page: Page, files: Files, lang: str) -> RenderContext:
    """How a hand drawn on this page links its fans, principles and editions, and finds its tiles."""
    assert _state.data is not None
    tiles = _url(files, f"{TILE_ASSETS}/back.svg", page).removesuffix("back.svg")
    fan_urls: dict[str, str] = {}

    def fan_href(fan_id: str) -> str:
        if fan_id not in fan_urls:
            fan_urls[fan_id] = _url(files, f"fans/{fan_id}.md", page)
        return fan_urls[fan_id]

    scoring = files.get_file_from_path("rulebook/scoring.md")   # explains each principle, when written
    scoring_url = get_relative_url(scoring.url, page.url) if scoring is not None else None

    def principle_href(principle: str) -> str | None:
        return f"{scoring_url}#{principle.replace('_', '-')}" if scoring_url else None

    editions_page = files.get_file_from_path("editions.md")
    return RenderContext(lang=lang, table=_state.data.table, tile_src=lambda name: tiles + name, fan_href=fan_href,
                         principle_href=principle_href, edition_tables=_state.data.other_editions,
                         editions_href=get_relative_url(editions_page.url, page.url) if editions_page else None)


def _with_blocks_drawn(markdown: str, ctx: RenderContext, rel_path: str, offset: int, errors: list[str]) -> list[str]:
    """The page's lines with each hand and check block replaced by a token for its drawing
    (kept in _state.drawings); each bad block adds a problem to `errors`."""
    lines = markdown.split("\n")
    seal = hashlib.sha256(f"{ctx.lang}\n{markdown}".encode("utf-8")).hexdigest()[:16]
    # Both kinds are replaced from the bottom up, so each fence's lines are still its own.
    fences = sorted([(f.first_line, "hand", f) for f in find_hand_fences(markdown)]
                    + [(f.first_line, "check", f) for f in scan_checks(markdown).fences],
                    key=lambda item: item[0], reverse=True)
    for number, (_, kind, fence) in zip(range(len(fences) - 1, -1, -1), fences):
        token = _TOKEN.format(seal=seal, number=number)
        draw = _check_lines if kind == "check" else _hand_lines
        try:
            lines[fence.first_line - 1:fence.last_line] = draw(fence, token, ctx, offset)
        except CheckBlockError as err:
            errors.append(f"{rel_path}:{err.line + offset}: {err.message}")
        except HandBlockError as err:
            errors.append(f"{rel_path}:{err.line}: {err.message}")
    return lines


def _check_lines(fence: CheckFence, token: str, ctx: RenderContext, offset: int) -> list[str]:
    """A check block's Markdown, its hand (if any) drawn under `token`."""
    check = read_check(fence)
    hand_token = None
    if check.hand is not None:
        hand_token = token
        drawn = HandBlock(check.hand, check.situation, None, None, False, fence.first_line + offset)
        _state.drawings[token] = render_hand(drawn, None, ctx)
    return [fence.indent + line if line else "" for line in check_markdown(check, ctx.lang, hand_token)]


def _hand_lines(fence: HandFence, token: str, ctx: RenderContext, offset: int) -> list[str]:
    """A hand block scored (once per build) and drawn under `token`."""
    assert _state.data is not None
    block = read_block(fence, offset)
    if block not in _state.results:
        _state.results[block] = check_block(block, _state.data.table)
        _state.others[block] = check_editions(block, _state.results[block], _state.data.other_editions)
        _state.same_total[block] = same_total_counts(block, _state.results[block], _state.data.table)
    _state.drawings[token] = render_hand(block, _state.results[block], ctx, others=_state.others[block],
                                         same_total=_state.same_total[block])
    return [fence.indent + token]


def _with_fan_indexes(lines: list[str], lang: str, page: Page) -> list[str]:
    assert _state.data is not None
    markdown = "\n".join(lines)
    blocks, _ = read_fan_indexes(markdown, _state.data)   # where they stand now, the other blocks drawn
    neutral = page.file.src_uri.split("/", 1)[-1]          # "rulebook/fans.md", whatever the language folder
    return expand_fan_indexes(markdown, blocks, _state.data, lang, neutral).split("\n")


# --- Rulebook diagrams (issue 14) -----------------------------------------------------------
# A ```diagram block (generator/site/diagrams/block.py) becomes its drawing in the page's language,
# through a token like a hand block's. An unknown name fails the build with file and line.

def _place_diagrams(markdown: str, lang: str, rel_path: str, offset: int) -> str:
    blocks, errors = read_diagrams(markdown, tuple(DIAGRAMS), offset)
    if errors:
        raise PluginError("invalid diagram block(s):\n" + "\n".join(f"{rel_path}:{e.line}: {e.message}"
                                                                    for e in errors))
    lines = markdown.split("\n")
    seal = hashlib.sha256(f"diagram\n{lang}\n{markdown}".encode("utf-8")).hexdigest()[:16]
    for number, block in enumerate(blocks):
        token = _TOKEN.format(seal=seal, number=number)
        _state.drawings[token] = diagram_html(block.name, lang)
        # As many lines as the block had: the blocks below keep their line numbers for messages.
        height = block.last_line - block.first_line + 1
        lines[block.first_line - 1:block.last_line] = ["", block.indent + token] + [""] * (height - 2)
    return "\n".join(lines)

# --- end of rulebook diagrams ---------------------------------------------------------------


def _file_url(files: Files, src_path: str) -> str | None:
    """The site address of a source file, or None. Looked up once per language's files:
    static-i18n's lookup builds paths each time, and every tile of every drawn hand asks."""
    if _state.url_files is not files:
        _state.url_files, _state.file_urls = files, {}
    if src_path not in _state.file_urls:
        target = files.get_file_from_path(src_path)
        _state.file_urls[src_path] = target.url if target is not None else None
    return _state.file_urls[src_path]


def _url(files: Files, src_path: str, page: Page) -> str:
    target = _file_url(files, src_path)
    if target is None:
        raise PluginError(f"{page.file.src_uri}: the site has no {src_path}")
    return get_relative_url(target, page.url)


def _token_url(files: Files, token: re.Match[str], page: Page) -> str:
    """A url_token() of a page generator, as a URL relative to the page."""
    optional, src_path = token.group(1) == "?", token.group(2)
    if optional and _file_url(files, src_path) is None:
        return ""
    return _url(files, src_path, page)


def _with_fallback_notice(lines: list[str], lang: str) -> list[str]:
    """A visible notice under the title of a page shown in English for want of a translation."""
    t = md_strings(TEXT, "site", lang)
    title = t("fallback_page_title").replace('"', "&quot;")   # an admonition's title sits in double quotes
    notice = [f'!!! warning "{title}"', "", f"    {t('fallback_page_body')}", ""]
    at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
    return lines[:at] + [""] + notice + lines[at:]


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # A token of this page becomes its drawing; anything else shaped like one is text.
    return _TOKEN_IN_HTML.sub(lambda m: _state.drawings.pop(m["token"], m[0]), html)


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """static-i18n renders the theme's 404 page once per language into the same file at the
    site's root, so the language built last (Japanese) answered every missing address: the
    root's is the default language's, which is built first; the others are written into
    their folders after the build (generator/site/not_found_pages.py)."""
    if template_name != NOT_FOUND_PAGE:
        return output
    lang, _ = _i18n(config)
    return _state.not_found.keep(lang, output)


@event_priority(-200)   # after static-i18n's post_build (-100), which writes the index of all languages
def on_post_build(config: MkDocsConfig) -> None:
    # The nested builds of the other languages skip this; the outer build ends with it.
    _, nested = _i18n(config)
    if not nested:
        counts = split_search_index(Path(config.site_dir), built_languages(config), DEFAULT_LANG)
        log.info("search index split by language: %s; Chinese query segmentation fixed in %d worker(s)",
                 counts, fix_han_segmentation(Path(config.site_dir)))
        log.info("404 pages of %d other language(s) written", _state.not_found.write(Path(config.site_dir)))
        try:   # moved pages and /en/<page>/ lead to their place
            log.info("%d redirect pages written", write_redirects(Path(config.site_dir), built_languages(config)))
        except RedirectError as err:
            raise PluginError(str(err)) from None
