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

from functools import lru_cache, partial
from operator import attrgetter
from typing import Any, NamedTuple

from .context import HandContext
from .errors import FanTableError
from .fantable import Fan, FanTable
from .notation import Hand
from .program import Match
from .principle_settings import PrincipleSettings
from .result import ScoreResult, leave_for_later
from .result_lines import LineMemory, bonus_points, fan_lines, is_bonus, not_counted_lines
from .shapes import Reading, readings_of, waiting_tiles
from .situation import Situation
from .tiles import Tile


def _within(inner: Match, outer: Match) -> bool:
    return set(inner.groups) <= set(outer.groups)


def _absorbs(counted: Match, other: Match) -> bool:
    """Whether `counted` makes `other` redundant on its own sets (its `absorbs`)."""
    return other.fan.id in counted.fan.absorbs and bool(counted.groups) and _within(other, counted)


def _group_mask(groups: tuple[int, ...]) -> int:
    """The groups of a match as bits (1 << index): the choices below test sets of groups
    with integer operations."""
    mask = 0
    for g in groups:
        mask |= 1 << g
    return mask


def _compatible(a: Match, b: Match, mask_a: int, mask_b: int) -> bool:
    """Whether two account-once matches may count together."""
    if a.fan.id == b.fan.id and (not a.fan.repeatable or mask_a & mask_b):
        return False  # a single fan, or non-identical
    return bool(mask_a & ~mask_b and mask_b & ~mask_a)  # non-separation: neither within the other


def _joined(links: tuple[int, ...], mask: int) -> tuple[int, ...] | None:
    """The sets linked so far (`links`: one mask per tree of the forest) with a match's
    sets linked too; None when that links two sets already linked (account-once: each
    counted match must join sets not yet joined, so four chows give at most three
    pairwise fans and a three-chow fan leaves room for one more pair)."""
    kept = []
    for tree in links:
        shared = tree & mask
        if shared:
            if shared & (shared - 1):
                return None  # two of its sets already in one tree
            mask |= tree
        else:
            kept.append(tree)
    kept.append(mask)
    return tuple(kept)


def _choices(optional: list[Match]) -> list[list[Match]]:
    """Every admissible set of account-once matches to which no other match can be
    added (a player may not leave out a combination that can still count), each in the
    order of `optional`; the sets come in the order of a search that tries each match
    first in, then out."""
    n = len(optional)
    masks = [_group_mask(m.groups) for m in optional]
    friends = [1 << i for i in range(n)]  # bit j: match j may count with match i
    for i in range(n):
        for j in range(i + 1, n):
            if _compatible(optional[i], optional[j], masks[i], masks[j]):
                friends[i] |= 1 << j
                friends[j] |= 1 << i
    everyone = (1 << n) - 1
    if all(f == everyone for f in friends):
        links: tuple[int, ...] = ()
        for mask in masks:
            joined = _joined(links, mask)
            if joined is None:
                break
            links = joined
        else:
            return [list(optional)]  # all of them count together: the one maximal choice
    return _maximal_choices(optional, masks, friends)


def _maximal_choices(optional: list[Match], masks: list[int], friends: list[int]) -> list[list[Match]]:
    """The search of _choices, depth first with each match first in, then out. A loop
    over a stack, not a nested recursive function: such a function refers to itself
    through its closure, and every call would leave a cycle for the garbage collector."""
    n = len(optional)
    out: list[list[Match]] = []
    stack: list[tuple[int, int, tuple[int, ...], int]] = [(0, 0, (), 0)]   # (next match, chosen, links, skipped)
    while stack:
        i, chosen, links, skipped = stack.pop()
        if i == n:
            if _is_maximal(n, chosen, links, skipped, masks, friends):
                out.append([optional[j] for j in range(n) if chosen >> j & 1])
            continue
        stack.append((i + 1, chosen, links, skipped | 1 << i))   # out: searched after every choice with it in
        if not chosen & ~friends[i]:
            more = _joined(links, masks[i])
            if more is not None:
                stack.append((i + 1, chosen | 1 << i, more, skipped))
    return out


