"""The predicate vocabulary of fans.yaml, explained in the reader's language.

The names come from the engine (its operators, hand facts and item attributes); what each
means is in i18n/cli/<lang>.yaml as `vocabulary_op_<name>`, `vocabulary_hand_<name>` and
`vocabulary_item_<name>` (a test holds the two to each other: every name explained, no
explanation of a name the engine lacks)."""
from __future__ import annotations

from rules import HAND_VOCABULARY, ITEM_VOCABULARY, OPERATORS

from .cli_text import cli_text

SECTIONS = (("op", "vocabulary_title_operators", tuple(OPERATORS)),
            ("hand", "vocabulary_title_hand_facts", tuple(HAND_VOCABULARY)),
            ("item", "vocabulary_title_item_attributes", tuple(ITEM_VOCABULARY)))


def vocabulary_keys() -> list[str]:
    """The i18n key of every name's explanation."""
    return [f"vocabulary_{section}_{name}" for section, _, names in SECTIONS for name in names]


def vocabulary_sections(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(title, [(name, meaning)]) for each section, in `lang`."""
    return [(cli_text(lang, title), [(name, cli_text(lang, f"vocabulary_{section}_{name}")) for name in names])
            for section, title, names in SECTIONS]
