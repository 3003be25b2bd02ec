"""Markup in a text meant to be shown as written, and the few strings meant to hold Markdown.

Every text of fans.yaml, of the editions and of the string tables the site shows ends up in
an HTML page: in Markdown the site renders, in HTML the generators write, or through the
site's scripts. The generators escape each one (generator/site/markdown_text.py), so markup
in a text shows as typed and never runs. The readers refuse it all the same (rules/plain_texts.py
for the table, string_tables.py here): "<b>" or "[x](y)" in a fan name is a mistake
that would show on the page as it was typed, and the person who typed it learns it at once.

A plain text holds no HTML (tag, comment, character reference) and no Markdown that would
shape a page (link or image, code span, attribute list). The strings listed in
MARKDOWN_STRINGS hold Markdown on purpose (code spans, links to other pages of the site):
they may, but still no HTML, no attribute list, and no link that leaves the site.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# The surfaces whose strings a page shows; cli/ and quiz/ print to a terminal, where
# "quizzes/<level>.json" is a file name and a backtick quotes a command.
PAGE_SURFACES = ("site", "web-quiz", "offline", "diagrams", "tiles", "scoresheet")

# The strings that hold Markdown on purpose, by surface: the Markdown pages show them as
# Markdown (their raw HTML escaped, their links kept inside the site); every other string
# of a page surface is plain text, escaped wherever it goes.
MARKDOWN_STRINGS: dict[str, frozenset[str]] = {
    "site": frozenset({
        "editions_fan_intro",           # a link to the editions page
        "notation_intro", "notation_tiles_text", "notation_honors_text", "notation_example_text",
        "notation_situation_text", "notation_key_seat_wind",   # tile codes as `code`
    }),
    "web-quiz": frozenset({"quiz_terminal", "rules_quiz_terminal"}),   # `mcr quiz` as code
}


def holds_markdown(surface: str, key: str) -> bool:
    """Whether the string `key` of `surface` is one that holds Markdown on purpose."""
    return key in MARKDOWN_STRINGS.get(surface, frozenset())


@dataclass(frozen=True, slots=True)
class MarkupFound:
    what: str     # "an HTML tag"
    found: str    # the characters as typed, shortened: "<svg"

    def __str__(self) -> str:
        return f"{self.what} {self.found!r}"


# An HTML tag, end tag, comment, declaration or processing instruction: "<" then a letter,
# "/", "!" or "?" ("a < b" and "1 << n" are text).
_HTML_TAG = re.compile(r"<(?:/?[A-Za-z][^\s<>]*>?|!-*|\?)")
_CHARACTER_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
_AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9+.-]*:[^\s<>]*>?")
# "[text](target)", "![alt](src)", "[text][ref]", and a reference line "[ref]: target".
_MARKDOWN_LINK = re.compile(r"\]\s*[(\[]|^ {0,3}\[[^\]\n]+\]:", re.MULTILINE)
_LINK_TARGET = re.compile(r"\]\s*\(\s*<?([^\s)>]*)|^ {0,3}\[[^\]\n]+\]:\s*<?(\S*)", re.MULTILINE)
_CODE_SPAN = re.compile(r"`+")
# Python-Markdown's attr_list: "{: .class #id key=value}", "{#id}", "{.class}" set attributes
# (an event handler among them) on the element before them.
_ATTRIBUTE_LIST = re.compile(r"\{\s*(?::|[#.][A-Za-z_-])[^}\n]*\}?")
# A link may lead to another page of the site (no scheme) or to a web page.
_SAFE_SCHEME = re.compile(r"(?i)https?:")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _first(pattern: re.Pattern[str], text: str, what: str) -> MarkupFound | None:
    found = pattern.search(text)
    return MarkupFound(what, found.group(0)[:24]) if found else None


def html_markup(text: str) -> MarkupFound | None:
    """The first HTML in `text`: a link in angle brackets, a tag, or a character reference."""
    return (_first(_AUTOLINK, text, "a link in angle brackets") or _first(_HTML_TAG, text, "an HTML tag")
            or _first(_CHARACTER_REFERENCE, text, "an HTML character reference"))


def unsafe_link(text: str) -> MarkupFound | None:
    """The first Markdown link of `text` whose target leaves the site other than for a web
    page (javascript:, data:, a protocol-relative //host...)."""
    for found in _LINK_TARGET.finditer(text):
        target = (found.group(1) if found.group(1) is not None else found.group(2) or "").strip()
        if target.startswith("//") or (_SCHEME.match(target) and not _SAFE_SCHEME.match(target)):
            return MarkupFound("a link that leaves the site", target[:24])
    return None


def plain_text_markup(text: str, *, backticks: bool = False) -> MarkupFound | None:
    """The first markup in a text shown as written (a fan's name, a label, a sentence); with
    `backticks`, a backtick is a character (fans.yaml quotes its own keys with them)."""
    return (html_markup(text) or _first(_MARKDOWN_LINK, text, "a Markdown link")
            or _first(_ATTRIBUTE_LIST, text, "a Markdown attribute list")
            or (None if backticks else _first(_CODE_SPAN, text, "Markdown code (a backtick)")))


def markdown_string_markup(text: str) -> MarkupFound | None:
    """The first markup a string that holds Markdown may not hold: HTML, an attribute list,
    a link that leaves the site."""
    return html_markup(text) or _first(_ATTRIBUTE_LIST, text, "a Markdown attribute list") or unsafe_link(text)


def markup_advice(found: MarkupFound) -> str:
    """What to do instead, for the message that reports `found` in a plain text."""
    if found.what == "an HTML character reference":
        return "write the character itself"
    return "the text is shown as written: write it without markup"
