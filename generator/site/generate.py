"""The docs folder a site build hands MkDocs: site/ (written by hand) plus every generated file.

site/ holds hand-written sources only, and the build never writes into it. Each build (each
process running MkDocs) assembles its own docs folder, git-ignored, under build/docs/ beside
the MkDocs configuration: the hand-written files copied from site/, the generated pages, tile
pictures, quiz data and calculator files written beside them. Two builds at once each have
their own folder, so they cannot collide.

Which files are generated is said here once: GENERATED_FOLDERS and GENERATED_PAGES. The
generators must write nowhere else (a file outside them fails the build), and a file of site/
at one of those places is a leftover of an older build (which wrote there) and is left out,
as is any page carrying the generated banner.

Within one process (a `mkdocs serve` session), files are rewritten only when their bytes
change, and files no longer produced are removed.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .calculator_assets import CALCULATOR_ASSETS, PYODIDE_ASSETS, calculator_assets
from .calculator_page import calculator_pages
from .editions_page import editions_pages
from .fan_pages import fan_pages
from .fan_sheet_page import fan_sheet_pages
from .fan_table_page import fan_table_pages
from .markdown_text import GENERATED_BY, TILE_ASSETS
from .notation_page import notation_pages
from .quiz_assets import QUIZ_ASSETS, load_quiz_banks, quiz_assets
from .quiz_pages import quiz_pages
from .rules_quiz import load_rules_quiz_bank, rules_quiz_assets, rules_quiz_pages
from .scoresheet_page import scoresheet_pages
from .site_data import SiteData
from .site_text import LANGS
from .tiles import tile_files
from .trainer_assets import TRAINER_ASSETS, trainer_assets

# Every generated file lies in one of these folders (relative to the docs folder) or is one of
# these pages; nothing there is hand-written.
GENERATED_FOLDERS = (TILE_ASSETS, QUIZ_ASSETS, CALCULATOR_ASSETS, PYODIDE_ASSETS, TRAINER_ASSETS,
                     *(f"{lang}/{folder}" for lang in LANGS for folder in ("fans", "quiz")))
GENERATED_PAGES = tuple(f"{lang}/{name}" for lang in LANGS
                        for name in ("notation.md", "calculator.md", "editions.md", "scoresheet.md"))
DOCS_ROOT = Path("build") / "docs"   # beside mkdocs.yml: where each build assembles its docs folder


class AssemblyError(RuntimeError):
    """A generator wrote a file outside the generated places."""


@dataclass(frozen=True, slots=True)
class Assembly:
    docs: Path                            # the docs folder MkDocs reads
    hand_written: dict[str, Path]         # path in the docs folder -> its source in site/
    generated: tuple[str, ...]            # paths in the docs folder, every generated file
    changed: tuple[str, ...]              # the files whose bytes changed on this run
    removed: tuple[str, ...]              # files of the last run no longer produced
    leftovers: tuple[str, ...]            # generated files an older build left in site/, not copied


def is_generated_path(rel: str) -> bool:
    """Whether `rel` (a path in the docs folder, with / separators) is a generated file's place."""
    return rel in GENERATED_PAGES or any(rel.startswith(folder + "/") for folder in GENERATED_FOLDERS)


def _carries_banner(path: Path) -> bool:
    if path.suffix != ".md":
        return False
    with path.open(encoding="utf-8", errors="replace") as fh:
        head = fh.read(200).split("\n")
    return len(head) > 1 and head[0] == "---" and head[1].startswith(GENERATED_BY)


def generated_pages(data: SiteData) -> dict[str, str]:
    pages: dict[str, str] = {}
    for part in (fan_pages(data), fan_table_pages(data), fan_sheet_pages(data), editions_pages(data), notation_pages(),
                 quiz_pages(data), calculator_pages(data),
                 rules_quiz_pages(load_rules_quiz_bank(), data.table.minimum_points), scoresheet_pages(data)):
        pages.update(part)
    return pages


def generated_files(data: SiteData) -> dict[str, bytes]:
    """{path in the docs folder: bytes} for every generated page, picture and data file."""
    files = {rel: text.encode("utf-8") for rel, text in generated_pages(data).items()}
    files.update(quiz_assets(data, load_quiz_banks()))
    files.update(calculator_assets(data))
    files.update(trainer_assets(data))
    files.update(rules_quiz_assets(load_rules_quiz_bank()))
    files.update({f"{TILE_ASSETS}/{name}": body for name, body in tile_files().items()})
    stray = sorted(rel for rel in files if not is_generated_path(rel))
    if stray:
        raise AssemblyError(f"generated file(s) outside the generated places of generator/site/generate.py: "
                            f"{', '.join(stray[:5])}")
    return files


def hand_written_files(sources: Path) -> tuple[dict[str, Path], tuple[str, ...]]:
    """({path: file} for every hand-written file of `sources`, the leftovers of older builds)."""
    kept: dict[str, Path] = {}
    leftovers: list[str] = []
    for path in sorted(sources.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(sources).as_posix()
        if is_generated_path(rel) or _carries_banner(path):
            leftovers.append(rel)
        else:
            kept[rel] = path
    return kept, tuple(leftovers)


def _write_if_changed(path: Path, data: bytes) -> bool:
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _remove_others(docs: Path, wanted: set[str]) -> list[str]:
    removed = []
    for path in sorted(docs.rglob("*"), reverse=True):   # files before the folders holding them
        rel = path.relative_to(docs).as_posix()
        if path.is_file() and rel not in wanted:
            path.unlink()
            removed.append(rel)
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return sorted(removed)


def assemble_docs(sources: Path, docs: Path, data: SiteData) -> Assembly:
    """Make `docs` hold the hand-written files of `sources` and every generated file, and
    nothing else; `sources` is only read."""
    hand_written, leftovers = hand_written_files(sources)
    generated = generated_files(data)
    wanted = {rel: path.read_bytes() for rel, path in hand_written.items()}
    wanted.update(generated)
    docs.mkdir(parents=True, exist_ok=True)
    changed = tuple(rel for rel, body in sorted(wanted.items()) if _write_if_changed(docs / rel, body))
    removed = tuple(_remove_others(docs, set(wanted)))
    return Assembly(docs, hand_written, tuple(sorted(generated)), changed, removed, leftovers)


# -- the docs folder of this process ----------------------------------------------------------

def new_docs_folder(project: Path) -> Path:
    """A fresh docs folder under `project`/build/docs/, named after this process; the folders
    of processes that are gone (a build killed before it could clean up) are removed."""
    root = project / DOCS_ROOT
    root.mkdir(parents=True, exist_ok=True)
    for old in root.iterdir():
        pid = old.name.split("-", 1)[0]
        if old.is_dir() and pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=root))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # another user's process
        return True
    return True
