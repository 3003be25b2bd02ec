"""The web quiz's data files, written under site/assets/mcr/quiz/ on every build.

`<lang>.json`: everything the quiz pages draw in one language around what the trainer
says (the trainer itself ships in trainer.zip: trainer_assets.py): the quiz strings and the
site strings it shares with the hand drawings, the question kinds, levels and editions,
every fan's name (marked when English stands in), points, number and family, whether it
takes part in review (trainer/attribution.py: not flowers, not the fans of the winning
situation), the family names, the tile names, the minimum points, and the learner model's
settings (trainer/learner.yaml) the index's overview reads.

The fans come from the banks' headers (the points the answer keys were scored with) and
their families from fans.yaml; the quiz scripts name no fan. Output is compact JSON with a
fixed key order, so two builds give the same bytes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules import SITUATION_FLAGS as FLAG_NAMES
from rules.tiles import ALL_TILES

from trainer.attribution import fan_facts
from trainer.learner_settings import learner_settings
from generator.quizzes.levels import LEVELS
from .localize import pick
from generator.quizzes.banks import Bank, bank_path, load_bank
from .quiz_site_text import QUIZ_TEXT
from generator.quizzes.questions import KINDS
from .site_data import SiteData
from .site_text import LANGS, TEXT
from .tiles import tile_alt

QUIZ_ASSETS = "assets/mcr/quiz"
ASSET_FORMAT = 1
# The site strings the quiz page reuses, so a drawn hand and its scoring read the same as
# everywhere else on the site.
SITE_KEYS = (
    "points_one", "points_other", "untranslated", "untranslated_title",
    "hand_label", "meld_chow", "meld_pung", "meld_kong", "meld_concealed_kong", "standing_tiles",
    "winning_tile", "face_down", "situation_self_drawn", "situation_discard", "situation_fourth_tile",
    "situation_replacement", "situation_robbing_kong", "situation_last_wall_tile", "situation_seat_wind",
    "situation_prevalent_wind", "situation_flowers", "wind_E", "wind_S", "wind_W", "wind_N",
    "score_caption", "score_fan", "score_points", "score_count", "score_sets", "score_whole_hand",
    "score_total", "score_total_with_flowers", "not_counted_caption", "valid_win", "invalid_win",
)


@dataclass(frozen=True, slots=True)
class QuizBanks:
    banks: tuple[Bank, ...]      # in LEVELS order

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(b.level for b in self.banks)

    def editions(self) -> list[dict[str, Any]]:
        """The editions of the rules the banks answer in, the default first."""
        return self.banks[0].header.get("editions") or [{"id": "", "names": {}}]

    def fans(self) -> dict[str, dict[str, Any]]:
        """Every fan of the banks' headers by id, in table order."""
        merged: dict[str, dict[str, Any]] = {}
        for bank in self.banks:
            for fan_id, fan in bank.header.get("fans", {}).items():
                merged.setdefault(fan_id, fan)
        return dict(sorted(merged.items(), key=lambda kv: kv[1]["number"]))


def load_quiz_banks() -> QuizBanks:
    """The three committed banks; ValueError names a bank that cannot be read."""
    return QuizBanks(tuple(load_bank(bank_path(level)) for level in LEVELS))


def _dump(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def text_asset(data: SiteData, banks: QuizBanks, lang: str) -> dict[str, Any]:
    families = {f.id: f.family for t in (*data.other_editions.values(), data.table) for f in t.fans}
    facts = fan_facts([data.table, *data.other_editions.values()])
    editions = [{"id": e["id"], "name": pick(e["names"], lang).text} for e in banks.editions()]
    fans = {}
    for fan_id, fan in banks.fans().items():
        name = pick(fan["names"], lang)
        fans[fan_id] = {"number": fan["number"], "points": fan["points"], "family": families.get(fan_id, ""),
                        "name": name.text, "missing": name.missing,
                        "reviewed": fan_id in facts and facts[fan_id].reviewed}
    used = {f["family"] for f in fans.values()}
    family_names = {key: data.family_name(key, lang).text for key in data.families if key in used}
    return {
        "format": ASSET_FORMAT, "lang": lang,
        "text": {**{k: TEXT[lang][k] for k in SITE_KEYS}, **QUIZ_TEXT[lang]},
        "kinds": list(KINDS), "levels": list(banks.levels),
        "situation_flags": [f for f in FLAG_NAMES if f != "self_drawn"],   # self-drawn or not: said first
        "minimum": data.table.minimum_points, "editions": editions,
        "fans": fans, "families": family_names,
        "tiles": {t.text: tile_alt(t.text, lang) for t in ALL_TILES},
        "tile_order": [t.text for t in ALL_TILES],   # the waits question's palette
        "learner": learner_settings().as_data(),
    }


def quiz_assets(data: SiteData, banks: QuizBanks) -> dict[str, bytes]:
    """{path under site/: bytes} for every data file of the web quiz."""
    return {f"{QUIZ_ASSETS}/{lang}.json": _dump(text_asset(data, banks, lang)) for lang in LANGS}
