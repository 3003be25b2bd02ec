"""The pages' Python, compiled at build time for the pages' interpreter.

Two pages run Python under Pyodide in a worker: the calculator (its engine, calculator_engine.py,
calculator_assets.py) and the quiz pages (the trainer, trainer_engine.py, trainer_assets.py).
Pyodide starts by importing some two hundred modules of its standard library, and each
program tens of its own; from source, each is parsed and compiled by the interpreter in
WebAssembly at every visit, most of a page's start. The build runs Pyodide under Node once
per program (page_python.mjs, page_python_inside.py), lets it run the program as its page
does (a `Program`: its zip, and the requests it is tried on), and keeps:

- `stdlib`: the standard library modules that Pyodide and the program imported, as
  bytecode (about 150 of Pyodide's 560 modules);
- `program`: the program's zip as bytecode, its data files as they are.

`joined_stdlib` makes of the programs' parts the one python_stdlib.zip both pages load in
place of Pyodide's (sources of every module). A module left out is still there if ever
needed: the site keeps Pyodide's whole library beside it (the workers put it in place of
the compiled one when an import fails, pyodide-library.mjs). Each program's result is kept
in the cache (MCR_CACHE_DIR or ~/.cache/mcr) under the hash of everything it is made from,
so a build that changes none of them reuses it; making it takes Node and 10-60 s.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .reproducible_zip import zip_bytes
from .site_data import REPO_ROOT

HERE = Path(__file__).resolve().parent
# Pyodide's npm package (package.json pins its version; ./dev installs it): the pages' runtime.
PYODIDE_PACKAGE = REPO_ROOT / "node_modules" / "pyodide"
SCRIPT = HERE / "page_python.mjs"
INSIDE = HERE / "page_python_inside.py"
FORMAT = 2
NODE_TIMEOUT_S = 900
OUTPUTS = ("stdlib.zip", "program-compiled.zip", "report.json")


_MADE: dict[str, PreparedPython] = {}   # by digest, in this process


class PagePythonError(RuntimeError):
    """Node is missing, or Pyodide could not run a program."""


@dataclass(frozen=True, slots=True)
class Program:
    """A page's Python, and what the build tries it on (page_python_inside.py runs it)."""
    name: str                      # "calculator" or "trainer": how page_python_inside.py runs it
    source: bytes                  # its zip, as sources
    requests: tuple[Any, ...]      # what it is asked, as JSON data (requests.json)
    files: Mapping[str, bytes] = field(default_factory=dict)   # more inputs it reads: {name: bytes}


@dataclass(frozen=True, slots=True)
class PreparedPython:
    stdlib: bytes              # the standard library modules the program used, compiled (a zip)
    program: bytes             # the program's zip, compiled
    modules: tuple[str, ...]   # the standard library modules kept


def cache_dir() -> Path:
    base = os.environ.get("MCR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mcr")
    return Path(base) / "page-python"


def _inputs(program: Program) -> dict[str, bytes]:
    return {"program.zip": program.source, "requests.json": json.dumps(program.requests).encode("utf-8"),
            **program.files}


def _digest(program: Program, inputs: dict[str, bytes], package: Path) -> str:
    h = hashlib.sha256(f"format {FORMAT}\nprogram {program.name}\n".encode())
    parts = {**inputs, "script": SCRIPT.read_bytes(), "inside": INSIDE.read_bytes()}
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        parts[f"pyodide/{name}"] = (package / name).read_bytes()
    for name in sorted(parts):
        h.update(name.encode() + b"\0" + hashlib.sha256(parts[name]).digest())
    return h.hexdigest()[:24]


def _run_node(work: Path, package: Path, name: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise PagePythonError(f"the {name}'s Python is compiled by Pyodide under Node, and node is not "
                              "installed: run ./dev setup (or apt-get install nodejs)")
    try:
        run = subprocess.run([node, str(SCRIPT), str(package), str(work), name], capture_output=True, text=True,
                             timeout=NODE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise PagePythonError(f"Pyodide under Node did not finish the {name} in {NODE_TIMEOUT_S} s") from None
    if run.returncode != 0:
        raise PagePythonError(f"Pyodide could not run the {name}:\n{run.stderr.strip()[-3000:]}")


def _read(folder: Path) -> PreparedPython:
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return PreparedPython((folder / "stdlib.zip").read_bytes(), (folder / "program-compiled.zip").read_bytes(),
                          tuple(report["stdlib"]))


def prepare_python(program: Program, package: Path = PYODIDE_PACKAGE) -> PreparedPython:
    """The program's compiled standard library and zip, from the cache or made now."""
    inputs = _inputs(program)
    digest = _digest(program, inputs, package)
    if digest in _MADE:   # both pages' files want the trainer's: made once even without a cache
        return _MADE[digest]
    kept = cache_dir() / digest
    if (kept / "report.json").is_file():
        return _MADE.setdefault(digest, _read(kept))
    with tempfile.TemporaryDirectory(prefix=f"mcr-{program.name}-python-") as tmp:
        work = Path(tmp)
        for name, body in inputs.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_bytes(body)
        _run_node(work, package, program.name)
        prepared = _read(work)
        keep_in_cache(work, kept)
    return _MADE.setdefault(digest, prepared)


def keep_in_cache(work: Path, kept: Path) -> None:
    """The outputs into the cache, whole or not at all: written beside it, then renamed into
    place, so that another build reading (or making) the same entry at the same time never
    sees half of one. A cache that cannot be written only costs time."""
    partial = kept.with_name(f".{kept.name}.{os.getpid()}.part")
    try:
        partial.mkdir(parents=True, exist_ok=True)
        for name in OUTPUTS:
            shutil.copyfile(work / name, partial / name)
        partial.rename(kept)
    except OSError:   # unwritable, or another build kept the same entry first
        shutil.rmtree(partial, ignore_errors=True)


def joined_stdlib(*parts: PreparedPython) -> bytes:
    """One compiled standard library holding every module of the `parts` (a module two parts
    hold is the same source compiled by the same Python: the first part's copy is kept)."""
    files: dict[str, bytes] = {}
    for part in parts:
        with zipfile.ZipFile(io.BytesIO(part.stdlib)) as archive:
            for name in archive.namelist():
                files.setdefault(name, archive.read(name))
    return zip_bytes(files)
