"""The seconds each test file took in a whole run, for the order `./dev test` hands files out.

    ./dev test --junitxml=/tmp/run.xml
    .venv/bin/python tools/record_test_weights.py /tmp/run.xml

Writes tests/file_weights.json ({file: seconds, its tests' setup, call and teardown summed}).
tests/conftest.py hands the longest files out first, so that the two workers end together
instead of one running the last long file alone. Only an order: a file missing from the
record (a new one) is weighed by its count of tests, and a stale record costs time, never
a result.
"""
from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "tests" / "file_weights.json"


def file_seconds(junit: Path) -> dict[str, int]:
    """{tests/.../test_x.py: whole seconds} from pytest's JUnit XML."""
    seconds: dict[str, float] = defaultdict(float)
    for case in ET.parse(junit).iter("testcase"):
        module = case.get("classname", "")
        if module.startswith("tests."):
            seconds[module.replace(".", "/") + ".py"] += float(case.get("time") or 0)
    return {name: round(value) for name, value in sorted(seconds.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("junit", type=Path, help="a whole run's --junitxml file")
    args = parser.parse_args()
    try:
        weights = file_seconds(args.junit)
    except (OSError, ET.ParseError) as err:
        parser.error(f"{args.junit}: cannot be read as JUnit XML ({err})")
    if not weights:
        parser.error(f"{args.junit}: no test of tests/ in it")
    WEIGHTS.write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
    print(f"{WEIGHTS.relative_to(ROOT)}: {len(weights)} files, {sum(weights.values())} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