def _is_maximal(n: int, chosen: int, links: tuple[int, ...], skipped: int, masks: list[int],
                friends: list[int]) -> bool:
    """Whether no skipped match could still be added to the chosen ones."""
    for j in range(n):
        if skipped >> j & 1 and not chosen & ~friends[j] and _joined(links, masks[j]) is not None:
            return False
    return True


class _Outcome(NamedTuple):
    counted: tuple[Match, ...]
    dropped: tuple[tuple[Match, str, str | None], ...]
    total: int

    @property
    def key(self) -> tuple:
        """What take-the-highest compares: the total, then (ties) the higher-ranked fans,
        i.e. lower numbers, whatever the settling order. Asked for only where there is a
        choice, so it is worked out then."""
        return (self.total, tuple(sorted([-m.fan.number for m in self.counted], reverse=True)))


_by_precedence = attrgetter("fan.precedence")   # a match's place in the exclusion graph's order


def _settle(matches: list[Match], fallbacks: list[Match], optional_left: list[Match]) -> _Outcome:
    counted: list[Match] = []
    dropped: list[tuple[Match, str, str | None]] = []
    excluded: dict[str, Match] = {}  # fan id -> the counted match that excludes it everywhere
    budget: dict[str, int] = {}       # fan id -> matches still to exclude, where the exclusion is limited
    absorbing: list[Match] = []       # the counted matches whose fan absorbs others on its sets
    total = 0
    if len(matches) > 1:
        matches.sort(key=_by_precedence)
    exclude = excluded.setdefault
    for m in matches:
        fan = m.fan
        by = excluded.get(fan.id)
        if by is not None and budget and fan.id in budget:
            if budget[fan.id]:
                budget[fan.id] -= 1
            else:
                by = None  # a limited exclusion already took its share
        if absorbing:
            by = _absorbed_by(absorbing, m, by)
        if by is not None:
            dropped.append((m, "non_repeat", by.fan.id))
            continue
        counted.append(m)
        total += fan.points * m.count
        if fan.absorbs:
            absorbing.append(m)
        excludes = fan.excludes
        if not excludes:   # most counted fans
            continue
        if fan.exclude_limits or budget:
            _exclude_limited(fan, m, excluded, budget)
        else:
            for target in excludes:
                exclude(target, m)  # the first counted match that excludes a fan names it
    if fallbacks:  # only offered when no fan applies to the hand (see score_hand)
        counted = sorted(counted + fallbacks, key=_by_precedence)
        total += sum([m.fan.points * m.count for m in fallbacks])
    for m in optional_left:
        dropped.append(_left_out(m, counted, excluded, budget))
    return _new_outcome((tuple(counted), tuple(dropped), total))


def _absorbed_by(absorbing: list[Match], m: Match, by: Match | None) -> Match | None:
    """The match that leaves `m` out: an absorbing fan settled before the excluding one
    names the reason."""
    for c in absorbing:
        if by is not None and c.fan.precedence >= by.fan.precedence:
            break
        if _absorbs(c, m):
            return c
    return by


def _exclude_limited(fan: Fan, m: Match, excluded: dict[str, Match], budget: dict[str, int]) -> None:
    """Record the exclusions of a counted match where some exclusion is limited."""
    limits = fan.exclude_limits
    for target in fan.excludes:
        limit = limits.get(target) if limits else None
        if target not in excluded:
            excluded[target] = m
            if limit is not None:
                budget[target] = limit
        elif limit is None and target in budget:
            excluded[target] = m  # an exclusion without limit outranks a limited one
            del budget[target]


def _left_out(m: Match, counted: list[Match], excluded: dict[str, Match],
              budget: dict[str, int]) -> tuple[Match, str, str | None]:
    """Why an account-once match left out of a choice does not count. A combination a
    counted fan lists as not counted is left out for that reason first; only then for
    the principles of combining sets."""
    by = excluded.get(m.fan.id)
    if by is not None and m.fan.id not in budget:
        return (m, "non_repeat", by.fan.id)
    for c in counted:
        if c.fan.account_once and _within(m, c) and c.groups:
            return (m, "non_separation", None)
        if c.fan.id == m.fan.id and set(c.groups) & set(m.groups):
            return (m, "non_identical", None)
    return (m, "account_once", None)


