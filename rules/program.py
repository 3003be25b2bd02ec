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
from .kept_values import kept
from .needed_faces import needed_faces
from .predicate_types import FACT_TYPES, TILE
from .shared_reads import read_once
from .vocabulary import RUNTIME_HELPERS, facts_read, item_names, predicate_source



class Match(NamedTuple):
    """One place where a fan applies in a reading (a NamedTuple: made by the thousand
    per second, and much cheaper to build than a frozen dataclass)."""

    fan: Any                  # rules.fantable.Fan
    groups: tuple[int, ...]   # indices into the reading's groups; () = the whole hand
    count: int   # type: ignore[assignment]  # hides tuple.count, which nothing calls on a Match


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
    sets_from: Any
    choose: Any
    conditions: list[tuple[int, str]] = field(default_factory=list)  # (fan position, condition) in fan order
    flagged: bool = False   # a condition reads a group's flags (or a group as a whole)
    facts: set[str] = field(default_factory=set)   # the facts of the hand its conditions read


@dataclass
class _Source:
    """The pools drawn from one collection (`sets.from`) whose conditions read the same
    facts of the hand: their matches depend on the collection's sets and those facts
    alone, and are remembered per collection (or per set, see `one_set_each`)."""

    name: str
    source: str                                  # its Python expression
    needed: int | None                           # faces one of which it needs (see rules.needed_faces)
    facts: tuple[str, ...]                       # the facts of the hand its pools' conditions read
    pools: list[_Pool] = field(default_factory=list)

    @property
    def flagged(self) -> bool:
        return any(pool.flagged for pool in self.pools)

    @property
    def one_set_each(self) -> bool:
        """Whether every pool takes its sets one at a time. Such a source is not
        remembered as a whole but set by set (`_one_set_pool_lines`): its collection with
        the facts of the hand it reads (the winds, with every pung) turns up new on a third
        of new hands, each set with those facts almost never."""
        return all(pool.choose != "all" and int(pool.choose) == 1 for pool in self.pools)


def build_program(fans: tuple[Any, ...]) -> Callable[[Any, dict[int, int]], Found]:
    """Compile `fans` (rules.fantable.Fan values) into evaluate(ctx, index_of) -> (fixed,
    optional): the matches of the reading (Match values), those of the `account_once`
    fans apart. A fan that is not `repeatable` keeps its first match only.

    The matches come in a fixed order: pool by pool (a pool is a `sets` clause),
    combination by combination, fan by fan; then the fans of the whole hand.

    The matches of a collection's pools depend only on the collection's kinds and tiles
    (and flags, for conditions that read them) and on the facts of the hand their
    conditions read (the winds, for a wind pung): they are worked out once per such
    collection and remembered, so that a reading costs one dictionary lookup per
    collection (pungs, chows, ...) for all the fans over every choice of its sets. A
    collection whose fans all take one set at a time is looked up set by set instead
    (`_Source.one_set_each`).
    """
    namespace = _namespace(fans)
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
        else:
            _add_to_pool(pools, position, fan, when, namespace)
    sources = _sources(pools.values(), namespace)
    owner = {id(pool): source for source in sources for pool in source.pools}
    remembered = [source for source in sources if not source.one_set_each]
    body = ["    fixed = []", "    optional = []"]
    for source in sources:
        body.extend(_collection_lines(source, namespace) if source.one_set_each else _source_lines(source, namespace))
    for pool in pools.values():
        source = owner[id(pool)]
        body.extend(_one_set_pool_lines(pool, source) if source.one_set_each else _pool_lines(pool, source))
    misses = [line for source in remembered for line in _miss_lines(source)]
    text = "\n".join(misses + ["def _evaluate(h, ix):"] + read_once(body + whole) + ["    return fixed, optional"])
    exec(compile(text, "<fan table program>", "exec"), namespace)  # noqa: S102 - source built above
    for source in remembered:
        namespace[f"{source.name}_empty"] = _empty_matches(source, namespace)
    return namespace["_evaluate"]


def _namespace(fans: tuple[Any, ...]) -> dict[str, Any]:
    """The names the generated program starts with: the helpers and the fans."""
    return {
        **RUNTIME_HELPERS, "_combinations": combinations, "_zip": zip, "_LIMIT": MEMO_LIMIT,
        "_Match": partial(tuple.__new__, Match),   # Match((fan, groups, count)) in C: no Python frame
        "_kept": kept,
        "_form_of": attrgetter("form"), "_signature_of": attrgetter("signature"), "_FANS": tuple(fans),
        "_SINGLE": frozenset(p for p, fan in enumerate(fans) if not fan.repeatable),
        "_ONCE": tuple(int(fan.account_once) for fan in fans)}   # 1 for an account-once fan: a number, see kept


