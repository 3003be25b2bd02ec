"""The learner model in words: level moves, the level's evidence, the history chart.

Lines for the terminal quiz and `mcr quiz --stats`, in the learner's language
(i18n/quiz/<lang>.yaml); the numbers come from trainer/learner.yaml and the progress.
"""
from __future__ import annotations

from functools import partial

from rules import FanTable

from .explain_text import counted
from .history_chart import chart_lines, family_names
from .learner_settings import learner_settings
from .level_moves import Move
from .progress import Progress
from .text import fan_name, text


def move_line(move: Move, lang: str) -> str:
    """What the learner is told when the evidence moves them to another level."""
    before, after = text(lang, f"level_{move.before}"), text(lang, f"level_{move.after}")
    if move.up:
        return text(lang, "level_up", right=move.right, of=move.out_of, before=before, after=after)
    # Down, the answers right may be 0 or 1: "only 1 ... was right", "0 bonne réponse".
    return counted(partial(text, lang), lang, "level_down", move.right, of=move.out_of, before=before, after=after)


def level_lines(progress: Progress, lang: str) -> list[str]:
    """The learner's level, the evidence gathered there, and the rule that moves them."""
    rule = learner_settings().levels
    window = progress.levels.windows.get(progress.level, ())
    name = text(lang, f"level_{progress.level}")
    status = (counted(partial(text, lang), lang, "level_status", len(window), level=name, right=sum(window)) if window
              else text(lang, "level_status_empty", level=name))
    return [status, text(lang, "level_rule", up=round(100 * rule.up), down=round(100 * rule.down),
                         window=rule.window)]


def history_lines(progress: Progress, lang: str, table: FanTable) -> list[str]:
    """The chart of accuracy by fan family over the last sessions (trainer/history_chart.py)."""
    order = list(dict.fromkeys(f.family for f in table.fans))
    name = family_names(table.families, lang, fan_name)
    return chart_lines(progress.history, learner_settings().history_shown, order, name,
                       lambda key, **values: text(lang, key, **values))
