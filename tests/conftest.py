"""Shared fixtures: the project's fan table, loaded once."""
from __future__ import annotations

from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def table() -> rules.FanTable:
    return rules.fan_table()


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    # The parsed-table cache lives in a per-session folder, never in the user's home.
    monkeypatch.setenv("MCR_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "mcr-cache"))
    # `mcr` speaks the locale's language: the tests read its English unless they ask
    # for another with --lang, whatever the developer's locale.
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
