"""Reading a fan table file into plain data, safely, with the line of every mapping and
the place of every item of a list.

Whatever the file holds, the reader either returns data (dicts, lists, strings, numbers,
booleans, each mapping with its `__line__`, each list an Items with its items' places) or raises FanTableError with `PATH:LINE:`
lines: bytes that are not UTF-8, NUL bytes, YAML errors, nesting too deep for the
parser, numbers too long to read, and aliases that would expand the table beyond any
real one (a few hundred bytes of YAML anchors can stand for billions of nodes).

The parsed data of a file is cached as JSON (rules.table_cache), keyed by the hash of
the file's bytes and checked against it.
"""
from __future__ import annotations

import os
from typing import Any

from .errors import FanTableError
from .table_cache import content_key, engine_version, read_entry, read_own_entry, write_entry
from .yaml_loader import YamlProblem, strict_loader
from .user_files import TABLE_LIMIT, read_user_bytes

MAX_NODES = 100_000   # the project's table has about 6,000; aliases count each time they are used
MAX_DEPTH = 40        # the project's table nests 13 deep


def _line_loader(fast: bool) -> Any:
    """The strict loader (rules.yaml_loader: no duplicate keys, text keys, no lone
    surrogates) that records the line of each mapping as `__line__`: on libyaml when `fast`,
    else on the pure Python parser, whose errors can always say where they happened."""
    return strict_loader(fast, True, "__line__")


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, max(0, index)) + 1


def read_yaml_with_lines(text: str, path: str) -> Any:
    """Parse YAML, keeping line numbers; every failure becomes one `path:LINE:` problem."""
    nul = text.find("\0")
    if nul >= 0:
        raise FanTableError([f"{path}:{_line_at(text, nul)}: a NUL character: a fan table is plain text"])
    import yaml

    fast = _line_loader(True)(text)
    try:
        return fast.get_single_data()
    except YamlProblem as problem:
        raise FanTableError([f"{path}:{problem.line}: {problem.text()}"]) from None
    except yaml.MarkedYAMLError as err:
        # libyaml says where, as the pure Python parser would: no second, slower reading;
        # but an escape it calls invalid is read again, for the strict loader names the
        # lone surrogate ("\udfff") that the pure Python parser lets through to it.
        if err.problem_mark is not None and "nesting depth" in str(err.problem):
            raise FanTableError([_too_deep(path, err.problem_mark.line + 1)]) from None
        if err.problem_mark is not None and "escape" not in str(err.problem):
            raise FanTableError([_syntax_problem(err, text, path)]) from None
    except (yaml.YAMLError, RecursionError, ValueError):
        pass  # read it again with the parser that can say where it went wrong
    finally:
        fast.dispose()
    loader = _line_loader(False)(text)
    try:
        return loader.get_single_data()
    except YamlProblem as problem:
        raise FanTableError([f"{path}:{problem.line}: {problem.text()}"]) from None
    except yaml.YAMLError as err:
        raise FanTableError([_syntax_problem(err, text, path)]) from None
    except RecursionError:
        raise FanTableError([_too_deep(path, loader.get_mark().line + 1)]) from None
    except ValueError as err:  # e.g. an integer with thousands of digits
        raise FanTableError([f"{path}:{loader.get_mark().line + 1}: a value cannot be read: {err}"]) from None
    finally:
        loader.dispose()


def _too_deep(path: str, line: int) -> str:
    return f"{path}:{line}: nested too deeply to read (a fan table nests at most {MAX_DEPTH} levels)"


def _syntax_problem(err: Any, text: str, path: str) -> str:
    """A YAML error as one `path:LINE:` problem (libyaml and the pure Python parser agree
    on the line of every syntax error of the table mutants' test)."""
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    line = mark.line + 1 if mark is not None else _line_at(text, getattr(err, "position", 0) or 0)
    problem = getattr(err, "problem", None) or getattr(err, "reason", None) or str(err)
    if mark is None:
        return f"{path}:{line}: YAML syntax: {problem}"
    where = f" (column {mark.column + 1}"
    context, started = getattr(err, "context", None), getattr(err, "context_mark", None)
    if context and started is not None and started.line != mark.line:
        # An unclosed quote or bracket is found lines later: say where it was opened.
        where += f"; {context} at line {started.line + 1}, column {started.column + 1}"
    return f"{path}:{line}: YAML syntax: {problem}{where})"


def check_size(data: Any, path: str) -> None:
    """Refuse data that expands (through aliases) or nests beyond any real fan table."""
    nodes = 0
    # (value, depth, line of the nearest mapping)
    stack: list[tuple[Any, int, int]] = [(data, 0, 1)]
    while stack:
        value, depth, line = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise FanTableError([f"{path}:{line}: the table expands to more than {MAX_NODES:,} values "
                                 "(YAML aliases repeated over and over?); no fan table needs that many"])
        if depth > MAX_DEPTH:
            raise FanTableError([f"{path}:{line}: nested more than {MAX_DEPTH} levels deep; "
                                 "no fan table needs that"])
        if isinstance(value, dict):
            here = value.get("__line__", line) if isinstance(value.get("__line__"), int) else line
            stack.extend((v, depth + 1, here) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1, line) for v in value)


def read_file_bytes(path: str | os.PathLike[str], shown: str) -> bytes:
    """The bytes of a table's file, or FanTableError naming it."""
    try:
        return read_user_bytes(path, TABLE_LIMIT)
    except OSError as err:
        raise FanTableError([f"{shown}:0: cannot read the fan table: {err.strerror or err}"]) from None


def parsed_key(raw: bytes) -> str:
    """The cache key of a file's parsed data: its bytes, and the reader that parsed them."""
    return content_key("parsed", engine_version(), raw)


def read_table_data(path: str | os.PathLike[str], shown: str, *, trust_cache: bool = True) -> Any:
    """The data of the table file at `path` (`shown` names it in messages): from the cache
    when `trust_cache` and an entry made from these very bytes passes its checksum, or
    from what this process parsed from these very bytes, else parsed (and cached)."""
    raw = read_file_bytes(path, shown)
    key = parsed_key(raw)
    data = read_entry("parsed", key) if trust_cache else read_own_entry("parsed", key)
    if data is not None:
        return data
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise FanTableError([f"{shown}:{line}: not UTF-8 text (byte {raw[err.start]:#04x})"]) from None
    data = read_yaml_with_lines(text, shown)
    check_size(data, shown)
    write_entry("parsed", key, data, parsed_here=True, item_places=True)
    return data


def strip_lines(value: Any) -> Any:
    """The data without the `__line__` keys."""
    if isinstance(value, dict):
        return {k: strip_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [strip_lines(v) for v in value]
    return value
