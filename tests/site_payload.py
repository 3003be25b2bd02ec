"""A copy of the project whose every text carries a script payload (issue 23, item 1), for
the tests that build its site and look for the payload running anywhere.

The payload goes into every text of fans.yaml and of each edition (every {en: ..., zh: ...}
mapping and each pinyin), every string of every string table, and the texts of the quiz banks
(their fingerprints rewritten to match, as a rebuild would). The readers refuse markup in
those texts; the copy's refusal is switched off (its i18n/markup.py finds none), so what is
tested is the last line of defence: escaping at every sink."""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import ROOT, run_folder, read_yaml
from .site_build_support import ARTIFACTS

MARK = "__xss"   # the global a payload that ran sets: window.__xss
# Tags with a handler, a script breaking out of an element or a JSON block, a quoted-attribute
# breakout, a link to javascript:, a Markdown attribute list and an entity that would unescape.
PAYLOAD = (f"\"'><svg onload=window.{MARK}=true><img src=x onerror=window.{MARK}=true>"
           f"</script><script>window.{MARK}=true</script>[x](javascript:window.{MARK}=true)&lt;b&gt;")
TABLE_PAYLOAD = PAYLOAD + f"{{: onclick=window.{MARK}=true}}"   # braces only where no string is a template
# A fan's summary holds one printed line of 64 columns: it becomes this alone.
SHORT_PAYLOAD = f"\"'><svg/onload=window.{MARK}=true>"
ONE_LINE = "summary"
LANGS = ("en", "zh", "es", "ko", "fr", "ja")
# The languages the planted site renders: English (the root), Chinese (its fan index shows
# pinyin) and Japanese (unspaced lines joined, like Chinese); es, ko and fr go through the same
# sinks as English. Every language's texts are planted all the same.
BUILT = ("en", "zh", "ja")

_NO_REFUSAL = '''

# tests/site_payload.py: this copy's texts carry a payload on purpose; the refusal is off.
def plain_text_markup(text, backticks=False): return None
def markdown_string_markup(text): return None
'''


def _is_text(node: Any) -> bool:
    return isinstance(node, dict) and bool(node) and all(k in LANGS for k in node)


def plant(node: Any, payload: str) -> Any:
    """`node` with `payload` appended to every string inside a mapping by language, and to
    each pinyin."""
    if _is_text(node):
        return {k: _append_all(v, payload) for k, v in node.items()}
    if isinstance(node, dict):
        return {k: (v + payload if k == "pinyin" and isinstance(v, str)
                    else {lang: SHORT_PAYLOAD for lang in v} if k == ONE_LINE and _is_text(v)
                    else plant(v, payload)) for k, v in node.items()}
    if isinstance(node, list):
        return [plant(v, payload) for v in node]
    return node


def _append_all(node: Any, payload: str) -> Any:
    if isinstance(node, str):
        return node + payload
    if isinstance(node, dict):
        return {k: _append_all(v, payload) for k, v in node.items()}
    if isinstance(node, list):
        return [_append_all(v, payload) for v in node]
    return node


def _rewrite_yaml(path: Path, payload: str) -> None:
    data = read_yaml(path)
    path.write_text(yaml.safe_dump(plant(data, payload), allow_unicode=True, sort_keys=False, width=10_000),
                    encoding="utf-8")


def _plant_strings(i18n: Path) -> int:
    """Every string of every string table; the count of strings planted."""
    planted = 0
    for path in sorted(i18n.glob("*/*.yaml")):
        table = read_yaml(path)
        table = {key: value + PAYLOAD for key, value in table.items()}
        planted += len(table)
        path.write_text(yaml.safe_dump(table, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
    return planted


def _plant_banks(copy: Path) -> None:
    """The banks' texts (edition and fan names, the rules questions), then their fingerprints
    as the copy's own code computes them."""
    for bank in sorted((copy / "quizzes").glob("*.json")):
        if bank.name.endswith(".schema.json"):
            continue
        data = json.loads(bank.read_text(encoding="utf-8"))
        bank.write_text(json.dumps(plant(data, PAYLOAD), ensure_ascii=False, indent=1), encoding="utf-8")
    script = ("import json, pathlib; from generator.quizzes.bank_sources import level_fingerprint, rules_fingerprint\n"
              "level = level_fingerprint(); book = pathlib.Path('site')\n"
              "for bank in pathlib.Path('quizzes').glob('*.json'):\n"
              "    data = json.loads(bank.read_text(encoding='utf-8'))\n"
              "    if 'fingerprint' not in data: continue\n"
              "    data['fingerprint'] = rules_fingerprint(book) if bank.stem == 'rules' else level\n"
              "    bank.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding='utf-8')\n")
    subprocess.run([sys.executable, "-c", script], cwd=copy, env=copy_env(copy), check=True, timeout=600)


def copy_env(copy: Path) -> dict[str, str]:
    """The environment that runs the copy's code, not the project's."""
    # The fan sheet's PDF is not a page: its HTML page is what these tests read.
    return dict(os.environ, PYTHONPATH=str(copy), NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1767225600",
                MCR_SKIP_FAN_SHEET_PDF="1")


def payload_project(dest: Path) -> Path:
    """The project's tracked files copied to `dest`, every text planted; returns `dest`."""
    listed = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]   # what a commit would hold
    tracked = subprocess.run(listed, cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")   # Pyodide, for the calculator
    for path in [dest / "fans.yaml", *sorted((dest / "editions").glob("*.yaml"))]:
        _rewrite_yaml(path, TABLE_PAYLOAD)
    assert _plant_strings(dest / "i18n") > 1000
    with (dest / "i18n" / "markup.py").open("a", encoding="utf-8") as markup:
        markup.write(_NO_REFUSAL)
    _plant_banks(dest)
    return dest


def build_payload_site(dest: Path) -> subprocess.CompletedProcess[str]:
    """`mcr site build` of the planted copy (its own code and data) into dest/out."""
    return subprocess.run([sys.executable, "-m", "mcr", "site", "build", "--output", str(dest / "out"),
                           "--languages", ",".join(BUILT)],
                          cwd=dest, env=copy_env(dest), capture_output=True, text=True, timeout=3600)


def payload_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The planted copy built (its site folder). The session fixture `planted_site`
    (tests/conftest.py) asks once per process; with pytest-xdist the workers take a lock, and
    the first builds while the others wait and read the same build."""
    shared = run_folder(tmp_path_factory) / "planted-site"
    shared.mkdir(exist_ok=True)
    dest, record = shared / "project", shared / "build-result"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes
        if not record.exists():
            shutil.rmtree(dest, ignore_errors=True)   # what a build that crashed left
            dest.mkdir()
            run = build_payload_site(payload_project(dest))
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "payload-site-build.log").write_text(run.stdout + run.stderr, encoding="utf-8")
            record.write_text(f"{run.returncode}\n{(run.stdout + run.stderr)[-4000:]}", encoding="utf-8")
    returncode, _, log = record.read_text(encoding="utf-8").partition("\n")
    if returncode != "0":
        pytest.fail(f"the planted site did not build (test-artifacts/payload-site-build.log):\n{log}")
    return dest / "out"
