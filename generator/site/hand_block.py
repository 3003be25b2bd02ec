"""`hand` blocks: finding them in Markdown, reading them, and checking them with the engine.

A hand block is a fenced code block whose language is `hand` and whose body is YAML:

    ```hand
    hand: "[123m][EEE]45p99s678p3p"     # required: the hand notation (README)
    self_drawn: true                    # optional situation keys: self_drawn, fourth_tile,
    flowers: 2                          #   replacement, robbing_kong, last_wall_tile,
                                        #   seat_wind, prevalent_wind, flowers
    fans: {FAN_ID: COUNT, ...}          # optional: the COMPLETE list the engine must give
    counts: {FAN_ID: COUNT, ...}        # optional: what the block is about: these fans only
                                        #   (0: the fan does not count)
    total: TOTAL                        # optional: the total the engine must give
    editions:                           # optional: where another edition of the rules scores
      green-book: {fans: {...}, total: N} #   the hand differently, what it gives there
    show: tiles                         # optional: draw the tiles only, without the scoring
    ```

Any problem (bad YAML, unknown key, a hand the engine rejects, a stated scoring that
differs from the engine's) is a HandBlockError carrying the line in the source file. A
block that states its scoring holds in every edition of the rules: where another edition
scores it differently, the block says so under `editions`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from rules.yaml_loader import YamlProblem, load_strict

from rules import (FanTable, OtherCount, RulesError, ScoreResult, SituationError, other_counts, score_ties,
                   score_with_table, situation_for, situation_problem)
from rules import SITUATION_FIELDS as SITUATION_KEYS

from generator.markdown_fences import BlockError, fenced_blocks

BLOCK_KEYS = ("hand", "show", "fans", "counts", "total", "editions")
CLAIM_KEYS = ("fans", "counts", "total")
SHOW_VALUES = ("tiles", "scoring")



class HandBlockError(BlockError):
    """A hand block that cannot be drawn or whose stated scoring is wrong."""


@dataclass(frozen=True, slots=True)
class HandFence:
    """Where a hand block sits in a Markdown text (lines are 1-based, fences included)."""

    first_line: int
    last_line: int
    indent: str
    body: str
    closed: bool


@dataclass(frozen=True, slots=True)
class Claims:
    """What a block states the engine gives: the complete fans, some fans' counts, the total."""

    fans: tuple[tuple[str, int], ...] | None = None
    counts: tuple[tuple[str, int], ...] = ()
    total: int | None = None

    @property
    def stated(self) -> bool:
        return self.fans is not None or bool(self.counts) or self.total is not None


@dataclass(frozen=True, slots=True)
class HandBlock:
    hand: str
    situation: tuple[tuple[str, Any], ...]   # sorted (key, value) pairs: hashable, stable
    fans: tuple[tuple[str, int], ...] | None
    total: int | None
    show_scoring: bool
    line: int                                # the line of the opening fence
    counts: tuple[tuple[str, int], ...] = ()  # the fans the block is about, 0 = not counted
    editions: tuple[tuple[str, Claims], ...] = ()  # another edition's scoring, where it differs

    @property
    def claims(self) -> Claims:
        return Claims(self.fans, self.counts, self.total)

    @property
    def situation_dict(self) -> dict[str, Any]:
        return dict(self.situation)


def find_hand_fences(markdown: str) -> list[HandFence]:
    """Every top-level or indented ```hand block, skipping fences nested in other fences."""
    return [HandFence(f.first_line, f.last_line, f.indent, f.body, f.closed)
            for f in fenced_blocks(markdown) if f.info == "hand"]


