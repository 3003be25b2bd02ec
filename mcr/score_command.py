"""`mcr score`: one hand from the command line, or JSON Lines on standard input."""
from __future__ import annotations

import argparse
import json

import orjson  # JSON Lines throughput: several times faster than the json module
import multiprocessing
import os
import sys
from typing import Any, Iterator, TextIO

from rules import SITUATION_FIELDS as FIELD_NAMES
from rules import FanTable, RulesError, fan_table, score_with_table

from .scoring_output import format_breakdown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help='the hand in MCR notation, e.g. "[EEE][SSSS1]55pWWWNNN"; '
                                     '"-" reads JSON Lines requests from standard input')
    parser.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn by the winner")
    parser.add_argument("--fourth-tile", action="store_true",
                        help="the winning tile is the last of its face, the other three visible")
    parser.add_argument("--replacement", action="store_true",
                        help="won on a kong's replacement tile (implies --self-drawn)")
    parser.add_argument("--robbing-kong", action="store_true", help="won by robbing another player's added kong")
    parser.add_argument("--last-wall-tile", action="store_true",
                        help="won on the wall's last tile (drawn, or its discard)")
    parser.add_argument("--seat-wind", default="E", choices=list("ESWN"), help="the winner's seat wind (default E)")
    parser.add_argument("--prevalent-wind", default="E", choices=list("ESWN"),
                        help="the prevalent wind of the round (default E)")
    parser.add_argument("--flowers", type=int, default=0, help="flowers and seasons held, 0-8 (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the breakdown")
    parser.add_argument("--fans", metavar="PATH", help="score with another fan table (default: the project's fans.yaml)")
    parser.add_argument("--edition", metavar="ID", help="the edition of the rules to score by (default: the table's "
                        "own, 1998; 'mcr editions' lists them)")
    parser.add_argument("--lang", default="en", help="language of fan names (default en)")


def _situation_from_args(args: argparse.Namespace) -> dict[str, Any]:
    # A flag left out is None, not False: the table's situation rules may imply it
    # (a replacement tile brings self-drawn), which an explicit False would contradict.
    flags = {name: True if getattr(args, name) else None
             for name in ("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile")}
    return {**flags, "seat_wind": args.seat_wind, "prevalent_wind": args.prevalent_wind, "flowers": args.flowers}


REQUEST_FIELDS = frozenset(("hand", *FIELD_NAMES))


def score_request(table: FanTable, line: str, lang: str) -> dict[str, Any]:
    """One JSON Lines request to one response object (an error object on bad input)."""
    try:
        request = orjson.loads(line)
    except orjson.JSONDecodeError as err:
        return {"error": f"not valid JSON at column {err.colno}: {err.msg}"}
    if not isinstance(request, dict):
        return {"error": "each line must be a JSON object with a \"hand\" field"}
    hand = request.get("hand")
    if not isinstance(hand, str):
        return {"error": "missing \"hand\": the hand in MCR notation, as a string"}
    unknown = request.keys() - REQUEST_FIELDS
    if unknown:
        return {"hand": hand, "error": f"unknown field(s) {', '.join(sorted(unknown))}; "
                                       f"known: hand, {', '.join(FIELD_NAMES)}"}
    situation = dict(request)
    del situation["hand"]
    try:
        result = score_with_table(table, hand, lang, echo=True, **situation)
    except RulesError as err:
        return {"hand": hand, "error": str(err)}
    return result.as_dict()


def _respond(table: FanTable, numbered: list[tuple[int, str]], lang: str) -> list[str]:
    out = []
    for number, line in numbered:
        if not line.strip():
            continue
        response = score_request(table, line, lang)
        if "error" in response:
            response["error"] = f"line {number}: {response['error']}"
        out.append(orjson.dumps(response).decode("utf-8"))
    return out


# Worker processes inherit the parent's table through fork; these hold it for them.
_worker_table: FanTable | None = None
_worker_lang = "en"

