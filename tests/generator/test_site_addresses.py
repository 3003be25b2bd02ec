"""The built site's addresses: the rulings have one home (the rulebook's Rulings chapter) and
the old /rulings/ leads there; /en/ and /en/<page>/ lead to the English pages at the root;
the fans a ruling concerns are listed under it, and a ruling that concerns none has no
empty "Fans concerned:" label."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

import rules
from generator.site.site_text import DEFAULT_LANG, LANGS, text

from ..site_build_support import BuiltSite, built_site

pytestmark = pytest.mark.slow

REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; url=([^"]+)">')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]+)">')
# The script (a file: the Content-Security-Policy runs no inline one) goes to the canonical link.
SCRIPT = re.compile(r'<script src="([^"]+/assets/mcr/redirect\.js)"></script>')
HREF = re.compile(r'\shref="([^"]*)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    built = built_site(tmp_path_factory)
    assert built.returncode == 0, f"the strict build failed:\n{built.log[-4000:]}"
    return built


def _prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


def _lang_of(site: BuiltSite, page: Path) -> str:
    first = page.relative_to(site.output).parts[0]
    return first if first in LANGS and first != DEFAULT_LANG else DEFAULT_LANG


def _resolve(site: BuiltSite, page: Path, url: str) -> Path:
    """The file a relative URL in `page` leads to (a folder's index.html)."""
    path = urlsplit(urljoin("http://site/" + page.relative_to(site.output).as_posix(), url)).path
    target = site.output / path.lstrip("/")
    return target / "index.html" if path.endswith("/") else target


def _leads_to(site: BuiltSite, page: Path) -> Path:
    """Where a redirect page leads: its refresh and canonical link (which its script follows)
    must agree."""
    html = page.read_text(encoding="utf-8")
    found = [pattern.search(html) for pattern in (REFRESH, CANONICAL, SCRIPT)]
    assert all(found), f"{page} is not a redirect page (refresh, canonical link, script)"
    assert _resolve(site, page, found[2].group(1)).is_file(), f"{page}: its script is missing"
    targets = {_resolve(site, page, m.group(1)) for m in found[:2] if m}
    assert len(targets) == 1, f"{page} leads to several places: {targets}"
    return targets.pop()


def test_the_rulings_have_one_home_and_the_old_address_leads_there(site: BuiltSite, table: rules.FanTable) -> None:
    # The page carrying the rulings is the one with a section for each: an element whose id is
    # the ruling's (fan pages show a fan's rulings under other ids, "ruling-<id>").
    ids = [f'id="{r.id}"' for r in table.rulings]
    carriers: dict[str, list[Path]] = {lang: [] for lang in LANGS}
    for page in sorted(site.output.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if all(i in html for i in ids):
            carriers[_lang_of(site, page)].append(page)
    for lang in LANGS:
        chapter = site.output / _prefix(lang) / "rulebook/rulings/index.html"
        assert carriers[lang] == [chapter], f"{lang}: the rulings are on {carriers[lang]}"
        old = site.output / _prefix(lang) / "rulings/index.html"
        assert old.is_file(), f"{lang}: the old address /rulings/ is gone"
        assert _leads_to(site, old) == chapter
    # Nothing on the site still links to the old address: the redirect is for outside links.
    old_pages = {site.output / _prefix(lang) / "rulings/index.html" for lang in LANGS}
    linking = [page for page in site.output.rglob("*.html") if page not in old_pages
               and "/en/" not in f"/{page.relative_to(site.output).as_posix()}"
               and any(_resolve(site, page, url) in old_pages for url in HREF.findall(page.read_text(encoding="utf-8")))]
    assert not linking, f"pages linking to the old rulings address: {linking[:5]}"


def test_english_is_reached_under_en_too(site: BuiltSite) -> None:
    others = {lang for lang in LANGS if lang != DEFAULT_LANG} | {DEFAULT_LANG, "assets", "search"}
    pages = [p for p in site.output.rglob("index.html") if p.relative_to(site.output).parts[0] not in others
             and not REFRESH.search(p.read_text(encoding="utf-8"))]
    assert site.output / "index.html" in pages and site.output / "rulebook/play/index.html" in pages
    for page in pages:
        alias = site.output / DEFAULT_LANG / page.relative_to(site.output)
        assert alias.is_file(), f"{alias.relative_to(site.output)} is missing"
        assert _leads_to(site, alias) == page
        assert '<html lang="en">' in alias.read_text(encoding="utf-8")
    # The old rulings address in English, too, goes straight to the chapter.
    assert _leads_to(site, site.output / DEFAULT_LANG / "rulings/index.html") == site.output / "rulebook/rulings/index.html"


def _concerned(table: rules.FanTable, ruling: rules.Ruling) -> set[str]:
    return set(ruling.fans) | {f.id for f in table.fans if ruling.id in f.rulings}


def test_fans_concerned_never_printed_empty(site: BuiltSite, table: rules.FanTable) -> None:
    # Take the highest ties is about which of two equal readings is shown: it names no fan
    # (fans.yaml: `fans: []`, and no fan lists it), so it is the case of a ruling with no fans.
    assert _concerned(table, next(r for r in table.rulings if r.id == "take_the_highest_ties")) == set()
    with_fans = [r for r in table.rulings if _concerned(table, r)]
    for lang in LANGS:
        label = re.escape(f"<strong>{text(lang, 'ruling_fans')}</strong>{text(lang, 'colon')}")
        for page in sorted((site.output / _prefix(lang)).rglob("*.html")):
            html = page.read_text(encoding="utf-8")
            for found in re.finditer(label + r"\s*(.{0,40})", html):
                assert found.group(1).startswith("<a "), f"{page}: the label has no fan after it: {found.group(0)!r}"
        chapter = (site.output / _prefix(lang) / "rulebook/rulings/index.html").read_text(encoding="utf-8")
        sections = re.split(r'<h[23] id="', chapter)
        labelled = {s.split('"', 1)[0] for s in sections if re.search(label, s)}
        assert labelled == {r.id for r in with_fans}, f"{lang}: fans concerned under {sorted(labelled)}"
        for r in with_fans:   # each fan it concerns, linked
            section = next(s for s in sections if s.startswith(f'{r.id}"'))
            line = section[re.search(label, section).end():].split("</p>", 1)[0]
            assert set(re.findall(r'href="\.\./\.\./fans/(\w+)/"', line)) == _concerned(table, r), f"{lang} {r.id}"
