"""The hand of a check block, scored by the engine in every edition of the rules.

A check that shows a hand states what the engine gives for it (`scores`: the fans, the
total, whether the win is valid, the payments), and that must hold in every edition: a
question on the rules of play has one right answer, whichever book scores the hand.
An option whose key is a fan id ("which of these fans count?") must be a right answer
exactly when the engine counts that fan, so the answer key cannot drift from the engine.
"""
from __future__ import annotations

from typing import Any, Mapping

import rules
from rules import FanTable, RulesError, ScoreResult, parse_hand

from .check_blocks import CheckBlock, CheckBlockError, Scores


def edition_tables() -> dict[str, FanTable]:
    """Every edition of the project's rules, by id, the default first."""
    return {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}


def check_hand(block: CheckBlock, tables: Mapping[str, FanTable]) -> ScoreResult | None:
    """Score the block's hand in every edition and hold it to its `scores`; the default
    edition's result (None without a hand). CheckBlockError says what differs."""
    if block.hand is None:
        return None
    where = f"check {block.id}: {block.hand}"
    if not block.scores.stated:
        raise CheckBlockError(block.line, f"{where}: a check's hand states what the engine gives under `scores` "
                                          f"(some of fans, total, valid, payments)")
    first: ScoreResult | None = None
    for n, (edition, table) in enumerate(tables.items()):
        try:
            result = rules.score_with_table(table, block.hand, "en", **dict(block.situation))
        except RulesError as err:
            raise CheckBlockError(block.line, f"{where}: {err}") from None
        problems = differences(block.scores, result, table) + fan_option_problems(block, result, table)
        if problems:
            scored = ", ".join(f"{f.id}: {f.count}" for f in result.fans)
            in_edition = f" in the {edition} edition" if n else ""
            raise CheckBlockError(block.line, f"{where}: the stated scores differ from the engine's{in_edition} "
                                              f"({'; '.join(problems)}). The engine scores {{{scored}}}, total "
                                              f"{result.total}")
        first = first or result
    return first


def differences(scores: Scores, result: ScoreResult, table: FanTable) -> list[str]:
    """Each way the stated scores differ from the engine's result, one line each."""
    problems: list[str] = []
    if scores.fans is not None:
        stated, engine = dict(scores.fans), result.fan_counts()
        known = {f.id for f in table.fans}
        problems += [f"`{fan}` is not a fan id of the fan table" for fan in sorted(set(stated) - known)]
        problems += [f"{fan}: stated {stated.get(fan, 0)}, engine {engine.get(fan, 0)}"
                     for fan in sorted(set(stated) | set(engine)) if fan in known and stated.get(fan) != engine.get(fan)]
    if scores.total is not None and scores.total != result.total:
        problems.append(f"total: stated {scores.total}, engine {result.total}")
    if scores.valid is not None and scores.valid != result.valid:
        problems.append(f"valid: stated {str(scores.valid).lower()}, engine {str(result.valid).lower()}")
    if scores.payments is not None:
        paid: dict[str, Any] = result.payments.as_dict() if result.payments else {}
        for key, value in scores.payments:
            if paid.get(key) != value:
                problems.append(f"payments.{key}: stated {value}, engine {paid.get(key, 'none')}")
    return problems


def fan_option_problems(block: CheckBlock, result: ScoreResult, table: FanTable) -> list[str]:
    """Options named by a fan id whose place in the answer disagrees with the engine."""
    counted = {fan for fan, count in result.fan_counts().items() if count}
    known = {f.id for f in table.fans}
    problems = []
    for key in block.option_keys:
        if key in known and (key in block.answer) != (key in counted):
            problems.append(f"option {key} is {'' if key in block.answer else 'not '}in the answer, but the engine "
                            f"{'counts' if key in counted else 'does not count'} that fan")
    return problems


def hand_tiles(notation: str) -> dict[str, Any]:
    """The hand pre-read for drawing, as the scoring banks give it: melds (tiles, exposed;
    four tiles not exposed are a concealed kong), the concealed tiles, the winning tile."""
    hand = parse_hand(notation)
    return {"melds": [{"tiles": [t.text for t in m.tiles], "exposed": m.claimed} for m in hand.melds],
            "concealed": [t.text for t in hand.standing[:-1]], "winning": hand.winning_tile.text}
