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


def required_keys() -> list[str]:
    """The keys every fan table has, as its schema requires them."""
    return list(json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["required"])


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
_NUMBER = re.compile(r"-?[0-9]{1,9}(\.[0-9]{1,9})?")    # a text that reads as a number ("6"), quoted back


def _value(value: Any) -> str:
    """A value as a problem names it: a short scalar as itself (true and false as YAML writes
    them); a mapping, a list or a long text by its kind, so that a file that is no fan table
    is not echoed back line by line (and no parser's `__line__` key shows)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return f"a mapping of {len([k for k in value if k != '__line__'])} key(s)"
    if isinstance(value, list):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, str) and not _NAME.fullmatch(value):
        return "a text of 1 character" if len(value) == 1 else f"a text of {len(value):,} characters"
    return repr(value)


def _key(key: Any) -> str:
    """A key as a problem names it: itself when it looks like a name, else by its kind."""
    return repr(key) if isinstance(key, str) and _NAME.fullmatch(key) else f"a key of {len(str(key)):,} characters"


# What the schema's types and patterns ask for, in words (jsonschema names them as code).
_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "a text", "object": "a mapping",
               "array": "a list", "boolean": "a flag (true or false)", "null": "nothing"}
# The schema's type of a value as YAML reads it (bool before int: True is an int in Python).
_SCHEMA_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (dict, "object"),
                 (list, "array"))
_PATTERN_WORDS = {
    "^[a-z][a-z0-9_]*$": "an id (lower-case letters, digits and _, starting with a letter)",
    "^[a-z]{2}$": "a language's two-letter code (en)",
    "^[^\\n\\r]*$": "a text of one line"}


def _kind(value: Any) -> str:
    """What a value of the YAML is, in the words of _TYPE_WORDS."""
    kind = next((name for cls, name in _SCHEMA_TYPES if isinstance(value, cls)), None)
    return _TYPE_WORDS[kind] if kind else type(value).__name__


def _type_message(err: Any) -> str:
    expected = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
    wanted = " or ".join(_TYPE_WORDS.get(t, str(t)) for t in expected)
    hint = " (write it in quotes)" if "string" in expected and isinstance(err.instance, (int, float)) else ""
    if err.instance is None:
        return f"the value is empty, where {wanted} is expected"
    value = err.instance
    if isinstance(value, str) and _NUMBER.fullmatch(value) and {"integer", "number"} & set(expected):
        return f"{value!r} is a text, where {wanted} is expected (write it without quotes)"
    described = _value(value)
    if described.startswith("a "):   # named by its kind already
        return f"{described}, where {wanted} is expected{hint}"
    return f"{described} is {_kind(value)}, where {wanted} is expected{hint}"


def _meant_branch(err: Any) -> list[Any] | None:
    """The errors of the alternative (oneOf, anyOf) the value was most likely meant to be:
    the one whose keys it shares most, then the one it breaks least; None when no key
    tells (a plain value, or keys no alternative has) and several break it as little."""
    branches: dict[int, list[Any]] = {}
    for sub in err.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    keys = set(err.instance) - {"__line__"} if isinstance(err.instance, dict) else set()

    def fit(index: int) -> tuple[int, int]:
        options = err.validator_value[index] if index < len(err.validator_value) else {}
        known = set(options.get("properties") or {}) if isinstance(options, dict) else set()
        return len(keys & known), -len(branches[index])
    best = max(branches, key=fit)
    if fit(best)[0] == 0 and sum(fit(i) == fit(best) for i in branches) > 1:
        return None
    return branches[best]


def messages_of(err: Any, path: list[Any]) -> list[tuple[str, list[Any]]]:
    """A schema error in plain words, with where it is: an error among alternatives (oneOf,
    anyOf) as the errors of the one the value was likely meant to be, each where it is; where
    nothing tells which was meant (a plain value), what each alternative wants."""
    if err.validator in ("oneOf", "anyOf") and err.context:
        meant = _meant_branch(err)
        if meant is None:
            firsts = {message_of(e): None for e in err.context if not e.relative_path}
            return [(_short("; or ".join(firsts) or message_of(err)), path)]
        return [m for e in meant for m in messages_of(e, path + list(e.relative_path))]
    return [(message_of(err), path)]


def message_of(err: Any) -> str:
    """A schema error's message in plain words, with the value at fault named by _value."""
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        known = err.schema.get("properties") or {}
        extra = [k for k in err.instance if k not in known and k != "__line__"]
        return _short(f"unexpected key(s): {', '.join(map(_key, extra))}")
    if err.validator == "type":
        return _short(_type_message(err))
    if err.validator == "pattern" and err.validator_value in _PATTERN_WORDS:
        return _short(f"{_value(err.instance)} is not {_PATTERN_WORDS[err.validator_value]}")
    if err.validator == "enum":
        allowed = ", ".join(repr(v) for v in err.validator_value if v != "__line__")
        return _short(f"{_value(err.instance)} is not one of {allowed}")
    message = err.message
    quoted = repr(err.instance)
    if quoted in message:
        message = message.replace(quoted, _value(err.instance), 1)
    return _short(message)


