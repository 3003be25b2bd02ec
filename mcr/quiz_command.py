"""`mcr quiz`: practise scoring in the terminal, with progress kept between sessions."""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import rules
from rules import FanTable

from trainer.attribution import fan_facts
from generator.quizzes.hand_builder import BuildError, HandBuilder
from generator.quizzes.levels import LEVELS, hand_level
from trainer.drill_records import DrillRecords
from trainer.progress import Progress, schedule
from trainer.progress_store import ProgressStore
from generator.quizzes.questions import KINDS, Question, make_question
from generator.quizzes.banks import QUIZ_DIR, bank_path, load_bank
from trainer.text import fan_name, text
from trainer.learner_text import history_lines, level_lines
from trainer.terminal import Terminal, TerminalQuiz, stats_report
from trainer.terminal_tiles import colour_wanted
from trainer.timed_drill import TimedDrill
from mcr import rules_quiz_step
from mcr.cli_text import cli_text
from mcr.language import add_lang_argument

DEFAULT_COUNT = 10


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    def help_text(key: str, **values: object) -> str:
        return cli_text(lang, key, **values)
    parser.add_argument("--level", choices=LEVELS, help=help_text("help_quiz_level"))
    parser.add_argument("--fan", metavar="ID", help=help_text("help_quiz_fan"))
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                        help=help_text("help_quiz_count", default=DEFAULT_COUNT))
    parser.add_argument("--seed", type=int, metavar="S", help=help_text("help_quiz_seed"))
    parser.add_argument("--kind", choices=KINDS, action="append", help=help_text("help_quiz_kind"))
    parser.add_argument("--timed", action="store_true", help=help_text("help_quiz_timed"))
    parser.add_argument("--stats", action="store_true", help=help_text("help_quiz_stats"))
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help=help_text("help_quiz_color"))
    parser.add_argument("--banks", type=Path, default=QUIZ_DIR, metavar="DIR", help=help_text("help_quiz_banks"))
    parser.add_argument("--edition", metavar="ID", help=help_text("help_quiz_edition"))
    rules_quiz_step.add_arguments(parser, lang)
    add_lang_argument(parser, lang)


def find_fan(table: FanTable, query: str) -> str | None:
    """A fan id from an id, a number or a name in any language (case and spaces ignored)."""
    wanted = query.strip().lower().replace(" ", "_").replace("-", "_")
    for fan in table.fans:
        names = {fan.id, str(fan.number)} | {n.lower().replace(" ", "_").replace("-", "_") for n in fan.names.values()}
        if wanted in names:
            return fan.id
    return None


def _drill_questions(fan: str, kinds: list[str], count: int, seed: int, table: FanTable) -> list[Question]:
    """Fresh questions on `fan` when the banks hold too few."""
    builder = HandBuilder(f"{seed}:drill:{fan}", table)
    rng = random.Random(f"{seed}:drill")
    out = []
    for i in range(count):
        try:
            built = builder.build(fan=fan, max_tries=4000)
        except BuildError:
            break
        kind = rng.choice(kinds)
        level = hand_level(built.draft, built.result, table)
        out.append(make_question(built, kind, f"drill-{i + 1:03d}", level, table, rng))
    return out


