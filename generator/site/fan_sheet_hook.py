"""MkDocs hook (mkdocs.yml `hooks`): the fan sheet's PDF, after the whole site is built.

Each language's sheet page is noted as it is written; once static-i18n has built every
language (the outer build's post_build), Chromium prints each one to fan-sheet.pdf beside
it (generator/site/fan_sheet_pdf.py). A missing Chromium fails the build with how to install it,
unless MCR_SKIP_FAN_SHEET_PDF is set.
"""
from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

from generator.site.fan_sheet_page import SHEET_PAGE
from generator.site.fan_sheet_pdf import SKIP_VARIABLE, SheetPdfError, missing_tools, print_sheets, skip_requested

log = logging.getLogger("mkdocs.hooks.mcr_fan_sheet")
_sheets: set[Path] = set()   # the built sheet pages of this build, every language


def _nested(config: MkDocsConfig) -> bool:
    """Whether this is one of static-i18n's builds of a further language."""
    plugin = config.plugins.get("i18n")
    return bool(getattr(plugin, "building", False)) if plugin is not None else False


def on_pre_build(config: MkDocsConfig) -> None:
    if not _nested(config):
        _sheets.clear()
        # Fail before building anything rather than after.
        if not skip_requested() and (problem := missing_tools()):
            raise PluginError(problem)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    # The sheet's source is <lang>/fans/fan-sheet.md (static-i18n's folders), or fans/fan-sheet.md.
    if page.file.src_uri == SHEET_PAGE or page.file.src_uri.endswith("/" + SHEET_PAGE):
        _sheets.add(Path(page.file.abs_dest_path))
    return output


@event_priority(-300)   # after static-i18n (-100) and the site hook's search index (-200)
def on_post_build(config: MkDocsConfig) -> None:
    if _nested(config):
        return
    if skip_requested():
        # Not a logged warning: under --strict MkDocs would count it as a failure.
        print(f"WARNING -  {SKIP_VARIABLE} is set: the fan sheet's PDF is not made, and the sheet's "
              "download link leads nowhere", file=sys.stderr)
        return
    if not _sheets:
        raise PluginError(f"no fan sheet page ({SHEET_PAGE}) was built: nothing to print")
    try:
        written, printed, seconds = print_sheets(_sheets, Path(config.site_dir), config.site_url)
    except SheetPdfError as err:
        raise PluginError(str(err)) from None
    log.info("fan sheet PDF: %d language(s), %d printed by Chromium and %d unchanged from the cache, in %.1f s",
             len(written), printed, len(written) - printed, seconds)