def read_block(fence: HandFence, line_offset: int = 0) -> HandBlock:
    """Parse a fence's YAML body; `line_offset` turns Markdown lines into file lines."""
    line = fence.first_line + line_offset
    if not fence.closed:
        raise HandBlockError(line, "the hand block has no closing fence")
    try:
        data = load_strict(fence.body, text_keys=False)
    except YamlProblem as problem:
        raise HandBlockError(line + problem.line, f"the block: {problem.text()}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = line + 1 + mark.line if mark is not None else line
        raise HandBlockError(at, f"the hand block is not valid YAML: {getattr(err, 'problem', err)}") from None
    if not isinstance(data, dict):
        raise HandBlockError(line, "a hand block holds YAML keys, at least `hand: \"<notation>\"`")
    unknown = sorted(set(data) - set(BLOCK_KEYS) - set(SITUATION_KEYS))
    if unknown:
        raise HandBlockError(line, f"unknown key(s) {', '.join(unknown)}; known: "
                             f"{', '.join(BLOCK_KEYS + SITUATION_KEYS)}")
    hand = data.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise HandBlockError(line, "`hand` is required and must be a notation string, "
                             "for example hand: \"[123m][EEE]45p99s678p3p\"")
    show = data.get("show", "scoring")
    if show not in SHOW_VALUES:
        raise HandBlockError(line, f"show must be one of {', '.join(SHOW_VALUES)}, not {show!r}")
    claims = _claims(data, line, "")
    editions = data.get("editions")
    if editions is not None:
        if not isinstance(editions, dict) or not all(isinstance(k, str) and isinstance(v, dict)
                                                     for k, v in editions.items()):
            raise HandBlockError(line, "`editions` maps an edition id to what it scores, "
                                       "e.g. {green-book: {fans: {...}, total: N}}")
        for edition, stated in editions.items():
            unknown_keys = sorted(set(stated) - set(CLAIM_KEYS))
            if unknown_keys:
                raise HandBlockError(line, f"editions.{edition}: unknown key(s) {', '.join(unknown_keys)}; "
                                           f"known: {', '.join(CLAIM_KEYS)}")
        editions = tuple(sorted((str(k), _claims(v, line, f"editions.{k}.")) for k, v in editions.items()))
    situation = tuple(sorted((k, v) for k, v in data.items() if k in SITUATION_KEYS))
    return HandBlock(hand.strip(), situation, claims.fans, claims.total, show == "scoring", line, claims.counts,
                     editions or ())


def _claims(data: dict[str, Any], line: int, where: str) -> Claims:
    fans = data.get("fans")
    if fans is not None:
        if not isinstance(fans, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v > 0
                for k, v in fans.items()):
            raise HandBlockError(line, f"`{where}fans` must map fan ids to counts, e.g. {{FAN_ID: 1}}")
        fans = tuple(sorted(fans.items()))
    counts = data.get("counts")
    if counts is not None:
        if not isinstance(counts, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                for k, v in counts.items()):
            raise HandBlockError(line, f"`{where}counts` must map fan ids to counts (0: not counted), "
                                       "e.g. {FAN_ID: 1}")
        counts = tuple(sorted(counts.items()))
    total = data.get("total")
    if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
        raise HandBlockError(line, f"`{where}total` must be a whole number, not {total!r}")
    return Claims(fans, counts or (), total)


def check_block(block: HandBlock, table: FanTable) -> ScoreResult | None:
    """Score the block with the engine and compare with what it states.

    Returns the engine's result, or None for a `show: tiles` block that states nothing
    (it only needs to be a readable hand and a possible situation).
    """
    try:
        if not block.show_scoring and not block.claims.stated:
            problem = situation_problem(table, block.hand, situation_for(table, **block.situation_dict))
            if problem is not None:
                raise SituationError(problem)
            return None
        result = score_with_table(table, block.hand, "en", **block.situation_dict)
    except RulesError as err:
        raise HandBlockError(block.line, f"{block.hand}: {err}") from None
    _compare(block, block.claims, result, table, "")
    return result


def same_total_counts(block: HandBlock, result: ScoreResult | None, table: FanTable) -> tuple[OtherCount, ...]:
    """The other counts of the block's total (rules.other_counts), when it shows its scoring."""
    if result is None or not block.show_scoring:
        return ()
    return other_counts(result, score_ties(block.hand, table=table, **block.situation_dict))


def check_editions(block: HandBlock, result: ScoreResult | None,
                   editions: dict[str, FanTable]) -> dict[str, ScoreResult]:
    """The block in every other edition of the rules: the results that differ from the
    default edition's. What the block states holds in every edition, unless it states
    otherwise for that edition under `editions`."""
    known = sorted(editions)
    for edition, _ in block.editions:
        if edition not in editions:
            raise HandBlockError(block.line, f"unknown edition '{edition}' under `editions`; "
                                             f"other editions: {', '.join(known) or 'none'}")
    if result is None:
        return {}
    stated = dict(block.editions)
    differing: dict[str, ScoreResult] = {}
    for edition, table in editions.items():
        try:
            other = score_with_table(table, block.hand, "en", **block.situation_dict)
        except RulesError as err:
            raise HandBlockError(block.line, f"{block.hand}: in the {edition} edition: {err}") from None
        try:
            _compare(block, stated.get(edition, block.claims), other, table, f" in the {edition} edition")
        except HandBlockError as err:
            if edition in stated:
                raise
            raise HandBlockError(err.line, f"{err.message}; if that edition scores it so, state it under "
                                           f"`editions: {{{edition}: {{...}}}}`") from None
        if other.total != result.total or other.fan_counts() != result.fan_counts():
            differing[edition] = other
    return differing


def _compare(block: HandBlock, claims: Claims, result: ScoreResult, table: FanTable, where: str) -> None:
    problems: list[str] = []
    known = {f.id for f in table.fans}
    engine = result.fan_counts()
    if claims.fans is not None:
        stated = dict(claims.fans)
        for fan_id in sorted(set(stated) - known):
            problems.append(f"`{fan_id}` is not a fan id of the fan table")
        for fan_id in sorted(set(stated) | set(engine)):
            if fan_id in known and stated.get(fan_id) != engine.get(fan_id):
                problems.append(f"{fan_id}: stated {stated.get(fan_id, 0)}, engine {engine.get(fan_id, 0)}")
    for fan_id, count in claims.counts:
        if fan_id not in known:
            problems.append(f"`{fan_id}` is not a fan id of the fan table")
        elif engine.get(fan_id, 0) != count:
            problems.append(f"{fan_id}: stated {count}, engine {engine.get(fan_id, 0)}")
    if claims.total is not None and claims.total != result.total:
        problems.append(f"total: stated {claims.total}, engine {result.total}")
    if problems:
        scored = ", ".join(f"{f.id}: {f.count}" for f in result.fans)
        raise HandBlockError(block.line, f"{block.hand}: the stated scoring{where} differs from the engine's "
                             f"({'; '.join(problems)}). The engine scores {{{scored}}}, total {result.total}")
