"""The checks of a fan table's data, below the loader: every problem one line,
`PATH:LINE: fan ID: what`.

First the shape (rules.table_schema: the JSON Schema, whole numbers), then the references
between the parts: ids and numbers, points, families, texts in every language, rulings,
exclusions, predicates, settlement formulas and situation rules. Nothing here scores a
hand: the examples are re-scored above the evaluator, by rules.self_check.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from .competition import competition_problems
from .context import BONUS_FACTS, READING_FACTS
from .editions import FAN_COUNT
from .exclusion_lists import exclusion_cycle, exclusion_ids
from .predicate_types import ANY, FLAG, GROUP, NUMBER, ValueType, list_of
from .settlement import PAYMENT_FACTS
from .situation import FLAG_NAMES
from .source_lines import relocate
from .table_schema import fraction_problems, required_keys, schema_problems
from .table_source import strip_lines
from .yaml_loader import place_of
from .vocabulary import OPERATORS, PredicateError, check_types, compile_predicate, facts_read, operators_used

# A fan's `summary` is printed on one line of a column of the fan sheet: at most this many
# columns, a wide (Chinese, Korean) character taking two. The sheet's browser test measures
# the printed lines themselves; this keeps an edit from getting there first.
SUMMARY_COLUMNS = 64
FAN_TEXTS = ("names", "definition", "summary")            # every fan has these in every language
RULING_TEXTS = ("question", "answer", "alternatives")     # and every ruling these
_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")   # {name} in an edition's summary, filled where it is shown


def text_columns(value: str) -> int:
    """The columns `value` takes in print: two for a wide or full-width character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in value)


@dataclass(frozen=True, slots=True)
class _Scope:
    """What the check of one fan needs to know of the whole table."""

    shown: str
    languages: tuple[str, ...]
    levels: tuple[int, ...]
    families: frozenset[str]
    ruling_ids: frozenset[str]

    @property
    def shown_levels(self) -> str:
        return ", ".join(map(str, self.levels))


def check_table_data(data: Any, shown: str) -> list[str]:
    """Shape and reference problems of a table's parsed data (examples are not scored here)."""
    if not isinstance(data, dict):
        keys = ", ".join(map(repr, required_keys()))
        return [f"{shown}:1: the fan table must be a mapping with {keys}"]
    problems = schema_problems(data, shown) + fraction_problems(data, shown)
    if not problems:
        problems = _reference_problems(data, shown)
    return [relocate(p) for p in problems]  # lines of an edition's file name that file


def _reference_problems(data: dict[str, Any], shown: str) -> list[str]:
    fans = data["fans"]
    scope = _Scope(shown, tuple(data.get("languages") or ()), tuple(data["points"]["levels"]),
                   frozenset(data.get("families") or {}) - {"__line__"},
                   frozenset(r["id"] for r in data.get("rulings") or []))
    problems = _section_problems(data, scope)
    ids: dict[str, int] = {}
    numbers: dict[int, str] = {}
    for fan in fans:
        problems += _identity_problems(fan, ids, numbers, shown)
        problems += _fan_problems(fan, scope)
    fallbacks = [f["id"] for f in fans if f.get("fallback")]
    if len(fallbacks) > 1:
        problems.append(f"{shown}:{fans[0].get('__line__', 0)}: more than one fallback fan ({', '.join(fallbacks)}); "
                        "the fallback is the one fan that counts when no other applies")
    for fan in fans:
        problems += _exclusion_problems(fan, ids, shown) + _example_reference_problems(fan, ids, shown)
    problems += _cycle_problems(fans, shown)
    for ruling in data.get("rulings") or []:
        problems += _ruling_problems(ruling, ids, scope)
    problems += _edition_text_problems(data.get("edition"), scope)
    problems += _situation_problems(data.get("situations") or {}, scope)
    return problems + competition_problems(data["competition"], scope.languages, shown)


