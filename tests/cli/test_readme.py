"""The README's promises: its example hands score, its output sample is real, its
vocabulary summary names every operator."""
from __future__ import annotations

import re
import subprocess
import sys

import rules
from rules.vocabulary import OPERATORS

from ..conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
HAND_LIKE = re.compile(r"[`\"]((?:\[[0-9mpsESWNCFP]+\])+[0-9mpsESWNCFP][0-9mpsESWNCFP ]*)[`\"]")


def test_every_example_hand_in_the_readme_scores() -> None:
    hands = set(HAND_LIKE.findall(README))
    assert len(hands) >= 3
    for hand in hands:
        try:
            rules.score(hand)
        except rules.HandError:
            assert rules.waits(hand), hand  # a hand before its winning tile: it must wait on something
    try:
        rules.score("[123m][EE")
    except rules.NotationError as err:
        assert "unclosed meld at column 7" in README and str(err) == "unclosed meld at column 7"


def test_the_sample_breakdown_is_what_mcr_prints() -> None:
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    for line in run.stdout.splitlines()[:5] + run.stdout.splitlines()[-2:]:
        assert line in README, line


def test_the_vocabulary_summary_names_every_operator() -> None:
    summary = README[README.index("about twenty operators"):]
    for name in OPERATORS:
        assert re.search(rf"(?<![\w=<>!]){re.escape(name)}(?![\w=<>])", summary[:400]), name


def test_the_json_lines_limits_are_the_code_s() -> None:
    from mcr.request_lines import LINE_LIMIT
    from mcr.worker_count import MAX_WORKERS
    text = " ".join(README.split())
    assert f"at most {LINE_LIMIT:,} bytes" in text and f"a whole number from 1 to {MAX_WORKERS}" in text


def test_the_ascii_example_is_what_the_engine_says() -> None:
    text = " ".join(README.split())
    try:
        rules.score("123m456p789s11s1２p")
    except rules.NotationError as err:
        head, _, tail = str(err).partition(" (digits")
        assert f"gives `{head} (...) {tail.rpartition(') ')[2]}`" in text, str(err)
    else:
        raise AssertionError("a full-width digit was read")


def test_the_fan_sheet_section_is_the_code_s() -> None:
    from rules.table_checks import SUMMARY_COLUMNS
    from generator.site.fan_sheet_page import PDF_NAME, SHEET_PAGE
    from generator.site.fan_sheet_pdf import CHROMIUM, SKIP_VARIABLE

    text = " ".join(README.split())
    assert f"`{SKIP_VARIABLE}=1`" in text and f"(`{CHROMIUM}`)" in text
    assert f"`build/site/{SHEET_PAGE.removesuffix('.md')}/{PDF_NAME}`" in text
    assert f"at most {SUMMARY_COLUMNS} characters" in text and f"to {SUMMARY_COLUMNS} printed columns" in text
