"""Issue 23, items 2, 7 and 10 at the command line: dead streams, special files, small
options. Each runs `python -m mcr` as a process: the process is what is tested (its exit
status, its standard error, a traceback or none)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import ROOT

HAND = "123m456m789m123p55p"
# Every command that writes its answer to standard output, with arguments that succeed.
WRITERS = [["score", HAND], ["score", HAND, "--json"], ["analyze", "123m456m789m123p5p"], ["fans"],
           ["fans", "--points", "88"], ["vocabulary"], ["editions"], ["fans", "--help"]]


def mcr(args: list[str], **streams) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MCR_DATA_DIR": streams.pop("data", "/nonexistent-mcr-data")}
    return subprocess.run([sys.executable, "-m", "mcr", *args], cwd=ROOT, env=env, text=True,
                          stderr=subprocess.PIPE, timeout=300, **streams)


def one_clear_line(run: subprocess.CompletedProcess[str], says: str) -> None:
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("mcr") and says in run.stderr, run.stderr


@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_standard_output_closed(args: list[str]) -> None:
    run = subprocess.run([sys.executable, "-c", "import os, subprocess, sys; os.close(1); "
                          f"sys.exit(subprocess.run([sys.executable, '-m', 'mcr', *{args!r}], cwd={str(ROOT)!r}, "
                          "stdout=None).returncode)"], stderr=subprocess.PIPE, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    one_clear_line(run, "cannot write the output")
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_standard_output_full(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        run = mcr(args, stdout=full)
    one_clear_line(run, "cannot write the output: No space left on device")
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [["score", "-"], ["quiz", "--count", "1", "--edition", "green-book"]], ids=" ".join)
def test_standard_input_closed(args: list[str], tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", "import os, subprocess, sys; os.close(0); "
                          f"sys.exit(subprocess.run([sys.executable, '-m', 'mcr', *{args!r}], cwd={str(ROOT)!r}, "
                          "stdin=None, stdout=subprocess.DEVNULL).returncode)"],
                         stderr=subprocess.PIPE, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "MCR_DATA_DIR": str(tmp_path)})
    one_clear_line(run, "standard input is closed")


def test_a_command_that_reads_no_input_runs_with_it_closed() -> None:
    run = subprocess.run([sys.executable, "-c", "import os, subprocess, sys; os.close(0); "
                          f"sys.exit(subprocess.run([sys.executable, '-m', 'mcr', 'fans', '--points', '88'], "
                          f"cwd={str(ROOT)!r}, stdin=None, stdout=subprocess.DEVNULL).returncode)"],
                         stderr=subprocess.PIPE, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0 and run.stderr == ""


@pytest.mark.parametrize("option", ["--fans", None])
def test_special_files_refused_at_once(option: str | None, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for special in ("/dev/zero", str(fifo)):
        args = ["score", HAND, "--fans", special] if option else ["check", special]
        run = mcr(args, stdout=subprocess.PIPE)
        # mcr check refuses its argument before reading it (exit 2); --fans is read, and refused.
        assert run.returncode == (1 if option else 2) and "Traceback" not in run.stderr
        assert "not a regular file" in run.stderr + run.stdout and "refused" in run.stderr + run.stdout


def test_a_progress_file_linked_to_dev_zero_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "progress.json").symlink_to("/dev/zero")
    run = mcr(["quiz", "--stats"], stdout=subprocess.PIPE, data=str(tmp_path))
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert not (tmp_path / "progress.json").is_symlink()
    assert any(p.name.startswith("progress.json.damaged") for p in tmp_path.iterdir())


def test_flowers_with_thousands_of_digits_names_the_option() -> None:
    run = mcr(["score", HAND, "--flowers", "9" * 5000], stdout=subprocess.PIPE)
    assert run.returncode == 2 and "argument --flowers: a whole number from 0 to 8" in run.stderr
    assert "_flowers" not in run.stderr and len(run.stderr) < 2000


@pytest.mark.parametrize("points", ["-1", "0", "3", "100"])
def test_points_out_of_range(points: str) -> None:
    run = mcr(["fans", "--points", points], stdout=subprocess.PIPE)
    assert run.returncode == 2 and run.stdout == ""
    assert f"--points {points}: no fan is worth that; a fan is worth one of 1, 2, 4, 6, 8" in run.stderr


def test_points_in_range_lists_those_fans() -> None:
    run = mcr(["fans", "--points", "88"], stdout=subprocess.PIPE)
    assert run.returncode == 0 and len(run.stdout.splitlines()) == 7   # the seven 88-point fans


def test_check_of_an_empty_path() -> None:
    run = mcr(["check", ""], stdout=subprocess.PIPE)
    assert run.returncode == 2 and "mcr check: the path is empty" in run.stderr


def test_check_does_not_echo_a_file_that_is_no_table(tmp_path: Path) -> None:
    secret = tmp_path / "shadow"
    secret.write_text("root:$6$saltsecret$hashsecret:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
                      "fans: $6$another secret\nversion: {a: the third secret}\n", encoding="utf-8")
    run = mcr(["check", str(secret)], stdout=subprocess.PIPE)
    assert run.returncode == 1 and "secret" not in run.stdout + run.stderr.replace(str(secret), "")
    assert "daemon" not in run.stdout + run.stderr and "unexpected key(s): a key of" in run.stdout + run.stderr
