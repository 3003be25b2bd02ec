"""The feedback's citations and the prompts as data (trainer/blocks.py): a section of the
rulebook, a ruling and a fan met for the first time are blocks of data, which the terminal
prints with their address on the site and the `mcr fans` command (as it always did), and the
site links instead; every prompt names its string and values, for the site's own wording."""
from __future__ import annotations

import io
import random

import rules
from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.levels import LEVELS
from trainer.explain_text import Explainer
from trainer.feedback import answer_blocks
from trainer.flashcards import NAME_TO_TILES, TILES_TO_NAME, flashcard
from trainer.grading import grade
from trainer.guided import guided_steps
from trainer.question_items import item_of
from trainer.terminal import Terminal

TABLES = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
FIRST = next(iter(TABLES))
QUESTIONS = [q for level in LEVELS for q in load_bank(bank_path(level)).questions]


def explainer(lang: str) -> Explainer:
    return Explainer(lang, TABLES, FIRST)


def printed(blocks: list[dict], lang: str) -> list[str]:
    out = io.StringIO()
    Terminal(io.StringIO(), out, io.StringIO(), lang, False).blocks(blocks)
    return out.getvalue().splitlines()


def _left_out_by_non_repeat():
    return next(q for q in QUESTIONS if q.level == "beginner" and q.kind == "fans"
                and [n["principle"] for n in q.data["explanation"]["not_counted"]] == ["non_repeat"]
                and not explainer("en").ruling_blocks(q))


def test_a_wrong_answer_cites_the_principles_section_as_data() -> None:
    q = _left_out_by_non_repeat()
    blocks = answer_blocks(q, [], grade(q, set()), None, explainer("en"), new_fans=[], explain=False)
    sections = [b for b in blocks if b["type"] == "section"]
    assert sections == [{"type": "section", "chapter": "scoring", "anchor": "non-repeat", "title": "Non-repeat"}]
    # No line carries an address or a command: those are the terminal's way of saying a block.
    assert not [b for b in blocks if b["type"] == "line" and ("rulebook/" in b["text"] or "mcr fans" in b["text"])]
    # The terminal says it as before, in each language, with the page's path under the language.
    assert "Rulebook: Non-repeat, rulebook/scoring/#non-repeat" in printed(blocks, "en")
    fr = answer_blocks(q, [], grade(q, set()), None, explainer("fr"), new_fans=[], explain=False)
    assert [b for b in fr if b["type"] == "section"][0]["title"] == "Non-répétition"
    assert "Règles : Non-répétition, fr/rulebook/scoring/#non-repeat" in printed(fr, "fr")


def test_a_ruling_is_cited_as_data_with_its_question_and_answer() -> None:
    ex = explainer("en")
    q = next(q for q in QUESTIONS if ex.ruling_blocks(q))
    ruling = ex.ruling_blocks(q)[0]
    table_ruling = next(r for r in TABLES[FIRST].rulings if r.id == ruling["anchor"])
    assert ruling == {"type": "ruling", "chapter": "rulings", "anchor": table_ruling.id,
                      "question": table_ruling.question["en"], "answer": table_ruling.answer["en"]}
    assert printed([ruling], "en") == [f"Ruling: {table_ruling.question['en']} {table_ruling.answer['en']} "
                                       f"(rulebook/rulings/#{table_ruling.id})"]


def test_a_fan_met_for_the_first_time_is_data_and_the_terminal_adds_its_command() -> None:
    q = next(q for q in QUESTIONS if q.kind == "total" and q.level == "beginner")
    blocks = answer_blocks(q, q.answer["total"], grade(q, q.answer["total"]), None, explainer("en"),
                           new_fans=["flower_tiles"], explain=False)
    new = [b for b in blocks if b["type"] == "new_fan"]
    summary = explainer("en").summary("flower_tiles")
    assert new == [{"type": "new_fan", "fan": "flower_tiles", "name": "Flower Tiles", "points": 1, "summary": summary}]
    assert printed(new, "en") == [f"New: Flower Tiles (1): {summary} (mcr fans flower_tiles)"]


def test_every_prompt_names_its_string_and_values() -> None:
    ex = explainer("en")
    rng = random.Random(1)
    to_tiles = flashcard("short_straight", NAME_TO_TILES, ex, [], rng)
    assert to_tiles.ask == {"key": "flash_name_to_tiles", "values": {"fan": "Short Straight", "points": "1 point"}}
    assert to_tiles.prompt == "Which hand scores Short Straight (1 point)? Type its number."   # the terminal's
    to_name = flashcard("short_straight", TILES_TO_NAME, ex, [], rng)
    assert to_name.ask == {"key": "flash_tiles_to_name", "values": {}}
    q = next(q for q in QUESTIONS if q.kind == "fans" and q.level == "beginner" and q.answer["valid"])
    steps = guided_steps(q, ex)
    assert all(ex.t(s.ask["key"], **s.ask["values"]) == s.prompt for s in steps)
    family = next(s for s in steps if s.id.startswith("family:"))
    assert family.ask["key"] == "guided_family" and family.prompt.endswith("Type every number that does "
                                                                          "(an empty answer: none).")
    for question in (q, next(q for q in QUESTIONS if q.kind == "payments")):
        item = item_of(question, ex)
        assert ex.t(item["ask"]["key"], **item["ask"]["values"]) == item["prompt"]


def test_the_site_words_every_kind_of_block_the_trainer_makes() -> None:
    # Each block type trainer/blocks.py lists is drawn by the site's script, the ones it words
    # itself with a string its data carries (a "guided" block: its own words and the button of
    # the mode that counts step by step, where the terminal names `mcr quiz --guided`).
    import re
    from pathlib import Path
    from trainer import blocks
    kinds = set(re.findall(r'\{"type": "(\w+)"', blocks.__doc__ or ""))
    assert {"line", "hand", "section", "ruling", "new_fan", "guided"} <= kinds
    script = (Path(blocks.__file__).resolve().parents[1] / "site/assets/mcr/trainer-quiz.js").read_text(encoding="utf-8")
    assert all(f'b.type === "{kind}"' in script for kind in kinds - {"line"}), kinds
    assert '"trainer_unexplained"' in script and "button[data-mode=guided]" in script


def test_the_cards_of_new_fans_after_a_wrong_answer_come_under_a_heading() -> None:
    # A wrong answer prints the breakdown, then each new fan's card: without a heading the
    # cards read as more of the breakdown.
    q = next(q for q in QUESTIONS if q.kind == "total" and q.level == "beginner")
    wrong = q.answer["total"] + 1
    blocks = answer_blocks(q, wrong, grade(q, wrong), None, explainer("en"), new_fans=["flower_tiles"], explain=False)
    texts = [b.get("text") for b in blocks]
    at = texts.index("Met for the first time in this hand:")
    assert texts[at + 1] == "Flower Tiles (1 point)"
    none = answer_blocks(q, wrong, grade(q, wrong), None, explainer("en"), new_fans=[], explain=False)
    assert "Met for the first time in this hand:" not in [b.get("text") for b in none]
