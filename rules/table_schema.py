"""The shape of a fan table and of an edition's overlay: their JSON Schemas, and whole numbers.

Each problem is one line, `PATH:LINE: what (at where)`, the line being that of the
nearest mapping the parser saw. jsonschema is imported only here, and only when a check
runs: it is slow to import, and a table whose checks are cached (rules.table_cache) or
compiled for the browser needs none of it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).with_name("fans.schema.json")
OVERLAY_SCHEMA_PATH = Path(__file__).with_name("edition.schema.json")
LONGEST_MESSAGE = 200   # a schema message quotes the value at fault, which may be a whole fan


def line_of(data: Any, path: list[Any]) -> int:
    """The line of the deepest mapping on `path` into `data` (0: none has a line)."""
    line = data.get("__line__", 0) if isinstance(data, dict) else 0
    node = data
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and "__line__" in node:
            line = node["__line__"]
    return line  # an int, or a SourceLine of an edition's file


def _fan_label(data: Any, path: list[Any]) -> str:
    if len(path) >= 2 and path[0] == "fans" and isinstance(path[1], int):
        try:
            fan = data["fans"][path[1]]
            return f"fan {fan.get('id', '#' + str(path[1] + 1))}: "
        except (KeyError, IndexError, TypeError, AttributeError):
            pass
    return ""


def _short(message: str) -> str:
    return message if len(message) <= LONGEST_MESSAGE else message[:LONGEST_MESSAGE] + "..."


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}")   # a key or a value that reads as a name


def _value(value: Any) -> str:
    """A value as a problem names it: a short scalar as itself; a mapping, a list or a long
    text by its kind, so that a file that is no fan table is not echoed back line by line
    (and no parser's `__line__` key shows)."""
    if isinstance(value, dict):
        return f"a mapping of {len([k for k in value if k != '__line__'])} key(s)"
    if isinstance(value, list):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, str) and not _NAME.fullmatch(value):
        return f"a text of {len(value):,} characters"
    return repr(value)


def _key(key: Any) -> str:
    """A key as a problem names it: itself when it looks like a name, else by its kind."""
    return repr(key) if isinstance(key, str) and _NAME.fullmatch(key) else f"a key of {len(str(key)):,} characters"


def message_of(err: Any) -> str:
    """A schema error's message with the value at fault named by _value."""
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        known = err.schema.get("properties") or {}
        extra = [k for k in err.instance if k not in known and k != "__line__"]
        return _short(f"unexpected key(s): {', '.join(map(_key, extra))}")
    message = err.message
    quoted = repr(err.instance)
    if quoted in message:
        message = message.replace(quoted, _value(err.instance), 1)
    return _short(message)


def _validator(schema_path: Path) -> Any:
    import jsonschema  # imported here: only the checks need it, and it is slow to import
    from referencing import Registry, Resource

    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    table_schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    # An overlay's schema refers to the table's for the fields it may set.
    registry = Registry().with_resource(table_schema["$id"], Resource.from_contents(table_schema))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def schema_problems(data: Any, shown: str) -> list[str]:
    """Where the table's data breaks fans.schema.json."""
    problems = []
    errors = _validator(SCHEMA_PATH).iter_errors(data)
    for err in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
        path = list(err.absolute_path)
        where = ".".join(str(p) for p in path)
        problems.append(f"{shown}:{line_of(data, path)}: {_fan_label(data, path)}{message_of(err)}"
                        + (f" (at {where})" if where else ""))
    return problems


def overlay_schema_problems(data: Any, shown: str) -> list[str]:
    """Where an edition's overlay breaks edition.schema.json."""
    if not isinstance(data, dict):
        return [f"{shown}:1: an edition file is a mapping with 'edition' and 'changes'"]
    problems = []
    for err in _validator(OVERLAY_SCHEMA_PATH).iter_errors(data):
        where = ".".join(str(p) for p in err.absolute_path)
        problems.append(f"{shown}:{line_of(data, list(err.absolute_path))}: {message_of(err)}"
                        + (f" (at {where})" if where else ""))
    return problems


def fraction_problems(data: Any, shown: str) -> list[str]:
    """Numbers with a fractional part (8.0 included): the table's numbers are whole
    (a JSON Schema integer would let 8.0 through, and totals would print as 15.0)."""
    problems: list[str] = []
    stack: list[tuple[Any, int, str]] = [(data, 1, "")]
    while stack:
        value, line, path = stack.pop()
        if isinstance(value, dict):
            here = value.get("__line__", line) if isinstance(value.get("__line__"), int) else line
            stack.extend((v, here, f"{path}.{k}" if path else str(k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, line, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, float):
            problems.append(f"{shown}:{line}: {value!r} is not a whole number; the table's numbers are whole "
                            f"(at {path})")
    return problems
