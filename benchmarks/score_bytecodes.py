"""Where the engine's work per hand goes, counted in Python bytecodes.

A measure the machine's load does not move, to compare designs of the hot path (issue 24,
engine speed); benchmarks/score_instructions.py counts the machine instructions behind them.

The engine first scores `--warm-runs` batches of new seeded hands untimed, so that its
memories fill as in a long run. Then it scores `--hands` new hands under a tracer that
counts every bytecode executed, by module (the engine's, the fan table's compiled program,
the standard library's) and by function, and the same hands again at once, every memory
holding them. Two passes without the tracer over other new hands (at least 5,000, for a
steady figure) then give the CPU time of a new hand and of the same hand again, and so the
cost of one bytecode on this machine: for scale only.

    python benchmarks/score_bytecodes.py [--hands 1000] [--seed 100] [--warm-runs 2]
                                         [--edition green-book] [--top 15]

Only the public API is called (rules.score_with_table); the tracer reads the frames. The
counts depend on the Python version (3.12 inlines comprehensions, for one): the report
names it.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from benchmarks.number_options import positive  # noqa: E402
from benchmarks.score_speed import HANDS_PER_RUN  # noqa: E402
from rules.sampling import sample_hands  # noqa: E402

WARM_BATCH = HANDS_PER_RUN   # hands per untimed warm-up batch: as many as a run of score_speed.py
TIMED_HANDS = 5_000   # at least this many new hands in a CPU-time pass, for a steady figure
SHOWN_AT_LEAST = 0.5  # bytecodes a hand below which a module is folded into "other"

Requests = list[tuple[str, dict[str, Any]]]   # (hand, situation keywords)


@dataclass(frozen=True)
class Bytecodes:
    """Bytecodes executed a hand, by module and by module:function."""

    by_module: dict[str, float]
    by_function: dict[str, float]

    @property
    def total(self) -> float:
        return sum(self.by_module.values())


def _module_of(code: CodeType, module: str | None) -> str:
    """The module a code object belongs to. Code that Python or the engine generates has
    no module of its own but a name in angle brackets: the fan table's program keeps its
    own row; the compiled predicates, the quick constructors and the dataclasses' and
    named tuples' methods (made by exec) each share one."""
    if module:
        return module
    name = code.co_filename
    if name == "<fan table program>":
        return name
    for prefix, row in (("<quick_init", "<quick_init>"), ("<fan ", "<fan predicates>"),
                        ("<settlement", "<settlement>"), ("<tile ", "<tile conditions>")):
        if name.startswith(prefix):
            return row
    return name


