"""How `mcr analyze` shows a discard analysis to a person, in their language."""
from __future__ import annotations

from rules import ANALYSIS_FORMS, Analysis, UsefulTile
from rules.tiles import format_tiles

from .cli_text import cli_text, counted_text, points_text

TILES_WITH_A_DISCARD = 14


def format_analysis(analysis: Analysis, lang: str) -> str:
    """The hand, its shanten, each shape's shanten, then the useful tiles (13 tiles) with
    the waits scored when ready, or every discard best first (14 tiles)."""
    lines = [cli_text(lang, "analysis_hand", hand=_hand_text(analysis))]
    status = _status(analysis.shanten, lang)
    if analysis.tile_count == TILES_WITH_A_DISCARD and analysis.shanten >= 0:
        status = cli_text(lang, "analysis_best_discard", status=status)
    lines.append(status)
    lines.append(cli_text(lang, "analysis_forms", forms=_forms_text(analysis, lang)))
    if analysis.tile_count == TILES_WITH_A_DISCARD:
        lines.append(cli_text(lang, "analysis_discards"))
        for discard in analysis.discards:
            lines.append("  " + cli_text(lang, "analysis_discard_line", tile=discard.tile.text,
                                         status=_short_status(discard.shanten, lang),
                                         useful=_useful_text(discard.useful, lang)))
    elif analysis.shanten == 0:
        lines.append(cli_text(lang, "analysis_waits", **_totals(analysis.useful, lang)))
        for wait in analysis.waits:
            lines.append("  " + cli_text(lang, "analysis_wait_line", tile=_unseen(wait.tile.text, wait.unseen, lang),
                                         discard=_score(wait.discard.total, wait.discard.valid, lang),
                                         self_drawn=_score(wait.self_drawn.total, wait.self_drawn.valid, lang)))
    else:
        lines.append(cli_text(lang, "analysis_useful", useful=_useful_text(analysis.useful, lang)))
    return "\n".join(lines)


def _hand_text(analysis: Analysis) -> str:
    melds = "".join(f"[{format_tiles(m.tiles)}]" for m in analysis.hand.melds)
    return melds + format_tiles(sorted(analysis.hand.standing))


def _status(shanten: int, lang: str) -> str:
    if shanten < 0:
        return cli_text(lang, "analysis_complete")
    if shanten == 0:
        return cli_text(lang, "analysis_ready")
    return cli_text(lang, "analysis_shanten_one" if shanten == 1 else "analysis_shanten", n=shanten)


def _short_status(shanten: int, lang: str) -> str:
    return cli_text(lang, "analysis_short_ready") if shanten == 0 else \
        cli_text(lang, "analysis_short_shanten", n=shanten)


def _forms_text(analysis: Analysis, lang: str) -> str:
    parts = []
    for shape, value in analysis.forms:
        form = cli_text(lang, f"form_{ANALYSIS_FORMS[shape]}")
        if value is None:
            parts.append(cli_text(lang, "form_ruled_out", form=form))
        else:   # a shanten of -1: the tiles already make this shape
            parts.append(cli_text(lang, "form_complete", form=form) if value < 0 else
                         cli_text(lang, "form_entry", form=form, n=value))
    return cli_text(lang, "list_separator").join(parts)


def _totals(useful: tuple[UsefulTile, ...], lang: str) -> dict[str, str]:
    """How many useful faces, and how many of their copies are unseen, in words."""
    return {"kinds": counted_text(lang, "count_kinds", len(useful)),
            "unseen": counted_text(lang, "count_unseen", sum(u.unseen for u in useful))}


def _useful_text(useful: tuple[UsefulTile, ...], lang: str) -> str:
    if not useful:
        return cli_text(lang, "analysis_no_useful")
    tiles = " ".join(_unseen(u.tile.text, u.unseen, lang) for u in useful)
    return cli_text(lang, "analysis_useful_tiles", tiles=tiles, **_totals(useful, lang))


def _unseen(tile: str, unseen: int, lang: str) -> str:
    return cli_text(lang, "tile_unseen", tile=tile, n=unseen)


def _score(total: int, valid: bool, lang: str) -> str:
    points = points_text(lang, total)
    return points if valid else cli_text(lang, "analysis_too_few", points=points)
