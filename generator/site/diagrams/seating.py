"""Diagram `seating`: the four seats round the table seen from above, the dealer (East) at the
bottom, and arrows for the order of play, counter-clockwise: East, South on East's right,
West opposite, North on East's left."""
from __future__ import annotations

import math

from .badge import seat_name
from .svg import Label, arrowhead, circle, document, label, num, path, rect
from .text import SEATS, say

WIDTH, HEIGHT = 360, 300
CX, CY = 180.0, 150.0       # the middle of the table
RING = 95.0                 # the seats (and the arrows between them) sit on this circle
SEAT_R = 15.0
# Screen angles (y grows downwards): East at the bottom, South right, West top, North left.
ANGLE = {"E": math.pi / 2, "S": 0.0, "W": -math.pi / 2, "N": math.pi}


def _point(angle: float, r: float = RING) -> tuple[float, float]:
    return CX + r * math.cos(angle), CY + r * math.sin(angle)


def _turn_arrow(start: float, end: float) -> str:
    """An arc along the ring from seat to seat, counter-clockwise on screen (the angle falls)."""
    gap = (SEAT_R + 6) / RING
    a, b = start - gap, end + gap + 0.08
    (x1, y1), (x2, y2) = _point(a), _point(b)
    tip = _point(end + gap)
    # sweep-flag 0: the arc runs the way angles fall, counter-clockwise on the screen.
    arc = path(f"M{num(x1)} {num(y1)} A{num(RING)} {num(RING)} 0 0 0 {num(x2)} {num(y2)}")
    heading = math.atan2(-math.cos(end + gap), math.sin(end + gap))
    return arc + arrowhead(tip[0], tip[1], heading)


def seating(lang: str) -> str:
    body = [rect(CX - 60, CY - 60, 120, 120, "mcr-dg-shade", rx=6)]
    body.append(label(Label(CX, 0, say(lang, "seating_center"), 12, "middle", width=104).centred_at(CY)))
    for i, wind in enumerate(SEATS):
        body.append(_turn_arrow(ANGLE[wind], ANGLE[wind] - math.pi / 2))
        x, y = _point(ANGLE[wind])
        dealer = wind == "E"
        body.append(circle(x, y, SEAT_R, "mcr-dg-accent" if dealer else "mcr-dg-shade"))
        body.append(label(Label(x, y + 5, str(i + 1), 14, weight="bold",
                                css="mcr-dg-on-accent" if dealer else "")))
    gap = SEAT_R + 8
    for wind, (x, y, anchor) in {"E": (CX, CY + RING + gap + 12, "middle"),
                                 "S": (CX + RING + gap, CY + 5, "start"),
                                 "W": (CX, CY - RING - gap, "middle"),
                                 "N": (CX - RING - gap, CY + 5, "end")}.items():
        if wind == "E":
            x -= 24     # room for the dealer's badge after the name
        body += seat_name(lang, wind, x, y, anchor, dealer=wind == "E")
    return document("seating", lang, WIDTH, HEIGHT, say(lang, "seating_title"), say(lang, "seating_desc"), body)
