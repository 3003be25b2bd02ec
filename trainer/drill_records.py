"""The learner's best timed drills, one per level and length, in `timed.json` beside the
progress file. A damaged file is reported and replaced: best times are a nicety, and
losing them must never stop a drill (which is best: trainer/drill_bests.py)."""
from __future__ import annotations

import json
from pathlib import Path

from generator.atomic_file import write_atomic
from rules.user_files import PROGRESS_LIMIT, read_user_text
from .drill_bests import DrillRecord, Recorded, as_data, best_after, drill_key, records_of
from .file_lock import locked
from .progress_store import data_dir

__all__ = ["DrillRecord", "DrillRecords", "Recorded", "drill_key"]

FILE_NAME = "timed.json"
FORMAT = 1


def _read(path: Path) -> dict[str, DrillRecord]:
    data = json.loads(read_user_text(path, PROGRESS_LIMIT))
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("best"), dict):
        raise ValueError(f"{path.name}: not a timed-drill file of format {FORMAT}")
    return records_of(data["best"], f"{path.name}: best")


class DrillRecords:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / FILE_NAME

    def all(self) -> dict[str, DrillRecord]:
        """Every best kept (none when the file is missing or damaged: a drill replaces it)."""
        try:
            return _read(self.path) if self.path.exists() else {}
        except (OSError, ValueError, UnicodeDecodeError):
            return {}

    def merge(self, bests: dict[str, DrillRecord]) -> str | None:
        """Keep each of `bests` that beats the one kept for its key (an import: the better
        of each); why the file could not be read or written, else None."""
        problems = [self.record(key, result).problem for key, result in sorted(bests.items())]
        return next((p for p in problems if p), None)

    def record(self, key: str, result: DrillRecord) -> Recorded:
        """Keep `result` when it beats the best for `key`; say what the best was."""
        problem = None
        try:
            with locked(self.path.with_suffix(".lock")):
                try:
                    best = _read(self.path) if self.path.exists() else {}
                except (OSError, ValueError, UnicodeDecodeError) as err:   # damaged: start again
                    best, problem = {}, str(err)
                kept, recorded = best_after(best, key, result)
                if recorded.new_best:
                    payload = {"format": FORMAT, "best": as_data(kept)}
                    write_atomic(self.path, json.dumps(payload, indent=1) + "\n")
                return Recorded(recorded.previous, recorded.new_best, problem)
        except OSError as err:
            return Recorded(None, False, str(err))
