"""The packages that use the engine go through its public API: the names `rules` exports
and the value modules `rules.tiles` and `rules.groups`, never the engine's own modules
or a private name."""
from __future__ import annotations

import ast

import rules

from ..conftest import ROOT

USERS = ("i18n", "generator", "trainer", "mcr", "benchmarks", "tools")
# Readers the other packages share, public like the value modules: the judgements file's
# (rules.exclusion_judgements), the strict YAML reader every data file goes through
# (rules.yaml_loader), and the capped reader of a user's files (rules.user_files).
VALUE_MODULES = {"rules", "rules.tiles", "rules.groups", "rules.sampling", "rules.exclusion_judgements",
                 "rules.yaml_loader", "rules.user_files"}


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "rules":
            yield node.lineno, node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "rules":
                    yield node.lineno, alias.name, []
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "rules":
            yield node.lineno, "rules", [node.attr]


def test_users_of_the_engine_import_only_its_public_names() -> None:
    offenders = []
    for folder in USERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, module, names in _imports(path):
                where = f"{path.relative_to(ROOT)}:{line}"
                if module not in VALUE_MODULES:
                    offenders.append(f"{where}: imports {module}")
                for name in names:
                    if name.startswith("_"):
                        offenders.append(f"{where}: uses the private name {module}.{name}")
                    elif module == "rules" and not hasattr(rules, name):
                        offenders.append(f"{where}: rules has no public {name}")
    assert not offenders, "\n".join(offenders)


def test_the_public_names_are_all_exported() -> None:
    assert sorted(rules.__all__) == sorted(set(rules.__all__))
    for name in rules.__all__:
        assert hasattr(rules, name), name
