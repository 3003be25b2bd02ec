"""One Python function that evaluates every fan of a table on a reading.

The predicates of fans.yaml compile to Python expressions; gluing them all into a single
generated function avoids a function call per fan and shares the set combinations
between fans, which is what makes `mcr score -` fast. Each fan keeps its own compiled
callables too (rules.fantable.CompiledFan), used to name the fan when a predicate
fails at run time.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from operator import attrgetter
from typing import Any, Callable, NamedTuple

from .groups import FLAG_ATTRIBUTES
from .needed_faces import needed_faces
from .vocabulary import RUNTIME_HELPERS, facts_read, item_names, predicate_source



class Match(NamedTuple):
    """One place where a fan applies in a reading (a NamedTuple: made by the thousand
    per second, and much cheaper to build than a frozen dataclass)."""

    fan: Any                  # rules.fantable.Fan
    groups: tuple[int, ...]   # indices into the reading's groups; () = the whole hand
    count: int


Found = tuple[list[Match], list[Match]]   # the fixed matches, and the account-once ones


def set_combinations(pool: Any, choose: Any) -> list[tuple]:
    """The candidate groups of a `sets` clause: every `choose` of the pool, or all of it."""
    pool = tuple(pool)
    if choose == "all":
        return [pool]
    k = int(choose)
    return list(combinations(pool, k)) if len(pool) >= k else []


MEMO_LIMIT = 200_000  # entries remembered per memory before it starts afresh


@dataclass
class _Pool:
    """The fans over one `sets` clause (a collection and how many of it to choose)."""

    name: str
    choose: Any
    pure: list[tuple[int, str]] = field(default_factory=list)    # (fan position, condition on the sets alone)
    impure: list[tuple[int, str]] = field(default_factory=list)  # conditions that read a fact of the hand
    flagged: bool = False   # a condition reads a group's flags (or a group as a whole)
    facts: set[str] = field(default_factory=set)   # the facts of the hand its conditions read


@dataclass
class _Source:
    """The pools drawn from one collection (`sets.from`): pungs, chows, ..."""

    name: str
    source: str                                  # its Python expression
    needed: int | None = None                    # faces one of which it needs (see rules.needed_faces)
    pools: list[_Pool] = field(default_factory=list)

    @property
    def remembered(self) -> list[_Pool]:
        """Its pools whose conditions all look at the sets alone: their matches depend on
        the collection's sets only, and are remembered per collection."""
        return [pool for pool in self.pools if not pool.impure]


