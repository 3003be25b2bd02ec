"""The page <title> escapes the page's title: a fan name holding markup stays text."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from generator.site.markdown_text import md_escape

from ..conftest import ROOT

NAME = "Pure </title><script>alert(1)</script> & Straight"


def _build(tmp_path: Path, pages: dict[str, str]) -> Path:
    """A one-language site with the project's theme override."""
    for name, text in pages.items():
        (tmp_path / "docs" / "en").mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / "en" / name).write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: MCR <Rules>\ndocs_dir: docs\nsite_dir: out\n"
        f"theme: {{name: material, custom_dir: {ROOT / 'generator' / 'site' / 'theme'}, font: false}}\n"
        "plugins:\n  - i18n:\n      docs_structure: folder\n"
        "      languages: [{locale: en, default: true, name: English}]\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=tmp_path,
                         capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return tmp_path / "out"


def test_a_fan_name_with_markup_stays_text_in_the_title(tmp_path: Path) -> None:
    out = _build(tmp_path, {
        "index.md": "# Home\n",
        "fan.md": f"# {md_escape(NAME)}\n\nThe fan page's heading, as fan_pages writes it.\n",   # fan_page.md.j2
        "meta.md": "---\ntitle: A <b>bold</b> title\n---\n\n# Heading\n",
    })
    fan = (out / "fan" / "index.html").read_text(encoding="utf-8")
    (title,) = re.findall(r"<title>(.*?)</title>", fan, re.S)
    assert title == "Pure &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Straight - MCR &lt;Rules&gt;"
    assert "<script>alert" not in fan
    meta = (out / "meta" / "index.html").read_text(encoding="utf-8")
    assert "<title>A &lt;b&gt;bold&lt;/b&gt; title - MCR &lt;Rules&gt;</title>" in meta
