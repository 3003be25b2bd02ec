"""The learner's best timed drills, one per level and length, in `timed.json` beside the
progress file. A damaged file is reported and replaced: best times are a nicety, and
losing them must never stop a drill."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.atomic_file import write_atomic
from rules.user_files import PROGRESS_LIMIT, read_user_text
from .file_lock import locked
from .progress_store import data_dir

FILE_NAME = "timed.json"
FORMAT = 1


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


def _read(path: Path) -> dict[str, DrillRecord]:
    data = json.loads(read_user_text(path, PROGRESS_LIMIT))
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("best"), dict):
        raise ValueError(f"{path.name}: not a timed-drill file of format {FORMAT}")
    out = {}
    for key, value in data["best"].items():
        right, seconds = value.get("right") if isinstance(value, dict) else None, \
            value.get("seconds") if isinstance(value, dict) else None
        if not (isinstance(right, int) and not isinstance(right, bool) and right >= 0
                and isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < 1e7):
            raise ValueError(f"{path.name}: best.{key}: not a record of right answers and seconds")
        out[key] = DrillRecord(right, float(seconds))
    return out


class DrillRecords:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / FILE_NAME

    def record(self, key: str, result: DrillRecord) -> Recorded:
        """Keep `result` when it beats the best for `key`; say what the best was."""
        problem = None
        try:
            with locked(self.path.with_suffix(".lock")):
                try:
                    best = _read(self.path) if self.path.exists() else {}
                except (OSError, ValueError, UnicodeDecodeError) as err:   # damaged: start again
                    best, problem = {}, str(err)
                previous = best.get(key)
                if result.beats(previous):
                    best[key] = result
                    payload = {"format": FORMAT, "best": {k: {"right": r.right, "seconds": round(r.seconds, 1)}
                                                          for k, r in sorted(best.items())}}
                    write_atomic(self.path, json.dumps(payload, indent=1) + "\n")
                return Recorded(previous, result.beats(previous), problem)
        except OSError as err:
            return Recorded(None, False, str(err))
