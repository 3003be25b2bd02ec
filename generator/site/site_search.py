"""The site search after the build: one index per language, and whole Chinese words found.

One search index per language, cut from the index the search plugin writes for all.

mkdocs-static-i18n gathers every language's pages into one search/search_index.json
(2.9 MB here), and Material's script fetches it on every page. After the build, this
keeps the default language's pages in that file and writes each other language's to
search/search_index.<lang>.json; site/assets/mcr/site-search.js points the page at
its own language's file and fetches it only once the reader opens the search. Locations
stay relative to the site's root, where Material resolves them.
"""
from __future__ import annotations

import json
from pathlib import Path

INDEX = Path("search") / "search_index.json"
WORKERS = Path("assets") / "javascripts" / "workers"

# Material's search worker cuts a run of Chinese characters in the query into the longest
# words of the index, but its loop stops one character short: the whole run is never
# tried, so 清一色 (one word in the index: site_hooks teaches it to jieba) is searched as
# 清* and lists every fan starting with 清 before Full Flush. The fix lets the loop reach
# the end of the run. Applied only where the exact code is found; tests/browser/test_site_browser
# checks the ranking either way.
_SEGMENT_LOOP = "for(let o=s+1;o<t.length;o++)t.slice(s,o)in e&&(n[s]=o-s)"
_SEGMENT_LOOP_FIXED = "for(let o=s+1;o<=t.length;o++)t.slice(s,o)in e&&(n[s]=o-s)"


def language_of(location: str, langs: tuple[str, ...], default: str) -> str:
    first = location.split("/", 1)[0].split("#", 1)[0]
    return first if first in langs and first != default else default


def split_search_index(site_dir: Path, langs: tuple[str, ...], default: str) -> dict[str, int]:
    """Rewrite the index per language; returns how many entries each language kept.
    Does nothing when the build wrote no index (the search plugin is off)."""
    path = site_dir / INDEX
    if not path.is_file():
        return {}
    index = json.loads(path.read_text(encoding="utf-8"))
    docs: dict[str, list[dict]] = {lang: [] for lang in langs}
    for doc in index.get("docs", []):
        docs[language_of(doc.get("location", ""), langs, default)].append(doc)
    for lang in langs:
        target = path if lang == default else path.with_name(f"search_index.{lang}.json")
        body = json.dumps({**index, "docs": docs[lang]}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(body, encoding="utf-8")
    return {lang: len(entries) for lang, entries in docs.items()}


def fix_han_segmentation(site_dir: Path) -> int:
    """Patch the search worker's query segmentation (see _SEGMENT_LOOP); returns how many
    worker files were changed."""
    changed = 0
    for path in sorted((site_dir / WORKERS).glob("search.*.min.js")):
        code = path.read_text(encoding="utf-8")
        if code.count(_SEGMENT_LOOP) == 1:
            path.write_text(code.replace(_SEGMENT_LOOP, _SEGMENT_LOOP_FIXED), encoding="utf-8")
            changed += 1
    return changed
