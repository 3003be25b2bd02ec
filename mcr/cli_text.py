"""The command line's own sentences (i18n/cli/<lang>.yaml), and the few it shares with the
terminal quiz (the reasons a fan is not counted) and the site (the engine's errors)."""
from __future__ import annotations

from i18n import language_strings, plural_key
from i18n.string_tables import fill

# A command speaks one language: it reads that language's files (and the default's, which
# they are checked against), not all six.


def cli_text(lang: str, key: str, **values: object) -> str:
    """The string `key` of i18n/cli/ in `lang`, with its {placeholders} filled. Always
    formatted, so a brace meant as itself is written twice ({{var: NAME}}) in every text."""
    template = language_strings("cli", lang)[key]
    return fill(lang, template, values) if values else template.format()


def has_cli_text(lang: str, key: str) -> bool:
    return key in language_strings("cli", lang)


def quiz_text(lang: str, key: str, **values: object) -> str:
    """A string of i18n/quiz/: the terminal quiz words "implied by X" and the principles
    for its breakdown, which is the one `mcr score` prints."""
    return fill(lang, language_strings("quiz", lang)[key], values)


def site_text(lang: str, key: str, **values: object) -> str:
    """A string of i18n/site/: the calculator words the engine's errors (error_<code>)."""
    return fill(lang, language_strings("site", lang)[key], values)


def error_text(lang: str, code: str, **values: object) -> str:
    """The engine's error `code` in `lang` (error_<code> of i18n/site/, which the calculator
    shares). A code that counts its `n` ('1 tile', '5 tiles') is worded as a counted phrase,
    error_<code>_one and error_<code>_other."""
    key = f"error_{code}"
    if f"{key}_one" in language_strings("site", lang):
        key = plural_key(lang, key, values["n"])   # type: ignore[arg-type]
    return site_text(lang, key, **values)


def counted_text(lang: str, key: str, n: int, **values: object) -> str:
    """'1 kind', '4 kinds', '4種': a count with its noun, from the `key_one` and `key_other`
    strings of i18n/cli/ (i18n.plural_key picks), with any other `values` they fill."""
    return cli_text(lang, plural_key(lang, key, n), n=n, **values)


def points_text(lang: str, points: int) -> str:
    """'1 point', '8 points', '8分': a count of points with its unit (the terminal quiz's
    words, which the score breakdown shares)."""
    return quiz_text(lang, plural_key(lang, "points", points), n=points)


# Languages whose fan names are the Chinese names in their own script: the Chinese name
# beside them would only repeat them (清幺九 清幺九).
_HAN_NAMED = frozenset({"zh", "ja"})


def chinese_name_beside(names: dict[str, str], lang: str) -> str:
    """The Chinese name players of every language share, shown beside a fan's name in `lang`;
    empty where the language names its fans in Chinese characters itself."""
    return "" if lang in _HAN_NAMED else names.get("zh", "")
