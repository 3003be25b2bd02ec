"""Soft line breaks between Chinese or Japanese characters, removed from a page's Markdown.

Writers wrap long paragraphs; Markdown turns each break inside a paragraph into a space, which
is right between English words but shows as a gap in Chinese or Japanese, where words are not
spaced (Chromium keeps it; CSS's rule that would drop it is not implemented there). So where a
line ends with such a character and the next line of the same paragraph starts with one, the
two lines become one. Fenced code and headings are left as they are.
"""
from __future__ import annotations

import re

# The languages written without spaces between words (Korean spaces its words).
UNSPACED = frozenset({"zh", "ja"})

# Han, kana, CJK punctuation and full-width forms.
_CJK = r"\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
# A line that ends with one (closing emphasis or code marks may follow it) ...
_ENDS = re.compile(rf"[{_CJK}][*_`]*$")
# ... and a next line that starts with one (after its indent and opening emphasis marks).
_STARTS = re.compile(rf"^[ \t]*[*_]*[{_CJK}]")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")


def join_cjk_lines(markdown: str) -> str:
    """`markdown` with each soft break between two CJK characters removed."""
    out: list[str] = []
    in_fence = False
    joinable = False      # whether the last line of `out` may take the next one
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            joinable = False
            continue
        if not in_fence and joinable and _STARTS.match(line):
            out[-1] += line.lstrip(" \t")
        else:
            out.append(line)
        last = out[-1]
        joinable = not in_fence and not last.lstrip().startswith(("#", "|", "<")) and bool(_ENDS.search(last))
    return "\n".join(out)
