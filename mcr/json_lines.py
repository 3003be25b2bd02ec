"""`mcr score -`: JSON Lines requests on standard input, one answer per line, in order.

A caller that sends one line and waits is answered at once, in this process. When many
lines are waiting at once, they go in batches to worker processes; the parent only
reads, cuts lines and writes answers (bytes in, bytes out), so the cores go to scoring.
"""
from __future__ import annotations

import os
import select
import signal
import sys
from collections import deque
from typing import BinaryIO, TextIO

from rules import FanTable

from .cli_text import cli_text
from .json_answers import answer_lines
from .ordered_pool import OrderedPool, TaskFailed, WorkerLost
from .request_lines import Line, LineSplitter, batches

PARALLEL_THRESHOLD = 400      # lines waiting at once before the work is shared among processes
BATCH = 250                   # lines per task of a worker
IN_FLIGHT_PER_WORKER = 4      # batches given out ahead, per worker: enough to never leave one idle
READ_SIZE = 1 << 20

Batch = tuple[int, list[Line]]   # the number of the first line, and the lines

# Worker processes inherit the parent's table through fork; these hold it for them.
_worker_table: FanTable | None = None
_worker_lang = "en"


def _answer_batch(batch: Batch) -> bytes:
    """A worker's share: request lines in, their answer lines out, encoded."""
    assert _worker_table is not None
    first, lines = batch
    return answer_lines(_worker_table, first, lines, _worker_lang)


class _Input:
    """Standard input as chunks of bytes, read from its file descriptor when it has one."""

    def __init__(self, stdin: TextIO | BinaryIO) -> None:
        self._whole: bytes | None = None
        try:
            self.fd = stdin.fileno()
        except (AttributeError, OSError, ValueError):   # a StringIO: read it whole
            self.fd = -1
            text = stdin.read()
            self._whole = text.encode("utf-8") if isinstance(text, str) else text

    def read(self) -> bytes:
        """What is there, waiting only when nothing is; b"" at the end."""
        if self.fd >= 0:
            return os.read(self.fd, READ_SIZE)
        data, self._whole = self._whole or b"", None
        return data

    def ready(self) -> bool:
        """Whether read() would return without waiting."""
        if self.fd < 0:
            return True
        return bool(select.select([self.fd], [], [], 0)[0])


class _Output:
    def __init__(self, stdout: TextIO) -> None:
        self._binary: BinaryIO | None = getattr(stdout, "buffer", None)
        self._text = stdout

    def write(self, answers: bytes) -> None:
        if not answers:
            return
        if self._binary is not None:
            self._binary.write(answers)
            self._binary.flush()
        else:
            self._text.write(answers.decode("utf-8"))
            self._text.flush()


def run_json_lines(table: FanTable, stdin: TextIO, stdout: TextIO, lang: str, workers: int) -> int:
    """Answer every line of `stdin` in order; the exit status."""
    source, sink = _Input(stdin), _Output(stdout)
    splitter = LineSplitter()
    number = 1
    while True:
        data = source.read()
        lines = splitter.feed(data) if data else splitter.end()
        if workers > 1 and len(lines) >= PARALLEL_THRESHOLD:
            return _run_parallel(table, lang, workers, source, sink, splitter, number, lines)
        sink.write(answer_lines(table, number, lines, lang))
        number += len(lines)
        if not data:
            return 0


def _run_parallel(table: FanTable, lang: str, workers: int, source: _Input, sink: _Output,
                  splitter: LineSplitter, first: int, lines: list[Line]) -> int:
    global _worker_table, _worker_lang
    _worker_table, _worker_lang = table, lang
    queue: deque[Batch] = deque(batches(first, lines, BATCH))
    number = first + len(lines)
    ended = False
    most = workers * IN_FLIGHT_PER_WORKER
    unanswered = first   # the first line whose answer is not written yet

    def write(answers: bytes) -> None:
        nonlocal unanswered
        sink.write(answers)
        unanswered += answers.count(b"\n")   # one per line: JSON answers hold no raw newline

    try:
        def say_restarted(exitcode: int | None) -> None:
            print("mcr score: " + cli_text(lang, "worker_restarted", why=_exit_text(exitcode, lang)),
                  file=sys.stderr, flush=True)

        with OrderedPool(_answer_batch, workers, on_restart=say_restarted) as pool:
            while queue or pool.in_flight or not ended:
                while queue and pool.in_flight < most:
                    pool.submit(queue.popleft())
                for answers in pool.ready():
                    write(answers)
                # Read only when every line read so far is given out (so memory holds one
                # chunk ahead, not the whole input), and wait on a result rather than on
                # input that has not come: a caller may be waiting for its answers.
                if pool.in_flight and (queue or ended or pool.in_flight >= most or not source.ready()):
                    write(pool.next_result())
                    continue
                data = source.read()
                lines = splitter.feed(data) if data else splitter.end()
                ended = not data
                queue.extend(batches(number, lines, BATCH))
                number += len(lines)
    except WorkerLost as lost:
        start, lost_lines = lost.task
        print("mcr score: " + cli_text(lang, "worker_lost", first=start, last=start + len(lost_lines) - 1,
                                        why=_exit_text(lost.exitcode, lang), unanswered=unanswered), file=sys.stderr)
        return 1
    except TaskFailed as failed:   # answer_lines answers every line, so this is a bug
        print("mcr score: " + cli_text(lang, "worker_failed", error=failed, unanswered=unanswered), file=sys.stderr)
        return 1
    return 0


def _exit_text(exitcode: int | None, lang: str) -> str:
    """How a worker ended: killed by a signal (named as the system names it), or its status."""
    if exitcode is not None and exitcode < 0:
        try:
            return cli_text(lang, "exit_signal", signal=signal.Signals(-exitcode).name)
        except ValueError:
            return cli_text(lang, "exit_signal", signal=-exitcode)
    return cli_text(lang, "exit_status", status=exitcode)
