"""Help text wrapped by the columns it takes on screen, for every language of `mcr`.

argparse wraps with textwrap, which counts characters and breaks only at spaces and
hyphens: a Japanese or Chinese paragraph (one column-wide character is two columns on
screen, and there are few spaces) ran far past the terminal's width, and an option named
in it was cut at its hyphen ("（-" then "-explain"). Here a line is filled by display
columns, may break between two CJK characters, never inside a word such as `--explain`,
and keeps closing punctuation (。、）) on the line it ends.
"""
from __future__ import annotations

import argparse
import re
import unicodedata

_WIDE = "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
_OPENING = "（「『【〔〈《“‘([{"   # may not end a line: each goes with what follows it
# A unit that cannot be cut: a run of non-space characters other than wide ones, or one
# wide character, either after any opening brackets; and the spaces between.
_UNITS = re.compile(rf"\s+|[{_OPENING}]*(?:[^\s{_WIDE}{_OPENING}]+|\S)")
# What may not start a line (kinsoku): closing brackets and punctuation, full-width or not.
_NO_LINE_START = set("。、，．・：；！？）」』】〕〉》”’ー々,.:;!?)]}")


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal: two for a wide or full-width character."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """`text` (its spaces already collapsed) in lines of at most `width` columns, but for a
    unit longer than the width, or closing punctuation kept with what it closes."""
    lines: list[str] = []
    line, used = "", 0
    for unit in _UNITS.findall(text):
        if unit.isspace():
            if line:
                line, used = line + " ", used + 1
            continue
        size = display_width(unit)
        if line and used + size > width and unit[0] not in _NO_LINE_START:
            lines.append(line.rstrip())
            line, used = "", 0
        line, used = line + unit, used + size
    if line.strip():
        lines.append(line.rstrip())
    return lines


class WidthAwareHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter with `wrap` in place of textwrap's."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(self._whitespace_matcher.sub(" ", text).strip(),
                                                       width - len(indent)))
