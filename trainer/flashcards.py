"""Flashcards of the learn mode: a fan's name to its tiles, and its tiles to its name.

- name to tiles: "Which hand scores Half Flush?", the fan's example and its nearest miss
  side by side, in a random order;
- tiles to name: "Which fan does this hand show?", the example and four fans to choose
  from: the fan and three others of its curriculum (or family) that the hand does not score.
The back of the card is the learn card: definition, common mistake, and what the nearest
miss lacks. Cards are plain data (trainer/learn_cards.py); the session asks them.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import rules
from rules import FanTable

from .blocks import ask
from .explain_text import Explainer
from .learn_cards import CardHand, LearnCard, learn_card

NAME_TO_TILES = "name_to_tiles"
TILES_TO_NAME = "tiles_to_name"
OTHER_NAMES = 3


@dataclass(frozen=True, slots=True)
class Flashcard:
    fan: str
    direction: str
    prompt: str                           # the question, as the terminal says it
    ask: dict[str, Any]                   # its string's key and values, for the site (trainer/blocks.py)
    hands: tuple[CardHand, ...]           # name to tiles: the hands to choose from; tiles to name: the one hand
    options: tuple[tuple[str, str], ...]  # tiles to name: (fan id, name) to choose from
    answer: int | str                     # the right hand's index, or the right fan's id
    back: tuple[str, ...]

    def right(self, response: Any) -> bool:
        return response == self.answer

    def as_data(self) -> dict[str, Any]:
        return {"fan": self.fan, "direction": self.direction, "prompt": self.prompt, "ask": self.ask,
                "hands": [h.as_data() for h in self.hands],
                "options": [{"value": v, "label": label} for v, label in self.options],
                "answer": self.answer, "back": list(self.back)}


def card_back(card: LearnCard, ex: Explainer) -> tuple[str, ...]:
    texts = card.texts(ex.table, ex.lang)
    lines = [ex.t("card_title", fan=texts["name"], points=ex.points(card.points)), texts["definition"]]
    if texts["note"]:
        lines.append(ex.t("card_note", note=texts["note"]))
    if card.near is not None:
        lines.append(ex.t("card_near", change=ex.near(card.near.change)))
    return tuple(lines)


def _others(card: LearnCard, pool: list[str], table: FanTable, rng: random.Random) -> list[str]:
    """Fans to offer beside the right one: from `pool` (its unit), else its family, that
    the example hand does not score."""
    example = card.example
    scored: set[str] = set()
    if example is not None:
        try:
            scored = set(rules.score_with_table(table, example.hand, **example.situation).fan_counts())
        except rules.RulesError:
            scored = set()
    family = [f.id for f in table.fans if f.family == card.family]
    out: list[str] = []
    for group in (pool, family, [f.id for f in table.fans]):
        choices = [f for f in group if f != card.fan and f not in scored and f not in out and f in table.by_id
                   and not table.fan(f).bonus]
        rng.shuffle(choices)
        out += choices[:OTHER_NAMES - len(out)]
        if len(out) >= OTHER_NAMES:
            break
    return out


def flashcard(fan: str, direction: str, ex: Explainer, pool: list[str], rng: random.Random) -> Flashcard | None:
    """A card of `fan` in `direction` (None when the fan has no example hand, or no near
    miss to set beside it)."""
    card = learn_card(ex.table, fan)
    if card.example is None:
        return None
    back = card_back(card, ex)
    name = ex.name(fan)
    if direction == NAME_TO_TILES:
        if card.near is None:
            return None
        hands = [card.example, card.near.hand]
        rng.shuffle(hands)
        values = {"fan": name, "points": ex.points(card.points)}
        return Flashcard(fan, direction, ex.t("flash_name_to_tiles", **values), ask("flash_name_to_tiles", **values),
                         tuple(hands), (), hands.index(card.example), back)
    names = [fan, *_others(card, pool, ex.table, rng)]
    rng.shuffle(names)
    return Flashcard(fan, direction, ex.t("flash_tiles_to_name"), ask("flash_tiles_to_name"), (card.example,),
                     tuple((f, ex.name(f)) for f in names), fan, back)
