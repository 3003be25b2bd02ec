"""What the site's page generators read: the fan table, plus the family names of fans.yaml."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rules import (DEFAULT_FANS_PATH, Change, Difference, EditionInfo, Fan, FanTable, edition_differences,
                   editions, load_fan_table, read_table_data, strip_lines)

from .localize import Localized, pick

REPO_ROOT = DEFAULT_FANS_PATH.parent


@dataclass(frozen=True)
class SiteData:
    table: FanTable
    families: dict[str, dict[str, str]]      # family key -> {lang: name}
    fans_path: Path
    # The other editions of the rules (the table is the default one), by id, in order.
    other_editions: dict[str, FanTable] = field(default_factory=dict)
    edition_list: tuple[tuple[EditionInfo, tuple[Change, ...]], ...] = ()
    differences: dict[str, tuple[Difference, ...]] = field(default_factory=dict)  # from the site's edition

    def family_name(self, key: str, lang: str) -> Localized:
        return pick(self.families.get(key) or {"en": key}, lang)

    def fans_of_family(self, key: str) -> tuple[Fan, ...]:
        return tuple(f for f in self.table.fans if f.family == key)

    def excluded_by(self, fan_id: str) -> tuple[Fan, ...]:
        """The fans whose exclusion list names `fan_id`, in rulebook order."""
        return tuple(f for f in self.table.fans if fan_id in f.excludes)


def load_site_data(fans_path: Path | None = None) -> SiteData:
    """Load the fan table fresh (a served site must see edits to fans.yaml)."""
    path = Path(fans_path) if fans_path is not None else DEFAULT_FANS_PATH
    table = load_fan_table(path)
    raw = strip_lines(read_table_data(path, str(path)))   # the table is sound: load_fan_table read it
    families = {str(k): dict(v or {}) for k, v in (raw.get("families") or {}).items()}
    listed = tuple(editions(path))
    others = {info.id: load_fan_table(path, edition=info.id) for info, _ in listed[1:]}
    differences = {info.id: tuple(edition_differences(listed[0][0].id, info.id, path)) for info, _ in listed[1:]}
    return SiteData(table, families, path, others, listed, differences)
