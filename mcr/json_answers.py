"""One JSON Lines request line in, exactly one answer line out, whatever the line holds."""
from __future__ import annotations

from typing import Any

import orjson  # JSON Lines throughput: several times faster than the json module

from rules import SITUATION_FIELDS as FIELD_NAMES
from rules import FanTable, RulesError, breakdown, in_edition, score_with_table

from .request_lines import LINE_LIMIT, Line

REQUEST_FIELDS = frozenset(("hand", "edition", *FIELD_NAMES))
_NEEDS_A_HAND = "each line must be a JSON object with a \"hand\" field"

# JSON lets U+0085, U+2028 and U+2029 stand unescaped in a string (an echoed hand), but
# str.splitlines() and some readers take them for line ends: escaped, an answer is one line
# however it is split.
_LINE_BREAKS = ((b"\xc2\x85", b"\\u0085"), (b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


def score_request(table: FanTable, line: str, lang: str) -> dict[str, Any]:
    """One JSON Lines request to one response object (an error object on bad input: its
    English `error`, and the `code` of the engine's error or of the request's fault)."""
    if not line.strip():
        return {"error": f"a blank line: {_NEEDS_A_HAND}", "code": "blank_line"}
    try:
        request = orjson.loads(line)
    except orjson.JSONDecodeError as err:
        return {"error": f"not valid JSON at column {err.colno}: {err.msg}", "code": "not_json"}
    if not isinstance(request, dict):
        return {"error": _NEEDS_A_HAND, "code": "not_an_object"}
    hand = request.get("hand")
    if not isinstance(hand, str):
        return {"error": "missing \"hand\": the hand in MCR notation, as a string", "code": "missing_hand"}
    unknown = request.keys() - REQUEST_FIELDS
    if unknown:
        fields = "field" if len(unknown) == 1 else "fields"
        return {"hand": hand, "error": f"unknown {fields} {', '.join(sorted(unknown))}; "
                                       f"known: hand, edition, {', '.join(FIELD_NAMES)}",
                "code": "unknown_request_field"}
    situation = dict(request)
    del situation["hand"]
    edition = situation.pop("edition", None)
    try:
        scored_by = in_edition(table, edition)
        result = score_with_table(scored_by, hand, lang, echo=True, **situation)
    except RulesError as err:
        return {"hand": hand, "error": str(err), "code": err.code}
    return breakdown(result, scored_by).as_dict()


def _answer(table: FanTable, number: int, raw: Line, lang: str) -> bytes:
    if raw is None:
        return orjson.dumps({"error": f"line {number}: the line is longer than {LINE_LIMIT} bytes, "
                                      "the limit of a request line; it was not read", "code": "line_too_long"})
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return orjson.dumps({"error": f"line {number}: not valid UTF-8 at byte {err.start + 1}", "code": "not_utf8"})
    response = score_request(table, line, lang)
    if "error" in response:
        response["error"] = f"line {number}: {response['error']}"
    return orjson.dumps(response)


def answer_lines(table: FanTable, first_number: int, lines: list[Line], lang: str) -> bytes:
    """The answer lines of `lines` (numbered from `first_number`), one each, "\\n"-ended."""
    out = []
    for number, raw in enumerate(lines, first_number):
        try:
            out.append(_answer(table, number, raw, lang))
        except Exception as err:  # a bug: this line says so, and the stream goes on
            out.append(orjson.dumps({"error": f"line {number}: internal error ({err!r}); "
                                              "please report it with this line", "code": "internal_error"}))
    if not out:
        return b""
    answers = b"\n".join(out) + b"\n"
    if b"\xc2\x85" in answers or b"\xe2\x80" in answers:
        for raw_break, escaped in _LINE_BREAKS:
            answers = answers.replace(raw_break, escaped)
    return answers
