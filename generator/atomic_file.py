"""Writing a file whole or not at all, so a crash or a full disk never leaves half a file."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to a temporary file in the same folder, flush it to disk, then rename
    it over `path` (a rename within one folder is atomic on POSIX and Windows)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
