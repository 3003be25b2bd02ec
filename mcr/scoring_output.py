"""How `mcr score` shows a result to a person."""
from __future__ import annotations

from rules import ScoreResult

LINE_WIDTH = 44


def _dots(label: str, value: str, width: int = LINE_WIDTH) -> str:
    # East Asian characters take two columns in a terminal.
    shown = sum(2 if ord(c) > 0x2E80 else 1 for c in label)
    return f"{label} {'.' * max(2, width - shown - len(value) - 2)} {value}"


def format_breakdown(result: ScoreResult, names_zh: dict[str, str] | None = None) -> str:
    lines = []
    for fan in result.fans:
        label = fan.name + (f" ({names_zh[fan.id]})" if names_zh and fan.id in names_zh and names_zh[fan.id] != fan.name else "")
        value = f"{fan.points}" if fan.count == 1 else f"{fan.points} x{fan.count}"
        where = f"   {' '.join(fan.groups)}" if fan.groups else ""
        lines.append(_dots(label, value) + where)
    if result.not_counted:
        lines.append("")
        lines.append("Not counted:")
        reasons = {"non_repeat": "implied by {by}", "non_separation": "its sets already form a bigger combination",
                   "non_identical": "a set cannot make the same fan twice",
                   "account_once": "those sets were already combined once"}
        by_name = {f.id: f.name for f in result.fans}
        seen: dict[tuple[str, str, str | None], int] = {}
        for n in result.not_counted:
            key = (n.id, n.principle, n.by)
            seen[key] = seen.get(key, 0) + 1
        names = {n.id: (n.name, n.points) for n in result.not_counted}
        for (fan_id, principle, by), times in seen.items():
            name, points = names[fan_id]
            why = reasons[principle].format(by=by_name.get(by or "", by))
            more = f" x{times}" if times > 1 else ""
            lines.append(f"  {name} ({points}){more}: {why} [{principle.replace('_', '-')}]")
    lines.append("")
    if result.waits:
        lines.append(f"Waited on: {' '.join(result.waits)}" + (" (one tile: a wait fan may count)" if len(result.waits) == 1 else ""))
    if result.situation.implied:
        implied = ", ".join(name.replace("_", "-") for name in result.situation.implied)
        lines.append(f"Situation: {implied}, implied by the other flags given (the fan table's situation rules)")
    flowers = result.total - result.total_without_bonus
    verdict = ("valid win" if result.valid else "NOT a valid win") + f": {result.minimum} or more without flowers"
    extra = f", {result.total_without_bonus} without flowers" if flowers else ""
    lines.append(f"Total {result.total} points{extra} ({verdict})")
    p = result.payments
    if p is None:
        lines.append(f"Payments: none - a hand under {result.minimum} points is a false win")
    elif p.self_drawn:
        base = (p.each or 0) - result.total
        lines.append(f"Payments: self-drawn, each of the other three pays {base} + {result.total} = {p.each} "
                     f"(winner receives {p.winner_receives})")
    else:
        base = (p.discarder or 0) - result.total
        lines.append(f"Payments: the discarder pays {base} + {result.total} = {p.discarder}, the other two pay "
                     f"{p.others} each (winner receives {p.winner_receives})")
    return "\n".join(lines)
