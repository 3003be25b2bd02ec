"""Imports inside the engine go one way: every module of `rules` imports the others at
its top, where a loop shows, and the modules form no loop. (The table's loader sat on
the checks, which sat on the scorer, which sat on the loader: imports inside functions
hid it.) Libraries may be imported inside a function, where only that step needs them."""
from __future__ import annotations

import ast
from pathlib import Path

from ..conftest import ROOT

RULES = ROOT / "rules"


def _rules_imports(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """(node, module) for each import of a module of `rules` (relative, or by name)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                found += [(node, node.module or alias.name) for alias in node.names] if not node.module \
                    else [(node, node.module)]
            elif node.module and node.module.split(".")[0] == "rules":
                found.append((node, node.module.removeprefix("rules.") or "__init__"))
        elif isinstance(node, ast.Import):
            found += [(node, a.name.removeprefix("rules.")) for a in node.names if a.name.split(".")[0] == "rules"]
    return found


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    """Each module's imports of the others, and every import made inside a function."""
    graph: dict[str, set[str]] = {}
    hidden = []
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = set(map(id, tree.body))
        imports = _rules_imports(tree)
        graph[path.stem] = {module.split(".")[0] for _, module in imports} - {path.stem}
        hidden += [f"rules/{path.name}:{node.lineno}: imports {module} inside a function"
                   for node, module in imports if id(node) not in top_level]
    return graph, hidden


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if state.get(nxt) is None and (found := visit(nxt, path + [nxt])):
                return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if state.get(start) is None and (found := visit(start, [start])):
            return found
    return None


def test_the_engine_imports_its_modules_at_their_top() -> None:
    _, hidden = _graph()
    assert not hidden, "\n".join(hidden)


def test_the_engine_modules_import_one_way() -> None:
    graph, _ = _graph()
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or ())
    # The checks of the data sit below the loader; the self-check that scores sits above the scorer.
    assert "evaluator" not in graph["table_checks"] and "fantable" not in graph["table_checks"]
    assert {"fantable", "scoring"} <= graph["self_check"]


def test_the_import_check_sees_a_loop_and_a_hidden_import() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    tree = ast.parse("from . import tiles\ndef f():\n    from .api import score\n")
    assert [(type(n).__name__, m) for n, m in _rules_imports(tree)] == [("ImportFrom", "tiles"), ("ImportFrom", "api")]
    assert [id(n) in set(map(id, tree.body)) for n, _ in _rules_imports(tree)] == [True, False]
