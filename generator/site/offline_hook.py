"""MkDocs hook of the site offline (mkdocs.yml: `hooks`): every page links its language's
web app manifest and carries the offline notices and script; after the whole build (the
other hooks' files included), offline.py writes the icons, manifests, the list of the
files kept offline and the service worker.

- on_post_page: the head gets the manifest, the theme colour, the home-screen icon and
  offline.css; the body ends with the two notices, hidden, in the page's language
  (i18n/offline/), and offline.js (a file: the site's script policy allows no inline script);
- on_post_build (last of all, and only once for all languages): offline.write_offline_files.
"""
from __future__ import annotations

import logging
from html import escape
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

from i18n import strings
from i18n.languages import LANGUAGE_NAMES
from generator.site.built_languages import built_languages
from generator.site.offline import AppLanguage, head_links, write_offline_files
from generator.site.site_text import DEFAULT_LANG, LANGS

log = logging.getLogger("mkdocs.hooks.mcr_offline")
SCRIPT = "assets/mcr/offline.js"
STYLE = "assets/mcr/offline.css"
_TEXT = strings("offline")


def page_language(url: str) -> str:
    """A page's language from its address: the first folder when it is a language's."""
    first = url.split("/", 1)[0]
    return first if first in LANGS and first != DEFAULT_LANG and "/" in url else DEFAULT_LANG


def _to_root(url: str) -> str:
    return "../" * url.count("/")


def notices(lang: str) -> str:
    def t(key: str) -> str:
        return escape(_TEXT.text(lang, key))

    close = f'<button type="button" class="mcr-notice__close">{t("notice_close")}</button>'
    return (f'<div class="mcr-notice" data-notice="saved" role="status" hidden>'
            f'<p class="mcr-notice__text">{t("offline_saved")}</p>{close}</div>'
            f'<div class="mcr-notice" data-notice="update" role="status" hidden>'
            f'<p class="mcr-notice__text">{t("update_ready")}</p>'
            f'<button type="button" class="mcr-notice__reload">{t("update_reload")}</button>{close}</div>')


def not_saved_texts(codes: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Per language: the page shown offline in place of one not kept, and the language's name."""
    return {code: {"title": _TEXT.text(code, "not_saved_title"), "text": _TEXT.text(code, "not_saved_text"),
                   "kept": _TEXT.text(code, "not_saved_kept"), "name": LANGUAGE_NAMES[code]} for code in codes}


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    lang, to_root = page_language(page.url), _to_root(page.url)
    head = head_links(lang, DEFAULT_LANG, to_root) + f'<link rel="stylesheet" href="{to_root}{STYLE}">'
    body = notices(lang) + f'<script src="{to_root}{SCRIPT}"></script>'
    output = output.replace("</head>", head + "</head>", 1)
    at = output.rfind("</body>")
    return output if at < 0 else output[:at] + body + output[at:]


def app_languages(config: MkDocsConfig) -> list[AppLanguage]:
    """Each built language's site name and description, as mkdocs.yml gives them to static-i18n."""
    plugin = config.plugins.get("i18n")
    given = {lang.locale: lang for lang in (plugin.config.languages if plugin else [])}
    if not given:   # no static-i18n: mkdocs.yml's own values, which nothing changed
        return [AppLanguage(code, config.site_name, config.site_description or "") for code in built_languages(config)]
    # config.site_name and site_description hold the last language built by now (static-i18n
    # sets them for each): a language that gives none takes the default language's.
    default = given.get(DEFAULT_LANG)
    apps = []
    for code in built_languages(config):
        lang = given.get(code) or default
        apps.append(AppLanguage(code, (lang and lang.site_name) or (default and default.site_name) or "",
                                (lang and lang.site_description) or (default and default.site_description) or ""))
    return apps


def _nested(config: MkDocsConfig) -> bool:
    plugin = config.plugins.get("i18n")
    return bool(getattr(plugin, "building", False))


@event_priority(-400)   # after the search index split (-200) and the fan sheet's PDF (-300)
def on_post_build(config: MkDocsConfig) -> None:
    if _nested(config):
        return
    summary = write_offline_files(Path(config.site_dir), app_languages(config), DEFAULT_LANG,
                                  not_saved_texts(LANGS))   # every language's: a shared file, the same in any build
    mib = {who: round(size / 2**20, 1) for who, size in summary.bytes.items()}
    log.info("offline: version %s; %d shared files and per language %s; MiB kept %s", summary.version,
             summary.shared, summary.languages, mib)