def _program_failed(table: FanTable, ctx: HandContext, index_of: dict[int, int], err: Exception) -> FanTableError:
    """The error to raise when the table's program failed on a reading: it names the fan
    whose predicate fails there, found by running each fan's own compiled predicates."""
    for compiled in table.compiled:
        try:
            compiled.instances(ctx, index_of)
        except Exception as inner:  # noqa: BLE001 - reported with the fan's name
            return FanTableError([f"{table.path}:{compiled.fan.line}: fan {compiled.fan.id}: predicate failed "
                                  f"on {ctx.hand.notation()}: {type(inner).__name__}: {inner}"])
    return FanTableError([f"{table.path}:0: the fan table failed on {ctx.hand.notation()}: {err}"])


class _Found(NamedTuple):
    """The matches of one reading, before the principles settle them."""

    reading: Reading
    ctx: HandContext
    fixed: list[Match]
    optional: list[Match]


def _find(table: FanTable, ctx: HandContext) -> _Found:
    reading = ctx.reading
    assert reading is not None, "a context with a reading"
    groups = reading.groups
    index_of = dict(zip(map(id, groups), range(len(groups))))
    assert table.program is not None
    try:   # here, not in a function of its own: a call saved per reading
        fixed, optional = table.program(ctx, index_of)
    except Exception as err:  # a predicate that compiled but fails on this hand
        raise _program_failed(table, ctx, index_of, err) from None
    return _Found(reading, ctx, fixed, optional)


_new_outcome = partial(tuple.__new__, _Outcome)   # _Outcome((counted, dropped, total)) in C


def _outcomes(table: FanTable, found: _Found, fallback_allowed: bool) -> list[_Outcome]:
    """The outcome of every account-once choice of one reading."""
    fallbacks: list[Match] = []
    if fallback_allowed:
        for compiled in table.fallbacks:
            if compiled.when is None or compiled.when(found.ctx):
                fallbacks.append(Match(compiled.fan, (), 1))
    optional = found.optional
    if not optional:
        return [_settle(list(found.fixed), fallbacks, [])]
    out = []
    for chosen in _choices(optional):
        if len(chosen) == len(optional):
            left = []
        else:
            taken = {id(c) for c in chosen}
            left = [m for m in optional if id(m) not in taken]
        out.append(_settle(found.fixed + chosen, fallbacks, left))
    return out


def _best_outcome(table: FanTable, found: _Found, fallback_allowed: bool) -> _Outcome:
    """Take-the-highest over the account-once choices of one reading."""
    if not found.optional and not fallback_allowed:
        return _settle(list(found.fixed), [], [])
    outcomes = _outcomes(table, found, fallback_allowed)
    best = outcomes[0]
    for outcome in outcomes[1:]:
        if _ranks_above(outcome, best):
            best = outcome
    return best


def _ranks_above(outcome: _Outcome, other: _Outcome) -> bool:
    """Whether take-the-highest prefers `outcome` to `other` (by _Outcome.key, the first
    of equals kept). The key's ranks are worked out only when the totals tie."""
    return outcome.total > other.total or (outcome.total == other.total and outcome.key > other.key)


def _found_readings(table: FanTable, hand: Hand, situation: Situation, lang: str) -> tuple[list[_Found], bool]:
    """Every reading of the hand with its matches, and whether the fallback fan may count."""
    shared: dict = {}  # facts of the whole hand, worked out once for all its readings
    ctx = HandContext(hand, None, situation, shared, table.settings)
    table.situations.check(hand, situation, lang, ctx)
    readings = readings_of(hand, situation.self_drawn)
    found = [_find(table, ctx.take_reading(readings[0]))]   # the check's context serves the first reading
    for reading in readings[1:]:
        found.append(_find(table, HandContext(hand, reading, situation, shared, table.settings)))
    # The fallback fan belongs to the hand: it counts only when no reading has a fan other
    # than a bonus fan.
    for f in found:
        if f.optional or not all(map(is_bonus, f.fixed)):
            return found, False
    return found, True


