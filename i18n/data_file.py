"""Reading one of i18n's YAML files, every failure a message with the file and line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

I18N_DIR = Path(__file__).resolve().parent


class StringsError(Exception):
    """A strings file that cannot be used; the message says which file, line and key."""


def shown(path: Path) -> str:
    try:
        return str(path.relative_to(I18N_DIR.parent))
    except ValueError:
        return str(path)


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StringsError(f"{shown(path)}: missing") from None
    except UnicodeDecodeError as err:
        raise StringsError(f"{shown(path)}: not UTF-8 text (byte {err.start})") from None
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        raise StringsError(f"{shown(path)}{where}: YAML syntax: {getattr(err, 'problem', None) or err}") from None
