"""The situation of a win: how the winning tile came, the winds, the flowers."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import SituationError
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
    implied: tuple[str, ...] = ()  # flags set because another flag brings them (the table's situation rules)
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
        """The contract's fields (what make_situation takes back)."""
        return dict(self._items)


# The situation fields of the contract (CLI flags, JSON fields, API keywords).
FIELD_NAMES = tuple(f.name for f in fields(Situation) if f.init and f.name != "implied")


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
        fields = "field" if len(unknown) == 1 else "fields"
        raise SituationError(f"unknown situation {fields}: {', '.join(unknown)}; known: {', '.join(FIELD_NAMES)}",
                             "unknown_situation_field", names=tuple(unknown), known=FIELD_NAMES, n=len(unknown))
    clean: dict[str, object] = {}
    for name in FLAG_NAMES:
        if name in values and values[name] is not None:
            v = values[name]
            if not isinstance(v, bool):
                raise SituationError(f"{name} must be true or false, not {v!r}", "flag_not_boolean", field=name,
                                     value=repr(v))
            clean[name] = v
    for name in ("seat_wind", "prevalent_wind"):
        if name in values and values[name] is not None:
            v = values[name]
            if not isinstance(v, str) or v.upper() not in WIND_LETTERS:
                raise SituationError(f"{name} must be one of E S W N, not {v!r}", "bad_wind", field=name,
                                     value=repr(v))
            clean[name] = v.upper()
    if "flowers" in values and values["flowers"] is not None:
        v = values["flowers"]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= FLOWER_COUNT:
            raise SituationError(f"flowers must be a whole number from 0 to {FLOWER_COUNT}, not {v!r}", "bad_flowers",
                                 value=repr(v), most=FLOWER_COUNT)
        clean["flowers"] = v
    return Situation(**clean)  # type: ignore[arg-type]
