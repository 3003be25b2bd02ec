"""An exclusive lock between processes, held on a lock file next to the data it guards."""
from __future__ import annotations

import errno
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

try:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
except ImportError:  # Windows: no flock, a lock on the file's first byte instead
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

_BUSY = {errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK}
WAIT_SECONDS = 10.0   # the lock is held for one read and one write: far less, unless a holder hangs


@contextmanager
def locked(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock on `path` (created when missing); TimeoutError after `wait` seconds
    of another process holding it, OSError when it cannot be created."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                _try_lock(fd)
                break
            except OSError as err:
                if err.errno not in _BUSY:
                    raise
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{path} stayed locked by another process for {wait:g} s") from None
                time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
