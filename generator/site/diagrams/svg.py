"""The SVG pieces every diagram is drawn with: the document, labels wrapped to a width, lines,
arrows. Pure functions of their arguments returning SVG text, so a diagram is the same bytes at
every build. No element carries an id: a page may show a diagram twice without a clash.

Colours follow the page: ink is `currentColor` (the text colour of the light or the dark
theme), shades are `currentColor` made faint, and the two accents carry a class that
site/assets/mcr/mcr.css recolours for the dark theme; the attributes are the fallback when the
stylesheet is absent.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape, quoteattr

# Each language's own font first, CJK fallbacks after, so labels in Chinese or Korean never turn
# into boxes (the site's machines have fonts-noto-cjk).
_LATIN = "-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans'"
FONTS = {
    "zh": "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif",
    "ko": "'Noto Sans CJK KR','Source Han Sans KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif",
    "ja": "'Noto Sans CJK JP','Source Han Sans JP','Hiragino Sans','Yu Gothic',sans-serif",
}
LATIN_FONT = f"{_LATIN},'Noto Sans CJK SC',sans-serif"

ACCENT = "#d84315"      # what the dealer takes, the break: deep orange, the site's accent
SECOND = "#00796b"      # what is counted: teal, the site's primary colour
ON_ACCENT = "#ffffff"

LINE_HEIGHT = 1.25      # in em


def num(v: float) -> str:
    """Compact, stable number text: 12, 12.5, 0.25."""
    return f"{round(v, 2):g}"


def text_width(s: str, size: float) -> float:
    """A generous estimate of the width of `s` set at `size`: wide (CJK, Hangul) characters are
    one em, Latin capitals 0.7, other letters and digits 0.58. Labels are wrapped to it, and the
    browser test checks the real widths."""
    em = 0.0
    for ch in s:
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            em += 1.0
        elif ch.isspace():
            em += 0.3
        elif ch.isupper():
            em += 0.7
        elif ch.isalnum():
            em += 0.58
        else:
            em += 0.35
    return em * size


# A wide character is a word of its own (Chinese breaks between any two); a closing mark stays
# with the character before it; Latin and Korean words break at spaces.
_TOKENS = re.compile(r"\s+|[\u2e80-\u9fff\uf900-\ufaff][，。、：；）」』]?|[^\s\u2e80-\u9fff\uf900-\ufaff]+")


def wrap(s: str, size: float, width: float) -> list[str]:
    """`s` broken into lines no wider than `width` (by text_width) where it can be; a single word
    wider than `width` gets a line of its own."""
    lines: list[str] = []
    line = ""
    for token in _TOKENS.findall(s):
        if token.isspace():
            if line:
                line += " "
            continue
        candidate = line + token
        if line and text_width(candidate.rstrip(), size) > width:
            lines.append(line.rstrip())
            line = token
        else:
            line = candidate
    if line.strip():
        lines.append(line.rstrip())
    return lines


@dataclass(frozen=True, slots=True)
class Label:
    """A label drawn at (x, y): y is the first line's baseline."""

    x: float
    y: float
    text: str
    size: float = 12
    anchor: str = "middle"       # start, middle, end
    width: float | None = None   # wrap to this width; None: one line
    weight: str = ""             # "bold" or ""
    css: str = ""                # an extra class: mcr-dg-on-accent, ...

    def lines(self) -> list[str]:
        return wrap(self.text, self.size, self.width) if self.width else [self.text]

    def height(self) -> float:
        """From the first baseline to the last."""
        return (len(self.lines()) - 1) * self.size * LINE_HEIGHT

    def centred_at(self, y: float) -> Label:
        """The same label placed so that its lines are centred on `y`."""
        return replace(self, y=y + 0.35 * self.size - self.height() / 2)

    def ending_at(self, y: float) -> Label:
        """The same label placed so that its last line's baseline is `y`."""
        return replace(self, y=y - self.height())


