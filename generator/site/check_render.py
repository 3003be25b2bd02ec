"""`check` blocks on the rulebook's pages: a folded "Check yourself" box under the section.

A check block (generator/quizzes/check_blocks.py) is a question on its section's rule; the rules quiz
asks the same question. On the page it becomes Markdown: a collapsed admonition holding
the question, the hand drawn without its scoring (a token the site hook replaces), the
options lettered as the quiz letters them, and a nested collapsed answer with the reason.
"""
from __future__ import annotations

from generator.quizzes.check_blocks import OPTION_LABELS, CheckBlock

from .markdown_text import md_template
from .site_text import TEXT

_INDENT = "    "


def text(lang: str, key: str, **values: object) -> str:
    """A string of the site for this Markdown, escaped (its values are Markdown already)."""
    return md_template(TEXT[lang][key], **values)


def _title(value: str) -> str:
    """An admonition title: it sits in double quotes."""
    return value.replace('"', "&quot;")


def check_markdown(block: CheckBlock, lang: str, hand_token: str | None) -> list[str]:
    """The Markdown lines of one check, at the top level of the page."""
    labels = dict(zip(block.option_keys, OPTION_LABELS))
    body = [block.question, ""]
    if hand_token is not None:
        body += [hand_token, ""]
    body += [f"- **{labels[key]}.** {shown}" for key, shown in block.options]
    answer = ", ".join(labels[key] for key in block.answer)
    body += ["", f'??? success "{_title(text(lang, "check_answer"))}"',
             _INDENT + text(lang, "check_answer_line", answer=f"**{answer}**", reason=block.reason)]
    lines = [f'??? question "{_title(text(lang, "check_title"))}"']
    lines += [(_INDENT + line) if line else "" for line in body]
    return lines
