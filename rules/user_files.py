"""Reading a file a user names (a fan table, an edition, a progress file, an import), bounded.

A path can name something that is not a file: a FIFO (reading it blocks for ever), a device
such as /dev/zero (it never ends), a link to either, or a file far larger than any the
project writes. `read_user_bytes` refuses all of them before reading more than its cap:
it opens without blocking, asks the open descriptor (not the path, which could change in
between) what it is, and reads at most `limit` + 1 bytes. A refusal is an OSError whose
`strerror` says what is wrong, so every caller that already reports a file it cannot read
reports these too, in the same words.
"""
from __future__ import annotations

import errno
import os
import stat

# The project's own fan table is about 300 KB, an edition a few KB, a progress file at most a
# few hundred KB after years of use; these caps leave room for any real one.
TABLE_LIMIT = 8 * 1024 * 1024
PROGRESS_LIMIT = 16 * 1024 * 1024


class FileRefused(OSError):
    """A path that is not a regular file, or a file over the cap; `strerror` says which."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(errno.EINVAL, why, path)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_user_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path` (links followed), at most `limit` of them;
    FileRefused when it is something else or larger, OSError when it cannot be read."""
    name = os.fspath(path)
    if name in ("", b""):
        raise FileRefused(name, "the path is empty")
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(name, f"{_kind(mode)}, not a regular file: refused")
        size = os.fstat(fd).st_size
        if size > limit:
            raise FileRefused(name, f"{size:,} bytes, over the {limit:,} bytes any such file needs: refused")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:   # it grew while being read
            raise FileRefused(name, f"over the {limit:,} bytes any such file needs: refused")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_user_text(path: str | os.PathLike[str], limit: int) -> str:
    """As read_user_bytes, decoded as UTF-8 (UnicodeDecodeError when it is not)."""
    return read_user_bytes(path, limit).decode("utf-8")