def _add_to_pool(pools: dict[str, _Pool], position: int, fan: Any, when: str | None,
                 namespace: dict[str, Any]) -> None:
    """Put a fan made of sets into the pool of its `sets` clause (made on first use),
    with its condition, and what the condition reads: flags, and facts of the hand."""
    key = repr((fan.sets_from, fan.choose))
    if key not in pools:
        pools[key] = _Pool(f"_p{len(pools)}", fan.sets_from, fan.choose)
        namespace[f"{pools[key].name}_memo"] = {}
    pool = pools[key]
    pool.conditions.append((position, when or "True"))
    if fan.when is not None:
        where = f"fan {fan.id}: when"
        read = item_names(fan.when, where, True)
        pool.flagged |= "" in read or bool(read & FLAG_ATTRIBUTES)
        pool.facts |= facts_read(fan.when, where, True)


def _sources(pools: Any, namespace: dict[str, Any]) -> list[_Source]:
    """The pools grouped by collection and the facts their conditions read."""
    sources: dict[tuple[str, tuple[str, ...]], _Source] = {}
    for pool in pools:
        facts = tuple(sorted(pool.facts))
        key = (repr(pool.sets_from), facts)
        if key not in sources:
            name = f"_s{len(sources)}"
            where = f"sets.from {name}"
            code, constants = predicate_source(pool.sets_from, where, False, f"{name}_")
            namespace.update(constants)
            sources[key] = _Source(name, code, needed_faces(pool.sets_from, where), facts)
        sources[key].pools.append(pool)
    return list(sources.values())


def _empty_matches(source: _Source, namespace: dict[str, Any]) -> Any:
    """The matches of the source's pools on an empty collection, where they are the same
    for every hand (no fact read); None where they must be asked each time."""
    if source.facts:
        return None
    try:
        return namespace[f"{source.name}_miss"]((), None)
    except Exception:  # noqa: BLE001 - a condition that fails on no sets: asked each time
        return None


def _collection_lines(source: _Source, namespace: dict[str, Any]) -> list[str]:
    """The collection of a source, skipped (empty) for a hand without the faces it needs."""
    name = source.name
    code = source.source
    if not (_PLAIN_FACT.fullmatch(code) or code.startswith("tuple(")):
        code = f"tuple({code})"
    guards = []
    base = _BASE_FACT.match(code)
    if base:  # a filter of an empty collection is empty
        guards.append(base.group(1) or base.group(2))
    if source.needed is not None:
        namespace[f"{name}_needed"] = source.needed
        guards.append(f"h.tile_mask & {name}_needed")
    if guards:
        code = f"({code} if {' and '.join(guards)} else ())"
    return [f"    {name} = {code}"]


def _source_lines(source: _Source, namespace: dict[str, Any]) -> list[str]:
    """The collection, and the matches of its pools: looked up, or worked out by its own
    function the first time this collection of sets (with these facts of the hand)
    turns up."""
    name = source.name
    memo = f"{name}_memo"
    namespace[memo] = {}
    key = f"tuple(map({'_signature_of' if source.flagged else '_form_of'}, {name}))"  # map: no frame per set
    if source.facts:
        key = f"({key}, {''.join(_key_part(fact) for fact in source.facts)})"
    return _collection_lines(source, namespace) + [
        f"    {name}_at = None",
        f"    if not {name} and {name}_empty is not None:",
        f"        {name}_hits = {name}_empty",
        "    else:",
        f"        key = {key}",
        f"        {name}_hits = {memo}.get(key)",
        f"        if {name}_hits is None:",
        f"            if len({memo}) > _LIMIT:",
        f"                {memo}.clear()",
        f"            {name}_hits = {memo}[key] = _kept({name}_miss({name}, h))",
    ]


def _key_part(fact: str) -> str:
    """A fact of the hand as part of a memory's key: a tile by its code (or None), so
    that the key holds plain values only and the garbage collector stops tracking it."""
    if FACT_TYPES.get(fact) == TILE:
        return f"(h.{fact} and h.{fact}.code), "
    return f"h.{fact}, "


_PLAIN_FACT = re.compile(r"h\.[a-z_]+")   # a fact of the hand: a tuple already
_BASE_FACT = re.compile(r"tuple\(\[\w+ for \w+ in (h\.[a-z_]+) if |tuple\(_compress\(\(\w+ := (h\.[a-z_]+)\)")


