"""`mcr quiz --rules`: rules questions from the rulebook in the terminal (trainer/rules_terminal.py)."""
from __future__ import annotations

import argparse
import random
import sys

import rules

from trainer.progress_store import ProgressStore
from generator.quizzes.questions import KINDS
from generator.quizzes.rules_bank import load_rules_bank, rules_bank_path
from generator.quizzes.rules_questions import RULES_KIND
from trainer import clock
from trainer.modes import GUIDED_KIND, LEARN_KIND
from trainer.rules_terminal import RulesQuiz, plan_rules
from trainer.terminal import Terminal
from trainer.terminal_tiles import colour_wanted
from trainer.text import text

from mcr.cli_text import cli_text

# The progress file tallies scoring, rules, guided and flashcard answers alike.
STORE_KINDS = (*KINDS, RULES_KIND, GUIDED_KIND, LEARN_KIND)


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--rules", action="store_true", help=cli_text(lang, "help_quiz_rules"))
    parser.add_argument("--chapter", metavar="NAME", help=cli_text(lang, "help_quiz_chapter"))


def run(args: argparse.Namespace) -> int:
    """The rules session; `args` are `mcr quiz`'s (the scoring options do not apply)."""
    lang = args.lang
    term = Terminal(sys.stdin, sys.stdout, sys.stderr, lang, colour_wanted(sys.stdout, args.color))
    scoring_only = [f"--{name}" for name in ("level", "fan", "kind", "edition", "timed", "learn", "guided", "explain")
                    if getattr(args, name, None)]
    if scoring_only:
        term.warn(text(lang, "rules_scoring_options", options=" ".join(scoring_only)))
        return 2
    try:
        bank = load_rules_bank(rules_bank_path(args.banks))
    except ValueError as err:
        term.warn(text(lang, "rules_bank_problem", error=err))
        return 1
    chapters = list(bank.header["chapters"])
    if args.chapter is not None and args.chapter not in chapters:
        term.warn(text(lang, "rules_unknown_chapter", chapter=args.chapter, known=", ".join(chapters)))
        return 2
    # The same store as a scoring session's: every edition's fans and families, or a file
    # the scoring quiz wrote would look damaged here.
    tables = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
    store = ProgressStore(fans={f for t in tables.values() for f in t.by_id}, kinds=STORE_KINDS,
                          families={f.family for t in tables.values() for f in t.fans}, editions=list(tables),
                          today=lambda: clock.today())
    loaded = store.load()
    if loaded.damaged:
        key = "progress_damaged" if loaded.kept_as else "progress_damaged_lost"
        term.warn(text(lang, key, error=loaded.damaged, path=loaded.kept_as))
    if args.stats:
        tally = loaded.progress.kinds.get(RULES_KIND)
        term.say(text(lang, "rules_stats", right=tally.right, seen=tally.seen,
                      percent=round(100 * tally.right / tally.seen)) if tally and tally.seen
                 else text(lang, "rules_stats_empty"))
        return 0
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    questions = plan_rules(bank.questions, loaded.progress, args.count, seed, clock.today(), args.chapter)
    chapter = bank.chapter_title(args.chapter, lang) if args.chapter else text(lang, "rules_all_chapters")
    header = text(lang, "rules_session", chapter=chapter, count=len(questions), seed=seed)
    RulesQuiz(term, bank, store, loaded.progress, clock.today()).run(questions, header)
    return 0
