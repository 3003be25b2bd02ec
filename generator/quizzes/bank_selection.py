"""Which hands make a level's bank: the declared targets of generator/quizzes/level_targets.yaml met
by drawing hands on purpose, no fan above its cap, the coverage hands kept.

Three passes, each refusing a hand already picked (the same melds and tiles in any order:
generator/quizzes/hand_keys.py) and a hand that would lift a fan over its cap, or the level's
share of big fans over its bound (keeping room for the targets made of big fans):
1. the coverage hands that show this level (every fan of the table targeted, so that
   each fan can be drilled from some bank), up to half the bank;
2. each target in turn: hands built to show one of its fans at this level, the group's
   fans taken in turn, until the target's share is reached;
3. fresh hands of the level, of the question kind drawn for each, up to the count.
The bank's size is fixed in advance, so a share reached in pass 2 holds to the end.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from .hand_builder import BuildError, BuiltHand, HandBuilder
from .hand_keys import draft_key
from .level_targets import Levels, Target
from .question_kinds import Ask

TARGET_TRIES = 4000          # builder tries for one hand of a target's fan at the level
MAX_FAILURES = 20            # failed fresh builds before the level is given up
REFUSALS_PER_QUESTION = 60   # hands refused for a cap, per question, before giving up
ACCEPT_TRIES = 3000          # builder tries for a fresh hand a question kind needs more of


class Kinds(Protocol):
    """Draws the question kinds (generator/quizzes/question_kinds.py)."""

    def for_hand(self, built: BuiltHand) -> str: ...

    def ask(self, picked: list[tuple[BuiltHand, str]]) -> Ask: ...


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
        """Whether the hand is new and keeps every fan, and the big fans, within their caps."""
        if draft_key(built.draft) in self._seen or len(self.picked) >= self.count:
            return False
        spec = self.levels.specs[self.level]
        for fan in built.result.fan_counts():
            limit = spec.limit(fan, self.levels, self.count)
            if limit is not None and self.fans[fan] + 1 > limit:
                return False
        return self._big_fans_fit(built)

    def add(self, built: BuiltHand, kind: str) -> bool:
        if not self.fits(built):
            return False
        self._seen.add(draft_key(built.draft))
        self.picked.append((built, kind))
        self.fans.update(built.result.fan_counts().keys())
        return True

    def hits(self, target: Target, extra: BuiltHand | None = None) -> int:
        hands = [built for built, _ in self.picked] + ([extra] if extra is not None else [])
        return sum(1 for built in hands if set(target.fans) & built.result.fan_counts().keys())

    def _is_big(self, built: BuiltHand) -> bool:
        big = self.levels.specs[self.level].big_fans
        return big is not None and any(self.levels.points.get(fan, 0) >= big.points
                                       for fan in built.result.fan_counts())

    def _big_fans_fit(self, built: BuiltHand) -> bool:
        """Whether a hand counting a big fan leaves room for the hands the targets made of
        big fans still need (a target hand itself takes up its own room)."""
        big = self.levels.specs[self.level].big_fans
        if big is None or not self._is_big(built):
            return True
        taken = sum(1 for b, _ in self.picked if self._is_big(b))
        held = [t for t in self.levels.specs[self.level].targets
                if all(self.levels.points.get(fan, 0) >= big.points for fan in t.fans)]
        reserved = sum(max(0, t.needed(self.count) - self.hits(t, built)) for t in held)
        return taken + 1 + reserved <= big.limit(self.count)


def select(level: str, count: int, levels: Levels, builder: HandBuilder, covered: list[BuiltHand],
           kinds: Kinds) -> list[tuple[BuiltHand, str]]:
    """The hands of a `count`-question bank for `level`, each with its question kind:
    `kinds.for_hand` draws one for a hand already built (a valid win), `kinds.ask` one
    for a fresh hand and what that hand must be. Raises BuildError when the builder
    keeps failing."""
    sel = Selection(level, count, levels)
    for built in covered:
        if len(sel.picked) >= count // 2:
            break
        if sel.fits(built):
            sel.add(built, kinds.for_hand(built))
    for target in levels.specs[level].targets:
        _meet(sel, target, builder, kinds)
    failures = refusals = 0
    while len(sel.picked) < count:
        ask = kinds.ask(sel.picked)
        try:
            built = _fresh(builder, level, ask)
        except BuildError:
            failures += 1  # rare: try another kind, but never loop for ever
            if failures > MAX_FAILURES:
                raise
            continue
        if not sel.add(built, ask.kind):
            refusals += 1
            if refusals > REFUSALS_PER_QUESTION * count:
                raise BuildError(f"{level}: the fans' caps refuse nearly every hand; "
                                 f"{len(sel.picked)} of {count} questions found")
    return sel.picked


def _fresh(builder: HandBuilder, level: str, ask: Ask) -> BuiltHand:
    """A fresh hand of the level for the question asked; when none the kind accepts comes
    within ACCEPT_TRIES, any hand of the level (its kind then gives way to another)."""
    if ask.accept is not None:
        try:
            return builder.build(level=level, valid=ask.valid, accept=ask.accept, max_tries=ACCEPT_TRIES)
        except BuildError:
            pass
    return builder.build(level=level, valid=ask.valid)


def _meet(sel: Selection, target: Target, builder: HandBuilder, kinds: Kinds) -> None:
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
        if sel.fits(built) and sel.add(built, kinds.for_hand(built)):
            per_fan[fan] += 1
            misses = 0
        else:
            misses += 1
            if misses > REFUSALS_PER_QUESTION:
                fans.remove(fan)   # its cap (or another fan's) is full
                misses = 0
