"""Simulated games between plan-following players: an estimate of how often each fan
occurs in play, for the quiz levels (generator/quizzes/play_frequencies.yaml).

No public per-fan statistics of human MCR play were found, so the levels rest on this
estimate. A simulated player does what players are taught to do, and nothing more:

- it keeps the tiles of the nearest complete hands (fewest tiles missing), every one of
  them scored by the engine, and values each by its points (under the minimum it
  cannot be won) and by the chance of drawing or claiming the tiles it lacks;
- it discards the tile the most valuable of those hands can spare;
- it claims a tile (chow, pung, kong) when the hands the claim leads to are worth more
  than waiting, declares a kong its plan holds as a pung, and wins whenever the engine
  says the win is valid.

It does not read the other players' hands or discard defensively, and it always takes
a valid win. The estimate is for telling common fans from rare ones; it is no ranking
of fans close in frequency. The tool `tools/estimate_play_frequencies.py` runs it.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable

import rules
from rules import HONOR_CODES, KNITTED_ARRANGEMENTS, ORPHAN_CODES, FanTable, is_winning
from rules.groups import CHOW, KONG, PUNG
from rules.tiles import ALL_TILES, COPIES_PER_FACE, FLOWER_COUNT, WIND_LETTERS

from .hand_builder import Draft, Meld

FACES = len(ALL_TILES)
FLOWER = -1                      # a flower in the wall
SET_SIZE = 3
SETS_AND_PAIR = 4                # a standard hand: four sets and a pair (13 tiles + the winning one)
HAND_TILES = SETS_AND_PAIR * SET_SIZE + 1
PAIRS_HAND = 7                   # the seven pairs shape
ORPHAN_FACES = len(ORPHAN_CODES)
KNITTED_TILES = 9                # a knitted straight: 147, 258, 369 in three suits
MAX_SHORTFALL = 8                # a holding further than this from every hand is not planned

# How a player values a planned hand: points give a bonus on a log scale above the
# minimum; a hand one point short is worth something (self-drawn may lift it), one
# further short almost nothing (it only guides the shape while nothing better is near).
SHORT_BY_ONE = 0.3
SHORT = 0.02
POINTS_BONUS = 0.5
CLAIM_MARGIN = 1.15              # a claim must raise the value of the holding by this factor
MAX_TARGETS = 400                # planned hands kept per decision (the nearest first)
MAX_SCORED = 120                 # ...of which the likeliest are scored by the engine
CACHE_LIMIT = 300_000            # scored candidate hands remembered


def _set_types() -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    pungs = [(PUNG, t.code, (t.code,) * SET_SIZE) for t in ALL_TILES]
    chows = [(CHOW, t.code, tuple(range(t.code, t.code + SET_SIZE))) for t in ALL_TILES
             if not t.is_honor and t.rank <= 9 - SET_SIZE + 1]
    return tuple(pungs + chows)


SETS = _set_types()


@dataclass(frozen=True, slots=True)
class Target:
    """A complete hand a player may aim for: its concealed tiles and what it lacks."""

    tiles: tuple[int, ...]      # the concealed part of the complete hand, sorted codes
    missing: tuple[int, ...]    # tiles to draw or claim
    surplus: tuple[int, ...]    # tiles held that it does not use (what may be discarded)


# -- the nearest complete hands -----------------------------------------------------------

def _set_shapes() -> tuple[tuple[bool, int, int, int], ...]:
    """Each set type as (is a pung, its three faces): the search's inner loop reads these."""
    return tuple((kind == PUNG, *codes) for kind, _, codes in SETS)


SHAPES = _set_shapes()


def _standard_targets(held: list[int], room: list[int], sets_needed: int, budget: int) -> list[tuple]:
    """Every complete standard hand (sets and a pair) missing at most `budget` tiles of
    `held`. `room[c]` is how many copies of face c the hand may still hold."""
    search = _TargetSearch(held, room, budget)
    search.sets_from(0, sets_needed, 0)
    return search.found


