"""'How to read the notation' (site/<lang>/notation.md): the tile codes beside their
pictures, melds, the winning tile, the situation keys, and how the drawings show them."""
from __future__ import annotations

from rules import SITUATION_FIELDS as FIELD_NAMES
from rules.tiles import ALL_TILES

from .markdown_text import front_matter, md_escape, md_strings
from .site_text import LANGS, TEXT, text
from .templating import render
from .tile_markdown import tile_md
from .tiles import FLOWER_FACES, SEASON_FACES, tile_alt

TEMPLATE = "notation.md.j2"
EXAMPLE_HAND = "[123m][EEE]45p99s678p3p"
# A claimed chow, a melded kong, a concealed kong, a single wait, flowers: everything the
# drawings distinguish, in one valid hand.
DEMO_HAND = "[123p][7777p1][EEEE]456p9p9p"
DEMO_SITUATION = (("self_drawn", "true"), ("seat_wind", "S"), ("flowers", "1"))
MELDS = (("[123m]", "notation_meld_chow", ["1m", "2m", "3m"], ["exposed"] * 3),
         ("[555p]", "notation_meld_pung", ["5p"] * 3, ["exposed"] * 3),
         ("[5555p1]", "notation_meld_melded_kong", ["5p"] * 4, ["exposed"] * 4),
         ("[5555p]", "notation_meld_concealed_kong", ["5p"] * 4, ["back", "standing", "standing", "back"]))
PREFIX = "../"   # from site/<lang>/ to the docs root


def notation_page(lang: str) -> str:
    suits = []
    for suit in ("m", "p", "s"):
        cells = [f"{tile_md(t.text, 'standing', lang, PREFIX, 'mcr-tile--small')}<br>`{t.text}`"
                 for t in ALL_TILES if not t.is_honor and t.suit == suit]
        suits.append((md_escape(text(lang, f"notation_suit_{suit}")), cells))
    honors = [(tile_md(t.text, "standing", lang, PREFIX), t.text, md_escape(tile_alt(t.text, lang)))
              for t in ALL_TILES if t.is_honor]
    flowers = " ".join(tile_md(f, "standing", lang, PREFIX) for f in FLOWER_FACES + SEASON_FACES)
    melds = [(code, "".join(tile_md(f, v, lang, PREFIX, "mcr-tile--small") for f, v in zip(faces, variants)),
              md_escape(text(lang, key))) for code, key, faces, variants in MELDS]
    demo_words = ", ".join(f"{k}: {v}" for k, v in DEMO_SITUATION)
    return render(TEMPLATE, banner=front_matter("notation_page.py", TEMPLATE, source="generator/site/site_text.py", hide="[toc]"),
                  t=md_strings(TEXT, "site", lang), suits=suits, honors=honors, flowers=flowers,
                  example_hand=EXAMPLE_HAND, melds=melds, demo_hand=DEMO_HAND, demo_keys=DEMO_SITUATION,
                  demo_situation=f"`{demo_words}`", situation_keys=FIELD_NAMES)


def notation_pages() -> dict[str, str]:
    return {f"{lang}/notation.md": notation_page(lang) for lang in LANGS}
