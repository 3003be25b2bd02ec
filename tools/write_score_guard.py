"""Write the score guard (tests/engine/score_guard.jsonl.gz): seeded hands with their full
results in both editions, which tests/engine/test_score_guard.py checks the engine
still gives. Run it again only when a score is meant to change (a rule fixed in
fans.yaml), and say in the commit which scores changed and why.

    .venv/bin/python tools/write_score_guard.py [--random 2400] [--seed 24]

The hands: random legal winning hands from the engine's sampler (rules.sampling), the
example hands of every fan in both editions, and hard cases built here: hands of one
suit with many readings, chows that tangle the account-once principle, seven pairs
that are also four sets and a pair, knitted hands, thirteen orphans, kongs of every
kind, and every situation flag the table's situation rules allow.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from rules.sampling import sample_hands  # noqa: E402
from rules.tiles import ALL_TILES, HONOR_LETTERS, SUITS, Tile, format_tiles, suited, tile  # noqa: E402
from tests.engine.score_guard import GUARD_PATH, edition_tables, guard_record, write_guard  # noqa: E402

Case = tuple[str, dict[str, Any]]
WINDS = ("E", "S", "W", "N")
FLAGS = ("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile")


def _notation(melds: list[str], standing: list[Tile], win: Tile) -> str:
    return "".join(melds) + format_tiles(sorted(standing)) + win.text


def _with_each_win(melds: list[str], tiles: list[Tile], most: int, rng: random.Random) -> list[str]:
    """The hand once per face of its standing tiles taken as the winning tile (at most
    `most` of them): each moves the winning tile to another group, another wait."""
    faces = sorted(set(tiles), key=lambda t: t.code)
    rng.shuffle(faces)
    out = []
    for win in faces[:most]:
        rest = list(tiles)
        rest.remove(win)
        out.append(_notation(melds, rest, win))
    return out


def _random_situation(rng: random.Random) -> dict[str, Any]:
    return {"seat_wind": rng.choice(WINDS), "prevalent_wind": rng.choice(WINDS),
            "flowers": rng.choice((0, 0, 0, 1, 2, 8)), "self_drawn": rng.random() < 0.4}


def _chow(suit: str, start: int) -> list[Tile]:
    return [suited(suit, start + k) for k in range(3)]


def _fits(tiles: list[Tile]) -> bool:
    return max(Counter(tiles).values()) <= 4


def _sets_hand(sets: list[tuple[str, list[Tile]]], pair: Tile, rng: random.Random, most_wins: int) -> list[str]:
    """Hands of `sets` (kind, tiles) and a pair: some sets declared as melds, kongs
    melded or concealed, each with several winning tiles."""
    tiles = [t for _, s in sets for t in s] + [pair, pair]
    if not _fits(tiles):
        return []
    rng.shuffle(sets)
    n_melds = rng.choice((0, 0, 1, 2, 3, 4))
    melds, standing = [], [pair, pair]
    for i, (kind, s) in enumerate(sets):
        if kind == "kong":
            melds.append(f"[{format_tiles(s)}{'1' if i < n_melds else ''}]")
        elif i < n_melds:
            melds.append(f"[{format_tiles(s)}]")
        else:
            standing.extend(s)
    return _with_each_win(melds, standing, most_wins, rng)


def one_suit_hands(rng: random.Random, count: int) -> list[str]:
    """Four sets and a pair in one suit: many readings, many waits."""
    out: list[str] = []
    while len(out) < count:
        suit = rng.choice(SUITS)
        sets = [("chow", _chow(suit, rng.randint(1, 7))) if rng.random() < 0.7
                else ("pung", [suited(suit, rng.randint(1, 9))] * 3) for _ in range(4)]
        out.extend(_sets_hand(sets, suited(suit, rng.randint(1, 9)), rng, 4))
    gates = [suited("m", r) for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]   # waits on all nine
    out.extend(_notation([], gates, suited("m", r)) for r in range(1, 10))
    return out


def chow_tangles(rng: random.Random, count: int) -> list[str]:
    """Four chows from a narrow window of ranks in one or two suits: pairwise chow fans
    overlap, and account-once decides which count together."""
    out: list[str] = []
    while len(out) < count:
        suits = rng.sample(SUITS, rng.choice((1, 2, 2, 3)))
        low = rng.randint(1, 5)
        sets = [("chow", _chow(rng.choice(suits), rng.randint(low, min(7, low + 3)))) for _ in range(4)]
        if rng.random() < 0.25:
            sets[3] = ("pung", [suited(rng.choice(suits), rng.randint(1, 9))] * 3)
        pair = rng.choice(ALL_TILES)
        out.extend(_sets_hand(sets, pair, rng, 2))
    return out


def pairs_also_standard(rng: random.Random, count: int) -> list[str]:
    """Seven pairs that also read as four sets and a pair (two double chows and a
    pair), seven shifted pairs, and seven pairs with a face held four times."""
    out: list[str] = []
    while len(out) < count:
        roll = rng.random()
        if roll < 0.5:
            tiles = [t for _ in range(2) for t in _chow(rng.choice(SUITS), rng.randint(1, 7))]
            tiles += [t for _ in range(2) for t in _chow(rng.choice(SUITS), rng.randint(1, 7))]
            tiles += [rng.choice(ALL_TILES)] * 2
        elif roll < 0.7:
            suit, start = rng.choice(SUITS), rng.randint(1, 3)
            tiles = [suited(suit, start + k) for k in range(7) for _ in range(2)]
        else:
            faces = rng.sample(ALL_TILES, 6)
            tiles = [t for f in faces for t in (f, f)] + [faces[0], faces[0]]
        if _fits(tiles):
            out.extend(_with_each_win([], tiles, 3, rng))
    return out


def knitted_hands(rng: random.Random, count: int) -> list[str]:
    """Knitted straights with a set and a pair (concealed, or with the set melded),
    honors and knitted tiles of both sizes, thirteen orphans with every winning tile."""
    out: list[str] = []
    honors = [tile(h) for h in HONOR_LETTERS]
    while len(out) < count:
        order = rng.sample(SUITS, 3)
        knitted = [suited(s, start + 3 * k) for start, s in zip((1, 2, 3), order) for k in range(3)]
        roll = rng.random()
        if roll < 0.5:
            suit = rng.choice(SUITS)
            kind_tiles = _chow(suit, rng.randint(1, 7)) if rng.random() < 0.6 else [rng.choice(ALL_TILES)] * 3
            pair = rng.choice(ALL_TILES)
            if rng.random() < 0.3:
                tiles = knitted + [pair, pair]
                if _fits(tiles + kind_tiles):
                    out.extend(_with_each_win([f"[{format_tiles(kind_tiles)}]"], tiles, 3, rng))
            else:
                tiles = knitted + kind_tiles + [pair, pair]
                if _fits(tiles):
                    out.extend(_with_each_win([], tiles, 3, rng))
        else:
            size = rng.choice((7, 7, 6, 5))   # honors held: 7 makes the greater fan
            tiles = rng.sample(knitted, 14 - size) + rng.sample(honors, size)
            out.extend(_with_each_win([], tiles, 2, rng))
    orphans = [t for t in ALL_TILES if t.is_terminal_or_honor]
    for extra in orphans:
        out.extend(_with_each_win([], orphans + [extra], 2, rng))
    return out


def kong_hands(rng: random.Random, count: int) -> list[str]:
    """One to four kongs, melded and concealed in every mix, with other sets."""
    out: list[str] = []
    while len(out) < count:
        faces = rng.sample(ALL_TILES, 5)
        kongs = rng.randint(1, 4)
        sets: list[tuple[str, list[Tile]]] = [("kong", [f] * 4) for f in faces[:kongs]]
        for f in faces[kongs:4]:
            sets.append(("pung", [f] * 3) if f.is_honor or rng.random() < 0.4
                        else ("chow", _chow(f.suit, min(f.rank, 7))))
        out.extend(_sets_hand(sets, faces[4], rng, 2))
    return out


def table_examples(tables: dict[str, rules.FanTable]) -> list[Case]:
    """The example hands of every fan, in every edition, with their situations."""
    seen: dict[str, Case] = {}
    for table in tables.values():
        for fan in table.fans:
            for example in fan.examples:
                case = (example.hand, dict(example.situation))
                seen.setdefault(json.dumps(case, sort_keys=True), case)
    return list(seen.values())


def every_flag(hands: list[str], tables: dict[str, rules.FanTable], rng: random.Random) -> list[Case]:
    """Each hand with every combination of the situation flags that both editions'
    situation rules allow (the others are refused before scoring)."""
    out: list[Case] = []
    for hand in hands:
        for values in product((False, True), repeat=len(FLAGS)):
            situation = {**_random_situation(rng), **dict(zip(FLAGS, values))}
            if _allowed(tables, hand, situation):
                out.append((hand, situation))
    return out


def _allowed(tables: dict[str, rules.FanTable], hand: str, situation: dict[str, Any]) -> bool:
    for table in tables.values():
        try:
            rules.score_with_table(table, hand, **situation)
        except rules.RulesError:
            return False
    return True


def hard_cases(tables: dict[str, rules.FanTable], rng: random.Random) -> list[Case]:
    kongs = kong_hands(rng, 200)
    built = (one_suit_hands(rng, 320) + chow_tangles(rng, 360) + pairs_also_standard(rng, 150)
             + knitted_hands(rng, 120) + kongs)
    cases = [(hand, _random_situation(rng)) for hand in built]
    flagged = every_flag(rng.sample(built, 12) + kongs[:30], tables, rng)
    return table_examples(tables) + [c for c in cases + flagged if _allowed(tables, *c)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=2400, help="random hands from rules.sampling (default 2400)")
    parser.add_argument("--seed", type=int, default=24, help="seed of every random choice (default 24)")
    args = parser.parse_args()
    tables = edition_tables()
    start = time.perf_counter()
    cases = hard_cases(tables, random.Random(args.seed))
    cases += [(h.hand, h.situation) for h in sample_hands(args.random, args.seed)]
    records = []
    for n, (hand, situation) in enumerate(cases, 1):
        records.append(guard_record(tables, hand, situation))
        if n % 500 == 0 or n == len(cases):
            print(f"\r{n:,}/{len(cases):,} hands scored", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    write_guard(records)
    size = GUARD_PATH.stat().st_size
    print(f"{len(records):,} hands in {len(tables)} editions -> {GUARD_PATH.relative_to(ROOT)} "
          f"({size / 1e6:.2f} MB) in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
