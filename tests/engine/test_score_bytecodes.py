"""The bytecode count of benchmarks/score_bytecodes.py: what it counts is the engine's
work, and scoring the same hands again runs none of the engine's memory misses."""
from __future__ import annotations

import rules
from benchmarks.score_bytecodes import _report, count_bytecodes, _requests


def test_counts_the_engine_and_a_second_pass_misses_no_memory() -> None:
    table = rules.fan_table()
    requests = _requests(40, 9001)   # a seed no other test scores: the memories have not seen these hands
    fresh = count_bytecodes(table, requests)
    again = count_bytecodes(table, requests)
    for module in ("evaluator", "<fan table program>", "shapes", "notation", "context"):
        assert fresh.by_module[module] > 10, module
    assert fresh.total == sum(fresh.by_module.values())
    # A hand seen before is a lookup in every memory: nothing is made to be kept.
    assert again.by_module.get("kept_values", 0) == 0
    assert again.total < fresh.total
    lines = _report(fresh, again, (80.0, 60.0), 5)
    header = next(i for i, line in enumerate(lines) if line.startswith("the 5 functions"))
    assert len(lines) == header + 6 and all(":" in line for line in lines[header + 1:])
    assert f"{fresh.total:8,.0f} / {again.total:8,.0f}" in next(line for line in lines if line.strip().startswith("all"))
