"""Random legal winning hands with consistent situations, reproducible from a seed; and
hands a few tiles away from them, as a player holds them before a discard.

Used by the property tests and the benchmarks; the quiz builder has its own, richer
generator on top of the engine. Every winning hand it returns parses and scores.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .api import fan_table, situation_for, situation_problem
from .notation import Hand, parse_hand
from .tiles import ALL_TILES, COPIES_PER_FACE, HONOR_LETTERS, SUITS, Tile, format_tiles, suited, tile

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class SampledHand:
    hand: str
    situation: dict[str, Any] = field(default_factory=dict)

    def request(self) -> dict[str, Any]:
        return {"hand": self.hand, **self.situation}

    @property
    def waiting(self) -> str:
        """The hand before its winning tile (13 tiles, for the wait finder), in notation."""
        won = parse_hand(self.hand)
        return Hand(won.melds, won.standing[:-1]).notation()


def _take(used: Counter, tiles: list[Tile]) -> bool:
    need = Counter(tiles)
    if any(used[t] + n > COPIES_PER_FACE for t, n in need.items()):
        return False
    used.update(need)
    return True


def _random_set(rng: random.Random, used: Counter) -> tuple[str, list[Tile]] | None:
    for _ in range(30):
        roll = rng.random()
        if roll < 0.58:
            suit = rng.choice(SUITS)
            start = rng.randint(1, 7)
            tiles = [suited(suit, start + k) for k in range(3)]
            kind = "chow"
        else:
            face = rng.choice(ALL_TILES)
            kind = "kong" if roll > 0.95 else "pung"
            tiles = [face] * (4 if kind == "kong" else 3)
        if _take(used, tiles):
            return kind, tiles
    return None


Built = tuple[list[str], list[Tile], bool, Counter]


def _standard(rng: random.Random) -> Built | None:
    used: Counter = Counter()
    sets = []
    for _ in range(4):
        s = _random_set(rng, used)
        if s is None:
            return None
        sets.append(s)
    pair_face = rng.choice([t for t in ALL_TILES if used[t] <= 2])
    used.update([pair_face, pair_face])
    n_melds = rng.choices((0, 1, 2, 3, 4), weights=(30, 25, 22, 15, 8))[0]
    rng.shuffle(sets)
    melds: list[str] = []
    standing: list[Tile] = []
    has_kong = False
    for i, (kind, tiles) in enumerate(sets):
        if kind == "kong":
            has_kong = True
            claimed = i < n_melds and rng.random() < 0.7
            melds.append(f"[{format_tiles(tiles)}{'1' if claimed else ''}]")
        elif i < n_melds:
            melds.append(f"[{format_tiles(tiles)}]")
        else:
            standing.extend(tiles)
    standing.extend([pair_face, pair_face])
    return melds, standing, has_kong, used


def _seven_pairs(rng: random.Random) -> Built:
    faces = rng.sample(ALL_TILES, 7)
    standing = [t for f in faces for t in (f, f)]
    return [], standing, False, Counter(standing)


def _thirteen_orphans(rng: random.Random) -> Built:
    orphans = [t for t in ALL_TILES if t.is_terminal_or_honor]
    standing = orphans + [rng.choice(orphans)]
    return [], standing, False, Counter(standing)


def _knitted(rng: random.Random) -> Built:
    order = list(SUITS)
    rng.shuffle(order)
    knitted = [suited(s, start + 3 * k) for start, s in zip((1, 2, 3), order) for k in range(3)]
    honors = [tile(h) for h in HONOR_LETTERS]
    standing = rng.sample(knitted + honors, 14)
    return [], standing, False, Counter(standing)


# Rare situation flags, each proposed this often; the fan table's situation rules decide
# which of them can happen with the hand.
RARE_FLAGS = (("replacement", 0.06), ("robbing_kong", 0.03), ("fourth_tile", 0.08), ("last_wall_tile", 0.03))


def sample_hand(rng: random.Random, table: Any = None) -> SampledHand:
    """One random legal winning hand with a situation that can happen by the rules of
    `table` (default: the project's fan table)."""
    table = table or fan_table()
    while True:
        roll = rng.random()
        if roll < 0.9:
            built = _standard(rng)
        elif roll < 0.96:
            built = _seven_pairs(rng)
        elif roll < 0.98:
            built = _thirteen_orphans(rng)
        else:
            built = _knitted(rng)
        if built is not None:
            break
    melds, standing, _, _ = built
    rng.shuffle(standing)
    win = standing.pop(rng.randrange(len(standing)))
    situation: dict[str, Any] = {
        "seat_wind": rng.choice(WINDS), "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.choices(range(9), weights=(40, 25, 15, 8, 5, 3, 2, 1, 1))[0],
        "self_drawn": rng.random() < 0.4,
    }
    proposed = [flag for flag, chance in RARE_FLAGS if rng.random() < chance]
    text = "".join(melds) + format_tiles(sorted(standing)) + win.text
    drawn = situation["self_drawn"]
    for flag in proposed:
        situation[flag] = True
        if flag == "replacement":
            del situation["self_drawn"]  # left to the table: a replacement tile brings self-drawn
        if situation_problem(table, text, situation_for(table, **situation)) is not None:
            del situation[flag]
            if flag == "replacement":
                situation["self_drawn"] = drawn
    return SampledHand(text, situation)


def sample_hands(count: int, seed: int, table: Any = None) -> list[SampledHand]:
    rng = random.Random(seed)
    return [sample_hand(rng, table) for _ in range(count)]


def sample_near_wins(count: int, seed: int, swaps: int = 2, table: Any = None) -> list[str]:
    """`count` winning hands with `swaps` of their standing tiles swapped for others (no face
    past four copies), in notation: 14 tiles, mostly one or two from ready."""
    rng = random.Random(seed)
    out = []
    for sampled in sample_hands(count, seed, table):
        hand = parse_hand(sampled.hand)
        standing = list(hand.standing)
        held = list(hand.copies)
        for _ in range(swaps):
            at = rng.randrange(len(standing))
            new = rng.choice([t for t in ALL_TILES if held[t.code] < COPIES_PER_FACE])
            held[standing[at].code] -= 1
            held[new.code] += 1
            standing[at] = new
        out.append(Hand(hand.melds, tuple(sorted(standing))).notation())
    return out
