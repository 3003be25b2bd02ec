"""Random legal winning hands with their situations, reproducible from a seed.

The builder knows tiles, sets and hand shapes, never a particular fan. Fresh hands are
drawn the way players build them: a few suits, sets related to each other (the same
chow in another suit, the next chow up, ...), some sets claimed, a realistic situation.
To target a fan it also walks from hands the fan table itself gives: every fans.yaml
example that scores the fan seeds a pool, and small mutations (swap suits, mirror or
shift ranks, re-pick the winning tile, swap a tile or a set, claim or conceal a set,
promote a pung to a kong, change the situation) make new hands from it. The engine
decides every time: a candidate counts only when `rules` scores the target. A small
bandit picks between fresh hands and mutations by their hit rate for that fan, so
common fans come fresh (more variety) and rare ones come from the pool.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Callable

import rules
from rules import (HONOR_CODES, HONORS_AND_KNITTED, KNITTED_ARRANGEMENTS, KNITTED_STRAIGHT, ORPHAN_CODES, SEVEN_PAIRS,
                   THIRTEEN_ORPHANS, FanTable, is_winning, standard_splits)
from rules.groups import CHOW, KONG, PUNG
from rules.tiles import ALL_TILES, COPIES_PER_FACE, DRAGON_LETTERS, FLOWER_COUNT, SUITS, WIND_LETTERS, Tile, \
    counts_of, format_tiles, suited, tile

from . import levels

FLAGS = ("fourth_tile", "replacement", "robbing_kong", "last_wall_tile")
SPECIAL_SHAPES = (SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_AND_KNITTED, KNITTED_STRAIGHT)


class BuildError(RuntimeError):
    """No hand met the request within the allowed tries."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: a claimed chow or pung, or a kong (melded when `exposed`)."""

    kind: str
    tile: Tile      # the lowest tile
    exposed: bool

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == CHOW:
            return (self.tile, ALL_TILES[self.tile.code + 1], ALL_TILES[self.tile.code + 2])
        return (self.tile,) * (4 if self.kind == KONG else 3)

    def notation(self) -> str:
        mark = "1" if self.kind == KONG and self.exposed else ""
        return f"[{format_tiles(self.tiles)}{mark}]"


@dataclass(frozen=True, slots=True)
class Draft:
    """A candidate hand: declared melds, the other standing tiles, the winning tile, the situation."""

    melds: tuple[Meld, ...]
    concealed: tuple[Tile, ...]   # standing tiles without the winning tile, sorted
    win: Tile
    situation: rules.Situation

    def notation(self) -> str:
        return self.waiting_notation() + self.win.text

    def waiting_notation(self) -> str:
        """The hand before the winning tile came (13 tiles)."""
        return "".join(m.notation() for m in self.melds) + format_tiles(self.concealed)

    @property
    def standing(self) -> tuple[Tile, ...]:
        return self.concealed + (self.win,)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for m in self.melds for t in m.tiles) + self.standing


@dataclass(frozen=True, slots=True)
class BuiltHand:
    """A hand the engine accepted, with its score."""

    draft: Draft
    result: rules.ScoreResult

    @property
    def hand(self) -> str:
        return self.draft.notation()

    @property
    def situation(self) -> dict[str, Any]:
        return self.draft.situation.as_dict()


@dataclass(frozen=True, slots=True)
class Style:
    """How fresh hands are drawn; each level leans towards what it drills."""

    special_shapes: float   # chance of seven pairs or a knitted/orphans shape
    related: float          # chance a set repeats, shifts or mirrors an earlier one
    honor_pungs: float      # chance a set is an honor pung, when honors are in play
    winds: bool             # wind pungs allowed
    kong: float             # chance a pung is a kong
    flags: float            # chance of one rare situation flag
    exposure: tuple[float, ...]  # weights of 0..4 claimed sets


STYLES: dict[str | None, Style] = {
    None: Style(0.05, 0.45, 0.3, True, 0.08, 0.08, (30, 30, 22, 12, 6)),
    "beginner": Style(0.06, 0.5, 0.12, True, 0.0, 0.0, (30, 30, 25, 12, 3)),
    "intermediate": Style(0.05, 0.45, 0.4, True, 0.15, 0.15, (25, 30, 25, 14, 6)),
    "expert": Style(0.05, 0.75, 0.25, True, 0.12, 0.15, (35, 25, 20, 12, 8)),
}
FLOWER_WEIGHTS = (30, 25, 20, 11, 7, 3, 2, 1, 1)  # 0..8 flowers


