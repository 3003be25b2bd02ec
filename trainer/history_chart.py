"""The history as a terminal chart: one sparkline per fan family, one column per session.

    Chow patterns               ▃▅·▆█  100%
    Suits and colours           ▁▂▄▄▆   67%

A column's block is the family's accuracy in that session (▁ none right, █ all right),
`·` a session where none of its fans came up; the number is the last session it came up in.
"""
from __future__ import annotations

from typing import Callable, Mapping

from i18n.display_width import display_width

from .history import HistoryEntry

BLOCKS = "▁▂▃▄▅▆▇█"
NOT_ASKED = "·"


width = display_width   # columns a string takes in a terminal (CJK characters take two)


def block(accuracy: float) -> str:
    return BLOCKS[round(accuracy * (len(BLOCKS) - 1))]


def chart_lines(history: tuple[HistoryEntry, ...], shown: int, family_order: list[str],
                family_name: Callable[[str], str], t: Callable[..., str]) -> list[str]:
    """The chart of the last `shown` entries: a title, one line per family that came up in
    them (in `family_order`), and the legend; `t` gives the quiz's strings."""
    entries = history[-shown:]
    if not entries:
        return [t("history_empty")]
    present = {family for e in entries for family in e.families}
    families = [f for f in family_order if f in present] + sorted(present - set(family_order))
    names = {f: family_name(f) for f in families}
    column = max(width(n) for n in names.values())
    lines = [t("history_title", first=entries[0].session, last=entries[-1].session)]
    for family in families:
        tallies = [e.families.get(family) for e in entries]
        spark = "".join(NOT_ASKED if tally is None else block(tally.accuracy) for tally in tallies)
        latest = next(tally for tally in reversed(tallies) if tally is not None)
        name = names[family]
        lines.append(f"  {name}{' ' * (column - width(name))}  {spark}  {round(100 * latest.accuracy):>3}%")
    lines.append(t("history_legend", low=BLOCKS[0], high=BLOCKS[-1], none=NOT_ASKED))
    return lines


def family_names(families: Mapping[str, Mapping[str, str]], lang: str,
                 name: Callable[[Mapping[str, str], str], str]) -> Callable[[str], str]:
    """A family's name in `lang` from the fan table's `families` (its id when unknown)."""
    return lambda family: name(families[family], lang) if family in families else family
