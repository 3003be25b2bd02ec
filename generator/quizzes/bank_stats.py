"""What the quiz banks hold, against what the levels declare (generator/quizzes/level_targets.yaml):
per level, the share of questions each fan counts in, the question kinds, the totals;
and every target and cap checked. `mcr quiz-banks --stats` prints it; a test holds the
committed banks to it."""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Protocol

from rules import FanTable

from .level_targets import Levels


class _Question(Protocol):
    kind: str
    answer: dict
    answer_ids: tuple[str, ...]


class _Bank(Protocol):
    level: str
    questions: tuple[_Question, ...]


@dataclass(frozen=True, slots=True)
class LevelStats:
    level: str
    questions: int
    fans: dict[str, float]          # fan id -> share of questions it counts in, largest first
    kinds: dict[str, int]
    totals: tuple[int, float, int]  # lowest, median, highest total (flowers included)
    targets: dict[str, float]       # target name -> share of questions counting one of its fans


@dataclass(frozen=True, slots=True)
class Check:
    """One declared target or cap, and whether the bank meets it."""

    level: str
    what: str          # "target <name>", "cap <fan>", "median total"
    wanted: str
    got: str
    ok: bool


def stats_of(bank: _Bank, levels: Levels) -> LevelStats:
    n = len(bank.questions)
    fans = Counter(fan for q in bank.questions for fan in set(q.answer_ids))
    totals = [q.answer["total"] for q in bank.questions] or [0]
    shares = {fan: c / n for fan, c in sorted(fans.items(), key=lambda kv: (-kv[1], kv[0]))} if n else {}
    return LevelStats(bank.level, n, shares, dict(Counter(q.kind for q in bank.questions)),
                      (min(totals), statistics.median(totals), max(totals)),
                      {t.name: group_share(bank, t.fans) for t in levels.specs[bank.level].targets})


def checks(stats: LevelStats, levels: Levels) -> list[Check]:
    """Every target and cap of the level, met or not."""
    spec = levels.specs[stats.level]
    out = []
    for t in spec.targets:
        got = stats.targets[t.name]
        out.append(Check(stats.level, f"target {t.name}", f">= {t.share:.0%}", f"{got:.1%}", got >= t.share - 1e-9))
    for fan, share in stats.fans.items():
        cap = spec.cap(fan, levels)
        if cap is not None:
            out.append(Check(stats.level, f"cap {fan}", f"<= {cap:.0%}", f"{share:.1%}", share <= cap + 1e-9))
    if spec.median_total:
        low, high = spec.median_total
        out.append(Check(stats.level, "median total", f"{low}..{high}", f"{stats.totals[1]:g}",
                         low <= stats.totals[1] <= high))
    return out


def group_share(bank: _Bank, fans: Iterable[str]) -> float:
    """The share of the bank's questions that count at least one of `fans` (a question
    counts once for a group, however many of the group's fans it shows)."""
    wanted = set(fans)
    return sum(1 for q in bank.questions if wanted & set(q.answer_ids)) / max(1, len(bank.questions))


def missing_fans(banks: Iterable[_Bank], table: FanTable) -> list[str]:
    """The fans of the table that no question of any bank counts."""
    seen = {fan for bank in banks for q in bank.questions for fan in q.answer_ids}
    return [f.id for f in table.fans if f.id not in seen]
