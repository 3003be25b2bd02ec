"""Regenerate generator/quizzes/play_frequencies.yaml: simulated games, the fans of every win.

    python tools/estimate_play_frequencies.py [--games 240] [--seed 2026] [--workers 2] [--out PATH]

Each game is seeded by (seed, its number), so the file is the same for the same
arguments and fan table, whatever the number of workers. A progress bar goes to
standard error. About 1.5 s a game on one core: the default run takes about three
minutes on two.
"""
from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from quiz import play_frequencies  # noqa: E402
from generator.quizzes.simulated_play import Planner, play_game  # noqa: E402

BAR = 30
_planner: Planner | None = None


def _one(job: tuple[int, int]) -> tuple[int, tuple[str, dict] | None]:
    """Play one game in a worker (each keeps its own planner and its cache)."""
    global _planner
    index, seed = job
    table = rules.fan_table()
    if _planner is None:
        _planner = Planner(table)
    won = play_game(index, seed, table, _planner)
    return index, (won.draft.notation(), won.draft.situation.as_dict()) if won else None


def _bar(done: int, total: int, wins: int, started: float) -> None:
    filled = BAR * done // total
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done) if done else 0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} games, {wins} wins, "
                     f"{elapsed:.0f} s, about {left:.0f} s left ")
    sys.stderr.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=play_frequencies.PATH)
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be 1 or more")
    table = rules.fan_table()
    started = time.perf_counter()
    results: dict[int, tuple[str, dict] | None] = {}
    with Pool(args.workers) as pool:
        for index, won in pool.imap_unordered(_one, [(g, args.seed) for g in range(args.games)]):
            results[index] = won
            _bar(len(results), args.games, sum(1 for w in results.values() if w), started)
    sys.stderr.write("\n")
    wins = [results[g] for g in range(args.games) if results[g]]
    for hand, situation in wins:  # every simulated win must be a valid win by the engine
        if not rules.score_with_table(table, hand, **situation).valid:
            print(f"estimate_play_frequencies: the engine rejects a simulated win: {hand} {situation}",
                  file=sys.stderr)
            return 1
    freq = play_frequencies.PlayFrequencies(args.seed, args.games, len(wins), table.version,
                                            play_frequencies.tally(wins, table))
    try:
        args.out.write_text(play_frequencies.dumps(freq, table), encoding="utf-8")
    except OSError as err:
        print(f"estimate_play_frequencies: cannot write {args.out}: {err}", file=sys.stderr)
        return 1
    print(f"{args.out}: {len(wins)} wins in {args.games} games, {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
