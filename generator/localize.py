"""Picking a text of fans.yaml in the reader's language, and marking it when it is missing.

fans.yaml gains languages one at a time. Until a text exists in a language, the site
shows the English one with a visible marker, never silently.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Mapping

from .site_text import DEFAULT_LANG, text


@dataclass(frozen=True, slots=True)
class Localized:
    text: str
    missing: bool    # True: `text` is the English fallback

    def __bool__(self) -> bool:
        return bool(self.text)


def pick(texts: Mapping[str, str], lang: str) -> Localized:
    """The text in `lang`, else the English one marked missing; empty if neither exists."""
    own = (texts.get(lang) or "").strip()
    if own:
        return Localized(own, False)
    fallback = (texts.get(DEFAULT_LANG) or "").strip()
    return Localized(fallback, bool(fallback) and lang != DEFAULT_LANG)


def marker_html(lang: str) -> str:
    """The inline 'not yet translated' badge, in the reader's language."""
    return (f'<span class="mcr-untranslated" title="{escape(text(lang, "untranslated_title"))}">'
            f'{escape(text(lang, "untranslated"))}</span>')


def with_marker(value: Localized, lang: str, *, html: bool = True) -> str:
    """`value` escaped for HTML (or kept as Markdown), followed by the badge if it is missing."""
    body = escape(value.text) if html else value.text
    return f"{body} {marker_html(lang)}" if value.missing else body