def _available(counts: Counter, tiles: tuple[Tile, ...]) -> bool:
    need = Counter(tiles)
    return all(counts[t] + n <= COPIES_PER_FACE for t, n in need.items())


def _set_tiles(kind: str, first: Tile) -> tuple[Tile, ...] | None:
    if kind == CHOW:
        if first.is_honor or first.rank > 7:
            return None
        return (first, ALL_TILES[first.code + 1], ALL_TILES[first.code + 2])
    return (first,) * 3


class _Fresh:
    """Draws one fresh hand (any shape) in a style."""

    def __init__(self, rng: random.Random, style: Style) -> None:
        self.rng = rng
        self.style = style

    def draft(self) -> Draft | None:
        r = self.rng.random()
        if r < self.style.special_shapes:
            return self._special()
        return self._standard()

    # -- the standard shape: four sets and a pair --------------------------------------
    def _suit_plan(self) -> tuple[list[str], bool]:
        rng = self.rng
        n = rng.choices((1, 2, 3), weights=(12, 33, 55))[0]
        suits = rng.sample(SUITS, n)
        honors = rng.random() < (0.8 if n == 1 else 0.4)
        return suits, honors

    def _honor_letters(self) -> tuple[str, ...]:
        return (WIND_LETTERS + DRAGON_LETTERS) if self.style.winds else DRAGON_LETTERS

    def _random_set(self, suits: list[str], honors: bool) -> tuple[str, Tile]:
        rng = self.rng
        if honors and rng.random() < self.style.honor_pungs:
            return PUNG, tile(rng.choice(self._honor_letters()))
        suit = rng.choice(suits)
        if rng.random() < 0.68:
            return CHOW, suited(suit, rng.randint(1, 7))
        return PUNG, suited(suit, rng.randint(1, 9))

    def _related_set(self, base: tuple[str, Tile], suits: list[str]) -> tuple[str, Tile] | None:
        """A set that stands in a pattern with `base`: repeated, shifted, in another suit."""
        rng = self.rng
        kind, first = base
        if first.is_honor:
            return None
        suit, rank = first.suit, first.rank
        other = rng.choice([s for s in suits if s != suit] or [suit])  # stay in the suits the hand goes for
        step = rng.choice((1, 2, 3) if kind == CHOW else (1,))
        options = [(kind, suit, rank + step), (kind, suit, rank - step), (kind, other, rank),
                   (kind, other, rank + step), (kind, other, rank - step)]
        if kind == CHOW:
            options.append((kind, suit, rank))
        kind, suit, rank = rng.choice(options)
        top = 7 if kind == CHOW else 9
        if not 1 <= rank <= top:
            return None
        return kind, suited(suit, rank)

    def _standard(self) -> Draft | None:
        rng, style = self.rng, self.style
        suits, honors = self._suit_plan()
        counts: Counter = Counter()
        sets: list[tuple[str, Tile]] = []
        for _ in range(40):
            if len(sets) == 4:
                break
            pick = None
            if sets and rng.random() < style.related:
                pick = self._related_set(rng.choice(sets), suits)
            if pick is None:
                pick = self._random_set(suits, honors)
            tiles = _set_tiles(*pick)
            if tiles is None or not _available(counts, tiles):
                continue
            counts.update(tiles)
            sets.append(pick)
        if len(sets) < 4:
            return None
        pair_pool = [suited(s, r) for s in suits for r in range(1, 10)]
        if honors:
            pair_pool += [tile(x) for x in WIND_LETTERS + DRAGON_LETTERS]
        pair = rng.choice(pair_pool)
        if not _available(counts, (pair, pair)):
            return None
        counts.update((pair, pair))
        return self._arrange(sets, pair, counts)

    def _arrange(self, sets: list[tuple[str, Tile]], pair: Tile, counts: Counter) -> Draft | None:
        """Decide which sets are claimed or konged, the winning tile and the situation."""
        rng, style = self.rng, self.style
        n_exposed = rng.choices(range(5), weights=style.exposure)[0]
        order = list(range(4))
        rng.shuffle(order)
        exposed = set(order[:n_exposed])
        melds: list[Meld] = []
        hidden: list[Tile] = [pair, pair]
        for i, (kind, first) in enumerate(sets):
            if kind == PUNG and rng.random() < style.kong and counts[first] == 3:
                counts[first] += 1
                melds.append(Meld(KONG, first, exposed=i in exposed or rng.random() < 0.4))
            elif i in exposed:
                melds.append(Meld(kind, first, exposed=True))
            else:
                hidden.extend(_set_tiles(kind, first) or ())
        win = rng.choice(hidden)
        hidden.remove(win)
        melds.sort(key=lambda m: (m.tile.code, m.kind))
        return self._with_situation(tuple(melds), tuple(sorted(hidden)), win)

    # -- the other shapes, from the shapes the engine reads --------------------------
    def _special(self) -> Draft | None:
        rng = self.rng
        kind = rng.choices(SPECIAL_SHAPES, weights=(74, 4, 11, 11))[0]
        if kind == SEVEN_PAIRS:
            suits, honors = self._suit_plan()
            pool = [suited(s, r) for s in suits for r in range(1, 10)]
            if honors:
                pool += [tile(x) for x in WIND_LETTERS + DRAGON_LETTERS]
            if len(pool) < 7:
                return None
            faces = rng.sample(pool, 7)
            if rng.random() < 0.1:
                faces[-1] = faces[0]  # four of a kind as two pairs
            tiles = [t for t in faces for _ in range(2)]
        elif kind == THIRTEEN_ORPHANS:
            tiles = [ALL_TILES[c] for c in sorted(ORPHAN_CODES)]
            tiles.append(rng.choice(tiles))
        elif kind == HONORS_AND_KNITTED:
            codes, _ = rng.choice(KNITTED_ARRANGEMENTS)
            pool = sorted(codes | HONOR_CODES)
            tiles = [ALL_TILES[c] for c in rng.sample(pool, 14)]
        else:
            codes, _ = rng.choice(KNITTED_ARRANGEMENTS)
            tiles = [ALL_TILES[c] for c in sorted(codes)]
            counts: Counter = Counter(tiles)
            kind_, first = self._random_set(list(SUITS), True)
            set_tiles = _set_tiles(kind_, first)
            pair = rng.choice(ALL_TILES)
            if set_tiles is None or not _available(counts, set_tiles):
                return None
            counts.update(set_tiles)
            if not _available(counts, (pair, pair)):
                return None
            if rng.random() < 0.3:
                win = rng.choice(tiles + [pair])
                hidden = tiles + [pair, pair]
                hidden.remove(win)
                return self._with_situation((Meld(kind_, first, True),), tuple(sorted(hidden)), win)
            tiles += list(set_tiles) + [pair, pair]
        win = rng.choice(tiles)
        tiles.remove(win)
        return self._with_situation((), tuple(sorted(tiles)), win)

    # -- the situation ---------------------------------------------------------------
    def _with_situation(self, melds: tuple[Meld, ...], concealed: tuple[Tile, ...], win: Tile) -> Draft:
        rng = self.rng
        situation = rules.Situation(
            self_drawn=rng.random() < 0.4, seat_wind=rng.choice(WIND_LETTERS), prevalent_wind=rng.choice(WIND_LETTERS),
            flowers=rng.choices(range(FLOWER_COUNT + 1), weights=FLOWER_WEIGHTS)[0])
        draft = Draft(melds, concealed, win, situation)
        if rng.random() < self.style.flags:
            draft = _toggle_flag(rng, draft) or draft
        return draft


