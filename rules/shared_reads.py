"""Facts a generated program reads more than once on a reading, read once.

The collections of sets and the conditions of the whole-hand fans compile one by one, so
the program they make asks the context for the same fact again and again (the pungs, the
shape, the number of suits, of claimed sets...). A fact the context stores at once (`STORED_FACTS`) costs nothing to
read early, so each one read twice or more, and each size of one taken twice or more, is
read into a local name once per reading before the fans. A fact worked out when first
read (the waits, the faces) is left where it is: reading it early would work it out on
hands that never need it.
"""
from __future__ import annotations

import re
from collections import Counter

from .context import STORED_FACTS

_SIZE = re.compile(r"\blen\(h\.([a-z_]+)\)")   # the size of a fact of the reading
_FACT = re.compile(r"\bh\.([a-z_]+)")          # a fact of the reading


def read_once(lines: list[str], indent: str = "    ") -> list[str]:
    """`lines` (the body of the program's function for a reading) with the stored facts
    and sizes they read twice or more read once, first, into local names (`_size_NAME`,
    `_fact_NAME`)."""
    text = "\n".join(lines)
    sizes = [name for name, n in Counter(_SIZE.findall(text)).items() if n > 1 and name in STORED_FACTS]
    for name in sizes:
        text = re.sub(rf"\blen\(h\.{name}\)", f"_size_{name}", text)
    facts = [name for name, n in Counter(_FACT.findall(text)).items() if n > 1 and name in STORED_FACTS]
    for name in facts:
        text = re.sub(rf"\bh\.{name}\b", f"_fact_{name}", text)
    first = ([f"{indent}_fact_{name} = h.{name}" for name in facts]
             + [f"{indent}_size_{name} = len({_fact_or_read(name, facts)})" for name in sizes])
    return first + text.split("\n") if lines else []


def _fact_or_read(name: str, facts: list[str]) -> str:
    return f"_fact_{name}" if name in facts else f"h.{name}"
