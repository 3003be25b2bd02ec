"""The generic evaluator: scores every reading of a hand with the fans of a FanTable.

It knows the scoring principles, never a particular fan:
- non-repeat: a counted fan drops every match of the fans it `excludes`, and the matches
  of the fans it `absorbs` that lie within its own sets (Dragon Pung absorbs Pung of
  Terminals or Honors on its own pung, not on a separate pung of 9s).
- non-separation: among `account_once` fans (fans made by combining sets), a match
  whose sets lie inside another counted match is not counted.
- non-identical: a set that made an `account_once` fan cannot make that fan again with
  another set.
- account-once: the counted `account_once` matches must link sets not yet linked
  (they form a forest over the sets: four chows give at most three pairwise fans).
- take-the-highest: every choice above and every reading of the hand is tried; the
  highest total wins (ties: the higher-ranked fans, i.e. lower numbers).
Account-once only limits which combinations count together: a choice to which another
combination could still be added is no candidate, so no fan that can count is left out.
A `fallback` fan (Chicken Hand) counts only when no fan at all applies to the hand in any
reading, `bonus` fans (flowers) aside.
Exclusions are settled in the order of the exclusion graph (`Fan.precedence`: a fan
comes before every fan it excludes or absorbs), never by fan number.
"""
from __future__ import annotations

from typing import NamedTuple

from .context import HandContext
from .errors import FanTableError
from .fantable import Fan, FanTable
from .notation import Hand
from .result import NotCounted, ScoredFan, ScoreResult
from .shapes import Reading, readings_of
from .situation import Situation


class Match(NamedTuple):
    """One place where a fan applies in a reading (a NamedTuple: made by the thousand
    per second, and much cheaper to build than a frozen dataclass)."""

    fan: Fan
    groups: tuple[int, ...]   # indices into the reading's groups; () = the whole hand
    count: int


def _within(inner: Match, outer: Match) -> bool:
    return set(inner.groups) <= set(outer.groups)


def _absorbs(counted: Match, other: Match) -> bool:
    """Whether `counted` makes `other` redundant on its own sets (its `absorbs`)."""
    return other.fan.id in counted.fan.absorbs and bool(counted.groups) and _within(other, counted)


def _can_join(chosen: list[Match], new: Match) -> bool:
    for m in chosen:
        if m.fan.id == new.fan.id and (not new.fan.repeatable or set(m.groups) & set(new.groups)):
            return False  # a single fan, or non-identical
        if _within(new, m) or _within(m, new):
            return False  # non-separation
    return True


def _account_once(chosen: list[Match]) -> bool:
    """True when no combination of sets is counted twice over.

    Each counted match links its sets; account-once means every link must join sets
    not yet joined (the matches form a forest over the sets). Four chows then give at
    most three pairwise fans, and a three-chow fan leaves room for one more pair.
    """
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for m in chosen:
        first = root(m.groups[0])
        for g in m.groups[1:]:
            other = root(g)
            if other == first:
                return False
            parent[other] = first
    return True


def _choices(optional: list[Match]) -> list[list[Match]]:
    """Every admissible set of account-once matches to which no other match can be
    added (a player may not leave out a combination that can still count)."""
    out: list[list[Match]] = []

    def can_add(chosen: list[Match], m: Match) -> bool:
        return _can_join(chosen, m) and _account_once(chosen + [m])

    def walk(i: int, chosen: list[Match], skipped: list[Match]) -> None:
        if i == len(optional):
            if not [m for m in skipped if can_add(chosen, m)]:  # maximal only
                out.append(list(chosen))
            return
        m = optional[i]
        if can_add(chosen, m):
            chosen.append(m)
            walk(i + 1, chosen, skipped)
            chosen.pop()
        skipped.append(m)
        walk(i + 1, chosen, skipped)
        skipped.pop()

    walk(0, [], [])
    return out


