"""The house as the design card draws it: its top-level names, and packages that depend
one way: rules and i18n on none of ours; generator.quizzes on those two; the trainer on
those and the quizzes it asks; generator.site on all of these (its quiz pages carry the
trainer to the browser); mcr, the command line, on all but the site's generator, which
MkDocs runs; and every command lives in mcr/."""
from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT

CARD = ("rules", "fans.yaml", "generator", "site", "quizzes", "tests", "mkdocs.yml")
PACKAGES = ("rules", "i18n", "generator.quizzes", "trainer", "generator.site", "mcr")
# generator's own modules (generator/*.py: writing a file whole, reading fenced blocks)
# serve both of its parts and use nothing of ours.
SHARED = "generator.common"
ALLOWED = {
    "rules": set(),
    "i18n": set(),
    SHARED: set(),
    "generator.quizzes": {"rules", "i18n", SHARED},
    "trainer": {"rules", "i18n", SHARED, "generator.quizzes"},
    "generator.site": {"rules", "i18n", SHARED, "generator.quizzes", "trainer"},
    # The command line words its results and the engine's errors itself (from their codes);
    # `mcr site` runs MkDocs, whose configuration loads the site's generator.
    "mcr": {"rules", "i18n", SHARED, "generator.quizzes", "trainer"},
}
# Two exceptions: `mcr check` holds the rulebook's prose, a source of the site, to the
# table with the site's reader of it (generator/site/rulebook_points.py); `mcr quiz --anki`
# puts the site's tile pictures (generator/site/tiles.py) on the cards, one drawing of a tile.
EXCEPTIONS = {("mcr/check_command.py", "generator.site"), ("mcr/quiz_files_step.py", "generator.site")}


def _package_of_module(module: str) -> str | None:
    """The package of the layout that an imported module name belongs to."""
    parts = module.split(".")
    if parts[0] == "generator":
        if len(parts) > 1 and parts[1] in ("quizzes", "site"):
            return f"generator.{parts[1]}"
        return SHARED
    return parts[0] if parts[0] in ("rules", "i18n", "trainer", "mcr") else None


def _package_of_file(path: Path) -> str:
    rel = path.relative_to(ROOT).parts
    if rel[0] == "generator":
        return f"generator.{rel[1]}" if rel[1] in ("quizzes", "site") else SHARED
    return rel[0]


def _absolute(node: ast.ImportFrom, path: Path) -> str:
    """The absolute name of a relative import made in `path`."""
    package = list(path.relative_to(ROOT).parent.parts)
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _imported(path: Path) -> set[tuple[int, str]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = _absolute(node, path) if node.level else node.module or ""
            names = [module] if node.module or not node.level else [f"{module}.{a.name}" for a in node.names]
            found |= {(node.lineno, name) for name in names}
        elif isinstance(node, ast.Import):
            found |= {(node.lineno, alias.name) for alias in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and " " not in node.value \
                and node.value.count(".") >= 1 and not node.value.endswith((".py", ".yaml", ".json", ".j2")) \
                and _package_of_module(node.value) and node.value.split(".")[0] in ("rules", "generator", "trainer", "mcr"):
            found.add((node.lineno, node.value))   # a module named for import_module()
    return {(line, package) for line, name in found if (package := _package_of_module(name))}


def _python_files(package: str) -> list[Path]:
    if package == SHARED:
        return sorted((ROOT / "generator").glob("*.py"))
    return sorted((ROOT / package.replace(".", "/")).rglob("*.py"))


def test_the_top_level_is_the_design_card() -> None:
    missing = [name for name in CARD if not (ROOT / name).exists()]
    assert not missing, f"the design card's top level lacks {missing}"
    gone = [name for name in ("website", "quiz") if (ROOT / name).exists()]
    assert not gone, f"{gone} moved into generator/ and trainer/"


def test_dependencies_go_one_way() -> None:
    wrong = []
    for package, allowed in ALLOWED.items():
        for path in _python_files(package):
            for line, used in sorted(_imported(path)):
                if used != package and used not in allowed \
                        and (str(path.relative_to(ROOT)), used) not in EXCEPTIONS:
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {package} imports {used}")
    assert not wrong, "\n".join(wrong)


def test_the_layout_check_sees_a_wrong_import(tmp_path: Path) -> None:
    # The check itself must catch an import against the flow (rules importing the trainer).
    probe = ROOT / "rules" / "_layout_probe.py"
    probe.write_text("from trainer import grading\nfrom . import tiles\n", encoding="utf-8")
    try:
        assert {used for _, used in _imported(probe)} == {"trainer", "rules"}
    finally:
        probe.unlink()


def test_every_command_lives_in_mcr() -> None:
    offenders = [str(p.relative_to(ROOT)) for package in PACKAGES if package != "mcr"
                 for p in _python_files(package)
                 if "add_argument(" in p.read_text(encoding="utf-8") or p.name.endswith("_command.py")]
    assert not offenders, offenders
