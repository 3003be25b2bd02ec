"""One key per hand as a learner sees it: its declared melds and its standing tiles, each in
any order, the winning tile among the standing ones. Two questions whose hands share a key
show the same tiles, whatever their notation, winning tile or situation; a bank holds each
key once per level.

The key reads `[` before an exposed meld's tiles and `{` before a concealed kong's, then `/`
and the standing tiles, every part sorted: `[123m][555p]/11233m...`.
"""
from __future__ import annotations

from typing import Any, Mapping

from .hand_builder import Draft


def hand_key(tiles: Mapping[str, Any]) -> str:
    """The key of a hand pre-read for drawing (a bank question's `tiles`: `melds` with
    `tiles` and `exposed`, `concealed`, and `winning`, which may be None)."""
    melds = sorted(("[" if m["exposed"] else "{") + "".join(m["tiles"]) for m in tiles["melds"])
    standing = list(tiles["concealed"]) + ([tiles["winning"]] if tiles.get("winning") else [])
    return "".join(melds) + "/" + "".join(sorted(standing))


def draft_key(draft: Draft) -> str:
    """The key of a hand the builder drew."""
    return hand_key({"melds": [{"tiles": [t.text for t in m.tiles], "exposed": m.exposed} for m in draft.melds],
                     "concealed": [t.text for t in draft.concealed], "winning": draft.win.text})
