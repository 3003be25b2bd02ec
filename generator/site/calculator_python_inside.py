"""Runs inside Pyodide, under Node, at build time (generator/site/calculator_python.mjs): tries
the calculator's engine as the page will run it and writes the compiled files the page loads.

1. Notes the modules Pyodide imported to start.
2. Imports the engine from its source zip, loads each table and answers every request of
   requests.json (each kind of answer and of error), so every module the engine reaches
   is imported.
3. Writes `stdlib.zip`: those of Pyodide's standard library modules, compiled to bytecode
   (sourceless .pyc entries, which zipimport reads without compiling anything), and a few
   codecs Python looks up by name; and `engine-compiled.zip`, the engine zip compiled the
   same way (its data files as they are). `report.json` lists the modules kept.

Pyodide's own Python compiles, so the bytecode matches the interpreter of the page. Only
the standard library is used here; `WORK` (the folder of the inputs and outputs) is given
by the caller.
"""
from __future__ import annotations

import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

# Codecs the interpreter may look up by name at any time (file names, the zip's names).
CODECS = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.cp437")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def stdlib_zip_path() -> str:
    return next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/"))


def exercise_engine(work: Path) -> None:
    """Everything the page asks of the engine, so that each module it needs is imported."""
    sys.path.insert(0, str(work / "engine.zip"))
    import calculator_engine  # noqa: PLC0415 - from the zip just put on the path

    for table in sorted((work / "tables").glob("*.json")):
        calculator_engine.load_table(table.read_text(encoding="utf-8"), table.stem)
    for request in json.loads((work / "requests.json").read_text(encoding="utf-8")):
        calculator_engine.answer(json.dumps(request))


def stdlib_entries(stdlib: str, modules: set[str]) -> list[str]:
    """The zip entries of the standard library modules among `modules`."""
    prefix = stdlib + "/"
    entries = set()
    for name in modules:
        origin = getattr(sys.modules.get(name), "__file__", None) or ""
        if origin.startswith(prefix) and origin.endswith(".py"):
            entries.add(origin[len(prefix):])
    return sorted(entries)


def compiled(source: bytes, filename: str) -> bytes:
    """Unchecked hash-based bytecode: valid whatever the dates, and read without the source."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def write_zip(path: Path, files: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])


def compiled_zip(source: zipfile.ZipFile, entries: list[str], shown_prefix: str) -> dict[str, bytes]:
    return {name[:-3] + ".pyc": compiled(source.read(name), shown_prefix + name) for name in entries}


def main(work: Path) -> None:
    stdlib = stdlib_zip_path()
    for codec in CODECS:
        importlib.import_module(codec)
    exercise_engine(work)
    entries = stdlib_entries(stdlib, set(sys.modules))
    with zipfile.ZipFile(stdlib) as source:
        write_zip(work / "stdlib.zip", compiled_zip(source, entries, stdlib + "/"))
    with zipfile.ZipFile(work / "engine.zip") as source:
        engine = [n for n in source.namelist() if n.endswith(".py")]
        data = {n: source.read(n) for n in source.namelist() if not n.endswith(".py")}   # read as resources
        write_zip(work / "engine-compiled.zip", {**compiled_zip(source, engine, ""), **data})
    report = {"python": sys.version.split()[0], "stdlib": [e[:-3].replace("/", ".") for e in entries]}
    (work / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":   # as calculator_python.mjs runs it, with WORK set
    main(Path(WORK))  # type: ignore[name-defined]  # noqa: F821
