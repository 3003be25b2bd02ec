"""Shared fixtures: the project's fan table, loaded once; and a walk over its texts."""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import rules

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "tests" / "file_weights.json"


def load_yaml(text: str) -> Any:
    """YAML read by libyaml: PyYAML's pure-Python reader (yaml.safe_load) takes six times as
    long, 0.8 s on fans.yaml, and the tests read it and the string files many times."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader


def read_yaml(path: Path) -> Any:
    return load_yaml(path.read_text(encoding="utf-8"))


def texts_in(node: Any, lang: str) -> Iterator[str]:
    """Every text of `lang` in a fans.yaml-like tree (the strings under a `lang:` key)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield value
            else:
                yield from texts_in(value, lang)
    elif isinstance(node, list):
        for item in node:
            yield from texts_in(item, lang)


@pytest.fixture(scope="session")
def table() -> rules.FanTable:
    return rules.fan_table()


@pytest.fixture(scope="session")
def planted_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from a copy of the project whose every text carries a script payload
    (tests/site_payload.py): one whole extra build, made once per test run and shared by the
    static and the browser tests that read it (both marked slow)."""
    from .site_payload import payload_site  # noqa: PLC0415 - only the planted-build tests pay for it

    return payload_site(tmp_path_factory)


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This test run's folder: pytest's temporary folder, or with pytest-xdist the one above
    each worker's, which all of the run's workers see."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    # The caches (parsed tables, the pages' compiled Python, the fan sheet's PDFs) live in a
    # folder of this test run, never in the user's home; the run's workers share it, so the
    # pages' Python is compiled once per run, not once per worker (each entry is written whole).
    monkeypatch.setenv("MCR_CACHE_DIR", str(run_folder(tmp_path_factory) / "mcr-cache"))
    # `mcr` speaks the locale's language: the tests read its English unless they ask
    # for another with --lang, whatever the developer's locale.
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The order test files are handed to the workers (`./dev test` turns off pytest-xdist's
    own, by count): files that need no built site first, then the browser files, each group
    longest first by the seconds of a recorded run (tests/file_weights.json, written by
    tools/record_test_weights.py; a file not in it is weighed by its count of tests). The
    first file that needs the shared site builds it while the other worker goes on with work
    of its own; the short files come last, so the two workers end together."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item.nodeid.split("::")[0]] = counts.get(item.nodeid.split("::")[0], 0) + 1
    recorded = json.loads(WEIGHTS.read_text(encoding="utf-8")) if WEIGHTS.is_file() else {}

    def weight(item: pytest.Item) -> tuple[bool, float, str]:
        path = item.nodeid.split("::")[0]
        browser = item.get_closest_marker("browser") is not None
        guess = counts[path] * (3.0 if browser else 0.2)   # about a browser test's and another's seconds
        return browser, -recorded.get(path, guess), path

    items.sort(key=weight)   # stable: a file's tests keep their order
