"""`mcr quiz --stats`: the learner's accuracy by fan (weakest first, with the day each fan
is next due), by question kind, the daily goal and streak, and where they stand in the
curriculum."""
from __future__ import annotations

from datetime import date
from typing import Callable

from rules import FanTable

from .curriculum import Curriculum
from .explain_text import counted, width
from .learner_settings import learner_settings
from .modes import GUIDED_KIND, LEARN_KIND
from .planner import FAN_KINDS
from .progress import Progress
from .text import fan_name, text
from generator.quizzes.questions import KINDS

# Every kind of answer the scoring trainer records (the rules quiz has its own line).
SCORING_KINDS = (*KINDS, GUIDED_KIND, LEARN_KIND)


def _table(rows: list[tuple[str, tuple[str, ...]]], heads: tuple[str, ...], first: str) -> list[str]:
    name_width = max([width(n) for n, _ in rows] + [width(first)])
    cols = [max(width(h), 5) for h in heads]

    def row(name: str, cells: tuple[str, ...]) -> str:
        out = name + " " * (name_width - width(name))
        for cell, w in zip(cells, cols):
            out += "  " + " " * (w - width(cell)) + cell
        return out
    return [row(first, heads)] + [row(n, cells) for n, cells in rows]


def _unit_progress(t: Callable[..., str], lang: str, window: tuple[bool, ...]) -> str:
    """How far the unit's last answers are from passing it (the mastery rule in words)."""
    rule = learner_settings().mastery
    needs = {"percent": round(100 * rule.share), "least": counted(t, lang, "count_answers", rule.answers)}
    if not window:
        return t("unit_progress_none", **needs)
    return t("unit_progress", right=sum(window), seen=len(window), window=rule.window, **needs)


def stats_report(progress: Progress, lang: str, table: FanTable, course: Curriculum, today: date) -> str:
    """Accuracy by fan, weakest first, then by question kind; the day and the curriculum."""
    def t(key: str, **v: object) -> str:
        return text(lang, key, **v)
    lines = []
    answered = [(fan, r) for fan, r in progress.fans.items() if r.seen]
    if not answered:
        # Answers that marked no fan (a kind about no fan, a wrong number several fans
        # could explain) are answers all the same: they are in the lines below.
        some = any(progress.kinds[k].seen for k in SCORING_KINDS if k in progress.kinds)
        lines.append(t("stats_no_fans" if some else "stats_empty"))
    else:
        answered.sort(key=lambda kv: (kv[1].accuracy, -kv[1].seen, kv[0]))
        rows: list[tuple[str, tuple[str, ...]]] = []
        for fan, r in answered:
            memory = r.spaced.memory
            due = "-" if memory is None else (t("stats_due") if memory.due <= today else memory.due.isoformat())
            name = fan_name(table.fan(fan).names, lang) if fan in table.by_id else fan
            rows.append((name, (str(r.seen), str(r.right), f"{round(100 * r.accuracy)}%", due)))
        heads = (t("stats_seen"), t("stats_right"), t("stats_accuracy"), t("stats_next"))
        lines += [t("stats_title"), ""] + _table(rows, heads, t("stats_fan"))
        # Every answer is counted by kind below; those that show no fan are there alone.
        unmarked = [t(f"kind_{k}") for k in KINDS if k not in FAN_KINDS and k in progress.kinds]
        if unmarked:
            lines.append(t("stats_unmarked", kinds=t("list_separator").join(unmarked)))
    lines += ["", t("stats_kinds")]
    seen = right = 0
    for kind in SCORING_KINDS:   # every kind that feeds the fans above, flashcards and guided steps too
        tally = progress.kinds.get(kind)
        if not tally:
            continue
        if kind in KINDS:   # the overall line counts questions
            seen, right = seen + tally.seen, right + tally.right
        label = t(f"kind_{kind}") if kind in KINDS else t(f"mode_{kind}")
        lines.append("  " + t("labelled", label=label, text=f"{tally.right}/{tally.seen}"))
    lines.append(t("stats_overall", sessions=counted(t, lang, "count_sessions", progress.session), right=right,
                   seen=seen, percent=round(100 * right / seen) if seen else 0))
    daily = progress.daily
    goal = daily.goal_or(learner_settings().daily_goal)
    lines.append(t("daily", answered=daily.answered_on(today), goal=counted(t, lang, "count_questions", goal),
                   streak=counted(t, lang, "count_days", daily.current_streak(today)), best=daily.best))
    lines.append(t("stats_due_today", fans=counted(t, lang, "count_fans", len(progress.due_fans(today))),
                   rules=counted(t, lang, "count_rules_questions", len(progress.due_rules(today)))))
    unit = course.current(progress.units)
    passed = [course.unit(u).title(lang) for u in progress.units.passed if u in {x.id for x in course.units}]
    lines.append(t("unit_status", unit=unit.title(lang)) if unit else t("units_all_passed"))
    if unit:
        lines.append(_unit_progress(t, lang, progress.units.windows.get(unit.id, ())))
    if passed:
        lines.append(t("units_passed", units=t("list_separator").join(passed)))
    return "\n".join(lines)