def _toggle_flag(rng: random.Random, draft: Draft) -> Draft:
    """Clear a rare situation flag, or propose one alone among the rare flags. Whether it
    can happen with this hand (and self-drawn or not) is the fan table's situation rules'
    to say: HandBuilder.score keeps only what they allow."""
    s = draft.situation
    flag = rng.choice(FLAGS)
    if getattr(s, flag):
        return replace(draft, situation=replace(s, **{flag: False}))
    return replace(draft, situation=replace(s, **{f: f == flag for f in FLAGS}))


# -- mutations: small generic changes that keep a hand a hand ----------------------------

def _map_tiles(draft: Draft, f: Callable[[Tile], Tile]) -> Draft | None:
    melds = []
    for m in draft.melds:
        if m.kind == CHOW:
            low = min(f(t) for t in m.tiles)
            melds.append(Meld(CHOW, low, m.exposed))
        else:
            melds.append(Meld(m.kind, f(m.tile), m.exposed))
    return Draft(tuple(melds), tuple(sorted(f(t) for t in draft.concealed)), f(draft.win), draft.situation)


def _permute_suits(rng: random.Random, draft: Draft) -> Draft | None:
    order = list(SUITS)
    rng.shuffle(order)
    to = dict(zip(SUITS, order))
    return _map_tiles(draft, lambda t: t if t.is_honor else suited(to[t.suit], t.rank))


