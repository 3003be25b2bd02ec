"""`mcr ARGS` run inside the test's process, for tests about what a command says rather than
about the process (its start, its streams, its signals): a start of Python per command made
the language tests the slowest of the suite."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Mapping
from contextlib import redirect_stderr, redirect_stdout

from mcr.cli import main


def mcr_here(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `mcr ARGS` with ENV as the whole environment (default: this one with NO_COLOR) and
    return what a subprocess would: the exit status and both streams as text."""
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env if env is not None else dict(saved, NO_COLOR="1"))
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = main(list(args))
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return subprocess.CompletedProcess(["mcr", *args], status, out.getvalue(), err.getvalue())
