"""The learner's progress file: read strictly, written whole, shared between sessions.

The file lives in the user's data folder ($MCR_DATA_DIR overrides it). It is the progress
document of trainer/progress.py, which the site keeps too: `export` writes it to a file
the learner carries to the other place, `import_from` takes one back. Every value is
checked (trainer/progress_reading.py). A file that cannot be read is never fatal: it is
renamed aside (progress.json.damaged-...), reported, and what could be read of it is kept,
part by part (trainer/progress_salvage.py), else a new progress starts; an import
that cannot be read changes nothing, and the progress it replaces is kept beside it
(progress.json.before-import-...).

Files of formats 1 and 2 (Leitner boxes) are carried over whole (trainer/progress_migration.py);
the next save writes format 3.

Quiz sessions running at once (two terminals) each apply their answers to the file as it
is at that moment, under a lock, so none writes over the answers of another.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Callable

import platformdirs

import rules
from rules.user_files import PROGRESS_LIMIT, read_user_text

from generator.atomic_file import write_atomic
from .drill_bests import EXPORT_FIELD, DrillRecord, as_data, exported_bests
from .file_lock import locked
from .json_checks import ProgressError
from .progress import Progress
from .progress_reading import no_future_days, read_progress
from .progress_salvage import Salvaged, salvage_progress
from generator.quizzes.levels import LEVELS

__all__ = ["DATA_ENV", "FILE_NAME", "Loaded", "ProgressError", "ProgressStore", "data_dir", "progress_text",
           "read_progress"]

DATA_ENV = "MCR_DATA_DIR"
FILE_NAME = "progress.json"


def data_dir() -> Path:
    """Where progress lives: $MCR_DATA_DIR, else the platform's user data folder."""
    return Path(os.environ.get(DATA_ENV) or platformdirs.user_data_dir("mcr"))


def progress_text(progress: Progress, bests: dict[str, DrillRecord] | None = None) -> str:
    """The progress document as the file and an export hold it; an export carries the
    timed drill's `bests` too, when there are some."""
    document = progress.as_data()
    if bests:
        document[EXPORT_FIELD] = as_data(bests)
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


@dataclass(frozen=True, slots=True)
class Loaded:
    progress: Progress
    damaged: str | None = None       # what was wrong with the file
    kept_as: Path | None = None      # where the damaged file (or the one an import replaced) was moved
    salvaged: bool = False           # a damaged file read part by part: all but its bad parts kept
    bests: dict[str, DrillRecord] = field(default_factory=dict)   # the timed-drill bests an import carried

    @property
    def notice(self) -> str:
        """The key of the message that tells the learner what became of a damaged file."""
        kept = "salvaged" if self.salvaged else "damaged"
        return f"progress_{kept}" if self.kept_as else ("progress_salvaged_unmoved" if self.salvaged
                                                         else "progress_damaged_lost")


class ProgressStore:
    """The progress file in a folder, for a trainer that knows these fans, question kinds,
    levels, fan families and editions (default: those of the project's fan table).
    `today` gives the learner's calendar day (an old file is carried over as of it)."""

    def __init__(self, folder: Path | None = None, *, fans: Collection[str], kinds: Collection[str],
                 levels: tuple[str, ...] = LEVELS, families: Collection[str] | None = None,
                 editions: Collection[str] | None = None, today: Callable[[], date] = date.today) -> None:
        self.path = (folder or data_dir()) / FILE_NAME
        self.fans = frozenset(fans)
        self.kinds = tuple(kinds)
        self.levels = tuple(levels)
        self.families = frozenset(rules.fan_table().families if families is None else families)
        self.editions = None if editions is None else tuple(editions)
        self.today = today

    def read(self, text: str) -> Progress:
        """A progress document of this store's fans, kinds...; ProgressError names a problem."""
        return read_progress(text, self.fans, self.kinds, self.levels, self.families, today=self.today(),
                             editions=self.editions)

    def load(self) -> Loaded:
        try:
            text = read_user_text(self.path, PROGRESS_LIMIT)
        except FileNotFoundError:
            return Loaded(Progress())
        except (OSError, UnicodeDecodeError) as err:
            return self._set_aside(f"{type(err).__name__}: {err}")
        salvaged = salvage_progress(text, self.fans, self.kinds, self.levels, self.families, today=self.today(),
                                    editions=self.editions)
        if salvaged.whole:
            return Loaded(salvaged.progress)
        return self._set_aside(salvaged.dropped[0], salvaged)

    def update(self, change: Callable[[Progress], Progress]) -> Loaded:
        """Apply `change` to the progress as the file holds it now and write the result,
        under the file's lock: what other sessions wrote meanwhile is kept. Raises OSError
        when the folder cannot be written."""
        with locked(self.path.with_name(FILE_NAME + ".lock")):
            current = self.load()
            progress = change(current.progress)
            write_atomic(self.path, progress_text(progress))
        return replace(current, progress=progress)

    def export(self, target: Path, bests: dict[str, DrillRecord] | None = None) -> Loaded:
        """Write the progress document to `target`, with the timed drill's `bests` when
        there are some (OSError when it cannot be written)."""
        loaded = self.load()
        write_atomic(target, progress_text(loaded.progress, bests))
        return loaded

    def import_from(self, source: Path) -> Loaded:
        """Replace the progress by the document in `source`, read as strictly as the file;
        the progress replaced is kept beside it; the timed-drill bests it carries are in
        the answer's `bests` (the caller keeps them: trainer/drill_records.py).
        ProgressError (nothing changed) when the document cannot be used, OSError when a
        file cannot be read or written."""
        try:
            text = read_user_text(source, PROGRESS_LIMIT)
        except UnicodeDecodeError as err:
            raise ProgressError(f"not UTF-8 text (byte {err.start})") from None
        imported = self.read(text)
        no_future_days(text, self.today())   # only here: the learner's own file may meet a clock set back
        with locked(self.path.with_name(FILE_NAME + ".lock")):
            kept = None
            if self.path.exists():
                kept = self._free_name("before-import")
                shutil.copy2(self.path, kept)
            write_atomic(self.path, progress_text(imported))
        return Loaded(imported, None, kept, bests=exported_bests(json.loads(text)))   # read above: sound

    def _free_name(self, what: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{FILE_NAME}.{what}-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{FILE_NAME}.{what}-{stamp}-{n}")
        return target

    def _set_aside(self, problem: str, salvaged: Salvaged | None = None) -> Loaded:
        """Move the damaged file aside (a new name each time) and go on with what could be read of it."""
        progress = salvaged.progress if salvaged is not None else Progress()
        in_parts = salvaged is not None and salvaged.in_parts
        target = self._free_name("damaged")
        try:
            os.replace(self.path, target)
            if in_parts:   # what was read is the learner's progress now, whether or not a session follows
                write_atomic(self.path, progress_text(progress))
        except OSError:
            return Loaded(progress, problem, None, in_parts)
        return Loaded(progress, problem, target, in_parts)