def run(args: argparse.Namespace) -> int:
    if args.rules or args.chapter is not None:   # --chapter is a rules option
        return rules_quiz_step.run(args)
    lang = args.lang
    table = rules.fan_table()
    term = Terminal(sys.stdin, sys.stdout, sys.stderr, lang, colour_wanted(sys.stdout, args.color))
    editions = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
    # Any edition's fans may be recorded (the learner scores by one of them).
    known_fans = {fan for t in editions.values() for fan in t.by_id}
    families = {f.family for t in editions.values() for f in t.fans}
    store = ProgressStore(fans=known_fans, kinds=rules_quiz_step.STORE_KINDS, families=families)
    loaded = store.load()
    if loaded.damaged:
        if loaded.kept_as:
            term.warn(text(lang, "progress_damaged", error=loaded.damaged, path=loaded.kept_as))
        else:
            term.warn(text(lang, "progress_damaged_lost", error=loaded.damaged))
    if args.stats:
        term.say(stats_report(loaded.progress, lang, table))
        term.say()
        for line in level_lines(loaded.progress, lang) + [""] + history_lines(loaded.progress, lang, table):
            term.say(line)
        return 0
    if args.count < 1:
        term.warn(text(lang, "bad_number"))
        return 2
    known = list(editions)
    if args.edition is not None and args.edition not in known:
        term.warn(text(lang, "unknown_edition", edition=args.edition, known=", ".join(known)))
        return 2
    fan = None
    if args.fan:
        fan = find_fan(table, args.fan)
        if fan is None:
            term.warn(text(lang, "unknown_fan", fan=args.fan, last=max(f.number for f in table.fans)))
            return 2
    levels = [args.level] if args.level else (list(LEVELS) if fan else [loaded.progress.level])
    if args.timed and args.kind and args.kind != ["total"]:
        term.warn(text(lang, "timed_kinds"))
        return 2
    kinds = ["total"] if args.timed else (args.kind or list(KINDS))
    pool: list[Question] = []
    for level in levels:
        try:
            bank = load_bank(bank_path(level, args.banks))
        except ValueError as err:
            term.warn(text(lang, "bank_problem", error=err))
            return 1
        pool += [q for q in bank.questions if q.kind in kinds and (fan is None or fan in q.answer_ids
                 or any(n["id"] == fan for n in q.data["explanation"]["not_counted"]))]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if fan is not None and len(pool) < args.count:
        # Payments need a valid win, which every built hand is; all kinds work.
        pool += _drill_questions(fan, kinds, args.count - len(pool), seed, table)
    if not pool:
        term.warn(text(lang, "no_questions"))
        return 1
    rng = random.Random(seed)
    if args.timed:
        return _timed(args, term, table, pool, rng, levels, seed, fan)
    progress = loaded.progress.next_session()   # due dates count from this session
    reviewed = [fan for fan, facts in fan_facts(editions.values()).items() if facts.reviewed]
    order = schedule([q.drill for q in pool], args.count, progress, rng, reviewed)
    questions = [pool[i] for i in order]
    level_name = text(lang, f"level_{levels[0]}") if len(levels) == 1 else text(lang, "level_all")
    header = text(lang, "session", level=level_name, count=len(questions), seed=seed)
    if fan:
        header += " · " + text(lang, "drill", fan=fan_name(table.fan(fan).names, lang))
    edition = args.edition or next(iter(editions))
    header += " · " + text(lang, "edition_session", edition=editions[edition].edition.name(lang))
    level = None if fan else levels[0]   # a fan drill is no evidence for a level
    TerminalQuiz(term, table, store, progress, editions, edition, level,
                 chosen=args.level is not None).run(questions, header)
    return 0


def _editions(args: argparse.Namespace) -> tuple[dict[str, FanTable], str]:
    editions = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
    return editions, args.edition or next(iter(editions))


def _timed(args: argparse.Namespace, term: Terminal, table: FanTable, pool: list[Question], rng: random.Random,
           levels: list[str], seed: int, fan: str | None) -> int:
    """A timed drill: random hands of the pool, no progress kept but the best times."""
    lang = args.lang
    questions = rng.sample(pool, min(args.count, len(pool)))
    level = levels[0] if len(levels) == 1 else "all"
    level_name = text(lang, f"level_{level}")
    header = text(lang, "session", level=level_name, count=len(questions), seed=seed)
    if fan:
        header += " · " + text(lang, "drill", fan=fan_name(table.fan(fan).names, lang))
        level = f"{level}:{fan}"
    editions, edition = _editions(args)
    header += " · " + text(lang, "edition_session", edition=editions[edition].edition.name(lang))
    quiz = TerminalQuiz(term, table, None, Progress(), editions, edition)
    TimedDrill(quiz, DrillRecords()).run(questions, f"{level}:{edition}", header)
    return 0
