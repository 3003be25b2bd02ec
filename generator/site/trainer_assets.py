"""The quiz pages' trainer, written under site/assets/mcr/trainer/ on every build (git-ignored).

`trainer.zip` holds what trainer.session needs to run in the page's worker under Pyodide
(site/assets/mcr/trainer-worker.mjs unpacks it and imports `trainer_engine`), its modules
compiled to bytecode for Pyodide (page_python.py, which runs the trainer through `SESSIONS`):

- the packages as they are in this checkout: `rules`, `trainer`, `generator.quizzes` (with
  the package's own small modules), `i18n` with its string tables, and the page's glue
  (trainer_engine.py, at the top);
- the pure-Python packages they import: PyYAML (its pure-Python loader: the page has no
  libyaml), `fsrs` (the spacing) and `typing_extensions` (which `fsrs` imports), taken
  from the installed packages;
- the banks (`quizzes/<level>.json`, as committed) and every edition's fan table data
  (`tables/<edition>.json`, checked here at build time: the page has no jsonschema),
  with `tables/index.json` listing the editions, the site's own first.

The worker runs Pyodide on the calculator's files (calculator_assets.py), whose compiled
standard library holds the modules the trainer imports too. Entries are sorted and dated
1980, so a rebuild writes the same bytes.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

import fsrs
import typing_extensions
import yaml

from rules import edition_data

from generator.quizzes.levels import LEVELS
from generator.quizzes.banks import bank_path
from generator.quizzes.questions import KINDS
from i18n import LANGS
from .page_python import PreparedPython, Program, prepare_python
from .reproducible_zip import zip_bytes
from .site_data import REPO_ROOT, SiteData

TRAINER_ASSETS = "assets/mcr/trainer"
TRAINER_ZIP = f"{TRAINER_ASSETS}/trainer.zip"
GLUE = Path(__file__).resolve().parent / "trainer_engine.py"
# Folders of this checkout shipped whole (their Python and data files), and single modules.
PACKAGES = ("rules", "trainer", "generator/quizzes", "i18n")
MODULES = ("generator/__init__.py", "generator/atomic_file.py", "generator/markdown_fences.py")
DATA_SUFFIXES = (".py", ".yaml", ".json")
_DAY = "2026-03-02"
# The sessions the build runs the trainer through (page_python.py), as a quiz page opens
# them, so that every module a page's session reaches is imported: one per language (its
# strings) and level; one per kind of question; the flashcards (learn cards) and the guided
# steps; a family page's and a timed drill's; each opens on the progress the one before left
# (the last is then checked as an import), but one on a damaged progress and two new, one of
# which picks the last edition offered.
SESSIONS = (
    *({"op": "open", "lang": lang, "today": _DAY, "level": LEVELS[i % len(LEVELS)], "mode": "practice",
       "count": 3, "seed": i} for i, lang in enumerate(LANGS)),
    *({"op": "open", "lang": "en", "today": _DAY, "level": "expert" if kind == "best_reading" else "intermediate",
       "mode": "practice", "count": 2, "seed": 10 + i, "kinds": [kind]} for i, kind in enumerate(KINDS)),
    *({"op": "open", "lang": "zh", "today": "2026-03-04", "level": "beginner", "mode": mode, "count": 2, "seed": 30}
      for mode in ("learn", "guided")),
    {"op": "open", "lang": "ja", "today": "2026-03-05", "level": "beginner", "count": 2, "seed": 40,
     "progress": '{"format": 3, "session": -1}'},
    {"op": "open", "lang": "ko", "today": _DAY, "level": "intermediate", "count": 2, "seed": 50, "progress": None,
     "edition": -1},
    # A family page's session, the timed drill's, and the earlier quiz script's progress carried.
    {"op": "open", "lang": "fr", "today": _DAY, "family": "concealment", "count": 3, "seed": 60},
    {"op": "open", "lang": "es", "today": _DAY, "level": "intermediate", "mode": "timed", "kinds": ["total"],
     "count": 2, "seed": 70, "progress": None,
     "legacy": '{"format": 1, "session": 0, "fans": {}, "kinds": {}, "modes": {}}'},
)


def _tree(root: Path, shown: str, suffixes: Iterable[str] = DATA_SUFFIXES) -> dict[str, bytes]:
    """Every file of `root` with one of `suffixes`, named `shown/...`; caches left out."""
    return {f"{shown}/{p.relative_to(root).as_posix()}": p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.suffix in tuple(suffixes)
            and "__pycache__" not in p.parts}


def source_files() -> dict[str, bytes]:
    """The checkout's Python and data files the session needs, and the glue."""
    files: dict[str, bytes] = {}
    for package in PACKAGES:
        files.update(_tree(REPO_ROOT / package, package))
    files.update({name: (REPO_ROOT / name).read_bytes() for name in MODULES})
    files["trainer_engine.py"] = GLUE.read_bytes()
    return files


def library_files() -> dict[str, bytes]:
    """PyYAML's pure-Python modules, `fsrs` and `typing_extensions`, as installed."""
    files = _tree(Path(yaml.__file__).parent, "yaml", (".py",))
    files.update(_tree(Path(fsrs.__file__).parent, "fsrs", (".py",)))
    files["typing_extensions.py"] = Path(typing_extensions.__file__).read_bytes()
    return files


def data_files(data: SiteData) -> dict[str, bytes]:
    """The banks and each edition's checked table data."""
    files = {f"quizzes/{level}.json": bank_path(level).read_bytes() for level in LEVELS if bank_path(level).is_file()}
    ids = [info.id for info, _ in data.edition_list]
    files["tables/index.json"] = json.dumps(ids).encode("utf-8")
    for i, edition in enumerate(ids):
        table = edition_data(edition if i else None, data.fans_path)
        files[f"tables/{edition}.json"] = json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return files




def trainer_files(data: SiteData) -> dict[str, bytes]:
    """Everything in the zip, by name (the tests unpack the same files)."""
    return {**source_files(), **library_files(), **data_files(data)}


def trainer_python(data: SiteData) -> PreparedPython:
    """The trainer compiled, and the standard library modules it imports (page_python.py)."""
    return prepare_python(Program("trainer", zip_bytes(trainer_files(data)), SESSIONS))


def trainer_assets(data: SiteData) -> dict[str, bytes]:
    """{path under site/: bytes} for the quiz pages' trainer."""
    return {TRAINER_ZIP: trainer_python(data).program}