def _settled_readings(table: FanTable, hand: Hand, situation: Situation,
                      lang: str) -> list[tuple[_Outcome, _Found]]:
    """Every reading of the hand with its best outcome, in reading order."""
    found, fallback_allowed = _found_readings(table, hand, situation, lang)
    return [(_best_outcome(table, f, fallback_allowed), f) for f in found]


class _Plan:
    """What the evaluator keeps per table: the result lines it has made (they repeat from
    hand to hand), the situations, and the table's edition and minimum."""

    def __init__(self, table: FanTable) -> None:
        self.lines = LineMemory()
        self.situations: dict[tuple, Situation] = {}   # see rules.api.situation_for
        self.edition = table.edition.id if table.edition else ""
        self.minimum = table.minimum_points


def _plan(table: FanTable) -> _Plan:
    plan = table.__dict__.get("_evaluator_plan")
    if plan is None:
        plan = _Plan(table)
        object.__setattr__(table, "_evaluator_plan", plan)  # a cache, not a field: the table stays frozen
    return plan


def table_situations(table: FanTable) -> dict[tuple, Situation]:
    """The situations a table has made from loose values, kept with its other caches."""
    return _plan(table).situations


_text_of = attrgetter("text")


def score_hand(table: FanTable, hand: Hand, situation: Situation, lang: str = "en",
               written: str | None = None) -> ScoreResult:
    """Score a parsed hand: the best reading under every principle, with settlement.

    The result names the hand in canonical notation, or as `written` when the caller
    echoes its own input (JSON Lines answers repeat the request's hand).
    """
    found, fallback_allowed = _found_readings(table, hand, situation, lang)
    if len(found) == 1:
        return _result(table, hand, situation, lang, written, _best_outcome(table, found[0], fallback_allowed),
                       found[0])
    settled = [(_best_outcome(table, f, fallback_allowed), f) for f in found]
    best = settled[0]
    for pair in settled[1:]:
        if _ranks_above(pair[0], best[0]):
            best = pair
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
    plan = _plan(table)
    reading = found.reading
    texts = tuple(map(_text_of, reading.groups))
    total = outcome.total   # the counted matches' points, as the lines add them up
    without_bonus = total - bonus_points(outcome.counted)
    valid = without_bonus >= plan.minimum
    payments = table.settlement.payments(total, situation.self_drawn) if valid else None
    win_group = found.ctx.winning_group
    waits = found.ctx.worked_out("waits")
    result = ScoreResult(
        written or "", situation, reading.shape, texts, win_group.text if win_group else None, (), (), total,
        without_bonus, plan.minimum, valid, payments, plan.edition, _texts_of(waits) if waits is not None else (),
        None)
    later = _LATER[written is None, waits is None, bool(outcome.dropped)]
    return leave_for_later(result, later, partial(_later_field, hand, table.settings, plan.lines, outcome, texts, lang))


# The fields a result leaves for later (rules.result.LATER_FIELDS), by (no hand as written,
# waits not worked out yet, fans left out): the lines always; the others when there are any.
_LATER = {(no_hand, no_waits, dropped): ("fans",) + ("hand",) * no_hand + ("waits",) * no_waits
          + ("not_counted",) * dropped
          for no_hand in (False, True) for no_waits in (False, True) for dropped in (False, True)}


def _later_field(hand: Hand, settings: PrincipleSettings, lines: LineMemory, outcome: _Outcome,
                 texts: tuple[str, ...], lang: str, name: str) -> Any:
    """A field of a result left for later (rules.result.LATER_FIELDS): the lines of its
    fans, counted or left out; the canonical notation of the hand; or the tiles it waited
    on (as the hand fact `waits` has them)."""
    if name == "fans":
        return fan_lines(lines, outcome.counted, texts, lang)
    if name == "not_counted":
        return not_counted_lines(lines, outcome.counted, outcome.dropped, texts, lang)
    if name == "hand":
        return hand.notation()
    return _texts_of(waiting_tiles(hand, settings.held_four_is_a_wait))


@lru_cache(maxsize=4096)
def _texts_of(tiles: frozenset[Tile]) -> tuple[str, ...]:
    """The tiles in tile order, as text (the waits: few different sets occur)."""
    return tuple([t.text for t in sorted(tiles, key=_code_of)])


_code_of = attrgetter("code")
