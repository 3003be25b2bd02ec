"""The calculator page's files, written under site/assets/mcr/ on every build (git-ignored).

- `pyodide/`: the core Pyodide runtime, copied from the npm package in node_modules/
  (package.json pins its version; ./dev installs it). Only the core: the engine needs no
  package beyond the standard library. The quiz pages' trainer runs on it too
  (trainer_assets.py). Its `python_stdlib.zip` is the part of the standard library that
  Pyodide, the engine and the trainer use, compiled (page_python.py): one file for both
  pages, as the trainer imports one module more than the calculator (`datetime`, 500
  bytes) and a visitor then fetches it, and keeps it offline, once. Pyodide's whole
  library stays beside it as `python_stdlib_full.zip`, for an import the build did not
  foresee, and its lock file lists no package (the pages load none).
- `calculator/engine.zip`: the `rules` package as it is in this checkout, plus the page's
  glue (calculator_engine.py), compiled to bytecode for Pyodide and put
  on its path by the worker.
- `calculator/tables/<edition>.json`: each edition's fan table data, read from fans.yaml
  (and the edition's file) and checked here, at build time (the browser has neither
  PyYAML nor jsonschema, and needs neither), less the texts the engine never reads
  (calculator_table.py).
The page's own data in each language (its strings, each fan's name, points and number,
the tile names, the minimum points: `text_asset`) is written into the page itself
(calculator_page.py).

Every file is made with fixed bytes for fixed inputs (sorted zip entries with a fixed
date, compact JSON), so a rebuild rewrites nothing.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import SITUATION_FLAGS
from rules.exclusion_judgements import JUDGEMENTS_PATH
from rules.tiles import ALL_TILES

from .calculator_table import edition_table
from .localize import pick
from .page_python import PYODIDE_PACKAGE, PreparedPython, Program, joined_stdlib, prepare_python
from .quiz_assets import SITE_KEYS
from .reproducible_zip import zip_bytes
from .site_data import REPO_ROOT, SiteData
from .site_text import TEXT
from .tiles import tile_alt
from .trainer_assets import trainer_python

CALCULATOR_ASSETS = "assets/mcr/calculator"
PYODIDE_ASSETS = "assets/mcr/pyodide"
STDLIB = "python_stdlib.zip"             # Pyodide's name for its standard library: the compiled part here
FULL_STDLIB = "python_stdlib_full.zip"   # Pyodide's whole standard library, as sources
# The core runtime: the loader, the compiled interpreter and the standard library. The lock
# file lists the optional packages; the loader reads it even when it loads none.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "pyodide-lock.json")
ENGINE_PACKAGE = "rules"
GLUE_MODULES = ("calculator_engine.py",)
ASSET_FORMAT = 1
# What the build tries the engine on (page_python.py), as the page asks: a scoring of each
# kind, waits, too few tiles, and each kind of error (notation, tile count, a situation that
# cannot happen, a character outside ASCII, a request that is not a hand), in two languages
# and both editions.
REQUESTS = (
    {"hand": "[123m]456m789m34p55s5p", "self_drawn": True},
    {"hand": "[EEE][SSSS1]55pWWWNNN", "kind": "score", "flowers": 2},
    {"hand": "[123m]456m789m34p55s"},
    {"hand": "1m9m1p9p1s9sESWNCFP"},
    {"hand": "12m"},
    {"hand": "[123m][EE"},
    {"hand": "11111m22m33m44m556m"},
    {"hand": "[123m]456m789m34p55s5p", "robbing_kong": True, "self_drawn": True},
    {"hand": "123m456p789s11s1\uff12p"},
    {"hand": 5},
    {"hand": "EESSWWNNCCFFPP", "self_drawn": True, "edition": "green-book"},
)

# The page's own strings, besides the shared ones of a drawn hand and its scoring.
CALCULATOR_KEYS = tuple(sorted(k for k in TEXT["en"] if k.startswith(("calc_", "error_"))))
SCORING_KEYS = SITE_KEYS + ("reason_non_repeat", "reason_listed", "reason_left_out", "reason_non_separation",
                            "reason_non_identical",
                            "reason_account_once", "payments_self_drawn", "payments_discard") + tuple(
    sorted(k for k in TEXT["en"] if k.startswith("same_total_")))   # the other counts of the same total


class MissingPyodide(FileNotFoundError):
    """node_modules/pyodide is not installed."""


def _dump(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n").encode("utf-8")


def engine_zip() -> bytes:
    """The `rules` package and the glue modules, as sources in a zip (the build compiles
    it for the page: page_python.py)."""
    here = Path(__file__).resolve().parent
    # The engine's modules, and the exclusion judgements: why the breakdown says a fan is left
    # out (rules/breakdown.py).
    engine = [*(REPO_ROOT / ENGINE_PACKAGE).glob("*.py"), JUDGEMENTS_PATH]
    files = {f"{ENGINE_PACKAGE}/{p.name}": p.read_bytes() for p in sorted(engine)}
    files.update({name: (here / name).read_bytes() for name in GLUE_MODULES})
    return zip_bytes(files)


def table_json(data: SiteData, edition: str | None = None) -> bytes:
    """An edition's fan table data as the engine reads it, as JSON (line numbers kept: the
    engine's messages cite them); the default edition's when `edition` is None."""
    return _dump(edition_table(edition, data.fans_path))


def edition_ids(data: SiteData) -> list[str]:
    """The editions of the rules the page offers, the site's own first."""
    return [info.id for info, _ in data.edition_list] or [""]


