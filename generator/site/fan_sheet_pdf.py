"""The fan sheet as a PDF: each language's built sheet page printed by Chromium.

The site build calls this after every page is written (generator/site/fan_sheet_hook.py), so
`mcr site build`, `mkdocs build` and `mkdocs serve` all put `fan-sheet.pdf` beside the
sheet's index.html, where the page links it. Chromium prints the page with the site's own
print stylesheet (site/assets/mcr/print.css): two A4 pages. Playwright drives Debian's
Chromium, the one the browser tests use.

Without Chromium the build fails and says how to install it; setting
MCR_SKIP_FAN_SHEET_PDF=1 builds the site without the PDF instead (the sheet's link then
leads nowhere), with a warning.

Printing takes about a second per language. A PDF is kept in the cache (MCR_CACHE_DIR or
~/.cache/mcr, as the fan table's) under the hash of everything it is printed from: the
page, each local file it references (styles, scripts, tile pictures) and the Chromium and
Playwright it is printed with; a rebuild with none of them changed copies it instead.
Chromium dates a PDF when it prints it; the date is set to SOURCE_DATE_EPOCH (the site hook
sets it to the last commit's), so two builds give the same bytes. Links in the PDF lead to
the site's pages on the web when mkdocs.yml gives a `site_url`; otherwise the PDF has none
(it is printed from files, and their addresses would name the builder's folders).
"""
from __future__ import annotations

import asyncio
import hashlib
import os
import re
import shutil
import time
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote

from .fan_sheet_page import PDF_NAME

CHROMIUM = Path("/usr/bin/chromium")
SKIP_VARIABLE = "MCR_SKIP_FAN_SHEET_PDF"
CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run")
_TIMEOUT_MS = 300_000   # one page's load or print: seconds when quiet, over a minute on a busy 2-core machine
# What the page loads from the site (a relative address): pictures, scripts and styles.
_PDF_DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}[^)]*\)")
_REFERENCE = re.compile(r'(?:src="([^"#?:]+)|href="([^"#?:]+\.css))[^"]*"')


class SheetPdfError(Exception):
    """The PDF cannot be made: what is missing, and how to get it."""


def skip_requested() -> bool:
    return os.environ.get(SKIP_VARIABLE, "").strip() not in ("", "0")


def missing_tools() -> str | None:
    """Why the PDF cannot be made here, or None."""
    if not CHROMIUM.is_file():
        return (f"the fan sheet's PDF is printed by Chromium, and {CHROMIUM} is missing: install it with "
                f"`sudo apt-get install chromium` (./dev setup does), or set {SKIP_VARIABLE}=1 to build the site "
                "without the PDF")
    try:
        import playwright.sync_api  # noqa: F401, PLC0415 - only the PDF needs it
    except ImportError:
        return (f"the fan sheet's PDF is printed through Playwright, which is not installed: `pip install -e .` "
                f"installs it (./dev setup does), or set {SKIP_VARIABLE}=1 to build the site without the PDF")
    return None


def _cache_dir() -> Path:
    base = os.environ.get("MCR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mcr")
    return Path(base) / "fan-sheet"


def source_digest(html: Path, web_url: str | None = None) -> str:
    """The hash of what the PDF of `html` is printed from (`web_url`: the page's address on the web)."""
    digest = hashlib.sha256()
    stat = CHROMIUM.stat()
    digest.update(f"{stat.st_size} {stat.st_mtime_ns} {metadata.version('playwright')} "
                  f"{os.environ.get('SOURCE_DATE_EPOCH', '')} {web_url or ''}\n".encode())
    page = html.read_bytes()
    digest.update(page)
    found = _REFERENCE.findall(page.decode("utf-8", errors="replace"))
    for ref in sorted({src or css for src, css in found}):
        target = (html.parent / unquote(ref)).resolve()
        if target.is_file():
            digest.update(f"\n{ref}\n".encode())
            digest.update(target.read_bytes())
    return digest.hexdigest()


