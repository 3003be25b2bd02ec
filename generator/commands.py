"""The `mcr` subcommands that live in the generator package (site, quiz).

Each entry: (name, help, add_arguments(parser), run(args) -> exit status). The modules
are imported lazily by `mcr`, so scoring never pays for their imports.
"""
from __future__ import annotations

import argparse
from importlib import import_module
from typing import Callable


def _lazy(module: str, attribute: str) -> Callable:
    def call(*args):
        return getattr(import_module(module), attribute)(*args)
    return call


_ENTRIES = [
    # (name, help, module)
    ("site", "build or serve the rules site", "generator.site_command"),
    ("quiz", "practise scoring with quiz questions", "generator.quiz_command"),
    ("quiz-banks", "rebuild the quiz banks in quizzes/ (or --check them against the engine)",
     "generator.quiz_banks_command"),
]

COMMANDS: list[tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = [
    (name, help_text, _lazy(module, "add_arguments"), _lazy(module, "run")) for name, help_text, module in _ENTRIES
]
