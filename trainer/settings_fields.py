"""The checks the trainer's settings files (learner.yaml, diagnosis.yaml) make of their
values: each refusal names the file, the section and the key."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class SettingsError(ValueError):
    """A trainer setting that cannot be used; the message names the file and the key."""


def section(data: Mapping[str, Any], name: str, where: str) -> Mapping[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise SettingsError(f"{where}: {name}: missing, or not a mapping")
    return value


def whole(values: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = values.get(key)
    if type(value) is not int or not low <= value <= high:
        raise SettingsError(f"{where}: {key}: {value!r} is not a whole number from {low} to {high}")
    return value


def number(values: Mapping[str, Any], key: str, where: str, low: float, high: float) -> float:
    value = values.get(key)
    if type(value) not in (int, float) or not low <= value <= high:
        raise SettingsError(f"{where}: {key}: {value!r} is not a number from {low:g} to {high:g}")
    return float(value)


def share(values: Mapping[str, Any], key: str, where: str) -> float:
    value = values.get(key)
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise SettingsError(f"{where}: {key}: {value!r} is not a share from 0 to 1")
    return float(value)
