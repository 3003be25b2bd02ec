"""The trainer in a terminal: a thin layer over the session API (trainer/session.py).

It asks which rules the learner plays the first time, prints each item the session hands
out (a lesson, a question, a guided step, a flashcard), reads the answer line by line from
any stream (a pipe drives it as well as a person), hands it to the session and prints the
feedback. The end of input or a quit word ends the session cleanly; progress is saved
after every answer, so nothing is lost either way. Each save applies the answer to the
file as it is then, so two sessions at once keep each other's answers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TextIO

import rules

from .blocks import block_text
from .explain_text import counted
from .learner_text import level_lines, move_line
from .planner import kinds_in, levels_with, session_levels
from .progress import Progress
from .progress_store import ProgressStore
from .session import Session
from .terminal_tiles import draw_hand
from .text import situation_line, text, words

QUIT = object()   # the learner asked to stop


@dataclass(frozen=True, slots=True)
class Terminal:
    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    lang: str
    colour: bool

    def say(self, line: str = "") -> None:
        print(line, file=self.stdout, flush=True)

    def warn(self, line: str) -> None:
        print(line, file=self.stderr, flush=True)

    def t(self, key: str, **values: object) -> str:
        return text(self.lang, key, **values)

    def points(self, n: int) -> str:
        """'1 point', '8 points', '8分': a total with its unit, singular or plural."""
        return counted(self.t, self.lang, "points", n)

    def ask(self, prompt: str = "> ") -> str | None:
        """One line of input, None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        isatty = getattr(self.stdin, "isatty", None)
        if not (isatty and isatty()):
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # a transcript shows the answer
        return None if line == "" else line.strip()

    def hand(self, tiles: dict[str, Any], label: str = "") -> None:
        if label:
            self.say("  " + label)
        self.say("  " + draw_hand(tiles, self.colour, self.lang))

    def blocks(self, blocks: list[dict[str, Any]]) -> None:
        for block in blocks:
            if block["type"] == "hand":
                self.hand(block["tiles"], block.get("label", ""))
                if block.get("situation"):   # a card's hand: how it was won matters to its fan
                    self.situation(block["situation"])
            else:   # a line, or a section, a ruling, a new fan: with its address, or its `mcr fans` command
                self.say(block_text(block, self.t, self.lang))

    def situation(self, s: dict[str, Any]) -> None:
        self.say("  " + situation_line(self.lang, s))


def read_answer(term: Terminal, parse: Callable[[str], Any]) -> Any:
    """The first line `parse` accepts (a ValueError's message is said, and the line asked
    again); None for an empty line ("I don't know"), QUIT at a quit word or the end of input."""
    while True:
        line = term.ask()
        if line is None or line.lower() in words(term.lang, "words_quit"):
            return QUIT
        if not line:
            return None
        try:
            return parse(line)
        except ValueError as err:
            term.say(str(err))


# -- reading answers, by the form of the item ------------------------------------------------

def _numbers(term: Terminal, line: str, n: int) -> list[int]:
    parts = line.replace(",", " ").split()
    try:
        values = [int(p) for p in parts]
    except ValueError:
        values = []
    if len(values) != n:
        raise ValueError(term.t("bad_number") if n == 1 else term.t("bad_numbers", n=n))
    return values


def _yes_no(term: Terminal, line: str) -> bool:
    word = line.lower()
    if word in words(term.lang, "words_yes"):
        return True
    if word in words(term.lang, "words_no"):
        return False
    raise ValueError(term.t("bad_yes_no"))


def _picks(term: Terminal, line: str, n: int, one: bool, readings: bool = False) -> list[int]:
    try:
        picked = [int(p) for p in line.replace(",", " ").split()]
    except ValueError:
        picked = [0]
    if not picked or not all(1 <= i <= n for i in picked) or (one and len(picked) != 1):
        raise ValueError(_picks_problem(term, n, one, readings))
    return [i - 1 for i in dict.fromkeys(picked)]


def _picks_problem(term: Terminal, n: int, one: bool, readings: bool) -> str:
    """What to type instead, worded by what is picked: never "from 1 to 1"."""
    if n == 1:
        return term.t("bad_only_option")
    if one:
        return term.t("bad_reading" if readings else "bad_choice", n=n)
    return term.t("bad_options", n=n)


def _tiles(term: Terminal, line: str) -> list[str]:
    try:
        return sorted({t.text for t in rules.read_tiles(line.replace(",", " ").replace(" ", ""))})
    except rules.NotationError as err:
        raise ValueError(term.t("bad_tiles", error=err)) from None


