"""The calculator's files (generator/site/calculator_assets.py): the engine zip runs on the bare
standard library, as in Pyodide's core distribution (no PyYAML, no jsonschema, nothing
from site-packages), with the table as JSON; the files are the same bytes on every build;
each language's data has what the page shows."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

import rules
from generator.site import calculator_engine
from generator.site.calculator_assets import (CALCULATOR_ASSETS, PYODIDE_ASSETS, PYODIDE_FILES, MissingPyodide,
                                         calculator_assets, engine_zip, pyodide_files, table_json, text_asset)
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS

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
    calculator_engine.load_table(table_json(data).decode("utf-8"))
    assert out["answers"] == [calculator_engine.answer(r) for r in requests]
    assert json.loads(out["answers"][0])["total"] == rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True).total


def test_zip_holds_the_engine_and_the_glue_only() -> None:
    names = zipfile.ZipFile(BytesIO(engine_zip())).namelist()
    assert names == sorted(n for n in names if n.startswith("rules/")) + ["calculator_engine.py", "engine_errors.py"]
    assert {f"rules/{p.name}" for p in (ROOT / "rules").glob("*.py")} | {"rules/exclusion_judgements.json"} \
        == {n for n in names if n.startswith("rules/")}


def test_files_are_the_same_bytes_every_time(data: SiteData) -> None:
    first, second = calculator_assets(data), calculator_assets(data)
    assert first == second
    assert {f"{PYODIDE_ASSETS}/{name}" for name in PYODIDE_FILES} <= set(first)
    assert {f"{CALCULATOR_ASSETS}/{lang}.json" for lang in LANGS} <= set(first)


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
