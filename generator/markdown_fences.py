"""The fenced code blocks of a Markdown text, for the blocks the project reads out of its
pages (```hand in generator/site/hand_block.py, ```check in generator/quizzes/check_blocks.py,
```diagram in generator/site/diagrams/block.py): each with its
lines (1-based, fences included), indent, info string and body. Fences nested in another
fence are part of its body; an inline ``` (a backtick fence whose info holds a backtick)
opens nothing."""
from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


class BlockError(ValueError):
    """A block of a page that cannot be read or is wrong, with its line in the Markdown (or the
    file); each kind of block has its own subclass, so a caller catches the one it reads."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True, slots=True)
class Fence:
    first_line: int
    last_line: int
    indent: str
    info: str          # stripped: "hand", "check", "python", ""
    body: str          # dedented by the fence's indent
    closed: bool       # False: the text ended before the closing fence


def fenced_blocks(markdown: str) -> list[Fence]:
    lines = markdown.split("\n")
    found: list[Fence] = []
    i = 0
    while i < len(lines):
        opened = _FENCE.match(lines[i])
        if not opened or (opened["fence"][0] == "`" and "`" in opened["info"]):
            i += 1
            continue
        fence, indent = opened["fence"], opened["indent"]
        end = i + 1
        while end < len(lines):
            closing = _FENCE.match(lines[end])
            if (closing and closing["fence"][0] == fence[0] and len(closing["fence"]) >= len(fence)
                    and not closing["info"].strip()):
                break
            end += 1
        body = "\n".join(_dedent(line, indent) for line in lines[i + 1:end])
        found.append(Fence(i + 1, min(end, len(lines) - 1) + 1, indent, opened["info"].strip(), body,
                           end < len(lines)))
        i = end + 1
    return found


def _dedent(line: str, indent: str) -> str:
    return line[len(indent):] if line.startswith(indent) else line.lstrip(" \t")
