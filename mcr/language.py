"""The language `mcr` speaks: `--lang`, else the environment's locale, else the default.

Every command takes the same `--lang`; its default is the locale (LC_ALL, then LC_MESSAGES,
then LANG, as POSIX looks them up: the first one set wins, even `C`). `zh_CN.UTF-8` is zh,
`es_ES` is es; `C`, `POSIX` and languages i18n/languages.yaml does not list are the default.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence

from i18n import DEFAULT_LANG, LANGS, LANGUAGE_NAMES

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the environment's locale, or the default language."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            # language[_territory][.codeset][@modifier]
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGS else DEFAULT_LANG
    return DEFAULT_LANG


def known_languages() -> str:
    """'en (English), zh (中文), ...' for a message."""
    return ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGS)


def language_list(value: str) -> tuple[str, ...]:
    """`--languages zh,ja`: each code known, none twice."""
    codes = [code.strip() for code in value.split(",") if code.strip()]
    if not codes:
        raise argparse.ArgumentTypeError(_refusal(value))
    return tuple(dict.fromkeys(_language(code) for code in codes))


def _refusal(value: str) -> str:
    from .cli_text import cli_text   # only on a refusal: the message is worded in the locale's language
    return cli_text(locale_language(), "unknown_language", code=value, known=known_languages())


def _language(value: str) -> str:
    if value in LANGS:
        return value
    raise argparse.ArgumentTypeError(_refusal(value))


def add_lang_argument(parser: argparse.ArgumentParser, lang: str) -> None:
    """The one `--lang` of every command; `lang` words its help."""
    from .cli_text import cli_text
    parser.add_argument("--lang", type=_language, default=locale_language(), metavar="LANG",
                        help=cli_text(lang, "help_lang", known=", ".join(LANGS)))


def language_in(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> str:
    """The language a command line asks for, read before parsing (so --help and the
    parser's own texts can be worded in it): `--lang L` or `--lang=L` when L is known."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        if value in LANGS:
            return value
    return locale_language(environ)