def _mirror(rng: random.Random, draft: Draft) -> Draft | None:
    return _map_tiles(draft, lambda t: t if t.is_honor else suited(t.suit, 10 - t.rank))


def _shift(rng: random.Random, draft: Draft) -> Draft | None:
    suit = rng.choice(SUITS)
    step = rng.choice((-2, -1, 1, 2))
    ranks = [t.rank for t in draft.all_tiles if t.suit == suit]
    if not ranks or min(ranks) + step < 1 or max(ranks) + step > 9:
        return None
    return _map_tiles(draft, lambda t: suited(suit, t.rank + step) if t.suit == suit else t)


def _permute_honors(rng: random.Random, draft: Draft) -> Draft | None:
    to: dict[str, str] = {}
    for group in (WIND_LETTERS, DRAGON_LETTERS):
        shuffled = list(group)
        rng.shuffle(shuffled)
        to.update(zip(group, shuffled))
    return _map_tiles(draft, lambda t: tile(to[t.letter]) if t.is_honor else t)


def _rewin(rng: random.Random, draft: Draft) -> Draft | None:
    standing = list(draft.standing)
    win = rng.choice(standing)
    standing.remove(win)
    return replace(draft, concealed=tuple(sorted(standing)), win=win)


def _swap_tile(rng: random.Random, draft: Draft) -> Draft | None:
    standing = list(draft.standing)
    i = rng.randrange(len(standing))
    standing[i] = rng.choice(ALL_TILES)
    if not is_winning(counts_of(standing), len(draft.melds)):
        return None
    win = standing.pop()
    return replace(draft, concealed=tuple(sorted(standing)), win=win)


def _split(rng: random.Random, draft: Draft) -> list[tuple[str, int]] | None:
    """One reading of the standing tiles as sets and a pair (None for other shapes)."""
    splits = standard_splits(counts_of(draft.standing))
    return list(rng.choice(splits)) if splits else None


def _take(standing: list[Tile], tiles: tuple[Tile, ...], win: Tile) -> tuple[tuple[Tile, ...], Tile] | None:
    """Remove `tiles` from the standing tiles; the winning tile stays standing."""
    rest = list(standing)
    for t in tiles:
        rest.remove(t)
    if win not in rest:
        return None  # the set holds the winning tile, so it was not claimed before the win
    rest.remove(win)
    return tuple(sorted(rest)), win


def _claim_set(rng: random.Random, draft: Draft) -> Draft | None:
    """Declare a concealed chow or pung as a claimed meld."""
    split = _split(rng, draft)
    sets = [(k, c) for k, c in split or () if k in (CHOW, PUNG)]
    if not sets or len(draft.melds) >= 4:
        return None
    kind, code = rng.choice(sets)
    first = ALL_TILES[code]
    taken = _take(list(draft.standing), _set_tiles(kind, first) or (), draft.win)
    if taken is None:
        return None
    concealed, win = taken
    melds = tuple(sorted(draft.melds + (Meld(kind, first, True),), key=lambda m: (m.tile.code, m.kind)))
    return Draft(melds, concealed, win, draft.situation)


def _conceal_meld(rng: random.Random, draft: Draft) -> Draft | None:
    melds = [m for m in draft.melds if m.kind != KONG]
    if not melds:
        return None
    m = rng.choice(melds)
    rest = list(draft.melds)
    rest.remove(m)
    return Draft(tuple(rest), tuple(sorted(draft.concealed + m.tiles)), draft.win, draft.situation)