class _TargetSearch:
    """The depth-first search behind _standard_targets: sets chosen in SHAPES order (a set
    type may repeat), each taking what it can of the held tiles, then a pair."""

    __slots__ = ("rem", "room", "budget", "placed", "missing", "total", "found")

    def __init__(self, held: list[int], room: list[int], budget: int) -> None:
        self.rem, self.room, self.budget = list(held), list(room), budget
        self.placed: list[int] = []
        self.missing: list[int] = []
        self.total = sum(held)
        self.found: list[tuple] = []

    def pair(self, cost: int) -> None:
        rem, room = self.rem, self.room
        for c in range(FACES):
            if room[c] >= 2:
                need = 2 - min(2, rem[c])
                if cost + need <= self.budget:
                    self.found.append((tuple(self.placed) + (c, c), tuple(self.missing) + (c,) * need))

    def sets_from(self, start: int, left: int, cost: int) -> None:
        if left == 0:
            self.pair(cost)
            return
        spare = self.budget - cost
        if left * SET_SIZE + 2 - self.total > spare:
            return  # even using every held tile, too many would be missing
        rem, room = self.rem, self.room
        for i in range(start, len(SHAPES)):
            is_pung, a, b, c = SHAPES[i]
            # The cheap refusals stay in this loop: it runs for every set type at every depth.
            if is_pung:
                if room[a] >= SET_SIZE and SET_SIZE - min(SET_SIZE, rem[a]) <= spare:
                    self._pung(i, a, left, cost)
            elif room[a] and room[b] and room[c] and SET_SIZE - (rem[a] > 0) - (rem[b] > 0) - (rem[c] > 0) <= spare:
                self._chow(i, a, b, c, left, cost)

    def _pung(self, i: int, a: int, left: int, cost: int) -> None:
        rem, room = self.rem, self.room
        have = min(SET_SIZE, rem[a])
        rem[a] -= have
        room[a] -= SET_SIZE
        self._descend(i, (a, a, a), (a,) * (SET_SIZE - have), have, left, cost)
        room[a] += SET_SIZE
        rem[a] += have

    def _chow(self, i: int, a: int, b: int, c: int, left: int, cost: int) -> None:
        rem, room = self.rem, self.room
        ha, hb, hc = rem[a] > 0, rem[b] > 0, rem[c] > 0
        rem[a] -= ha
        rem[b] -= hb
        rem[c] -= hc
        room[a] -= 1
        room[b] -= 1
        room[c] -= 1
        lacking = tuple(x for x, h in ((a, ha), (b, hb), (c, hc)) if not h)
        self._descend(i, (a, b, c), lacking, ha + hb + hc, left, cost)
        room[a] += 1
        room[b] += 1
        room[c] += 1
        rem[a] += ha
        rem[b] += hb
        rem[c] += hc

    def _descend(self, i: int, faces: tuple[int, ...], lacking: tuple[int, ...], taken: int,
                 left: int, cost: int) -> None:
        """Search on with one more set placed (its faces, the ones it lacks), then undo it."""
        self.total -= taken
        self.placed.extend(faces)
        self.missing.extend(lacking)
        self.sets_from(i, left - 1, cost + len(lacking))
        del self.placed[-SET_SIZE:]
        if lacking:
            del self.missing[-len(lacking):]
        self.total += taken


