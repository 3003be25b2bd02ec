"""MkDocs hook (mkdocs.yml: `hooks`): the theme's header buttons named for screen readers.

Material draws the menu and search buttons of a narrow screen as bare <label>s around an
icon: no name, and no place in the Tab order. Each gets a role, a name in the page's
language (i18n/site/: header_menu, header_search) and a Tab stop here;
site/assets/mcr/header-buttons.js makes them work from the keyboard.
"""
from __future__ import annotations

from html import escape

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from generator.site.offline_hook import page_language
from generator.site.site_text import TEXT

# The theme's labels as it writes them, and the string naming each.
BUTTONS = {'<label class="md-header__button md-icon" for="__drawer">': "header_menu",
           '<label class="md-header__button md-icon" for="__search">': "header_search"}


def named_buttons(output: str, lang: str) -> str:
    """`output` with each header button given a role, a name and a Tab stop."""
    for label, key in BUTTONS.items():
        named = label[:-1] + f' role="button" tabindex="0" aria-label="{escape(TEXT[lang][key])}">'
        output = output.replace(label, named, 1)
    return output


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return named_buttons(output, page_language(page.url))
