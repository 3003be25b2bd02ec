"""Where the engine's work per hand goes, counted in Python bytecodes: a measure the
machine's load does not move, to compare designs of the hot path (issue: engine speed).

The engine scores `--warm-runs` batches of new seeded hands untimed (its memories fill as
they would in a long run), then new hands under a tracer that counts every bytecode
executed, by the engine's module (or the fan table's compiled program) and by function;
then the same hands again, every memory warm. A CPU-time run of the same hands without
the tracer gives the time a hand and so the cost of one bytecode on this machine.

    python benchmarks/score_bytecodes.py [--hands 1000] [--seed 5] [--warm-runs 2] [--top 15]

Only the public API is called (rules.score_with_table); the tracer reads the frames.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from rules.sampling import sample_hands  # noqa: E402

WARM_BATCH = 20_000   # hands per untimed warm-up batch, as one run of score_speed.py


Requests = list[tuple[str, dict[str, Any]]]   # (hand, situation keywords)


@dataclass(frozen=True)
class Bytecodes:
    """Bytecodes executed a hand, by place: the engine's module (or the fan table's
    compiled program), and module:function."""

    by_module: dict[str, float]
    by_function: dict[str, float]

    @property
    def total(self) -> float:
        return sum(self.by_module.values())


def _place(frame: FrameType) -> tuple[str, str]:
    name = frame.f_code.co_filename
    module = name if name.startswith("<") else Path(name).stem
    return module, f"{module}:{frame.f_code.co_name}"


def count_bytecodes(table: Any, requests: Requests) -> Bytecodes:
    """Score `requests` under a tracer that counts every bytecode, per hand."""
    modules: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    score = rules.score_with_table

    def trace(frame: FrameType, event: str, _: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            module, function = _place(frame)
            modules[module] += 1
            functions[function] += 1
        return trace

    sys.settrace(trace)
    try:
        for hand, situation in requests:
            score(table, hand, **situation)
    finally:
        sys.settrace(None)
    n = len(requests)
    return Bytecodes({k: v / n for k, v in modules.items()}, {k: v / n for k, v in functions.items()})


def cpu_micros(table: Any, requests: Requests) -> float:
    """CPU µs a hand to score `requests`, no tracer."""
    score = rules.score_with_table
    start = time.process_time()
    for hand, situation in requests:
        score(table, hand, **situation)
    return (time.process_time() - start) / len(requests) * 1e6


def _requests(count: int, seed: int) -> Requests:
    return [(h.hand, h.situation) for h in sample_hands(count, seed)]


def _report(fresh: Bytecodes, warm: Bytecodes, micros: tuple[float, float], top: int) -> list[str]:
    lines = ["bytecodes a hand, new hands / the same hands again:"]
    for module in sorted(fresh.by_module, key=fresh.by_module.__getitem__, reverse=True):
        if fresh.by_module[module] >= 0.5:   # code run by a few hands only is left out
            lines.append(f"  {module[:40]:<40} {fresh.by_module[module]:8,.0f} / {warm.by_module.get(module, 0):8,.0f}")
    lines.append(f"  {'all':<40} {fresh.total:8,.0f} / {warm.total:8,.0f}")
    lines.append(f"CPU time a hand (no tracer): new {micros[0]:.1f} µs, again {micros[1]:.1f} µs; "
                 f"{1000 * micros[0] / fresh.total:.1f} / {1000 * micros[1] / warm.total:.1f} ns a bytecode")
    lines.append(f"the {top} functions that run most bytecodes on new hands:")
    ranked = sorted(fresh.by_function.items(), key=lambda item: item[1], reverse=True)[:top]
    lines.extend(f"  {name:<48} {n:8,.0f} / {warm.by_function.get(name, 0):8,.0f}" for name, n in ranked)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands traced (default 1000)")
    parser.add_argument("--seed", type=int, default=100, help="seed of the traced hands (default 100)")
    parser.add_argument("--warm-runs", type=int, default=2,
                        help=f"untimed batches of {WARM_BATCH:,} new hands first (default 2)")
    parser.add_argument("--edition", default=None, help="edition of the rules (default: the table's own)")
    parser.add_argument("--top", type=int, default=15, help="functions listed (default 15)")
    args = parser.parse_args()
    table = rules.fan_table(None, args.edition)
    for run in range(args.warm_runs):
        print(f"warming up: {WARM_BATCH:,} new hands (seed {1 + run})", flush=True)
        cpu_micros(table, _requests(WARM_BATCH, 1 + run))
    traced = _requests(args.hands, args.seed)
    timed = _requests(max(args.hands, 5000), args.seed + 1)   # new too, and enough to time
    fresh = count_bytecodes(table, traced)
    micros_new = cpu_micros(table, timed)
    warm = count_bytecodes(table, traced)
    micros_again = cpu_micros(table, timed)
    print("\n".join(_report(fresh, warm, (micros_new, micros_again), args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
