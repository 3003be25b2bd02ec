"""An independent MCR calculator for the tests: PyMahjongGB (a test-only dependency, a
binding of the C++ calculator behind the widely used MCR apps), driven from this
project's notation. It follows the later ("Green Book") reading; the project never
uses it at run time.

`gb_fans(hand, situation)` gives its fans as {our fan id: count}, or None when it is
not installed.
"""
from __future__ import annotations

import re
from typing import Any

import rules

try:
    from MahjongGB import MahjongFanCalculator
except ImportError:  # the tests that need it are skipped
    MahjongFanCalculator = None

# Its English names that differ from ours; the rest match once normalized.
NAME_FIXES = {
    "all five": "All Fives", "robbing the kong": "Robbing the Kong", "two dragons pungs": "Two Dragon Pungs",
    "unique wait (edge)": "Edge Wait", "unique wait (closed)": "Closed Wait", "unique wait (single)": "Single Wait",
    "three-suited terminal chows": "Three-Suited Terminal Chows",
    "concealed kong and melded kong": "Concealed and Melded Kong",
}
EXTRA_FAN = "concealed kong and melded kong"   # a fan of the later reading with no number of its own
_SUIT = {"m": "W", "p": "B", "s": "T"}
_HONOR = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}
_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _code(tile: Any) -> str:
    return _HONOR[tile.letter] if tile.is_honor else f"{_SUIT[tile.suit]}{tile.rank}"


def _ids(table: rules.FanTable) -> dict[str, str]:
    return {_norm(f.name("en")): f.id for f in table.fans}


def gb_arguments(hand: str, situation: dict[str, Any], table: rules.FanTable | None = None) -> dict[str, Any]:
    """The independent calculator's keyword arguments for a hand in our notation (the
    benchmark times the calculator on these alone, without this conversion)."""
    table = table or rules.fan_table()
    parsed = rules.parse_hand(hand)
    s = rules.situation_for(table, **situation)
    packs = []
    for meld in parsed.melds:
        if meld.kind == "chow":
            packs.append(("CHI", _code(meld.tiles[1]), 1))
        elif meld.kind == "pung":
            packs.append(("PENG", _code(meld.tiles[0]), 1))
        else:
            packs.append(("GANG", _code(meld.tiles[0]), 1 if meld.claimed else 0))
    win = parsed.winning_tile
    shown = sum(1 for m in parsed.melds if m.claimed for t in m.tiles if t == win)
    return dict(
        pack=tuple(packs), hand=tuple(_code(t) for t in parsed.standing[:-1]), winTile=_code(win),
        flowerCount=s.flowers, isSelfDrawn=s.self_drawn, is4thTile=s.fourth_tile or shown == 3,
        isAboutKong=s.replacement or s.robbing_kong, isWallLast=s.last_wall_tile,
        seatWind=_WIND[s.seat_wind], prevalentWind=_WIND[s.prevalent_wind])


def gb_fans(hand: str, situation: dict[str, Any], table: rules.FanTable | None = None) -> dict[str, int] | None:
    """The independent calculator's fans for a hand in our notation, by our fan ids
    (its extra fan, if it scores it, under the key EXTRA_FAN)."""
    if MahjongFanCalculator is None:
        return None
    table = table or rules.fan_table()
    result = MahjongFanCalculator(**gb_arguments(hand, situation, table), verbose=True)
    ids = _ids(table)
    out: dict[str, int] = {}
    for _, count, _, name in result:
        key = _norm(NAME_FIXES.get(name.lower(), name))
        out[ids.get(key, EXTRA_FAN if _norm(name) == _norm(EXTRA_FAN) else name)] = count
    return out
