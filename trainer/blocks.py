"""The trainer's feedback and prompts as plain data, which each surface words itself.

A feedback block is one of
    {"type": "line", "text"}                                a line, as the trainer wrote it
    {"type": "hand", "tiles", "label"[, "situation"]}       a hand to draw (a learn card's with its
                                                            situation: winds, how it was won, flowers)
    {"type": "section", "chapter", "anchor", "title"}       a section of the rulebook to read
                                                            (title: its heading, in the learner's language)
    {"type": "ruling", "chapter", "anchor", "question", "answer"}
                                                            a ruling, in the rulebook's rulings chapter
                                                            (anchor: the ruling's id)
    {"type": "new_fan", "fan", "name", "points", "summary"} a fan met for the first time
    {"type": "guided", "text", "difference"}                no single mistake explains the number: count
                                                            the hand step by step (the terminal names
                                                            `mcr quiz --guided`, the site its button)
The terminal prints the last three with their address on the site and the command that
shows the fan's card (`block_text`); the site links the section, the ruling and the fan's
page instead (site/assets/mcr/trainer-quiz.js), with its own strings.

A prompt is handed out worded (`prompt`, the terminal's) and as its string's key and values
(`ask`): the site words it with its own string of that key where it has one (choosing and
ticking, where the terminal says to type a number).
"""
from __future__ import annotations

from typing import Any, Callable

from i18n import DEFAULT_LANG

RULEBOOK_FOLDER = "rulebook"
SCORING_CHAPTER = "scoring"     # the principles' sections
RULINGS_CHAPTER = "rulings"     # each ruling's section, by its id
CITED_CHAPTERS = (SCORING_CHAPTER, RULINGS_CHAPTER)   # the chapters the feedback can cite


def page_path(chapter: str, anchor: str, lang: str) -> str:
    """The section's path on the site: the default language at the root, the others under
    their code (mkdocs-static-i18n, directory URLs)."""
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    return f"{prefix}{RULEBOOK_FOLDER}/{chapter}/#{anchor}"


def line(text: str) -> dict[str, Any]:
    return {"type": "line", "text": text}


def hand_block(tiles: Any, label: str = "", situation: Any = None) -> dict[str, Any]:
    block = {"type": "hand", "tiles": tiles, "label": label}
    if situation is not None:
        block["situation"] = dict(situation)
    return block


def section_block(chapter: str, anchor: str, title: str) -> dict[str, Any]:
    return {"type": "section", "chapter": chapter, "anchor": anchor, "title": title}


def ruling_block(ruling_id: str, question: str, answer: str) -> dict[str, Any]:
    return {"type": "ruling", "chapter": RULINGS_CHAPTER, "anchor": ruling_id, "question": question, "answer": answer}


def new_fan_block(fan: str, name: str, points: int | None, summary: str) -> dict[str, Any]:
    return {"type": "new_fan", "fan": fan, "name": name, "points": points, "summary": summary}


def guided_block(text: str, difference: str) -> dict[str, Any]:
    return {"type": "guided", "text": text, "difference": difference}


def ask(key: str, **values: Any) -> dict[str, Any]:
    """A prompt as its string's key and values (the site words it with its own string)."""
    return {"key": key, "values": values}


def block_text(block: dict[str, Any], t: Callable[..., str], lang: str) -> str:
    """A block that is not a hand, as the terminal prints it: `t` its strings (i18n/quiz)."""
    kind = block["type"]
    if kind == "section":
        return t("see_principle", principle=block["title"], page=page_path(block["chapter"], block["anchor"], lang))
    if kind == "ruling":
        return t("ruling", question=block["question"], answer=block["answer"],
                 page=page_path(block["chapter"], block["anchor"], lang))
    if kind == "new_fan":
        points = "?" if block["points"] is None else str(block["points"])
        return t("new_fan", fan=block["name"], points=points, summary=block["summary"], id=block["fan"])
    return block["text"]