def count_bytecodes(score: Callable[[], Any], hands: int = 1) -> Bytecodes:
    """Run `score()` under a tracer that counts every bytecode it executes (never the
    caller's), per code object, then grouped by module and function, divided by `hands`.
    The tracer in place before (a debugger, coverage) is put back afterwards."""
    per_code: Counter[tuple[CodeType, str | None]] = Counter()

    def trace(frame: FrameType, event: str, _: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            per_code[frame.f_code, frame.f_globals.get("__name__")] += 1
        return trace

    before = sys.gettrace()
    sys.settrace(trace)
    try:
        score()
    finally:
        sys.settrace(before)
    modules: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    for (code, module_name), n in per_code.items():
        module = _module_of(code, module_name)
        modules[module] += n
        functions[f"{module}:{code.co_qualname}"] += n
    return Bytecodes({k: v / hands for k, v in modules.items()}, {k: v / hands for k, v in functions.items()})


def _scorer(table: Any, requests: Requests) -> Callable[[], None]:
    """A function that scores `requests` with `table`."""
    score = rules.score_with_table

    def run() -> None:
        for hand, situation in requests:
            score(table, hand, **situation)
    return run


def cpu_micros(table: Any, requests: Requests) -> float:
    """CPU µs a hand to score `requests`, no tracer."""
    run = _scorer(table, requests)
    start = time.process_time()
    run()
    return (time.process_time() - start) / len(requests) * 1e6


def _requests(count: int, seed: int) -> Requests:
    return [(h.hand, h.situation) for h in sample_hands(count, seed)]


def _module_lines(fresh: Bytecodes, again: Bytecodes) -> list[str]:
    """One line per module (new / again), the small ones folded into "other", then all."""
    lines = []
    other = [0.0, 0.0]
    for module in sorted(fresh.by_module, key=fresh.by_module.__getitem__, reverse=True):
        new, old = fresh.by_module[module], again.by_module.get(module, 0.0)
        if new < SHOWN_AT_LEAST:
            other[0] += new
            other[1] += old
        else:
            lines.append(f"  {module[:40]:<40} {new:8,.0f} / {old:8,.0f}")
    lines.append(f"  {'other':<40} {other[0]:8,.0f} / {other[1]:8,.0f}")
    lines.append(f"  {'all':<40} {fresh.total:8,.0f} / {again.total:8,.0f}")
    return lines


# What a hand scored a second time must not run: the code that makes a new memory entry.
MISS_CODE = ("rules.kept_values", "rules.notation:_token")


def _report(fresh: Bytecodes, again: Bytecodes, micros: tuple[float, float], top: int) -> list[str]:
    lines = [f"Python {platform.python_version()}; bytecodes a hand, new hands / the same hands again:"]
    lines += _module_lines(fresh, again)
    lines.append(f"CPU time a hand (no tracer, other hands): new {micros[0]:.1f} µs, again {micros[1]:.1f} µs; "
                 f"{1000 * micros[0] / fresh.total:.1f} / {1000 * micros[1] / again.total:.1f} ns a bytecode")
    missed = sum(n for name, n in again.by_function.items() if name.startswith(MISS_CODE))
    if missed:
        lines.append(f"warning: the second pass still made memory entries ({missed:,.1f} bytecodes a hand in "
                     f"{', '.join(MISS_CODE)}): a memory is full or started afresh; 'again' is not all warm")
    lines.append(f"the {top} functions that run most bytecodes on new hands:")
    ranked = sorted(fresh.by_function.items(), key=lambda item: item[1], reverse=True)[:top]
    lines.extend(f"  {name[:60]:<60} {n:8,.0f} / {again.by_function.get(name, 0):8,.0f}" for name, n in ranked)
    return lines


def _arguments() -> tuple[argparse.Namespace, Any]:
    """The options, and the fan table of the edition asked for (an unknown one is a usage error)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive, default=1000, help="hands traced (default 1000)")
    parser.add_argument("--seed", type=int, default=100,
                        help="seed of the traced hands (default 100); the timed ones use seed + 1, the warm-up "
                             "batches seed + 2 and on, so no hand is seen before its pass")
    parser.add_argument("--warm-runs", type=int, default=2,
                        help=f"untimed batches of {WARM_BATCH:,} new hands first (default 2)")
    parser.add_argument("--edition", default=None, help="edition of the rules (default: the table's own)")
    parser.add_argument("--top", type=positive, default=15, help="functions listed (default 15)")
    args = parser.parse_args()
    try:
        return args, rules.fan_table(None, args.edition)
    except rules.RulesError as err:
        parser.error(str(err))


def main() -> int:
    args, table = _arguments()
    for run in range(args.warm_runs):
        print(f"warming up: {WARM_BATCH:,} new hands (seed {args.seed + 2 + run})", flush=True)
        _scorer(table, _requests(WARM_BATCH, args.seed + 2 + run))()
    traced = _requests(args.hands, args.seed)
    fresh = count_bytecodes(_scorer(table, traced), len(traced))
    again = count_bytecodes(_scorer(table, traced), len(traced))   # at once: nothing between may empty a memory
    timed = _requests(max(args.hands, TIMED_HANDS), args.seed + 1)
    micros = (cpu_micros(table, timed), cpu_micros(table, timed))
    print("\n".join(_report(fresh, again, micros, args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
