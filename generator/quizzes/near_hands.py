"""The hands one change away from a built hand: one standing tile changed (the result still a
winning hand), or the header of the win changed (self-drawn or not, the winds, the flowers,
a rare situation flag). The questions find their "near" wrong options among them, and the
bank figures tell a wrong option the tiles rule out from one only the header rules out.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from rules import is_winning
from rules.tiles import ALL_TILES, COPIES_PER_FACE, WIND_LETTERS, counts_of

from .hand_builder import FLAGS, Draft


def tile_changes(draft: Draft) -> Iterator[tuple[str, dict[str, str]]]:
    """Each winning hand with one standing tile changed, in the notation (the winning tile
    last), with the change as {"out": tile, "in": tile}. A face standing more than once
    is changed once, except as the winning tile."""
    held = Counter(draft.all_tiles)
    standing = list(draft.standing)
    melds = "".join(m.notation() for m in draft.melds)
    for i, old in enumerate(standing):
        if old in standing[:i] and i != len(standing) - 1:
            continue  # the same face elsewhere gives the same hands
        for new in ALL_TILES:
            if new == old or held[new] >= COPIES_PER_FACE:
                continue
            tiles = standing[:i] + [new] + standing[i + 1:]
            if not is_winning(counts_of(tiles), len(draft.melds)):
                continue
            concealed = sorted(tiles[:-1])
            yield melds + "".join(t.text for t in concealed) + tiles[-1].text, {"out": old.text, "in": new.text}


def draw_and_wind_changes(situation: dict[str, Any]) -> list[dict[str, Any]]:
    """The other ways to have won the same tiles: by the other means (self-drawn or on a
    discard), in another seat, in another round."""
    changes: list[dict[str, Any]] = [{"self_drawn": not situation["self_drawn"]}]
    changes += [{"seat_wind": w} for w in WIND_LETTERS if w != situation["seat_wind"]]
    changes += [{"prevalent_wind": w} for w in WIND_LETTERS if w != situation["prevalent_wind"]]
    return changes


def header_changes(situation: dict[str, Any]) -> list[dict[str, Any]]:
    """Every header one change away: won by the other means (a kong's replacement tile or
    a robbed kong no more), in another seat or round, with a flower when there is none,
    and each rare situation flag cleared, or set alone (won either way). Some cannot happen
    with a given hand; the engine refuses those."""
    changes: list[dict[str, Any]] = [{"self_drawn": not situation["self_drawn"], "replacement": False,
                                      "robbing_kong": False}]
    changes += draw_and_wind_changes(situation)[1:]
    if not situation["flowers"]:
        changes.append({"flowers": 1})
    for flag in FLAGS:
        if situation[flag]:
            changes.append({flag: False})
            continue
        alone = {f: f == flag for f in FLAGS}
        changes += [alone, {**alone, "self_drawn": not situation["self_drawn"]}]
    return changes
