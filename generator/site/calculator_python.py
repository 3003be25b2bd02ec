"""The calculator's Python, compiled at build time for the page's interpreter.

Pyodide starts by importing some two hundred modules of its standard library, and the
engine about thirty of its own; from source, each is parsed and compiled by the
interpreter in WebAssembly at every visit, most of the calculator's start. The build runs
Pyodide once under Node (calculator_python.mjs, calculator_python_inside.py), lets it try
the engine on `REQUESTS` and both tables, and keeps:

- `stdlib`: the standard library modules that Pyodide and the engine imported, as
  bytecode (about 150 of Pyodide's 560 modules): it replaces Pyodide's python_stdlib.zip
  (sources of every module) on the page;
- `engine`: the engine zip as bytecode.

A module left out is still there if ever needed: the page keeps Pyodide's whole library
beside it (calculator-worker.mjs puts it in place of the compiled one when an import fails). The result is kept in the
cache (MCR_CACHE_DIR or ~/.cache/mcr) under the hash of everything it is made from, so a
build that changes none of them reuses it; making it takes Node and 10-30 s.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "calculator_python.mjs"
INSIDE = HERE / "calculator_python_inside.py"
FORMAT = 1
NODE_TIMEOUT_S = 600
# What the page asks: a scoring of each kind, waits, too few tiles, and each kind of error
# (notation, tile count, a situation that cannot happen, a character outside ASCII, a
# request that is not a hand), in two languages and both editions.
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


class CalculatorPythonError(RuntimeError):
    """Node is missing, or Pyodide could not run the engine."""


@dataclass(frozen=True, slots=True)
class PreparedPython:
    stdlib: bytes              # python_stdlib.zip for the page: the modules used, compiled
    engine: bytes              # engine.zip for the page, compiled
    modules: tuple[str, ...]   # the standard library modules kept


def cache_dir() -> Path:
    base = os.environ.get("MCR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mcr")
    return Path(base) / "calculator-python"


def _inputs(engine_source: bytes, tables: dict[str, bytes]) -> dict[str, bytes]:
    files = {"engine.zip": engine_source, "requests.json": json.dumps(REQUESTS).encode("utf-8")}
    files.update({f"tables/{name}.json": body for name, body in tables.items()})
    return files


def _digest(inputs: dict[str, bytes], package: Path) -> str:
    h = hashlib.sha256(f"format {FORMAT}\n".encode())
    parts = {**inputs, "script": SCRIPT.read_bytes(), "inside": INSIDE.read_bytes()}
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        parts[f"pyodide/{name}"] = (package / name).read_bytes()
    for name in sorted(parts):
        h.update(name.encode() + b"\0" + hashlib.sha256(parts[name]).digest())
    return h.hexdigest()[:24]


def _run_node(work: Path, package: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise CalculatorPythonError("the calculator's Python is compiled by Pyodide under Node, and node is not "
                                    "installed: run ./dev setup (or apt-get install nodejs)")
    try:
        run = subprocess.run([node, str(SCRIPT), str(package), str(work)], capture_output=True, text=True,
                             timeout=NODE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise CalculatorPythonError(f"Pyodide under Node did not finish in {NODE_TIMEOUT_S} s") from None
    if run.returncode != 0:
        raise CalculatorPythonError(f"Pyodide could not run the engine:\n{run.stderr.strip()[-3000:]}")


def _read(folder: Path) -> PreparedPython:
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return PreparedPython((folder / "stdlib.zip").read_bytes(), (folder / "engine-compiled.zip").read_bytes(),
                          tuple(report["stdlib"]))


def prepare_python(engine_source: bytes, tables: dict[str, bytes], package: Path) -> PreparedPython:
    """The page's compiled standard library and engine, from the cache or made now."""
    inputs = _inputs(engine_source, tables)
    kept = cache_dir() / _digest(inputs, package)
    if (kept / "report.json").is_file():
        return _read(kept)
    with tempfile.TemporaryDirectory(prefix="mcr-calculator-python-") as tmp:
        work = Path(tmp)
        for name, body in inputs.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_bytes(body)
        _run_node(work, package)
        prepared = _read(work)
        try:   # a cache that cannot be written only costs time
            kept.mkdir(parents=True, exist_ok=True)
            for name in ("stdlib.zip", "engine-compiled.zip", "report.json"):
                shutil.copyfile(work / name, kept / name)
        except OSError:
            pass
    return prepared
