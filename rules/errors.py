"""Errors the engine reports to people: each says what is wrong and where.

Every error carries a stable `code` and the values it names (`fields`: a column, a tile,
a meld, a flag, a rule's id, counts), set where it is raised. A surface words it in its
reader's language from the code and the fields (the string `error_<code>` of i18n/site,
which the command line and the calculator share), never by reading the English message;
that message stays for JSON Lines and for logs.
"""
from __future__ import annotations

from typing import Any

# Every code the engine raises, with the fields it names.
ERROR_FIELDS: dict[str, tuple[str, ...]] = {
    # The notation (NotationError, with its column).
    "hand_not_string": (),
    "no_suit": ("digits", "n"),   # n: how many digits
    "zero_rank": (),
    "suit_without_digits": ("letter",),
    "not_ascii": ("character", "point", "name"),
    "unexpected_character": ("character",),
    "brackets_in_tiles": (),
    "unclosed_meld": (),
    "claim_digit": ("digit",),
    "empty_meld": (),
    "kong_not_identical": ("meld",),
    "meld_size": ("meld", "n"),
    "honor_chow": ("meld",),
    "not_a_set": ("meld",),
    "meld_after_standing": (),
    "stray_bracket": (),
    "empty_hand": (),
    # The hand (HandError).
    "too_many_melds": ("n", "max"),
    "no_standing": (),
    "tile_count": ("n", "size", "melds", "standing"),
    "analysis_tile_count": ("n", "waiting", "discarding", "melds", "standing"),   # the discard analysis: 13 or 14
    "too_many_copies": ("n", "tile"),
    "not_winning": ("hand",),
    # The situation (SituationError). An impossible one names the table's rule that refuses
    # it, the flags set that the rule reads, those of them another flag brought, and the
    # winning tile its reason may name; the reason itself is the table's, in every language.
    "unknown_situation_field": ("names", "known", "n"),
    "flag_not_boolean": ("field", "value"),
    "bad_wind": ("field", "value"),
    "bad_flowers": ("value", "most"),
    "situation_impossible": ("rule", "flags", "implied", "winning_tile"),
    # Editions and tables.
    "unknown_edition": ("edition", "known"),
    "edition_not_string": ("value",),
    "fan_table": ("problems",),   # the table's maintainer reads its PATH:LINE lines as they are
}


class RulesError(ValueError):
    """Base of every error the engine raises on bad input: `code` (one of ERROR_FIELDS)
    and `fields`, the values the error names."""

    def __init__(self, message: str, code: str, **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields

    def values(self) -> dict[str, Any]:
        """The fields as a wording fills them in: a list of names becomes one text."""
        return {k: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v for k, v in self.fields.items()}


class NotationError(RulesError):
    """The hand string cannot be read; `column` is 1-based (None: the hand as a whole),
    and `in_meld` says the fault is inside a bracketed meld."""

    def __init__(self, message: str, column: int | None = None, *, code: str, in_meld: bool = False,
                 **fields: Any) -> None:
        self.bare_message = message
        self.column = column
        self.in_meld = in_meld
        super().__init__(f"{message} at column {column}" if column else message, code, **fields)

    def inside_meld(self) -> NotationError:
        """The same error, found inside a meld's brackets."""
        return NotationError(f"in the meld: {self.bare_message}", self.column, code=self.code, in_meld=True,
                             **self.fields)


class HandError(RulesError):
    """The hand reads fine but cannot be a winning hand (tile counts, shape)."""


class SituationError(RulesError):
    """The situation of the win cannot happen with this hand."""


class FanTableError(RulesError):
    """fans.yaml (or another fan table) is malformed; `problems` lists every line found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems), "fan_table", problems=tuple(problems))
