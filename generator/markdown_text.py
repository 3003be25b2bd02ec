"""Small helpers for the Markdown the generator writes."""
from __future__ import annotations

import re

from .localize import Localized, marker_html

_SPECIAL = re.compile(r"([\\`*_\[\]#|])")

# Assets written on every build; pages reach them with a path relative to their folder.
TILE_ASSETS = "assets/mcr/tiles"


def generated_banner(module: str, template: str) -> str:
    """The first line of every generated page: an HTML comment readers never see."""
    return (f"<!-- GENERATED from fans.yaml by generator/{module} (template generator/templates/"
            f"{template}). Do not edit: every site build rewrites this file. -->")


def md_escape(value: str) -> str:
    """Text from fans.yaml as literal Markdown: no accidental emphasis, links or tables."""
    value = _SPECIAL.sub(r"\\\1", value)
    return value.replace("<", "&lt;").replace(">", "&gt;")


def md_localized(value: Localized, lang: str) -> str:
    """Escaped text, followed by the 'not yet translated' badge when it is the English fallback."""
    body = md_escape(value.text)
    return f"{body} {marker_html(lang)}" if value.missing else body
