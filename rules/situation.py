"""The situation of a win: how the winning tile came, the winds, the flowers."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import SituationError
from .notation import Hand
from .tiles import FLOWER_COUNT, WIND_LETTERS, Tile, tile

FLAG_NAMES = ("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile")


@dataclass(frozen=True, slots=True)
class Situation:
    self_drawn: bool = False
    fourth_tile: bool = False      # the winning tile is the last of its face; the other three were visible
    replacement: bool = False      # won on the replacement tile drawn after a kong (self-drawn by nature)
    robbing_kong: bool = False     # won on the tile another player added to a pung to make a kong
    last_wall_tile: bool = False   # won on the wall's last tile: drawn, or its discard
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0
    # Worked out once: every reading reads the wind tiles, every answer repeats the fields.
    seat_wind_tile: Tile = field(init=False, repr=False, compare=False)
    prevalent_wind_tile: Tile = field(init=False, repr=False, compare=False)
    _items: tuple[tuple[str, object], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "seat_wind_tile", tile(self.seat_wind))
        put(self, "prevalent_wind_tile", tile(self.prevalent_wind))
        put(self, "_items", tuple((name, getattr(self, name)) for name in FIELD_NAMES))

    def as_dict(self) -> dict[str, object]:
        return dict(self._items)


FIELD_NAMES = tuple(f.name for f in fields(Situation) if f.init)


def make_situation(**values: object) -> Situation:
    """Build a Situation from loose values (CLI flags, a JSON object), checking each one."""
    # Situations repeat endlessly (a handful of flags and winds), so checked ones are kept.
    # The key holds each value's type: True == 1 in Python, but flowers=True is an error.
    # (Fields in another order only make another entry: cheaper than sorting every time.)
    key = (tuple(values), tuple(map(type, values.values())), tuple(values.values()))
    try:
        return _situation_cache[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable value: the checks below say what is wrong with it
        return _make_situation(values)
    situation = _make_situation(values)
    if len(_situation_cache) < 4096:
        _situation_cache[key] = situation
    return situation


_situation_cache: dict[tuple, Situation] = {}


def _make_situation(values: dict[str, object]) -> Situation:
    unknown = sorted(set(values) - set(FIELD_NAMES))
    if unknown:
        raise SituationError(f"unknown situation field(s): {', '.join(unknown)}; known: {', '.join(FIELD_NAMES)}")
    clean: dict[str, object] = {}
    for name in FLAG_NAMES:
        if name in values and values[name] is not None:
            v = values[name]
            if not isinstance(v, bool):
                raise SituationError(f"{name} must be true or false, not {v!r}")
            clean[name] = v
    for name in ("seat_wind", "prevalent_wind"):
        if name in values and values[name] is not None:
            v = values[name]
            if not isinstance(v, str) or v.upper() not in WIND_LETTERS:
                raise SituationError(f"{name} must be one of E S W N, not {v!r}")
            clean[name] = v.upper()
    if "flowers" in values and values["flowers"] is not None:
        v = values["flowers"]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= FLOWER_COUNT:
            raise SituationError(f"flowers must be a whole number from 0 to {FLOWER_COUNT}, not {v!r}")
        clean["flowers"] = v
    if clean.get("replacement"):
        clean["self_drawn"] = True  # a replacement tile is always drawn by the winner
    return Situation(**clean)  # type: ignore[arg-type]


def check_situation(hand: Hand, situation: Situation) -> None:
    """Reject situations that cannot happen with this hand."""
    win = hand.winning_tile
    if situation.robbing_kong and situation.self_drawn:
        raise SituationError("robbing a kong is a win on another player's tile: it cannot be self-drawn")
    if situation.robbing_kong and situation.replacement:
        raise SituationError("robbing a kong and winning on a replacement tile cannot both happen")
    if situation.robbing_kong and situation.last_wall_tile:
        raise SituationError("nobody can declare a kong on the wall's last tile, so it cannot be robbed")
    if situation.replacement and not hand.kongs:
        raise SituationError("a win on a kong's replacement tile needs a kong in the hand; this hand has none")
    held_win = hand.all_tiles.count(win) if situation.robbing_kong else 0
    if held_win > 1:
        raise SituationError(
            f"robbing a kong of {win.text}: the other player held three {win.text}, so this hand "
            f"can hold only the robbed one, not {held_win}")
    if situation.fourth_tile:
        concealed_copies = hand.standing[:-1].count(win)
        if concealed_copies:
            raise SituationError(
                f"fourth_tile says the other three {win.text} were visible on the table, "
                f"but the hand conceals {concealed_copies} of them")
