"""Diagram `dealer-jump`: the last round of the deal. The rules (seeds; rulebook play.md,
"Breaking the wall and dealing"): when every player has 12 tiles, the dealer "jumps" (跳牌,
one stack between) and takes the top tiles of the first and third stacks; the others then take
one tile each in turn. The others' tiles are the ones left in drawing order, top before bottom:
South the first stack's bottom tile, West the second stack's top, North its bottom.

The wall is seen from the middle of the table, where drawing goes from left to right (its owner,
facing it from the other side, counts from the right)."""
from __future__ import annotations

from .svg import Label, arrow, document, label, num, path, rect
from .text import say, seat

WIDTH, HEIGHT = 360, 196
COLUMN, TILE_W, TILE_H = 50.0, 46.0, 22.0
X0 = (WIDTH - 6 * COLUMN + (COLUMN - TILE_W)) / 2
TOP_Y = 80.0
BOTTOM_Y = TOP_Y + TILE_H + 1
DEALT = 2                     # stacks already taken, drawn faint at the left

# (stack after the dealt ones, 0-based; row; the seat taking it), in the order they are taken.
TAKEN = ((0, "top", "E"), (0, "bottom", "S"), (1, "top", "W"), (1, "bottom", "N"), (2, "top", "E"))


def _x(column: int) -> float:
    return X0 + column * COLUMN


def dealer_jump(lang: str) -> str:
    body: list[str] = []
    takers = {(stack, row): (order, wind) for order, (stack, row, wind) in enumerate(TAKEN, 1)}
    for column in range(6):
        for row, y in (("top", TOP_Y), ("bottom", BOTTOM_Y)):
            if column < DEALT:
                body.append(rect(_x(column), y, TILE_W, TILE_H, "mcr-dg-faint", rx=3))
                continue
            order, wind = takers.get((column - DEALT, row), (0, ""))
            dealer = wind == "E"
            body.append(rect(_x(column), y, TILE_W, TILE_H, "mcr-dg-accent" if dealer else "mcr-dg-shade", rx=3))
            if order:
                body.append(label(Label(_x(column) + TILE_W / 2, y + 16, str(order), 13, weight="bold",
                                        css="mcr-dg-on-accent" if dealer else "")))
                # Top tiles are named above the wall, bottom tiles below it.
                name_y = TOP_Y - 8 if row == "top" else BOTTOM_Y + TILE_H + 16
                body.append(label(Label(_x(column) + TILE_W / 2, name_y, seat(lang, wind), 12,
                                        weight="bold" if dealer else "")))
    dealt = Label(_x(0) + (DEALT * COLUMN - (COLUMN - TILE_W)) / 2, 0, say(lang, "jump_dealt"), 11,
                  width=DEALT * COLUMN - 6)
    body.append(label(dealt.ending_at(TOP_Y - 8)))
    # The jump: an arc over the second stack, from the first stack's top tile to the third's.
    a, c = _x(DEALT) + TILE_W / 2, _x(DEALT + 2) + TILE_W / 2
    body.append(path(f"M{num(a)} {num(TOP_Y - 26)} Q{num((a + c) / 2)} {num(TOP_Y - 58)} {num(c - 3)} "
                     f"{num(TOP_Y - 30)}", "mcr-dg-accent-line"))
    body.append(arrow([(c - 8, TOP_Y - 38), (c, TOP_Y - 26)], "mcr-dg-accent-line"))
    body.append(label(Label((a + c) / 2, 18, say(lang, "jump_over"), 12, width=WIDTH - 20, weight="bold")))
    # The direction of drawing, under the wall.
    y = BOTTOM_Y + TILE_H + 34
    body.append(arrow([(_x(0), y), (_x(5) + TILE_W, y)]))
    body.append(label(Label(WIDTH / 2, y + 20, say(lang, "jump_direction"), 12, width=WIDTH - 20)))
    return document("dealer-jump", lang, WIDTH, HEIGHT, say(lang, "jump_title"), say(lang, "jump_desc"), body)
