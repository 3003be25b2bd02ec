"""MkDocs hook (mkdocs.yml: `hooks`): the heading anchors named for screen readers.

The markdown toc extension ends each heading with a "¶" link (`permalink`); its title,
set per language by the site hook (permalink_title), is a tooltip, not the link's name,
so a screen reader read "¶". Each gets an aria-label in the page's language naming its
heading (i18n/site/: permalink_label): the toc extension has no setting for it.
"""
from __future__ import annotations

import re
from html import escape, unescape

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from generator.site.offline_hook import page_language
from generator.site.site_text import text

# A heading and its anchor as the toc extension writes them; the heading's inner HTML may
# hold markup but no other heading's end.
_ANCHORED = re.compile(r'(<h([1-6])\b[^>]*>)((?:(?!</h[1-6]>).)*?)(<a class="headerlink"[^>]*)>', re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


def heading_text(inner: str) -> str:
    """The text a heading's inner HTML shows, on one line."""
    return " ".join(unescape(_TAG.sub("", inner)).split())


def named_anchors(html: str, lang: str) -> str:
    """`html` with each heading's "¶" anchor named after its heading, in `lang`."""
    def name(match: re.Match[str]) -> str:
        label = escape(text(lang, "permalink_label", heading=heading_text(match.group(3))))
        return f'{match.group(1)}{match.group(3)}{match.group(4)} aria-label="{label}">'

    return _ANCHORED.sub(name, html)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: object) -> str:
    return named_anchors(html, page_language(page.url))