def _kong(rng: random.Random, draft: Draft) -> Draft | None:
    """Promote a pung (claimed or concealed) to a kong, or bring a kong back to a pung."""
    held = Counter(draft.all_tiles)
    kongs = [m for m in draft.melds if m.kind == KONG]
    if kongs and rng.random() < 0.4:
        m = rng.choice(kongs)
        rest = list(draft.melds)
        rest.remove(m)
        if m.exposed:
            return replace(draft, melds=tuple(rest + [Meld(PUNG, m.tile, True)]))
        return Draft(tuple(rest), tuple(sorted(draft.concealed + (m.tile,) * 3)), draft.win, draft.situation)
    claimed = [m for m in draft.melds if m.kind == PUNG]
    split = _split(rng, draft)
    hidden = [ALL_TILES[c] for k, c in split or () if k == PUNG]
    options = [("claimed", m.tile) for m in claimed] + [("hidden", t) for t in hidden]
    options = [(where, t) for where, t in options if held[t] == 3]
    if not options:
        return None
    where, face = rng.choice(options)
    if where == "claimed":
        rest = [m for m in draft.melds if not (m.kind == PUNG and m.tile == face)]
        return replace(draft, melds=tuple(rest + [Meld(KONG, face, True)]))
    if len(draft.melds) >= 4:
        return None
    taken = _take(list(draft.standing), (face,) * 3, draft.win)
    if taken is None:
        return None
    concealed, win = taken
    return Draft(draft.melds + (Meld(KONG, face, rng.random() < 0.5),), concealed, win, draft.situation)


def _swap_set(rng: random.Random, draft: Draft) -> Draft | None:
    """Replace one concealed set by a random chow or pung."""
    split = _split(rng, draft)
    sets = [(k, c) for k, c in split or () if k in (CHOW, PUNG)]
    if not sets:
        return None
    kind, code = rng.choice(sets)
    standing = list(draft.standing)
    for t in _set_tiles(kind, ALL_TILES[code]) or ():
        standing.remove(t)
    new_kind = rng.choice((CHOW, PUNG))
    first = rng.choice(ALL_TILES)
    new = _set_tiles(new_kind, first)
    if new is None:
        return None
    standing.extend(new)
    win = draft.win if draft.win in standing else rng.choice(standing)
    standing.remove(win)
    return replace(draft, concealed=tuple(sorted(standing)), win=win)


def _situation(rng: random.Random, draft: Draft) -> Draft | None:
    s = draft.situation
    what = rng.randrange(5)
    if what == 0:
        return replace(draft, situation=replace(s, self_drawn=not s.self_drawn))
    if what == 1:
        return replace(draft, situation=replace(s, seat_wind=rng.choice(WIND_LETTERS)))
    if what == 2:
        return replace(draft, situation=replace(s, prevalent_wind=rng.choice(WIND_LETTERS)))
    if what == 3:
        return replace(draft, situation=replace(s, flowers=rng.choices(range(FLOWER_COUNT + 1),
                                                                          weights=FLOWER_WEIGHTS)[0]))
    return _toggle_flag(rng, draft)


MUTATIONS: tuple[Callable[[random.Random, Draft], Draft | None], ...] = (
    _permute_suits, _mirror, _shift, _permute_honors, _rewin, _rewin, _swap_tile, _swap_tile, _claim_set,
    _conceal_meld, _kong, _swap_set, _swap_set, _situation, _situation, _situation)


def draft_of(hand: str, situation: dict[str, Any] | None = None, table: FanTable | None = None) -> Draft:
    """A Draft from a hand in the notation (the fans.yaml examples seed the pools this way)."""
    parsed = rules.parse_hand(hand)
    melds = tuple(Meld(g.kind, g.tiles[0], g.claimed) for g in parsed.melds)
    return Draft(melds, tuple(sorted(parsed.standing[:-1])), parsed.winning_tile,
                 rules.situation_for(table or rules.fan_table(), **(situation or {})))


