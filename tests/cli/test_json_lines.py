"""`mcr score -`: every line answered, in order, whatever it holds; a lost worker, Ctrl-C,
an overlong line or a bad MCR_WORKERS end in an answer or a message, never a hang or a
traceback."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mcr.json_lines import PARALLEL_THRESHOLD
from mcr.request_lines import LINE_LIMIT, LineSplitter
from mcr.worker_count import MAX_WORKERS, WorkerCountError, worker_count
from rules.sampling import sample_hands

from ..conftest import ROOT

SCORE = [sys.executable, "-m", "mcr", "score", "-"]


def _env(workers: int | str) -> dict[str, str]:
    return dict(os.environ, MCR_WORKERS=str(workers))


def _score(data: bytes, workers: int | str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(SCORE, input=data, capture_output=True, cwd=ROOT, env=_env(workers), timeout=timeout)


def _answers(out: bytes) -> list[dict]:
    assert out.endswith(b"\n") or not out
    return [json.loads(line) for line in out.split(b"\n")[:-1]]


def _requests(count: int, seed: int) -> list[bytes]:
    return [json.dumps(h.request()).encode() for h in sample_hands(count, seed)]


def _assert_in_order(requests: list[bytes], answers: list[dict]) -> None:
    """One answer per request line, each the answer to its own line."""
    assert len(answers) == len(requests)
    for number, (request, answer) in enumerate(zip(requests, answers), 1):
        if "error" in answer:
            assert answer["error"].startswith(f"line {number}: "), (number, request, answer)
        else:
            assert answer["hand"] == json.loads(request)["hand"], (number, request, answer)


# -- item 1: a line that int() cannot read ended the stream ---------------------------------------
@pytest.mark.parametrize("workers", [1, 2])
def test_a_digit_int_cannot_read_is_one_error_and_the_stream_goes_on(workers: int) -> None:
    issue = [b'{"hand":"[123m][EEE]45p99s678p3p"}', '{"hand":"²m"}'.encode()]
    tricky = ['{"hand":"123m456p789s11s2³s"}', '{"hand":"[123m][456m][789m][123p]P０m"}',
              '{"hand":"①23m456p789s11s22p"}']
    requests = issue + [t.encode() for t in tricky]
    requests = (requests + _requests(PARALLEL_THRESHOLD, 4)) * (2 if workers > 1 else 1)
    run = _score(b"\n".join(requests) + b"\n", workers)
    assert run.returncode == 0 and run.stderr == b"", run.stderr
    answers = _answers(run.stdout)
    _assert_in_order(requests, answers)
    assert answers[0]["total"] == 5
    assert "'²' (U+00B2 SUPERSCRIPT TWO) is not an ASCII character" in answers[1]["error"]
    assert "'０' (U+FF10 FULLWIDTH DIGIT ZERO)" in answers[3]["error"]   # no longer scored as another P
    assert sum("not an ASCII character" in a.get("error", "") for a in answers) == 4 * (2 if workers > 1 else 1)


# -- item 4: lines without an answer --------------------------------------------------------------
ODD_LINES = [
    b"", b"   ", b"\t", b"\x0b", b"\x0c", "\u00a0".encode(), "\u2028".encode(), " \u3000 ".encode(),
    b"\r",                                               # a blank line ended "\r\n"
    b'{"hand": "[234m][888p]567s34pEE5p"}\r',            # a request ended "\r\n"
    b"\xff\xfe{}",                                       # not UTF-8
    b'{"hand": "[234m][888p]567s34pEE5p"}\r\r',          # one "\r" ends the line, the other is in it
    '{"hand": "123m\u2028456p\x85789s11sEE"}'.encode(),  # Unicode line breaks echoed in an answer
    b"null", b"[]", b'"hand"', b"{}",
]


@pytest.mark.parametrize("workers", [1, 2])
def test_every_line_gets_exactly_one_answer(workers: int) -> None:
    good = _requests(20, 7)
    lines = (ODD_LINES + good) * (PARALLEL_THRESHOLD // 10 if workers > 1 else 1)
    lines += [b'{"hand": "[234m][888p]567s34pEE5p"}']    # the last line, without its "\n"
    run = _score(b"\n".join(lines), workers)
    assert run.returncode == 0 and run.stderr == b"", run.stderr
    answers = _answers(run.stdout)
    assert len(answers) == len(lines)
    # However a reader splits lines, it finds one answer per request.
    assert len(run.stdout.decode().splitlines()) == len(lines)
    scored = set(good) | {ODD_LINES[9], ODD_LINES[11], lines[-1]}
    for number, (line, answer) in enumerate(zip(lines, answers), 1):
        if line in scored:
            assert "error" not in answer and answer["hand"] == json.loads(line)["hand"], (number, line, answer)
        else:
            assert answer["error"].startswith(f"line {number}: "), (number, line, answer)
    first = answers[:len(ODD_LINES)]
    assert all(a["error"].endswith('a blank line: each line must be a JSON object with a "hand" field')
               for a in first[:9])
    assert first[9]["total"] == 8
    assert first[10]["error"] == "line 11: not valid UTF-8 at byte 1" and first[10]["code"] == "not_utf8"
    assert first[11]["total"] == 8
    assert "U+2028 (LINE SEPARATOR) is not an ASCII character" in first[12]["error"]
    assert first[12]["hand"] == "123m\u2028456p\x85789s11sEE"
    assert answers[-1]["total"] == 8


def test_the_last_line_without_a_newline_is_a_line_and_an_ending_newline_is_not() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"a\nb") == [b"a"] and splitter.end() == [b"b"]
    splitter = LineSplitter()
    assert splitter.feed(b"a\n\n") == [b"a", b""] and splitter.end() == []
    assert LineSplitter().end() == []


# -- item 10: a 16 MB line took 1.4 GB ----------------------------------------------------------------
@pytest.mark.parametrize("chunks", [[b"x" * 10 + b"\n"], [b"x" * 6, b"xxxx\n"], [b"x" * 10, b"\n"],
                                    [b"x" * 20, b"x" * 20, b"x\n"]])
def test_an_overlong_line_becomes_none_whatever_the_chunks(chunks: list[bytes]) -> None:
    splitter = LineSplitter(limit=8)
    lines = [line for chunk in chunks + [b"ok\n"] for line in splitter.feed(chunk)] + splitter.end()
    assert lines == [None, b"ok"]


def test_the_limit_counts_the_line_without_its_ending() -> None:
    splitter = LineSplitter(limit=4)
    assert splitter.feed(b"1234\n1234\r\n12345\r\n123\r4\n") == [b"1234", b"1234\r", None, None]
    assert splitter.feed(b"12") == [] and splitter.feed(b"34\r") == [] and splitter.feed(b"\n") == [b"1234\r"]
    assert splitter.feed(b"12345") == [] and splitter.end() == [None]
    splitter = LineSplitter(limit=4)
    assert splitter.feed(b"1234\r") == [] and splitter.end() == [b"1234\r"]


def _peak_rss_kb(data_path: Path, workers: int) -> tuple[bytes, int]:
    """`mcr score -` on a file, with the peak memory of its process (and its workers)."""
    measure = ("import resource, subprocess, sys\n"
               "with open(sys.argv[1], 'rb') as f:\n"
               "    out = subprocess.run(sys.argv[2:], stdin=f, capture_output=True).stdout\n"
               "sys.stdout.buffer.write(out)\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    run = subprocess.run([sys.executable, "-c", measure, str(data_path), *SCORE], capture_output=True,
                         cwd=ROOT, env=_env(workers), timeout=120)
    *answers, peak, _ = run.stdout.split(b"\n")
    return b"\n".join(answers) + b"\n", int(peak)


def test_an_overlong_line_is_answered_without_holding_it(tmp_path: Path) -> None:
    data = tmp_path / "long.jsonl"
    huge = b'{"hand": "' + b"1" * (16 << 20) + b'"}'
    data.write_bytes(b'{"hand": "[234m][888p]567s34pEE5p"}\n' + huge + b"\n" + b"[" * (LINE_LIMIT + 1)
                     + b'\n{"hand": "[234m][888p]567s34pEE5p"}\n')
    out, peak_kb = _peak_rss_kb(data, 1)
    answers = _answers(out)
    assert [a.get("total") for a in answers] == [8, None, None, 8]
    for number in (2, 3):
        assert answers[number - 1] == {"error": f"line {number}: the line is longer than {LINE_LIMIT} bytes, "
                                                "the limit of a request line; it was not read",
                                       "code": "line_too_long"}
    assert peak_kb < 100_000, f"{peak_kb} kB for a 16 MB line"   # the line alone is 16,000 kB


# -- item 10: MCR_WORKERS -------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["", "abc", "2.5", "0", "-1", "+2", " 2", "١", "1e3", str(MAX_WORKERS + 1),
                                   "9" * 5000])
def test_a_bad_mcr_workers_is_named_with_what_it_accepts(value: str) -> None:
    run = subprocess.run(SCORE, input=b'{"hand": "[234m][888p]567s34pEE5p"}\n', capture_output=True, cwd=ROOT,
                         env=_env(value), timeout=60)
    assert run.returncode == 2 and run.stdout == b""
    message = run.stderr.decode()
    assert message.count("\n") == 1 and "Traceback" not in message
    assert message.startswith(f"mcr score: MCR_WORKERS must be a whole number of worker processes from 1 to "
                              f"{MAX_WORKERS} (unset: one per core), not "), message


def test_good_worker_counts() -> None:
    assert worker_count({"MCR_WORKERS": "3"}) == 3 and worker_count({"MCR_WORKERS": "0001"}) == 1
    assert worker_count({}) == (os.cpu_count() or 1)
    with pytest.raises(WorkerCountError):
        worker_count({"MCR_WORKERS": "٣"})


# -- item 3: a killed worker hung the batch forever ---------------------------------------------------
def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _wait_for_workers(proc: subprocess.Popen, count: int, timeout: float = 60) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = _children(proc.pid)
        if len(workers) >= count:
            return workers
        assert proc.poll() is None, "mcr score - ended before its workers started"
        time.sleep(0.02)
    raise AssertionError("the workers never started")


# Slow: a batch long enough to kill a worker in the middle of it (about 5 s).
@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_a_killed_worker_costs_a_message_not_an_answer(tmp_path: Path) -> None:
    requests = _requests(12000, 12)
    data = tmp_path / "in.jsonl"
    data.write_bytes(b"\n".join(requests) + b"\n")
    with open(data, "rb") as stdin, open(tmp_path / "out", "wb") as stdout, open(tmp_path / "err", "wb") as stderr:
        proc = subprocess.Popen(SCORE, stdin=stdin, stdout=stdout, stderr=stderr, cwd=ROOT, env=_env(2))
        try:
            victim = _wait_for_workers(proc, 2)[0]
            os.kill(victim, signal.SIGKILL)
            returncode = proc.wait(timeout=120)   # it hung here for ever with multiprocessing.Pool
        finally:
            if proc.poll() is None:
                proc.kill()
    errors = (tmp_path / "err").read_text()
    assert returncode == 0, errors
    assert "mcr score: a worker process stopped (killed by SIGKILL); a new one answers the lines it held" in errors and "Traceback" not in errors
    answers = _answers((tmp_path / "out").read_bytes())
    _assert_in_order(requests, answers)
    assert not [a for a in answers if "error" in a]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_workers_that_keep_dying_end_the_run_loudly(tmp_path: Path) -> None:
    requests = _requests(12000, 14)
    data = tmp_path / "in.jsonl"
    data.write_bytes(b"\n".join(requests) + b"\n")
    started = time.monotonic()
    with open(data, "rb") as stdin, open(tmp_path / "out", "wb") as stdout, open(tmp_path / "err", "wb") as stderr:
        proc = subprocess.Popen(SCORE, stdin=stdin, stdout=stdout, stderr=stderr, cwd=ROOT, env=_env(2))
        try:
            _wait_for_workers(proc, 2)
            while proc.poll() is None and time.monotonic() - started < 60:
                for worker in _children(proc.pid):   # every worker, as soon as it starts
                    try:
                        os.kill(worker, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                time.sleep(0.005)
            returncode = proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert time.monotonic() - started < 30
    errors = (tmp_path / "err").read_text()
    assert returncode == 1 and "Traceback" not in errors, errors
    last = errors.strip().splitlines()[-1]
    match = re.fullmatch(r"mcr score: a worker process died twice while answering lines (\d+)-(\d+) "
                         r"\(killed by SIGKILL\); stopping: line (\d+) and the lines after it have no answer", last)
    assert match and int(match[3]) <= int(match[1]), last
    answers = _answers((tmp_path / "out").read_bytes())
    assert len(answers) == int(match[3]) - 1            # every line before the one named is answered
    _assert_in_order(requests[:len(answers)], answers)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_after_a_batch_shared_among_workers_one_line_is_answered_at_once() -> None:
    # The workers' loop reads more input only when it has some, and otherwise waits on
    # answers: a caller that then sends one line and waits for it is not left waiting.
    proc = subprocess.Popen(SCORE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=_env(2))
    watchdog = threading.Timer(60, proc.kill)   # a hang fails the test instead of the run
    watchdog.start()
    try:
        batch = _requests(5000, 21)
        writer = threading.Thread(target=lambda: (proc.stdin.write(b"\n".join(batch) + b"\n"), proc.stdin.flush()))
        writer.start()
        answers = [proc.stdout.readline() for _ in batch]
        writer.join()
        assert all(answers) and _children(proc.pid), "the batch was not shared among workers"
        for hand, total in (("[234m][888p]567s34pEE5p", 8), ("[EEE][SSSS1]55pWWWNNN", 95)):
            proc.stdin.write(json.dumps({"hand": hand}).encode() + b"\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert answer["hand"] == hand and answer["total"] == total
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()


def _feed(stdin, data: bytes) -> None:
    """Write `data` to a child's standard input and keep it open (the child may go first)."""
    try:
        stdin.write(data)
        stdin.flush()
    except (BrokenPipeError, ValueError):
        pass


