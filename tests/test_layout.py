"""The packages depend one way: rules and i18n on none of ours, quiz on those two, website
on those three, mcr (the commands) on all; and every command lives in mcr/."""
from __future__ import annotations

import ast

from .conftest import ROOT

OURS = ("rules", "i18n", "quiz", "website", "mcr")
ALLOWED = {
    "rules": set(),
    "i18n": set(),
    "quiz": {"rules", "i18n"},
    "website": {"rules", "i18n", "quiz"},
    "mcr": {"rules", "i18n", "quiz", "website"},
}


def _imported_packages(path) -> set[tuple[int, str]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add((node.lineno, node.module.split(".")[0]))
        elif isinstance(node, ast.Import):
            found |= {(node.lineno, alias.name.split(".")[0]) for alias in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(tuple(f"{p}." for p in OURS)) \
                and " " not in node.value and node.value.count(".") == 1 and not node.value.endswith((".py", ".yaml", ".json")):
            found.add((node.lineno, node.value.split(".")[0]))   # a module named for import_module()
    return {(line, name) for line, name in found if name in OURS}


def test_dependencies_go_one_way() -> None:
    wrong = []
    for package, allowed in ALLOWED.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            for line, used in sorted(_imported_packages(path)):
                if used != package and used not in allowed:
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {package} imports {used}")
    assert not wrong, "\n".join(wrong)


def test_every_command_lives_in_mcr() -> None:
    offenders = [str(p.relative_to(ROOT)) for package in ("rules", "i18n", "quiz", "website")
                 for p in (ROOT / package).rglob("*.py")
                 if "add_argument(" in p.read_text(encoding="utf-8") or p.name.endswith("_command.py")]
    assert not offenders, offenders
    assert not (ROOT / "generator").exists()
