"""The fan table as the calculator's engine reads it: an edition's checked data, less the
texts that only people read.

The engine scores with the points, exclusions, predicates, settlement and situation rules
and names each fan and impossible situation in the reader's language; the definitions,
summaries, notes, other names, examples and rulings are for the site's pages and the
checks, and make up about two thirds of the data. Leaving them out makes the file the
page downloads and parses about a third of the size; the tests hold the prepared table
to scoring exactly as fans.yaml does.
"""
from __future__ import annotations

from typing import Any

from rules import edition_data

# Per fan: what the site shows and the checks read, never the scoring.
FAN_TEXTS = ("definition", "summary", "note", "other_names", "examples")
# Of the whole table: the rulings (shown on the site; a fan's list of ruling ids stays).
TABLE_TEXTS = ("rulings",)


def prepared_table(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a table's checked data, `__line__` keys included) without the texts."""
    fans = [{k: v for k, v in fan.items() if k not in FAN_TEXTS} for fan in data["fans"]]
    return {**{k: v for k, v in data.items() if k not in TABLE_TEXTS}, "fans": fans}


def edition_table(edition: str | None, fans_path: Any) -> dict[str, Any]:
    """An edition's prepared table (the default edition's when `edition` is None)."""
    return prepared_table(edition_data(edition, fans_path))
