"""Marking a text of fans.yaml that is shown in English for want of a translation.

fans.yaml gains languages one at a time. Until a text exists in a language, the site
shows the English one (i18n.pick) with a visible marker, never silently.
"""
from __future__ import annotations

from html import escape

from i18n import Localized, pick

from .site_text import text

__all__ = ["Localized", "marker_html", "pick", "with_marker"]


def marker_html(lang: str) -> str:
    """The inline 'not yet translated' badge, in the reader's language."""
    return (f'<span class="mcr-untranslated" title="{escape(text(lang, "untranslated_title"))}">'
            f'{escape(text(lang, "untranslated"))}</span>')


def with_marker(value: Localized, lang: str, *, html: bool = True) -> str:
    """`value` escaped for HTML (or kept as Markdown), followed by the badge if it is missing."""
    body = escape(value.text) if html else value.text
    return f"{body} {marker_html(lang)}" if value.missing else body
