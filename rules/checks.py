"""`mcr check`: every problem of a fan table, one line each: `PATH:LINE: fan ID: what`.

First the JSON Schema (the shape), then the references (ids, numbers, points,
exclusions, predicates, translations, rulings), then every example re-scored.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import FanTableError, RulesError
from .vocabulary import OPERATORS, PredicateError, compile_predicate, operators_used

ALLOWED_POINTS = (1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 88)
SCHEMA_PATH = Path(__file__).with_name("fans.schema.json")
MIN_MATCHING_EXAMPLES = 2
MIN_NON_MATCHING_EXAMPLES = 1


def _line_of(data: Any, path: list[Any]) -> int:
    line = data.get("__line__", 0) if isinstance(data, dict) else 0
    node = data
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and "__line__" in node:
            line = node["__line__"]
    return int(line)


def _fan_label(data: Any, path: list[Any]) -> str:
    if len(path) >= 2 and path[0] == "fans" and isinstance(path[1], int):
        try:
            fan = data["fans"][path[1]]
            return f"fan {fan.get('id', '#' + str(path[1] + 1))}: "
        except (KeyError, IndexError, TypeError, AttributeError):
            pass
    return ""


def _schema_problems(data: Any, shown: str) -> list[str]:
    import jsonschema  # imported here: only checks need it, and it is slow to import

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for err in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        path = list(err.absolute_path)
        where = ".".join(str(p) for p in path if not isinstance(p, int) or True)
        problems.append(f"{shown}:{_line_of(data, path)}: {_fan_label(data, path)}{err.message}"
                        + (f" (at {where})" if where else ""))
    return problems


def _cycle(excludes: dict[str, list[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in excludes.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt in excludes and state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in excludes:
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None


def _reference_problems(data: dict[str, Any], shown: str) -> list[str]:
    problems: list[str] = []
    fans = data["fans"]
    languages = list(data.get("languages") or [])
    ids: dict[str, int] = {}
    numbers: dict[int, str] = {}
    ruling_ids = {r["id"] for r in data.get("rulings") or []}
    for fan in fans:
        fid, line = fan["id"], fan.get("__line__", 0)
        tag = f"{shown}:{line}: fan {fid}: "
        if fid in ids:
            problems.append(f"{tag}duplicate id (first at line {ids[fid]})")
        ids.setdefault(fid, line)
        if fan["number"] in numbers:
            problems.append(f"{tag}duplicate number {fan['number']} (also fan {numbers[fan['number']]})")
        numbers.setdefault(fan["number"], fid)
        if fan["points"] not in ALLOWED_POINTS:
            problems.append(f"{tag}points {fan['points']} is not one of {', '.join(map(str, ALLOWED_POINTS))}")
        for field in ("names", "definition"):
            for lang in languages:
                if not (fan.get(field) or {}).get(lang):
                    problems.append(f"{tag}{field} has no '{lang}' text (languages: {', '.join(languages)})")
        for rid in fan.get("rulings") or []:
            if rid not in ruling_ids:
                problems.append(f"{tag}unknown ruling '{rid}'")
        has_sets = "sets" in fan
        for key, node in (("sets.from", (fan.get("sets") or {}).get("from")), ("when", fan.get("when")),
                          ("count", fan.get("count"))):
            if node is None:
                continue
            unknown = sorted(op for op in operators_used(_strip(node)) if op not in OPERATORS)
            if unknown:
                problems.append(f"{tag}{key} uses unknown operator(s) {', '.join(repr(u) for u in unknown)}")
                continue
            try:
                compile_predicate(_strip(node), f"fan {fid}: {key}", item_scope=(key == "when" and has_sets))
            except PredicateError as err:
                problems.append(f"{shown}:{line}: {err}")
        if has_sets and "count" in fan:
            problems.append(f"{tag}'count' goes with whole-hand fans; a fan with 'sets' counts one per match")
        if not fan.get("fallback") and fan.get("when") is None and "sets" not in fan and fan.get("count") is None:
            problems.append(f"{tag}no 'when', 'sets' or 'count': the fan would apply to every hand")
    for fan in fans:
        for field in ("excludes", "absorbs"):
            for target in fan.get(field) or []:
                if target not in ids:
                    problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: {field} unknown fan '{target}'")
                elif target == fan["id"]:
                    problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: {field} itself")
        if fan.get("absorbs") and "sets" not in fan:
            problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: 'absorbs' needs 'sets' "
                            "(it drops matches within this fan's sets); use 'excludes' for a whole-hand fan")
    cycle = _cycle({f["id"]: [t for t in (f.get("excludes") or []) + (f.get("absorbs") or []) if t != f["id"]]
                    for f in fans})
    if cycle:
        first = next(f for f in fans if f["id"] == cycle[0])
        problems.append(f"{shown}:{first.get('__line__', 0)}: fan {cycle[0]}: exclusion cycle "
                        + " -> ".join(cycle))
    for ruling in data.get("rulings") or []:
        for fid in ruling.get("fans") or []:
            if fid not in ids:
                problems.append(f"{shown}:{ruling.get('__line__', 0)}: ruling {ruling['id']}: unknown fan '{fid}'")
        for field in ("question", "answer", "alternatives"):
            for lang in languages:
                if not (ruling.get(field) or {}).get(lang):
                    problems.append(f"{shown}:{ruling.get('__line__', 0)}: ruling {ruling['id']}: "
                                    f"{field} has no '{lang}' text")
    return problems


def _strip(node: Any) -> Any:
    from .fantable import strip_lines
    return strip_lines(node)


def check_table_data(data: Any, shown: str) -> list[str]:
    """Shape and reference problems of parsed YAML (examples are not scored here)."""
    if not isinstance(data, dict):
        return [f"{shown}:1: the fan table must be a mapping with 'version', 'languages', 'settlement', 'fans'"]
    problems = _schema_problems(data, shown)
    if problems:
        return problems
    return _reference_problems(data, shown)


def example_problems(table: Any) -> list[str]:
    """Re-score every example of the table; each disagreement is one problem line."""
    from .api import score_with_table

    problems: list[str] = []
    for fan in table.fans:
        matching = sum(1 for e in fan.examples if e.matches)
        if matching < MIN_MATCHING_EXAMPLES or len(fan.examples) - matching < MIN_NON_MATCHING_EXAMPLES:
            problems.append(f"{table.path}:{fan.line}: fan {fan.id}: needs at least {MIN_MATCHING_EXAMPLES} "
                            f"matching and {MIN_NON_MATCHING_EXAMPLES} non-matching example(s); "
                            f"has {matching} and {len(fan.examples) - matching}")
        for ex in fan.examples:
            tag = f"{table.path}:{ex.line}: fan {fan.id}: example {ex.hand}"
            try:
                result = score_with_table(table, ex.hand, **ex.situation)
            except RulesError as err:
                problems.append(f"{tag}: {err}")
                continue
            got = result.fan_counts()
            if (fan.id in got) != ex.matches:
                problems.append(f"{tag}: should {'' if ex.matches else 'not '}score {fan.id}")
            if got != ex.fans:
                missing = {k: v for k, v in ex.fans.items() if got.get(k) != v}
                extra = {k: v for k, v in got.items() if ex.fans.get(k) != v}
                problems.append(f"{tag}: fans differ: expected but not scored {missing or '{}'}; "
                                f"scored but not expected {extra or '{}'}")
            if ex.total is not None and ex.total != result.total:
                problems.append(f"{tag}: total {result.total}, the example says {ex.total}")
    return problems


def check_fan_table(path: str | None = None) -> list[str]:
    """All problems of the table at `path` (default fans.yaml); empty when it is sound."""
    from .fantable import load_fan_table

    try:
        table = load_fan_table(path, check_examples=True)
    except FanTableError as err:
        return list(err.problems)
    return example_problems(table)
