"""Lines of another file than the table's: an edition's overlay merged into a table keeps
the lines of the overlay, so a problem found in the merged table points at the file
that caused it."""
from __future__ import annotations

import re

_MARK = "\x1f"


class SourceLine(int):
    """A line number of another file than the table's (an edition's overlay)."""

    file: str

    def __new__(cls, value: int, file: str) -> "SourceLine":
        line = super().__new__(cls, value)
        line.file = file
        return line

    def __reduce__(self) -> tuple[type["SourceLine"], tuple[int, str]]:
        # Copied with its file: an edition based on another copies that one's whole table.
        return SourceLine, (int(self), self.file)

    def __format__(self, spec: str) -> str:
        return f"{_MARK}{self.file}{_MARK}{int(self)}"


def relocate(problem: str) -> str:
    """Turn `TABLE:<mark>FILE<mark>LINE` (a SourceLine formatted after the table's path)
    into `FILE:LINE`, wherever it stands in a problem."""
    if _MARK not in problem:
        return problem
    problem = _AFTER_PATH.sub(r"\1:\2", problem)
    return _BARE.sub(r"\1:\2", problem)


_AFTER_PATH = re.compile(f"[^\\s{_MARK}]*:{_MARK}([^{_MARK}]+){_MARK}(\\d+)")
_BARE = re.compile(f"{_MARK}([^{_MARK}]+){_MARK}(\\d+)")
