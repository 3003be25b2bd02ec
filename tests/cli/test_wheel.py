"""A plain install scores: the wheel built from this checkout, installed (not editable) into a
fresh venv, runs `mcr score`, `mcr fans` and `mcr check` from another folder, with the fan
table and its editions it carries (setup.py copies them into rules/table/).

No network: the wheel is built with the setuptools of the test's own environment, and the
fresh venv finds its dependencies (PyYAML, jsonschema...) in the test's site-packages
through a .pth file; its own site-packages, where the wheel goes, comes first."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from ..conftest import ROOT

pytestmark = pytest.mark.slow   # a wheel build and a venv: about ten seconds on a quiet machine

# What a wheel is built from: the packages, the table and the build's own files.
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "fans.yaml", "editions",
           "rules", "mcr", "i18n", "generator", "trainer")
HAND = "[123m]456789m55pEEE"


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:   # a copy: the build writes build/ and egg-info beside its sources
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                  "-w", str(work / "dist"), str(source)], work)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (work / "dist").glob("mcr_rules-*.whl")
    target = work / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(target)], work)
    assert made.returncode == 0, made.stderr
    python = target / "bin" / "python"
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work)
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib.stdout.strip()) / "_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    installed = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                      str(wheel)], work)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return target


def _mcr(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(LC_ALL="C.UTF-8", MCR_CACHE_DIR=str(cwd / "cache"))
    return _run([str(venv / "bin" / "mcr"), *args], cwd, env)


def test_the_installed_package_is_the_wheel(venv: Path, tmp_path: Path) -> None:
    found = _run([str(venv / "bin" / "python"), "-c", "import rules, mcr; print(rules.__file__); "
                  "print(rules.DEFAULT_FANS_PATH)"], tmp_path)
    rules_file, table = found.stdout.split()
    assert Path(rules_file).is_relative_to(venv) and Path(table).is_relative_to(venv), found.stdout
    assert Path(table).parent.name == "table" and (Path(table).parent / "editions" / "green-book.yaml").is_file()


def test_a_wheel_scores_lists_and_checks_from_any_folder(venv: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    scored = _mcr(venv, "score", HAND, cwd=elsewhere)
    assert scored.returncode == 0, scored.stderr
    # Pure Straight 16, Prevalent and Seat Wind (East) 2 + 2, One Voided Suit 1.
    assert "Pure Straight" in scored.stdout and "Total 21 points" in scored.stdout, scored.stdout
    in_edition = _mcr(venv, "score", "[CCC][FFFF][999m]11pPPP", "--edition", "green-book", "--json", cwd=elsewhere)
    assert '"total": 123' in in_edition.stdout, in_edition.stdout + in_edition.stderr   # the later reading's edition
    listed = _mcr(venv, "fans", cwd=elsewhere)
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 81, listed.stderr
    checked = _mcr(venv, "check", cwd=elsewhere)
    assert checked.returncode == 0 and "sound" in checked.stderr, checked.stdout + checked.stderr
