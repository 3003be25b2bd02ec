"""Runs inside Pyodide, under Node, at build time (generator/site/page_python.mjs): tries one
page's Python program as its page will run it and writes the compiled files the page loads.

1. Notes the modules Pyodide imported to start.
2. Runs the program named by `PROGRAM` from its source zip (`program.zip`) as its page's
   worker does, on the requests of `requests.json`, so every module it reaches is imported:
   - "calculator": the engine (calculator_engine), each table of `tables/`, and every
     request (each kind of answer and of error);
   - "trainer": the trainer (trainer_engine), its zip unpacked, and one session per `open`
     request: its edition chosen, begun, every item answered to the end, then the progress
     it leaves read back as an import.
3. Writes `stdlib.zip`: those of Pyodide's standard library modules, compiled to bytecode
   (sourceless .pyc entries, which zipimport reads without compiling anything), and a few
   codecs Python looks up by name; and `program-compiled.zip`, the program's zip compiled
   the same way (its data files as they are). `report.json` lists the modules kept.

Pyodide's own Python compiles, so the bytecode matches the interpreter of the page. Only
the standard library is used here; `WORK` (the folder of the inputs and outputs) and
`PROGRAM` are given by the caller.
"""
from __future__ import annotations

import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any, Callable

# Codecs the interpreter may look up by name at any time (file names, the zip's names).
CODECS = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.cp437")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ITEMS_PER_SESSION = 40   # a bound: a session that never ends would hang the build


def stdlib_zip_path() -> str:
    return next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/"))


def _requests(work: Path) -> list[Any]:
    return json.loads((work / "requests.json").read_text(encoding="utf-8"))


def exercise_calculator(work: Path) -> None:
    """Everything the calculator page asks of the engine (its zip on the path, as the worker puts it)."""
    sys.path.insert(0, str(work / "program.zip"))
    import calculator_engine  # noqa: PLC0415 - from the zip just put on the path

    for table in sorted((work / "tables").glob("*.json")):
        calculator_engine.load_table(table.read_text(encoding="utf-8"), table.stem)
    for request in _requests(work):
        calculator_engine.answer(json.dumps(request))


def _asker(engine: Any) -> Callable[..., dict[str, Any]]:
    """trainer_engine.answer on plain data; an error stops the build (the sessions are the page's own)."""
    def ask(**request: Any) -> dict[str, Any]:
        answer = json.loads(engine.answer(json.dumps(request)))
        if "error" in answer:
            raise RuntimeError(f"the trainer answered {request} with {answer['error']}")
        return answer
    return ask


def _response(item: dict[str, Any], n: int) -> Any:
    """Every other item "I don't know" (None), the others a response in the form the page sends."""
    if n % 2 == 0:
        return None
    choices = item.get("readings") or item.get("options") or [{"value": i} for i, _ in enumerate(item.get("hands") or [])]
    return {"number": 8, "numbers": [8] * (item.get("numbers") or 1), "yes_no": True, "tiles": ["5p"],
            "multi": [c["value"] for c in choices[:2]],
            "choice": choices[0]["value"] if choices else None}.get(item.get("form"))


def _session(ask: Callable[..., dict[str, Any]], request: dict[str, Any]) -> str:
    """One session as the quiz page runs it, to its summary; the progress it leaves. When the
    session asks for an edition, the one offered at the request's place "edition" (default 0:
    the site's own) is picked."""
    place = request.pop("edition", 0)
    opened = ask(**request)
    if opened["needs_edition"]:
        ask(op="edition", edition=opened["editions"][place % len(opened["editions"])]["id"])
    ask(op="begin")
    for n in range(ITEMS_PER_SESSION):
        step = ask(op="next")
        if step["item"] is None:
            return step["progress"]
        if step["item"]["type"] != "lesson":
            ask(op="answer", response=_response(step["item"], n))
    raise RuntimeError(f"the session of {request} did not end after {ITEMS_PER_SESSION} items")


def exercise_trainer(work: Path) -> None:
    """The quiz page's sessions, run as its worker runs them (the zip unpacked as Pyodide's
    unpackArchive does: the trainer reads its data files beside its modules); each opens on
    the progress the one before left."""
    folder = work / "trainer"
    shutil.unpack_archive(work / "program.zip", folder, "zip")
    sys.path.insert(0, str(folder))
    import trainer_engine  # noqa: PLC0415 - from the folder just put on the path

    trainer_engine.load_trainer()
    ask, progress = _asker(trainer_engine), None
    for request in _requests(work):
        progress = _session(ask, {**request, "progress": request.get("progress", progress)})
    ask(op="check", text=progress, today=request["today"])


EXERCISES: dict[str, Callable[[Path], None]] = {"calculator": exercise_calculator, "trainer": exercise_trainer}


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


def main(work: Path, program: str) -> None:
    stdlib = stdlib_zip_path()
    for codec in CODECS:
        importlib.import_module(codec)
    EXERCISES[program](work)
    entries = stdlib_entries(stdlib, set(sys.modules))
    with zipfile.ZipFile(stdlib) as source:
        write_zip(work / "stdlib.zip", compiled_zip(source, entries, stdlib + "/"))
    with zipfile.ZipFile(work / "program.zip") as source:
        modules = [n for n in source.namelist() if n.endswith(".py")]
        data = {n: source.read(n) for n in source.namelist() if not n.endswith(".py")}   # read as resources
        write_zip(work / "program-compiled.zip", {**compiled_zip(source, modules, ""), **data})
    report = {"python": sys.version.split()[0], "program": program,
              "stdlib": [e[:-3].replace("/", ".") for e in entries]}
    (work / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":   # as page_python.mjs runs it, with WORK and PROGRAM set
    main(Path(WORK), PROGRAM)  # type: ignore[name-defined]  # noqa: F821
