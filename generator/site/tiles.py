"""Mahjong tile faces drawn as small SVG images, made here in code.

Every face is built from plain shapes and text so the site ships no third-party
art. The Chinese characters are set in a CJK font when the reader has one; an
arabic rank or a wind letter in a corner keeps each tile readable without one
and at small sizes (about 30 px wide).

Output is a pure function of (face, variant): no ids, no randomness, no dates,
so regenerated assets are byte-identical and SVGs can be inlined side by side
in one HTML page without id clashes.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from i18n import LANGS, strings
from rules.tiles import ALL_TILES

# --- faces ------------------------------------------------------------------

FLOWER_FACES = ("f1", "f2", "f3", "f4")   # plum, orchid, chrysanthemum, bamboo
SEASON_FACES = ("s1", "s2", "s3", "s4")   # spring, summer, autumn, winter
FACES: tuple[str, ...] = tuple(t.text for t in ALL_TILES) + FLOWER_FACES + SEASON_FACES
VARIANTS = ("standing", "exposed", "winning", "back")


@dataclass(frozen=True, slots=True)
class Face:
    """What a face shows, independent of how it is drawn."""

    text: str      # notation: "5p", "E", "f1", "s3"
    kind: str      # "m", "p", "s", "wind", "dragon", "flower" or "season"
    number: int    # rank 1-9, flower/season number 1-4, 0 for honors
    letter: str    # honor letter, "" otherwise


def _build_faces() -> dict[str, Face]:
    faces: dict[str, Face] = {}
    for t in ALL_TILES:
        if t.is_wind:
            faces[t.text] = Face(t.text, "wind", 0, t.letter)
        elif t.is_dragon:
            faces[t.text] = Face(t.text, "dragon", 0, t.letter)
        else:
            faces[t.text] = Face(t.text, t.suit, t.rank, "")
    for kind, texts in (("flower", FLOWER_FACES), ("season", SEASON_FACES)):
        for i, text in enumerate(texts, 1):
            faces[text] = Face(text, kind, i, "")
    return faces


_FACES = _build_faces()


def _face(face: str) -> Face:
    try:
        return _FACES[face]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown tile face {face!r}: expected 1m-9m, 1p-9p, 1s-9s, "
            "E S W N C F P, f1-f4 (flowers) or s1-s4 (seasons)") from None


# --- accessible names ---------------------------------------------------------

def tile_alt(face: str, lang: str) -> str:
    """A short accessible name for `face` in one of the languages (i18n/tiles/<lang>.yaml)."""
    f = _face(face)
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    names = strings("tiles")
    if f.kind in ("flower", "season"):
        return names.text(lang, f"{f.kind[0]}{f.number}")
    if f.letter:
        return names.text(lang, f.letter)
    return names.text(lang, "suited", number=names.text(lang, f"number_{f.number}"),
                      suit=names.text(lang, f"suit_{f.kind}"))


# --- drawing ------------------------------------------------------------------

_CHARACTER_NUMERALS = "一二三四五六七八九"   # printed on the character tiles, in every language

W, H = 60, 80
# Face-local coordinates: the art is drawn in a 56 x 70 box, moved onto the tile.
FX, FY, FW, FH = 1.5, 1.5, 56, 70
DEPTH = 5            # visible tile thickness below the face

FONT_CJK = ("'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC',"
            "'Songti SC','SimSun','Noto Serif CJK JP','Noto Sans CJK JP',serif")
FONT_INDEX = "'DejaVu Sans',Verdana,Arial,sans-serif"   # wide glyphs read best when tiny

BLUE, GREEN, RED, INK = "#1d4e89", "#1a7a43", "#c62828", "#1b2330"


@dataclass(frozen=True, slots=True)
class Look:
    """Colours of one variant; the shapes stay the same so tiles line up in a row."""

    face: str        # face fill
    body: str        # the thickness showing below the face
    edge: str        # thin outline that separates the tile from any page
    outline: str     # extra highlight ring, "" for none


LOOKS = {
    "standing": Look("#fbf6e6", "#d9c48f", "#6e6250", ""),
    # Claimed melds lie face up on the table: a cool tint sets them apart.
    "exposed": Look("#dbe6f0", "#98acc4", "#4a5a70", ""),
    "winning": Look("#fff1c2", "#e8b84a", "#8a5a00", "#f08c00"),
    "back": Look("#2f7d57", "#efe4c4", "#4d4436", ""),
}


def _n(v: float) -> str:
    """Compact, stable number text: 12, 12.5, 0.25."""
    return f"{round(v, 2):g}"


def _text(x: float, y: float, size: float, fill: str, s: str, *, cjk: bool = True,
          extra: str = "") -> str:
    font = "" if cjk else f' font-family="{FONT_INDEX}" font-weight="bold"'
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
            f'{font}{extra}>{s}</text>')


def _cjk(cx: float, cy: float, size: float, fill: str, s: str) -> str:
    # Baseline sits ~0.38 em below the optical centre of an ideograph.
    return _text(cx, cy + 0.38 * size, size, fill, s, extra=' text-anchor="middle"')


def _index(s: str, fill: str, halo: str) -> str:
    # A halo in the face colour keeps the index readable where art comes close.
    return _text(3.5, 13.5, 13, fill, s, cjk=False,
                 extra=f' stroke="{halo}" stroke-width="3" paint-order="stroke"')


@dataclass(frozen=True, slots=True)
class Pip:
    x: float
    y: float
    r: float
    color: str


def _pips(pips: list[Pip]) -> str:
    # A coloured disc with a white ring reads as a coin, like printed dots.
    out = []
    for p in pips:
        out.append(f'<circle cx="{_n(p.x)}" cy="{_n(p.y)}" r="{_n(p.r)}" fill="{p.color}"/>')
    ring = "".join(f'<circle cx="{_n(p.x)}" cy="{_n(p.y)}" r="{_n(p.r * 0.55)}"/>' for p in pips)
    out.append(f'<g fill="none" stroke="#fff" stroke-width="{_n(pips[0].r * 0.2)}">{ring}</g>')
    return "".join(out)


_DOT_LAYOUTS: dict[int, list[Pip]] = {
    2: [Pip(28, 22, 9.5, GREEN), Pip(28, 51, 9.5, BLUE)],
    3: [Pip(16, 21, 8, BLUE), Pip(28, 38, 8, RED), Pip(40, 55, 8, GREEN)],
    4: [Pip(17, 23, 8.5, BLUE), Pip(39, 23, 8.5, GREEN),
        Pip(17, 51, 8.5, GREEN), Pip(39, 51, 8.5, BLUE)],
    5: [Pip(16, 21, 8, BLUE), Pip(40, 21, 8, GREEN), Pip(28, 37, 8, RED),
        Pip(16, 53, 8, GREEN), Pip(40, 53, 8, BLUE)],
    6: [Pip(18, 18, 7, GREEN), Pip(38, 18, 7, GREEN),
        Pip(18, 40, 7, RED), Pip(38, 40, 7, RED), Pip(18, 58, 7, RED), Pip(38, 58, 7, RED)],
    7: [Pip(15, 18, 5.8, GREEN), Pip(28, 24, 5.8, GREEN), Pip(41, 30, 5.8, GREEN),
        Pip(19, 44, 6.5, RED), Pip(37, 44, 6.5, RED), Pip(19, 59, 6.5, RED), Pip(37, 59, 6.5, RED)],
    8: [Pip(x, y, 6.2, BLUE) for y in (16, 30, 44, 58) for x in (19, 37)],
    9: [Pip(x, y, 6.5, c) for y, c in ((20, BLUE), (38, RED), (56, GREEN)) for x in (14, 28, 42)],
}


def _one_dot() -> str:
    # The big ornate circle of the 1 of dots.
    c = 'cx="28" cy="37"'
    return (f'<circle {c} r="21" fill="{GREEN}"/><circle {c} r="18" fill="#fff"/>'
            f'<circle {c} r="15.5" fill="{BLUE}"/>'
            f'<circle {c} r="11.5" fill="none" stroke="#fff" stroke-width="2.5" '
            f'stroke-dasharray="2.5 2.02"/>'
            f'<circle {c} r="7" fill="{RED}"/><circle {c} r="2.5" fill="#fff"/>')


@dataclass(frozen=True, slots=True)
class Stick:
    x: float
    y: float
    color: str = GREEN
    h: float = 18
    angle: float = 0


def _sticks(sticks: list[Stick]) -> str:
    # Each stick: a rounded stalk with a pale joint in the middle and knots at the ends.
    out = []
    for s in sticks:
        rect = (f'<rect x="{_n(s.x - 3)}" y="{_n(s.y - s.h / 2)}" width="6" '
                f'height="{_n(s.h)}" rx="2.5" fill="{s.color}"/>')
        joints = (f'<path d="M{_n(s.x - 3)} {_n(s.y)}h6M{_n(s.x)} {_n(s.y - s.h / 2 + 2.5)}'
                  f'V{_n(s.y + s.h / 2 - 2.5)}" stroke="#fff" stroke-width="1" '
                  f'stroke-opacity=".75"/>')
        body = rect + joints
        if s.angle:
            body = f'<g transform="rotate({_n(s.angle)} {_n(s.x)} {_n(s.y)})">{body}</g>'
        out.append(body)
    return "".join(out)


_BAMBOO_LAYOUTS: dict[int, list[Stick]] = {
    2: [Stick(28, 24), Stick(28, 50)],
    3: [Stick(28, 24), Stick(19, 50), Stick(37, 50)],
    4: [Stick(x, y) for y in (24, 50) for x in (19, 37)],
    5: [Stick(15, 24), Stick(41, 24), Stick(28, 37, RED), Stick(15, 52), Stick(41, 52)],
    6: [Stick(x, y) for y in (24, 50) for x in (14, 28, 42)],
    7: [Stick(28, 16, RED, 16)] + [Stick(x, y, h=16) for y in (37, 57) for x in (14, 28, 42)],
    8: [Stick(11, 24), Stick(23, 24, angle=28), Stick(33, 24, angle=-28), Stick(45, 24),
        Stick(11, 51), Stick(23, 51, angle=-28), Stick(33, 51, angle=28), Stick(45, 51)],
    9: [Stick(x, y, RED if x == 28 else GREEN, 16) for y in (17, 37, 57) for x in (14, 28, 42)],
}


def _bird() -> str:
    # The 1 of bamboo: a small perched bird, green with a red wing and crest.
    return (f'<path d="M40 44 L53 36 L51 47 L54 56 Z" fill="{BLUE}"/>'            # tail
            f'<ellipse cx="30" cy="44" rx="14" ry="11" fill="{GREEN}"/>'           # body
            f'<path d="M25 40 Q36 34 43 46 Q33 50 25 40Z" fill="{RED}"/>'          # wing
            f'<circle cx="18" cy="30" r="7.5" fill="{GREEN}"/>'                    # head
            f'<path d="M15 23 Q17 15 23 19 Q20 20 19 24Z" fill="{RED}"/>'          # crest
            f'<path d="M11 29 L4 32 L11 33Z" fill="#e0a000"/>'                      # beak
            f'<circle cx="16.5" cy="28.5" r="2" fill="#fff"/>'
            f'<circle cx="16.5" cy="28.5" r="1" fill="{INK}"/>'
            f'<path d="M26 54 V63 M33 54 V63 M22 63 H38" stroke="#8a5a00" '
            f'stroke-width="1.5" fill="none"/>')                                  # legs, perch


_WINDS = {"E": "東", "S": "南", "W": "西", "N": "北"}
_BONUS = {"flower": ("梅", "蘭", "菊", "竹"), "season": ("春", "夏", "秋", "冬")}
_BONUS_COLORS = {"flower": ("#c2185b", "#7b3fa0", "#c76a00", GREEN),
                 "season": (GREEN, RED, "#b85c00", BLUE)}


def _art(f: Face, look: Look) -> str:
    """The drawing on the face, in face-local coordinates."""
    if f.kind == "p":
        art = _one_dot() if f.number == 1 else _pips(_DOT_LAYOUTS[f.number])
        return art + _index(str(f.number), INK, look.face)
    if f.kind == "s":
        art = _bird() if f.number == 1 else _sticks(_BAMBOO_LAYOUTS[f.number])
        return art + _index(str(f.number), INK, look.face)
    if f.kind == "m":
        return (_cjk(29, 24, 24, INK, _CHARACTER_NUMERALS[f.number - 1]) + _cjk(28, 50, 30, RED, "萬")
                + _index(str(f.number), INK, look.face))
    if f.kind == "wind":
        return _cjk(28, 39, 36, INK, _WINDS[f.letter]) + _index(f.letter, INK, look.face)
    if f.kind == "dragon":
        # The notation letter too: without a CJK font 中 and 發 would be bare boxes.
        index = _index(f.letter, INK, look.face)
        if f.letter == "C":
            return _cjk(28, 38, 40, RED, "中") + index
        if f.letter == "F":
            return _cjk(28, 38, 38, GREEN, "發") + index
        # White dragon: an empty blue frame, as on most printed sets.
        return (f'<g fill="none" stroke="{BLUE}"><rect x="12" y="16" width="34" height="46" '
                f'rx="2" stroke-width="3.5"/><rect x="17.5" y="21.5" width="23" height="35" '
                f'stroke-width="1.3"/></g>' + index)
    color = _BONUS_COLORS[f.kind][f.number - 1]
    return (_cjk(28, 38, 32, color, _BONUS[f.kind][f.number - 1])
            + _index(str(f.number), color, look.face))


def _back_art() -> str:
    # A face-down tile: plain coloured back with a faint inset border.
    return ('<rect x="5" y="5" width="46" height="60" rx="4" fill="none" '
            'stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>')


def _svg(title: str, look: Look, art: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
            f'height="{H}" role="img"><title>{escape(title)}</title>{_drawing(look, art)}</svg>')


def _drawing(look: Look, art: str) -> str:
    """The tile's shapes in its W x H box, without the <svg> element around them."""
    edge = f'stroke="{look.edge}" stroke-width="1"'
    parts = [
        # Soft offset shadow: grounds the tile on a light page; on a dark page
        # the pale body and edge carry the shape instead.
        f'<rect x="3" y="4" width="{FW}" height="{FH + DEPTH}" rx="6" fill="#000" '
        f'fill-opacity=".22"/>',
        f'<rect x="{FX}" y="{FY}" width="{FW}" height="{FH + DEPTH}" rx="6" '
        f'fill="{look.body}" {edge}/>',
        f'<rect x="{FX}" y="{FY}" width="{FW}" height="{FH}" rx="6" fill="{look.face}" {edge}/>',
        f'<g transform="translate({FX} {FY})" font-family="{FONT_CJK}" font-weight="bold">'
        f"{art}</g>",
    ]
    if look.outline:
        parts.append(f'<rect x="{FX}" y="{FY}" width="{FW}" height="{FH + DEPTH}" rx="6" '
                     f'fill="none" stroke="{look.outline}" stroke-width="3"/>')
    return "".join(parts)


