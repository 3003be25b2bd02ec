"""Drawing a hand block as tiles, with the engine's scoring, in one language.

The page-specific parts (where the tile pictures and fan pages are, relative to the
page) come in through RenderContext, so the same code serves the MkDocs hook and tests.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from markupsafe import Markup, escape

from rules import FanTable, FanTimes, Hand, OtherCount, ScoreResult, breakdown, parse_hand
from rules import NotCountedLine as BreakdownLine
from rules import SITUATION_FLAGS as FLAG_NAMES

from .hand_block import HandBlock
from .localize import pick, with_marker
from .site_text import points_label, text, wind_name
from .templating import render
from .tiles import tile_alt

# The site's words for the three readings of non-repeat (rules/breakdown.py).
NON_REPEAT_REASONS = {"implied": "reason_non_repeat", "listed": "reason_listed", "left_out": "reason_left_out"}
_GROUP_FACES = re.compile(r"(\d+)([mps])|([ESWNCFP])")


@dataclass(frozen=True, slots=True)
class RenderContext:
    lang: str
    table: FanTable
    tile_src: Callable[[str], str]    # asset file name ("5p-exposed.svg") -> URL from the page
    fan_href: Callable[[str], str]    # fan id -> URL of its page in `lang`, from the page
    # scoring principle ("non_separation") -> URL of its section in the rulebook, or None
    principle_href: Callable[[str], str | None] = lambda principle: None
    edition_tables: dict[str, FanTable] = field(default_factory=dict)  # the other editions, by id
    editions_href: str | None = None  # the page on the sources and editions, from the page


@dataclass(frozen=True, slots=True)
class TileImage:
    src: str
    alt: str
    css: str

    def html(self) -> Markup:
        # Built here rather than in a template macro: a fan page draws hundreds of tiles.
        alt = escape(self.alt)
        return Markup(f'<img class="{self.css}" src="{escape(self.src)}" alt="{alt}" title="{alt}">')


@dataclass(frozen=True, slots=True)
class TileGroup:
    css: str
    label: str
    tiles: tuple[TileImage, ...]


@dataclass(frozen=True, slots=True)
class FanLine:
    name: Markup
    href: str
    points: int
    count: int
    sets: tuple[tuple[TileImage, ...], ...]


@dataclass(frozen=True, slots=True)
class NotCountedLine:
    name: Markup
    href: str
    points: int
    sets: tuple[tuple[TileImage, ...], ...]
    reason: Markup


@dataclass(frozen=True, slots=True)
class Scoring:
    fans: tuple[FanLine, ...]
    not_counted: tuple[NotCountedLine, ...]
    total: str
    valid: bool
    verdict: str
    payments: str
    same_total: tuple[Markup, ...] = ()   # the other counts of the same total, one line each


def asset_name(face: str, variant: str) -> str:
    """The file name write_tile_assets gives a face drawn as `variant`."""
    if variant == "back":
        return "back.svg"
    return f"{face}.svg" if variant == "standing" else f"{face}-{variant}.svg"


def faces_of(group: str) -> list[str]:
    """'345p' -> ['3p', '4p', '5p']; 'EEE' -> ['E', 'E', 'E'] (the engine's group texts)."""
    faces: list[str] = []
    for digits, suit, honor in _GROUP_FACES.findall(group):
        faces.extend([d + suit for d in digits] if suit else [honor])
    return faces


def _image(ctx: RenderContext, face: str, variant: str, css: str = "") -> TileImage:
    alt = text(ctx.lang, "face_down") if variant == "back" else tile_alt(face, ctx.lang)
    classes = "mcr-tile" + (f" mcr-tile--{variant}" if variant != "standing" else "") + (f" {css}" if css else "")
    return TileImage(ctx.tile_src(asset_name(face, variant)), alt, classes)


def tile_groups(hand: Hand, ctx: RenderContext) -> tuple[TileGroup, ...]:
    """Melds first (claimed ones tinted, concealed kongs with their ends face down), then the
    concealed tiles, then the winning tile apart."""
    groups: list[TileGroup] = []
    for meld in hand.melds:
        faces = [t.text for t in meld.tiles]
        if meld.kind == "kong" and not meld.claimed:
            tiles = (_image(ctx, faces[0], "back"), _image(ctx, faces[1], "standing"),
                     _image(ctx, faces[2], "standing"), _image(ctx, faces[3], "back"))
            groups.append(TileGroup("mcr-meld mcr-meld--concealed", text(ctx.lang, "meld_concealed_kong"), tiles))
        else:
            key = {"chow": "meld_chow", "pung": "meld_pung", "kong": "meld_kong"}[meld.kind]
            tiles = tuple(_image(ctx, f, "exposed") for f in faces)
            groups.append(TileGroup("mcr-meld mcr-meld--exposed", text(ctx.lang, key), tiles))
    standing = tuple(_image(ctx, t.text, "standing") for t in hand.standing[:-1])
    groups.append(TileGroup("mcr-standing", text(ctx.lang, "standing_tiles"), standing))
    groups.append(TileGroup("mcr-winning", text(ctx.lang, "winning_tile"),
                            (_image(ctx, hand.winning_tile.text, "winning"),)))
    return tuple(groups)


def situation_line(situation: dict[str, Any], lang: str, *, full: bool,
                   implied: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The circumstances of the win in words. `full`: always say how the tile came and the
    winds (they change the score); otherwise only what the block states. `implied`: the
    flags the fan table's situation rules set (Situation.implied)."""
    parts: list[str] = []
    self_drawn = bool(situation.get("self_drawn")) or "self_drawn" in implied
    if full or "self_drawn" in situation or "self_drawn" in implied:
        parts.append(text(lang, "situation_self_drawn" if self_drawn else "situation_discard"))
    parts.extend(text(lang, f"situation_{flag}") for flag in FLAG_NAMES
                 if flag != "self_drawn" and situation.get(flag))
    for key in ("seat_wind", "prevalent_wind"):
        if full or key in situation:
            parts.append(text(lang, f"situation_{key}", wind=wind_name(lang, str(situation.get(key, "E")).upper())))
    if situation.get("flowers"):
        parts.append(text(lang, "situation_flowers", n=situation["flowers"]))
    return tuple(parts)


def _fan_name(ctx: RenderContext, fan_id: str) -> Markup:
    return Markup(with_marker(pick(ctx.table.fan(fan_id).names, ctx.lang), ctx.lang))


def _sets(ctx: RenderContext, groups: tuple[str, ...]) -> tuple[tuple[TileImage, ...], ...]:
    return tuple(tuple(_image(ctx, face, "standing", "mcr-tile--mini") for face in faces_of(g)) for g in groups)


def _reason(line: BreakdownLine, ctx: RenderContext) -> Markup:
    """Why a fan is not counted, linked: to the counting fan's page for non-repeat (implied by
    it, only listed with it, or left out by it), else to the principle's section."""
    if line.by is not None and line.reason in NON_REPEAT_REASONS:
        link = Markup('<a href="{}">{}</a>').format(ctx.fan_href(line.by), _fan_name(ctx, line.by))
        return Markup(escape(text(ctx.lang, NON_REPEAT_REASONS[line.reason], fan="\0"))).replace("\0", link)
    reason = escape(text(ctx.lang, f"reason_{line.principle}"))
    href = ctx.principle_href(line.principle)
    return Markup('<a href="{}">{}</a>').format(href, reason) if href else Markup(reason)


def _same_total_line(other: OtherCount, ctx: RenderContext) -> Markup:
    """One other count of the same total, its fans linked to their pages."""
    def side(fans: tuple[FanTimes, ...]) -> Markup:
        separator = escape(text(ctx.lang, "calc_list_separator"))
        return separator.join(
            Markup(escape(text(ctx.lang, "same_total_fan", fan="\0", points=f.points,
                               times=f" ×{f.times}" if f.times > 1 else ""))).replace(
                "\0", Markup('<a href="{}">{}</a>').format(ctx.fan_href(f.id), _fan_name(ctx, f.id)))
            for f in fans)
    line = Markup(escape(text(ctx.lang, "same_total_line", counted="\1", instead="\2")))
    line = line.replace("\1", side(other.counted)).replace("\2", side(other.instead_of))
    if not other.groups:
        return line
    sets = Markup(" ").join(Markup('<span class="mcr-set">{}</span>').format(Markup("").join(i.html() for i in tiles))
                            for tiles in _sets(ctx, other.groups))
    return Markup(escape(text(ctx.lang, "same_total_reading", line="\1", groups="\2"))).replace(
        "\1", line).replace("\2", sets)


def scoring_view(result: ScoreResult, ctx: RenderContext, others: tuple[OtherCount, ...] = ()) -> Scoring:
    """The breakdown of `result` (rules.breakdown) as the hand block shows it, with the other
    counts of its total (rules.other_counts)."""
    lang, shown = ctx.lang, breakdown(result, ctx.table)
    fans = tuple(FanLine(_fan_name(ctx, f.id), ctx.fan_href(f.id), f.points, f.count, _sets(ctx, f.groups))
                 for f in shown.fans)
    not_counted = tuple(NotCountedLine(_fan_name(ctx, n.id), ctx.fan_href(n.id), n.points, _sets(ctx, n.groups),
                                       _reason(n, ctx)) for n in shown.not_counted)
    flowers = shown.total - shown.total_without_flowers
    total = (text(lang, "score_total_with_flowers", total=shown.total, base=shown.total_without_flowers,
                  flowers=flowers) if flowers else str(shown.total))
    verdict = text(lang, "valid_win" if shown.valid else "invalid_win",
                   points=points_label(lang, shown.total_without_flowers), minimum=shown.minimum)
    payments = ""
    if shown.payments is not None:
        p = shown.payments
        payments = (text(lang, "payments_self_drawn", each=p.each, total=p.winner_receives) if p.self_drawn
                    else text(lang, "payments_discard", discarder=p.discarder, others=p.others,
                              total=p.winner_receives))
    return Scoring(fans, not_counted, total, shown.valid, verdict, payments,
                   tuple(_same_total_line(o, ctx) for o in others))


@dataclass(frozen=True, slots=True)
class EditionNote:
    """How another edition of the rules scores the hand, where it differs."""

    text: str
    href: str | None


def edition_notes(others: dict[str, ScoreResult], ctx: RenderContext) -> tuple[EditionNote, ...]:
    notes = []
    for edition, result in others.items():
        table = ctx.edition_tables.get(edition, ctx.table)
        name = pick(table.edition.names if table.edition else {"en": edition}, ctx.lang).text
        fans = ", ".join(pick(table.fan(f.id).names, ctx.lang).text + (f" ×{f.count}" if f.count > 1 else "")
                         for f in result.fans)
        total = points_label(ctx.lang, result.total)
        notes.append(EditionNote(text(ctx.lang, "edition_scores", edition=name, total=total, fans=fans),
                                 ctx.editions_href))
    return tuple(notes)


def render_hand(block: HandBlock, result: ScoreResult | None, ctx: RenderContext, *, css: str = "",
                others: dict[str, ScoreResult] | None = None, same_total: tuple[OtherCount, ...] = ()) -> str:
    """The HTML of one hand block (a <figure>), in ctx.lang; `others` are the results of
    the other editions of the rules that score it differently, `same_total` the other
    counts of its total (hand_block.same_total_counts)."""
    hand = parse_hand(block.hand)
    scoring = scoring_view(result, ctx, same_total) if (result is not None and block.show_scoring) else None
    situation = situation_line(block.situation_dict, ctx.lang, full=scoring is not None,
                               implied=result.situation.implied if result is not None else ())
    notes = edition_notes(others or {}, ctx) if scoring is not None else ()
    return render("hand.html.j2", notation=block.hand, groups=tile_groups(hand, ctx), situation=situation,
                  scoring=scoring, notes=notes, lang=ctx.lang, t=lambda key, **kw: text(ctx.lang, key, **kw),
                  css=css)
