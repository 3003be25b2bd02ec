"""The engine's type hints agree with its code: mypy, with the project's settings
(pyproject.toml, [tool.mypy]), finds nothing in rules/. A hint that says one thing while
the code stores another misleads whoever reads it, and would break a compiled build of
the engine, which checks every hint at run time."""
from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import ROOT

api = pytest.importorskip("mypy.api", reason="mypy is a test dependency: pip install -e '.[test]'")


def test_mypy_finds_nothing_in_the_engine(tmp_path: Path) -> None:
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                      str(ROOT / "rules")])
    assert status == 0, report + errors