def tile_svg(face: str, *, variant: str = "standing") -> str:
    """The SVG text of `face` ('5p', 'E', 'f1', 's4') drawn as `variant`.

    Variants: "standing" (a concealed tile), "exposed" (part of a claimed
    meld), "winning" (the winning tile, highlighted) and "back" (face down;
    identical for every face).
    """
    f = _face(face)
    if variant not in LOOKS:
        raise ValueError(f"unknown tile variant {variant!r}: expected one of {', '.join(VARIANTS)}")
    look = LOOKS[variant]
    if variant == "back":
        return _svg("Face-down tile", look, _back_art())
    return _svg(tile_alt(f.text, "en"), look, _art(f, look))


def tile_drawing(face: str, *, variant: str = "standing") -> str:
    """The shapes of tile_svg(face, variant) in a W x H box, without the <svg> element and its
    English <title>: for drawings that place tiles among their own labels (generator/site/diagrams/)."""
    f = _face(face)
    if variant not in LOOKS:
        raise ValueError(f"unknown tile variant {variant!r}: expected one of {', '.join(VARIANTS)}")
    return _drawing(LOOKS[variant], _back_art() if variant == "back" else _art(f, LOOKS[variant]))


def tile_files() -> dict[str, bytes]:
    """`{face}.svg`, `{face}-exposed.svg`, `{face}-winning.svg` for every face plus `back.svg`,
    by file name, in a fixed order."""
    files: dict[str, bytes] = {}
    for face in FACES:
        for name, svg in ((f"{face}.svg", tile_svg(face)),
                          (f"{face}-exposed.svg", tile_svg(face, variant="exposed")),
                          (f"{face}-winning.svg", tile_svg(face, variant="winning"))):
            files[name] = (svg + "\n").encode("utf-8")   # bytes: the same on every platform
    files["back.svg"] = (tile_svg(FACES[0], variant="back") + "\n").encode("utf-8")
    return files


def write_tile_assets(folder: Path) -> list[Path]:
    """Write the tile pictures of tile_files() into `folder`; return the paths in a fixed order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for name, body in tile_files().items():
        path = folder / name
        path.write_bytes(body)
        paths.append(path)
    return paths