def build_program(fans: tuple[Any, ...]) -> Callable[[Any, dict[int, int]], Found]:
    """Compile `fans` (rules.fantable.Fan values) into evaluate(ctx, index_of) -> (fixed,
    optional): the matches of the reading (Match values), those of the `account_once`
    fans apart. A fan that is not `repeatable` keeps its first match only.

    The matches come in a fixed order: pool by pool (a pool is a `sets` clause),
    combination by combination, fan by fan; then the fans of the whole hand.

    Where the conditions of a collection's pools look at the sets alone (no fact of the
    hand), their matches depend only on the collection's kinds and tiles (and flags, for
    conditions that read them): they are worked out once per collection and remembered,
    so that a reading costs one dictionary lookup per collection (pungs, chows, ...)
    for all the fans over every choice of its sets.
    """
    namespace: dict[str, Any] = {
        **RUNTIME_HELPERS, "_combinations": combinations, "_LIMIT": MEMO_LIMIT,
        "_Match": partial(tuple.__new__, Match),   # Match((fan, groups, count)) in C: no Python frame
        "_form_of": attrgetter("form"), "_signature_of": attrgetter("signature"), "_FANS": tuple(fans),
        "_SINGLE": frozenset(p for p, fan in enumerate(fans) if not fan.repeatable),
        "_OPTIONAL": frozenset(p for p, fan in enumerate(fans) if fan.account_once)}
    sources: dict[str, _Source] = {}
    pools: dict[str, _Pool] = {}
    whole: list[str] = []
    for position, fan in enumerate(fans):
        if fan.fallback:
            continue
        when = None
        if fan.when is not None:
            when, constants = predicate_source(fan.when, f"fan {fan.id}: when", fan.sets_from is not None,
                                               f"_f{position}_")
            namespace.update(constants)
        if fan.sets_from is None:
            whole.extend(_whole_hand_lines(position, fan, when, namespace))
            continue
        source = _source_of(fan, sources, namespace)
        key = repr((fan.sets_from, fan.choose))
        if key not in pools:
            pools[key] = _Pool(f"_p{len(pools)}", fan.choose)
            namespace[f"{pools[key].name}_memo"] = {}
            source.pools.append(pools[key])
        pool = pools[key]
        if when is not None and "h." in when:
            pool.impure.append((position, when))
            pool.facts |= facts_read(fan.when, f"fan {fan.id}: when", True)
        else:
            pool.pure.append((position, when or "True"))
        if fan.when is not None:
            read = item_names(fan.when, f"fan {fan.id}: when", True)
            pool.flagged |= "" in read or bool(read & FLAG_ATTRIBUTES)
    owner = {id(pool): source for source in sources.values() for pool in source.pools}
    misses = [line for source in sources.values() if source.remembered for line in _miss_lines(source)]
    lines = ["def _evaluate(h, ix):", "    fixed = []", "    optional = []", "    seen = set()"]
    for source in sources.values():
        lines.extend(_source_lines(source, namespace))
    for pool in pools.values():
        lines.extend(_pool_lines(pool, owner[id(pool)], fans))
    text = "\n".join(misses + lines + whole + ["    return fixed, optional"])
    exec(compile(text, "<fan table program>", "exec"), namespace)  # noqa: S102 - source built above
    for source in sources.values():
        if source.remembered:  # the matches of an empty collection, the same for every hand
            try:
                namespace[f"{source.name}_empty"] = namespace[f"{source.name}_miss"](())
            except Exception:  # noqa: BLE001 - a condition that fails on no sets: asked each time
                namespace[f"{source.name}_empty"] = None
    return namespace["_evaluate"]


def _source_of(fan: Any, sources: dict[str, _Source], namespace: dict[str, Any]) -> _Source:
    key = repr(fan.sets_from)
    if key not in sources:
        name = f"_s{len(sources)}"
        where = f"fan {fan.id}: sets.from"
        code, constants = predicate_source(fan.sets_from, where, False, f"{name}_")
        namespace.update(constants)
        sources[key] = _Source(name, code, needed_faces(fan.sets_from, where))
    return sources[key]


def _source_lines(source: _Source, namespace: dict[str, Any]) -> list[str]:
    """The collection (skipped, empty, for a hand without the faces it needs), and the
    matches of its remembered pools: looked up, or worked out by its own function the
    first time this collection of sets turns up; an empty one's are known beforehand."""
    name = source.name
    code = source.source
    if not _PLAIN_FACT.fullmatch(code):
        code = f"tuple({code})"
    if source.needed is not None:
        namespace[f"{name}_needed"] = source.needed
        code = f"({code} if h.tile_mask & {name}_needed else ())"
    lines = [f"    {name} = {code}", f"    {name}_at = None"]
    remembered = source.remembered
    if not remembered:
        return lines
    memo = f"{name}_memo"
    namespace[memo] = {}
    field_of = "_signature_of" if any(pool.flagged for pool in remembered) else "_form_of"
    return lines + [
        f"    if not {name} and {name}_empty is not None:",
        f"        {name}_hits = {name}_empty",
        "    else:",
        f"        key = tuple(map({field_of}, {name}))",  # map: no frame per set
        f"        {name}_hits = {memo}.get(key)",
        f"        if {name}_hits is None:",
        f"            if len({memo}) > _LIMIT:",
        f"                {memo}.clear()",
        f"            {name}_hits = {memo}[key] = {name}_miss({name})",
    ]


_PLAIN_FACT = re.compile(r"h\.[a-z_]+")   # a fact of the hand: a tuple already


