"""Which timed drill is the best: more hands right, or as many in less time. The terminal
keeps its bests in a file (trainer/drill_records.py); the site keeps its own in the
browser, one per level, length and edition, and asks `site_bests` (the same rule)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class DrillRecord:
    right: int
    seconds: float

    def beats(self, other: "DrillRecord | None") -> bool:
        """More hands right, or as many in less time."""
        return other is None or (self.right, -self.seconds) > (other.right, -other.seconds)


@dataclass(frozen=True, slots=True)
class Recorded:
    previous: DrillRecord | None   # the best before this drill
    new_best: bool
    problem: str | None = None     # why the file could not be read or written


def drill_key(level: str, count: int) -> str:
    return f"{level}:{count}"


EXPORT_FIELD = "timed"   # an exported progress document's field of the terminal's bests (mcr quiz --export)


def records_of(best: object, where: str) -> dict[str, DrillRecord]:
    """The records of a `{key: {"right", "seconds"}}` object found at `where`; ValueError
    names a bad one."""
    if not isinstance(best, dict):
        raise ValueError(f"{where}: not an object of timed-drill records")
    out = {}
    for key, value in best.items():
        right, seconds = value.get("right") if isinstance(value, dict) else None, \
            value.get("seconds") if isinstance(value, dict) else None
        if not (isinstance(right, int) and not isinstance(right, bool) and right >= 0
                and isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e7):
            raise ValueError(f"{where}.{key}: not a record of right answers and seconds")
        out[str(key)] = DrillRecord(right, float(seconds))
    return out


def exported_bests(document: dict[str, Any]) -> dict[str, DrillRecord]:
    """The bests an exported progress document carries (none when it has no such field);
    ValueError names a bad one."""
    return records_of(document[EXPORT_FIELD], EXPORT_FIELD) if EXPORT_FIELD in document else {}


def as_data(best: dict[str, DrillRecord]) -> dict[str, dict[str, float | int]]:
    return {k: {"right": r.right, "seconds": round(r.seconds, 1)} for k, r in sorted(best.items())}


def best_after(best: dict[str, DrillRecord], key: str, result: DrillRecord) -> tuple[dict[str, DrillRecord], Recorded]:
    """The records with `result` kept when it beats the one for `key`, and what the best was."""
    previous = best.get(key)
    if not result.beats(previous):
        return best, Recorded(previous, False)
    return {**best, key: result}, Recorded(previous, True)


def site_bests(text: str | None, key: str, result: DrillRecord) -> tuple[dict[str, Any], Recorded]:
    """The site's records (its text: a `{key: record}` object, none or damaged: none) after
    `result`, as data to store."""
    try:
        best = records_of(json.loads(text), "timed") if text else {}
        problem = None
    except ValueError as err:   # json's errors are ValueErrors too
        best, problem = {}, str(err)
    kept, recorded = best_after(best, key, result)
    return as_data(kept), Recorded(recorded.previous, recorded.new_best, problem)


def site_key(level: str, count: int, edition: str) -> str:
    """The site's record key (as the site's drill has always kept them)."""
    return f"{drill_key(level, count)}:{edition}"
