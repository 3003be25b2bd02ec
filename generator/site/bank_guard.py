"""The site build refuses a stale quiz bank: the site would teach from answers the table in
force no longer gives (generator/quizzes/bank_sources.py compares the fingerprints)."""
from __future__ import annotations

import os
from pathlib import Path

from generator.quizzes.bank_sources import stale_banks
from generator.quizzes.banks import QUIZ_DIR
from generator.quizzes.rules_bank import RulesBankError, build_rules_bank

from .site_data import SiteData


def stale_bank_problems(data: SiteData, book_dir: Path, project: Path, quiz_dir: Path = QUIZ_DIR) -> list[str]:
    """One line per stale bank, naming it (relative to `project`) and the command that
    rebuilds it; where the rules bank is stale because the rulebook's check blocks cannot make
    one, their own problems (FILE:LINE) instead."""
    problems: list[str] = []
    for stale in stale_banks(quiz_dir, book_dir, data.fans_path):
        if stale.path.stem == "rules":
            tables = {(data.table.edition.id if data.table.edition else ""): data.table, **data.other_editions}
            try:
                build_rules_bank(book_dir, tables=tables)
            except RulesBankError as err:
                problems += err.problems
                continue
        problems.append(stale.message(os.path.relpath(stale.path, project)))
    return problems