def parser_for(term: Terminal, item: dict[str, Any]) -> Callable[[str], Any]:
    """How a line answers the item, by its form."""
    form = item["form"]
    choices = item.get("options") or item.get("readings") or [{"value": i} for i, _ in enumerate(item.get("hands", []))]
    if form == "number":
        return lambda line: _numbers(term, line, 1)[0]
    if form == "numbers":
        return lambda line: _numbers(term, line, item["numbers"])
    if form == "yes_no":
        return lambda line: _yes_no(term, line)
    if form == "tiles":
        return lambda line: _tiles(term, line)
    if form == "multi":
        return lambda line: [choices[i]["value"] for i in _picks(term, line, len(choices), False)]
    readings = bool(item.get("readings")) and not item.get("options")
    return lambda line: choices[_picks(term, line, len(choices), True, readings)[0]]["value"]


# -- showing items ----------------------------------------------------------------------------

def show_question(term: Terminal, item: dict[str, Any]) -> None:
    term.situation(item["situation"])
    term.hand(item["tiles"])
    for i, option in enumerate(item.get("options") or item.get("readings") or [], 1):
        term.say(f"   {i:>2}) {option['label']}")
    term.say(item["prompt"])


def show_lesson(term: Terminal, item: dict[str, Any]) -> None:
    term.say()
    term.say(term.t("lesson_title", title=item["title"]))
    term.say(item["summary"])
    for principle in item["principles"]:
        term.say(term.t("see_principle", principle=principle["name"], page=principle["page"]))
    term.say()
    term.blocks(item["blocks"])
    example = item["example"]
    if example is not None:
        term.say()
        term.say(term.t("lesson_example"))
        term.situation(example["situation"])
        term.hand(example["tiles"])
        for line in example_lines(example["steps"]):
            term.say("  " + line)


def example_lines(steps: list[dict[str, Any]]) -> list[str]:
    """The worked example's answers, step after step, each line once: a fan the principles
    leave out is answered both in its family's step (a tempting option) and in the
    principles' step, which asked as questions are two, but read in a row say it twice."""
    return list(dict.fromkeys(line for step in steps for line in step["explain"]))


def show_flashcard(term: Terminal, item: dict[str, Any]) -> None:
    term.say(item["prompt"])
    if item["direction"] == "name_to_tiles":
        for i, hand in enumerate(item["hands"], 1):
            term.situation(hand["situation"])
            term.say(f"   {i})  " + draw_hand(hand["tiles"], term.colour, term.lang))
        return
    hand = item["hands"][0]
    term.situation(hand["situation"])
    term.hand(hand["tiles"])
    for i, option in enumerate(item["options"], 1):
        term.say(f"   {i:>2}) {option['label']}")


def show_step(term: Terminal, item: dict[str, Any]) -> None:
    if item["n"] == 1:
        term.say(term.t("guided_hand", n=item["hand"], count=item["hand_count"]))
        term.situation(item["situation"])
        term.hand(item["tiles"])
    term.say(term.t("two_sentences", first=term.t("guided_step", n=item["n"], count=item["of"]), second=item["prompt"]))
    for i, option in enumerate(item.get("options") or [], 1):
        term.say(f"   {i:>2}) {option['label']}")


SHOW = {"question": show_question, "flashcard": show_flashcard, "step": show_step}


@dataclass(frozen=True, slots=True)
class Summary:
    asked: int
    right: int
    progress: Progress
    empty: bool = False   # nothing to ask with these options: said, and the session not held


def again_key(item: dict[str, Any]) -> str:
    """The line over a question asked again: the fan missed, or only a question of its kind
    (no fan was to blame), just before or a few questions ago."""
    key = "asked_again_kind" if item.get("again_for") == "kind" else "asked_again"
    return key + "_just" if item.get("again_ago") == 1 else key


def keep_progress(term: Terminal, store: ProgressStore | None, progress: Progress, failed_before: bool,
                  change: Callable[[Progress], Progress]) -> tuple[Progress, bool]:
    """The progress after `change`, saved in `store` (what other sessions saved included),
    and whether saving has failed; a failure is said once a session (`failed_before`), and
    the session then keeps its own progress."""
    if store is not None:
        try:
            saved = store.update(change)
        except OSError as err:
            if not failed_before:
                term.warn(term.t("progress_unsaved", error=err))
            failed_before = True
        else:
            if saved.damaged:
                term.warn(term.t(saved.notice, error=saved.damaged, path=saved.kept_as))
            return saved.progress, failed_before
    return change(progress), failed_before


class StoreSaver:
    """The session's saves, applied to the progress file (or kept in memory when it cannot be written)."""

    def __init__(self, term: Terminal, store: ProgressStore | None, progress: Progress) -> None:
        self.term, self.store, self.progress, self.failed = term, store, progress, False

    def __call__(self, change: Callable[[Progress], Progress]) -> Progress:
        self.progress, self.failed = keep_progress(self.term, self.store, self.progress, self.failed, change)
        return self.progress


