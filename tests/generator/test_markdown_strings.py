"""The strings and texts a Markdown page shows stay text (issue 23, item 1): the helpers every
page generator uses escape them, so a string holding markup cannot shape the page."""
from __future__ import annotations

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
