"""The settings of the generic scoring principles: where editions of the rules read a
principle differently, the fan table says which reading it takes (`settings:`)."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class PrincipleSettings:
    # Whether a face the hand already holds all four of still counts among the tiles it
    # waits on, for the wait fans: the tile cannot come, but the hand's shape waits on it.
    held_four_is_a_wait: bool = False


DEFAULT_SETTINGS = PrincipleSettings()
SETTING_NAMES = tuple(f.name for f in fields(PrincipleSettings))


def settings_from(data: dict[str, Any] | None) -> PrincipleSettings:
    """The settings of checked table data (missing ones take their default)."""
    return PrincipleSettings(**{k: v for k, v in (data or {}).items() if k in SETTING_NAMES})
