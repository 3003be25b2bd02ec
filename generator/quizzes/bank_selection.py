"""Which hands make a level's bank: the declared targets of generator/quizzes/level_targets.yaml met
by drawing hands on purpose, no fan above its cap, the coverage hands kept.

Three passes, each refusing a hand that would lift a fan over its cap:
1. the coverage hands that show this level (every fan of the table targeted, so that
   each fan can be drilled from some bank), up to half the bank;
2. each target in turn: hands built to show one of its fans at this level, the group's
   fans taken in turn, until the target's share is reached;
3. fresh hands of the level, of the question kind drawn for each, up to the count.
The bank's size is fixed in advance, so a share reached in pass 2 holds to the end.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from .hand_builder import BuildError, BuiltHand, HandBuilder
from .level_targets import Levels, Target

TARGET_TRIES = 4000          # builder tries for one hand of a target's fan at the level
MAX_FAILURES = 20            # failed fresh builds before the level is given up
REFUSALS_PER_QUESTION = 60   # hands refused for a cap, per question, before giving up


@dataclass
class Selection:
    """The hands picked so far for one level's bank and the fans they show."""

    level: str
    count: int
    levels: Levels
    picked: list[tuple[BuiltHand, str]] = field(default_factory=list)
    fans: Counter = field(default_factory=Counter)
    _seen: set[str] = field(default_factory=set)

    def fits(self, built: BuiltHand) -> bool:
        """Whether the hand is new and keeps every fan within its cap."""
        if _key(built) in self._seen or len(self.picked) >= self.count:
            return False
        spec = self.levels.specs[self.level]
        for fan in built.result.fan_counts():
            limit = spec.limit(fan, self.levels, self.count)
            if limit is not None and self.fans[fan] + 1 > limit:
                return False
        return True

    def add(self, built: BuiltHand, kind: str) -> bool:
        if not self.fits(built):
            return False
        self._seen.add(_key(built))
        self.picked.append((built, kind))
        self.fans.update(built.result.fan_counts().keys())
        return True

    def hits(self, target: Target) -> int:
        return sum(1 for built, _ in self.picked if set(target.fans) & built.result.fan_counts().keys())


def _key(built: BuiltHand) -> str:
    return json.dumps([built.hand, built.situation], sort_keys=True)


def select(level: str, count: int, levels: Levels, builder: HandBuilder, covered: list[BuiltHand],
           any_kind: Callable[[], str],
           ask: Callable[[list[tuple[BuiltHand, str]]], tuple[str, bool | None]]) -> list[tuple[BuiltHand, str]]:
    """The hands of a `count`-question bank for `level`, each with its question kind.
    `any_kind` draws a kind for a valid win; `ask`, given the hands picked so far, draws
    a kind and whether its hand must be a valid win (False for a false-win question).
    Raises BuildError when the builder keeps failing."""
    sel = Selection(level, count, levels)
    for built in covered:
        if len(sel.picked) >= count // 2:
            break
        sel.add(built, any_kind())
    for target in levels.specs[level].targets:
        _meet(sel, target, builder, any_kind)
    failures = refusals = 0
    while len(sel.picked) < count:
        kind, valid = ask(sel.picked)
        try:
            built = builder.build(level=level, valid=valid)
        except BuildError:
            failures += 1  # rare: try another kind, but never loop for ever
            if failures > MAX_FAILURES:
                raise
            continue
        if not sel.add(built, kind):
            refusals += 1
            if refusals > REFUSALS_PER_QUESTION * count:
                raise BuildError(f"{level}: the fans' caps refuse nearly every hand; "
                                 f"{len(sel.picked)} of {count} questions found")
    return sel.picked


def _meet(sel: Selection, target: Target, builder: HandBuilder, any_kind: Callable[[], str]) -> None:
    """Add hands showing the target's fans until its share is reached (or none can be built)."""
    fans = list(target.fans)
    per_fan: Counter = Counter({fan: sel.fans[fan] for fan in fans})
    misses = 0
    while fans and sel.hits(target) < target.needed(sel.count) and len(sel.picked) < sel.count:
        fan = min(fans, key=lambda f: (per_fan[f], fans.index(f)))   # the group's fans in turn
        try:
            built = builder.build(fan=fan, level=sel.level, max_tries=TARGET_TRIES)
        except BuildError:
            fans.remove(fan)   # this fan cannot be had at this level; the others may
            continue
        if sel.add(built, any_kind()):
            per_fan[fan] += 1
            misses = 0
        else:
            misses += 1
            if misses > REFUSALS_PER_QUESTION:
                fans.remove(fan)   # its cap (or another fan's) is full
                misses = 0
