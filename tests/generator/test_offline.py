"""The site offline and installable (generator/site/offline.py, offline_hook.py, app_icon.py),
without a browser: which file each language keeps, the list and the service worker's
version follow the files' bytes (a changed file is a new version, an unchanged build the
same bytes), the manifests, the icons' sizes, and what every page gets (links, notices in
its language, scripts only as files)."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from generator.site.app_icon import APPLE_TOUCH_ICON, ICONS, icon_files
from generator.site.offline import (FILE_LIST, MANIFEST, WORKER, AppLanguage, kept_files, manifest, owner,
                                    write_offline_files)
from generator.site.offline_hook import not_saved_texts, on_post_page, page_language
from i18n import strings

CODES = ("en", "zh", "es")
APPS = [AppLanguage("en", "MCR Rules", "The rules"), AppLanguage("zh", "国标麻将规则", "规则"),
        AppLanguage("es", "Reglas MCR", "Las reglas")]
NOT_SAVED_TEXTS = not_saved_texts(CODES)


@pytest.mark.parametrize(("path", "who"), [
    ("index.html", "en"), ("calculator/index.html", "en"), ("fans/fan-sheet/fan-sheet.pdf", "en"),
    ("en/calculator/index.html", "en"),          # the default language's redirect pages
    ("zh/index.html", "zh"), ("zh/quiz/beginner/index.html", "zh"), ("es/manifest.webmanifest", "es"),
    ("scoresheet/index.html", "en"), ("zh/scoresheet/index.html", "zh"),
    ("assets/mcr/scoresheet.js", "shared"), ("assets/mcr/scoresheet-core.js", "shared"),
    ("zhuyin/index.html", "en"),                  # a folder that only starts like a language's
    ("assets/mcr/pyodide/pyodide.asm.wasm", "shared"), ("assets/javascripts/bundle.min.js", "shared"),
    ("assets/mcr/pyodide-library.mjs", "shared"), ("assets/mcr/trainer/trainer.zip", "shared"),
    ("search/search_index.json", "en"), ("search/search_index.zh.json", "zh"), ("search/search_index.ko.json", None),
    ("assets/javascripts/bundle.min.js.map", None), (WORKER, None), (FILE_LIST, None), ("sitemap.xml", None),
])
def test_each_file_is_kept_by_its_language_or_by_all(path: str, who: str | None) -> None:
    assert owner(path, CODES, "en") == who


def _site(folder: Path) -> Path:
    for rel, text in {"index.html": "<h1>Home</h1>", "calculator/index.html": "<h1>Calculator</h1>",
                      "zh/index.html": "<h1>首页</h1>", "es/index.html": "<h1>Inicio</h1>",
                      "assets/mcr/calculator.js": "// script", "assets/x.js.map": "{}",
                      "search/search_index.json": "{}", "search/search_index.zh.json": "{}"}.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    return folder


def test_the_list_and_worker_follow_the_bytes_of_the_files(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    first = write_offline_files(site, APPS, "en", NOT_SAVED_TEXTS)
    listing = json.loads((site / FILE_LIST).read_text(encoding="utf-8"))
    worker = (site / WORKER).read_text(encoding="utf-8")
    assert listing["version"] == first.version and worker.startswith(f'const VERSION = "{first.version}";')
    assert "self.addEventListener(\"fetch\"" in worker
    paths = {who: [p for p, _ in files] for who, files in
             [("shared", listing["shared"])] + [(c, v["files"]) for c, v in listing["languages"].items()]}
    assert paths["en"] == ["calculator/index.html", "index.html", MANIFEST, "search/search_index.json"]
    assert paths["zh"] == ["search/search_index.zh.json", "zh/index.html", f"zh/{MANIFEST}"]
    assert "assets/mcr/calculator.js" in paths["shared"] and "assets/x.js.map" not in paths["shared"]
    assert {p for p in paths["shared"] if p.startswith("assets/mcr/icons/")} == {
        i.path for i in (*ICONS, APPLE_TOUCH_ICON)}
    revision = dict(listing["shared"])["assets/mcr/calculator.js"]
    assert len(revision) == 16 and all(c in "0123456789abcdef" for c in revision)

    again = write_offline_files(site, APPS, "en", NOT_SAVED_TEXTS)
    assert again.version == first.version and (site / WORKER).read_text(encoding="utf-8") == worker

    (site / "zh/index.html").write_text("<h1>首页 (new)</h1>", encoding="utf-8")
    changed = write_offline_files(site, APPS, "en", NOT_SAVED_TEXTS)
    assert changed.version != first.version
    new_listing = json.loads((site / FILE_LIST).read_text(encoding="utf-8"))
    assert dict(new_listing["languages"]["zh"]["files"])["zh/index.html"] != \
        dict(listing["languages"]["zh"]["files"])["zh/index.html"]
    assert new_listing["shared"] == listing["shared"]


def test_a_new_page_is_kept_without_a_change_here(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (site / "zh/score-sheet/index.html").parent.mkdir(parents=True)
    (site / "zh/score-sheet/index.html").write_text("<h1>记分表</h1>", encoding="utf-8")
    assert "zh/score-sheet/index.html" in [p for p, _ in kept_files(site, CODES, "en")["zh"]]


def test_each_language_has_its_manifest(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    write_offline_files(site, APPS, "en", NOT_SAVED_TEXTS)
    zh = json.loads((site / "zh" / MANIFEST).read_text(encoding="utf-8"))
    assert zh == manifest(APPS[1], "en")
    assert (zh["name"], zh["lang"], zh["start_url"], zh["scope"], zh["display"]) == (
        "国标麻将规则", "zh", "./", "../", "standalone")
    assert [i["src"] for i in zh["icons"]] == ["../" + i.path for i in ICONS]
    en = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert en["scope"] == "./" and en["icons"][0]["src"] == ICONS[0].path


def test_icons_have_their_sizes_and_the_same_bytes_every_build() -> None:
    files = icon_files()
    assert files == icon_files()
    for icon in (*ICONS, APPLE_TOUCH_ICON):
        if icon.size is None:
            assert files[icon.path].startswith(b"<svg") and b'viewBox="0 0 100 100"' in files[icon.path]
            continue
        image = Image.open(io.BytesIO(files[icon.path]))
        assert image.format == "PNG" and image.size == (icon.size, icon.size)
        corner = image.convert("RGBA").getpixel((0, 0))
        # The maskable icon fills its square (launchers cut it); the others have round corners.
        assert (corner[3] == 255) == (icon.purpose == "maskable")


@pytest.mark.parametrize(("url", "lang", "to_root"), [
    ("", "en", ""), ("rulebook/scoring/", "en", "../../"), ("zh/", "zh", "../"), ("ja/calculator/", "ja", "../../"),
])
def test_every_page_links_its_manifest_and_the_offline_script(url: str, lang: str, to_root: str) -> None:
    assert page_language(url) == lang
    html = on_post_page("<html><head><title>t</title></head><body><p>x</p></body></html>",
                        SimpleNamespace(url=url), None)
    own = "" if lang == "en" else f"{lang}/"
    assert f'<link rel="manifest" href="{to_root}{own}{MANIFEST}">' in html
    assert f'<script src="{to_root}assets/mcr/offline.js"></script></body>' in html
    assert f'href="{to_root}assets/mcr/offline.css"' in html
    text = strings("offline").tables[lang]
    assert text["update_ready"] in html and text["offline_saved"] in html and text["update_reload"] in html
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))   # no inline script
