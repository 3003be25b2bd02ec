"""The points that the rulebook's prose gives a fan, held to the table in force.

The rulebook's index of the fans is generated (generator/site/fan_index.py), but prose still
names fans with their points: "All Pungs 6", "[Full Flush](../fans/ID.md) (24)",
"碰碰和6分", "| [Tile Hog](../fans/ID.md) | 2 |". Each such mention, in any language, is
compared with the fan's points; a number that is neither the table's nor one of its editions'
(prose may speak of another edition) is reported as `FILE:LINE: fan ID: ...`.

A mention is a fan's name (in any language of the table or its editions) or a link to its
page, directly followed by a number of points: `Name 6`, `Name (6)`, `Name (6 points)`,
`Name, 6 points`, `Name6分`, `Name（6分）`, or, in a table, `Name | 6 |`. A number that is
not the fan's points is written otherwise: "Pure Double Chow twice 2", "(3 points in all)".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rules import Fan, FanTable

from generator.markdown_fences import fenced_blocks

from .markdown_text import GENERATED_BY

_UNIT = r"(?:points?|puntos?|pts?\.?|分|점|点)"
# Before "(6)": spaces, at most one line break. A bare number must follow on the same line: one
# that starts the next line ("Seven Pairs\n13 tiles", "2. Then") is seldom the fan's points.
_GAP = r"[ \t]*\n?[ \t]*"
_AFTER = (r"\**(?:" + _GAP + r"[（(]\s*(?P<paren>\d+)\s*" + _UNIT + r"?\s*[)）]"
          r"|(?:,|，|、)?[ \t]*(?P<bare>\d+)(?:[ \t]*" + _UNIT + r"|(?=$|[\s,.;:!?)，。、；：）*]))"
          r"|[ \t]*\|[ \t]*(?P<cell>\d+)[ \t]*\|)")
_LINK = r"\[[^\]\n]+(?:\n[^\]\n]+)?\]\([^)\s]*?fans/(?P<id>\w+)\.md(?:#[\w-]*)?\)"   # its text may wrap once
_WRAPPING_SPACE = r"(?:[ \t]+|[ \t]*\n[ \t]*)"   # between two words of a name: spaces, or one line break
# Fenced blocks whose body is data, not prose (their numbers are checked where they are read).
_DATA_BLOCKS = ("hand", "diagram", "fan-index")


@dataclass(frozen=True, slots=True)
class Mention:
    path: str        # as shown: "site/en/rulebook/play.md"
    line: int
    fan: str
    stated: int


class PointsReader:
    """Finds the mentions of fans with points in Markdown, for a table and its editions."""

    def __init__(self, tables: list[FanTable]) -> None:
        self._by_name: dict[str, str] = {}
        for table in tables:
            for fan in table.fans:
                for name in fan.names.values():
                    self._by_name.setdefault(name, fan.id)
        # A name's words may wrap onto the next line of a paragraph ("Todo\npungs 6").
        names = "|".join(_WRAPPING_SPACE.join(map(re.escape, n.split(" ")))
                         for n in sorted(self._by_name, key=len, reverse=True))
        self._pattern = re.compile(f"(?:{_LINK}|(?<!\\w)(?P<name>{names})){_AFTER}")

    def mentions(self, markdown: str, path: str) -> list[Mention]:
        skipped = {n for f in fenced_blocks(markdown) if f.info in _DATA_BLOCKS
                   for n in range(f.first_line, f.last_line + 1)}
        found = []
        for m in self._pattern.finditer(markdown):
            number = markdown.count("\n", 0, m.start()) + 1   # the line the mention starts on
            if number in skipped:
                continue
            fan = m["id"] or self._by_name[" ".join(m["name"].split())]
            found.append(Mention(path, number, fan, int(m["paren"] or m["bare"] or m["cell"])))
        return found


def _points(tables: list[FanTable]) -> dict[str, list[int]]:
    """Each fan's points in each table that has it, the table in force first."""
    points: dict[str, list[int]] = {}
    for table in tables:
        for fan in table.fans:
            points.setdefault(fan.id, []).append(fan.points)
    return points


def _label(fan: Fan | None, fan_id: str) -> str:
    return f"{fan_id} ({fan.name('en')})" if fan is not None else fan_id


def _generated(page: Path) -> bool:
    """Whether a page carries the banner of a generated page (markdown_text.GENERATED_BY)."""
    with page.open(encoding="utf-8", errors="replace") as fh:
        head = fh.read(200).split("\n")
    return len(head) > 1 and head[0] == "---" and head[1].startswith(GENERATED_BY)


def points_problems(book: Path, table: FanTable, editions: list[FanTable], shown: str = "site") -> list[str]:
    """Every mention in the Markdown pages of `book` (site/<lang>/...) whose points are neither
    `table`'s nor one of `editions`' for that fan; `shown` names `book` in messages."""
    tables = [table, *editions]
    reader, points = PointsReader(tables), _points(tables)
    by_id = {f.id: f for t in reversed(tables) for f in t.fans}
    problems = []
    for page in sorted(book.rglob("*.md")):
        if _generated(page):
            continue   # a page an older build left in site/: the build neither reads nor copies it
        where = f"{shown}/{page.relative_to(book).as_posix()}"
        for m in reader.mentions(page.read_text(encoding="utf-8"), where):
            known = points.get(m.fan, [])
            if m.stated in known:
                continue
            table_says = f"the table {known[0]}" if known else "the table has no such fan"
            problems.append(f"{m.path}:{m.line}: fan {_label(by_id.get(m.fan), m.fan)}: the text gives {m.stated} "
                            f"point{'s' if m.stated != 1 else ''}, {table_says}")
    return problems