class _Outcome(NamedTuple):
    counted: tuple[Match, ...]
    dropped: tuple[tuple[Match, str, str | None], ...]
    total: int
    key: tuple


def _by_precedence(match: Match) -> int:
    return match.fan.precedence


def _settle(matches: list[Match], fallbacks: list[Match], optional_left: list[Match]) -> _Outcome:
    counted: list[Match] = []
    dropped: list[tuple[Match, str, str | None]] = []
    excluded: dict[str, Match] = {}  # fan id -> the counted match that excludes it everywhere
    budget: dict[str, int] = {}       # fan id -> matches still to exclude, where the exclusion is limited
    absorbing: list[Match] = []       # the counted matches whose fan absorbs others on its sets
    matches.sort(key=_by_precedence)
    for m in matches:
        fan = m.fan
        by = excluded.get(fan.id)
        if by is not None and fan.id in budget:
            if budget[fan.id]:
                budget[fan.id] -= 1
            else:
                by = None  # a limited exclusion already took its share
        for c in absorbing:  # an absorbing fan settled before the excluding one names the reason
            if by is not None and c.fan.precedence >= by.fan.precedence:
                break
            if _absorbs(c, m):
                by = c
                break
        if by is not None:
            dropped.append((m, "non_repeat", by.fan.id))
        else:
            counted.append(m)
            if fan.absorbs:
                absorbing.append(m)
            for target in fan.excludes:
                limit = fan.exclude_limits.get(target) if fan.exclude_limits else None
                if target not in excluded:
                    excluded[target] = m
                    if limit is not None:
                        budget[target] = limit
                elif limit is None and target in budget:
                    excluded[target] = m  # an exclusion without limit outranks a limited one
                    del budget[target]
    if fallbacks:  # only offered when no fan applies to the hand (see score_hand)
        counted = sorted(counted + fallbacks, key=_by_precedence)
    for m in optional_left:
        # A combination a counted fan lists as not counted is left out for that reason
        # first; only then for the principles of combining sets.
        by = excluded.get(m.fan.id)
        if by is not None and m.fan.id not in budget:
            dropped.append((m, "non_repeat", by.fan.id))
            continue
        principle = "account_once"
        for c in counted:
            if c.fan.account_once and _within(m, c) and c.groups:
                principle = "non_separation"
                break
            if c.fan.id == m.fan.id and set(c.groups) & set(m.groups):
                principle = "non_identical"
                break
        dropped.append((m, principle, None))
    total = sum(m.fan.points * m.count for m in counted)
    # Ties go to the higher-ranked fans (lower numbers), whatever the settling order.
    key = (total, tuple(sorted([-m.fan.number for m in counted], reverse=True)))
    return _Outcome(tuple(counted), tuple(dropped), total, key)


def _matches(table: FanTable, ctx: HandContext, index_of: dict[int, int]) -> list[tuple[int, tuple[int, ...], int]]:
    assert table.program is not None
    try:
        return table.program(ctx, index_of)
    except Exception as err:  # a predicate that compiled but fails on this hand
        for compiled in table.compiled:  # find which fan, to say so
            try:
                compiled.instances(ctx, index_of)
            except Exception as inner:  # noqa: BLE001 - reported with the fan's name
                raise FanTableError([f"{table.path}:{compiled.fan.line}: fan {compiled.fan.id}: predicate failed "
                                     f"on {ctx.hand.notation()}: {type(inner).__name__}: {inner}"]) from None
        raise FanTableError([f"{table.path}:0: the fan table failed on {ctx.hand.notation()}: {err}"]) from None


class _Found(NamedTuple):
    """The matches of one reading, before the principles settle them."""

    reading: Reading
    ctx: HandContext
    fixed: list[Match]
    optional: list[Match]

    @property
    def has_fan(self) -> bool:
        """Whether any fan other than a bonus fan applies to this reading."""
        return bool(self.optional) or not all([m.fan.bonus for m in self.fixed])