def _section_problems(data: dict[str, Any], scope: _Scope) -> list[str]:
    """The table's point levels, and the settlement's amounts and formulas."""
    problems = []
    big = data["points"]["big"]
    if big not in scope.levels:
        problems.append(f"{scope.shown}:{data['points'].get('__line__', 0)}: points: big {big} is not one of the "
                        f"levels {scope.shown_levels}")
    settlement = data["settlement"]
    for key in ("base", "minimum"):
        if settlement[key] not in scope.levels:
            problems.append(f"{scope.shown}:{settlement.get('__line__', 0)}: settlement: {key} {settlement[key]} is "
                            f"not one of the point levels {scope.shown_levels}")
    for case, payers in settlement["payments"].items():
        if case == "__line__":
            continue
        for payer, formula in payers.items():
            if payer != "__line__":
                problems += _payment_problems(formula, f"settlement: payments.{case}.{payer}",
                                              f"{scope.shown}:{payers.get('__line__', 0)}")
    return problems


def _payment_problems(formula: Any, where: str, place: str) -> list[str]:
    """A payment formula must compile and give a whole number of points on plain numbers."""
    try:
        value = compile_predicate(strip_lines(formula), where, facts=PAYMENT_FACTS)(SimpleNamespace(base=8, total=8))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PredicateError(f"{where}: must give a whole number of points, not {value!r}")
    except PredicateError as err:
        return [f"{place}: {err}"]
    except Exception as err:  # noqa: BLE001 - a formula that fails on plain numbers
        return [f"{place}: {where} fails: {type(err).__name__}: {err}"]
    return []


def _identity_problems(fan: dict[str, Any], ids: dict[str, int], numbers: dict[int, str], shown: str) -> list[str]:
    """A fan's id and number are its own (each first use is recorded in ids and numbers)."""
    fid, line = fan["id"], fan.get("__line__", 0)
    problems = []
    if fid in ids:
        problems.append(f"{shown}:{line}: fan {fid}: duplicate id (first at line {ids[fid]})")
    ids.setdefault(fid, line)
    if fan["number"] in numbers:
        problems.append(f"{shown}:{line}: fan {fid}: duplicate number {fan['number']} "
                        f"(also fan {numbers[fan['number']]})")
    numbers.setdefault(fan["number"], fid)
    return problems


def _fan_problems(fan: dict[str, Any], scope: _Scope) -> list[str]:
    """One fan on its own: points, family, texts, rulings, predicates and flags."""
    tag = f"{scope.shown}:{fan.get('__line__', 0)}: fan {fan['id']}: "
    problems = []
    if fan["points"] not in scope.levels:
        problems.append(f"{tag}points {fan['points']} is not one of {scope.shown_levels}")
    if scope.families and fan["family"] not in scope.families:
        problems.append(f"{tag}family '{fan['family']}' is not one of the table's families "
                        f"({', '.join(sorted(scope.families))})")
    problems += _fan_text_problems(fan, tag, scope.languages)
    problems += [f"{scope.shown}:{line}: fan {fan['id']}: unknown ruling '{rid}'{column}"
                 for line, column, rid in _unknown_entries(fan.get("rulings"), scope.ruling_ids, fan.get("__line__", 0))]
    problems += _fan_predicate_problems(fan, scope.shown)
    has_sets = "sets" in fan
    if fan.get("bonus") and (has_sets or fan.get("account_once") or fan.get("fallback")):
        problems.append(f"{tag}a bonus fan counts things outside the hand (flowers): it takes no 'sets' "
                        "and is neither account_once nor the fallback")
    if has_sets and "count" in fan:
        problems.append(f"{tag}'count' goes with whole-hand fans; a fan with 'sets' counts one per match")
    if not fan.get("fallback") and fan.get("when") is None and not has_sets and fan.get("count") is None:
        problems.append(f"{tag}no 'when', 'sets' or 'count': the fan would apply to every hand")
    return problems


