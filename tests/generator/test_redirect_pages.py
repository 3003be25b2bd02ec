"""The redirect pages written into the built site (generator/site/redirect_pages.py), on a small
site folder: links relative to the old address, never a page overwritten, never a redirect
to nowhere."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.redirect_pages import RedirectError, relative_href, write_redirects


def test_links_are_relative_to_the_old_folder() -> None:
    assert relative_href("rulings/", "rulebook/rulings/") == "../rulebook/rulings/"
    assert relative_href("en/", "") == "../"
    assert relative_href("en/rulebook/play/", "rulebook/play/") == "../../../rulebook/play/"
    assert relative_href("zh/rulings/", "zh/rulebook/rulings/") == "../rulebook/rulings/"


def _page(site: Path, folder: str, title: str) -> None:
    path = site / folder / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><head><title>{title}</title></head><body></body></html>", encoding="utf-8")


def _small_site(site: Path) -> None:
    _page(site, "", "MCR Rules")
    _page(site, "fans/", "Fans - MCR Rules")
    for lang in ("", "zh/", "es/", "ko/", "fr/", "ja/"):
        _page(site, f"{lang}rulebook/rulings/", "Rulings &amp; more")


def test_every_english_page_and_every_moved_one(tmp_path: Path) -> None:
    _small_site(tmp_path)
    # 6 languages' /rulings/; /en/, /en/fans/, /en/rulebook/rulings/ and /en/rulings/
    assert write_redirects(tmp_path) == 10
    fans = (tmp_path / "en/fans/index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="../../fans/">' in fans and 'url=../../fans/"' in fans
    # the script that keeps ?query and #anchor is a file (no inline script under the site's policy)
    assert '<script src="../../assets/mcr/redirect.js"></script>' in fans and "<script>" not in fans
    assert '<meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;;' in fans
    assert '<a href="../../fans/">Fans - MCR Rules</a>' in fans
    ko = (tmp_path / "ko/rulings/index.html").read_text(encoding="utf-8")
    assert '<html lang="ko">' in ko and '<a href="../rulebook/rulings/">Rulings &amp; more</a>에 있습니다' in ko
    assert write_redirects(tmp_path) == 10     # a second run rewrites its own pages


def test_a_page_is_never_replaced_nor_a_redirect_left_leading_nowhere(tmp_path: Path) -> None:
    _small_site(tmp_path)
    _page(tmp_path, "es/rulings/", "A real page")
    with pytest.raises(RedirectError, match="es/rulings/ is a page of the site"):
        write_redirects(tmp_path)
    (tmp_path / "es/rulings/index.html").unlink()
    (tmp_path / "zh/rulebook/rulings/index.html").unlink()
    with pytest.raises(RedirectError, match="zh/rulings/ would lead to zh/rulebook/rulings/"):
        write_redirects(tmp_path)