def _find(table: FanTable, hand: Hand, reading: Reading, situation: Situation, shared: dict) -> _Found:
    ctx = HandContext(hand, reading, situation, shared, table.settings)
    index_of = dict(zip(map(id, reading.groups), range(len(reading.groups))))
    fixed: list[Match] = []
    optional: list[Match] = []
    fans = table.fans
    seen_single: set[int] = set()
    for position, groups, n in _matches(table, ctx, index_of):
        fan = fans[position]
        if not fan.repeatable:
            if position in seen_single:
                continue
            seen_single.add(position)
        (optional if fan.account_once else fixed).append(Match(fan, groups, n))
    return _Found(reading, ctx, fixed, optional)


def _outcomes(table: FanTable, found: _Found, fallback_allowed: bool) -> list[_Outcome]:
    """The outcome of every account-once choice of one reading."""
    fallbacks: list[Match] = []
    if fallback_allowed:
        for compiled in table.fallbacks:
            if compiled.when is None or compiled.when(found.ctx):
                fallbacks.append(Match(compiled.fan, (), 1))
    optional = found.optional
    out = []
    for chosen in _choices(optional) if optional else [[]]:
        taken = {id(c) for c in chosen}
        left = [m for m in optional if id(m) not in taken]
        out.append(_settle(found.fixed + chosen, fallbacks, left))
    return out


def _best_outcome(table: FanTable, found: _Found, fallback_allowed: bool) -> _Outcome:
    """Take-the-highest over the account-once choices of one reading."""
    return max(_outcomes(table, found, fallback_allowed), key=_outcome_key)


def _outcome_key(outcome: _Outcome) -> tuple:
    return outcome.key


def _found_readings(table: FanTable, hand: Hand, situation: Situation, lang: str) -> tuple[list[_Found], bool]:
    """Every reading of the hand with its matches, and whether the fallback fan may count."""
    table.situations.check(hand, situation, lang)
    shared: dict = {}  # facts of the whole hand, worked out once for all its readings
    found = [_find(table, hand, reading, situation, shared) for reading in readings_of(hand, situation.self_drawn)]
    # The fallback fan belongs to the hand: it counts only when no reading has any fan.
    return found, not [f for f in found if f.has_fan]


def _settled_readings(table: FanTable, hand: Hand, situation: Situation,
                      lang: str) -> list[tuple[_Outcome, _Found]]:
    """Every reading of the hand with its best outcome, in reading order."""
    found, fallback_allowed = _found_readings(table, hand, situation, lang)
    return [(_best_outcome(table, f, fallback_allowed), f) for f in found]


def _scored(run: list[Match], texts: list[str], lang: str) -> ScoredFan:
    """One line of the result: a fan, how often it counts, and the groups that make it."""
    fan = run[0].fan
    if len(run) == 1:
        m = run[0]
        return ScoredFan(fan.number, fan.id, fan.name(lang), fan.points, m.count,
                         tuple([texts[i] for i in m.groups]), fan.bonus)
    return ScoredFan(fan.number, fan.id, fan.name(lang), fan.points, sum(m.count for m in run),
                     tuple([texts[i] for m in run for i in m.groups]), fan.bonus)


def _number_of(item: "NotCounted | ScoredFan") -> int:
    return item.number


def score_hand(table: FanTable, hand: Hand, situation: Situation, lang: str = "en",
               written: str | None = None) -> ScoreResult:
    """Score a parsed hand: the best reading under every principle, with settlement.

    The result names the hand in canonical notation, or as `written` when the caller
    echoes its own input (JSON Lines answers repeat the request's hand).
    """
    best: tuple[_Outcome, _Found] | None = None
    for outcome, found in _settled_readings(table, hand, situation, lang):
        if best is None or outcome.key > best[0].key:
            best = (outcome, found)
    assert best is not None
    return _result(table, hand, situation, lang, written, *best)