def _text_problems(texts: Any, field: str, tag: str, languages: tuple[str, ...], *, every: bool = True) -> list[str]:
    """A text of the table given per language: one for each language (`every`), and none in
    another (a 'jp' beside 'ja' would never be shown)."""
    texts = texts if isinstance(texts, dict) else {}
    shown = ", ".join(languages)
    problems = [f"{tag}{field} has no '{lang}' text (languages: {shown})"
                for lang in languages if every and not texts.get(lang)]
    return problems + [f"{tag}{field} has a '{lang}' text, not one of the languages ({shown})"
                       for lang in texts if lang != "__line__" and lang not in languages]


def _fan_text_problems(fan: dict[str, Any], tag: str, languages: tuple[str, ...]) -> list[str]:
    problems = [p for field in FAN_TEXTS for p in _text_problems(fan.get(field), field, tag, languages)]
    if fan.get("note") is not None:   # optional, but when there, in every language as the names are
        problems += _text_problems(fan["note"], "note", tag, languages)
    problems += _text_problems(fan.get("other_names"), "other_names", tag, languages, every=False)
    for lang, summary in (fan.get("summary") or {}).items():
        if isinstance(summary, str) and text_columns(summary) > SUMMARY_COLUMNS:
            problems.append(f"{tag}summary '{lang}' takes {text_columns(summary)} columns; the fan sheet's line "
                            f"holds {SUMMARY_COLUMNS} (a Chinese or Korean character takes two)")
    return problems


def _fan_predicate_problems(fan: dict[str, Any], shown: str) -> list[str]:
    """The problems of each predicate of a fan, and for each that has none, of what it gives:
    a fault in one does not hide a fault in another."""
    fid, sets_from = fan["id"], (fan.get("sets") or {}).get("from")
    tag = f"{shown}:{fan.get('__line__', 0)}: "
    problems, item = [], None
    if sets_from is not None:
        found = _predicate_problems_of(fan, "sets.from", sets_from, tag)
        kind = ANY if found else check_types(strip_lines(sets_from), f"fan {fid}: sets.from")
        if kind.known and not (kind.name == "list" and kind.item in (None, ANY, GROUP)):
            found.append(f"{tag}fan {fid}: sets.from: gives {kind}, but sets are drawn from a list of groups "
                         "(such as {var: pungs})")
        problems += found
        item = list_of(GROUP)   # when: one combination of the groups drawn
    if fan.get("when") is not None:
        problems += (_predicate_problems_of(fan, "when", fan["when"], tag, item)
                     or _not_a_condition(fan["when"], f"fan {fid}: when", tag, item))
    if fan.get("count") is not None:
        found = _predicate_problems_of(fan, "count", fan["count"], tag)
        kind = ANY if found else check_types(strip_lines(fan["count"]), f"fan {fid}: count")
        if kind.known and kind != NUMBER:
            found.append(f"{tag}fan {fid}: count: gives {kind}, but a fan counts a number of times")
        problems += found
    return problems


def _not_a_condition(node: Any, where: str, tag: str, item: ValueType | None = None) -> list[str]:
    """A `when` that gives something other than true or false (a list, a number), which
    would be read as true or false silently."""
    kind = check_types(strip_lines(node), where, item)
    if kind.known and kind != FLAG:
        return [f"{tag}{where}: gives {kind}, but a condition is true or false (compare it: {{\">\": [..., 0]}})"]
    return []


def _predicate_problems_of(fan: dict[str, Any], key: str, node: Any, tag: str,
                           item: ValueType | None = None) -> list[str]:
    return predicate_problems(
        strip_lines(node), f"fan {fan['id']}: {key}", tag, item_scope=item is not None, item_type=item,
        allowed_facts=BONUS_FACTS if fan.get("bonus") else None,
        facts_note=f"a bonus fan counts outside the hand's tiles and may read only {', '.join(BONUS_FACTS)}")


