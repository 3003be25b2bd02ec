"""One Python function that evaluates every fan of a table on a reading.

The predicates of fans.yaml compile to Python expressions; gluing them all into a single
generated function avoids a function call per fan and shares the set combinations
between fans, which is what makes `mcr score -` fast. Each fan keeps its own compiled
callables too (rules.fantable.CompiledFan), used to name the fan when a predicate
fails at run time.
"""
from __future__ import annotations

from itertools import combinations
from operator import attrgetter
from typing import Any, Callable

from .groups import FLAG_ATTRIBUTES
from .vocabulary import RUNTIME_HELPERS, item_names, predicate_source

Found = list[tuple[int, tuple[int, ...], int]]


def set_combinations(pool: Any, choose: Any) -> list[tuple]:
    """The candidate groups of a `sets` clause: every `choose` of the pool, or all of it."""
    pool = tuple(pool)
    if choose == "all":
        return [pool]
    k = int(choose)
    return list(combinations(pool, k)) if len(pool) >= k else []


MEMO_LIMIT = 200_000  # combinations remembered per pool before the memory starts afresh


def build_program(fans: tuple[Any, ...]) -> Callable[[Any, dict[int, int]], Found]:
    """Compile `fans` (rules.fantable.Fan values) into evaluate(ctx, index_of) -> matches.

    Each match is (position of the fan in `fans`, group indices (() = whole hand), count).

    Fans over the same `sets` clause share one loop over the combinations. Where their
    conditions look at the sets alone (no fact of the hand), the answer depends only on
    the sets' kinds and tiles (and flags, for conditions that read them), so it is
    remembered per combination: the same pair of chows turns up in hand after hand, and
    then costs one dictionary lookup for all its fans.
    """
    namespace: dict[str, Any] = {**RUNTIME_HELPERS, "_combinations": combinations, "_LIMIT": MEMO_LIMIT,
                                 "_form_of": attrgetter("form"), "_signature_of": attrgetter("signature")}
    pools: dict[str, tuple[str, list[tuple[int, str]], list[tuple[int, str]]]] = {}
    lines = ["def _evaluate(h, ix):", "    found = []", "    add = found.append"]
    whole: list[str] = []
    flagged: set[str] = set()  # pools whose remembered conditions read a group's flags
    for position, fan in enumerate(fans):
        if fan.fallback:
            continue
        prefix = f"_f{position}_"
        when = None
        if fan.when is not None:
            when, constants = predicate_source(fan.when, f"fan {fan.id}: when", fan.sets_from is not None, prefix)
            namespace.update(constants)
        if fan.sets_from is not None:
            key = repr((fan.sets_from, fan.choose))
            if key not in pools:
                name = f"_c{len(pools)}"
                source, constants = predicate_source(fan.sets_from, f"fan {fan.id}: sets.from", False, f"{name}_")
                namespace.update(constants)
                pools[key] = (name, [], [])
                # Inline, not a call to set_combinations: this runs for every pool of every
                # reading, and the call cost more than the work for the usual small pools.
                if fan.choose == "all":
                    lines.append(f"    {name} = ({source},)")
                else:
                    k = int(fan.choose)
                    lines.append(f"    _pool = {source}")
                    lines.append(f"    {name} = _combinations(_pool, {k}) if len(_pool) >= {k} else ()")
            _, pure, impure = pools[key]
            if when is not None and "h." in when:
                impure.append((position, when))
            else:
                pure.append((position, when or "True"))
                if fan.when is not None:
                    read = item_names(fan.when, f"fan {fan.id}: when", True)
                    if "" in read or read & FLAG_ATTRIBUTES:
                        flagged.add(key)
            continue
        whole.append(f"    # {fan.number} {fan.id}")
        count = None
        if fan.count is not None:
            count, constants = predicate_source(fan.count, f"fan {fan.id}: count", False, prefix + "n")
            namespace.update(constants)
        whole.append(f"    if {when or 'True'}:")
        if count is None:
            whole.append(f"        add(({position}, (), 1))")
        else:
            whole.append(f"        n = int({count})")
            whole.append("        if n > 0:")
            whole.append(f"            add(({position}, (), n))")
    body: list[str] = []
    for key, (name, pure, impure) in pools.items():
        memo = f"{name}_memo"
        namespace[memo] = {}
        body.append(f"    for i1 in {name}:")
        body.append("        at = None")
        if pure:
            # Conditions that never look at a group's flags (claimed, concealed, holding
            # the winning tile) are remembered per kind and tiles alone: many more hits.
            field = "_signature_of" if key in flagged else "_form_of"
            body.append(f"        key = tuple(map({field}, i1))")  # map: no frame per combination
            body.append(f"        hit = {memo}.get(key)")
            body.append("        if hit is None:")
            body.append("            hit = []")
            for position, when in pure:
                body.append(f"            if {when}:")
                body.append(f"                hit.append({position})")
            body.append(f"            if len({memo}) > _LIMIT:")
            body.append(f"                {memo}.clear()")
            body.append(f"            hit = {memo}[key] = tuple(hit)")
            body.append("        if hit:")
            body.append("            at = tuple(map(ix.__getitem__, map(id, i1)))")
            body.append("            for p in hit:")
            body.append("                add((p, at, 1))")
        for position, when in impure:
            body.append(f"        if {when}:")
            body.append("            if at is None:")
            body.append("                at = tuple(map(ix.__getitem__, map(id, i1)))")
            body.append(f"            add(({position}, at, 1))")
    source = "\n".join(lines + body + whole + ["    return found"])
    exec(compile(source, "<fan table program>", "exec"), namespace)  # noqa: S102 - source built above
    return namespace["_evaluate"]
