"""Cutting standard input into request lines, each of bounded length.

A line is what ends in "\\n" ("\\r\\n" too: the "\\r" is part of the ending); the last line
counts even without its "\\n". Every line, blank or not, is one request and gets one
answer. A line longer than LINE_LIMIT bytes is never held whole: its bytes are dropped as
they arrive and the line is handed on as None, for an answer that says so.
"""
from __future__ import annotations

from typing import Iterator

LINE_LIMIT = 64 * 1024   # bytes, the ending not counted; a real request is under 200

Line = bytes | None      # a line's bytes (its ending still on), or None when over the limit


class LineSplitter:
    """Feed it chunks of bytes; it returns the lines each chunk completes, in order."""

    def __init__(self, limit: int = LINE_LIMIT) -> None:
        self.limit = limit
        self._pending = b""        # the start of a line whose end has not come yet
        self._overlong = False     # the pending line passed the limit: its bytes are dropped

    def feed(self, data: bytes) -> list[Line]:
        lines: list[Line] = (self._pending + data).split(b"\n") if not self._overlong else data.split(b"\n")
        rest = lines.pop()
        if self._overlong and lines:
            lines[0] = None        # the end of the overlong line has come
            self._overlong = False
        # Checked with one C-level pass per chunk: a line can only pass the limit rarely.
        if lines and max(map(len, filter(None, lines)), default=0) > self.limit:
            lines = [None if line is not None and self._too_long(line) else line for line in lines]
        if self._overlong or len(rest) > self.limit + 1:   # + 1: room for a "\r" before the "\n"
            self._overlong, self._pending = True, b""
        else:
            self._pending = rest
        return lines

    def end(self) -> list[Line]:
        """The last line, when the input does not end with "\\n" (none when it does)."""
        if self._overlong:
            self._overlong = False
            return [None]
        last, self._pending = self._pending, b""
        if not last:
            return []
        return [None if self._too_long(last) else last]

    def _too_long(self, line: bytes) -> bool:
        size = len(line) - (1 if line.endswith(b"\r") else 0)
        return size > self.limit


def batches(first_number: int, lines: list[Line], size: int) -> Iterator[tuple[int, list[Line]]]:
    """(number of the first line, lines) for each run of `size` lines."""
    for i in range(0, len(lines), size):
        yield first_number + i, lines[i:i + size]
