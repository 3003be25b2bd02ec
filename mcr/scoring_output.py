"""How `mcr score` shows a result to a person, in their language."""
from __future__ import annotations

from typing import Callable

from rules import FanTable, ScoreResult

from .cli_text import chinese_name_beside, cli_text, points_text, quiz_text
from .engine_messages import flag_of as _flag

LINE_WIDTH = 44


def _width(text: str) -> int:
    # East Asian characters take two columns in a terminal.
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def _dots(label: str, value: str, width: int = LINE_WIDTH) -> str:
    return f"{label} {'.' * max(2, width - _width(label) - len(value) - 2)} {value}"


def format_breakdown(result: ScoreResult, table: FanTable, lang: str) -> str:
    """The fans with their points and sets, what is not counted and why, the waits, the
    total with the verdict, and the payments. Fan names are in `lang`, with the Chinese
    name beside them (the name players share) in the other languages."""
    def name(fan_id: str) -> str:
        return table.fan(fan_id).name(lang)

    lines = []
    for fan in result.fans:
        zh = chinese_name_beside(table.fan(fan.id).names, lang)
        label = fan.name + (f" ({zh})" if zh and zh != fan.name else "")
        value = f"{fan.points}" if fan.count == 1 else f"{fan.points} x{fan.count}"
        where = f"   {' '.join(fan.groups)}" if fan.groups else ""
        lines.append(_dots(label, value) + where)
    if result.not_counted:
        lines += ["", cli_text(lang, "not_counted")]
        lines += [f"  {line}" for line in _not_counted_lines(result, lang, name)]
    lines.append("")
    if result.waits:
        key = "waited_on_one" if len(result.waits) == 1 else "waited_on"
        lines.append(cli_text(lang, key, tiles=" ".join(result.waits)))
    for flag in result.situation.implied:
        by = [rule.flag for rule in table.situations.implications if rule.brings == flag]
        lines.append(cli_text(lang, "situation_implied", flag=_flag(flag), by=" ".join(_flag(b) for b in by)))
    verdict = cli_text(lang, "verdict_valid" if result.valid else "verdict_invalid", minimum=result.minimum)
    if result.total != result.total_without_flowers:
        lines.append(cli_text(lang, "total_flowers", total=points_text(lang, result.total),
                              without=points_text(lang, result.total_without_flowers),
                              verdict=verdict))
    else:
        lines.append(cli_text(lang, "total", total=points_text(lang, result.total), verdict=verdict))
    lines.append(_payments_line(result, lang))
    return "\n".join(lines)


def _not_counted_lines(result: ScoreResult, lang: str, name: Callable[[str], str]) -> list[str]:
    seen: dict[tuple[str, str, str | None], int] = {}
    for n in result.not_counted:
        key = (n.id, n.principle, n.by)
        seen[key] = seen.get(key, 0) + 1
    points = {n.id: n.points for n in result.not_counted}
    listed = _listed_exclusions(result)
    out = []
    for (fan_id, principle, by), times in seen.items():
        # "Implied by" only where the fan's definition implies it; else the rules list it
        # (the terminal quiz and the web quiz say the same).
        key = "why_listed" if (by, fan_id) in listed else f"why_{principle}"
        why = quiz_text(lang, key, by=name(by) if by else "")
        more = f" x{times}" if times > 1 else ""
        out.append(cli_text(lang, "not_counted_line", fan=name(fan_id), points=points[fan_id], times=more, why=why))
    return out


def _listed_exclusions(result: ScoreResult) -> set[tuple[str, str]]:
    """The (fan, excluded) pairs of this result that the rules list rather than imply."""
    pairs = {(n.by, n.id) for n in result.not_counted if n.by}
    if not pairs:
        return set()
    # Imported here: the quiz package is slow to load, and most hands need it only now.
    from generator.quizzes.exclusion_evidence import is_listed
    situation = result.situation.as_dict()
    return {(by, fan) for by, fan in pairs if is_listed(result.edition, by, fan, situation)}


def _payments_line(result: ScoreResult, lang: str) -> str:
    p = result.payments
    if p is None:
        return cli_text(lang, "payments_none", minimum=result.minimum)
    if p.self_drawn:
        return cli_text(lang, "payments_self_drawn", base=(p.each or 0) - result.total, total=result.total,
                        each=p.each, received=p.winner_receives)
    return cli_text(lang, "payments_discard", base=(p.discarder or 0) - result.total, total=result.total,
                    discarder=p.discarder, others=p.others, received=p.winner_receives)
