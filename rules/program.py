"""One Python function that evaluates every fan of a table on a reading.

The predicates of fans.yaml compile to Python expressions; gluing all 81 into a single
generated function avoids a function call per fan and shares the set combinations
between fans, which is what makes `mcr score -` fast. Each fan keeps its own compiled
callables too (rules.fantable.CompiledFan), used to name the fan when a predicate
fails at run time.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Callable

from .vocabulary import RUNTIME_HELPERS, predicate_source

Found = list[tuple[int, tuple[int, ...], int]]


def _combos(pool: Any, choose: Any) -> list[tuple]:
    pool = tuple(pool)
    if choose == "all":
        return [pool]
    k = int(choose)
    return list(combinations(pool, k)) if len(pool) >= k else []


def build_program(fans: tuple[Any, ...]) -> Callable[[Any, dict[int, int]], Found]:
    """Compile `fans` (rules.fantable.Fan values) into evaluate(ctx, index_of) -> matches.

    Each match is (position of the fan in `fans`, group indices (() = whole hand), count).
    """
    namespace: dict[str, Any] = {**RUNTIME_HELPERS, "_combos": _combos}
    pools: dict[str, str] = {}
    lines = ["def _evaluate(h, ix):", "    found = []", "    add = found.append"]
    body: list[str] = []
    for position, fan in enumerate(fans):
        if fan.fallback:
            continue
        prefix = f"_f{position}_"
        when = None
        if fan.when is not None:
            when, constants = predicate_source(fan.when, f"fan {fan.id}: when", fan.sets_from is not None, prefix)
            namespace.update(constants)
        body.append(f"    # {fan.number} {fan.id}")
        if fan.sets_from is not None:
            key = repr((fan.sets_from, fan.choose))
            if key not in pools:
                name = f"_c{len(pools)}"
                source, constants = predicate_source(fan.sets_from, f"fan {fan.id}: sets.from", False, f"{name}_")
                namespace.update(constants)
                pools[key] = name
                lines.append(f"    {name} = _combos({source}, {fan.choose!r})")
            body.append(f"    for i1 in {pools[key]}:")
            body.append(f"        if {when or 'True'}:")
            body.append(f"            add(({position}, tuple([ix[id(g)] for g in i1]), 1))")
        else:
            count = None
            if fan.count is not None:
                count, constants = predicate_source(fan.count, f"fan {fan.id}: count", False, prefix + "n")
                namespace.update(constants)
            body.append(f"    if {when or 'True'}:")
            if count is None:
                body.append(f"        add(({position}, (), 1))")
            else:
                body.append(f"        n = int({count})")
                body.append("        if n > 0:")
                body.append(f"            add(({position}, (), n))")
    source = "\n".join(lines + body + ["    return found"])
    exec(compile(source, "<fan table program>", "exec"), namespace)  # noqa: S102 - source built above
    return namespace["_evaluate"]
