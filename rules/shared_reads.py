"""Facts a generated program reads more than once on a reading, read once.

The collections of sets and the conditions of the whole-hand fans compile one by one, so
the program they make asks the context for the same fact again and again (the pungs, the
shape, the number of suits, of claimed sets...). A fact the context stores at once
(`STORED_FACTS`) costs nothing to read early, so each one read twice or more, and each
size of one taken twice or more, is read into a local name once per reading, before the
rest. A fact worked out when first read (the waits, the faces) is left where it is:
reading it early would work it out on hands that never need it.
"""
from __future__ import annotations

import re
from collections import Counter

from .context import STORED_FACTS

# A size of a fact of the reading, or the fact; a quoted text (a literal of a predicate)
# is matched first so that nothing inside it is taken for a read.
_READ = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\blen\(h\.([a-z_]+)\)|\bh\.([a-z_]+)(?!\w)""")


def read_once(lines: list[str], indent: str = "    ") -> list[str]:
    """`lines` (the body of the program's function for a reading) with the stored facts
    and sizes they read twice or more read once, first, into local names (`_size_NAME`,
    `_fact_NAME`). One pass over the text each way: the program is built at every start.
    A size is read early only of a collection: the table's type checks refuse `count` of
    anything else, so `len` cannot fail there where the fan's own test would not run."""
    if not lines:
        return []
    text = "\n".join(lines)
    reads = [read for read in _READ.findall(text) if read != ("", "")]   # not the texts
    sized = Counter(size for size, _ in reads if size)
    sizes = {name for name, n in sized.items() if n > 1 and name in STORED_FACTS}
    plain = Counter([fact or size for size, fact in reads if fact or size not in sizes])   # sizes read apart
    facts = {name for name, n in plain.items() if n > 1 and name in STORED_FACTS}

    def local(found: re.Match[str]) -> str:
        size, fact = found.groups()
        if size is None and fact is None:
            return found.group(0)   # a quoted text, as it was
        if size in sizes:
            return f"_size_{size}"
        name = size or fact
        read = f"_fact_{name}" if name in facts else f"h.{name}"
        return f"len({read})" if size else read

    body = _READ.sub(local, text)
    first = ([f"{indent}_fact_{name} = h.{name}" for name in sorted(facts)]
             + [f"{indent}_size_{name} = len({'_fact_' if name in facts else 'h.'}{name})" for name in sorted(sizes)])
    return first + body.split("\n")
