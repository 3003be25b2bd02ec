"""The site offline and installable: what the build writes beside the built site.

- `assets/mcr/icons/`: the app icon (app_icon.py);
- `manifest.webmanifest` at the root of each language (the site's root for the default
  language, `<lang>/` for the others): the web app manifest, with the language's site name;
- `offline-files.json`: every file a visitor's browser keeps for use without a
  connection, with a hash of its bytes: the files every page may use (`shared`: all of
  assets/, less source maps) and, per language, every file of that language (its folder;
  for the default language every file outside the other languages' folders) with its
  search index. The rule is a rule over the built files, so a page added to the site is
  kept offline without a change here;
- `assets/mcr/offline/not-saved.json`: the words of the page the worker shows offline in
  place of a page not kept (a language never opened while connected), in every language;
- `sw.js` at the root: the service worker (service_worker.js, hand-written), its first
  line the version, a hash of offline-files.json: a new build with any file changed is a
  new version, which browsers install beside the old one.

Everything is written after the whole site is built (offline_hook.py), from the files on
disk, so the hashes are those of the bytes served.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .app_icon import APPLE_TOUCH_ICON, ICONS, TEAL, icon_files

HERE = Path(__file__).resolve().parent
WORKER_SOURCE = HERE / "service_worker.js"
WORKER = "sw.js"
NOT_SAVED = "assets/mcr/offline/not-saved.json"   # the words of the page offline in place of one not kept
FILE_LIST = "offline-files.json"
MANIFEST = "manifest.webmanifest"
SHARED_DIR = "assets/"
SEARCH_DIR = "search/"
NEVER_KEPT = (WORKER, FILE_LIST, "sitemap.xml", "sitemap.xml.gz")
NEVER_KEPT_SUFFIXES = (".map",)
FORMAT = 1
BACKGROUND = "#ffffff"


@dataclass(frozen=True, slots=True)
class AppLanguage:
    code: str          # the site's language code
    name: str          # the site's name in it (mkdocs.yml)
    description: str


@dataclass(frozen=True, slots=True)
class OfflineSummary:
    version: str
    shared: int                    # files
    languages: dict[str, int]      # language -> files
    bytes: dict[str, int]          # "shared" and each language -> bytes kept


def language_root(code: str, default: str) -> str:
    return "" if code == default else f"{code}/"


def manifest(app: AppLanguage, default: str) -> dict[str, Any]:
    """The language's web app manifest; its addresses are relative to where it lies."""
    to_root = "" if app.code == default else "../"
    icons = [{"src": to_root + icon.path, "sizes": f"{icon.size}x{icon.size}" if icon.size else "any",
              "type": icon.mime, "purpose": icon.purpose} for icon in ICONS]
    return {"name": app.name, "short_name": app.name, "description": app.description, "lang": app.code,
            "dir": "ltr", "id": "./", "start_url": "./", "scope": to_root or "./", "display": "standalone",
            "background_color": BACKGROUND, "theme_color": TEAL, "icons": icons}


def head_links(code: str, default: str, to_root: str) -> str:
    """What a page of `code` puts in its head: its manifest, colour and home-screen icon."""
    return (f'<link rel="manifest" href="{to_root}{language_root(code, default)}{MANIFEST}">'
            f'<meta name="theme-color" content="{TEAL}">'
            f'<link rel="apple-touch-icon" href="{to_root}{APPLE_TOUCH_ICON.path}">')


def _revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _search_index(code: str, default: str) -> str:
    """The language's search index (site_search.py splits the index by language)."""
    return f"{SEARCH_DIR}search_index.json" if code == default else f"{SEARCH_DIR}search_index.{code}.json"


def owner(rel: str, codes: tuple[str, ...], default: str) -> str | None:
    """Who keeps the file `rel` offline: "shared", a language code, or None (never kept)."""
    if rel in NEVER_KEPT or rel.endswith(NEVER_KEPT_SUFFIXES):
        return None
    if rel.startswith(SHARED_DIR):
        return "shared"
    if rel.startswith(SEARCH_DIR):
        return next((c for c in codes if rel == _search_index(c, default)), None)
    first = rel.split("/", 1)[0]
    if first in codes and first != default and "/" in rel:
        return first
    return default


def kept_files(site: Path, codes: tuple[str, ...], default: str) -> dict[str, list[list[str]]]:
    """{"shared" or a language: [[path relative to the site, revision], ...]}, sorted."""
    kept: dict[str, list[list[str]]] = {"shared": [], **{c: [] for c in codes}}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        who = owner(rel, codes, default)
        if who is not None:
            kept[who].append([rel, _revision(path)])
    return kept


def _write(path: Path, body: bytes) -> None:
    """A new file in place of any old one (never writing into a file another name links)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    fresh.write_bytes(body)
    os.replace(fresh, path)


def write_offline_files(site: Path, apps: list[AppLanguage], default: str,
                        not_saved: dict[str, dict[str, str]]) -> OfflineSummary:
    """Write the icons, the manifests, offline-files.json and sw.js into the built `site`;
    `not_saved`: per language, the title and text of the page the worker shows offline in
    place of a page not kept, and the language's name (kept with the shared files)."""
    for rel, body in icon_files().items():
        _write(site / rel, body)
    _write(site / NOT_SAVED, json.dumps(not_saved, ensure_ascii=False, sort_keys=True).encode("utf-8"))
    for app in apps:
        _write(site / language_root(app.code, default) / MANIFEST,
               (json.dumps(manifest(app, default), ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    codes = tuple(app.code for app in apps)
    kept = kept_files(site, codes, default)
    listing = {"format": FORMAT, "default": default,
               "languages": {c: {"root": language_root(c, default), "files": kept[c]} for c in codes},
               "shared": kept["shared"]}
    body = json.dumps(listing, separators=(",", ":"), sort_keys=True).encode("utf-8")
    version = hashlib.sha256(body).hexdigest()[:16]
    listing["version"] = version
    _write(site / FILE_LIST, json.dumps(listing, separators=(",", ":"), sort_keys=True).encode("utf-8"))
    worker = f'const VERSION = "{version}";   // written by generator/site/offline.py\n'
    _write(site / WORKER, worker.encode("utf-8") + WORKER_SOURCE.read_bytes())
    sizes = {who: sum(os.path.getsize(site / rel) for rel, _ in files) for who, files in kept.items()}
    return OfflineSummary(version, len(kept["shared"]), {c: len(kept[c]) for c in codes}, sizes)
