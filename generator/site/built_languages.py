"""Which languages a build renders: every one, or those `mcr site build --languages` chose.

A maintainer previewing one translation, and the tests that build a changed copy of the
site to read one page, need not render all six: `mcr site build --languages ja` passes the
choice in the environment (LANGUAGES_VARIABLE) to the build, where the site hook switches
static-i18n's `build` off for the others before that plugin reads it. The default language
is the site's root and is always built. The pages of every language are still generated
(one generator for all); only their rendering is skipped, and the language switcher then
lists only the languages built.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .site_text import DEFAULT_LANG, LANGS

LANGUAGES_VARIABLE = "MCR_SITE_LANGUAGES"


class LanguageChoiceError(ValueError):
    """A chosen language the site does not have."""


def chosen_languages(environ: Mapping[str, str] = os.environ) -> tuple[str, ...]:
    """The languages to build, in the site's order: all, unless the variable names some."""
    value = environ.get(LANGUAGES_VARIABLE, "").strip()
    if not value:
        return LANGS
    asked = {code.strip() for code in value.split(",") if code.strip()}
    unknown = sorted(asked - set(LANGS))
    if unknown:
        raise LanguageChoiceError(f"{LANGUAGES_VARIABLE}={value}: unknown language(s) {', '.join(unknown)}; "
                                  f"the site's languages are {', '.join(LANGS)}")
    return tuple(code for code in LANGS if code in asked or code == DEFAULT_LANG)


def limit_builds(config: Any, languages: tuple[str, ...]) -> None:
    """Switch static-i18n's `build` off for every language not in `languages`."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return
    for language in plugin.config.languages:
        language.build = language.locale in languages


def built_languages(config: Any) -> tuple[str, ...]:
    """The languages this build renders, in the site's order."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return (DEFAULT_LANG,)
    built = {language.locale for language in plugin.config.languages if language.build}
    return tuple(code for code in LANGS if code in built)
