"""Help text wrapped by the columns it takes on screen, for every language of `mcr`.

argparse wraps with textwrap, which counts characters and breaks only at spaces and
hyphens: a Japanese or Chinese paragraph (one column-wide character is two columns on
screen, and there are few spaces) ran far past the terminal's width, and an option named
in it was cut at its hyphen ("（-" then "-explain"). Here a line is filled by display
columns, may break between two Chinese or Japanese characters (Korean, written with
spaces, breaks at them), never inside a word such as `--explain`,
and keeps closing punctuation (。、）) on the line it ends.
"""
from __future__ import annotations

import argparse
import re

from i18n.display_width import display_width

# Characters a line may break between: Chinese and Japanese script and full-width forms. Not
# Hangul, which is wide on screen but written in words with spaces between them.
_WIDE = "\u2e80-\ua4cf\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
_OPENING = "（「『【〔〈《“‘"   # full-width: may not end a line, each goes with what follows it
# A unit that cannot be cut: a run of characters other than spaces and wide ones (an ASCII
# bracket inside it: "주고(--explain"), or one wide character, either after any full-width
# opening brackets; and the spaces between.
_UNITS = re.compile(rf"\s+|[{_OPENING}]*(?:[^\s{_WIDE}{_OPENING}]+|\S)")
# What may not start a line (kinsoku): closing brackets and punctuation, full-width or not.
_NO_LINE_START = set("。、，．・：；！？）」』】〕〉》”’ー々,.:;!?)]}")


def wrap(text: str, width: int) -> list[str]:
    """`text` (its spaces already collapsed) in lines of at most `width` columns, but for a
    unit longer than the width. Closing punctuation that would start a line takes the unit
    before it down with it (or stays after it, past the width, when that unit is the line)."""
    lines: list[list[str]] = [[]]
    for unit in _UNITS.findall(text):
        line = lines[-1]
        if unit.isspace():
            if line:
                line.append(" ")
            continue
        closing = unit[0] in _NO_LINE_START
        if line and display_width("".join(line) + unit) > width and not (closing and len(line) == 1):
            lines.append([line.pop()] if closing and not line[-1].isspace() else [])
        lines[-1].append(unit)
    return [text for text in ("".join(line).strip() for line in lines) if text]


class WidthAwareHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter with `wrap` in place of textwrap's."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(self._whitespace_matcher.sub(" ", text).strip(),
                                                       width - len(indent)))
