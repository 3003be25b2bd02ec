"""The strings of the web quiz (site/<lang>/quiz/, site/assets/mcr/trainer-quiz.js and its siblings):
i18n/web-quiz/<lang>.yaml.

The sibling of the site's strings, with the same rules, and no key repeats one of the
site's (the browser gets both tables merged). Placeholders are plain `{name}`: the quiz scripts fill them.
Wording follows the site's terms (zh 番种/分/和牌/自摸/点和/不计; es "fan", puntos,
autorrobada, por descarte; ko 번종/점/화료/자모/점화), not the terminal quiz's.
"""
from __future__ import annotations

from i18n import strings

_STRINGS = strings("web-quiz")
QUIZ_TEXT = _STRINGS.tables   # language -> key -> template, read-only


def quiz_text(lang: str, key: str, **values: object) -> str:
    """The quiz string `key` in `lang`, with {placeholders} filled from `values`."""
    return _STRINGS.text(lang, key, **values)