def _where(path: list[Any]) -> str:
    """' (at fans, item 48, points)': where in the data, items counted from 1 as a reader does."""
    steps = [f"item {p + 1}" if isinstance(p, int) else str(p) for p in path]
    return f" (at {', '.join(steps)})" if steps else ""


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
        for message, path in messages_of(err, list(err.absolute_path)):
            problems.append(f"{shown}:{line_of(data, path)}: {_fan_label(data, path)}{message}{_where(path)}")
    return problems


def overlay_schema_problems(data: Any, shown: str) -> list[str]:
    """Where an edition's overlay breaks edition.schema.json."""
    if not isinstance(data, dict):
        return [f"{shown}:1: an edition file is a mapping with 'edition' and 'changes'"]
    problems = []
    for err in _validator(OVERLAY_SCHEMA_PATH).iter_errors(data):
        for message, path in messages_of(err, list(err.absolute_path)):
            problems.append(f"{shown}:{line_of(data, path)}: {_change_label(data, path)}{message}{_where(path)}")
    return problems


def _change_label(data: dict[str, Any], path: list[Any]) -> str:
    """'change of fan ID: ', for a problem inside one of an edition's changes."""
    if len(path) < 2 or path[0] != "changes" or not isinstance(path[1], int):
        return ""
    try:
        change = data["changes"][path[1]]
    except (KeyError, IndexError, TypeError):
        return ""
    name = change_name(change)
    return f"{name}: " if name else ""


def change_name(change: Any) -> str | None:
    """'change of fan ID' (or of new fan, of ruling): one of an edition's changes, named by
    what it changes, in the problems of the check and of the texts' markup."""
    if not isinstance(change, dict):
        return None
    for kind in ("fan", "new_fan", "ruling"):
        target = change.get(kind)
        target = target.get("id") if isinstance(target, dict) else target
        if isinstance(target, str):
            return f"change of {kind.replace('_', ' ')} {target}"
    return None


def fraction_problems(data: Any, shown: str) -> list[str]:
    """Numbers with a fractional part (8.0 included): the table's numbers are whole
    (a JSON Schema integer would let 8.0 through, and totals would print as 15.0)."""
    problems: list[str] = []
    stack: list[tuple[Any, int, list[Any]]] = [(data, 1, [])]
    while stack:
        value, line, path = stack.pop()
        if isinstance(value, dict):
            here = value.get("__line__", line) if isinstance(value.get("__line__"), int) else line
            stack.extend((v, here, [*path, k]) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, line, [*path, i]) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, float):
            problems.append(f"{shown}:{line}: {_fan_label(data, path)}{value!r} is not a whole number; the table's "
                            f"numbers are whole{_where(path)}")
    return problems
