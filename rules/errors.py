"""Errors the engine reports to people: each says what is wrong and where."""
from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(RulesError):
    """The hand string cannot be read; `column` is 1-based."""

    def __init__(self, message: str, column: int | None = None) -> None:
        self.bare_message = message
        self.column = column
        super().__init__(f"{message} at column {column}" if column else message)


class HandError(RulesError):
    """The hand reads fine but cannot be a winning hand (tile counts, shape)."""


class SituationError(RulesError):
    """The situation of the win cannot happen with this hand."""


class FanTableError(RulesError):
    """fans.yaml (or another fan table) is malformed; `problems` lists every line found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))
