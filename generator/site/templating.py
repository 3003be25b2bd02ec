"""The jinja2 environments of the page generators: one escaping HTML, one writing Markdown."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def environment(*, html: bool) -> jinja2.Environment:
    # StrictUndefined: a misspelt variable fails the build instead of printing nothing.
    # Markdown templates write heading anchors as `{#id}`, so their comments are `{## ##}`.
    comments = {} if html else {"comment_start_string": "{##", "comment_end_string": "##}"}
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=html,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        **comments,
    )


def render(template: str, **values: object) -> str:
    """Render templates/<template>; names ending in .html.j2 are HTML-escaped."""
    return environment(html=template.endswith(".html.j2")).get_template(template).render(**values)