class TerminalSession:
    """One session in the terminal, driving `session`."""

    def __init__(self, term: Terminal, session: Session) -> None:
        self.term = term
        self.session = session

    def run(self, header: str) -> Summary:
        term, session = self.term, self.session
        term.say(term.t("title") + " · " + header)
        term.say(term.t("hint"))
        if session.needs_edition():
            if not self.ask_edition():
                return Summary(0, 0, session.progress)
        info = session.begin()
        if session.count() == 0:
            self.nothing_to_ask()
            return Summary(0, 0, session.progress, empty=True)
        term.say(term.t("legend"))   # once a session: the notation the hands are drawn in
        term.say(term.t("edition_session", edition=session.table.edition.name(term.lang)
                        if session.table.edition else info["edition"]))
        while (item := session.next()) is not None:
            if item["type"] == "lesson":
                show_lesson(term, item)
                continue
            if not self.ask(item):
                break
        self.closing()
        return Summary(session.asked, session.right, session.progress)

    def nothing_to_ask(self) -> None:
        """Why the session has no question: the kinds asked for are not at its levels
        (which kinds are, and which levels have those asked), or nothing matches at all."""
        term, session = self.term, self.session
        options = session.options
        pool = session.trainer.pool(session.edition)
        levels = session_levels(session.progress, options.level)
        known = kinds_in(pool, levels)
        if options.mode != "practice" or options.fan or set(options.kinds) & set(known):
            term.warn(term.t("no_questions"))
            return
        asked = ", ".join(options.kinds)
        term.warn(term.t("no_kind_questions", kinds=asked, level=term.t(f"level_{levels[-1]}"), known=", ".join(known)))
        others = levels_with(pool, options.kinds)
        if others:
            term.warn(term.t("kind_at_levels", kinds=asked, levels=", ".join(f"--level {lv}" for lv in others)))

    def ask_edition(self) -> bool:
        """Which rules the learner plays, asked once; an empty answer keeps the default."""
        term, choices = self.term, self.session.editions()
        term.say(term.t("edition_ask"))
        for i, e in enumerate(choices, 1):
            term.say(f"   {i}) " + term.t("labelled", label=e["name"], text=e["summary"]))
        picked = read_answer(term, lambda line: choices[_picks(term, line, len(choices), True)[0]]["id"])
        if picked is QUIT:
            return False
        self.session.set_edition(picked if picked is not None else choices[0]["id"])
        return True

    def ask(self, item: dict[str, Any]) -> bool:
        term = self.term
        term.say()
        if item["type"] != "step":   # a step says its own place in the hand's checklist
            term.say(term.t("question", n=item["n"], count=item["of"]))
        if item.get("again"):
            term.say(term.t(again_key(item)))
        SHOW[item["type"]](term, item)
        response = read_answer(term, parser_for(term, item))
        if response is QUIT:
            return False
        feedback = self.session.answer(response)
        term.blocks(feedback["blocks"])
        if feedback["comes_back"]:
            term.say(term.t("comes_back" if feedback["comes_back"] == "fan" else "comes_back_kind"))
        if feedback["moved"]:
            move = self.session.progress.moved
            if move is not None:
                term.say(move_line(move, term.lang))
        if feedback["unit_passed"]:
            course, after = self.session.trainer.curriculum, feedback["unit_next"]
            following = course.unit(after["unit"]).title(term.lang) if after["unit"] else ""
            term.say(term.t(f"unit_passed_{after['opens']}", unit=course.unit(feedback["unit_passed"]).title(term.lang),
                            next=following))
        today = feedback["today"]
        term.say(term.t("running", right=feedback["right"], asked=feedback["asked"], today=today["answered"],
                        goal=today["goal"]))
        return True

    def closing(self) -> None:
        term, session = self.term, self.session
        summary = session.summary()
        term.say()
        percent = round(100 * summary["right"] / summary["asked"]) if summary["asked"] else 0
        term.say(counted(term.t, term.lang, "summary", summary["right"], asked=summary["asked"], percent=percent))
        if summary["review"]:
            names = session.explainer().names(summary["review"])
            term.say(term.t("to_review", fans=names))
        today = summary["today"]
        term.say(term.t("daily", answered=today["answered"],
                        goal=counted(term.t, term.lang, "count_questions", today["goal"]),
                        streak=counted(term.t, term.lang, "count_days", today["streak"]), best=today["best"]))
        if summary["due_waiting"]:
            term.say(term.t("due_waiting", fans=counted(term.t, term.lang, "count_fans", summary["due_waiting"])))
        if session.level is not None and session.options.mode == "practice":
            for line in level_lines(session.progress, term.lang):
                term.say(line)
        unit = session.unit()
        if unit is not None:
            term.say(term.t("unit_status", unit=unit.title(term.lang)))