def score_each_reading(table: FanTable, hand: Hand, situation: Situation, lang: str = "en") -> list[ScoreResult]:
    """One result per distinct reading of the hand (its groups and where the winning
    tile went), the highest first: what take-the-highest chooses among."""
    out: dict[tuple, tuple[_Outcome, _Found]] = {}
    for outcome, found in _settled_readings(table, hand, situation, lang):
        key = _reading_key(found.reading)
        if key not in out or outcome.key > out[key][0].key:
            out[key] = (outcome, found)
    ranked = sorted(out.values(), key=lambda pair: pair[0].key, reverse=True)
    return [_result(table, hand, situation, lang, None, outcome, found) for outcome, found in ranked]


def _reading_key(reading: Reading) -> tuple:
    return tuple((g.kind, g.tiles, g.claimed, g.has_winning_tile) for g in reading.groups)


def score_ties(table: FanTable, hand: Hand, situation: Situation, lang: str = "en") -> list[ScoreResult]:
    """Every way of scoring the hand that reaches the highest total: a reading of the
    tiles with a choice among its account-once combinations. The first is what
    `score_hand` gives; the others count other fans for the same total (the rules accept
    any of them: take-the-highest asks for the highest total, not for particular fans).
    Ways that count the same fans the same number of times are given once."""
    found, fallback_allowed = _found_readings(table, hand, situation, lang)
    every = [(outcome, f) for f in found for outcome in _outcomes(table, f, fallback_allowed)]
    best = max(outcome.total for outcome, _ in every)
    every.sort(key=lambda pair: pair[0].key, reverse=True)   # score_hand's choice first
    seen: set[tuple] = set()
    out = []
    for outcome, f in every:
        if outcome.total != best:
            continue
        fans = tuple(sorted((m.fan.id, m.count) for m in outcome.counted))
        if fans not in seen:
            seen.add(fans)
            out.append(_result(table, hand, situation, lang, None, outcome, f))
    return out


def _result(table: FanTable, hand: Hand, situation: Situation, lang: str, written: str | None,
            outcome: _Outcome, found: _Found) -> ScoreResult:
    reading = found.reading
    texts = [g.text for g in reading.groups]
    # Matches come sorted by precedence, so the matches of one fan are neighbours.
    fans: list[ScoredFan] = []
    run: list[Match] = []
    for m in outcome.counted:
        if run and run[0].fan.id != m.fan.id:
            fans.append(_scored(run, texts, lang))
            run = []
        run.append(m)
    if run:
        fans.append(_scored(run, texts, lang))
    fans.sort(key=_number_of)  # shown in rulebook order
    not_counted = []
    if outcome.dropped:
        counted_ids = {f.id for f in fans}
        seen: set[tuple[str, tuple[int, ...]]] = set()
        for m, principle, by in outcome.dropped:
            fan = m.fan
            if fan.id in counted_ids or (fan.id, m.groups) in seen:
                continue
            seen.add((fan.id, m.groups))
            not_counted.append(NotCounted(fan.number, fan.id, fan.name(lang), fan.points, principle, by,
                                          tuple([texts[i] for i in m.groups])))
        not_counted.sort(key=_number_of)
    total = sum(f.subtotal for f in fans)
    without_bonus = sum(f.subtotal for f in fans if not f.bonus)
    valid = without_bonus >= table.minimum_points
    payments = table.settlement.payments(total, situation.self_drawn) if valid else None
    win_group = reading.winning_group
    return ScoreResult(
        hand=written if written is not None else hand.notation(), situation=situation, shape=reading.shape,
        groups=tuple(texts), winning_group=win_group.text if win_group else None,
        fans=tuple(fans), not_counted=tuple(not_counted), total=total,
        total_without_flowers=without_bonus, minimum=table.minimum_points, valid=valid, payments=payments,
        edition=table.edition.id if table.edition else "",
        waits=tuple([t.text for t in sorted(found.ctx.waits)]))   # a hand fact: worked out once per hand
