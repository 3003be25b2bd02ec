"""Reading a progress document strictly: JSON as the trainer writes it, every value checked.

A value the trainer could not have written (a count of 2.7, a session of -5, Infinity, a
key twice in one object, nesting a thousand deep) raises ProgressError naming its place:
`fans.<fan id>.memory.due: "2026-13-01" is not a day (YYYY-MM-DD)`.
"""
from __future__ import annotations

import json
import math
import re
from datetime import date
from typing import Any

from generator.quizzes.json_problem import json_problem

MAX_COUNT = 10**9          # sessions and answers: a lifetime of quizzes is far below
MAX_LIST = 10_000          # the longest list any settings could have kept
_SHOWN_LENGTH = 40
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_ID = re.compile(r"[a-z0-9][a-z0-9_.:-]{0,99}\Z")


class ProgressError(ValueError):
    """What is wrong in a progress document, and where."""


class Number(str):
    """A JSON number that is no whole number of a sane size, kept as written."""


def _no_constant(name: str) -> Any:
    raise ProgressError(f"{name} is not a number JSON allows")


def _whole_or_text(digits: str) -> int | Number:
    return int(digits) if len(digits) <= 30 else Number(digits)   # int() of 5,000 digits raises


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ProgressError(f"{place(key)} appears twice in one object")
        out[key] = value
    return out


def parse(text: str) -> Any:
    """The JSON of `text`, numbers kept as written where they are not whole."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=Number, parse_int=_whole_or_text,
                          object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ProgressError("the data is nested too deeply") from None
    except json.JSONDecodeError as err:
        raise ProgressError(json_problem(err)) from None


def shown(value: Any) -> str:
    text = str(value) if isinstance(value, Number) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN_LENGTH else text[:_SHOWN_LENGTH - 2] + "…"


def place(key: str) -> str:
    return key if key.isidentifier() else json.dumps(key, ensure_ascii=False)


def obj(value: Any, where: str, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """An object with exactly these fields (any fields when `names` is None)."""
    if not isinstance(value, dict):
        raise ProgressError(f"{where}: {shown(value)} is not an object")
    if names is not None:
        for name in names:
            if name not in value:
                raise ProgressError(f"{where}: {name} is missing")
        unknown = sorted(set(value) - set(names))
        if unknown:
            raise ProgressError(f"{where}: unknown field {', '.join(map(place, unknown))}")
    return value


def whole(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:   # not bool, not float, not "2"
        raise ProgressError(f"{where}: {shown(value)} is not a whole number from {low} to {high}")
    return value


def real(value: Any, where: str, low: float, high: float) -> float:
    """A finite number from `low` to `high` (FSRS's stability and difficulty)."""
    number = float(value) if isinstance(value, Number) or type(value) is int else None
    if number is None or not math.isfinite(number) or not low <= number <= high:
        raise ProgressError(f"{where}: {shown(value)} is not a number from {low:g} to {high:g}")
    return number


def bit(value: Any, where: str) -> bool:
    if type(value) is not int or value not in (0, 1):
        raise ProgressError(f"{where}: {shown(value)} is not 0 or 1")
    return bool(value)


def array(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProgressError(f"{where}: {shown(value)} is not a list")
    if len(value) > MAX_LIST:
        raise ProgressError(f"{where}: {len(value)} entries, more than the trainer ever keeps ({MAX_LIST})")
    return value


def day(value: Any, where: str) -> date:
    if isinstance(value, str) and _DAY.match(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ProgressError(f"{where}: {shown(value)} is not a day (YYYY-MM-DD)")


def maybe_day(value: Any, where: str) -> date | None:
    return None if value is None else day(value, where)


def identifier(value: Any, where: str) -> str:
    """An id the trainer writes (a rules question, a unit, a cause): lower case, short."""
    if not isinstance(value, str) or not _ID.match(value):
        raise ProgressError(f"{where}: {shown(value)} is not an id (lower-case letters, digits, - _ . :)")
    return value


def text(value: Any, where: str, longest: int) -> str:
    if not isinstance(value, str) or not value or len(value) > longest or not value.isprintable():
        raise ProgressError(f"{where}: {shown(value)} is not a short line of text")
    return value
