"""The 404 page in every language.

A static host answers every missing address with the one `404.html` at the site's root,
and static-i18n renders the theme's 404 page once per language into that same file. The
root keeps the default language's page (the language built first); each other language's
page is kept as `<lang>/404.html`, and the root's page, asked for an address under a
language's folder, shows that language's page in its place
(site/assets/mcr/not-found.js), the address the reader typed left as it was.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.site.site_text import DEFAULT_LANG, LANGS, TEXT

PAGE = "404.html"


def page_path(lang: str) -> str:
    """Where a language's 404 page sits, under the site's root."""
    return PAGE if lang == DEFAULT_LANG else f"{lang}/{PAGE}"


def template_values(lang: str) -> dict[str, Any]:
    """What the theme's 404.html shows in `lang` (config.extra.not_found), and where every
    other language's page is: every language of the site, built in this run or not (a
    page not there is not fetched), so that the root's page is the same in any build."""
    text = TEXT[lang]
    return {"title": text["not_found_title"], "text": text["not_found_text"], "home": text["not_found_home"],
            "home_url": "" if lang == DEFAULT_LANG else f"{lang}/",
            "pages": {code: page_path(code) for code in LANGS if code != DEFAULT_LANG}}


class NotFoundPages:
    """The 404 page of each language as rendered, until the build writes them."""

    def __init__(self) -> None:
        self.rendered: dict[str, str] = {}

    def clear(self) -> None:
        self.rendered.clear()

    def keep(self, lang: str, output: str) -> str:
        """Keep `lang`'s page; what the root's file gets: the default language's."""
        self.rendered[lang] = output
        return self.rendered.get(DEFAULT_LANG, output)

    def write(self, site_dir: Path) -> int:
        """Write each other language's page into its folder; how many were written."""
        written = 0
        for lang, output in sorted(self.rendered.items()):
            if lang != DEFAULT_LANG and (site_dir / lang).is_dir():
                (site_dir / page_path(lang)).write_text(output, encoding="utf-8")
                written += 1
        return written
