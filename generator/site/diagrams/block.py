"""`diagram` blocks: a fenced block whose info string is `diagram` and whose body is the name of
one diagram (the names are in generator/site/diagrams/__init__.py):

    ```diagram
    wall-break
    ```

The site hook replaces each by the diagram drawn in the page's language. A block naming no
diagram, or one that does not exist, is a DiagramBlockError carrying its line in the file.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.markdown_fences import BlockError, fenced_blocks


class DiagramBlockError(BlockError):
    """A diagram block naming no diagram, or one that does not exist."""


@dataclass(frozen=True, slots=True)
class DiagramBlock:
    name: str
    first_line: int          # the opening fence, 1-based, in the Markdown given
    last_line: int           # the closing fence
    indent: str


def read_diagrams(markdown: str, known: tuple[str, ...],
                  line_offset: int = 0) -> tuple[list[DiagramBlock], list[DiagramBlockError]]:
    """Every ```diagram block of `markdown` (fences nested in another fence are its text, not
    blocks), and every problem found; `line_offset` turns Markdown lines into file lines."""
    found: list[DiagramBlock] = []
    errors: list[DiagramBlockError] = []
    for fence in fenced_blocks(markdown):
        if fence.info != "diagram":
            continue
        line = fence.first_line + line_offset
        words = fence.body.split()
        if not fence.closed:
            errors.append(DiagramBlockError(line, "the diagram block has no closing fence"))
        elif len(words) != 1:
            errors.append(DiagramBlockError(line, f"a diagram block holds one diagram name, not "
                                                  f"{fence.body.strip()!r}; known: {', '.join(known)}"))
        elif words[0] not in known:
            errors.append(DiagramBlockError(line, f"unknown diagram {words[0]!r}; known: {', '.join(known)}"))
        else:
            found.append(DiagramBlock(words[0], fence.first_line, fence.last_line, fence.indent))
    return found, errors


def diagram_problems(pages: Iterable[tuple[str, str]], known: tuple[str, ...]) -> list[str]:
    """`PATH:LINE: problem` for every bad diagram block of `pages` ((path shown, the file's
    whole text)): the build checks every page this way before it renders any, so a bad name
    in the last language's chapter stops it in seconds, not after five languages' pages."""
    return [f"{shown}:{err.line}: {err.message}" for shown, text in pages for err in read_diagrams(text, known)[1]]
