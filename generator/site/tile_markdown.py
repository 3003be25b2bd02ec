"""Tiles as Markdown images, for generated pages whose drawings sit inside tables.

MkDocs checks and rewrites these paths like any image, so a missing asset fails the
strict build. Full hand blocks are drawn as HTML by hand_render instead.
"""
from __future__ import annotations

from html import escape

from rules import Hand

from .hand_render import asset_name
from .markdown_text import TILE_ASSETS, md_escape
from .site_text import text
from .tiles import tile_alt


def tile_md(face: str, variant: str, lang: str, prefix: str, css: str = "") -> str:
    """`![5 of dots](../../assets/mcr/tiles/5p.svg){ .mcr-tile }`; prefix leads from the page's
    folder to the docs root ('../../' for site/<lang>/fans/)."""
    alt = md_escape(text(lang, "face_down") if variant == "back" else tile_alt(face, lang))
    classes = " ".join(["mcr-tile"] + ([f"mcr-tile--{variant}"] if variant != "standing" else [])
                       + ([css] if css else []))
    classes_attr = " ".join("." + c for c in classes.split())
    return f"![{alt}]({prefix}{TILE_ASSETS}/{asset_name(face, variant)}){{ {classes_attr} }}"


def hand_md(hand: Hand, lang: str, prefix: str, css: str = "") -> str:
    """A whole hand on one line: melds, concealed tiles, then the winning tile apart."""
    parts: list[str] = []
    for meld in hand.melds:
        faces = [t.text for t in meld.tiles]
        if meld.kind == "kong" and not meld.claimed:
            variants = ["back", "standing", "standing", "back"]
            label, group = text(lang, "meld_concealed_kong"), "mcr-meld mcr-meld--concealed"
        else:
            variants = ["exposed"] * len(faces)
            key = {"chow": "meld_chow", "pung": "meld_pung", "kong": "meld_kong"}[meld.kind]
            label, group = text(lang, key), "mcr-meld mcr-meld--exposed"
        images = "".join(tile_md(f, v, lang, prefix, css) for f, v in zip(faces, variants))
        parts.append(f'<span class="{group}" title="{escape(label)}">{images}</span>')
    standing = "".join(tile_md(t.text, "standing", lang, prefix, css) for t in hand.standing[:-1])
    parts.append(f'<span class="mcr-standing" title="{escape(text(lang, "standing_tiles"))}">{standing}</span>')
    winning = tile_md(hand.winning_tile.text, "winning", lang, prefix, css)
    parts.append(f'<span class="mcr-winning" title="{escape(text(lang, "winning_tile"))}">{winning}</span>')
    return f'<span class="mcr-hand-line">{"".join(parts)}</span>'
