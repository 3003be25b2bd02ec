"""The quiz in a terminal: ask, read the answer, grade, explain, remember.

Reads answers line by line from any stream, so a pipe drives it as well as a person.
The end of input or a quit word ends the quiz cleanly; progress is saved after every
answer, so nothing is lost either way. Each save applies the answer to the file as it is
then, so two sessions at once keep each other's answers.
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, TextIO

import rules
from i18n import DEFAULT_LANG, pick
from rules import FanTable

from .answer_record import answer_record, to_review
from .attribution import fan_facts
from .learner_settings import learner_settings
from .learner_text import level_lines, move_line
from .progress import BOXES, Answer, Progress
from .progress_store import ProgressStore
from .reask import SessionQueue
from generator.quizzes.questions import KINDS, Question, expected_payments
from trainer.grading import Grade, best_readings, grade, waited_on_one_tile
from .text import fan_name, text, words
from .terminal_tiles import draw_hand

LINE_WIDTH = 46
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
        return self.t("points_one" if n == 1 else "points_other", n=n)

    def ask(self, prompt: str = "> ") -> str | None:
        """One line of input, None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        isatty = getattr(self.stdin, "isatty", None)
        if not (isatty and isatty()):
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # a transcript shows the answer
        return None if line == "" else line.strip()


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


@dataclass(frozen=True, slots=True)
class Summary:
    asked: int
    right: int
    progress: Progress


def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _dots(label: str, value: str) -> str:
    return f"{label} {'.' * max(2, LINE_WIDTH - _width(label) - len(value) - 2)} {value}"


