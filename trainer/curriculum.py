"""The curriculum: trainer/curriculum.yaml read and checked, and where a learner stands in it.

The file is the project's data; a mistake in it is reported with the file and line:
`trainer/curriculum.yaml:27: unit two_point: golden_dragon is no fan of the fan table`.
A unit is current until passed (trainer/mastery.py); the learner works on the first unit
not passed, and every fan of the units before it stays in review.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

import rules
from i18n import LANGS, pick
from rules import FanTable

from .mastery import UnitState

CURRICULUM_PATH = Path(__file__).resolve().parent / "curriculum.yaml"
PRINCIPLES = ("non_repeat", "non_separation", "non_identical", "account_once")
_UNIT_ID = re.compile(r"[a-z][a-z0-9_]{0,40}\Z")


class CurriculumError(ValueError):
    """What is wrong in the curriculum file, each problem on its line."""


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    titles: Mapping[str, str]
    summaries: Mapping[str, str]
    fans: tuple[str, ...]
    principles: tuple[str, ...]

    def title(self, lang: str) -> str:
        return pick(self.titles, lang).text

    def summary(self, lang: str) -> str:
        return pick(self.summaries, lang).text


@dataclass(frozen=True, slots=True)
class Curriculum:
    units: tuple[Unit, ...]

    def unit(self, unit_id: str) -> Unit:
        return next(u for u in self.units if u.id == unit_id)

    def current(self, state: UnitState) -> Unit | None:
        """The first unit not passed (None: every unit is passed)."""
        return next((u for u in self.units if u.id not in state.passed), None)

    def units_of(self, fans: list[str] | tuple[str, ...] | set[str]) -> tuple[str, ...]:
        """The units these fans belong to, in curriculum order."""
        wanted = set(fans)
        return tuple(u.id for u in self.units if wanted & set(u.fans))

    def learnt(self, state: UnitState) -> tuple[str, ...]:
        """The fans of every unit up to the current one: what the learner is asked about."""
        current = self.current(state)
        fans: list[str] = []
        for unit in self.units:
            fans += unit.fans
            if unit is current:
                break
        return tuple(fans)


def _scalar(node: yaml.Node, where: str, line: int) -> str:
    if not isinstance(node, yaml.ScalarNode):
        raise CurriculumError(f"{where}:{line}: expected a word")
    return str(node.value)


def _mapping(node: yaml.Node, where: str) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        raise CurriculumError(f"{where}:{node.start_mark.line + 1}: expected a mapping")
    return {str(k.value): v for k, v in node.value}


def _texts(node: yaml.Node | None, name: str, where: str, line: int, problems: list[str]) -> dict[str, str]:
    if node is None:
        problems.append(f"{where}:{line}: {name} is missing")
        return {}
    texts = {k: _scalar(v, where, v.start_mark.line + 1) for k, v in _mapping(node, where).items()}
    missing = [lang for lang in LANGS if not texts.get(lang, "").strip()]
    if missing:
        problems.append(f"{where}:{node.start_mark.line + 1}: {name} has no text in {', '.join(missing)}")
    return texts


def _list(node: yaml.Node | None, name: str, where: str, line: int) -> list[tuple[str, int]]:
    """The words of a list, each with its line."""
    if node is None:
        raise CurriculumError(f"{where}:{line}: {name} is missing")
    if not isinstance(node, yaml.SequenceNode):
        raise CurriculumError(f"{where}:{node.start_mark.line + 1}: {name} must be a list")
    return [(_scalar(item, where, item.start_mark.line + 1), item.start_mark.line + 1) for item in node.value]


def _unit(node: yaml.Node, known: Mapping[str, object], where: str, owner: dict[str, str],
          problems: list[str]) -> Unit:
    fields, line = _mapping(node, where), node.start_mark.line + 1
    unit_id = _scalar(fields["id"], where, line) if "id" in fields else ""
    if not _UNIT_ID.match(unit_id):
        problems.append(f"{where}:{line}: unit id {unit_id!r} is not a lower-case word")
    unknown = sorted(set(fields) - {"id", "title", "summary", "fans", "principles"})
    if unknown:
        problems.append(f"{where}:{line}: unit {unit_id}: unknown field {', '.join(unknown)}")
    fans = []
    for fan, at in _list(fields.get("fans"), "fans", where, line):
        if fan not in known:
            problems.append(f"{where}:{at}: unit {unit_id}: {fan} is no fan of the fan table or its editions")
        elif fan in owner:
            problems.append(f"{where}:{at}: unit {unit_id}: {fan} is already in unit {owner[fan]}")
        else:
            owner[fan] = unit_id
            fans.append(fan)
    principles = []
    for principle, at in _list(fields.get("principles"), "principles", where, line):
        if principle not in PRINCIPLES:
            problems.append(f"{where}:{at}: unit {unit_id}: {principle} is not a principle ({', '.join(PRINCIPLES)})")
        principles.append(principle)
    return Unit(unit_id, _texts(fields.get("title"), "title", where, line, problems),
                _texts(fields.get("summary"), "summary", where, line, problems), tuple(fans), tuple(principles))


def curriculum_from(text: str, tables: list[FanTable], where: str = "trainer/curriculum.yaml") -> Curriculum:
    """The curriculum in `text` for the fans of these tables (the editions of the rules);
    CurriculumError lists every problem with its line."""
    known = {f.id: f for table in tables for f in table.fans}
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise CurriculumError(f"{where}:{mark.line + 1 if mark else 1}: YAML syntax: "
                              f"{getattr(err, 'problem', None) or err}") from None
    if root is None or "units" not in _mapping(root, where):
        raise CurriculumError(f"{where}:1: expected `units:`, a list of units")
    problems: list[str] = []
    owner: dict[str, str] = {}
    units_node = _mapping(root, where)["units"]
    if not isinstance(units_node, yaml.SequenceNode) or not units_node.value:
        raise CurriculumError(f"{where}:{units_node.start_mark.line + 1}: units must be a list of units")
    units = [_unit(node, known, where, owner, problems) for node in units_node.value]
    seen: set[str] = set()
    for unit, node in zip(units, units_node.value):
        if unit.id in seen:
            problems.append(f"{where}:{node.start_mark.line + 1}: unit {unit.id} appears twice")
        seen.add(unit.id)
    missing = [fan for fan in known if fan not in owner]
    if missing:
        problems.append(f"{where}:{units_node.start_mark.line + 1}: fans in no unit: {', '.join(missing)}")
    if problems:
        raise CurriculumError("\n".join(problems))
    return Curriculum(tuple(units))


@lru_cache(maxsize=None)
def curriculum(path: Path = CURRICULUM_PATH) -> Curriculum:
    """The project's curriculum for the fans of every edition of the rules, read once."""
    tables = [rules.fan_table(None, info.id) for info, _ in rules.editions()]
    return curriculum_from(path.read_text(encoding="utf-8"), tables, _shown(path))


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(CURRICULUM_PATH.parent.parent))
    except ValueError:
        return str(path)


__all__ = ["Curriculum", "CurriculumError", "Unit", "curriculum", "curriculum_from"]
