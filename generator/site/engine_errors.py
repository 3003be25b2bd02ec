"""The engine's errors as data the calculator page can translate: a code, the values the
message names, the column in the notation and the tiles at fault.

The engine words its notation and hand errors in English. The page and `mcr score` show
them in the reader's language, so each message is matched here to a code whose wording
lives in i18n/site/<lang>.yaml (`error_<code>`); the English text travels along and is shown as
it is for a message no pattern knows. Situation problems come from the fan table, which
already words them in every language. Imports nothing but `rules`: it runs in the browser.
"""
from __future__ import annotations

import re
from typing import Any

from rules import HandError, NotationError, RulesError, SituationError

# (code, pattern of the engine's English message); the named groups become the values.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((code, re.compile(pattern)) for code, pattern in (
    ("no_suit", r"^digits '(?P<digits>\d+)' have no suit letter"),
    ("zero_rank", r"^'0' is not a tile rank"),
    ("suit_without_digits", r"^suit letter '(?P<letter>.)' has no digits before it"),
    ("not_ascii", r"^(?:'.' \()?(?P<point>U\+[0-9A-F]+).*? is not an ASCII character"),
    ("unexpected_character", r"^unexpected character '(?P<character>.)'"),
    ("unclosed_meld", r"^unclosed meld"),
    ("claim_digit", r"^claim digit '(?P<digit>.)' must be 1, 2 or 3"),
    ("empty_meld", r"^empty meld"),
    ("kong_not_identical", r"^meld (?P<meld>\S+) has four tiles but they are not identical"),
    ("meld_size", r"^meld (?P<meld>\S+) has (?P<n>\d+) tiles"),
    ("honor_chow", r"^meld (?P<meld>\S+) is a chow of honors"),
    ("not_a_set", r"^meld (?P<meld>\S+) is neither a chow"),
    ("meld_after_standing", r"^melds come first"),
    ("stray_bracket", r"^'\]' without a '\['"),
    ("empty_hand", r"^the hand is empty"),
    ("too_many_melds", r"^(?P<n>\d+) melds: a hand has at most (?P<max>\d+)"),
    ("no_standing", r"^no standing tiles"),
    ("tile_count", r"^(?P<n>\d+) tiles: a (?:winning hand|hand waiting for its winning tile) has (?P<size>\d+)"),
    ("analysis_tile_count", r"^(?P<n>\d+) tiles: a hand to analyze has (?P<waiting>\d+) or (?P<discarding>\d+)"),
    ("too_many_copies", r"^(?P<n>\d+) copies of (?P<tile>\S+): the set has only"),
    ("not_winning", r"is not a winning hand"),
))


def describe(err: RulesError) -> dict[str, Any]:
    """{"code", "values", "message", "column", "tiles"} for one engine error. `column` is
    1-based in the notation (None when the error has no place); `tiles` are the faces at
    fault, for the picture to mark."""
    message = err.bare_message if isinstance(err, NotationError) else str(err)
    column = err.column if isinstance(err, NotationError) else None
    inside_meld = message.startswith("in the meld: ")
    if inside_meld:
        message = message.removeprefix("in the meld: ")
    code, values = "other", {}
    if isinstance(err, SituationError):
        code = "situation"
    elif isinstance(err, (NotationError, HandError)):
        for name, pattern in _PATTERNS:
            found = pattern.search(message)
            if found:
                code, values = name, {k: v for k, v in found.groupdict().items() if v is not None}
                break
    tiles = [values["tile"]] if "tile" in values else []
    return {"code": code, "values": values, "message": str(err), "column": column, "tiles": tiles,
            "in_meld": inside_meld}


ERROR_CODES: tuple[str, ...] = tuple(code for code, _ in _PATTERNS) + ("situation", "other")
