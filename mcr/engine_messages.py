"""The engine's errors as `mcr` says them, in the user's language.

Notation and hand errors are worded by the engine in English; generator/site/engine_errors.py
matches each to a code that i18n/site words in every language for the calculator, and the
command line uses the same code and words (with the place in the notation). An impossible
situation is worded by the fan table in every language; here it is led by the flags the
user typed that make it impossible (`--robbing-kong --self-drawn: ...`), never the JSON
field names.
"""
from __future__ import annotations

from typing import Any, Iterator

from i18n import DEFAULT_LANG
from rules import SITUATION_FLAGS, FanTable, RulesError, SituationError, parse_hand, situation_for

from generator.site.engine_errors import describe

from .cli_text import cli_text, site_text


def engine_message(err: RulesError, lang: str) -> str:
    """A notation or hand error in `lang`, with its column. In English it is the engine's
    own message, which says more (the calculator's wording is for any reader)."""
    if lang == DEFAULT_LANG:
        return str(err)
    found = describe(err)
    values: dict[str, Any] = dict(found["values"])
    if found["code"] in ("situation", "other"):
        values["message"] = str(err) if found["column"] is None else err.bare_message  # type: ignore[attr-defined]
    text = site_text(lang, f"error_{found['code']}", **values)
    if found["in_meld"]:
        text = site_text(lang, "calc_error_in_meld", error=text)
    if found["column"]:
        text = cli_text(lang, "error_at_column", error=text, column=found["column"])
    return text


def situation_message(err: SituationError, table: FanTable, hand: str, situation: dict[str, Any],
                      lang: str) -> str:
    """Why the situation cannot happen, led by the flags that make it impossible."""
    reason = str(err)
    flags = _flags_of_rule(table, hand, situation, reason, lang)
    return cli_text(lang, "situation_refused", flags=" ".join(flags), reason=reason) if flags else reason


def _flags_of_rule(table: FanTable, hand: str, situation: dict[str, Any], reason: str, lang: str) -> list[str]:
    """The flags set (given, or brought by another) that the refusing rule reads."""
    try:
        parsed = parse_hand(hand)
        complete = situation_for(table, **situation)
    except RulesError:
        return []
    for rule in table.situations.impossible:
        if rule.reason(lang, parsed) != reason:
            continue
        used = [name for name in dict.fromkeys(_variables(rule.when)) if name in SITUATION_FLAGS
                and getattr(complete, name)]
        return [_shown_flag(name, table, complete.implied, lang) for name in used]
    return []


def flag_of(name: str) -> str:
    """The command-line flag of a situation field: self_drawn is --self-drawn."""
    return "--" + name.replace("_", "-")


def _shown_flag(name: str, table: FanTable, implied: tuple[str, ...], lang: str) -> str:
    if name not in implied:
        return flag_of(name)
    by = " ".join(flag_of(rule.flag) for rule in table.situations.implications if rule.brings == name)
    return cli_text(lang, "flag_brought", flag=flag_of(name), by=by)


def _variables(predicate: Any) -> Iterator[str]:
    """Every name a predicate reads with {var: NAME}."""
    if isinstance(predicate, dict):
        for key, value in predicate.items():
            if key == "var" and isinstance(value, str):
                yield value
            else:
                yield from _variables(value)
    elif isinstance(predicate, list):
        for item in predicate:
            yield from _variables(item)
