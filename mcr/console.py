"""The `mcr` console script and `python -m mcr`: mcr.cli's main, guarded while it is imported.

Importing the command line reads i18n/languages.yaml (i18n.LANGS is a constant every part
uses), before mcr.cli.main can catch anything. A broken edit of that file is a
StringsError raised during the import; it is said here in one line, as main says a broken
string file, not as a traceback.
"""
from __future__ import annotations

import sys


def _strings_problem(err: BaseException) -> bool:
    # i18n.data_file is imported whole before the languages file is read, and stays in
    # sys.modules after the package's own import has failed: its class is the one raised.
    data_file = sys.modules.get("i18n.data_file")
    return data_file is not None and isinstance(err, data_file.StringsError)


def main() -> int:
    try:
        from .cli import main as run_command
    except KeyboardInterrupt:   # Ctrl-C while it loads: a quiet stop, as main's own
        return 130
    except Exception as err:
        if not _strings_problem(err):
            raise
        print(f"mcr: {err}", file=sys.stderr)
        return 2
    return run_command()
