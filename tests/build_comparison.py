"""A build of some of the languages (`mcr site build --languages`) read against the whole
site's build, made in another process at another time: every file the same, byte for byte,
except where a file lists the languages built (the language menu, the search index's and the
offline list's languages). What makes two builds differ (a set's order, which changes with
each process's hash seed, a time, a zip's dates) or a language's build leak into another's
(a file at the site's root written by whichever language is built last) shows as a file
that differs."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

OFFLINE_LIST = "offline-files.json"
SERVICE_WORKER = "sw.js"   # its first line is the offline list's version


def _menu_items(others: tuple[str, ...]) -> re.Pattern[str]:
    """The language menu's entries of the languages a partial build leaves out."""
    langs = "|".join(map(re.escape, others))
    return re.compile(r'\s*<li class="md-select__item">\s*<a href="[^"]*" hreflang="(?:' + langs +
                      r')" class="md-select__link">[^<]*</a>\s*</li>')


def _is_search_index(rel: str) -> bool:
    return rel.startswith("search/search_index") and rel.endswith(".json")


def _lists_languages(rel: str) -> bool:
    """A page (its language menu) or a search index (the languages of its stemmers)."""
    return rel.endswith(".html") or _is_search_index(rel)


def _search_index(body: bytes) -> Any:
    index = json.loads(body)
    index["config"].pop("lang")   # the languages built, for the search's stemmers
    return index


def _offline_list(body: bytes) -> Any:
    """The offline list without its version and the revisions of the files that list the
    languages built; every other file's revision is kept."""
    listing = json.loads(body)
    listing.pop("version")
    for files in [*(lang["files"] for lang in listing["languages"].values()), listing["shared"]]:
        for entry in files:
            if _lists_languages(entry[0]):
                entry[1] = "(lists the languages)"
    return listing


def _same(rel: str, part: bytes, whole: bytes, menu: re.Pattern[str], built: tuple[str, ...]) -> bool:
    if part == whole:
        return True
    if rel.endswith(".html"):
        return menu.sub("", part.decode("utf-8")) == menu.sub("", whole.decode("utf-8"))
    if _is_search_index(rel):
        return _search_index(part) == _search_index(whole)
    if rel == OFFLINE_LIST:
        whole_list = _offline_list(whole)
        whole_list["languages"] = {c: v for c, v in whole_list["languages"].items() if c in built}
        return _offline_list(part) == whole_list
    if rel == SERVICE_WORKER:
        return part.split(b"\n", 1)[1] == whole.split(b"\n", 1)[1]
    return False


def _files(root: Path) -> dict[str, Path]:
    return {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}


def build_differences(part: Path, whole: Path, built: tuple[str, ...], every: tuple[str, ...],
                      default: str) -> list[str]:
    """What differs between `part`, the build of the languages `built` (the default among
    them), and `whole`, the build of `every` language: a file one has that the other lacks
    (the other languages' folders and search indexes aside), or a file that differs."""
    assert default in built, f"a partial build always holds the default language ({default})"
    others = tuple(code for code in every if code not in built)
    menu = _menu_items(others)
    part_files, whole_files = _files(part), _files(whole)
    left_out = re.compile(r"(?:" + "|".join(others) + r")/|search/search_index\.(?:" + "|".join(others) + r")\.json$")
    found = [f"only in the partial build: {rel}" for rel in sorted(part_files.keys() - whole_files.keys())]
    found += [f"only in the whole build: {rel}" for rel in sorted(whole_files.keys() - part_files.keys())
              if not left_out.match(rel)]
    for rel in sorted(part_files.keys() & whole_files.keys()):
        if not _same(rel, part_files[rel].read_bytes(), whole_files[rel].read_bytes(), menu, built):
            found.append(f"differs: {rel}")
    return found