Batch = tuple[int, list[bytes]]   # the number of the first line, and the raw lines


def _answer_batch(batch: Batch) -> bytes:
    """A worker's share: raw request lines in, the encoded answer lines out (the parent
    process only moves bytes, so both cores go to scoring)."""
    assert _worker_table is not None
    first, lines = batch
    numbered = [(first + i, raw.decode("utf-8", errors="replace")) for i, raw in enumerate(lines)]
    answers = _respond(_worker_table, numbered, _worker_lang)
    return ("\n".join(answers) + "\n").encode("utf-8") if answers else b""


PARALLEL_THRESHOLD = 400   # lines already waiting before the work is shared between processes
CHUNK = 250


def _read_available(fd: int) -> Iterator[bytes]:
    """Yield whatever bytes are ready, blocking only when nothing is: a caller that sends
    one line and waits for its answer gets it at once, a bulk pipe is read in big bites."""
    while True:
        data = os.read(fd, 1 << 20)
        if not data:
            return
        yield data


def _batches(first_lines: list[bytes], first_number: int, chunks: Iterator[bytes],
             pending: list[bytes]) -> Iterator[Batch]:
    """Cut the lines already read, then everything still to come, into batches; the pool
    pulls them as its workers free up, so reading and scoring overlap."""
    number = first_number
    lines = first_lines
    while True:
        for i in range(0, len(lines), CHUNK):
            yield number + i, lines[i:i + CHUNK]
        number += len(lines)
        data = next(chunks, None)
        if data is None:
            if pending[0].strip():
                yield number, [pending[0]]
            pending[0] = b""
            return
        *lines, pending[0] = (pending[0] + data).split(b"\n")


def run_json_lines(table: FanTable, stdin: TextIO, stdout: TextIO, lang: str, workers: int | None = None) -> int:
    """Answer each request line in order. A caller sending a line at a time is answered
    at once; a large batch is shared among worker processes (MCR_WORKERS, default: the
    cores), still answered in order."""
    global _worker_table, _worker_lang
    workers = workers if workers is not None else int(os.environ.get("MCR_WORKERS", os.cpu_count() or 1))
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = -1
    chunks: Iterator[bytes] = _read_available(fd) if fd >= 0 else iter([stdin.read().encode("utf-8")])
    out = getattr(stdout, "buffer", None)
    write = out.write if out is not None else (lambda data: stdout.write(data.decode("utf-8")))
    pending = [b""]
    number = 1
    for data in chunks:
        *lines, pending[0] = (pending[0] + data).split(b"\n")
        if workers > 1 and len(lines) >= PARALLEL_THRESHOLD:
            _worker_table, _worker_lang = table, lang
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for answer in pool.imap(_answer_batch, _batches(lines, number, chunks, pending)):
                    if answer:
                        write(answer)
                        (out or stdout).flush()
            return 0
        numbered = [(number + i, raw.decode("utf-8", errors="replace")) for i, raw in enumerate(lines)]
        number += len(lines)
        answers = _respond(table, numbered, lang)
        if answers:
            write(("\n".join(answers) + "\n").encode("utf-8"))
            (out or stdout).flush()
    if pending[0].strip():
        answers = _respond(table, [(number, pending[0].decode("utf-8", errors="replace"))], lang)
        write(("\n".join(answers) + "\n").encode("utf-8"))
        (out or stdout).flush()
    return 0


def run(args: argparse.Namespace) -> int:
    table = fan_table(args.fans, args.edition)
    if args.hand == "-":
        return run_json_lines(table, sys.stdin, sys.stdout, args.lang)
    try:
        result = score_with_table(table, args.hand, args.lang, **_situation_from_args(args))
    except RulesError as err:
        print(f"mcr score: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.as_dict(), ensure_ascii=False))
    else:
        zh = {f.id: f.names["zh"] for f in table.fans if "zh" in f.names} if args.lang != "zh" else None
        print(format_breakdown(result, zh))
    return 0
