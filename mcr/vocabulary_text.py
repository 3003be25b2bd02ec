"""The predicate vocabulary of fans.yaml, explained in the reader's language.

The names come from the engine (its operators, hand facts and item attributes); what each
means is in i18n/cli/<lang>.yaml as `vocabulary_op_<name>`, `vocabulary_hand_<name>` and
`vocabulary_item_<name>` (a test holds the two to each other: every name explained, no
explanation of a name the engine lacks). Where the engine gives a name's texts from a fixed
set (rules.VOCABULARY_VALUES: the shapes, the kinds of group, ...), the explanation lists
them at `{values}`, so no translation repeats the set."""
from __future__ import annotations

from rules import HAND_VOCABULARY, ITEM_VOCABULARY, OPERATORS, VOCABULARY_VALUES

from .cli_text import cli_text

SECTIONS = (("op", "vocabulary_title_operators", tuple(OPERATORS)),
            ("hand", "vocabulary_title_hand_facts", tuple(HAND_VOCABULARY)),
            ("item", "vocabulary_title_item_attributes", tuple(ITEM_VOCABULARY)))


def vocabulary_keys() -> list[str]:
    """The i18n key of every name's explanation."""
    return [f"vocabulary_{section}_{name}" for section, _, names in SECTIONS for name in names]


def vocabulary_sections(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(title, [(name, meaning)]) for each section, in `lang`."""
    return [(cli_text(lang, title), [(name, _meaning(lang, section, name)) for name in names])
            for section, title, names in SECTIONS]


def _meaning(lang: str, section: str, name: str) -> str:
    """A name's explanation, with the texts it can be (`{values}`) listed from the engine."""
    key = f"vocabulary_{section}_{name}"
    values = VOCABULARY_VALUES.get((section, name))
    if values is None:
        return cli_text(lang, key)
    shown = cli_text(lang, "list_separator").join(f"`{value}`" for value in values if value)   # "" goes unlisted
    return cli_text(lang, key, values=shown)
