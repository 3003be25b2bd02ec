"""`mcr quiz`: practise scoring in the terminal, with progress kept between sessions.

The trainer (trainer/session.py) does the teaching; this module reads the options, opens
the progress file and runs the session in the terminal, or one of the one-off jobs:
--stats, --export, --import, --goal, --anki, a timed drill, the rules quiz.
"""
from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path
from typing import Callable

import rules
from rules import FanTable

from generator.quizzes.banks import QUIZ_DIR
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS
from trainer import clock
from trainer.curriculum import curriculum
from trainer.drill_records import DrillRecords
from trainer.explain_text import Explainer
from trainer.planner import drill_kinds
from trainer.learner_text import history_lines, level_lines
from trainer.progress import Progress
from trainer.progress_store import ProgressStore
from trainer.session import Options, Session, Trainer
from trainer.stats_text import stats_report
from trainer.terminal import StoreSaver, Terminal, TerminalSession
from trainer.terminal_tiles import colour_wanted
from trainer.text import fan_name, text
from trainer.timed_drill import TimedDrill
from mcr import quiz_files_step, rules_quiz_step
from mcr.cli_text import cli_text
from mcr.language import add_lang_argument

DEFAULT_COUNT = 10
MOST_GOAL = 1000   # answers a day


def whole_number(lang: str, least: int, most: int | None = None) -> Callable[[str], int]:
    """An option's type: a whole number from `least` (up to `most`); anything else is
    refused by argparse, naming the option, with the range in `lang`."""
    def parse(value: str) -> int:
        try:
            number: int | None = int(value)
        except ValueError:
            number = None
        if number is not None and number >= least and (most is None or number <= most):
            return number
        shown = value if len(value) <= 20 else value[:20] + "..."
        if most is None:
            raise argparse.ArgumentTypeError(text(lang, "bad_whole_from", least=least, value=shown))
        raise argparse.ArgumentTypeError(text(lang, "bad_whole_range", least=least, most=most, value=shown))
    return parse


def banks_folder(lang: str) -> Callable[[str], Path]:
    """--banks's type: an existing folder; a mistyped one is refused as it is read, rather
    than reported as a bank to rebuild."""
    def parse(value: str) -> Path:
        if Path(value).is_dir():
            return Path(value)
        raise argparse.ArgumentTypeError(text(lang, "bad_banks_folder", value=value, default=_shown_default()))
    return parse


def _shown_default() -> str:
    try:
        return str(QUIZ_DIR.relative_to(Path.cwd()))
    except ValueError:
        return str(QUIZ_DIR)


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    def help_text(key: str, **values: object) -> str:
        return cli_text(lang, key, **values)
    parser.add_argument("--level", choices=LEVELS, help=help_text("help_quiz_level"))
    parser.add_argument("--fan", metavar="ID",
                        help=help_text("help_quiz_fan",
                                       kinds=cli_text(lang, "list_separator").join(drill_kinds(KINDS))))
    parser.add_argument("--count", type=whole_number(lang, 1), default=DEFAULT_COUNT, metavar="N",
                        help=help_text("help_quiz_count", default=DEFAULT_COUNT))
    parser.add_argument("--seed", type=int, metavar="S", help=help_text("help_quiz_seed"))
    parser.add_argument("--kind", choices=KINDS, action="append", help=help_text("help_quiz_kind"))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--learn", action="store_true", help=help_text("help_quiz_learn"))
    mode.add_argument("--guided", action="store_true", help=help_text("help_quiz_guided"))
    mode.add_argument("--timed", action="store_true", help=help_text("help_quiz_timed"))
    parser.add_argument("--explain", action="store_true", help=help_text("help_quiz_explain"))
    parser.add_argument("--stats", action="store_true", help=help_text("help_quiz_stats"))
    parser.add_argument("--goal", type=whole_number(lang, 1, MOST_GOAL), metavar="N", help=help_text("help_quiz_goal"))
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help=help_text("help_quiz_color"))
    parser.add_argument("--banks", type=banks_folder(lang), default=QUIZ_DIR, metavar="DIR",
                        help=help_text("help_quiz_banks"))
    parser.add_argument("--edition", metavar="ID", help=help_text("help_quiz_edition"))
    quiz_files_step.add_arguments(parser, lang)
    rules_quiz_step.add_arguments(parser, lang)
    add_lang_argument(parser, lang)


