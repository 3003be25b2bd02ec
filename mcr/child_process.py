"""Run a child command that lives and dies with this process (`mcr site serve` runs
`mkdocs serve`, which otherwise kept answering on its port after `mcr` was stopped).

- The child gets its own process group, so all of it can be signalled at once;
- SIGTERM, SIGINT and SIGHUP sent to this process are passed on to that group, and a child
  still running a few seconds later is killed;
- on Linux the kernel also sends the child SIGTERM when this process dies without a chance
  to pass anything on (SIGKILL, a crash): prctl(PR_SET_PDEATHSIG).
"""
from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

FORWARDED = tuple(s for s in (getattr(signal, name, None) for name in ("SIGTERM", "SIGINT", "SIGHUP")) if s)
GRACE_SECONDS = 5.0          # for the child to stop after a forwarded signal, before SIGKILL
_POLL_SECONDS = 0.2
_PR_SET_PDEATHSIG = 1        # linux/prctl.h


def _die_with_parent() -> None:
    """In the child, before exec: ask the kernel for SIGTERM when the parent dies."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):   # not Linux: the forwarding still holds
        pass


def _signal_group(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):   # the group is gone already
        pass


def run_supervised(command: Sequence[str], *, cwd: Path, env: Mapping[str, str]) -> int:
    """Run `command` until it ends; its exit status, or 128 + the signal that stopped us."""
    if os.name != "posix":
        try:
            return subprocess.run(list(command), cwd=cwd, env=dict(env), check=False).returncode
        except KeyboardInterrupt:
            return 130
    received: list[int] = []
    child: list[subprocess.Popen[bytes]] = []

    def forward(signum: int, _frame: object) -> None:
        received.append(signum)
        if child:
            _signal_group(child[0].pid, signum)

    # Handlers first: a signal arriving while the child starts is passed on as soon as it runs.
    previous = {s: signal.signal(s, forward) for s in FORWARDED}
    try:
        child.append(subprocess.Popen(list(command), cwd=cwd, env=dict(env), start_new_session=True,
                                      preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None))
        process = child[0]
        if received:
            _signal_group(process.pid, received[0])
        deadline: float | None = None
        while process.poll() is None:
            if received and deadline is None:
                deadline = time.monotonic() + GRACE_SECONDS
            if deadline is not None and time.monotonic() > deadline:
                _signal_group(process.pid, signal.SIGKILL)
            try:
                process.wait(timeout=_POLL_SECONDS)
            except subprocess.TimeoutExpired:
                pass
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if child:
            # Whatever the child left in its group (or the child itself, if we are leaving
            # on an exception) goes too.
            _signal_group(child[0].pid, signal.SIGKILL)
            child[0].wait()
    if received:
        return 128 + received[0]
    code = child[0].returncode
    return 128 - code if code < 0 else code
