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


def _loader() -> Any:
    """The safe loader, refusing a key given twice (the second would silently win). The
    same refusal as rules/yaml_loader.py, which i18n, below every package, cannot import."""
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class NoDuplicates(base):  # type: ignore[valid-type, misc]
        pass

    def mapping(loader: Any, node: yaml.MappingNode) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} appears twice (first at line {seen[key]})", key_node.start_mark)
            seen[key] = key_node.start_mark.line + 1
        return loader.construct_mapping(node, deep=True)

    NoDuplicates.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return NoDuplicates


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StringsError(f"{shown(path)}: missing") from None
    except UnicodeDecodeError as err:
        raise StringsError(f"{shown(path)}: not UTF-8 text (byte {err.start})") from None
    except OSError as err:   # a folder where the file should be, a file it may not read
        raise StringsError(f"{shown(path)}: {err.strerror or err}") from None
    try:
        return yaml.load(text, Loader=_loader())  # noqa: S506 - a safe loader
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        raise StringsError(f"{shown(path)}{where}: YAML syntax: {getattr(err, 'problem', None) or err}") from None