def _key(name: str) -> str:
    """A fan's id, number or name as a query is compared with it: case, spaces and hyphens aside."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")


def find_fan(table: FanTable, query: str) -> str | None:
    """A fan id from an id, a number or a name in any language (case and spaces ignored)."""
    wanted = _key(query)
    for fan in table.fans:
        names = {fan.id, str(fan.number)} | {_key(n) for n in fan.names.values()}
        if wanted in names:
            return fan.id
    return None


def unknown_fan_message(lang: str, query: str, table: FanTable, editions: dict[str, FanTable]) -> str:
    """Why `query` names no fan of `table`: the edition that has it, or the ways to name one."""
    mine = table.edition.id if table.edition else None
    for edition_id, other in editions.items():
        found = find_fan(other, query) if edition_id != mine else None
        if found is not None:
            name = other.edition.name(lang) if other.edition else edition_id
            return text(lang, "fan_in_other_edition", fan=other.fan(found).name(lang), edition=name, id=edition_id)
    numbers = number_ranges(lang, [f.number for f in table.fans])
    near = near_fan(table, query, lang)
    if near is not None:
        return text(lang, "unknown_fan_near", fan=query, name=table.fan(near).name(lang), id=near, numbers=numbers)
    return text(lang, "unknown_fan", fan=query, numbers=numbers)


NEAR_CUTOFF = 0.7   # difflib's ratio a name must reach to be suggested


def near_fan(table: FanTable, query: str, lang: str) -> str | None:
    """The fan whose id or name in `lang` is close to `query` (a typo: "half flsh"), or
    that alone has the word `query` in its id or name ("hog": Tile Hog); None when none
    is. The cutoff keeps far guesses out ("golden dragon" is 0.6 like a dragon fan's id)."""
    wanted = _key(query)
    keys: dict[str, str] = {}
    owners: dict[str, set[str]] = {}
    for fan in table.fans:
        for key in (fan.id, _key(fan.name(lang))):
            keys.setdefault(key, fan.id)
            for word in key.split("_"):
                owners.setdefault(word, set()).add(fan.id)
    if len(owners.get(wanted, ())) == 1:
        return next(iter(owners[wanted]))
    scores: dict[str, float] = {}
    for key, fan_id in keys.items():
        score = difflib.SequenceMatcher(None, wanted, key).ratio()
        if score >= NEAR_CUTOFF:
            scores[fan_id] = max(score, scores.get(fan_id, 0.0))
    best = sorted(scores.items(), key=lambda item: -item[1])[:2]
    if not best or (len(best) == 2 and best[0][1] == best[1][1]):
        return None   # none near, or two fans as near ("一色": 清一色, 混一色, 字一色): no guess
    return best[0][0]


def number_ranges(lang: str, numbers: list[int]) -> str:
    """Numbers as runs ('1-3, 5' for 1, 2, 3, 5): a table's fan numbers, with any gap shown."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return text(lang, "list_separator").join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def editions_of_the_rules() -> dict[str, FanTable]:
    return {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}


def progress_store(editions: dict[str, FanTable]) -> ProgressStore:
    """The learner's progress file: any edition's fans may be recorded (they score by one of them)."""
    return ProgressStore(fans={fan for t in editions.values() for fan in t.by_id}, kinds=rules_quiz_step.STORE_KINDS,
                         families={f.family for t in editions.values() for f in t.fans}, editions=list(editions),
                         today=lambda: clock.today())


def _problems(args: argparse.Namespace, term: Terminal, editions: dict[str, FanTable]) -> int | None:
    """The exit status of options that cannot be used together or name what is not there; None when fine
    (a number out of range is refused when the options are read: whole_number)."""
    lang = args.lang
    if args.edition is not None and args.edition not in editions:
        term.warn(text(lang, "unknown_edition", edition=args.edition, known=", ".join(editions)))
        return 2
    if args.timed and args.kind and args.kind != ["total"]:
        term.warn(text(lang, "timed_kinds"))
        return 2
    unmarked = [k for k in dict.fromkeys(args.kind or ()) if k not in drill_kinds(KINDS)]
    if args.fan and unmarked and not (args.learn or args.guided or args.timed):
        separator = text(lang, "list_separator")
        term.warn(text(lang, "drill_kinds", fan_kinds=separator.join(drill_kinds(KINDS)),
                       kinds=separator.join(unmarked)))
        return 2
    return None


def run(args: argparse.Namespace) -> int:
    if args.rules or args.chapter is not None:   # --chapter is a rules option
        return rules_quiz_step.run(args)
    lang = args.lang
    term = Terminal(sys.stdin, sys.stdout, sys.stderr, lang, colour_wanted(sys.stdout, args.color))
    editions = editions_of_the_rules()
    problem = _problems(args, term, editions)
    if problem is not None:
        return problem
    store = progress_store(editions)
    if quiz_files_step.wanted(args):
        return quiz_files_step.run(args, term, store, editions)
    loaded = store.load()
    if loaded.damaged:
        term.warn(text(lang, loaded.notice, error=loaded.damaged, path=loaded.kept_as))
    table = editions[next(iter(editions))]
    if args.stats:
        progress = loaded.progress
        term.say(stats_report(progress, lang, table, curriculum(), clock.today()))
        term.say()
        for line in level_lines(progress, lang) + [""] + history_lines(progress, lang, table):
            term.say(line)
        return 0
    fan = None
    # The fan is looked for in the rules the learner plays: those asked for, else those chosen.
    asked = editions.get(args.edition or loaded.progress.edition or "", table)
    if args.fan:
        fan = find_fan(asked, args.fan)
        if fan is None:
            term.warn(unknown_fan_message(lang, args.fan, asked, editions))
            return 2
    try:
        trainer = Trainer.load(args.banks)
    except ValueError as err:
        term.warn(text(lang, "bank_problem", error=err))
        return 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if args.timed:
        return _timed(args, term, trainer, seed, fan, store, loaded.progress)
    mode = "learn" if args.learn else "guided" if args.guided else "practice"
    options = Options(mode, args.count, args.level, fan, tuple(args.kind or KINDS), seed, args.edition, args.explain)
    saver = StoreSaver(term, store, loaded.progress)
    session = Session(trainer, loaded.progress, options, today=clock.today(), lang=lang, save=saver)
    summary = TerminalSession(term, session).run(_header(args, session, fan, asked, seed))
    return 1 if summary.empty else 0


def _header(args: argparse.Namespace, session: Session, fan: str | None, table: FanTable, seed: int) -> str:
    lang = args.lang
    if session.options.mode == "learn":
        name = text(lang, "mode_learn")
    elif session.options.mode == "guided":
        name = text(lang, "mode_guided")
    elif args.level:
        name = text(lang, f"level_{args.level}")
    elif fan:
        name = text(lang, "level_all")
    else:
        name = text(lang, f"level_{session.progress.level}")
    header = text(lang, "session", level=name, count=args.count, seed=seed)
    if fan:
        header += " · " + text(lang, "drill", fan=fan_name(table.fan(fan).names, lang))
    return header


def _timed(args: argparse.Namespace, term: Terminal, trainer: Trainer, seed: int, fan: str | None,
           store: ProgressStore, progress: Progress) -> int:
    """A timed drill: random hands of the pool, each answer recorded as the site's timed
    drill records it (a session of its own: the fans, the daily goal...), the best times
    kept beside the progress."""
    lang = args.lang
    options = Options("timed", args.count, args.level, fan, ("total",), seed, args.edition)
    session = Session(trainer, progress, options, today=clock.today(), lang=lang,
                      save=StoreSaver(term, store, progress))
    edition = session.edition
    levels = [args.level] if args.level else (list(LEVELS) if fan else [progress.level])
    pool = [q for q in trainer.questions if q.kind == "total" and q.level in levels
            and (fan is None or fan in q.drill)]
    if not pool:
        term.warn(text(lang, "no_questions"))
        return 1
    questions = random.Random(seed).sample(pool, min(args.count, len(pool)))
    level = levels[0] if len(levels) == 1 else "all"
    header = text(lang, "session", level=text(lang, f"level_{level}"), count=len(questions), seed=seed)
    if fan:
        header += " · " + text(lang, "drill", fan=fan_name(trainer.editions[edition].fan(fan).names, lang))
        level = f"{level}:{fan}"
    names = trainer.editions[edition].edition
    header += " · " + text(lang, "edition_session", edition=names.name(lang) if names else edition)
    explainer = Explainer(lang, trainer.editions, edition)
    session.begin()
    TimedDrill(term, explainer, DrillRecords(store.path.parent), answered=session.answer_to).run(
        questions, f"{level}:{edition}", header)
    return 0
