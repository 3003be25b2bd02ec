"""The docs folder a build assembles (generator/site/generate.py): site/ is only read, the
generated files go to a folder of the build's own, leftovers of older builds in site/ are left
out, and two builds never share a folder."""
from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from generator.site import generate
from generator.site.generate import GENERATED_FOLDERS, GENERATED_PAGES, assemble_docs, is_generated_path, new_docs_folder
from generator.site.markdown_text import GENERATED_MARK
from generator.site.quiz_pages import quiz_pages
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS

from ..conftest import ROOT
from ..site_build_support import assembled_docs


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_assembling_reads_the_sources_and_writes_only_the_docs_folder(tmp_path: Path, data: SiteData,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    fake = {"en/fans/all_pungs.md": b"# All Pungs\n", "assets/mcr/tiles/1m.svg": b"<svg/>\n"}
    monkeypatch.setattr(generate, "generated_files", lambda _data: dict(fake))
    sources, docs = tmp_path / "site", tmp_path / "docs"
    _write(sources / "en/index.md", "# Home\n")
    _write(sources / "en/rulebook/tiles.md", "# Tiles\n")
    # What an older build wrote into site/: a page in a generated folder, a page with the
    # generated banner elsewhere, a tile picture.
    _write(sources / "en/fans/old_fan.md", "# Old\n")
    _write(sources / "zh/rulings.md", "---\n" + GENERATED_MARK + "rulings_page.py from fans.yaml\n---\n# Old\n")
    _write(sources / "assets/mcr/tiles/1m.svg", "<svg>old</svg>\n")
    before = _tree(sources)

    first = assemble_docs(sources, docs, data)
    assert _tree(sources) == before                      # site/ is never written
    assert set(_tree(docs)) == {"en/index.md", "en/rulebook/tiles.md", *fake}
    assert (docs / "assets/mcr/tiles/1m.svg").read_bytes() == fake["assets/mcr/tiles/1m.svg"]
    assert first.leftovers == ("assets/mcr/tiles/1m.svg", "en/fans/old_fan.md", "zh/rulings.md")
    assert first.hand_written == {"en/index.md": sources / "en/index.md",
                                  "en/rulebook/tiles.md": sources / "en/rulebook/tiles.md"}

    again = assemble_docs(sources, docs, data)           # nothing changed: nothing rewritten
    assert (again.changed, again.removed) == ((), ())
    (sources / "en/rulebook/tiles.md").unlink()          # a chapter removed from site/ leaves the docs
    _write(sources / "en/index.md", "# Home, edited\n")
    third = assemble_docs(sources, docs, data)
    assert (third.changed, third.removed) == (("en/index.md",), ("en/rulebook/tiles.md",))
    assert not (docs / "en/rulebook").exists()


def test_a_generated_file_outside_the_generated_places_fails(tmp_path: Path, data: SiteData,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generate, "generated_pages", lambda _data: {"en/rulebook/fans.md": "# Mine\n"})
    monkeypatch.setattr(generate, "quiz_assets", lambda _data, _banks: {})
    monkeypatch.setattr(generate, "calculator_assets", lambda _data: {})
    monkeypatch.setattr(generate, "rules_quiz_assets", lambda _bank: {})
    with pytest.raises(generate.AssemblyError, match="en/rulebook/fans.md"):
        generate.generated_files(data)


def test_no_file_of_site_is_generated() -> None:
    tracked = subprocess.run(["git", "ls-files", "site"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked, "git lists no file of site/"
    generated = [rel for rel in tracked if is_generated_path(rel.removeprefix("site/"))
                 or "\n" + GENERATED_MARK in (ROOT / rel).read_text(encoding="utf-8", errors="replace")[:300]]
    assert generated == []


def test_the_assembled_folder_holds_site_and_every_generated_file(tmp_path_factory: pytest.TempPathFactory,
                                                                   data: SiteData) -> None:
    docs = assembled_docs(tmp_path_factory)
    tracked = subprocess.run(["git", "ls-files", "site"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert all((docs / rel.removeprefix("site/")).read_bytes() == (ROOT / rel).read_bytes() for rel in tracked)
    pages = [p.relative_to(docs).as_posix() for p in docs.rglob("*.md")]
    generated = [rel for rel in pages if is_generated_path(rel)]
    extra = {f.id for t in data.other_editions.values() for f in t.fans} - {f.id for f in data.table.fans}
    # a page per fan (and per fan only another edition has), the fan table, the fan sheet,
    # editions, notation, calculator and score sheet pages, the quiz pages and the rules quiz page, in every language
    assert len(generated) == len(LANGS) * (len(data.table.fans) + len(extra) + 7) + len(quiz_pages(data))
    assert set(GENERATED_PAGES) <= set(pages)
    for folder in GENERATED_FOLDERS:
        assert any((docs / folder).iterdir()), folder
    for name in ("assets/mcr/tiles/5p-winning.svg", "assets/mcr/pyodide/pyodide.asm.wasm",
                 "assets/mcr/calculator/engine.zip"):
        assert (docs / name).is_file(), name


def test_each_build_has_a_folder_of_its_own(tmp_path: Path) -> None:
    first, second = new_docs_folder(tmp_path), new_docs_folder(tmp_path)
    assert first != second and first.parent == second.parent == tmp_path / "build" / "docs"
    assert first.name.startswith(f"{os.getpid()}-")
    # The folder of a build that is gone (killed before it could remove it) is cleared away.
    dead = tmp_path / "build" / "docs" / f"{_dead_pid()}-abc"
    (dead / "en").mkdir(parents=True)
    new_docs_folder(tmp_path)
    assert not dead.exists() and first.is_dir() and second.is_dir()


def _dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


class _Server:
    """What the hook uses of MkDocs' LiveReloadServer: the paths it watches."""

    def __init__(self, watched: set[str]) -> None:
        self.watched = set(watched)

    def watch(self, path: str) -> None:
        self.watched.add(path)

    def unwatch(self, path: str) -> None:
        self.watched.remove(path)


def test_serve_watches_site_not_the_assembled_folder_which_goes_at_shutdown(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.site import site_hooks

    sources, docs = tmp_path / "site", tmp_path / "build" / "docs" / "1-x"
    (docs / "en").mkdir(parents=True)
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(sources=sources, docs=docs))
    # `mkdocs serve` watches config.docs_dir (the assembled folder), the config file and `watch:`.
    server = _Server({str(docs), str(tmp_path / "mkdocs.yml")})
    assert site_hooks.on_serve(server, None, None) is server
    assert server.watched == {str(sources), str(tmp_path / "mkdocs.yml")}
    site_hooks.on_shutdown()
    assert not docs.exists() and site_hooks._state.docs is None
