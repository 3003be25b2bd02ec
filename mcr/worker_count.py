"""MCR_WORKERS: how many worker processes `mcr score -` shares a large batch among."""
from __future__ import annotations

import os
from collections.abc import Mapping

WORKERS_ENV = "MCR_WORKERS"
MAX_WORKERS = 1024   # far above any machine here; a larger number is a typo, not a wish


class WorkerCountError(ValueError):
    """MCR_WORKERS is set to something that is not a usable number of processes."""

    def __init__(self, message: str, value: str) -> None:
        super().__init__(message)
        self.value = value   # as set, for a message in the user's language


def worker_count(environ: Mapping[str, str] = os.environ) -> int:
    """MCR_WORKERS when set (a whole number from 1 to MAX_WORKERS), else one per core."""
    value = environ.get(WORKERS_ENV)
    if value is None:
        return os.cpu_count() or 1
    # ASCII digits only (int() also takes '٣', '+2', ' 2 ' and '2_0'), and few of them
    # (int() refuses a string of over 4,300 digits with a ValueError of its own).
    if value.isascii() and value.isdigit() and len(value) <= 6 and 1 <= int(value) <= MAX_WORKERS:
        return int(value)
    raise WorkerCountError(f"{WORKERS_ENV} must be a whole number of worker processes from 1 to {MAX_WORKERS} "
                           f"(unset: one per core), not {value!r}", value)