# -- item 10: Ctrl-C printed every worker's traceback ---------------------------------------------------
def _as_in_a_terminal() -> None:
    """Ctrl-C's default action, as a command started from a terminal has it: a test run
    started in the background of a script inherits SIGINT ignored, and Python then keeps
    ignoring it (the command would never see the Ctrl-C the test sends)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stderr_within(proc: subprocess.Popen, seconds: float) -> bytes:
    """All of a child's standard error, the child killed if it has not ended within `seconds`."""
    timer = threading.Timer(seconds, lambda: proc.poll() is None and os.killpg(proc.pid, signal.SIGKILL))
    timer.start()
    try:
        return proc.stderr.read()
    finally:
        timer.cancel()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_ctrl_c_on_a_parallel_batch_is_a_quiet_exit_130(tmp_path: Path) -> None:
    # The requests come through a pipe kept open: the run cannot end before the Ctrl-C,
    # however fast this machine scores them.
    batch = b"\n".join(_requests(3000, 13) * 4) + b"\n"
    proc = subprocess.Popen(SCORE, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=ROOT, env=_env(2), start_new_session=True,   # its own process group, as in a shell
                            preexec_fn=_as_in_a_terminal)
    feeder = threading.Thread(target=_feed, args=(proc.stdin, batch), daemon=True)
    feeder.start()
    try:
        workers = _wait_for_workers(proc, 2)
        time.sleep(0.3)
        # Ctrl-C in a terminal signals the whole group at once; the workers may see it
        # first (they printed a traceback each, racing the parent that ended them).
        for worker in workers:
            os.kill(worker, signal.SIGINT)
        time.sleep(0.5)
        assert proc.poll() is None, "a Ctrl-C the parent has not seen yet stopped the run"
        os.killpg(proc.pid, signal.SIGINT)
        errors = _stderr_within(proc, 60)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert errors == b"", errors.decode()
    for worker in workers:                             # no worker left behind
        assert not Path(f"/proc/{worker}").exists() or "Z" in Path(f"/proc/{worker}/stat").read_text().split()[2]


