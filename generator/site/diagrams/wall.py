"""Diagram `wall-break`: the four walls seen from above and where the wall is broken, on one
example. The rules (seeds; rulebook play.md, "Throwing the dice" and "Breaking the wall"):
the dealer throws two dice; counting the dealer as 1 and going counter-clockwise, the total
names the second thrower; the second thrower throws; in the wall in front of the second
thrower, the sum of both throws is counted in stacks from that wall's right-hand end (as its
owner sees it), and the wall is opened after the last counted stack (rulings.md,
breaking_the_wall); the dealer takes the next two stacks, and the tiles are taken clockwise
round the square."""
from __future__ import annotations

from dataclasses import dataclass

from .badge import seat_name
from .svg import Label, arrow, document, label, num, path, rect
from .text import SEATS, say, seat

STACKS = 18                  # per wall, two tiles high: 4 x 18 x 2 = 144 tiles
S, T = 11.0, 14.0            # a stack seen from above: along the wall, across it
SIDE = STACKS * S + T        # the square's outer side
WIDTH, HEIGHT = 360, 352
X0, Y0 = (WIDTH - SIDE) / 2, 86.0


@dataclass(frozen=True, slots=True)
class Example:
    """One throw of the dice, and who the first throw names."""

    first: int = 7           # the dealer's throw: 7 counted counter-clockwise from East is West
    second: int = 5          # West's throw

    @property
    def thrower(self) -> str:
        return SEATS[(self.first - 1) % 4]

    @property
    def total(self) -> int:
        return self.first + self.second


EXAMPLE = Example()


def stack_box(wind: str, n: int) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the n-th stack (1-18) of `wind`'s wall, counted from its owner's right.

    Seen from above, with East at the bottom facing up: East's right is the picture's right,
    South (at the right, facing left) has its right at the top, West (top, facing down) at the
    left, North (left, facing right) at the bottom. The walls meet like a pinwheel."""
    k = n - 1
    if wind == "W":
        return X0 + k * S, Y0, S, T
    if wind == "S":
        return X0 + SIDE - T, Y0 + k * S, T, S
    if wind == "E":
        return X0 + SIDE - (k + 1) * S, Y0 + SIDE - T, S, T
    return X0, Y0 + SIDE - (k + 1) * S, T, S


def _throws_naming(wind: str) -> str:
    """The dealer's totals (2-12) that name `wind`: East 5 · 9, South 2 · 6 · 10, ..."""
    return " · ".join(str(t) for t in range(2, 13) if SEATS[(t - 1) % 4] == wind)


def wall_break(lang: str, example: Example = EXAMPLE) -> str:
    ex = example
    body: list[str] = []
    for wind in SEATS:
        for n in range(1, STACKS + 1):
            css = "mcr-dg-shade"
            if wind == ex.thrower and n <= ex.total:
                css = "mcr-dg-second"            # counted
            elif wind == ex.thrower and n in (ex.total + 1, ex.total + 2):
                css = "mcr-dg-accent"            # the dealer's first two stacks
            body.append(rect(*stack_box(wind, n), css))
    body += _break_and_dealing(lang, ex)
    body += _seats(lang)
    # The throws, in the middle of the square.
    lines = [say(lang, "wall_dealer_throw", n=ex.first),
             say(lang, "wall_second_throw", seat=seat(lang, ex.thrower), n=ex.second),
             say(lang, "wall_sum", a=ex.first, b=ex.second, total=ex.total)]
    y = Y0 + SIDE / 2 + 4
    for line in lines:
        lab = Label(X0 + SIDE / 2, y, line, 12, width=SIDE - 2 * T - 16)
        body.append(label(lab))
        y += lab.height() + 18
    title = say(lang, "wall_title")
    desc = say(lang, "wall_desc", first=ex.first, second=ex.second, total=ex.total)
    return document("wall-break", lang, WIDTH, HEIGHT, title, desc, body)


def _break_and_dealing(lang: str, ex: Example) -> list[str]:
    """Drawn for a break in the top (West's) wall, the example's: the counted stacks bracketed
    above the wall, the break across it, the dealing arrow inside the square."""
    assert ex.thrower == "W" and ex.total + 2 <= STACKS, "the drawing places its marks for West's wall"
    x_first, y_wall, _, _ = stack_box("W", 1)
    x_break = stack_box("W", ex.total + 1)[0]
    parts = [path(f"M{num(x_first)} {num(y_wall - 4)} V{num(y_wall - 9)} H{num(x_break - 1)} V{num(y_wall - 4)}"),
             label(Label(x_first, 0, say(lang, "wall_counted", n=ex.total), 11, "start",
                         width=x_break - x_first + 30).ending_at(y_wall - 14)),   # a long one wraps upwards
             path(f"M{num(x_break)} {num(y_wall - 6)} V{num(y_wall + T + 10)}", "mcr-dg-accent-line")]
    parts.append(label(Label(x_break, y_wall + T + 24, say(lang, "wall_break"), 11, "middle", weight="bold")))
    # The dealing: from the dealer's first stacks along West's wall, then down South's.
    inner = y_wall + T + 36
    right = X0 + SIDE - T - 12
    parts.append(arrow([(x_break + 8, inner), (right, inner), (right, inner + 56)], "mcr-dg-accent-line"))
    parts.append(label(Label(right - 6, inner + 16, say(lang, "wall_dealing"), 11, "end")))
    return parts


def _seats(lang: str) -> list[str]:
    parts: list[str] = []
    gap = 10
    at = {"E": (X0 + SIDE / 2 - 20, Y0 + SIDE + gap + 14, "middle"),
          "S": (X0 + SIDE + gap, Y0 + SIDE / 2 - 4, "start"),
          "W": (X0 + SIDE / 2, 20.0, "middle"),
          "N": (X0 - gap, Y0 + SIDE / 2 - 4, "end")}
    for wind, (x, y, anchor) in at.items():
        parts += seat_name(lang, wind, x, y, anchor, dealer=wind == "E")
        parts.append(f'<text class="mcr-dg-label mcr-dg-count" x="{num(x)}" y="{num(y + 17)}" font-size="11" '
                     f'text-anchor="{anchor}" fill="currentColor" fill-opacity=".8">{_throws_naming(wind)}</text>')
    return parts
