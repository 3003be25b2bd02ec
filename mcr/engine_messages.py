"""The engine's errors as `mcr` says them, in the user's language, from their code.

An engine error carries a code and the values it names (rules.errors); the wording of
each code is `error_<code>` in i18n/site (a counted pair when it counts tiles:
cli_text.error_text), shared with the calculator page, with the place in the notation
added here. In English the command line keeps the engine's own message,
which says more. An impossible situation is worded by the fan table in every language
and led by the flags the user typed that make it impossible (`--robbing-kong
--self-drawn: ...`), never the JSON field names: the error names the table's rule, the
flags it read and those another flag brought.
"""
from __future__ import annotations

from i18n import DEFAULT_LANG
from rules import FanTable, NotationError, RulesError

from .cli_text import cli_text, error_text, site_text

SITUATION_IMPOSSIBLE = "situation_impossible"


def engine_message(err: RulesError, table: FanTable, lang: str) -> str:
    """A notation, hand or situation error in `lang`, with its column."""
    if err.code == SITUATION_IMPOSSIBLE:
        return _situation_message(err, table, lang)
    if lang == DEFAULT_LANG:
        return str(err)
    text = error_text(lang, err.code, **err.values())
    if isinstance(err, NotationError) and err.in_meld:
        text = site_text(lang, "calc_error_in_meld", error=text)
    if isinstance(err, NotationError) and err.column:
        text = cli_text(lang, "error_at_column", error=text, column=err.column)
    return text


def _situation_message(err: RulesError, table: FanTable, lang: str) -> str:
    """Why the situation cannot happen, led by the flags that make it impossible."""
    fields = err.fields
    reason = table.situations.rule(fields["rule"]).reason(lang, fields["winning_tile"])
    flags = [_shown_flag(name, table, fields["implied"], lang) for name in fields["flags"]]
    return cli_text(lang, "situation_refused", flags=" ".join(flags), reason=reason) if flags else reason


def flag_of(name: str) -> str:
    """The command-line flag of a situation field: self_drawn is --self-drawn."""
    return "--" + name.replace("_", "-")


def _shown_flag(name: str, table: FanTable, implied: tuple[str, ...], lang: str) -> str:
    if name not in implied:
        return flag_of(name)
    by = " ".join(flag_of(rule.flag) for rule in table.situations.implications if rule.brings == name)
    return cli_text(lang, "flag_brought", flag=flag_of(name), by=by)
