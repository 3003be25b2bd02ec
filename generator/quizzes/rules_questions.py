"""Rules questions: the rulebook's check blocks as quiz questions, and their grading.

A rules question is one check of the rulebook in every language: its options (keys, the
same in every language), the right ones, whether to pick one or every right option, the
section it cites (chapter and anchor), and per language its words and the section's
heading. site/assets/mcr/rules-quiz.js grades exactly as `grade_rules` does.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from i18n import DEFAULT_LANG

from .check_blocks import OPTION_LABELS

RULES_KIND = "rules"     # the kind the learner's progress records these answers under


@dataclass(frozen=True, slots=True)
class RulesText:
    """A question's words in one language."""

    question: str
    options: tuple[str, ...]     # in the order of the option keys
    reason: str
    section: str                 # the heading of the section it cites


@dataclass(frozen=True, slots=True)
class RulesQuestion:
    id: str
    data: dict[str, Any]         # the bank entry (see quizzes/rules.schema.json)

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(self.data["options"])

    @property
    def answer(self) -> tuple[str, ...]:
        return tuple(self.data["answer"])

    @property
    def pick(self) -> str:
        return self.data["pick"]

    @property
    def chapter(self) -> str:
        return self.data["chapter"]

    @property
    def anchor(self) -> str:
        return self.data["anchor"]

    @property
    def hand(self) -> dict[str, Any] | None:
        return self.data.get("hand")

    def text(self, lang: str) -> RulesText:
        """The words in `lang`, or in the default language when it has none."""
        words = self.data["text"].get(lang) or self.data["text"][DEFAULT_LANG]
        return RulesText(words["question"], tuple(words["options"]), words["reason"], words["section"])

    def label(self, key: str) -> str:
        """The letter an option is shown with: A, B, C... in option order."""
        return OPTION_LABELS[self.options.index(key)]

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "RulesQuestion":
        return cls(data["id"], data)


def choose_questions(questions: Iterable[RulesQuestion], count: int, seed: int | str,
                     chapter: str | None = None) -> list[RulesQuestion]:
    """`count` questions in a random order that the seed repeats, from one chapter or all."""
    pool = [q for q in questions if chapter is None or q.chapter == chapter]
    random.Random(f"{seed}:rules").shuffle(pool)
    return pool[:count]
