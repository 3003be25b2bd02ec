"""Tasks run in worker processes, results taken back in the order the tasks were given.

Each worker has its own pipe and holds one task at a time; the parent watches both the
pipes and the processes, so a worker that dies (killed, out of memory) is seen at once:
its task goes to a new worker, and a task whose worker dies a second time is taken to be
what kills them, which WorkerLost reports instead of trying for ever.

Why not multiprocessing.Pool: it waits for ever on a killed worker's task. Why not
concurrent.futures.ProcessPoolExecutor: on Debian 12's Python 3.11.2 it can deadlock
when its workers die while its call queue's pipe is full (CPython issue 94777, fixed in
later releases), which batches of requests fill; Ctrl-C hung it that way here.
"""
from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Generic, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

LOSSES_ALLOWED = 1   # a task whose worker died is given again once; a second death ends the run
_CONTEXT = multiprocessing.get_context("fork")   # workers inherit what the parent loaded (the fan table)
_HELD_AT_FORK = {signal.SIGINT}   # signals a new worker holds back until it is set up (_serve)


class WorkerLost(RuntimeError):
    """A worker process died while it held the same task twice."""

    def __init__(self, task: Any, exitcode: int | None) -> None:
        self.task = task
        self.exitcode = exitcode
        super().__init__(f"a worker process died twice while running the same task ({describe_exit(exitcode)})")


class TaskFailed(RuntimeError):
    """The task raised in the worker; the message is the worker's exception."""


def describe_exit(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit status {exitcode}"


def _serve(conn: Connection, fn: Callable[[Any], Any], inherited: list[Connection]) -> None:
    """A worker: answer tasks until the parent sends None or goes away."""
    # Ctrl-C reaches the whole process group: the parent stops the workers itself, so
    # they ignore it rather than each print a KeyboardInterrupt traceback. It was held back
    # since the fork (_start_worker); one that came meanwhile is dropped here, unseen.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_AT_FORK)
    for other in inherited:   # fork copied the parent's ends of every pipe: keep only ours,
        other.close()         # so a parent that dies is an end of input here, not a hang
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            reply: tuple[bool, Any] = (True, fn(task))
        except Exception as err:  # the parent raises it as the task's result
            reply = (False, f"{type(err).__name__}: {err}")
        conn.send(reply)


@dataclass(eq=False)   # told apart by identity
class _Worker:
    process: Any                      # multiprocessing's fork Process
    conn: Connection                  # the parent's end of its pipe
    task: int | None = None           # the number of the task it holds


@dataclass
class _Task(Generic[Task]):
    task: Task
    losses: int = 0


@dataclass
class OrderedPool(Generic[Task, Result]):
    """`submit` tasks, then take their results in task order (`ready`, `next_result`).

    `fn` runs in the workers, which fork from the parent: what the parent set up before
    (a fan table in a module global) is theirs without pickling; tasks and results are
    pickled through the pipes.
    """

    fn: Callable[[Task], Result]
    workers: int
    on_restart: Callable[[int | None], None] = lambda exitcode: None   # told each time a dead worker is replaced
    _workers: list[_Worker] = field(default_factory=list)
    _tasks: dict[int, _Task[Task]] = field(default_factory=dict)     # given, no result taken yet
    _waiting: deque[int] = field(default_factory=deque)               # given, no worker yet
    _results: dict[int, tuple[bool, Any]] = field(default_factory=dict)
    _next_number: int = 0
    _next_result: int = 0

    def __enter__(self) -> OrderedPool[Task, Result]:
        for _ in range(self.workers):
            self._workers.append(self._start_worker())
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(kill=exc[0] is not None)

    @property
    def in_flight(self) -> int:
        """Tasks given whose result has not been taken."""
        return self._next_number - self._next_result

    def submit(self, task: Task) -> None:
        self._tasks[self._next_number] = _Task(task)
        self._waiting.append(self._next_number)
        self._next_number += 1
        self._dispatch()

    def ready(self) -> list[Result]:
        """The results that are in, in task order, up to the first one still missing."""
        self._collect(timeout=0)
        out = []
        while self._next_result in self._results:
            out.append(self._take())
        return out

    def next_result(self) -> Result:
        """The result of the oldest task, waiting for it (WorkerLost, TaskFailed)."""
        if not self.in_flight:
            raise LookupError("no task was given whose result is still to take")
        while self._next_result not in self._results:
            self._collect(timeout=None)
        return self._take()

    def close(self, kill: bool = False) -> None:
        """Stop the workers: at once with `kill`, else after they see the end of their input."""
        for worker in self._workers:
            if kill:
                worker.process.terminate()
            else:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
        for worker in self._workers:
            worker.process.join(timeout=None if not kill else 5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self._workers = []

    def _take(self) -> Result:
        ok, value = self._results.pop(self._next_result)
        del self._tasks[self._next_result]
        self._next_result += 1
        if not ok:
            raise TaskFailed(value)
        return value

    def _start_worker(self) -> _Worker:
        parent_end, child_end = _CONTEXT.Pipe()
        inherited = [w.conn for w in self._workers] + [parent_end]
        process = _CONTEXT.Process(target=_serve, args=(child_end, self.fn, inherited), daemon=True)
        # A Ctrl-C while the worker is forked would reach it before it ignores Ctrl-C, in
        # Python's fork handlers, which print the KeyboardInterrupt: the worker starts with
        # it held back. The parent's own arrives when the fork is over, not lost.
        before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_AT_FORK)
        try:
            process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        child_end.close()
        return _Worker(process, parent_end)

    def _dispatch(self) -> None:
        """Give waiting tasks to idle workers (one each: a worker is always reading when
        it is sent a task, so a send never waits on a worker that waits on us)."""
        for worker in self._workers:
            if not self._waiting:
                return
            if worker.task is None:
                number = self._waiting.popleft()
                worker.task = number
                try:
                    worker.conn.send(self._tasks[number].task)
                except OSError:   # it died: _collect sees its sentinel and gives the task again
                    pass

    def _collect(self, timeout: float | None) -> None:
        """Take in the results that have come (waiting up to `timeout` for one), and
        replace the workers that died."""
        busy = [w for w in self._workers if w.task is not None]
        if not busy:
            return
        by_handle: dict[Any, _Worker] = {}
        for worker in busy:
            by_handle[worker.conn] = worker
            by_handle[worker.process.sentinel] = worker
        for handle in wait(list(by_handle), timeout):
            worker = by_handle[handle]
            if worker.task is None or worker not in self._workers:
                continue   # its pipe and its sentinel were both ready: already seen to
            try:
                reply = worker.conn.recv() if worker.conn.poll() else None
            except (EOFError, OSError):
                reply = None
            if reply is not None:
                self._results[worker.task] = reply
                worker.task = None
            elif not worker.process.is_alive() or handle is worker.process.sentinel:
                self._replace(worker)
        self._dispatch()

    def _replace(self, dead: _Worker) -> None:
        dead.process.join()
        dead.conn.close()
        number, dead.task = dead.task, None
        self._workers.remove(dead)
        if number is not None:
            lost = self._tasks[number]
            lost.losses += 1
            if lost.losses > LOSSES_ALLOWED:
                raise WorkerLost(lost.task, dead.process.exitcode)
            self._waiting.appendleft(number)
        self._workers.append(self._start_worker())
        self.on_restart(dead.process.exitcode)