def predicate_problems(node: Any, where: str, tag: str, *, item_scope: bool = False,
                       item_type: ValueType | None = None, allowed_facts: frozenset[str] | None = None,
                       not_facts: frozenset[str] = frozenset(), facts_note: str = "") -> list[str]:
    """Problems of one predicate: unknown operators, what does not compile (an operator
    applied to a value of the wrong kind among it), facts it may not read."""
    if not isinstance(node, dict):
        return [f"{tag}{where} must be an operator node such as {{var: self_drawn}}, not {node!r:.60}"]
    unknown = sorted(op for op in operators_used(node) if op not in OPERATORS)
    if unknown:
        return [f"{tag}{where} uses unknown operator(s) {', '.join(repr(u) for u in unknown)}"]
    try:
        compile_predicate(node, where, item_scope=item_scope, item_type=item_type)
        read = facts_read(node, where, item_scope)
    except PredicateError as err:   # every fault of its types, each a problem
        return [f"{tag}{message}" for message in err.messages]
    except RecursionError:
        return [f"{tag}{where} is nested too deeply"]
    wrong = sorted(read & not_facts) if allowed_facts is None else sorted(read - allowed_facts)
    if wrong:
        return [f"{tag}{where} reads {', '.join(wrong)}: {facts_note}"]
    return []


def _entry_place(values: Any, index: int, line: int) -> tuple[int, str]:
    """The line of item `index` of a list read from the file, and ' (column N)' when known:
    an entry of `excludes: [a, b, c]` is pointed at, not its fan (`line`, where not known)."""
    place = place_of(values, index)
    return (line, "") if place is None else (place[0], f" (column {place[1]})")


def _unknown_entries(values: Any, known: Any, line: int) -> list[tuple[int, str, Any]]:
    """(line, ' (column N)', entry) of each entry of `values` not among `known`."""
    return [(*_entry_place(values, i, line), entry) for i, entry in enumerate(values or ()) if entry not in known]


def _exclusion_problems(fan: dict[str, Any], ids: dict[str, int], shown: str) -> list[str]:
    tag = f"{shown}:{fan.get('__line__', 0)}: fan {fan['id']}: "
    problems = []
    for field in ("excludes", "absorbs"):
        for index, target in enumerate(exclusion_ids(fan.get(field))):
            line, column = _entry_place(fan.get(field), index, fan.get("__line__", 0))
            if target not in ids:
                problems.append(f"{shown}:{line}: fan {fan['id']}: {field} unknown fan '{target}'{column}")
            elif target == fan["id"]:
                problems.append(f"{shown}:{line}: fan {fan['id']}: {field} itself{column}")
    if fan.get("absorbs") and "sets" not in fan:
        problems.append(f"{tag}'absorbs' needs 'sets' (it drops matches within this fan's sets); "
                        "use 'excludes' for a whole-hand fan")
    return problems


def _cycle_problems(fans: list[dict[str, Any]], shown: str) -> list[str]:
    cycle = exclusion_cycle({f["id"]: [t for t in exclusion_ids(f.get("excludes")) + (f.get("absorbs") or [])
                                       if t != f["id"]] for f in fans})
    if not cycle:
        return []
    first = next(f for f in fans if f["id"] == cycle[0])
    return [f"{shown}:{first.get('__line__', 0)}: fan {cycle[0]}: exclusion cycle " + " -> ".join(cycle)]


def _example_reference_problems(fan: dict[str, Any], ids: dict[str, int], shown: str) -> list[str]:
    """What an example claims must name known fans, in the form its claim takes; a fan
    named in `with` or `not_counted` at the line of the mapping that names it."""
    problems = []
    for example in fan.get("examples") or []:
        tag = _ExampleTag(shown, fan["id"], example)
        claim = example.get("not_counted")
        if claim is not None:
            if example["counts"] != 0:
                problems.append(f"{tag(example)}'not_counted' says why the fan does not count: it needs counts 0")
            if claim["principle"] == "non_repeat" and claim.get("by") not in ids:
                problems.append(f"{tag(claim)}not_counted: non_repeat needs 'by', the id of the fan that excludes it"
                                + (f" ('{claim.get('by')}' is unknown)" if claim.get("by") else ""))
            if claim["principle"] != "non_repeat" and "by" in claim:
                problems.append(f"{tag(claim)}not_counted: only non_repeat names a fan with 'by'")
        named = example.get("with") or {}
        for other in named:
            if other != "__line__" and other not in ids:
                problems.append(f"{tag(named)}with: unknown fan '{other}'")
            elif other == fan["id"]:
                problems.append(f"{tag(named)}with: names the fan itself; its count goes in 'counts'")
    return problems


