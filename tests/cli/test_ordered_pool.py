"""The worker pool of `mcr score -`: results in task order, a dead worker's task given
again once, a task that keeps killing its workers reported within seconds."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mcr.ordered_pool import OrderedPool, TaskFailed, WorkerLost

from ..conftest import ROOT


def _slow_echo(task: tuple[int, float]) -> int:
    number, pause = task
    time.sleep(pause)
    return number


def test_results_come_in_task_order_whatever_finishes_first() -> None:
    pauses = [0.05, 0.0, 0.03, 0.0, 0.02, 0.0, 0.04, 0.0] * 3
    with OrderedPool(_slow_echo, 3) as pool:
        got = []
        for number, pause in enumerate(pauses):
            pool.submit((number, pause))
            got += pool.ready()
        while pool.in_flight:
            got.append(pool.next_result())
    assert got == list(range(len(pauses)))


def _die_once(task: tuple[str, int]) -> int:
    marker, value = task
    if value == 3 and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return value * 10


def test_a_killed_workers_task_goes_to_a_new_worker(tmp_path: Path) -> None:
    restarts: list[int | None] = []
    marker = str(tmp_path / "died")
    with OrderedPool(_die_once, 2, on_restart=restarts.append) as pool:
        for value in range(8):
            pool.submit((marker, value))
        results = [pool.next_result() for _ in range(8)]
    assert results == [v * 10 for v in range(8)]
    assert restarts == [-signal.SIGKILL]   # the exit code, which `mcr score -` words


def _always_die(value: int) -> int:
    if value == 2:
        os._exit(3)
    return value


def test_a_task_that_kills_every_worker_is_reported_quickly() -> None:
    started = time.monotonic()
    with OrderedPool(_always_die, 2) as pool:
        for value in range(6):
            pool.submit(value)
        assert pool.next_result() == 0 and pool.next_result() == 1
        with pytest.raises(WorkerLost) as lost:
            pool.next_result()
    assert lost.value.task == 2 and lost.value.exitcode == 3
    assert "died twice while running the same task (exit status 3)" in str(lost.value)
    assert time.monotonic() - started < 10


def _fail_on_odd(value: int) -> int:
    if value % 2:
        raise ValueError(f"odd {value}")
    return value


def test_an_exception_in_a_task_is_its_result_and_the_worker_goes_on() -> None:
    with OrderedPool(_fail_on_odd, 1) as pool:
        for value in range(4):
            pool.submit(value)
        assert pool.next_result() == 0
        with pytest.raises(TaskFailed, match="ValueError: odd 1"):
            pool.next_result()
        assert pool.next_result() == 2


def test_closing_stops_every_worker() -> None:
    pool = OrderedPool(_slow_echo, 2)
    with pool:
        processes = [w.process for w in pool._workers]
        pool.submit((0, 0.0))
        assert pool.next_result() == 0
    assert all(not p.is_alive() for p in processes)
    with pytest.raises(KeyboardInterrupt):
        with OrderedPool(_slow_echo, 2) as pool:
            processes = [w.process for w in pool._workers]
            pool.submit((0, 30.0))
            raise KeyboardInterrupt
    assert all(not p.is_alive() for p in processes)


# A Ctrl-C that reaches a worker while it is being forked, before it ignores Ctrl-C: each
# child sends itself SIGINT from a fork handler, the earliest moment Python runs there.
_CTRL_C_AT_FORK = """
import os, signal, sys
from mcr.ordered_pool import OrderedPool
os.register_at_fork(after_in_child=lambda: os.kill(os.getpid(), signal.SIGINT))
def double(n):
    return 2 * n
with OrderedPool(double, 2) as pool:
    for n in range(6):
        pool.submit(n)
    print([pool.next_result() for _ in range(6)])
    print(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
"""


def test_a_ctrl_c_while_a_worker_is_forked_is_dropped_quietly() -> None:
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AT_FORK], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.stderr == "", done.stderr   # no KeyboardInterrupt from the fork handlers
    assert done.returncode == 0
    assert done.stdout.split("\n")[:2] == ["[0, 2, 4, 6, 8, 10]", "False"]   # the parent holds nothing back after
