"""`mcr check`: a table and each of its editions loaded with every check, and every
example re-scored by the engine. It sits above the evaluator, which it uses; the checks
of the data alone sit below the loader (rules.table_checks).

It never trusts a cache: each edition is read from its files and checked in full (and
the cache is written again from what was checked).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .edition_diff import differences
from .editions import changes_of, overlay_paths, read_overlay
from .errors import FanTableError, RulesError
from .fantable import DEFAULT_FANS_PATH, Example, FanTable, load_fan_table
from .result import ScoreResult
from .scoring import score_with_table
from .source_lines import relocate

MIN_MATCHING_EXAMPLES = 2
MIN_NON_MATCHING_EXAMPLES = 1


def check_fan_table(path: str | None = None) -> list[str]:
    """All problems of the table at `path` (default fans.yaml) and of each of its
    editions; empty when every one is sound."""
    problems = _edition_problems(path, None)
    if problems:
        return problems  # the other editions build on this one
    for edition in overlay_paths(Path(path) if path is not None else DEFAULT_FANS_PATH):
        problems += _edition_problems(path, edition)
    return problems


def require_examples(table: FanTable) -> FanTable:
    """The table, once every example shows what it claims; else FanTableError. A table
    other than the project's (a maintainer's edit tried with --fans) is not used before."""
    problems = example_problems(table)
    if problems:
        raise FanTableError(problems)
    return table


def example_problems(table: FanTable, edition_file: str | None = None) -> list[str]:
    """Re-score every example of the table; each claim the engine does not confirm is
    one problem line. `edition_file`: the file of the edition the table is read in, when
    it is one of the table's editions, named where another file's example fails in it."""
    problems: list[str] = []
    for fan in table.fans:
        matching = sum(1 for e in fan.examples if e.matches)
        if matching < MIN_MATCHING_EXAMPLES or len(fan.examples) - matching < MIN_NON_MATCHING_EXAMPLES:
            problems.append(f"{table.path}:{fan.line}: fan {fan.id}: needs at least {MIN_MATCHING_EXAMPLES} "
                            f"example(s) where it counts and {MIN_NON_MATCHING_EXAMPLES} where it does not; "
                            f"has {matching} and {len(fan.examples) - matching}")
        for ex in fan.examples:
            tag = _example_tag(table, f"{table.path}:{ex.line}: fan {fan.id}: example {ex.hand}", edition_file)
            try:
                result = score_with_table(table, ex.hand, **ex.situation)
            except RulesError as err:
                problems.append(f"{tag}: {err}")
                continue
            problems += [f"{tag}: {p}" for p in claim_problems(fan.id, ex, result)]
    return [relocate(p) for p in problems]


def _example_tag(table: FanTable, tag: str, edition_file: str | None) -> str:
    """Where an example's problem is, with the edition that scored it when that edition's
    file is not where the example is written (an example of the table an edition broke)."""
    tag = relocate(tag)
    if edition_file is None or table.edition is None or tag.startswith(f"{edition_file}:"):
        return tag
    return f"{tag}, scored by edition {table.edition.id} ({edition_file})"


def _times(n: int) -> str:
    return "1 time" if n == 1 else f"{n} times"


def claim_problems(fan_id: str, example: Example, result: ScoreResult) -> list[str]:
    """What the engine's result does not confirm of an example's claims."""
    problems = []
    got = result.fan_counts()
    if got.get(fan_id, 0) != example.counts:
        problems.append(f"says {fan_id} counts {_times(example.counts)}; the engine counts it {got.get(fan_id, 0)}"
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
            problems.append(f"says {other} counts {_times(count)} here; the engine counts it {got.get(other, 0)}")
    if example.total is not None and example.total != result.total:
        problems.append(f"says the total is {example.total}; the engine gives {result.total}")
    return problems


def _scored(result: Any) -> str:
    return " (it scores " + (", ".join(f"{f.id} {f.count}" for f in result.fans) or "nothing") + ")"


def _edition_problems(path: str | None, edition: str | None) -> list[str]:
    try:
        table = load_fan_table(path, edition=edition, trust_cache=False)
    except FanTableError as err:
        return list(err.problems)
    except RulesError as err:
        return [str(err)]
    if edition is None:
        return example_problems(table)
    return example_problems(table, _overlay_shown(path, edition)) + _idle_changes(path, edition)


def _overlay_shown(path: str | None, edition: str) -> str:
    """An edition's file as the problems name it: beside the table's name, in editions/."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    shown = str(path) if path is not None else "fans.yaml"
    return str(Path(shown).parent / "editions" / overlay_paths(file_path)[edition].name)


def _idle_changes(path: str | None, edition: str) -> list[str]:
    """Changes an overlay documents that change nothing (each change must be a real one)."""
    file_path = Path(path) if path is not None else DEFAULT_FANS_PATH
    shown = str(path) if path is not None else "fans.yaml"
    shown_overlay = _overlay_shown(path, edition)
    overlay = read_overlay(overlay_paths(file_path)[edition], shown_overlay, trust_cache=False)
    based_on = str(overlay["edition"]["based_on"])
    real = {(d.kind, d.target, d.field) for d in differences(file_path, shown, based_on, edition, trust_cache=False)}
    problems = []
    for change in changes_of(overlay):
        for field in change.fields or ("",):
            if (change.kind, change.target, field) not in real:
                what = " ".join(x for x in (change.kind, change.target, field) if x)
                problems.append(f"{shown_overlay}:{int(change.line)}: the change of {what} changes nothing "
                                f"from edition {based_on}")
    return problems
