"""The site's app icon, drawn in code: a tile showing the one of dots (a medallion of
rings), standing on the site's teal.

One drawing, described once as shapes on a unit square, gives the SVG (for browsers that
take any size) and the PNG sizes installed web apps need (192 and 512 pixels, a 512-pixel
"maskable" one whose tile keeps within the safe circle that launchers may cut to, and the
180-pixel icon iOS puts on the home screen), rendered with Pillow. Fixed inputs give fixed
bytes: the PNGs carry no date or other metadata.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

TEAL = "#00695c"       # the site's primary colour (site/assets/mcr/mcr.css)
IVORY = "#fbf7ea"
TILE_BACK = "#2e7d32"
BLUE = "#1a3d7c"
GREEN = "#2e7d32"
RED = "#c62828"
SUPERSAMPLE = 4        # drawn this many times larger, then reduced: smooth edges


@dataclass(frozen=True, slots=True)
class Shape:
    kind: str          # "rect" (rounded) or "circle"
    box: tuple[float, float, float, float]   # left, top, right, bottom on the unit square
    fill: str
    radius: float = 0.0                      # a rect's corner radius, on the unit square


@dataclass(frozen=True, slots=True)
class IconFile:
    path: str          # under the site's folder
    size: int | None   # pixels; None for the SVG
    purpose: str       # "any" or "maskable"
    mime: str


ICON_DIR = "assets/mcr/icons"
ICONS = (
    IconFile(f"{ICON_DIR}/icon.svg", None, "any", "image/svg+xml"),
    IconFile(f"{ICON_DIR}/icon-192.png", 192, "any", "image/png"),
    IconFile(f"{ICON_DIR}/icon-512.png", 512, "any", "image/png"),
    IconFile(f"{ICON_DIR}/icon-maskable-512.png", 512, "maskable", "image/png"),
)
APPLE_TOUCH_ICON = IconFile(f"{ICON_DIR}/apple-touch-icon.png", 180, "any", "image/png")


def _tile(scale: float) -> list[Shape]:
    """The tile and its medallion, centred, `scale` of the square's height."""
    height, width = 0.78 * scale, 0.58 * scale
    left, top = 0.5 - width / 2, 0.5 - height / 2
    right, bottom = left + width, top + height
    depth = 0.045 * scale
    cx, cy = 0.5, top + height / 2
    rings = ((0.42, BLUE), (0.35, IVORY), (0.29, GREEN), (0.22, IVORY), (0.14, RED))
    shapes = [Shape("rect", (left, top + depth, right, bottom + depth), TILE_BACK, 0.07 * scale),
              Shape("rect", (left, top, right, bottom), IVORY, 0.07 * scale)]
    shapes += [Shape("circle", (cx - r * width, cy - r * width, cx + r * width, cy + r * width), colour)
               for r, colour in rings]
    return shapes


def drawing(purpose: str) -> list[Shape]:
    """The icon's shapes: on a rounded square for "any"; for "maskable" the teal fills the
    square and the tile stays within the middle 80% (the circle launchers keep)."""
    if purpose == "maskable":
        return [Shape("rect", (0, 0, 1, 1), TEAL)] + _tile(0.72)
    return [Shape("rect", (0, 0, 1, 1), TEAL, 0.18)] + _tile(0.9)


def svg(purpose: str = "any") -> bytes:
    def element(s: Shape) -> str:
        x0, y0, x1, y1 = (round(v * 100, 3) for v in s.box)
        if s.kind == "circle":
            return (f'<circle cx="{round((x0 + x1) / 2, 3)}" cy="{round((y0 + y1) / 2, 3)}" '
                    f'r="{round((x1 - x0) / 2, 3)}" fill="{s.fill}"/>')
        return (f'<rect x="{x0}" y="{y0}" width="{round(x1 - x0, 3)}" height="{round(y1 - y0, 3)}" '
                f'rx="{round(s.radius * 100, 3)}" fill="{s.fill}"/>')

    body = "".join(element(s) for s in drawing(purpose))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>\n').encode("utf-8")


def png(size: int, purpose: str = "any") -> bytes:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for s in drawing(purpose):
        box = tuple(round(v * big) for v in s.box)
        if s.kind == "circle":
            draw.ellipse(box, fill=s.fill)
        else:
            draw.rounded_rectangle(box, radius=round(s.radius * big), fill=s.fill)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


def icon_files() -> dict[str, bytes]:
    """{path under the site's folder: bytes} of every icon."""
    files = {}
    for icon in (*ICONS, APPLE_TOUCH_ICON):
        files[icon.path] = svg(icon.purpose) if icon.size is None else png(icon.size, icon.purpose)
    return files
