"""The learn cards as an Anki deck (`mcr quiz --anki FILE --lang L`), made with genanki.

One note per fan of the learner's edition, with two cards: its name to its tiles (front:
name and points; back: the example hand, the definition, the common mistake, the nearest
miss) and its tiles to its name. The hands are drawn with the site's tile pictures, packed
into the deck as SVG files (`tile_picture(face, variant)` gives one; the command line
passes the site's), the tiles written out beside them for screen readers. Ids are stable
per language, so importing the deck again updates the cards instead of doubling them.
"""
from __future__ import annotations

import html
import tempfile
import zlib
from pathlib import Path
from typing import Any, Callable, Mapping

import genanki

from rules import FanTable

from .explain_text import Explainer
from .learn_cards import learn_card
from .terminal_tiles import draw_hand
from .text import situation_line

TilePicture = Callable[[str, str], str]   # (face, variant) -> SVG text
FIELDS = ("Name", "Points", "Definition", "Note", "Example", "NearMiss", "Family")
CSS = """.card { font-family: sans-serif; font-size: 18px; text-align: center; }
.hand img { height: 48px; margin: 0 1px; vertical-align: middle; }
.hand .meld { margin-right: 10px; } .hand .win { margin-left: 10px; }
.words { font-size: 12px; color: #666; } .note { font-size: 15px; margin-top: 8px; }"""


def _stable_id(name: str) -> int:
    return (1 << 30) + zlib.crc32(name.encode("utf-8"))


def _picture(face: str, variant: str) -> str:
    return f"mcr-tile-{face}-{variant}.svg"


def hand_html(tiles: Mapping[str, Any], lang: str, situation: Mapping[str, Any] | None = None) -> str:
    """A hand drawn with tile pictures: claimed sets apart, the winning tile last; under it
    the tiles in words, and its situation (how it was won matters to fans such as Self-Drawn)."""
    parts = []
    for meld in tiles["melds"]:
        variant = "exposed" if meld["exposed"] else "standing"
        parts.append('<span class="meld">' + "".join(f'<img src="{_picture(t, variant)}">' for t in meld["tiles"])
                     + "</span>")
    parts.append("".join(f'<img src="{_picture(t, "standing")}">' for t in tiles["concealed"]))
    if tiles.get("winning"):
        parts.append(f'<span class="win"><img src="{_picture(tiles["winning"], "winning")}"></span>')
    words = html.escape(draw_hand(tiles, False, lang))
    if situation is not None:
        words += "<br>" + html.escape(situation_line(lang, situation))
    return f'<div class="hand">{"".join(parts)}</div><div class="words">{words}</div>'


def _faces(tiles: Mapping[str, Any]) -> set[tuple[str, str]]:
    out = {(t, "exposed" if m["exposed"] else "standing") for m in tiles["melds"] for t in m["tiles"]}
    out |= {(t, "standing") for t in tiles["concealed"]}
    if tiles.get("winning"):
        out.add((tiles["winning"], "winning"))
    return out


def _model(ex: Explainer) -> genanki.Model:
    back = ('{{FrontSide}}<hr id="answer">{{Example}}<div>{{Definition}}</div>'
            '<div class="note">{{Note}}</div><div class="note">{{NearMiss}}</div>')
    return genanki.Model(
        _stable_id(f"mcr-learn-card-model-{ex.lang}"), ex.t("anki_model"),
        fields=[{"name": name} for name in FIELDS],
        templates=[{"name": ex.t("anki_name_to_tiles"), "qfmt": "<h2>{{Name}}</h2><div>{{Points}}</div>", "afmt": back},
                   {"name": ex.t("anki_tiles_to_name"), "qfmt": "{{Example}}<div>" + ex.t("anki_name_the_fan") + "</div>",
                    "afmt": '{{FrontSide}}<hr id="answer"><h2>{{Name}}</h2><div>{{Points}}</div>'
                            '<div>{{Definition}}</div><div class="note">{{Note}}</div>'}],
        css=CSS)


def _note(fan: str, model: genanki.Model, ex: Explainer, faces: set[tuple[str, str]]) -> genanki.Note | None:
    card = learn_card(ex.table, fan)
    if card.example is None:
        return None
    texts = card.texts(ex.table, ex.lang)
    faces |= _faces(card.example.tiles)
    near = ""
    if card.near is not None:
        faces |= _faces(card.near.hand.tiles)
        near = (html.escape(ex.t("card_near", change=ex.near(card.near.change)))
                + hand_html(card.near.hand.tiles, ex.lang, card.near.hand.situation))
    family = ex.table.families.get(card.family, {})
    fields = [html.escape(texts["name"]), html.escape(ex.points(card.points)), html.escape(texts["definition"]),
              html.escape(ex.t("card_note", note=texts["note"])) if texts["note"] else "",
              hand_html(card.example.tiles, ex.lang, card.example.situation), near,
              html.escape(family.get(ex.lang) or family.get("en", ""))]
    return genanki.Note(model=model, fields=fields, guid=genanki.guid_for("mcr", ex.lang, fan),
                        tags=["mcr", f"mcr::{card.family}"])


def write_deck(path: Path, editions: Mapping[str, FanTable], edition: str, lang: str, tile_picture: TilePicture,
               progress: Callable[[int, int], None] | None = None) -> int:
    """Write the deck of `edition`'s fans in `lang` to `path`; the number of notes."""
    ex = Explainer(lang, editions, edition)
    table = ex.table
    model = _model(ex)
    deck = genanki.Deck(_stable_id(f"mcr-learn-cards-{lang}-{edition}"), ex.t("anki_deck", edition=ex.table.edition.name(lang)
                                                                       if ex.table.edition else edition))
    faces: set[tuple[str, str]] = set()
    fans = [f.id for f in table.fans]
    for i, fan in enumerate(fans, 1):
        note = _note(fan, model, ex, faces)
        if note is not None:
            deck.add_note(note)
        if progress is not None:
            progress(i, len(fans))
    with tempfile.TemporaryDirectory() as folder:
        media = []
        for face, variant in sorted(faces):
            picture = Path(folder) / _picture(face, variant)
            picture.write_text(tile_picture(face, variant), encoding="utf-8")
            media.append(str(picture))
        genanki.Package(deck, media_files=media).write_to_file(str(path))
    return len(deck.notes)
