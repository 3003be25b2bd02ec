"""The cache of fan tables: plain JSON files that cannot run code, each checked against
what it was made from before it is used.

Two kinds of entries, both in `MCR_CACHE_DIR` (default `~/.cache/mcr`):

- `parsed`: the data of one YAML file (a table or an edition's overlay), keyed by the
  hash of the file's bytes; it spares the YAML parser.
- `checked`: the whole data of one edition of a table that passed every check of
  rules.table_checks, keyed by the hash of the table's bytes, of every overlay beside it,
  of the edition asked for, and of the engine's own source (its checks, schemas and
  vocabulary); it spares the JSON Schema validation, most of a start-up.

An entry is a header line, `{"format", "kind", "key", "checksum"}`, then the data as JSON.
It is used only when its format and key are those of the sources as they are now and the
SHA-256 checksum of its key and data matches: a damaged, truncated or edited entry is
ignored and written again. The checksum guards against damage and against an edit of the
data alone; whoever may rewrite the cache folder may also rewrite the table, so `mcr check`
trusts no entry: it reads and checks the files themselves, and writes their entries anew.

A `parsed` entry keeps where each item of a list sits (rules.yaml_loader.Items), for the
checks to point at it; a `checked` entry, read at every start, keeps plain lists.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from .source_lines import SourceLine
from .yaml_loader import Items

CACHE_FORMAT = 7
LARGEST_ENTRY = 64 * 1024 * 1024   # bytes; the project's checked table is well under 1 MB
_ENGINE_FILES = ("*.py", "*.json")  # what the checks, the schemas and the vocabulary are made of


def cache_folder() -> Path:
    base = os.environ.get("MCR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mcr")
    return Path(base)


def content_key(*parts: bytes | str) -> str:
    """A SHA-256 over `parts`, each length-prefixed so that no two lists of parts collide."""
    digest = hashlib.sha256()
    for part in parts:
        raw = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(raw).to_bytes(8, "big"))
        digest.update(raw)
    return digest.hexdigest()


@lru_cache(maxsize=1)
def engine_version() -> str:
    """The hash of the engine's own files: a change to a check, a schema or the vocabulary
    makes every checked entry stale."""
    here = Path(__file__).resolve().parent
    files = sorted({p for pattern in _ENGINE_FILES for p in here.glob(pattern)})
    return content_key(*(part for p in files for part in (p.name, p.read_bytes())))


def _entry_path(kind: str, key: str) -> Path:
    return cache_folder() / f"{kind}-{CACHE_FORMAT}-{key[:40]}.json"


def _checksum(kind: str, key: str, body: bytes) -> str:
    return content_key(str(CACHE_FORMAT), kind, key, body)


def read_entry(kind: str, key: str) -> Any | None:
    """The data stored under `key`, or None: no entry, or one that fails its checks."""
    path = _entry_path(kind, key)
    try:
        with path.open("rb") as handle:
            raw = handle.read(LARGEST_ENTRY + 1)
    except OSError:
        return None
    if len(raw) > LARGEST_ENTRY:
        return None
    head, _, body = raw.partition(b"\n")
    try:
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("format") != CACHE_FORMAT or header.get("kind") != kind \
                or header.get("key") != key or header.get("checksum") != _checksum(kind, key, body):
            return None
        return json.loads(body, object_hook=_hook(bool(header.get("source_lines")), bool(header.get("item_places"))))
    except (ValueError, RecursionError):
        return None


# What this process itself parsed, kept in memory: `mcr check` trusts no file of the cache,
# but reads again what it parsed itself moments ago from the very same bytes (the base table,
# once for itself and once under each edition) from here, in a fresh copy each time.
_OWN_LIMIT = 8
_own: dict[tuple[str, str], tuple[bytes, bool, bool]] = {}


def read_own_entry(kind: str, key: str) -> Any | None:
    """A fresh copy of the data this process stored under `key`, or None."""
    kept = _own.get((kind, key))
    if kept is None:
        return None
    body, source_lines, item_places = kept
    return json.loads(body, object_hook=_hook(source_lines, item_places))


def write_entry(kind: str, key: str, data: Any, *, parsed_here: bool = False, item_places: bool = False) -> None:
    """Store `data` under `key` (whole, or not at all: a reader never sees half a file).
    Data JSON cannot hold as it is (keys that are not strings, dates, NaN) is not stored.
    `parsed_here`: this process made `data` from the bytes `key` names (not from the cache),
    so it is also kept in memory for read_own_entry. `item_places`: keep where each item of
    a list sits (else the lists are stored plain)."""
    if not _plain_keys(data):
        return   # JSON would turn the keys into strings: the entry would differ from the data
    try:
        body = json.dumps(_encoded(data, item_places), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return
    source_lines = _has_source_lines(data)
    if parsed_here:
        if len(_own) >= _OWN_LIMIT:
            _own.clear()
        _own[(kind, key)] = (body, source_lines, item_places)
    header = {"format": CACHE_FORMAT, "kind": kind, "key": key, "checksum": _checksum(kind, key, body),
              "source_lines": source_lines, "item_places": item_places}
    path = _entry_path(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(json.dumps(header).encode("ascii") + b"\n" + body)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home only costs speed


# A line of an edition's overlay is a SourceLine (an int that knows its file: problems found
# in the merged table point at the overlay). The cache keeps it as [line, file].

def _has_source_lines(value: Any) -> bool:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("__line__"), SourceLine):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


# An Items is kept as {"__items__": [...], "__at__": [[line, column], ...]}: no mapping of the
# file reads back as one, for each has its `__line__` besides.

def _encoded(value: Any, item_places: bool) -> Any:
    if isinstance(value, dict):
        return {k: ([int(v), v.file] if k == "__line__" and isinstance(v, SourceLine) else _encoded(v, item_places))
                for k, v in value.items()}
    if isinstance(value, list):
        items = [_encoded(v, item_places) for v in value]
        places = getattr(value, "places", None)
        if item_places and places is not None:
            return {"__items__": items, "__at__": [[int(line), column] for line, column in places]}
        return items
    return value


def _hook(source_lines: bool, item_places: bool) -> Any:
    """What json.loads calls on each mapping to give back what _encoded wrote (None: nothing)."""
    if not item_places:
        return _source_lines if source_lines else None

    def both(mapping: dict[str, Any]) -> Any:
        if "__at__" in mapping and len(mapping) == 2 and "__items__" in mapping:
            return Items(mapping["__items__"], map(tuple, mapping["__at__"]))
        return _source_lines(mapping) if source_lines else mapping
    return both


def _source_lines(mapping: dict[str, Any]) -> dict[str, Any]:
    line = mapping.get("__line__")
    if isinstance(line, list) and len(line) == 2 and isinstance(line[0], int) and isinstance(line[1], str):
        mapping["__line__"] = SourceLine(line[0], line[1])
    return mapping


def _plain_keys(value: Any) -> bool:
    """Whether every mapping key is a string (JSON would turn others into strings)."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if not all(isinstance(k, str) for k in node):
                return False
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return True