class HandBuilder:
    """Builds winning hands on request. Same seed and table, same hands in the same order."""

    def __init__(self, seed: int | str = 0, table: FanTable | None = None) -> None:
        self.rng = random.Random(seed)
        self.table = table or rules.fan_table()
        self._pools: dict[str, list[Draft]] = {}
        self._examples: list[tuple[Draft, dict[str, int]]] | None = None
        self._hits: dict[str, list[int]] = {}   # fan -> [fresh tries, fresh hits, mutation tries, mutation hits]
        self.tries = 0                           # candidates scored, for the benchmark

    def score(self, draft: Draft) -> BuiltHand | None:
        """The engine's verdict on a candidate; None when it is no legal winning hand."""
        self.tries += 1
        try:
            draft = self._possible(draft)
            if draft is None:
                return None
            result = rules.score_with_table(self.table, draft.notation(), **draft.situation.as_dict())
        except rules.RulesError:
            return None
        return BuiltHand(draft, result)

    def _possible(self, draft: Draft) -> Draft | None:
        """The draft as its situation can happen by the table's rules: as it is, else
        won the other way (self-drawn or on a discard); None when neither can."""
        hand = draft.notation()
        for situation in (draft.situation, replace(draft.situation, self_drawn=not draft.situation.self_drawn)):
            if rules.situation_problem(self.table, hand, situation) is None:
                return replace(draft, situation=situation)
        return None

    def build(self, *, fan: str | None = None, level: str | None = None, band: tuple[int, int] | None = None,
              valid: bool | None = True, max_tries: int = 20000,
              accept: Callable[[BuiltHand], bool] | None = None) -> BuiltHand:
        """A hand that scores `fan` (an id from the fan table), lands in `level`, totals
        within `band` (inclusive), is (or is not) a valid win and, given `accept`, is one
        it accepts (what a question needs of its hand). Raises BuildError."""
        if fan is not None and fan not in self.table.by_id:
            raise BuildError(f"unknown fan {fan!r}")
        if level is not None and level not in levels.LEVELS:
            raise BuildError(f"unknown level {level!r}; levels: {', '.join(levels.LEVELS)}")
        fresh = _Fresh(self.rng, STYLES[level])
        for _ in range(max_tries):
            from_pool = fan is not None and self._use_pool(fan)
            draft = self._mutant(fan) if from_pool else fresh.draft()
            if draft is None:
                continue
            built = self.score(draft)
            if built is None:
                continue
            hit = fan is None or fan in built.result.fan_counts()
            if fan is not None:
                self._record(fan, from_pool, hit, draft)
            if not hit:
                continue
            r = built.result
            if valid is not None and r.valid != valid:
                continue
            if band is not None and not band[0] <= r.total <= band[1]:
                continue
            if accept is not None and not accept(built):
                continue
            if level is not None and levels.hand_level(built.draft, r, self.table) != level:
                continue
            return built
        wanted = ", ".join(f"{k}={v}" for k, v in (("fan", fan), ("level", level), ("band", band), ("valid", valid),
                                                   ("accept", getattr(accept, "__name__", accept)))
                           if v is not None)
        raise BuildError(f"no hand with {wanted or 'no constraint'} in {max_tries} tries")

    # -- targeting -------------------------------------------------------------------------
    def _scored_examples(self) -> list[tuple[Draft, dict[str, int]]]:
        """Every example hand of the fan table with the fans it scores (worked out once)."""
        if self._examples is None:
            self._examples = []
            for f in self.table.fans:
                for ex in f.examples:
                    try:
                        result = rules.score_with_table(self.table, ex.hand, **ex.situation)
                        self._examples.append((draft_of(ex.hand, ex.situation, self.table), result.fan_counts()))
                    except rules.RulesError:
                        continue
        return self._examples

    def _pool(self, fan: str) -> list[Draft]:
        if fan not in self._pools:
            self._pools[fan] = [draft for draft, counts in self._scored_examples() if counts.get(fan)]
        return self._pools[fan]

    def _use_pool(self, fan: str) -> bool:
        if not self._pool(fan):
            return False
        ft, fh, mt, mh = self._hits.setdefault(fan, [0, 0, 0, 0])
        fresh_rate = (fh + 1) / (ft + 2)
        pool_rate = (mh + 1) / (mt + 2)
        # Prefer fresh hands for variety unless the pool finds the fan clearly more often.
        return self.rng.random() < pool_rate / (pool_rate + 3 * fresh_rate)

    def _record(self, fan: str, from_pool: bool, hit: bool, draft: Draft) -> None:
        stats = self._hits.setdefault(fan, [0, 0, 0, 0])
        stats[2 if from_pool else 0] += 1
        stats[3 if from_pool else 1] += hit
        if hit:
            pool = self._pool(fan)
            if len(pool) < 64:
                pool.append(draft)
            else:
                pool[self.rng.randrange(len(pool))] = draft

    def _mutant(self, fan: str) -> Draft | None:
        rng = self.rng
        seed = rng.choice(self._pool(fan))
        draft = seed
        for _ in range(1 + min(4, int(rng.expovariate(0.8)))):
            draft = rng.choice(MUTATIONS)(rng, draft) or draft
        if rng.random() < 0.7:
            # The examples mostly sit East in an East round without flowers; players do not.
            draft = replace(draft, situation=replace(
                draft.situation, seat_wind=rng.choice(WIND_LETTERS), prevalent_wind=rng.choice(WIND_LETTERS),
                flowers=rng.choices(range(FLOWER_COUNT + 1), weights=FLOWER_WEIGHTS)[0]))
        # A mutant must change tiles, not only the situation: variety is the point.
        return None if draft.notation() == seed.notation() else draft
