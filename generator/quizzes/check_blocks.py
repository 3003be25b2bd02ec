"""`check` blocks of the rulebook: one question on the rule of the section it sits in.

A check block is a fenced code block whose language is `check` and whose body is YAML:

    ```check
    id: pung-before-chow              # required: the same in every language's chapter
    question: "North discards ..."    # required: the situation and the question
    options:                          # required: 2 to 8, key: text; the keys (and their
      east: "East, for the chow"      #   order) are the same in every language
      south: "South, for the pung"
    answer: south                     # required: the right key, or a list of keys
    pick: one                         # optional: one (default with one answer) or all
                                      #   ("tick every right option"; needed with several)
    reason: "A pung comes before ..." # required: one line, why the answer is right
    hand: "[123m][EEE]45p99s678p6p"   # optional: a hand in the project's notation,
    situation: {self_drawn: true}     #   how it was won (the scoring situation's keys)
    scores: {total: 9, valid: false}  #   and what the engine must give: fans, total,
    ```                               #   valid, payments

This module reads the blocks of one Markdown text, each with the section (the nearest
heading above it, with its `{#anchor}`) it belongs to. Nothing here scores a hand:
check_hands does that, and rulebook_checks compares the languages. Every problem is a
CheckBlockError carrying the line in the Markdown text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from rules.yaml_loader import YamlProblem, load_strict

from rules import SITUATION_FIELDS

from generator.markdown_fences import BlockError, fenced_blocks

BLOCK_LANGUAGE = "check"
KEYS = ("id", "question", "options", "answer", "pick", "reason", "hand", "situation", "scores")
SCORE_KEYS = ("fans", "total", "valid", "payments")
PAYMENT_KEYS = ("self_drawn", "each", "discarder", "others", "winner_receives")
PICKS = ("one", "all")
OPTION_LABELS = "ABCDEFGH"          # how the options are shown, in order; a check has at most this many
MIN_OPTIONS = 2

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_OPTION_KEY = re.compile(r"^[a-z0-9_]+$")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})[ \t]+(?P<title>.*?)(?:[ \t]*\{#(?P<anchor>[\w-]+)\})?[ \t]*$")


class CheckBlockError(BlockError):
    """A check block that cannot be read, or that says something the rules engine denies."""


@dataclass(frozen=True, slots=True)
class Heading:
    line: int
    level: int
    title: str            # the heading's text, without its anchor
    anchor: str | None


@dataclass(frozen=True, slots=True)
class CheckFence:
    """Where a check block sits (lines are 1-based, fences included) and under which heading."""

    first_line: int
    last_line: int
    indent: str
    body: str
    closed: bool
    heading: Heading | None


@dataclass(frozen=True, slots=True)
class Scores:
    """What a check states the engine gives for its hand; None: not stated."""

    fans: tuple[tuple[str, int], ...] | None = None     # the complete list, by fan id
    total: int | None = None
    valid: bool | None = None
    payments: tuple[tuple[str, Any], ...] | None = None  # some fields of the payments

    @property
    def stated(self) -> bool:
        return any(v is not None for v in (self.fans, self.total, self.valid, self.payments))


@dataclass(frozen=True, slots=True)
class CheckBlock:
    id: str
    question: str
    options: tuple[tuple[str, str], ...]   # (key, text), in the order shown
    answer: tuple[str, ...]                # the right keys, in option order
    pick: str                              # "one" or "all"
    reason: str
    line: int                              # the opening fence's line
    anchor: str                            # the section the check is about
    section_title: str
    hand: str | None = None
    situation: tuple[tuple[str, Any], ...] = ()   # sorted (key, value) pairs
    scores: Scores = Scores()

    @property
    def option_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.options)

    def facts(self) -> tuple[Any, ...]:
        """What every language's copy of the check must share: all but its words."""
        return (self.option_keys, self.answer, self.pick, self.hand, self.situation, self.scores)


@dataclass(frozen=True, slots=True)
class Chapter:
    """One Markdown text read for its checks: its title (the first `#` heading) and blocks."""

    title: str | None
    headings: tuple[Heading, ...]
    fences: tuple[CheckFence, ...]


