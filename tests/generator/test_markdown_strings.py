"""The strings and texts a Markdown page shows stay text (issue 23, item 1): the helpers every
page generator uses escape them, so a string holding markup cannot shape the page."""
from __future__ import annotations

import re
from html import unescape

import markdown

from generator.site.markdown_text import md_escape, md_template
from generator.site.site_nav import _escaped

PAYLOAD = "<svg onload=alert(1)>[x](javascript:alert(2)) `code` *em*"   # a template has no stray brace


def _html(text: str) -> str:
    """The Markdown as the site renders a heading (attr_list is on in mkdocs.yml)."""
    return markdown.markdown(text, extensions=["attr_list", "md_in_html"])


def test_a_plain_string_is_escaped_around_its_placeholders() -> None:
    filled = md_template("Scores {name} " + PAYLOAD, name="[Big](big.md)")
    html = _html("# " + filled)
    assert "<svg" not in html and 'href="javascript' not in html and "<code>" not in html and "<em>" not in html
    assert '<a href="big.md">Big</a>' in html     # the value is Markdown the caller built
    assert "&lt;svg onload=alert(1)&gt;[x](javascript:alert(2)) `code` *em*" in html


def test_a_markdown_string_keeps_its_markdown_and_loses_its_html() -> None:
    html = _html(md_template("Run `mcr quiz` <b>now</b> ([more](quiz.md))", markdown=True))
    assert "<code>mcr quiz</code>" in html and '<a href="quiz.md">more</a>' in html
    assert "<b>" not in html and "&lt;b&gt;now&lt;/b&gt;" in html


def test_an_attribute_list_in_a_heading_stays_text() -> None:
    html = _html(f"# {md_escape('Winds {: onclick=alert(1)}')}")
    assert html.startswith("<h1>Winds {: onclick=alert(1)}</h1>"), html


def test_navigation_titles_are_escaped_at_every_depth() -> None:
    nav = [{"<b>Home</b>": "index.md"}, "fans/index.md", {"Quiz": [{'Winds "<svg onload=x>': "quiz/w.md"}]}]
    assert _escaped(nav) == [{"&lt;b&gt;Home&lt;/b&gt;": "index.md"}, "fans/index.md",
                             {"Quiz": [{"Winds &quot;&lt;svg onload=x&gt;": "quiz/w.md"}]}]


def test_a_markdown_string_s_links_lead_only_to_the_site_or_the_web() -> None:
    """Its page and web links stay links; javascript:, data:, a protocol-relative link, one
    spelt with an escape, a space or in capitals, and a reference definition to javascript:
    all show as text (a character reference shows as typed: the link is to a page of that
    odd name)."""
    kept = _html(md_template("See [the rules](rulebook/scoring.md#a) and [the web](https://example.org/x)",
                             markdown=True))
    assert '<a href="rulebook/scoring.md#a">the rules</a>' in kept and '<a href="https://example.org/x">' in kept
    for link in ("[x](javascript:alert(1))", "[x]( JavaScript:alert(1))", "[x](java\\script:alert(1))",
                 "[x](java&#115;cript:alert(1))", "![x](data:text/html,1)", "[x](//elsewhere.example/)",
                 "[x](vbscript:1)", "[x][r]\n\n[r]: javascript:alert(1)"):
        html = _html(md_template("Read " + link, markdown=True))
        targets = [unescape(t).strip().lower() for t in re.findall(r'(?:href|src)="([^"]*)"', html)]
        assert not [t for t in targets if t.startswith(("javascript:", "data:", "vbscript:", "//"))], (link, html)
        assert "<img" not in html, (link, html)


def test_a_markdown_string_s_attribute_list_and_references_stay_text() -> None:
    html = _html("# " + md_template("Winds {{: onclick=alert(1)}} &amp; &#60;b&#62;", markdown=True))
    assert html.startswith("<h1>Winds {: onclick=alert(1)} &amp;amp; &amp;#60;b&amp;#62;</h1>"), html