def _miss_lines(source: _Source) -> list[str]:
    """The function `{name}_miss(sets)`: for each remembered pool of the source, its
    matches as (fan, indices into the collection, account-once), in combination then
    fan order, a fan that is not repeatable with its first match only. A collection seen
    for the first time is mostly made of combinations seen before: each combination's
    answer is remembered too."""
    lines = [f"def {source.name}_miss(sets):", "    every = tuple(range(len(sets)))", "    out = []"]
    for pool in source.remembered:
        lines += ["    found = []", "    seen = set()"]
        if pool.choose == "all":
            lines.append("    for at in (every,):")
        else:
            k = int(pool.choose)
            lines.append(f"    for at in (_combinations(every, {k}) if len(every) >= {k} else ()):")
        lines.append("        i1 = tuple([sets[j] for j in at])")
        lines.extend(_remembered_hit_lines(pool, "        "))
        lines += ["        for p in hit:",
                  "            if p in _SINGLE:",
                  "                if p in seen:",
                  "                    continue",
                  "                seen.add(p)",
                  "            found.append((_FANS[p], at, p in _OPTIONAL))",
                  "    out.append(tuple(found))"]
    lines.append("    return tuple(out)")
    return lines


def _remembered_hit_lines(pool: _Pool, indent: str) -> list[str]:
    """`hit`: the positions of the pool's fans that `i1` (a combination) meets,
    remembered per combination's kinds and tiles (and flags, where a condition reads
    them), and the facts of the hand its conditions read, if any."""
    memo = f"{pool.name}_memo"
    field_of = "_signature_of" if pool.flagged else "_form_of"
    key = f"tuple(map({field_of}, i1))"
    if pool.facts:
        key = f"({key}, {''.join(f'h.{name}, ' for name in sorted(pool.facts))})"
    lines = [f"key = {key}", f"hit = {memo}.get(key)", "if hit is None:", "    hit = []"]
    for position, when in pool.pure + pool.impure:
        lines += [f"    if {when}:", f"        hit.append({position})"]
    lines += [f"    if len({memo}) > _LIMIT:", f"        {memo}.clear()", f"    hit = {memo}[key] = tuple(hit)"]
    return [indent + line for line in lines]


def _add(fan: Any, match: str) -> str:
    """The statement that adds a match of `fan` to its list."""
    return f"{'optional' if fan.account_once else 'fixed'}.append({match})"


def _pool_lines(pool: _Pool, source: _Source, fans: tuple[Any, ...]) -> list[str]:
    """The matches of one pool, added in the program's order."""
    name = source.name
    find_at = f"tuple(map(ix.__getitem__, map(id, {name})))"
    if not pool.impure:
        index = source.remembered.index(pool)
        return [
            f"    if {name}_hits[{index}]:",
            f"        if {name}_at is None:",
            f"            {name}_at = {find_at}",
            f"        for fan, at, once in {name}_hits[{index}]:",
            f"            (optional if once else fixed).append(_Match((fan, tuple([{name}_at[j] for j in at]), 1)))",
        ]
    # Conditions that read the hand: combination by combination, each answer remembered
    # with the facts of the hand the conditions read.
    if pool.choose == "all":
        lines = [f"    for i1 in ({name},):"]
    else:
        k = int(pool.choose)
        lines = [f"    for i1 in (_combinations({name}, {k}) if len({name}) >= {k} else ()):"]
    lines += _remembered_hit_lines(pool, "        ")
    lines += ["        if hit:", "            at = tuple(map(ix.__getitem__, map(id, i1)))",
              "            for p in hit:",
              "                if p in _SINGLE:",
              "                    if p in seen:",
              "                        continue",
              "                    seen.add(p)",
              "                (optional if p in _OPTIONAL else fixed).append(_Match((_FANS[p], at, 1)))"]
    return lines


def _whole_hand_lines(position: int, fan: Any, when: str | None, namespace: dict[str, Any]) -> list[str]:
    """A fan of the whole hand: at most one match, with its count (1 unless the fan
    counts something); a match of count 1 is one shared value."""
    lines = [f"    # {fan.number} {fan.id}"]
    if fan.count is None:
        namespace[f"_M{position}"] = Match(fan, (), 1)
        return lines + [f"    if {when or 'True'}:", f"        {_add(fan, f'_M{position}')}"]
    count, constants = predicate_source(fan.count, f"fan {fan.id}: count", False, f"_f{position}_n")
    namespace.update(constants)
    return lines + [f"    if {when or 'True'}:", f"        n = int({count})", "        if n > 0:",
                    f"            {_add(fan, f'_Match((_FANS[{position}], (), n))')}"]