def print_sheets(pages: Iterable[Path], site_dir: Path | None = None,
                 site_url: str | None = None) -> tuple[list[Path], int, float]:
    """Print each built sheet page (an index.html under `site_dir`) to fan-sheet.pdf beside
    it, A4 with its backgrounds (the trays of claimed sets); its links lead to `site_url`
    when given, else it has none. Returns the PDFs, how many were printed (the others came
    from the cache) and the seconds it took."""
    problem = missing_tools()
    if problem:
        raise SheetPdfError(problem)
    started = time.monotonic()
    cache = _cache_dir()
    written: list[Path] = []
    to_print: list[tuple[Path, Path, str | None]] = []
    for html in sorted(pages):
        web_url = _web_url(html, site_dir, site_url)
        pdf, kept = html.parent / PDF_NAME, cache / f"{source_digest(html, web_url)}.pdf"
        if kept.is_file():
            shutil.copyfile(kept, pdf)
            written.append(pdf)
        else:
            to_print.append((html, kept, web_url))
    if to_print:
        written += _print(to_print)
    return sorted(written), len(to_print), time.monotonic() - started


def _web_url(html: Path, site_dir: Path | None, site_url: str | None) -> str | None:
    """Where the page `html` is on the web, or None when the site's address is not known."""
    if not site_url or site_dir is None:
        return None
    rel = html.resolve().relative_to(site_dir.resolve()).as_posix()
    return site_url.rstrip("/") + "/" + (rel.removesuffix("index.html") if rel.endswith("index.html") else rel)


# Each link to its address on the web (from the page's own), or no link at all.
_RELINK = """(base) => document.querySelectorAll('a[href]').forEach(a => {
  if (base) a.href = new URL(a.getAttribute('href'), base).href; else a.removeAttribute('href'); })"""


def _print(jobs: list[tuple[Path, Path, str | None]]) -> list[Path]:
    """Print the pages side by side in one Chromium (about a third quicker than one by one
    on two cores)."""
    from playwright.async_api import Error as PlaywrightError  # noqa: PLC0415 - only the PDF needs it
    from playwright.async_api import async_playwright  # noqa: PLC0415

    async def print_all() -> list[Path]:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))

            async def one(html: Path, web_url: str | None) -> Path:
                page = await browser.new_page()
                page.set_default_timeout(_TIMEOUT_MS)
                await page.goto(html.resolve().as_uri(), wait_until="load")
                await page.evaluate(_RELINK, web_url)
                pdf = html.parent / PDF_NAME
                await page.pdf(path=str(pdf), format="A4", print_background=True, prefer_css_page_size=True)
                await page.close()
                return pdf

            try:
                return list(await asyncio.gather(*(one(html, web_url) for html, _, web_url in jobs)))
            finally:
                await browser.close()

    try:
        written = asyncio.run(print_all())
    except PlaywrightError as err:
        raise SheetPdfError(f"Chromium could not print the fan sheet: {str(err).splitlines()[0]}") from None
    for pdf, (_, kept, _) in zip(written, jobs):
        _set_date(pdf)
        _keep(pdf, kept)
    return written


def _set_date(pdf: Path) -> None:
    """Date the PDF SOURCE_DATE_EPOCH instead of now, in as many bytes (the offsets of the
    PDF's cross-reference table stay right)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch.isdigit():
        return
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(int(epoch))) + "+00'00'"
    data = pdf.read_bytes()

    def dated(match: re.Match[bytes]) -> bytes:
        fresh = b"/" + match[1] + b" (D:" + stamp.encode() + b")"
        return fresh if len(fresh) == len(match[0]) else match[0]

    pdf.write_bytes(_PDF_DATE.sub(dated, data))


def _keep(pdf: Path, kept: Path) -> None:
    """Copy a fresh PDF into the cache; a cache that cannot be written only costs time."""
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.part")
        shutil.copyfile(pdf, partial)
        partial.replace(kept)
    except OSError:
        pass
