"""The progress the site's earlier quiz script kept in the browser (its own document of
formats 1 and 2: Leitner boxes counted in sessions of five answers), carried into the
trainer's progress once, when a page of the trainer first opens on a browser that has it.

Its fans, kinds and history are those of the terminal's old formats, beside fields of the
page's own (answers, last_active, the place in each page: modes), which are left out: it is
read as the terminal's old file (trainer/progress_migration.py turns each box into an FSRS
memory). A learner who has used the trainer's pages already keeps what they hold; the
earlier script's record of a fan they lack is added, and the kinds' tallies add up.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from .history import Tally
from .json_checks import ProgressError
from .progress import Progress

# The fields the earlier script's document shares with the terminal's old files.
SHARED = {1: ("format", "session", "fans", "kinds"), 2: ("format", "session", "fans", "kinds", "history")}


def as_old_file(text: str, level: str) -> str:
    """The earlier script's document as the terminal's old file of the same format; the
    learner's level (which it did not keep) is `level`. ProgressError when it is neither."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProgressError("the earlier quiz script's progress is not valid JSON") from None
    version = data.get("format") if isinstance(data, dict) else None
    if type(version) is not int or version not in SHARED:
        raise ProgressError("not a progress document of the earlier quiz script (format 1 or 2)")
    shared: dict[str, Any] = {name: data.get(name) for name in SHARED[version]}
    if version == 2:
        shared.update(level=level, recent={}, moved=None)
    return json.dumps(shared)


def carried_into(current: Progress, old: Progress) -> Progress:
    """`current` with what `old` adds: the whole of it when `current` holds no answer yet."""
    if not current.fans and not current.kinds and not current.rules:
        return replace(old, edition=current.edition, daily=current.daily, units=current.units)
    kinds = dict(current.kinds)
    for kind, tally in old.kinds.items():
        kinds[kind] = kinds.get(kind, Tally()).plus(tally.seen, tally.right)
    return replace(current, fans={**old.fans, **current.fans}, kinds=kinds)
