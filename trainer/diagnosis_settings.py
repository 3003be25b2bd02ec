"""The diagnosis's settings: trainer/diagnosis.yaml, read once and checked.

The file is the project's own data: a value out of place is reported with the file and
the key, never a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from rules.yaml_loader import YamlProblem, load_strict

from .settings_fields import SettingsError, number, section

DIAGNOSIS_PATH = Path(__file__).resolve().parent / "diagnosis.yaml"
# The mistakes trainer/diagnosis.py knows how to test; the file gives each its weight.
CAUSES = ("base_forgotten", "self_drawn_not_times_three", "discard_paid_as_self_drawn", "flowers_forgotten",
          "fan_missed", "fan_missed_once", "fan_added_once", "excluded_counted", "excluded_counted_once",
          "wind_misread")


@dataclass(frozen=True, slots=True)
class DiagnosisSettings:
    weights: Mapping[str, float]   # cause -> prior weight
    pair: float                    # two mistakes in one answer: the product of weights times this
    slip_prior: tuple[float, float]
    slip_spread: int
    known_low: float
    known_high: float
    habit: float
    confidence: float


def diagnosis_settings_from(data: Any, where: str = "trainer/diagnosis.yaml") -> DiagnosisSettings:
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: expected the sections mistakes, pair, slip, learner, confidence")
    mistakes = section(data, "mistakes", where)
    unknown = sorted(set(mistakes) - set(CAUSES))
    if unknown:
        raise SettingsError(f"{where}: mistakes: {', '.join(map(str, unknown))}: not a mistake the diagnosis "
                            f"knows ({', '.join(CAUSES)})")
    weights = {cause: number(mistakes, cause, f"{where}: mistakes", 0, 100) for cause in CAUSES}
    slip, learner = section(data, "slip", where), section(data, "learner", where)
    prior = slip.get("prior")
    if not (isinstance(prior, list) and len(prior) == 2 and all(type(v) in (int, float) and v > 0 for v in prior)):
        raise SettingsError(f"{where}: slip: prior: {prior!r} is not two positive numbers (hits, misses)")
    return DiagnosisSettings(
        weights=weights, pair=number(data, "pair", where, 0, 1),
        slip_prior=(float(prior[0]), float(prior[1])),
        slip_spread=int(number(slip, "spread", f"{where}: slip", 1, 1000)),
        known_low=number(learner, "known_low", f"{where}: learner", 0, 100),
        known_high=number(learner, "known_high", f"{where}: learner", 0, 100),
        habit=number(learner, "habit", f"{where}: learner", 0, 100),
        confidence=number(data, "confidence", where, 0.5, 1))


@lru_cache(maxsize=None)
def diagnosis_settings(path: Path = DIAGNOSIS_PATH) -> DiagnosisSettings:
    try:
        data = load_strict(path.read_text(encoding="utf-8"), text_keys=False)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, YamlProblem) as err:
        raise SettingsError(f"{path.name}: cannot be read: {err}") from None
    return diagnosis_settings_from(data, path.name)
