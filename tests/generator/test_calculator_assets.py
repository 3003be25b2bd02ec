"""The calculator's files (generator/site/calculator_assets.py): the engine zip runs on the bare
standard library, as in Pyodide's core distribution (no PyYAML, no jsonschema, nothing
from site-packages), with the table as JSON; the files are the same bytes on every build;
each language's data has what the page shows; the page gets its Python compiled for Pyodide,
the standard library cut to what it and the quiz pages' trainer use, and that runs the
engine in Pyodide (under Node) exactly as on CPython."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

import rules
from generator.site import calculator_engine
from generator.site.calculator_assets import (CALCULATOR_ASSETS, FULL_STDLIB, PYODIDE_ASSETS, PYODIDE_FILES,
                                              MissingPyodide, calculator_assets, edition_ids, engine_zip,
                                              pyodide_files, table_json, text_asset)
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS
from rules.sampling import sample_hands

from ..conftest import ROOT

BARE_RUN = """
import json, sys
sys.path.insert(0, sys.argv[1])
import calculator_engine
calculator_engine.load_table(open(sys.argv[2], encoding="utf-8").read())
answers = [calculator_engine.answer(line) for line in sys.argv[3:]]
loaded = sorted(m for m in ("yaml", "jsonschema", "orjson", "generator", "trainer", "i18n") if m in sys.modules)
print(json.dumps({"answers": answers, "loaded": loaded, "path": sys.path}))
"""


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def test_engine_runs_on_the_bare_standard_library(tmp_path: Path, data: SiteData) -> None:
    (tmp_path / "engine.zip").write_bytes(engine_zip())
    (tmp_path / "fans.json").write_bytes(table_json(data))
    requests = [json.dumps(r) for r in (
        {"hand": "[EEE][SSSS1]55pWWWNNN", "self_drawn": True, "kind": "score"},
        {"hand": "[123m]456m789m34p55s", "lang": "ko"},
        {"hand": "[123m][EE"})]
    # -S: no site module, so no site-packages (PyYAML, jsonschema) at all; -I: no user paths.
    run = subprocess.run([sys.executable, "-S", "-I", "-c", BARE_RUN, str(tmp_path / "engine.zip"),
                          str(tmp_path / "fans.json"), *requests], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert not any("site-packages" in p for p in out["path"])
    assert out["loaded"] == []
    calculator_engine.forget_tables()
    calculator_engine.load_table(table_json(data).decode("utf-8"))
    assert out["answers"] == [calculator_engine.answer(r) for r in requests]
    assert json.loads(out["answers"][0])["total"] == rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True).total


def test_zip_holds_the_engine_and_the_glue_only() -> None:
    names = zipfile.ZipFile(BytesIO(engine_zip())).namelist()
    assert names == sorted(names)   # in name order, as every zip of the site (reproducible_zip.py)
    assert [n for n in names if not n.startswith("rules/")] == ["calculator_engine.py"]
    assert {f"rules/{p.name}" for p in (ROOT / "rules").glob("*.py")} | {"rules/exclusion_judgements.json"} \
        == {n for n in names if n.startswith("rules/")}


# Slow: makes the calculator files twice (about 10 s).
@pytest.mark.slow
def test_files_are_the_same_bytes_every_time(data: SiteData) -> None:
    first, second = calculator_assets(data), calculator_assets(data)
    assert first == second
    assert {f"{PYODIDE_ASSETS}/{name}" for name in PYODIDE_FILES} <= set(first)
    assert {f"{CALCULATOR_ASSETS}/tables/{e}.json" for e in edition_ids(data)} <= set(first)


def test_the_page_gets_python_compiled_and_only_what_it_uses(data: SiteData) -> None:
    files = calculator_assets(data)
    engine = zipfile.ZipFile(BytesIO(files[f"{CALCULATOR_ASSETS}/engine.zip"])).namelist()
    assert engine == sorted(n[:-3] + ".pyc" if n.endswith(".py") else n
                            for n in zipfile.ZipFile(BytesIO(engine_zip())).namelist())
    stdlib = zipfile.ZipFile(BytesIO(files[f"{PYODIDE_ASSETS}/python_stdlib.zip"])).namelist()
    whole = zipfile.ZipFile(BytesIO(files[f"{PYODIDE_ASSETS}/{FULL_STDLIB}"])).namelist()
    assert all(n.endswith(".pyc") for n in stdlib) and {"json/__init__.pyc", "re/__init__.pyc"} <= set(stdlib)
    assert "datetime.pyc" in stdlib   # the trainer's (tests/generator/test_trainer_engine.py): one file for both pages
    assert {n[:-1] for n in stdlib} < set(whole)            # a part of Pyodide's library: the sources it had
    assert len(stdlib) < len([n for n in whole if n.endswith(".py")]) / 2
    assert json.loads(files[f"{PYODIDE_ASSETS}/pyodide-lock.json"])["packages"] == {}
    for edition in edition_ids(data):
        table = json.loads(files[f"{CALCULATOR_ASSETS}/tables/{edition}.json"])
        assert not {"definition", "note", "examples"} & {k for fan in table["fans"] for k in fan}


# The page's Python, as the page runs it: Pyodide with the compiled library alone (not the
# whole one beside it) and the compiled engine on its path.
PYODIDE_RUN = """
import {loadPyodide} from %(pyodide)s;
import fs from "node:fs";
const [dir, requests] = [%(dir)s, JSON.parse(fs.readFileSync(%(requests)s, "utf8"))];
const pyodide = await loadPyodide({indexURL: %(index)s, stdLibURL: dir + "/python_stdlib.zip",
                                   lockFileContents: fs.readFileSync(dir + "/pyodide-lock.json", "utf8")});
