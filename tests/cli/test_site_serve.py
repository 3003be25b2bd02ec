"""`mcr site serve` stopped by a signal takes its `mkdocs serve` child with it: the port
stops answering and no child is left (it once kept serving after `mcr` was gone). It serves
the languages `--languages` names (and the default one), no other.

The real `mcr site serve` is stopped by SIGTERM; SIGINT, SIGHUP and SIGKILL (the kernel's
parent-death signal) are checked on the same supervision with a small server as the child,
which starts in a fraction of the time MkDocs takes to build the site."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not sys.platform.startswith("linux"),
                                                   reason="reads /proc to find the children")]

START_SECONDS = 900   # a ceiling, not a target: mkdocs serve builds the site before it listens (minutes on a busy machine)
STOP_SECONDS = 30    # a ceiling: a busy machine schedules the signal handlers late


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has stopped running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _wait_until(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():   # type: ignore[operator]
            return True
        time.sleep(0.2)
    return bool(condition())   # type: ignore[operator]


class Started:
    """The processes a test starts, and their children once seen: any left running is killed."""

    def __init__(self) -> None:
        self.processes: list[subprocess.Popen[bytes]] = []
        self.children: set[int] = set()

    def children_of(self, process: subprocess.Popen[bytes]) -> set[int]:
        found = _descendants(process.pid)
        self.children |= found
        return found

    def clean_up(self) -> None:
        for process in self.processes:
            self.children_of(process)
        for pid in self.children | {p.pid for p in self.processes}:
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for process in self.processes:
            process.wait()


@pytest.fixture
def started() -> Iterator[Started]:
    running = Started()
    yield running
    running.clean_up()


def _stop_and_check(started: Started, process: subprocess.Popen[bytes], port: int, signum: int) -> None:
    children = started.children_of(process)
    assert children, "the parent runs no child"
    process.send_signal(signum)
    assert _wait_until(lambda: not _answers(port), STOP_SECONDS), f"port {port} still answers after {signum!r}"
    assert _wait_until(lambda: not any(_alive(pid) for pid in children), STOP_SECONDS), \
        f"children left running after {signum!r}: {[pid for pid in children if _alive(pid)]}"
    process.wait(timeout=STOP_SECONDS)


def test_site_serve_stopped_by_sigterm_stops_mkdocs(started: Started) -> None:
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    # Japanese only beside English: the serve test need not wait for six languages' pages.
    process = subprocess.Popen([sys.executable, "-m", "mcr", "site", "serve", "--port", str(port), "--languages", "ja"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started.processes.append(process)
    assert _wait_until(lambda: _answers(port) or process.poll() is not None, START_SECONDS) and _answers(port), \
        f"mcr site serve did not answer on port {port} within {START_SECONDS} s"
    assert [_status(port, path) for path in ("", "ja/fans/", "zh/fans/")] == [200, 200, 404]
    _stop_and_check(started, process, port, signal.SIGTERM)
    assert process.returncode == 128 + signal.SIGTERM


# A parent supervising a small HTTP server, as `mcr site serve` supervises mkdocs serve.
SUPERVISOR = textwrap.dedent("""
    import sys
    from pathlib import Path
    from mcr.child_process import run_supervised
    server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", sys.argv[1]]
    sys.exit(run_supervised(server, cwd=Path("."), env={}))
""")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGHUP, signal.SIGKILL], ids=["SIGINT", "SIGHUP", "SIGKILL"])
def test_the_child_dies_with_its_parent(started: Started, signum: int) -> None:
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-c", SUPERVISOR, str(port)], cwd=ROOT,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    started.processes.append(process)
    assert _wait_until(lambda: _answers(port), 20), "the small server did not start"
    _stop_and_check(started, process, port, signum)
    # SIGKILL cannot be caught: the kernel's parent-death signal stopped the child.
    assert process.returncode == (-signal.SIGKILL if signum == signal.SIGKILL else 128 + signum)