def _miss_lines(source: _Source) -> list[str]:
    """The function `{name}_miss(sets, h)`: for each pool of the source, its matches as
    (fan position, indices into the collection, account-once), in combination then fan
    order, a fan that is not repeatable with its first match only. A collection seen for
    the first time is mostly made of combinations seen before: each combination's answer
    is remembered too. The answers hold plain numbers only, so that the garbage collector
    stops tracking the remembered ones (memories of many thousand entries)."""
    lines = [f"def {source.name}_miss(sets, h):", "    every = tuple(range(len(sets)))", "    out = []"]
    for pool in source.pools:
        lines += ["    found = []", "    seen = set()"]
        if pool.choose == "all":
            lines.append("    for at, i1 in ((every, sets),):")
        else:  # the indices and the sets of each combination, both made in C
            k = int(pool.choose)
            lines.append(f"    for at, i1 in _zip(_combinations(every, {k}), _combinations(sets, {k})):")
        lines.extend(_remembered_hit_lines(pool, "        "))
        lines += ["        for p in hit:",
                  "            if p in _SINGLE:",
                  "                if p in seen:",
                  "                    continue",
                  "                seen.add(p)",
                  "            found.append((p, at, _ONCE[p]))",
                  "    out.append(tuple(found))"]
    lines.append("    return tuple(out)")
    return lines


def _remembered_hit_lines(pool: _Pool, indent: str, key: str | None = None) -> list[str]:
    """`hit`: the positions of the pool's fans that `i1` (a combination) meets,
    remembered per combination's kinds and tiles (and flags, where a condition reads
    them), and the facts of the hand its conditions read, if any; or under `key`, the
    expression of a key that tells the same apart."""
    memo = f"{pool.name}_memo"
    if key is None:
        key = f"tuple(map({_look(pool)}, i1))"
        if pool.facts:
            key = f"({key}, {_facts_key(pool)})"
    lines = [f"key = {key}", f"hit = {memo}.get(key)", "if hit is None:", "    hit = []"]
    for position, when in pool.conditions:
        lines += [f"    if {when}:", f"        hit.append({position})"]
    lines += [f"    if len({memo}) > _LIMIT:", f"        {memo}.clear()", f"    hit = {memo}[key] = tuple(hit)"]
    return [indent + line for line in lines]


def _look(pool: _Pool) -> str:
    """What a memory's key holds of each set: its kind and tiles, with its flags where a
    condition of the pool reads them."""
    return "_signature_of" if pool.flagged else "_form_of"


def _facts_key(pool: _Pool) -> str:
    """The facts of the hand the pool's conditions read, as the parts of a tuple."""
    return "".join(_key_part(name) for name in sorted(pool.facts))


def _pool_lines(pool: _Pool, source: _Source) -> list[str]:
    """The matches of one pool, added in the program's order."""
    name = source.name
    index = source.pools.index(pool)
    return [
        f"    if {name}_hits[{index}]:",
        f"        if {name}_at is None:",
        f"            {name}_at = tuple(map(ix.__getitem__, map(id, {name})))",
        f"        for p, at, once in {name}_hits[{index}]:",
        f"            (optional if once else fixed).append(_Match((_FANS[p], tuple(map({name}_at.__getitem__, at)), 1)))",
    ]


def _one_set_pool_lines(pool: _Pool, source: _Source) -> list[str]:
    """The matches of a pool that takes one set at a time, each set's fans looked up (or
    worked out) by the set and the facts of the hand its conditions read (those once per
    reading): in the order of _miss_lines, set by set, then fan by fan, a fan that is not
    repeatable with its first match only."""
    name = source.name
    lines = [f"    if {name}:", "        seen = set()"]
    key = f"{_look(pool)}(i1[0])"
    if pool.facts:
        lines.append(f"        facts = ({_facts_key(pool)})")
        key = f"({key}, facts)"
    return (lines + [f"        for i1 in _zip({name}):   # each set as a combination of one"]
            + _remembered_hit_lines(pool, "            ", key)
            + ["            for p in hit:",
               "                if p in _SINGLE:",
               "                    if p in seen:",
               "                        continue",
               "                    seen.add(p)",
               "                (optional if _ONCE[p] else fixed).append(_Match((_FANS[p], (ix[id(i1[0])],), 1)))"])


def _add(fan: Any, match: str) -> str:
    """The statement that adds a match of `fan` to its list."""
    return f"{'optional' if fan.account_once else 'fixed'}.append({match})"


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
