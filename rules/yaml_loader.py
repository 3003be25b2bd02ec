"""The one strict YAML loader for the project's data files (the fan table, editions, the
trainer's and the generators' settings).

PyYAML's safe loader lets the last of two equal keys win silently (two `base:` lines, and the
second one is the only one read), takes `1:` or `yes:` as a key that is not text, and keeps a
lone surrogate (`"\\ud800"`), which no output can encode. This loader refuses all three,
each as a YamlProblem with the line and the field (`names.en`) where it is. PyYAML is
imported when a loader is first made: a table compiled to JSON needs no YAML.

The fan table's reader also records where things are: the line of each mapping (under a
key of its own), and the line and column of each item of a list (an Items), so that a
check can point at the one entry of `excludes: [a, b, c]` that is wrong.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


class Items(list):  # type: ignore[type-arg]
    """A list read from the file, with the 1-based (line, column) of each of its items
    (`places`, one per item, in order); as a value, a plain list."""

    __slots__ = ("places",)

    def __init__(self, values: Any = (), places: Any = ()) -> None:
        super().__init__(values)
        self.places: tuple[tuple[int, int], ...] = tuple(places)


def place_of(values: Any, index: int) -> tuple[int, int] | None:
    """Where item `index` of a list read from the file sits, or None where not recorded."""
    places = getattr(values, "places", ())
    return places[index] if 0 <= index < len(places) else None


class YamlProblem(Exception):
    """What is wrong (`message`), at `line` (1-based), in `field` (keys from the top)."""

    def __init__(self, line: int, message: str, field: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.line = line
        self.message = message
        self.field = field

    def inside(self, key: str) -> YamlProblem:
        return YamlProblem(self.line, self.message, (key, *self.field))

    def __str__(self) -> str:
        return f"line {self.line}: {self.text()}"

    def text(self) -> str:
        """`names.en: what is wrong` (without the line)."""
        return f"{'.'.join(self.field)}: {self.message}" if self.field else self.message


def printable(value: Any) -> str:
    """A value as a message can show it, whatever characters it holds."""
    return repr(value).encode("utf-8", "backslashreplace").decode("utf-8")


@lru_cache(maxsize=8)
def strict_loader(fast: bool = True, text_keys: bool = True, line_key: str | None = None) -> Any:
    """A loader class: on libyaml when `fast` and it is there, else on the pure Python parser
    (whose errors always say where). `text_keys`: every key must be text. `line_key`: each
    mapping also gets its 1-based line under that key (a key the file may not use itself),
    and each list is an Items, with the place of each item."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader) if fast else yaml.SafeLoader

    class StrictLoader(base):  # type: ignore[valid-type, misc]
        pass

    def construct_text(loader: Any, node: Any) -> str:
        value = loader.construct_scalar(node)
        found = _SURROGATE.search(value)
        if found:
            raise YamlProblem(node.start_mark.line + 1, f"a lone surrogate ({ord(found.group()):#06x}) is not a "
                              "character: write the character itself")
        return value

    def construct_mapping(loader: Any, node: Any) -> dict[Any, Any]:
        loader.flatten_mapping(node)
        mapping: dict[Any, Any] = {}
        first: dict[Any, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key = loader.construct_object(key_node, deep=True)
            if text_keys and not isinstance(key, str):
                raise YamlProblem(line, f"the key {printable(key_node.value)} is not text (a key is a name; "
                                  "quote it)")
            if key == line_key or (not isinstance(key, str) and not _hashable(key)):
                raise YamlProblem(line, f"the key {printable(key)} cannot be used here")
            if key in first:
                raise YamlProblem(line, f"the key {printable(key)} appears twice (first at line {first[key]}); "
                                  "the second would silently replace the first")
            first[key] = line
            try:
                mapping[key] = loader.construct_object(value_node, deep=True)
            except YamlProblem as problem:
                raise problem.inside(str(key)) from None
        if line_key is not None:
            mapping[line_key] = node.start_mark.line + 1
        return mapping

    def construct_int(loader: Any, node: Any) -> int:
        try:
            return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
        except ValueError:   # Python reads at most a few thousand digits
            raise YamlProblem(node.start_mark.line + 1, f"a number of {len(node.value):,} characters cannot be "
                              "read; no value here needs more than a few digits") from None

    StrictLoader.add_constructor("tag:yaml.org,2002:str", construct_text)
    StrictLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
    StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    if line_key is not None:
        StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_items)
    return StrictLoader


def _construct_items(loader: Any, node: Any) -> Items:
    """A list of the file, with the place of each of its items."""
    return Items([loader.construct_object(child, deep=True) for child in node.value],
                 [(child.start_mark.line + 1, child.start_mark.column + 1) for child in node.value])


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def load_strict(text: str, *, text_keys: bool = True) -> Any:
    """The data of a YAML document; YamlProblem (with its line) for a duplicate key, a key
    that is not text (with `text_keys`), a lone surrogate; yaml.YAMLError for bad syntax."""
    import yaml

    for fast in (True, False):   # libyaml, then (on its error) the parser that checks more and says where
        loader = strict_loader(fast, text_keys)(text)
        try:
            return loader.get_single_data()
        except yaml.YAMLError:
            if not fast:
                raise
        finally:
            loader.dispose()
    raise AssertionError("unreachable")