def label(lab: Label) -> str:
    fill = ON_ACCENT if lab.css == "mcr-dg-on-accent" else "currentColor"
    weight = ' font-weight="bold"' if lab.weight else ""
    lines = lab.lines()
    if len(lines) == 1:
        body = escape(lines[0])
    else:
        step = num(lab.size * LINE_HEIGHT)
        body = "".join(f'<tspan x="{num(lab.x)}"{"" if i == 0 else f" dy={quoteattr(step)}"}>{escape(line)}</tspan>'
                       for i, line in enumerate(lines))
    css = " ".join(c for c in ("mcr-dg-label", lab.css) if c)
    return (f'<text class="{css}" x="{num(lab.x)}" y="{num(lab.y)}" font-size="{num(lab.size)}" '
            f'text-anchor="{lab.anchor}" fill="{fill}"{weight}>{body}</text>')


def rect(x: float, y: float, w: float, h: float, css: str, *, rx: float = 0, extra: str = "") -> str:
    """A rectangle of one of the diagram classes (PAINT gives its fallback paint)."""
    r = f' rx="{num(rx)}"' if rx else ""
    return (f'<rect class="{css}" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{r} '
            f'{PAINT[css]}{extra}/>')


# The fallback paint of each class; mcr.css sets the same (and the dark theme's) with the class.
PAINT = {
    "mcr-dg-shade": 'fill="currentColor" fill-opacity=".1" stroke="currentColor" stroke-opacity=".55" stroke-width="1"',
    "mcr-dg-faint": 'fill="currentColor" fill-opacity=".05" stroke="currentColor" stroke-opacity=".35" '
                    'stroke-width="1" stroke-dasharray="3 2"',
    "mcr-dg-accent": f'fill="{ACCENT}" stroke="{ACCENT}" stroke-width="1"',
    "mcr-dg-second": f'fill="{SECOND}" fill-opacity=".3" stroke="{SECOND}" stroke-width="1"',
    "mcr-dg-ink": 'fill="none" stroke="currentColor" stroke-width="1.5"',
    "mcr-dg-accent-line": f'fill="none" stroke="{ACCENT}" stroke-width="2"',
}


def circle(x: float, y: float, r: float, css: str) -> str:
    return f'<circle class="{css}" cx="{num(x)}" cy="{num(y)}" r="{num(r)}" {PAINT[css]}/>'


def path(d: str, css: str = "mcr-dg-ink", extra: str = "") -> str:
    return f'<path class="{css}" d="{d}" {PAINT[css]}{extra}/>'


def arrowhead(x: float, y: float, angle: float, css: str = "mcr-dg-ink", size: float = 8) -> str:
    """A filled triangle with its tip at (x, y), pointing along `angle` (radians, screen axes)."""
    back = (x - size * math.cos(angle), y - size * math.sin(angle))
    half = size * 0.5
    left = (back[0] + half * math.sin(angle), back[1] - half * math.cos(angle))
    right = (back[0] - half * math.sin(angle), back[1] + half * math.cos(angle))
    fill = ACCENT if css == "mcr-dg-accent-line" else "currentColor"
    points = " ".join(f"{num(px)},{num(py)}" for px, py in ((x, y), left, right))
    head_css = "mcr-dg-accent-fill" if css == "mcr-dg-accent-line" else "mcr-dg-ink-fill"
    return f'<polygon class="{head_css}" points="{points}" fill="{fill}"/>'


def arrow(points: list[tuple[float, float]], css: str = "mcr-dg-ink") -> str:
    """A polyline ending in an arrowhead at its last point."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    # The line stops short of the tip, so its end does not blunt the head.
    short = (x2 - 5 * math.cos(angle), y2 - 5 * math.sin(angle))
    d = "M" + " L".join(f"{num(px)} {num(py)}" for px, py in points[:-1] + [short])
    return path(d, css) + arrowhead(x2, y2, angle, css)


def document(name: str, lang: str, width: float, height: float, title: str, desc: str, body: list[str]) -> str:
    """The <svg> of one diagram: its size, its accessible name and description, its drawing."""
    font = FONTS.get(lang, LATIN_FONT)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="mcr-dg mcr-dg--{name}" '
            f'viewBox="0 0 {num(width)} {num(height)}" role="img" aria-label={quoteattr(title)} '
            f'lang="{lang}" font-family={quoteattr(font)}>'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>{''.join(body)}</svg>")
