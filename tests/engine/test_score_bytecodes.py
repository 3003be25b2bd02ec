"""The bytecode count of benchmarks/score_bytecodes.py: it counts exactly the bytecodes of
the code it runs (a function whose count `dis` gives), never its caller's; on the engine,
a second pass over the same hands makes no memory entry."""
from __future__ import annotations

import dis

import rules
from benchmarks.score_bytecodes import MISS_CODE, _report, _requests, _scorer, count_bytecodes


def _loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def _bytecodes_of_loop(n: int) -> int:
    """What running _loop(n) executes, from its disassembly: the instructions before the
    loop, the loop's head n + 1 times, its body n times, those after it. Not RESUME, the
    first: the tracer's call event comes with it, before it asks for opcode events."""
    ops = [op for op in dis.get_instructions(_loop) if op.opname != "CACHE"]
    head = next(i for i, op in enumerate(ops) if op.opname == "FOR_ITER")
    back = next(i for i, op in enumerate(ops) if op.opname.startswith("JUMP_BACKWARD"))
    before, body, after = head - 1, back - head, len(ops) - back - 1
    return before + (n + 1) + n * body + after


def test_counts_exactly_the_code_run_and_not_the_caller() -> None:
    for n in (0, 3, 10):
        counted = count_bytecodes(lambda n=n: _loop(n))
        assert counted.by_function[f"{__name__}:_loop"] == _bytecodes_of_loop(n), n
        assert not [name for name in counted.by_function if name.endswith("test_counts_exactly_the_code_run_and_not_the_caller")]


def test_a_second_pass_over_the_same_hands_makes_no_memory_entry() -> None:
    table = rules.fan_table()
    requests = _requests(40, 9001)   # a seed no other test scores: the memories have not seen these hands
    fresh = count_bytecodes(_scorer(table, requests), len(requests))
    again = count_bytecodes(_scorer(table, requests), len(requests))
    for module in ("rules.evaluator", "<fan table program>", "rules.shapes", "rules.notation", "rules.context"):
        assert fresh.by_module[module] > 10, module
    assert not [name for name in again.by_function if name.startswith(MISS_CODE)]
    lines = _report(fresh, again, (80.0, 60.0), 5)
    assert not [line for line in lines if line.startswith("warning")]
    header = next(i for i, line in enumerate(lines) if line.startswith("the 5 functions"))
    assert len(lines) == header + 6