def scan(markdown: str) -> Chapter:
    """The headings outside code blocks, and every check fence with the heading above it."""
    lines = markdown.split("\n")
    blocks = fenced_blocks(markdown)
    fenced = {n for b in blocks for n in range(b.first_line, b.last_line + 1)}
    headings: list[Heading] = []
    for n, line in enumerate(lines, 1):
        heading = None if n in fenced else _HEADING.match(line)
        if heading:
            headings.append(Heading(n, len(heading["hashes"]), heading["title"].strip(), heading["anchor"]))
    fences = []
    for b in blocks:
        if b.info == BLOCK_LANGUAGE:
            above = [h for h in headings if h.line < b.first_line]
            fences.append(CheckFence(b.first_line, b.last_line, b.indent, b.body, b.closed,
                                     above[-1] if above else None))
    title = next((h.title for h in headings if h.level == 1), None)
    return Chapter(title, tuple(headings), tuple(fences))



def read_check(fence: CheckFence) -> CheckBlock:
    """The block's YAML, read and checked for shape; CheckBlockError names the line."""
    line = fence.first_line
    if not fence.closed:
        raise CheckBlockError(line, "the check block has no closing fence")
    heading = fence.heading
    if heading is None:
        raise CheckBlockError(line, "a check must sit under a heading: it is about that section")
    if heading.anchor is None:
        raise CheckBlockError(line, f"the heading above this check (line {heading.line}) has no anchor "
                                    "{#...}; a check cites its section by that anchor")
    try:
        data = load_strict(fence.body, text_keys=False)
    except YamlProblem as problem:
        raise CheckBlockError(line + problem.line, f"the block: {problem.text()}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = line + 1 + mark.line if mark is not None else line
        raise CheckBlockError(at, f"the check block is not valid YAML: {getattr(err, 'problem', err)}") from None
    if not isinstance(data, dict):
        raise CheckBlockError(line, "a check block holds YAML keys: id, question, options, answer, reason")
    unknown = sorted(str(k) for k in set(data) - set(KEYS))
    if unknown:
        raise CheckBlockError(line, f"unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}")
    check_id = data.get("id")
    if not isinstance(check_id, str) or not _ID.match(check_id):
        raise CheckBlockError(line, "`id` is required: lower-case words joined by hyphens, e.g. id: pung-before-chow")
    where = f"check {check_id}: "

    def text(key: str, *, one_line: bool = False) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise CheckBlockError(line, f"{where}`{key}` is required and must be text")
        if one_line and "\n" in value.strip():
            raise CheckBlockError(line, f"{where}`{key}` must be one line")
        return " ".join(value.split())

    question = text("question")
    options = _options(data.get("options"), line, where)
    answer = _answer(data.get("answer"), options, line, where)
    pick = data.get("pick", "one" if len(answer) == 1 else "all")
    if pick not in PICKS:
        raise CheckBlockError(line, f"{where}`pick` is one or all, not {pick!r}")
    if pick == "one" and len(answer) > 1:
        raise CheckBlockError(line, f"{where}{len(answer)} right options with pick: one; say pick: all")
    reason = text("reason", one_line=True)
    hand, situation, scores = _hand(data, line, where)
    return CheckBlock(check_id, question, options, answer, pick, reason, line, heading.anchor, heading.title,
                      hand, situation, scores)


def _options(value: Any, line: int, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise CheckBlockError(line, f"{where}`options` is required: one `key: text` line per option")
    if not MIN_OPTIONS <= len(value) <= len(OPTION_LABELS):
        raise CheckBlockError(line, f"{where}{len(value)} options; a check has {MIN_OPTIONS} to {len(OPTION_LABELS)}")
    options = []
    for key, shown in value.items():
        if not isinstance(key, str) or not _OPTION_KEY.match(key):
            hint = " (YAML reads yes, no, on and off as true or false: quote the key)" if isinstance(key, bool) else ""
            raise CheckBlockError(line, f"{where}the option key {key!r} must be lower-case letters, digits or "
                                        f"_{hint}")
        if isinstance(shown, int) and not isinstance(shown, bool):
            shown = str(shown)
        if not isinstance(shown, str) or not shown.strip():
            raise CheckBlockError(line, f"{where}option {key}: its text is missing")
        options.append((key, " ".join(shown.split())))
    return tuple(options)


def _answer(value: Any, options: tuple[tuple[str, str], ...], line: int, where: str) -> tuple[str, ...]:
    keys = [k for k, _ in options]
    given = [value] if isinstance(value, str) else value
    if not isinstance(given, list) or not given or not all(isinstance(k, str) for k in given):
        raise CheckBlockError(line, f"{where}`answer` is required: an option key, or a list of them")
    for key in given:
        if key not in keys:
            raise CheckBlockError(line, f"{where}the answer {key!r} is not an option; options: {', '.join(keys)}")
    if len(set(given)) != len(given):
        raise CheckBlockError(line, f"{where}the answer names an option twice")
    return tuple(k for k in keys if k in given)


def _hand(data: dict[str, Any], line: int, where: str) -> tuple[str | None, tuple[tuple[str, Any], ...], Scores]:
    hand = data.get("hand")
    situation = data.get("situation")
    scores = data.get("scores")
    if hand is None:
        if situation is not None or scores is not None:
            raise CheckBlockError(line, f"{where}`situation` and `scores` describe a `hand`, and there is none")
        return None, (), Scores()
    if not isinstance(hand, str) or not hand.strip():
        raise CheckBlockError(line, f"{where}`hand` must be a hand in the notation, e.g. hand: \"[123m][EEE]45p99s678p6p\"")
    situation = situation or {}
    if not isinstance(situation, dict):
        raise CheckBlockError(line, f"{where}`situation` maps situation keys to values, e.g. {{self_drawn: true}}")
    unknown = sorted(str(k) for k in set(situation) - set(SITUATION_FIELDS))
    if unknown:
        raise CheckBlockError(line, f"{where}unknown situation key(s) {', '.join(unknown)}; known: "
                                    f"{', '.join(SITUATION_FIELDS)}")
    return hand.strip(), tuple(sorted(situation.items())), _scores(scores, line, where)


def _scores(value: Any, line: int, where: str) -> Scores:
    if value is None:
        return Scores()
    if not isinstance(value, dict):
        raise CheckBlockError(line, f"{where}`scores` maps {', '.join(SCORE_KEYS)} to what the engine gives")
    unknown = sorted(str(k) for k in set(value) - set(SCORE_KEYS))
    if unknown:
        raise CheckBlockError(line, f"{where}unknown key(s) under `scores`: {', '.join(unknown)}; known: "
                                    f"{', '.join(SCORE_KEYS)}")
    fans = value.get("fans")
    if fans is not None:
        if not isinstance(fans, dict) or not all(isinstance(k, str) and _count(v) for k, v in fans.items()):
            raise CheckBlockError(line, f"{where}`scores.fans` maps fan ids to counts, e.g. {{FAN_ID: 1}}")
        fans = tuple(sorted(fans.items()))
    total = value.get("total")
    if total is not None and not _count(total, low=0):
        raise CheckBlockError(line, f"{where}`scores.total` must be a whole number, not {total!r}")
    valid = value.get("valid")
    if valid is not None and not isinstance(valid, bool):
        raise CheckBlockError(line, f"{where}`scores.valid` is true or false, not {valid!r}")
    payments = value.get("payments")
    if payments is not None:
        if not isinstance(payments, dict) or not payments or set(payments) - set(PAYMENT_KEYS):
            raise CheckBlockError(line, f"{where}`scores.payments` maps some of {', '.join(PAYMENT_KEYS)} "
                                        "to what the engine gives")
        payments = tuple(sorted(payments.items()))
    return Scores(fans, total, valid, payments)


def _count(value: Any, low: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def read_checks(markdown: str) -> tuple[Chapter, list[CheckBlock], list[CheckBlockError]]:
    """Every check of a Markdown text: the readable ones, and the problem of each other one."""
    chapter = scan(markdown)
    blocks: list[CheckBlock] = []
    errors: list[CheckBlockError] = []
    for fence in chapter.fences:
        try:
            blocks.append(read_check(fence))
        except CheckBlockError as err:
            errors.append(err)
    return chapter, blocks, errors
