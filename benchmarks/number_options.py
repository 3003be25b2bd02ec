"""Whole-number options of the benchmarks' command lines, checked by argparse: its message
names the option and the value ("argument --hands: 0 is not a positive number")."""
from __future__ import annotations

import argparse


def positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def not_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below zero")
    return value