def _seven_pairs_targets(held: list[int], room: list[int], budget: int) -> list[tuple]:
    pairs = [c for c in range(FACES) for _ in range(held[c] // 2)]
    singles = [c for c in range(FACES) if held[c] % 2 and room[c] >= held[c] + 1]
    need = PAIRS_HAND - len(pairs)
    if need < 0 or need > budget or need > len(singles):
        return []
    out = []
    for chosen in combinations(singles, need):
        tiles = tuple(sorted(pairs * 2 + [c for c in chosen for _ in range(2)]))
        out.append((tiles, chosen))
        if len(out) >= MAX_TARGETS // 4:
            break
    return out


def _orphans_targets(held: list[int], budget: int) -> list[tuple]:
    faces = sorted(ORPHAN_CODES)
    lacking = [c for c in faces if held[c] == 0]
    doubled = [c for c in faces if held[c] >= 2]
    options = [(c, ()) for c in doubled[:1]] or [(c, () if held[c] else (c,)) for c in faces]
    out = []
    for extra, more in options:
        missing = tuple(lacking) + tuple(more) if extra not in lacking else tuple(lacking) + (extra,)
        if len(missing) <= budget:
            out.append((tuple(sorted(faces + [extra])), missing))
    return out


def _knitted_targets(held: list[int], room: list[int], sets_needed: int, budget: int) -> list[tuple]:
    """Knitted straight hands (one set and a pair besides) and honors-and-knitted hands."""
    out: list[tuple] = []
    for codes, _ in KNITTED_ARRANGEMENTS:
        knit = sorted(codes)
        rest = list(held)
        lacking = []
        for c in knit:
            if rest[c] > 0:
                rest[c] -= 1
            else:
                lacking.append(c)
        if len(lacking) <= budget:
            space = list(room)
            for c in knit:
                space[c] -= 1
            for tiles, missing in _standard_targets(rest, space, sets_needed, budget - len(lacking)):
                out.append((tuple(sorted(knit + list(tiles))), tuple(lacking) + missing))
        if sets_needed != SETS_AND_PAIR - 1:
            continue  # honors and knitted tiles: no claimed set
        pool = sorted(set(codes) | HONOR_CODES)
        have = [c for c in pool if held[c]]
        want = HAND_TILES + 1 - len(have)
        if 0 <= want <= budget:
            for chosen in combinations([c for c in pool if not held[c]], want):
                out.append((tuple(sorted(have + list(chosen))), chosen))
    return out


def nearest_targets(held: list[int], melds: int, room: list[int], allowed: Callable[[tuple[int, ...]], bool]
                    ) -> list[Target]:
    """The complete hands nearest `held` (a concealed holding of a player with `melds`
    declared sets): those missing the fewest tiles, and one tile more when that is
    still few, among the shapes the hand can take. `allowed` drops hands needing
    tiles no longer to be had."""
    sets_needed = SETS_AND_PAIR - melds
    size = sets_needed * SET_SIZE + 2
    found: list[tuple] = []
    best = None
    for budget in range(MAX_SHORTFALL + 1):
        found = _all_shapes(held, room, melds, sets_needed, budget)
        found = [(tiles, missing) for tiles, missing in found if allowed(missing)]
        if found:
            best = budget
            break
    if best is None:
        return []
    if best <= 3:
        found = [(t, m) for t, m in _all_shapes(held, room, melds, sets_needed, best + 1) if allowed(m)]
    unique: dict[tuple[int, ...], tuple[int, ...]] = {}
    for tiles, missing in found:
        if len(tiles) == size:
            unique.setdefault(tiles, missing)
    ranked = sorted(unique.items(), key=lambda kv: (len(kv[1]), kv[0]))[:MAX_TARGETS]
    return [Target(tiles, tuple(sorted(missing)), _surplus(held, tiles)) for tiles, missing in ranked]


def _all_shapes(held: list[int], room: list[int], melds: int, sets_needed: int, budget: int) -> list[tuple]:
    found = _standard_targets(held, room, sets_needed, budget)
    if melds <= 1:
        found += _knitted_targets(held, room, sets_needed, budget)
    if melds == 0:
        found += _seven_pairs_targets(held, room, budget)
        found += _orphans_targets(held, budget)
    return found


def _surplus(held: list[int], tiles: tuple[int, ...]) -> tuple[int, ...]:
    left = list(held)
    for c in tiles:
        if left[c]:
            left[c] -= 1
    return tuple(c for c in range(FACES) for _ in range(left[c]))


# -- the players and the table --------------------------------------------------------------

@dataclass
class Player:
    seat: str
    concealed: list[int] = field(default_factory=lambda: [0] * FACES)
    melds: list[Meld] = field(default_factory=list)
    flowers: int = 0

    def room(self) -> list[int]:
        """Copies of each face a complete hand may still take into the concealed part."""
        room = [COPIES_PER_FACE] * FACES
        for m in self.melds:
            for t in m.tiles:
                room[t.code] -= 1
        return room

    def own_hidden(self) -> int:
        return sum(self.concealed) + sum(len(m.tiles) for m in self.melds if not m.exposed)


@dataclass(frozen=True, slots=True)
class Win:
    """A winning hand of a simulated game, as the quiz builder's drafts are."""

    draft: Draft
    turn: int                  # discards made before the win


class Planner:
    """Values holdings by the complete hands near them; remembers every hand it scored."""

    def __init__(self, table: FanTable) -> None:
        self.table = table
        self.minimum = table.minimum_points
        self._points: dict[tuple, int] = {}

    def points(self, melds: list[Meld], tiles: tuple[int, ...], win: int, seat: str, prevalent: str) -> int:
        """What a complete hand scores without flowers, won on a discard (-1: not legal)."""
        standing = list(tiles)
        standing.remove(win)
        hand = "".join(m.notation() for m in melds) + _text(standing) + ALL_TILES[win].text
        key = (hand, seat, prevalent)
        got = self._points.get(key)
        if got is None:
            try:
                result = rules.score_with_table(self.table, hand, seat_wind=seat, prevalent_wind=prevalent)
                got = result.total_without_flowers
            except rules.RulesError:
                got = -1
            if len(self._points) >= CACHE_LIMIT:
                self._points.clear()
            self._points[key] = got
        return got

    def worth(self, points: int) -> float:
        if points >= self.minimum:
            return 1.0 + POINTS_BONUS * math.log2(points / self.minimum)
        return SHORT_BY_ONE if points == self.minimum - 1 else SHORT

    def weighed(self, player: Player, held: list[int], prevalent: str, unseen: list[int], rate: float
                ) -> list[tuple[Target, float]]:
        """The nearest complete hands of a holding, each with its value to the player."""
        targets = nearest_targets(held, len(player.melds), player.room(),
                                  lambda missing: all(unseen[c] >= missing.count(c) for c in set(missing)))
        chances = []
        for target in targets:
            chance = 1.0
            taken: dict[int, int] = {}
            for c in target.missing:
                k = taken.get(c, 0)
                chance *= min(1.0, (unseen[c] - k) * rate)
                taken[c] = k + 1
            chances.append((chance, target))
        chances.sort(key=lambda ct: -ct[0])   # stable: nearest first among equals
        out = []
        for chance, target in chances[:MAX_SCORED]:
            win = target.missing[-1] if target.missing else target.tiles[-1]
            points = self.points(player.melds, target.tiles, win, player.seat, prevalent)
            if points >= 0:
                out.append((target, self.worth(points) * chance))
        return out


def _text(codes: list[int]) -> str:
    from rules.tiles import format_tiles
    return format_tiles([ALL_TILES[c] for c in sorted(codes)])


class Game:
    """One hand of MCR from the deal to a win or an exhausted wall."""

    def __init__(self, rng: random.Random, table: FanTable, planner: Planner, prevalent: str) -> None:
        self.rng = rng
        self.table = table
        self.planner = planner
        self.prevalent = prevalent
        wall = [c for c in range(FACES) for _ in range(COPIES_PER_FACE)] + [FLOWER] * FLOWER_COUNT
        rng.shuffle(wall)
        self.wall = deque(wall)
        self.players = [Player(seat) for seat in WIND_LETTERS]
        self.seen = [0] * FACES          # tiles every player can see: discards and exposed melds
        self.discards = 0

    # -- drawing -----------------------------------------------------------------------------
    def _draw(self, player: Player, from_back: bool = False) -> int | None:
        """A tile from the wall; flowers are set aside and replaced from the back."""
        while self.wall:
            c = self.wall.pop() if from_back else self.wall.popleft()
            if c != FLOWER:
                player.concealed[c] += 1
                return c
            player.flowers += 1
            from_back = True
        return None

    def _unseen(self, player: Player) -> list[int]:
        hidden = [0] * FACES
        for m in player.melds:
            if not m.exposed:
                for t in m.tiles:
                    hidden[t.code] += 1
        return [COPIES_PER_FACE - self.seen[c] - player.concealed[c] - hidden[c] for c in range(FACES)]

    def _rate(self, player: Player) -> float:
        """The chance, per copy not yet seen, that the player gets it in time."""
        unknown = FACES * COPIES_PER_FACE - sum(self.seen) - player.own_hidden()
        draws_left = len(self.wall) / len(self.players) + 1
        return min(0.5, draws_left / max(1, unknown))

    # -- valuing holdings -----------------------------------------------------------------
    def _discard_values(self, player: Player) -> dict[int, float]:
        """For each tile the player could discard, the value of what it keeps."""
        values = {c: 0.0 for c in range(FACES) if player.concealed[c]}
        for target, value in self.planner.weighed(player, player.concealed, self.prevalent, self._unseen(player),
                                                  self._rate(player)):
            for c in set(target.surplus):
                values[c] += value
        return values

    def _best_discard(self, player: Player) -> tuple[int, float]:
        values = self._discard_values(player)
        # Ties (often at the start): honors and terminals first, as players do.
        return max(values.items(), key=lambda kv: (kv[1], ALL_TILES[kv[0]].is_terminal_or_honor, -kv[0]))

    def _waiting_value(self, player: Player) -> float:
        return sum(v for _, v in self.planner.weighed(player, player.concealed, self.prevalent,
                                                     self._unseen(player), self._rate(player)))

    def _top_target(self, player: Player) -> Target | None:
        weighed = self.planner.weighed(player, player.concealed, self.prevalent, self._unseen(player),
                                       self._rate(player))
        return max(weighed, key=lambda tv: tv[1])[0] if weighed else None

    # -- winning -----------------------------------------------------------------------------
    def _win(self, player: Player, win: int, *, self_drawn: bool, replacement: bool = False,
             robbing: bool = False) -> Win | None:
        """The player's win on `win` (already in its concealed tiles) if the engine
        finds it legal and valid, else None."""
        melds = len(player.melds)
        counts = tuple(player.concealed)
        if not is_winning(counts, melds):
            return None
        others_seen = self.seen[win] - (0 if self_drawn or robbing else 1)
        standing = [ALL_TILES[c] for c in range(FACES) for _ in range(player.concealed[c])]
        standing.remove(ALL_TILES[win])
        values = dict(self_drawn=self_drawn, replacement=replacement, robbing_kong=robbing,
                      last_wall_tile=not self.wall and not robbing, fourth_tile=others_seen >= COPIES_PER_FACE - 1,
                      seat_wind=player.seat, prevalent_wind=self.prevalent, flowers=player.flowers)
        situation = rules.situation_for(self.table, **values)
        draft = Draft(tuple(player.melds), tuple(sorted(standing)), ALL_TILES[win], situation)
        if situation.fourth_tile and rules.situation_problem(self.table, draft.notation(), situation):
            situation = rules.situation_for(self.table, **{**values, "fourth_tile": False})
            draft = Draft(draft.melds, draft.concealed, draft.win, situation)
        if rules.situation_problem(self.table, draft.notation(), situation):
            return None
        result = rules.score_with_table(self.table, draft.notation(), **situation.as_dict())
        return Win(draft, self.discards) if result.valid else None

    def _claim_win(self, discarder: int, c: int, robbing: bool = False) -> Win | None:
        """The first player after the discarder (in turn order) who wins on the tile."""
        for k in range(1, len(self.players)):
            player = self.players[(discarder + k) % len(self.players)]
            player.concealed[c] += 1
            won = self._win(player, c, self_drawn=False, robbing=robbing)
            player.concealed[c] -= 1
            if won:
                return won
        return None

    # -- kongs and claims --------------------------------------------------------------------
    def _kong_to_declare(self, player: Player, drawn: int) -> tuple[str, int] | None:
        """A kong the player declares on its turn: promote its claimed pung with the tile
        just drawn, or show four concealed tiles its plan holds as a pung."""
        for i, m in enumerate(player.melds):
            if m.kind == PUNG and m.tile.code == drawn and player.concealed[drawn]:
                return "promote", i
        fours = [c for c in range(FACES) if player.concealed[c] == COPIES_PER_FACE]
        if fours:
            top = self._top_target(player)
            for c in fours:
                if top is not None and top.tiles.count(c) >= SET_SIZE:
                    return "concealed", c
        return None

    def _claim(self, discarder: int, c: int) -> tuple[int, str, int] | None:
        """The claim made on a discard, if any: (player, kind, first tile of the set).
        A pung or kong comes before a chow; only the next player may chow."""
        n = len(self.players)
        for k in range(1, n):
            who = (discarder + k) % n
            player = self.players[who]
            if player.concealed[c] >= 2 and self._worth_claiming(player, c, PUNG, c):
                kong = player.concealed[c] == SET_SIZE and any(m.exposed for m in player.melds)
                return who, KONG if kong else PUNG, c
        who = (discarder + 1) % n
        player = self.players[who]
        tile = ALL_TILES[c]
        if tile.is_honor:
            return None
        best = None
        for low in range(max(1, tile.rank - 2), min(tile.rank, 9 - SET_SIZE + 1) + 1):
            first = c - tile.rank + low
            others = [x for x in range(first, first + SET_SIZE) if x != c]
            if all(player.concealed[x] for x in others) and self._worth_claiming(player, c, CHOW, first):
                best = best or (who, CHOW, first)
        return best

    def _worth_claiming(self, player: Player, c: int, kind: str, first: int) -> bool:
        before = self._waiting_value(player)
        trial = self._with_claim(player, c, kind, first)
        after = max(self._discard_values(trial).values(), default=0.0)
        return after > before * CLAIM_MARGIN and after > 0

    def _with_claim(self, player: Player, c: int, kind: str, first: int) -> Player:
        trial = Player(player.seat, list(player.concealed), list(player.melds), player.flowers)
        self._take_meld(trial, c, kind, first)
        return trial

    @staticmethod
    def _take_meld(player: Player, c: int, kind: str, first: int) -> Meld:
        meld = Meld(kind, ALL_TILES[first], exposed=True)
        used = [t.code for t in meld.tiles]
        used.remove(c)
        for x in used:
            player.concealed[x] -= 1
        player.melds.append(meld)
        return meld

    # -- the game ------------------------------------------------------------------------------
    def play(self) -> Win | None:
        for _ in range(HAND_TILES):
            for p in self.players:
                self._draw(p)
        turn, draw, replacement = 0, True, False
        while True:
            player = self.players[turn]
            if draw:
                drawn = self._draw(player, from_back=replacement)
                if drawn is None:
                    return None
                won = self._win(player, drawn, self_drawn=True, replacement=replacement)
                if won:
                    return won
                kong = self._kong_to_declare(player, drawn) if self.wall else None
                if kong:
                    robbed = self._declare_kong(turn, *kong)
                    if robbed:
                        return robbed
                    replacement = True
                    continue
            replacement = False
            c, _ = self._best_discard(player)
            player.concealed[c] -= 1
            self.seen[c] += 1
            self.discards += 1
            won = self._claim_win(turn, c)
            if won or not self.wall:
                return won
            claim = self._claim(turn, c)
            if claim is None:
                turn, draw = (turn + 1) % len(self.players), True
                continue
            turn, kind, first = claim
            meld = self._take_meld(self.players[turn], c, kind, first)
            self.seen[c] -= 1
            for t in meld.tiles:
                self.seen[t.code] += 1
            draw = replacement = kind == KONG

    def _declare_kong(self, turn: int, how: str, which: int) -> Win | None:
        """Declare a kong; another player may rob a promoted one. Returns the robbing win."""
        player = self.players[turn]
        if how == "promote":
            m = player.melds[which]
            c = m.tile.code
            won = self._claim_win(turn, c, robbing=True)
            if won:
                return won
            player.concealed[c] -= 1
            player.melds[which] = Meld(KONG, m.tile, exposed=True)
            self.seen[c] += 1
        else:
            player.concealed[which] -= COPIES_PER_FACE
            player.melds.append(Meld(KONG, ALL_TILES[which], exposed=False))
        return None


def play_game(index: int, seed: int | str, table: FanTable, planner: Planner) -> Win | None:
    """Game number `index` of a match seeded `seed` (the prevalent wind turns every four
    games, as in a match); the same index and seed give the same game."""
    rng = random.Random(f"{seed}:{index}")
    prevalent = WIND_LETTERS[(index // len(WIND_LETTERS)) % len(WIND_LETTERS)]
    return Game(rng, table, planner, prevalent).play()


def simulate(games: int, seed: int | str, table: FanTable | None = None,
             progress: Callable[[int, int], None] | None = None) -> list[Win]:
    """Play `games` hands; the wins, in order."""
    table = table or rules.fan_table()
    planner = Planner(table)
    wins = []
    for g in range(games):
        won = play_game(g, seed, table, planner)
        if won:
            wins.append(won)
        if progress:
            progress(g + 1, len(wins))
    return wins
