"""`mcr site build --languages`: which languages a build renders (generator/site/built_languages.py).
The builds that use it (tests/cli/test_site_serve.py, the planted site, the untranslated page)
check what it renders; here, the choice itself and the command line's refusal."""
from __future__ import annotations

import pytest

from generator.site.built_languages import LANGUAGES_VARIABLE, LanguageChoiceError, chosen_languages
from generator.site.site_text import DEFAULT_LANG, LANGS
from mcr import site_command

from ..cli.in_process import mcr_here


def test_no_choice_builds_every_language() -> None:
    assert chosen_languages({}) == LANGS
    assert chosen_languages({LANGUAGES_VARIABLE: " "}) == LANGS


def test_a_choice_keeps_the_site_s_order_and_its_root() -> None:
    assert chosen_languages({LANGUAGES_VARIABLE: "ja,zh"}) == (DEFAULT_LANG, "zh", "ja")
    assert chosen_languages({LANGUAGES_VARIABLE: "en"}) == (DEFAULT_LANG,)


def test_an_unknown_language_is_named() -> None:
    with pytest.raises(LanguageChoiceError, match="unknown language.*de.*the site's languages are en, zh"):
        chosen_languages({LANGUAGES_VARIABLE: "zh,de"})


def test_the_command_line_passes_the_variable_the_build_reads() -> None:
    assert site_command.LANGUAGES_VARIABLE == LANGUAGES_VARIABLE


@pytest.mark.parametrize("value", ["de", "zh,,xx", ","])
def test_the_command_line_refuses_an_unknown_language_before_building(value: str) -> None:
    done = mcr_here("site", "build", "--languages", value, "--output", "/nonexistent/never-written")
    assert done.returncode == 2
    assert "--languages: unknown language" in done.stderr and "ja (日本語)" in done.stderr, done.stderr
