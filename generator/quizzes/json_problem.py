"""Where a text stops being JSON, said for a person: the quiz banks and the learner's files."""
from __future__ import annotations

import json


def json_problem(err: json.JSONDecodeError) -> str:
    """The decoder's complaint with its line and column; an empty text is said to be empty
    (the decoder would say 'Expecting value: line 1 column 1 (char 0)')."""
    if not err.doc.strip():
        return "the file is empty"
    return f"not valid JSON at line {err.lineno}, column {err.colno}: {err.msg}"