class TerminalQuiz:
    """One session. `progress` is what the questions were picked with, already counted for
    this session (Progress.next_session); the session takes its number in the store when
    it starts, since another may have started meanwhile."""

    def __init__(self, term: Terminal, table: FanTable, store: ProgressStore | None, progress: Progress,
                 editions: dict[str, FanTable] | None = None, edition: str | None = None,
                 level: str | None = None, chosen: bool = False) -> None:
        """`editions`: every edition of the rules the banks answer in, by id, the default
        first; `edition`: the one the learner scores by (default: the first); `level`:
        the level practised, whose answers count towards moving the learner (None: a
        fan drill, which moves nothing); `chosen`: the learner chose it by hand, and it
        becomes their level."""
        self.term = term
        self.editions = editions or {table.edition.id if table.edition else "": table}
        self.edition = edition or next(iter(self.editions))
        self.table = self.editions.get(self.edition, table)
        self.store = store
        self.progress = progress
        self.session = progress.session
        self._save_failed = False
        self._fans = {f.id: f for t in self.editions.values() for f in t.fans}
        self.level = level
        self.chosen = chosen and level is not None
        self.settings = learner_settings()
        self.facts = fan_facts([self.table, *self.editions.values()])   # the chosen edition's points first

    def name(self, fan_id: str) -> str:
        fan = self._fans.get(fan_id)
        return fan_name(fan.names, self.term.lang) if fan else fan_id  # a bank older than the table

    def points(self, fan_id: str) -> str:
        fan = self._fans.get(fan_id)
        return str(fan.points) if fan else "?"

    def names(self, fan_ids: list[str] | tuple[str, ...]) -> str:
        return ", ".join(self.name(f) for f in fan_ids)

    # -- a session -------------------------------------------------------------------------
    def run(self, questions: list[Question], header: str) -> Summary:
        term = self.term
        term.say(term.t("title") + " · " + header)
        term.say(term.t("hint"))
        term.say(term.t("legend"))   # once a session: the notation the hands are drawn in
        # The session counts towards the Leitner intervals even with no answer.
        self._update(lambda stored: self._started(stored.next_session()), lambda _: self._started(self.progress))
        self.session = self.progress.session
        asked = right = 0
        answers: list[Answer] = []
        queue = SessionQueue(questions, self.settings.reask_after, self.settings.reask_times)
        for n, turn in enumerate(queue, 1):
            question = turn.item.in_edition(self.edition)   # asked and graded as the chosen edition scores it
            term.say()
            term.say(term.t("question", n=n, count=len(queue)))
            if turn.again:
                term.say(term.t("asked_again"))
            self.show(question)
            response = self.read(question)
            if response is QUIT:
                break
            given = response if response is not None else self._blank(question)
            result = grade(question, given)
            asked += 1
            right += result.correct
            answer = answer_record(question, given, result.correct, again=turn.again > 0, level=self.level,
                                   facts=self.facts, settings=self.settings, taken=result.tie)
            answers.append(answer)
            self.feedback(question, response, result)
            if not result.correct and queue.missed(turn):
                term.say(term.t("comes_back"))
            moved_before = self.progress.moved
            self._update(lambda stored: stored.record(answer, self.session))
            if self.progress.moved is not None and self.progress.moved != moved_before:
                term.say(move_line(self.progress.moved, term.lang))
            term.say(term.t("running", right=right, asked=asked))
        term.say()
        percent = round(100 * right / asked) if asked else 0
        term.say(term.t("summary", right=right, asked=asked, percent=percent))
        review = to_review(answers)
        if review:
            term.say(term.t("to_review", fans=self.names(review)))
        if self.level is not None:
            for line in level_lines(self.progress, term.lang):
                term.say(line)
        return Summary(asked, right, self.progress)

    def _started(self, progress: Progress) -> Progress:
        return progress.with_level(self.level) if self.chosen and self.level is not None else progress

    def _update(self, change: Callable[[Progress], Progress],
                unsaved: Callable[[Progress], Progress] | None = None) -> None:
        """Apply `change` to the stored progress (what other sessions saved included); when
        it cannot be saved, say so once and keep the session's own progress (`unsaved`
        instead of `change` when given)."""
        self.progress, self._save_failed = keep_progress(self.term, self.store, self.progress, self._save_failed,
                                                         change, unsaved)

    @staticmethod
    def _blank(question: Question) -> Any:
        """What an empty answer stands for: nothing picked, or an impossible value."""
        return {"fans": set(), "total": None, "valid": None, "payments": (), "waits": set(), "one_tile_wait": None,
                "best_reading": None}[question.kind]

    # -- asking ---------------------------------------------------------------------------------
    def show(self, question: Question) -> None:
        term, s = self.term, question.situation
        facts = [term.t("seat_wind", wind=term.t(f"wind_{s['seat_wind']}")),
                 term.t("prevalent_wind", wind=term.t(f"wind_{s['prevalent_wind']}")),
                 term.t("self_drawn") if s["self_drawn"] else term.t("on_discard")]
        if s["flowers"]:
            facts.append(term.t("flowers", n=s["flowers"]))
        facts += [term.t(flag) for flag in ("fourth_tile", "replacement", "robbing_kong", "last_wall_tile")
                  if s[flag]]
        term.say("  " + " · ".join(facts))
        shown = question.data["waiting"]["tiles"] if question.kind == "waits" else question.data["tiles"]
        term.say("  " + draw_hand(shown, term.colour, term.lang))
        if question.kind == "fans":
            for i, fan in enumerate(question.options, 1):
                term.say(f"   {i:>2}) {self.name(fan)}")
        if question.kind == "best_reading":
            for i, reading in enumerate(question.data["readings"], 1):
                term.say(f"   {i:>2}) {self._groups(reading)}")

    def _prompt(self, question: Question) -> str:
        if question.kind == "payments":
            self_drawn = question.answer["payments"]["self_drawn"]
            return self.term.t("ask_payments_self" if self_drawn else "ask_payments_discard")
        return self.term.t(f"ask_{question.kind}")

    def read(self, question: Question) -> Any:
        """The parsed answer; None for "I don't know", QUIT to stop. Re-asks bad input."""
        term = self.term
        term.say(self._prompt(question))
        parse: Callable[[Question, str], Any] = getattr(self, f"_parse_{question.kind}")
        return read_answer(term, lambda line: parse(question, line))

    def _numbers(self, line: str, n: int) -> tuple[int, ...]:
        parts = line.replace(",", " ").split()
        try:
            values = tuple(int(p) for p in parts)
        except ValueError:
            values = ()
        if len(values) != n:
            raise ValueError(self.term.t("bad_number") if n == 1 else self.term.t("bad_numbers", n=n))
        return values

    def _parse_total(self, question: Question, line: str) -> int:
        return self._numbers(line, 1)[0]

    def _parse_payments(self, question: Question, line: str) -> tuple[int, ...]:
        return self._numbers(line, len(expected_payments(question)))

    def _parse_valid(self, question: Question, line: str) -> bool:
        word = line.lower()
        if word in words(self.term.lang, "words_yes"):
            return True
        if word in words(self.term.lang, "words_no"):
            return False
        raise ValueError(self.term.t("bad_yes_no"))

    def _parse_one_tile_wait(self, question: Question, line: str) -> bool:
        return self._parse_valid(question, line)

    def _parse_waits(self, question: Question, line: str) -> set[str]:
        try:
            return {t.text for t in rules.read_tiles(line.replace(",", " ").replace(" ", ""))}
        except rules.NotationError as err:
            raise ValueError(self.term.t("bad_tiles", error=err)) from None

    def _parse_best_reading(self, question: Question, line: str) -> int:
        n = len(question.data["readings"])
        try:
            picked = int(line)
        except ValueError:
            picked = 0
        if not 1 <= picked <= n:
            raise ValueError(self.term.t("bad_reading", n=n))
        return picked - 1

    def _parse_fans(self, question: Question, line: str) -> set[str]:
        n = len(question.options)
        try:
            picked = {int(p) for p in line.replace(",", " ").split()}
        except ValueError:
            picked = {0}
        if not picked or not all(1 <= i <= n for i in picked):
            raise ValueError(self.term.t("bad_options", n=n))
        return {question.options[i - 1] for i in picked}

    # -- explaining -------------------------------------------------------------------------
    def _shown_answer(self, question: Question, response: Any) -> str:
        term = self.term
        if response is None:
            return term.t("no_answer")
        if question.kind == "fans":
            return self.names([f for f in question.options if f in response]) or "-"
        if question.kind in ("valid", "one_tile_wait"):
            return next(iter(sorted(words(term.lang, "words_yes" if response else "words_no"))))
        if question.kind == "payments":
            return " ".join(str(v) for v in response)
        if question.kind == "waits":
            return _tiles_text(response) or "-"
        if question.kind == "best_reading":
            return str(response + 1)
        return str(response)

    def _expected(self, question: Question) -> str:
        term, answer = self.term, question.answer
        if question.kind == "total":
            return term.t("expected_total", total=term.points(answer["total"]))
        if question.kind == "valid":
            key = "expected_valid" if answer["valid"] else "expected_invalid"
            return term.t(key, points=term.points(answer["total_without_flowers"]), minimum=self.table.minimum_points)
        if question.kind == "fans":
            return term.t("expected_fans", fans=self.names(question.answer_ids))
        if question.kind == "waits":
            return term.t("expected_waits", tiles=_tiles_text(answer["waits"]))
        if question.kind == "one_tile_wait":
            key = "expected_single" if waited_on_one_tile(question) else "expected_not_single"
            return term.t(key, tiles=_tiles_text(answer["waits"]))
        if question.kind == "best_reading":
            best = best_readings(question)
            total = question.data["readings"][best[0]]["total"]
            return term.t("expected_reading", numbers=", ".join(str(i + 1) for i in best), total=term.points(total))
        p = answer["payments"]
        if p["self_drawn"]:
            return term.t("expected_self", each=p["each"])
        return term.t("expected_discard", discarder=p["discarder"], others=p["others"])

    def feedback(self, question: Question, response: Any, result: Grade) -> None:
        term = self.term
        mark = "✓ " + term.t("right") if result.correct else "✗ " + term.t("wrong")
        if not result.correct:
            mark += " " + term.t("your_answer", answer=self._shown_answer(question, response))
        term.say(mark)
        term.say(self._expected(question))
        if question.kind == "waits":
            if result.missed:
                term.say(term.t("missed_tiles", tiles=_tiles_text(result.missed)))
            if result.wrong:
                term.say(term.t("not_waited", tiles=_tiles_text(result.wrong)))
        else:
            if result.missed:
                term.say(term.t("missed", fans=self.names(result.missed)))
            if result.wrong:
                term.say(term.t("not_counting", fans=self.names(result.wrong)))
        if result.tie:
            way = question.answer["ties"][result.tie - 1]
            term.say(term.t("tie_taken", groups=" ".join(way["groups"])))
        for line in self.breakdown(question):
            term.say(line)
        for line in self.edition_notes(question):
            term.say(line)

    def edition_notes(self, question: Question) -> list[str]:
        """How each other edition of the rules scores the hand, where it differs."""
        data = question.data
        default = data.get("default_answer", data["answer"])   # the bank's own answer
        stated = data.get("editions") or {}
        mine = question.answer
        lines = []
        for i, (eid, table) in enumerate(self.editions.items()):
            theirs = default if i == 0 else stated.get(eid, {}).get("answer", default)
            if eid == self.edition or theirs == mine:
                continue
            count: Counter = Counter({f["id"]: -f["count"] for f in mine["fans"]})
            count.update({f["id"]: f["count"] for f in theirs["fans"]})
            changes = [("+" if n > 0 else "−") + self.name(fan) + (f" x{abs(n)}" if abs(n) > 1 else "")
                       for fan, n in sorted(count.items(), key=lambda kv: self._number(kv[0])) if n]
            name = table.edition.name(self.term.lang) if table.edition else eid
            lines.append(self.term.t("edition_note", edition=name, total=self.term.points(theirs["total"]),
                                     changes=", ".join(changes)))
        return lines

    def _number(self, fan_id: str) -> int:
        fan = self._fans.get(fan_id)
        return fan.number if fan else 0

    def breakdown(self, question: Question) -> list[str]:
        """The full explanation: every fan with its points, every tempting fan and why not."""
        term, answer, expl = self.term, question.answer, question.data["explanation"]
        lines = ["", term.t("breakdown") + " · " + term.t("reading", groups=" ".join(expl["groups"]))]
        for f in answer["fans"]:
            value = self.points(f["id"]) + (f" x{f['count']}" if f["count"] > 1 else "")
            where = f"   {' '.join(f['groups'])}" if f["groups"] else ""
            lines.append("  " + _dots(self.name(f["id"]), value) + where)
        tempting = Counter((n["id"], n["principle"], n["by"], n.get("listed", False)) for n in expl["not_counted"])
        if tempting:
            lines.append(term.t("not_counted"))
            for (fan, principle, by, listed), times in tempting.items():
                # "Implied by" only where the fan's definition implies it; else the rules list it.
                why = term.t("why_listed" if listed else f"why_{principle}", by=self.name(by) if by else "")
                more = f" x{times}" if times > 1 else ""
                entry = term.t("not_counted_entry", fan=self.name(fan), points=self.points(fan), times=more, why=why)
                lines.append(f"  {entry}")
        near = [d for d in question.data.get("distractors", []) if d["reason"] == "near"]
        if near:
            lines.append(term.t("other_options"))
            for d in near:
                lines.append(f"  {self.name(d['id'])} ({self.points(d['id'])}): {self._near(d['change'])}")
        for other in expl["other_readings"]:
            lines.append(term.t("other_reading", groups=" ".join(g.rstrip("*") for g in other["groups"]),
                                total=other["total"]))
        for way in answer.get("ties", []):
            lines.append(term.t("tie_way", groups=" ".join(way["groups"]), fans=self.names([f["id"] for f in way["fans"]])))
        if question.kind == "best_reading":
            for i, reading in enumerate(question.data["readings"], 1):
                lines.append(term.t("reading_scores", n=i, total=term.points(reading["total"]),
                                    fans=self.names([f["id"] for f in reading["fans"]])))
        waits = answer["waits"]
        lines.append(term.t("waited_on_one" if len(waits) == 1 else "waited_on", tiles=_tiles_text(waits)))
        lines += self.citations(question)
        total, without = answer["total"], answer["total_without_flowers"]
        lines.append(term.t("total", total=term.points(total)) if total == without
                     else term.t("total_flowers", total=term.points(total), without=without))
        minimum = self.table.minimum_points
        lines.append(term.t("valid_win" if answer["valid"] else "false_win", minimum=minimum))
        p = answer["payments"]
        if p is None:
            lines.append(term.t("pay_none"))
        elif p["self_drawn"]:
            lines.append(term.t("pay_self", base=p["each"] - total, total=total, each=p["each"],
                                receives=p["winner_receives"]))
        else:
            lines.append(term.t("pay_discard", base=p["others"], total=total, discarder=p["discarder"],
                                receives=p["winner_receives"]))
        return lines

    def citations(self, question: Question) -> list[str]:
        """Where the rulebook explains this hand: the section of each principle that left a
        fan out, and each ruling on a fan of the hand, as paths of the site."""
        term, expl = self.term, question.data["explanation"]
        prefix = "" if term.lang == DEFAULT_LANG else f"{term.lang}/"
        lines = []
        for principle in dict.fromkeys(n["principle"] for n in expl["not_counted"]):
            lines.append(term.t("see_principle", principle=term.t(f"principle_{principle}"),
                                page=f"{prefix}rulebook/scoring/#{principle.replace('_', '-')}"))
        fans = set(question.answer_ids) | {n["id"] for n in expl["not_counted"]}
        for ruling in self.table.rulings:
            if fans & set(ruling.fans):
                lines.append(term.t("see_ruling", question=pick(ruling.question, term.lang).text,
                                    page=f"{prefix}rulebook/rulings/#{ruling.id}"))
        return lines

    @staticmethod
    def _groups(reading: dict[str, Any]) -> str:
        """A reading's groups, the group the winning tile completed marked ▶."""
        winning = reading["winning_group"]
        shown, marked = [], False
        for g in reading["groups"]:
            if g == winning and not marked:
                shown.append("▶" + g)
                marked = True
            else:
                shown.append(g)
        return " ".join(shown)

    def _near(self, change: dict[str, Any]) -> str:
        term = self.term
        if "out" in change:
            return term.t("near_tile", old=change["out"], new=change["in"])
        if "self_drawn" in change:
            return term.t("near_self_drawn" if change["self_drawn"] else "near_discard")
        key = "seat_wind" if "seat_wind" in change else "prevalent_wind"
        return term.t(f"near_{key}", wind=term.t(f"wind_{change[key]}"))