@dataclass(frozen=True, slots=True)
class _ExampleTag:
    """`PATH:LINE: fan ID: example HAND: ` at the line of a mapping of the example."""

    shown: str
    fan_id: str
    example: dict[str, Any]

    def __call__(self, mapping: dict[str, Any]) -> str:
        line = mapping.get("__line__", self.example.get("__line__", 0))
        return f"{self.shown}:{line}: fan {self.fan_id}: example {self.example['hand']}: "


def _ruling_problems(ruling: dict[str, Any], ids: dict[str, int], scope: _Scope) -> list[str]:
    tag = f"{scope.shown}:{ruling.get('__line__', 0)}: ruling {ruling['id']}: "
    problems = [f"{scope.shown}:{line}: ruling {ruling['id']}: unknown fan '{fid}'{column}"
                for line, column, fid in _unknown_entries(ruling.get("fans"), ids, ruling.get("__line__", 0))]
    return problems + [p for field in RULING_TEXTS for p in _text_problems(ruling.get(field), field, tag, scope.languages)]


def _edition_text_problems(edition: Any, scope: _Scope) -> list[str]:
    """The edition's names, summary and source, shown on the site and by `mcr editions`."""
    if not isinstance(edition, dict):
        return []
    tag = f"{scope.shown}:{edition.get('__line__', 0)}: edition {edition.get('id')}: "
    source = edition.get("source")
    source = source if isinstance(source, dict) else {}
    fields = (("names", edition.get("names")), ("summary", edition.get("summary")),
              ("source title", source.get("title")), ("source publisher", source.get("publisher")))
    problems = [p for field, texts in fields for p in _text_problems(texts, field, tag, scope.languages)]
    summary = edition.get("summary")
    summary = summary if isinstance(summary, dict) else {}
    at = f"{scope.shown}:{summary.get('__line__', edition.get('__line__', 0))}: edition {edition.get('id')}: "
    for lang, text in summary.items():
        for unknown in sorted({p for p in _PLACEHOLDER.findall(text) if p != FAN_COUNT} if isinstance(text, str) else ()):
            problems.append(f"{at}summary '{lang}' holds {unknown}: the one placeholder a summary may hold is "
                            f"{FAN_COUNT}, the number of the edition's fans")
    return problems


def _situation_problems(situations: dict[str, Any], scope: _Scope) -> list[str]:
    """The flags an implication names, and each impossible situation's id, predicate and reasons."""
    shown = scope.shown
    problems = [f"{shown}:{rule.get('__line__', 0)}: situations: implies: '{rule[key]}' is not a situation flag "
                f"({', '.join(FLAG_NAMES)})"
                for rule in situations.get("implies") or [] for key in ("flag", "brings") if rule[key] not in FLAG_NAMES]
    seen: set[str] = set()
    for rule in situations.get("impossible") or []:
        place = f"{shown}:{rule.get('__line__', 0)}: "
        tag = f"{place}situation {rule['id']}: "
        if rule["id"] in seen:
            problems.append(f"{tag}duplicate id")
        seen.add(rule["id"])
        where = f"situation {rule['id']}: when"
        found = predicate_problems(
            strip_lines(rule["when"]), where, place, not_facts=READING_FACTS,
            facts_note="a situation rule is checked before the tiles are read into sets, so it may use only "
                       "facts of the hand and the situation")
        problems += found or _not_a_condition(rule["when"], where, place)
        problems += [f"{tag}reason has no '{lang}' text" for lang in scope.languages
                     if not (rule.get("reason") or {}).get(lang)]
    return problems
