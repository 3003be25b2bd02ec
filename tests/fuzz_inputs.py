"""Inputs for the fuzz tests and tools/fuzz.py: random hand strings, situation dicts and
JSON Lines request lines, reproducible from a seed, and the check that the API answers
each with a result or a RulesError.

Most inputs start from a real hand or request and damage it a little, so they get deep
into the parser and the scoring; the rest is noise. The alphabet holds what broke the
engine before: characters Python calls digits or spaces that are not ASCII.
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable

import orjson

import rules
from rules import SITUATION_FIELDS
from rules.sampling import SampledHand, sample_hand

NOTATION = "123456789mpsESWNCFP[] "
LOOKALIKES = ("0²³¹⁰①⑨０１９٠٣۹߂१২༣፫៤᠑１２"       # digits to str.isdigit, not to the notation
              "\u00a0\u2028\u2029\u3000\u2003\x85\x0b\x0c\t\n\r\x1c"   # spaces to str.isspace
              "ｍｐｓＥＳ中发白東\x00\x7f\ufeff\ud800")  # full-width letters, controls, a lone surrogate
ALPHABET = NOTATION * 3 + LOOKALIKES + "xz,-.{}\"\\"

# The API's own parameters: not situation fields, so not fuzzed as such.
API_KEYWORDS = frozenset(("hand", "fans_path", "lang", "table", "echo"))


def _damaged(rng: random.Random, text: str, alphabet: str = ALPHABET) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.45 and i < len(chars):
            chars[i] = rng.choice(alphabet)
        elif action < 0.7 and i < len(chars):
            del chars[i]
        else:
            chars.insert(i, rng.choice(alphabet))
    return "".join(chars)


def hand_string(rng: random.Random, sampled: SampledHand | None = None) -> str:
    """A hand string: a real one, a damaged one, or noise."""
    roll = rng.random()
    base = (sampled or sample_hand(rng)).hand
    if roll < 0.25:
        return base
    if roll < 0.75:
        return _damaged(rng, base)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))


def waiting_string(rng: random.Random) -> str:
    """A hand before its winning tile, damaged or not (what `rules.waits` reads)."""
    cut = sample_hand(rng).waiting
    return cut if rng.random() < 0.3 else hand_string(rng, SampledHand(cut))


def _value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.2:
        return rng.choice([True, False, None])
    if roll < 0.4:
        return rng.choice([0, 1, 3, 8, 9, -1, -5, 2**31, 10**30, -10**30])
    if roll < 0.5:
        return rng.choice([0.0, 2.7, -1.5, 8.0, float("inf"), float("-inf"), float("nan"), 1e400])
    if roll < 0.8:
        return rng.choice(["E", "S", "W", "N", "e", "s", "", "EE", "ESWN", "X", "ß", "ﬅ", "ǅ", "东", "S\u0307",
                           "true", "1", "０", " E", "E\x00", "\ud800"])
    if depth < 2 and roll < 0.9:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2:
        return {rng.choice(["a", "E", ""]): _value(rng, depth + 1) for _ in range(rng.randint(0, 2))}
    return rng.random()


def situation(rng: random.Random, sampled: SampledHand | None = None) -> dict[str, Any]:
    """A situation dict: the sampled hand's own, with some fields changed, dropped or
    added (known fields and unknown ones), to any kind of value."""
    values = dict(sampled.situation) if sampled else {}
    if rng.random() < 0.4:
        return values   # leave some hands a situation they can be scored in
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.6:
            values[rng.choice(SITUATION_FIELDS)] = _value(rng)
        elif roll < 0.8 and values:
            del values[rng.choice(sorted(values))]
        else:
            name = rng.choice(["dealer", "Self_drawn", "self_drawn ", "", "hand", "x" * 40, "自摸", "\ud800"])
            if name not in API_KEYWORDS:
                values[name] = _value(rng)
    return values


def request_line(rng: random.Random) -> bytes:
    """One JSON Lines request line (without its ending): mostly requests, good and
    damaged, and every other kind of line a stream may hold."""
    return _any_line(rng).replace(b"\n", b" ")   # a damaged line may have gained one


def _any_line(rng: random.Random) -> bytes:
    roll = rng.random()
    sampled = sample_hand(rng)
    if roll < 0.55:
        request = {"hand": hand_string(rng, sampled), **situation(rng, sampled)}
        try:
            return json.dumps(request, ensure_ascii=rng.random() < 0.5).encode("utf-8")
        except UnicodeEncodeError:   # a lone surrogate: written as a JSON escape
            return json.dumps(request).encode("ascii")
    if roll < 0.7:
        text = json.dumps(sampled.request(), ensure_ascii=False)
        return _damaged(rng, text, ALPHABET.replace("\ud800", "")).encode("utf-8")
    if roll < 0.8:
        return rng.choice([b"", b" ", b"\t", b"\x0b", b"\x0c", "\u00a0".encode(), "\u2028".encode(), b"\r", b"\x00",
                           b"{}", b"[]", b"null", b"1e400", b'"hand"', b'{"hand": null}', b'{"hand": 5}'])
    if roll < 0.9:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 60))).replace(b"\n", b"")
    if roll < 0.97:
        depth = rng.choice([10, 600, 5000])
        return b'{"hand": "[123m]", "flowers": ' + b"[" * depth + b"]" * depth + b"}"
    return b'{"hand": "' + b"1" * rng.choice([1000, 70_000]) + b'm"}'   # over the 64 KiB line limit, or not


# -- the API under fuzz ----------------------------------------------------------------------

def api_calls(table: rules.FanTable) -> list[tuple[str, Callable[[random.Random], object]]]:
    """(name, one random call) for each public entry point that takes untrusted input."""
    def score(rng: random.Random) -> object:
        sampled = sample_hand(rng)
        return rules.score(hand_string(rng, sampled), **situation(rng, sampled))

    def score_readings(rng: random.Random) -> object:
        sampled = sample_hand(rng)
        return rules.score_readings(hand_string(rng, sampled), table=table, **situation(rng, sampled))

    def parse_hand(rng: random.Random) -> object:
        return rules.parse_hand(hand_string(rng))

    def waits(rng: random.Random) -> object:
        return rules.waits(waiting_string(rng))

    def read_tiles(rng: random.Random) -> object:
        return rules.read_tiles("".join(rng.choice(ALPHABET.replace("[", "")) for _ in range(rng.randint(0, 12))))

    return [("score", score), ("score_readings", score_readings), ("parse_hand", parse_hand), ("waits", waits),
            ("read_tiles", read_tiles)]


def call_is_clean(call: Callable[[random.Random], object], rng: random.Random) -> bool:
    """Run one random call: True when it returned, False when it raised a RulesError
    (with a message); any other exception propagates, which is what the fuzz looks for."""
    try:
        call(rng)
    except rules.RulesError as err:
        assert str(err), "a RulesError without a message"
        return False
    return True


# -- the stream under fuzz ---------------------------------------------------------------------

def stream(rng: random.Random, count: int) -> tuple[bytes, list[bytes]]:
    """`count` request lines joined with "\n" or "\r\n" (the last one sometimes without
    an ending), and the lines as `mcr score -` must see them."""
    lines = [request_line(rng) for _ in range(count)]
    endings = [rng.choice((b"\n", b"\n", b"\r\n")) for _ in lines]
    if lines and rng.random() < 0.5 and lines[-1]:
        endings[-1] = b""
    data = b"".join(line + end for line, end in zip(lines, endings))
    seen = [line[:-1] if end == b"\n" and line.endswith(b"\r") else line for line, end in zip(lines, endings)]
    return data, seen


def stream_problems(lines: list[bytes], out: bytes) -> list[str]:
    """What is wrong with `out` as the answers to `lines`: one answer each, in order (an
    error names its line, a result echoes its line's hand), and no internal error."""
    answers = out.split(b"\n")
    if answers[-1] != b"":
        return ["the output does not end with a newline"]
    answers.pop()
    if len(answers) != len(lines):
        return [f"{len(answers)} answers to {len(lines)} lines"]
    problems = []
    for number, (line, raw) in enumerate(zip(lines, answers), 1):
        answer = orjson.loads(raw)
        if "error" in answer:
            if not answer["error"].startswith(f"line {number}: ") or "internal error" in answer["error"]:
                problems.append(f"line {number}: {answer['error']}")
            continue
        try:
            hand = orjson.loads(line.removesuffix(b"\r"))["hand"]
        except (orjson.JSONDecodeError, TypeError, KeyError):
            hand = None
        if answer.get("hand") != hand or "total" not in answer:
            problems.append(f"line {number}: {line[:80]!r} answered {raw[:80]!r}")
    return problems