def text_asset(data: SiteData, lang: str) -> dict[str, Any]:
    fans = {}
    for table in (data.table, *data.other_editions.values()):
        for fan in table.fans:
            name = pick(fan.names, lang)
            fans.setdefault(fan.id, {"number": fan.number, "points": fan.points, "name": name.text,
                                     "missing": name.missing})
    editions = [{"id": info.id, "name": info.name(lang)} for info, _ in data.edition_list]
    return {
        "format": ASSET_FORMAT, "lang": lang, "table": edition_ids(data)[0], "editions": editions,
        "text": {k: TEXT[lang][k] for k in SCORING_KEYS + CALCULATOR_KEYS},
        "situation_flags": [f for f in SITUATION_FLAGS if f != "self_drawn"],
        "minimum": data.table.minimum_points,
        "fans": fans,
        "tiles": {t.text: tile_alt(t.text, lang) for t in ALL_TILES},
    }


def pyodide_files(package: Path = PYODIDE_PACKAGE) -> dict[str, bytes]:
    missing = [name for name in PYODIDE_FILES if not (package / name).is_file()]
    if missing:
        raise MissingPyodide(f"{package} lacks {', '.join(missing)}: the calculator needs the npm package "
                             "pyodide; run ./dev setup (it runs npm ci)")
    return {f"{PYODIDE_ASSETS}/{name}": (package / name).read_bytes() for name in PYODIDE_FILES}


def lock_without_packages(lock: bytes) -> bytes:
    """Pyodide's lock file with its interpreter's facts only: the page loads no package,
    and the whole list (120 KB) would be fetched and read at every start."""
    return _dump({"info": json.loads(lock)["info"], "packages": {}})


def engine_python(tables: dict[str, bytes]) -> PreparedPython:
    """The engine compiled, and the standard library modules it imports (page_python.py)."""
    inputs = {f"tables/{name}.json": body for name, body in tables.items()}
    return prepare_python(Program("calculator", engine_zip(), REQUESTS, inputs))


def calculator_assets(data: SiteData) -> dict[str, bytes]:
    """{path under site/: bytes} for every file of the calculator page, and the Pyodide
    runtime the quiz pages share."""
    files = pyodide_files()
    tables = {edition: table_json(data, edition if i else None) for i, edition in enumerate(edition_ids(data))}
    engine = engine_python(tables)
    stdlib, lock = f"{PYODIDE_ASSETS}/{STDLIB}", f"{PYODIDE_ASSETS}/pyodide-lock.json"
    files[f"{PYODIDE_ASSETS}/{FULL_STDLIB}"] = files[stdlib]
    files[stdlib] = joined_stdlib(engine, trainer_python(data))
    files[lock] = lock_without_packages(files[lock])
    files[f"{CALCULATOR_ASSETS}/engine.zip"] = engine.program
    files.update({f"{CALCULATOR_ASSETS}/tables/{edition}.json": body for edition, body in tables.items()})
    return files