def test_ctrl_c_while_waiting_for_a_request_is_a_quiet_exit_130() -> None:
    proc = subprocess.Popen(SCORE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env=_env(2), start_new_session=True, preexec_fn=_as_in_a_terminal)
    try:
        proc.stdin.write(b'{"hand": "[234m][888p]567s34pEE5p"}\n')
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["total"] == 8
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
        errors = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and errors == b"", errors.decode()


@pytest.mark.parametrize(("options", "named"), [
    (["--self-drawn", "--flowers", "3"], "--self-drawn --flowers 3"),
    (["--seat-wind", "S", "--replacement"], "--replacement --seat-wind S"),
])
def test_situation_options_with_json_lines_are_refused_not_dropped(options: list[str], named: str) -> None:
    # Each line gives its own situation: options that would be silently ignored are refused.
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-", *options, "--lang", "en"], cwd=ROOT,
                         input=b'{"hand": "[EEE][SSSS1]55pWWWNNN"}\n', capture_output=True, timeout=60)
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr.decode().startswith(f"mcr score -: {named}: with -, each JSON line gives its own situation")


def test_options_at_their_defaults_are_no_obstacle_to_json_lines() -> None:
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-", "--seat-wind", "E", "--flowers", "0", "--json"],
                         cwd=ROOT, input=b'{"hand": "[EEE][SSSS1]55pWWWNNN"}\n', capture_output=True, timeout=60)
    # Won on the discarded N: Big Four Winds 88, Half Flush 6 and the melded kong 1; NNN, made
    # by the discard, is no concealed pung.
    assert run.returncode == 0 and json.loads(run.stdout)["total"] == 95
