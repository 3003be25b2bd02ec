"""Pages that only lead elsewhere, written into the built site once MkDocs is done.

- Pages that moved keep their old address: /rulings/ (in every language) leads to the
  rulebook's Rulings chapter, which is now the only home of the rulings.
- English, the default language, is built at the site's root (mkdocs-static-i18n), so
  /en/ was a 404; /en/<page>/ now leads to /<page>/.

Each is real HTML in the page's language: a canonical link, a script that keeps the query
and the #anchor (a meta refresh drops the anchor), a meta refresh for readers without
JavaScript, and a plain link.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .content_policy import policy_meta
from .site_text import DEFAULT_LANG, LANGS, text

# Old page folder -> its new place, the same in every language.
MOVED = {"rulings/": "rulebook/rulings/"}
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_REFRESH = '<meta http-equiv="refresh"'
REDIRECT_SCRIPT = "assets/mcr/redirect.js"   # hand-written, in site/


class RedirectError(ValueError):
    """A redirect that would overwrite a page or lead nowhere."""


@dataclass(frozen=True, slots=True)
class Redirect:
    source: str   # the old page's folder in the built site: "zh/rulings/" ("" is the home)
    target: str   # the folder it leads to: "zh/rulebook/rulings/"
    lang: str


def _prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


def _built_pages(site_dir: Path) -> list[str]:
    """The folders of the default language's pages: "", "fans/", "rulebook/play/", ... (not
    the redirect pages of an earlier run)."""
    others = tuple(f"{lang}/" for lang in LANGS if lang != DEFAULT_LANG) + (f"{DEFAULT_LANG}/", "assets/")
    folders = []
    for page in site_dir.rglob("index.html"):
        rel = page.parent.relative_to(site_dir).as_posix()
        folder = "" if rel == "." else rel + "/"
        if not folder.startswith(others) and _REFRESH not in page.read_text(encoding="utf-8"):   # not ours
            folders.append(folder)
    return sorted(folders)


def site_redirects(site_dir: Path, langs: tuple[str, ...] = LANGS) -> list[Redirect]:
    """Every redirect of the built site in `site_dir` (read before any is written), for the
    languages built."""
    found = [Redirect(_prefix(lang) + old, _prefix(lang) + new, lang) for lang in langs for old, new in MOVED.items()]
    english = f"{DEFAULT_LANG}/"
    found += [Redirect(english + folder, folder, DEFAULT_LANG) for folder in _built_pages(site_dir)]
    found += [Redirect(english + old, new, DEFAULT_LANG) for old, new in MOVED.items()]
    return found


def relative_href(source: str, target: str) -> str:
    """The link from the folder `source` to the folder `target`, both relative to the site."""
    rel = posixpath.relpath(target.rstrip("/") or ".", source.rstrip("/") or ".")
    return "./" if rel == "." else rel + "/"


def redirect_html(redirect: Redirect, href: str, title: str) -> str:
    """The page at `redirect.source`: `title` is the target's <title>, already HTML."""
    link = f'<a href="{escape(href)}">{title}</a>'
    # The sentence is escaped around the link, which is HTML already.
    body = escape(text(redirect.lang, "moved_body", link="\0")).replace("\0", link)
    return "\n".join([
        "<!doctype html>",
        f'<html lang="{redirect.lang}">',
        "<head>",
        '<meta charset="utf-8">',
        policy_meta(),
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(text(redirect.lang, 'moved_title'))}</title>",
        f'<link rel="canonical" href="{escape(href)}">',
        '<meta name="robots" content="noindex">',
        # Before the refresh: it keeps ?query and #anchor, which the refresh would drop. A file,
        # as the Content-Security-Policy runs no inline script; it reads the canonical link.
        f'<script src="{escape(relative_href(redirect.source, "") + REDIRECT_SCRIPT)}"></script>',
        f'{_REFRESH} content="0; url={escape(href)}">',
        "</head>",
        "<body>",
        f"<p>{body}</p>",
        "</body>",
        "</html>",
        ""])


def write_redirects(site_dir: Path, langs: tuple[str, ...] = LANGS) -> int:
    """Write every redirect page into the built site (the languages built); the number written."""
    redirects = site_redirects(site_dir, langs)
    for r in redirects:
        page = site_dir / r.source / "index.html"
        target = site_dir / r.target / "index.html"
        if page.exists() and _REFRESH not in page.read_text(encoding="utf-8"):   # not one of ours
            raise RedirectError(f"{r.source} is a page of the site: a redirect to {r.target} would replace it")
        if not target.is_file():
            raise RedirectError(f"{r.source} would lead to {r.target}, which the site does not have")
        found = _TITLE.search(target.read_text(encoding="utf-8"))
        title = found.group(1).strip() if found else escape(r.target)
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(redirect_html(r, relative_href(r.source, r.target), title), encoding="utf-8")
    return len(redirects)
