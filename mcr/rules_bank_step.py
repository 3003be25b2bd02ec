"""The rules bank's part of `mcr quiz-banks`: quizzes/rules.json, built from the rulebook's
check blocks (generator/quizzes/rules_bank.py), or checked against them with --check."""
from __future__ import annotations

import sys
from pathlib import Path

from generator.quizzes.rules_bank import RulesBankError, build_rules_bank, check_rules_bank, rules_bank_path, write_rules_bank

from .cli_text import cli_text, counted_text


def build(folder: Path, lang: str) -> int:
    """Rebuild the rules bank; on a rulebook problem, say every one and leave the file."""
    try:
        bank = build_rules_bank()
    except RulesBankError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        print("mcr quiz-banks: " + cli_text(lang, "rules_bank_left"), file=sys.stderr)
        return 1
    path = write_rules_bank(bank, folder)
    chapters = len(bank.header["chapters"])
    print(cli_text(lang, "rules_bank_written", path=path, n=len(bank.questions), chapters=chapters))
    return 0


def check(folder: Path, lang: str) -> list[str]:
    """The rules bank against the schema and the rulebook; prints its line, returns the problems."""
    path = rules_bank_path(folder)
    problems = check_rules_bank(path)
    verdict = cli_text(lang, "banks_ok") if not problems else counted_text(lang, "count_problems", len(problems))
    print(cli_text(lang, "rules_bank_checked", verdict=verdict))
    return problems