def _tiles_text(tiles: Any) -> str:
    return " ".join(sorted(tiles, key=lambda t: rules.read_tiles(t)[0]))


def keep_progress(term: Terminal, store: ProgressStore | None, progress: Progress, failed_before: bool,
                  change: Callable[[Progress], Progress],
                  unsaved: Callable[[Progress], Progress] | None = None) -> tuple[Progress, bool]:
    """The progress after `change`, saved in `store` (what other sessions saved included),
    and whether saving has failed; a failure is said once a session (`failed_before`), and
    the session then keeps its own progress (`unsaved` instead of `change` when given)."""
    if store is not None:
        try:
            saved = store.update(change)
        except OSError as err:
            if not failed_before:
                term.warn(term.t("progress_unsaved", error=err))
            failed_before = True
        else:
            if saved.damaged:
                key = "progress_damaged" if saved.kept_as else "progress_damaged_lost"
                term.warn(term.t(key, error=saved.damaged, path=saved.kept_as))
            return saved.progress, failed_before
    return (unsaved or change)(progress), failed_before


def stats_report(progress: Progress, lang: str, table: FanTable) -> str:
    """Accuracy by fan, weakest first, then by question kind."""
    t = lambda key, **v: text(lang, key, **v)  # noqa: E731 - a local shorthand
    if not progress.fans:
        return t("stats_empty")
    rows = sorted(progress.fans.items(), key=lambda kv: (kv[1].accuracy, -kv[1].seen, kv[0]))
    names = {fan: fan_name(table.fan(fan).names, lang) if fan in table.by_id else fan for fan, _ in rows}
    width = max([_width(n) for n in names.values()] + [_width(t("stats_fan"))])
    heads = (t("stats_seen"), t("stats_right"), t("stats_accuracy"), t("stats_box"))
    cols = [max(_width(h), 5) for h in heads]

    def row(first: str, cells: tuple[str, ...]) -> str:
        out = first + " " * (width - _width(first))
        for cell, w in zip(cells, cols):
            out += "  " + " " * (w - _width(cell)) + cell
        return out

    lines = [t("stats_title"), "", row(t("stats_fan"), heads)]
    upcoming = progress.next_session()   # "due" means: asked first next time
    for fan, rec in rows:
        due = f" ({t('stats_due')})" if upcoming.due(fan) and rec.box < BOXES else ""
        lines.append(row(names[fan], (str(rec.seen), str(rec.right), f"{round(100 * rec.accuracy)}%",
                                      f"{rec.box}/{BOXES}")) + due)
    lines += ["", t("stats_kinds")]
    seen = right = 0
    for kind in KINDS:
        tally = progress.kinds.get(kind)
        if tally:
            seen += tally.seen
            right += tally.right
            lines.append(f"  {t('kind_' + kind)}: {tally.right}/{tally.seen}")
    lines.append(t("stats_overall", sessions=progress.session, right=right, seen=seen,
                   percent=round(100 * right / seen) if seen else 0))
    return "\n".join(lines)
