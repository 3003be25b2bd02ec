"""How `mcr score` shows a result to a person, in their language."""
from __future__ import annotations

from typing import Callable

from rules import Breakdown, FanTable, FanTimes, OtherCount, ScoreResult, breakdown

from .cli_text import chinese_name_beside, cli_text, points_text, quiz_text
from .engine_messages import flag_of as _flag

LINE_WIDTH = 44


def _width(text: str) -> int:
    # East Asian characters take two columns in a terminal.
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def _dots(label: str, value: str, width: int = LINE_WIDTH) -> str:
    return f"{label} {'.' * max(2, width - _width(label) - len(value) - 2)} {value}"


def format_breakdown(result: ScoreResult, table: FanTable, lang: str) -> str:
    """The breakdown (rules.breakdown) as text: the fans with their points and sets, what is
    not counted and why, the waits, the total with the verdict, and the payments. Fan names
    are in `lang`, with the Chinese name beside them (the name players share) in the other
    languages."""
    return breakdown_text(breakdown(result, table), table, lang)


def breakdown_text(shown: Breakdown, table: FanTable, lang: str, others: tuple[OtherCount, ...] = ()) -> str:
    """The breakdown as text; `others` are the other counts of the same total
    (rules.other_counts), said after what is not counted."""
    def name(fan_id: str) -> str:
        return table.fan(fan_id).name(lang)

    lines = []
    for fan in shown.fans:
        zh = chinese_name_beside(table.fan(fan.id).names, lang)
        label = fan.name + (f" ({zh})" if zh and zh != fan.name else "")
        value = f"{fan.points}" if fan.count == 1 else f"{fan.points} x{fan.count}"
        where = f"   {' '.join(fan.groups)}" if fan.groups else ""
        lines.append(_dots(label, value) + where)
    if shown.not_counted:
        lines += ["", cli_text(lang, "not_counted")]
        lines += [f"  {line}" for line in _not_counted_lines(shown, lang, name)]
    if others:
        lines += ["", cli_text(lang, "same_total")]
        lines += [f"  {line}" for line in same_total_lines(others, lang)]
    lines.append("")
    if shown.waits:
        key = "waited_on_one" if len(shown.waits) == 1 else "waited_on"
        lines.append(cli_text(lang, key, tiles=" ".join(shown.waits)))
    for flag in shown.situation.get("implied", ()):
        by = [rule.flag for rule in table.situations.implications if rule.brings == flag]
        lines.append(cli_text(lang, "situation_implied", flag=_flag(flag), by=" ".join(_flag(b) for b in by)))
    verdict = cli_text(lang, "verdict_valid" if shown.valid else "verdict_invalid", minimum=shown.minimum)
    if shown.total != shown.total_without_flowers:
        lines.append(cli_text(lang, "total_flowers", total=points_text(lang, shown.total),
                              without=points_text(lang, shown.total_without_flowers),
                              verdict=verdict))
    else:
        lines.append(cli_text(lang, "total", total=points_text(lang, shown.total), verdict=verdict))
    lines.append(_payments_line(shown, lang))
    return "\n".join(lines)


# How each reason of the breakdown is said (i18n/quiz/: the terminal quiz says it the same way).
_WHY = {"implied": "why_non_repeat", "listed": "why_listed", "left_out": "why_left_out"}


def _not_counted_lines(shown: Breakdown, lang: str, name: Callable[[str], str]) -> list[str]:
    out = []
    for line, times in shown.not_counted_once():
        why = quiz_text(lang, _WHY.get(line.reason, f"why_{line.reason}"), by=name(line.by) if line.by else "")
        more = f" x{times}" if times > 1 else ""
        out.append(cli_text(lang, "not_counted_line", fan=name(line.id), points=line.points, times=more, why=why))
    return out


def _payments_line(result: Breakdown, lang: str) -> str:
    p = result.payments
    if p is None:
        return cli_text(lang, "payments_none", minimum=result.minimum)
    if p.self_drawn:
        return cli_text(lang, "payments_self_drawn", base=(p.each or 0) - result.total, total=result.total,
                        each=p.each, received=p.winner_receives)
    return cli_text(lang, "payments_discard", base=(p.discarder or 0) - result.total, total=result.total,
                    discarder=p.discarder, others=p.others, received=p.winner_receives)


def same_total_lines(others: tuple[OtherCount, ...], lang: str) -> list[str]:
    """One line per other count of the same total: what it counts instead of what."""
    def fans(side: tuple[FanTimes, ...]) -> str:
        return cli_text(lang, "list_separator").join(
            cli_text(lang, "same_total_fan", fan=f.name, points=f.points, times=f" x{f.times}" if f.times > 1 else "")
            for f in side)
    lines = []
    for other in others:
        line = cli_text(lang, "same_total_line", counted=fans(other.counted), instead=fans(other.instead_of))
        if other.groups:   # another reading of the tiles: its sets say how
            line = cli_text(lang, "same_total_reading", line=line, groups=" ".join(other.groups))
        lines.append(line)
    return lines
