"""Learn cards from the fan table: for each fan, its name, points, definition, common
mistake, one example hand and its nearest miss.

Everything on a card comes from fans.yaml and the engine, in the learner's edition: the
example is the first of the fan's examples the edition scores it in; the nearest miss is
a hand one change away from counting it ("would count with 5p instead of 8p"). It is
found from the fan's own examples: a hand that does not count the fan and one tile (or
the situation) that would make it count, as the quiz's near distractors are found
(generator/quizzes/questions.py); else the example itself with the one tile that would
take the fan away. Cards are plain data (`as_data`): the terminal draws them, the Anki
deck packs them, the site can show them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

import rules
from i18n import pick
from rules import FanTable, is_winning
from rules.tiles import ALL_TILES, COPIES_PER_FACE, counts_of

from generator.quizzes.hand_builder import BuiltHand, Draft, draft_of
from generator.quizzes.questions import near_fans
from .text import fan_name


@dataclass(frozen=True, slots=True)
class CardHand:
    """A hand on a card: its notation, situation and tiles as the terminal draws them."""

    hand: str
    situation: Mapping[str, Any]
    tiles: Mapping[str, Any]

    def as_data(self) -> dict[str, Any]:
        return {"hand": self.hand, "situation": dict(self.situation), "tiles": dict(self.tiles)}


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A hand that does not count the fan, and the change that would make it count:
    {"out": tile, "in": tile}, or situation fields ({"self_drawn": True}, {"seat_wind": "S"},
    {"flowers": 2} beside the same hand);
    {} when no single change does (a hand of the fan's examples, shown to compare)."""

    hand: CardHand
    change: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class LearnCard:
    fan: str
    number: int
    points: int
    family: str
    example: CardHand | None
    near: NearMiss | None

    def texts(self, table: FanTable, lang: str) -> dict[str, str]:
        """The card's words in `lang` (English marked where a text is missing)."""
        fan = table.fan(self.fan)
        summary = pick(fan.summaries, lang).text or pick(fan.definitions, lang).text
        return {"name": fan_name(fan.names, lang), "definition": pick(fan.definitions, lang).text,
                "summary": summary, "note": pick(fan.notes, lang).text}

    def as_data(self, table: FanTable, lang: str) -> dict[str, Any]:
        return {"fan": self.fan, "number": self.number, "points": self.points, "family": self.family,
                **self.texts(table, lang),
                "example": self.example.as_data() if self.example else None,
                "near": None if self.near is None else {**self.near.hand.as_data(), "change": dict(self.near.change)}}


def hand_tiles(draft: Draft) -> dict[str, Any]:
    """A hand as the terminal draws it (the shape of a bank question's `tiles`)."""
    return {"melds": [{"tiles": [t.text for t in m.tiles], "exposed": m.exposed} for m in draft.melds],
            "concealed": [t.text for t in draft.concealed], "winning": draft.win.text}


def _card_hand(draft: Draft) -> CardHand:
    return CardHand(draft.notation(), draft.situation.as_dict(), hand_tiles(draft))


def _scored(table: FanTable, hand: str, situation: Mapping[str, Any]) -> rules.ScoreResult | None:
    try:
        return rules.score_with_table(table, hand, **situation)
    except rules.RulesError:
        return None


def _near_from_miss(table: FanTable, fan: str) -> NearMiss | None:
    """A fan's example that does not count it, and one change that makes it count."""
    for ex in table.fan(fan).examples:
        result = _scored(table, ex.hand, ex.situation)
        if result is None or fan in result.fan_counts():
            continue
        built = BuiltHand(draft_of(ex.hand, ex.situation, table), result)
        for distractor in near_fans(built, table):
            if distractor.id == fan:
                return NearMiss(_card_hand(built.draft), distractor.change)
    return None


def _near_from_example(table: FanTable, fan: str, draft: Draft) -> NearMiss | None:
    """The example with one standing tile changed so that the fan no longer counts."""
    held = counts_of(list(draft.all_tiles))
    standing = list(draft.standing)
    melds = "".join(m.notation() for m in draft.melds)
    for i, old in enumerate(standing):
        for new in ALL_TILES:
            if new == old or held[new.code] >= COPIES_PER_FACE:
                continue
            tiles = standing[:i] + [new] + standing[i + 1:]
            if not is_winning(counts_of(tiles), len(draft.melds)):
                continue
            hand = melds + "".join(t.text for t in sorted(tiles[:-1])) + tiles[-1].text
            result = _scored(table, hand, draft.situation.as_dict())
            if result is not None and fan not in result.fan_counts():
                miss = draft_of(hand, draft.situation.as_dict(), table)
                return NearMiss(_card_hand(miss), {"out": new.text, "in": old.text})
    return None


def _flowers_apart(examples: list[Draft], miss: Draft) -> dict[str, Any]:
    """{"flowers": n} when an example counting the fan is the miss's hand with n flowers and
    nothing else changed (Flower Tiles): the two hands would look the same side by side."""
    for example in examples:
        if example.notation() == miss.notation() and \
                replace(example.situation, flowers=miss.situation.flowers) == miss.situation:
            return {"flowers": example.situation.flowers}
    return {}


def _examples(table: FanTable, fan: str, counting: bool) -> list[Draft]:
    """The fan's examples that the edition scores it in (or, `counting` False, does not)."""
    found = []
    for ex in table.fan(fan).examples:
        result = _scored(table, ex.hand, ex.situation)
        if result is not None and (fan in result.fan_counts()) == counting:
            found.append(draft_of(ex.hand, ex.situation, table))
    return found


@lru_cache(maxsize=512)
def _card(table_key: int, fan: str) -> LearnCard:
    table = _TABLES[table_key]
    f = table.fan(fan)
    examples = _examples(table, fan, True)
    near = _near_from_miss(table, fan)
    for example in examples:
        near = near or _near_from_example(table, fan, example)
    if near is None:
        # No one change found: a hand of its examples that does not count it, to compare.
        misses = _examples(table, fan, False)
        near = NearMiss(_card_hand(misses[0]), _flowers_apart(examples, misses[0])) if misses else None
    return LearnCard(fan, f.number, f.points, f.family, _card_hand(examples[0]) if examples else None, near)


_TABLES: dict[int, FanTable] = {}


def learn_card(table: FanTable, fan: str) -> LearnCard:
    """The learn card of `fan` in the edition `table` (worked out once per edition)."""
    _TABLES[id(table)] = table
    return _card(id(table), fan)
