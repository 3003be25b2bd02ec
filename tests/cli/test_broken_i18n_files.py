"""A broken edit of i18n/ read where `mcr` cannot catch it itself: the languages file, read
as the command line is imported, and the site's strings, read by MkDocs in the site's hook.
Each is named in one line, with exit status 2, in a copy of the project the test breaks."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT


def _project_copy(folder: Path) -> Path:
    """The command line's packages and table in `folder`, whose i18n/ a test may break."""
    for name in ("mcr", "i18n", "rules", "editions"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "fans.yaml", folder / "fans.yaml")
    return folder


def _mcr_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(folder), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "mcr", *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=120)


def test_a_broken_languages_file_is_named_without_a_traceback(tmp_path: Path) -> None:
    # The languages file is read as the command line is imported, before main runs.
    copy = _project_copy(tmp_path)
    languages = copy / "i18n" / "languages.yaml"
    text = languages.read_text(encoding="utf-8")
    languages.write_text(text.replace("singular: [1]", "singular: [one]", 1), encoding="utf-8")
    run = _mcr_in(copy, "fans")
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.splitlines() == ["mcr: i18n/languages.yaml: language 1: 'singular' must list whole numbers, such as [1]"]


def test_a_languages_file_that_cannot_be_read_is_named_without_a_traceback(tmp_path: Path) -> None:
    copy = _project_copy(tmp_path)
    languages = copy / "i18n" / "languages.yaml"
    languages.unlink()
    languages.mkdir()   # a folder where the file should be
    run = _mcr_in(copy, "fans")
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.splitlines() == ["mcr: i18n/languages.yaml: Is a directory"]


def test_a_broken_site_string_stops_the_site_build_without_a_traceback(tmp_path: Path) -> None:
    # MkDocs would read it in the site's hook and end on a traceback; mcr reads every file
    # first. (The copy has no mkdocs.yml: MkDocs, started, would fail otherwise.)
    copy = _project_copy(tmp_path)
    english = copy / "i18n" / "site" / "en.yaml"
    text = english.read_text(encoding="utf-8")
    english.write_text(text.replace('calc_count_kinds_one: "{n} kind"', 'calc_count_kinds_one: "{k} kind"'), encoding="utf-8")
    run = _mcr_in(copy, "site", "build", "--output", str(tmp_path / "built"))
    assert (run.returncode, run.stdout) == (2, "") and "Traceback" not in run.stderr
    assert run.stderr.startswith("mcr: i18n/site/")
    assert "calc_count_kinds_one: placeholders ['n'], en.yaml has ['k']" in run.stderr