pyodide.FS.writeFile("/home/pyodide/engine.zip", new Uint8Array(fs.readFileSync(dir + "/engine.zip")));
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine.zip')");
const engine = pyodide.pyimport("calculator_engine");
for (const name of ["1998", "green-book"]) engine.load_table(fs.readFileSync(`${dir}/${name}.json`, "utf8"), name);
const answers = requests.map((r) => engine.answer(r));
console.log(JSON.stringify({answers, python: pyodide.runPython("import sys; sys.version.split()[0]")}));
"""


@pytest.mark.slow
def test_the_compiled_engine_answers_in_pyodide_as_on_cpython(tmp_path: Path, data: SiteData) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (./dev setup)")
    files = calculator_assets(data)
    for rel, name in ((f"{PYODIDE_ASSETS}/python_stdlib.zip", "python_stdlib.zip"),
                      (f"{PYODIDE_ASSETS}/pyodide-lock.json", "pyodide-lock.json"),
                      (f"{CALCULATOR_ASSETS}/engine.zip", "engine.zip"),
                      (f"{CALCULATOR_ASSETS}/tables/1998.json", "1998.json"),
                      (f"{CALCULATOR_ASSETS}/tables/green-book.json", "green-book.json")):
        (tmp_path / name).write_bytes(files[rel])
    requests = [json.dumps({**h.request(), "lang": lang, **({"edition": "green-book"} if i % 2 else {})})
                for i, (h, lang) in enumerate(zip(sample_hands(60, seed=22), LANGS * 10))]
    requests += [json.dumps({**h.request(), "hand": h.request()["hand"][:-2]}) for h in sample_hands(10, seed=23)]
    requests += [json.dumps({"hand": hand, "lang": "zh"}) for hand in ("[123m][EE", "11111m22m33m44m556m", "12m",
                                                                     "123m456p789s11s1\uff12p")]
    (tmp_path / "requests.json").write_text(json.dumps(requests), encoding="utf-8")
    package = ROOT / "node_modules" / "pyodide"
    script = PYODIDE_RUN % {"pyodide": json.dumps((package / "pyodide.mjs").as_uri()), "dir": json.dumps(str(tmp_path)),
                            "requests": json.dumps(str(tmp_path / "requests.json")),
                            "index": json.dumps(str(package) + "/")}
    (tmp_path / "run.mjs").write_text(script, encoding="utf-8")
    run = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.")
    calculator_engine.forget_tables()
    for name in ("1998", "green-book"):
        calculator_engine.load_table(files[f"{CALCULATOR_ASSETS}/tables/{name}.json"].decode("utf-8"), name)
    assert out["answers"] == [calculator_engine.answer(r) for r in requests]


@pytest.mark.parametrize("lang", LANGS)
def test_language_data_names_every_fan_and_tile(lang: str, data: SiteData) -> None:
    asset = text_asset(data, lang)
    assert set(asset["fans"]) == {f.id for t in (data.table, *data.other_editions.values()) for f in t.fans}
    assert len(asset["tiles"]) == 34 and asset["minimum"] == data.table.minimum_points
    for key in ("calc_summary_score", "error_unclosed_meld", "reason_non_repeat", "payments_discard",
                "score_total_with_flowers", "situation_seat_wind"):
        assert asset["text"][key]


def test_a_missing_npm_package_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(MissingPyodide, match=r"pyodide\.asm\.wasm.*\./dev setup"):
        pyodide_files(tmp_path)


def test_a_compiled_entry_reaches_the_cache_whole_or_not_at_all(tmp_path: Path) -> None:
    """Two builds keeping the same entry (the test workers share one cache): the first one
    kept stays, and no half-written folder is left."""
    from generator.site.page_python import OUTPUTS, keep_in_cache  # noqa: PLC0415

    kept = tmp_path / "cache" / "entry"
    for n, work in enumerate((tmp_path / "one", tmp_path / "two")):
        work.mkdir()
        for name in OUTPUTS:
            (work / name).write_text(f"{name} of build {n}", encoding="utf-8")
        keep_in_cache(work, kept)
    assert sorted(p.name for p in kept.parent.iterdir()) == ["entry"]
    assert {p.name: p.read_text(encoding="utf-8") for p in kept.iterdir()} == {n: f"{n} of build 0" for n in OUTPUTS}
