"""The rules site built once per test session, shared by the build and browser tests."""
from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.site.built_languages import LANGUAGES_VARIABLE

from .conftest import ROOT, run_folder, read_yaml

ARTIFACTS = ROOT / "test-artifacts"


@dataclass(frozen=True)
class BuiltSite:
    output: Path
    seconds: float
    returncode: int
    log: str
    sources_changed: tuple[str, ...] = ()    # files of site/ the build added, changed or removed
    docs_folders_left: tuple[str, ...] = ()  # docs folders the build assembled and left behind


def _tree(root: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(root).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def _process_runs(pid: str) -> bool:
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run_build(output: Path, languages: tuple[str, ...] = (), site_url: str = "") -> BuiltSite:
    """`mcr site build --output OUTPUT` (strict), timed; with `languages`, only those
    beside the default one (`--languages`); with `site_url`, published there (`--site-url`)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    started = time.monotonic()
    before = _tree(ROOT / "site")
    docs = ROOT / "build" / "docs"
    folders = set(docs.iterdir()) if docs.is_dir() else set()
    chosen = (["--languages", ",".join(languages)] if languages else []) + (["--site-url", site_url] if site_url else [])
    done = subprocess.Popen([sys.executable, "-m", "mcr", "site", "build", "--output", str(output), *chosen],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log, _ = done.communicate()
    after = _tree(ROOT / "site")
    changed = tuple(sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name)))
    # The build ran as a child of `mcr site build`: its folder is named after that child, not this process.
    # A folder whose process still runs belongs to a build another test runs meanwhile.
    left = tuple(sorted(str(f) for f in (set(docs.iterdir()) if docs.is_dir() else set()) - folders
                        if not _process_runs(f.name.split("-", 1)[0])))
    return BuiltSite(output, time.monotonic() - started, done.returncode, log, changed, left)


_built: list[BuiltSite] = []   # one build per test run, shared by every module that reads it


def _read_record(record: Path, output: Path) -> BuiltSite:
    data = json.loads(record.read_text(encoding="utf-8"))
    return BuiltSite(output, data["seconds"], data["returncode"], data["log"],
                     tuple(data["sources_changed"]), tuple(data["docs_folders_left"]))


def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The site, built the first time any test of this run asks for it; the other workers
    (pytest-xdist) wait on a lock and read the same build."""
    if _built:
        return _built[0]
    shared = run_folder(tmp_path_factory) / "shared-site"   # every worker of the run sees it
    shared.mkdir(exist_ok=True)
    output, record = shared / "site", shared / "build.json"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes
        if record.exists():
            site = _read_record(record, output)
        else:
            site = run_build(output)
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "site-build.log").write_text(
                f"mcr site build: {site.seconds:.1f} s, exit status {site.returncode}\n\n{site.log}", encoding="utf-8")
            record.write_text(json.dumps({"seconds": site.seconds, "returncode": site.returncode, "log": site.log,
                                          "sources_changed": site.sources_changed,
                                          "docs_folders_left": site.docs_folders_left}), encoding="utf-8")
    _built.append(site)
    return site


_assembled: list[Path] = []   # the docs folder, assembled in-process once per session


def assembled_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs folder a build hands MkDocs (site/ plus every generated file), assembled
    in-process into pytest's temporary folder the first time a test asks for it."""
    if not _assembled:
        from generator.site.generate import assemble_docs  # noqa: PLC0415 - only these tests assemble
        from generator.site.site_data import load_site_data  # noqa: PLC0415

        docs = tmp_path_factory.mktemp("docs")
        assemble_docs(ROOT / "site", docs, load_site_data())
        _assembled.append(docs)
    return _assembled[0]


def build_sources(docs: Path, work: Path, languages: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a copy of the site's sources in `docs` (a test changes the
    copy to see how the build takes it), with the project's mkdocs.yml pointed at it; the
    output goes to `work`/out. `languages`: only these are rendered, beside the default one
    (`mcr site build --languages`), where the test reads one language's pages."""
    import yaml  # noqa: PLC0415 - only these tests read the config

    config = read_yaml(ROOT / "mkdocs.yml")
    config.update(docs_dir=str(docs), site_dir=str(work / "out"), hooks=[str(ROOT / "generator/site/site_hooks.py")],
                  watch=[])
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(work / "mkdocs.yml")],
                          cwd=ROOT, capture_output=True, text=True, env=_build_env(languages), check=False, timeout=600)


def _build_env(languages: tuple[str, ...]) -> dict[str, str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop(LANGUAGES_VARIABLE, None)
    if languages:
        env[LANGUAGES_VARIABLE] = ",".join(languages)
    return env
