"""`--flowers N`, shared by `mcr score` and `mcr analyze`: checked as it is parsed, so the
message names the option (the engine would name its JSON field), in the command's language."""
from __future__ import annotations

import argparse
from functools import partial

from rules.tiles import FLOWER_COUNT

from .cli_text import cli_text

LONGEST_SHOWN = 20   # characters of a refused value echoed back


def add_flowers_argument(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--flowers", type=partial(flower_count, lang), default=0, metavar="N",
                        help=cli_text(lang, "help_flowers", most=FLOWER_COUNT))


def flower_count(lang: str, value: str) -> int:
    # The length first: int() refuses thousands of digits with a ValueError, which argparse
    # would report under this function's name, in English.
    if value.isascii() and value.isdigit() and len(value) <= 2 and int(value) <= FLOWER_COUNT:
        return int(value)
    shown = value if len(value) <= LONGEST_SHOWN else value[:LONGEST_SHOWN] + "..."
    raise argparse.ArgumentTypeError(cli_text(lang, "bad_flowers", most=FLOWER_COUNT, value=shown))
