"""`mcr check`: every problem of a fan table, one line each: `PATH:LINE: fan ID: what`.

First the JSON Schema (the shape), then the references (ids, numbers, points,
exclusions, predicates, translations, rulings), then every example re-scored.
"""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from .context import BONUS_FACTS, READING_FACTS
from .editions import relocate
from .errors import FanTableError, RulesError
from .fantable import exclusion_ids
from .plain_texts import markup_problems
from .situation import FLAG_NAMES
from .vocabulary import OPERATORS, PredicateError, compile_predicate, facts_read, operators_used

SCHEMA_PATH = Path(__file__).with_name("fans.schema.json")
MIN_MATCHING_EXAMPLES = 2
MIN_NON_MATCHING_EXAMPLES = 1
# A fan's `summary` is printed on one line of a column of the fan sheet: at most this many
# columns, a wide (Chinese, Korean) character taking two. The sheet's browser test measures
# the printed lines themselves; this keeps an edit from getting there first.
SUMMARY_COLUMNS = 64


def text_columns(value: str) -> int:
    """The columns `value` takes in print: two for a wide or full-width character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in value)


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
    return line  # an int, or a SourceLine of an edition's file


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
        where = ".".join(str(p) for p in path)
        message = err.message if len(err.message) <= 200 else err.message[:200] + "..."
        problems.append(f"{shown}:{_line_of(data, path)}: {_fan_label(data, path)}{message}"
                        + (f" (at {where})" if where else ""))
    return problems


def _fraction_problems(data: Any, shown: str) -> list[str]:
    """Numbers with a fractional part (8.0 included): the table's numbers are whole
    (a JSON Schema integer would let 8.0 through, and totals would print as 15.0)."""
    problems: list[str] = []

    def walk(value: Any, line: int, path: str) -> None:
        if isinstance(value, dict):
            here = value.get("__line__", line) if isinstance(value.get("__line__"), int) else line
            for k, v in value.items():
                walk(v, here, f"{path}.{k}" if path else str(k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, line, f"{path}[{i}]")
        elif isinstance(value, float):
            problems.append(f"{shown}:{line}: {value!r} is not a whole number; the table's numbers are whole "
                            f"(at {path})")

    walk(data, 1, "")
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


def _predicate_problems(node: Any, where: str, tag: str, *, item_scope: bool = False,
                        allowed_facts: frozenset[str] | None = None, not_facts: frozenset[str] = frozenset(),
                        facts_note: str = "") -> list[str]:
    """Problems of one predicate: unknown operators, what does not compile, facts it may not read."""
    if not isinstance(node, dict):
        return [f"{tag}{where} must be an operator node such as {{var: self_drawn}}, not {node!r:.60}"]
    unknown = sorted(op for op in operators_used(node) if op not in OPERATORS)
    if unknown:
        return [f"{tag}{where} uses unknown operator(s) {', '.join(repr(u) for u in unknown)}"]
    try:
        compile_predicate(node, where, item_scope=item_scope)
        read = facts_read(node, where, item_scope)
    except PredicateError as err:
        return [f"{tag}{err}"]
    except RecursionError:
        return [f"{tag}{where} is nested too deeply"]
    wrong = sorted(read & not_facts) if allowed_facts is None else sorted(read - allowed_facts)
    if wrong:
        return [f"{tag}{where} reads {', '.join(wrong)}: {facts_note}"]
    return []


def _reference_problems(data: dict[str, Any], shown: str) -> list[str]:
    problems: list[str] = []
    fans = data["fans"]
    languages = list(data.get("languages") or [])
    levels = list(data["points"]["levels"])
    shown_levels = ", ".join(map(str, levels))
    ids: dict[str, int] = {}
    numbers: dict[int, str] = {}
    ruling_ids = {r["id"] for r in data.get("rulings") or []}
    families = set(data.get("families") or {}) - {"__line__"}
    points_line = data["points"].get("__line__", 0)
    if data["points"]["big"] not in levels:
        problems.append(f"{shown}:{points_line}: points: big {data['points']['big']} is not one of the levels "
                        f"{shown_levels}")
    settlement = data["settlement"]
    for key in ("base", "minimum"):
        if settlement[key] not in levels:
            problems.append(f"{shown}:{settlement.get('__line__', 0)}: settlement: {key} {settlement[key]} is not "
                            f"one of the point levels {shown_levels}")
    from .settlement import PAYMENT_FACTS  # noqa: PLC0415 - settlement imports the vocabulary too
    for case, payers in settlement["payments"].items():
        if case == "__line__":
            continue
        for payer, formula in payers.items():
            if payer == "__line__":
                continue
            where = f"settlement: payments.{case}.{payer}"
            try:
                compiled = compile_predicate(_strip(formula), where, facts=PAYMENT_FACTS)
                value = compiled(_Facts(base=8, total=8))
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise PredicateError(f"{where}: must give a whole number of points, not {value!r}")
            except PredicateError as err:
                problems.append(f"{shown}:{payers.get('__line__', 0)}: {err}")
            except Exception as err:  # noqa: BLE001 - a formula that fails on plain numbers
                problems.append(f"{shown}:{payers.get('__line__', 0)}: {where} fails: {type(err).__name__}: {err}")
    for fan in fans:
        fid, line = fan["id"], fan.get("__line__", 0)
        tag = f"{shown}:{line}: fan {fid}: "
        if fid in ids:
            problems.append(f"{tag}duplicate id (first at line {ids[fid]})")
        ids.setdefault(fid, line)
        if fan["number"] in numbers:
            problems.append(f"{tag}duplicate number {fan['number']} (also fan {numbers[fan['number']]})")
        numbers.setdefault(fan["number"], fid)
        if fan["points"] not in levels:
            problems.append(f"{tag}points {fan['points']} is not one of {shown_levels}")
        if families and fan["family"] not in families:
            problems.append(f"{tag}family '{fan['family']}' is not one of the table's families "
                            f"({', '.join(sorted(families))})")
        for field in ("names", "definition", "summary"):
            for lang in languages:
                if not (fan.get(field) or {}).get(lang):
                    problems.append(f"{tag}{field} has no '{lang}' text (languages: {', '.join(languages)})")
        for lang in fan.get("other_names") or {}:
            if lang != "__line__" and lang not in languages:
                problems.append(f"{tag}other_names has a '{lang}' text, not one of the languages ({', '.join(languages)})")
        for lang, summary in (fan.get("summary") or {}).items():
            if isinstance(summary, str) and text_columns(summary) > SUMMARY_COLUMNS:
                problems.append(f"{tag}summary '{lang}' takes {text_columns(summary)} columns; the fan sheet's line "
                                f"holds {SUMMARY_COLUMNS} (a Chinese or Korean character takes two)")
        for rid in fan.get("rulings") or []:
            if rid not in ruling_ids:
                problems.append(f"{tag}unknown ruling '{rid}'")
        has_sets = "sets" in fan
        for key, node in (("sets.from", (fan.get("sets") or {}).get("from")), ("when", fan.get("when")),
                          ("count", fan.get("count"))):
            if node is None:
                continue
            problems += _predicate_problems(
                _strip(node), f"fan {fid}: {key}", f"{shown}:{line}: ", item_scope=(key == "when" and has_sets),
                allowed_facts=BONUS_FACTS if fan.get("bonus") else None,
                facts_note=f"a bonus fan counts outside the hand's tiles and may read only {', '.join(BONUS_FACTS)}")
        if fan.get("bonus") and (has_sets or fan.get("account_once") or fan.get("fallback")):
            problems.append(f"{tag}a bonus fan counts things outside the hand (flowers): it takes no 'sets' "
                            "and is neither account_once nor the fallback")
        if has_sets and "count" in fan:
            problems.append(f"{tag}'count' goes with whole-hand fans; a fan with 'sets' counts one per match")
        if not fan.get("fallback") and fan.get("when") is None and "sets" not in fan and fan.get("count") is None:
            problems.append(f"{tag}no 'when', 'sets' or 'count': the fan would apply to every hand")
    fallbacks = [f["id"] for f in fans if f.get("fallback")]
    if len(fallbacks) > 1:
        problems.append(f"{shown}:{fans[0].get('__line__', 0)}: more than one fallback fan ({', '.join(fallbacks)}); "
                        "the fallback is the one fan that counts when no other applies")
    for fan in fans:
        for field in ("excludes", "absorbs"):
            for target in exclusion_ids(fan.get(field)):
                if target not in ids:
                    problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: {field} unknown fan '{target}'")
                elif target == fan["id"]:
                    problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: {field} itself")
        if fan.get("absorbs") and "sets" not in fan:
            problems.append(f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: 'absorbs' needs 'sets' "
                            "(it drops matches within this fan's sets); use 'excludes' for a whole-hand fan")
        problems += _example_reference_problems(fan, ids, shown)
    cycle = _cycle({f["id"]: [t for t in exclusion_ids(f.get("excludes")) + (f.get("absorbs") or []) if t != f["id"]]
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
    problems += _situation_problems(data.get("situations") or {}, languages, shown)
    return problems


class _Facts:
    """Plain named values, for trying a payment formula."""

    def __init__(self, **values: int) -> None:
        self.__dict__.update(values)


def _example_reference_problems(fan: dict[str, Any], ids: dict[str, int], shown: str) -> list[str]:
    problems = []
    for example in fan.get("examples") or []:
        tag = f"{shown}:{example.get('__line__', 0)}: fan {fan['id']}: example {example['hand']}: "
        claim = example.get("not_counted")
        if claim is not None:
            if example["counts"] != 0:
                problems.append(f"{tag}'not_counted' says why the fan does not count: it needs counts 0")
            if claim["principle"] == "non_repeat" and claim.get("by") not in ids:
                problems.append(f"{tag}not_counted: non_repeat needs 'by', the id of the fan that excludes it"
                                + (f" ('{claim.get('by')}' is unknown)" if claim.get("by") else ""))
            if claim["principle"] != "non_repeat" and "by" in claim:
                problems.append(f"{tag}not_counted: only non_repeat names a fan with 'by'")
        for other in example.get("with") or {}:
            if other != "__line__" and other not in ids:
                problems.append(f"{tag}with: unknown fan '{other}'")
            elif other == fan["id"]:
                problems.append(f"{tag}with: names the fan itself; its count goes in 'counts'")
    return problems


def _situation_problems(situations: dict[str, Any], languages: list[str], shown: str) -> list[str]:
    problems = []
    for rule in situations.get("implies") or []:
        for key in ("flag", "brings"):
            if rule[key] not in FLAG_NAMES:
                problems.append(f"{shown}:{rule.get('__line__', 0)}: situations: implies: '{rule[key]}' is not a "
                                f"situation flag ({', '.join(FLAG_NAMES)})")
    seen: set[str] = set()
    for rule in situations.get("impossible") or []:
        tag = f"{shown}:{rule.get('__line__', 0)}: situation {rule['id']}: "
        if rule["id"] in seen:
            problems.append(f"{tag}duplicate id")
        seen.add(rule["id"])
        problems += _predicate_problems(
            _strip(rule["when"]), f"situation {rule['id']}: when", f"{shown}:{rule.get('__line__', 0)}: ",
            not_facts=READING_FACTS,
            facts_note="a situation rule is checked before the tiles are read into sets, so it may use only "
                       "facts of the hand and the situation")
        for lang in languages:
            if not (rule.get("reason") or {}).get(lang):
                problems.append(f"{tag}reason has no '{lang}' text")
    return problems


def _strip(node: Any) -> Any:
    from .table_source import strip_lines
    return strip_lines(node)


def check_table_data(data: Any, shown: str) -> list[str]:
    """Shape and reference problems of parsed YAML (examples are not scored here)."""
    if not isinstance(data, dict):
        return [f"{shown}:1: the fan table must be a mapping with 'version', 'languages', 'settlement', 'fans'"]
    problems = _schema_problems(data, shown) + _fraction_problems(data, shown)
    if not problems:
        problems = _reference_problems(data, shown) + markup_problems(data, shown)
    return [relocate(p) for p in problems]  # lines of an edition's file name that file


def example_problems(table: Any) -> list[str]:
    """Re-score every example of the table; each claim the engine does not confirm is
    one problem line."""
    from .api import score_with_table

    problems: list[str] = []
    for fan in table.fans:
        matching = sum(1 for e in fan.examples if e.matches)
        if matching < MIN_MATCHING_EXAMPLES or len(fan.examples) - matching < MIN_NON_MATCHING_EXAMPLES:
            problems.append(f"{table.path}:{fan.line}: fan {fan.id}: needs at least {MIN_MATCHING_EXAMPLES} "
                            f"example(s) where it counts and {MIN_NON_MATCHING_EXAMPLES} where it does not; "
                            f"has {matching} and {len(fan.examples) - matching}")
        for ex in fan.examples:
            tag = f"{table.path}:{ex.line}: fan {fan.id}: example {ex.hand}"
            try:
                result = score_with_table(table, ex.hand, **ex.situation)
            except RulesError as err:
                problems.append(f"{tag}: {err}")
                continue
            problems += [f"{tag}: {p}" for p in claim_problems(fan.id, ex, result)]
    return [relocate(p) for p in problems]


def claim_problems(fan_id: str, example: Any, result: Any) -> list[str]:
    """What the engine's result does not confirm of an example's claims."""
    problems = []
    got = result.fan_counts()
    if got.get(fan_id, 0) != example.counts:
        problems.append(f"says {fan_id} counts {example.counts} time(s); the engine counts it {got.get(fan_id, 0)}"
                        + _scored(result))
    listed = [n for n in result.not_counted if n.id == fan_id]
    claim = example.not_counted
    if claim is not None:
        if not [n for n in listed if n.principle == claim.principle and (claim.by is None or n.by == claim.by)]:
            said = claim.principle + (f" by {claim.by}" if claim.by else "")
            found = ", ".join(n.principle + (f" by {n.by}" if n.by else "") for n in listed) or "it does not apply"
            problems.append(f"says {fan_id} applies but is not counted ({said}); the engine: {found}")
    elif example.counts == 0 and listed:
        why = ", ".join(n.principle + (f" by {n.by}" if n.by else "") for n in listed)
        problems.append(f"says {fan_id} does not apply; the engine finds it but does not count it ({why}): "
                        "say why with not_counted")
    for other, count in example.with_fans.items():
        if got.get(other, 0) != count:
            problems.append(f"says {other} counts {count} time(s) here; the engine counts it {got.get(other, 0)}")
    if example.total is not None and example.total != result.total:
        problems.append(f"says the total is {example.total}; the engine gives {result.total}")
    return problems


def _scored(result: Any) -> str:
    return " (it scores " + (", ".join(f"{f.id} {f.count}" for f in result.fans) or "nothing") + ")"


def check_fan_table(path: str | None = None) -> list[str]:
    """All problems of the table at `path` (default fans.yaml) and of each of its
    editions; empty when every one is sound."""
    from .editions import overlay_paths
    from .fantable import DEFAULT_FANS_PATH

    problems = _edition_problems(path, None)
    if problems:
        return problems  # the other editions build on this one
    for edition in overlay_paths(Path(path) if path is not None else DEFAULT_FANS_PATH):
        problems += _edition_problems(path, edition)
    return problems


def _edition_problems(path: str | None, edition: str | None) -> list[str]:
    from .fantable import load_fan_table

    try:
        table = load_fan_table(path, edition=edition)
    except FanTableError as err:
        return list(err.problems)
    except RulesError as err:
        return [str(err)]
    problems = example_problems(table)
    if edition is not None:
        problems += _idle_changes(path, edition)
    return problems


def _idle_changes(path: str | None, edition: str) -> list[str]:
    """Changes an overlay documents that change nothing (each change must be a real one)."""
    from .edition_diff import differences
    from .editions import changes_of, overlay_paths, read_overlay
    from .fantable import DEFAULT_FANS_PATH

    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    shown = str(path) if path is not None else "fans.yaml"
    overlay_path = overlay_paths(file_path)[edition]
    shown_overlay = str(Path(shown).parent / "editions" / overlay_path.name)
    overlay = read_overlay(overlay_path, shown_overlay)
    based_on = str(overlay["edition"]["based_on"])
    real = {(d.kind, d.target, d.field) for d in differences(file_path, shown, based_on, edition)}
    problems = []
    for change in changes_of(overlay):
        for field in change.fields or ("",):
            if (change.kind, change.target, field) not in real:
                what = " ".join(x for x in (change.kind, change.target, field) if x)
                problems.append(f"{shown_overlay}:{int(change.line)}: the change of {what} changes nothing "
                                f"from edition {based_on}")
    return problems
