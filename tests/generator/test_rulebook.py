"""The rulebook: every chapter in every language, the same sections and the same examples,
every example scored by the engine, and the fan table's texts in every language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from i18n import LANGS

from ..conftest import ROOT, load_yaml

LANGUAGES = tuple(LANGS)   # every language of i18n/languages.yaml
CHAPTERS = ("tiles", "terms", "play", "winning", "scoring", "fans", "competition", "rulings")
BOOK = ROOT / "site"
HAND_BLOCK = re.compile(r"^```hand\n(.*?)^```", re.S | re.M)
ANCHOR = re.compile(r"^#+ .*\{#([\w-]+)\}\s*$", re.M)
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


def chapter(lang: str, name: str) -> Path:
    return BOOK / lang / "rulebook" / f"{name}.md"


def text(lang: str, name: str) -> str:
    return chapter(lang, name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_exists(lang: str, name: str) -> None:
    assert chapter(lang, name).is_file(), f"site/{lang}/rulebook/{name}.md is missing"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("name", CHAPTERS)
def test_same_sections_examples_and_links_as_english(lang: str, name: str) -> None:
    if not chapter(lang, name).is_file():
        pytest.fail(f"site/{lang}/rulebook/{name}.md is missing")
    english, translated = text("en", name), text(lang, name)
    assert ANCHOR.findall(translated) == ANCHOR.findall(english), "sections (heading anchors) differ"
    assert HAND_BLOCK.findall(translated) == HAND_BLOCK.findall(english), "example hands differ"
    assert sorted(LINK_TARGET.findall(translated)) == sorted(LINK_TARGET.findall(english)), "links differ"


def _prose_paragraphs(source: str) -> list[str]:
    without_code = re.sub(r"^```.*?^```", "", source, flags=re.S | re.M)
    paragraphs = [p.strip() for p in without_code.split("\n\n")]
    return [p for p in paragraphs if len(p) > 60 and not p.startswith(("|", "#"))]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("name", CHAPTERS)
def test_no_paragraph_left_in_english(lang: str, name: str) -> None:
    if not chapter(lang, name).is_file():
        pytest.fail(f"site/{lang}/rulebook/{name}.md is missing")
    english = set(_prose_paragraphs(text("en", name)))
    left = [p[:80] for p in _prose_paragraphs(text(lang, name)) if p in english]
    assert not left, f"untranslated paragraphs: {left}"


def _blocks() -> list[tuple[str, int, dict]]:
    found = []
    # The quick start's hands are examples like the chapters' (tests/generator/test_quickstart.py).
    for path in sorted([*BOOK.glob("*/rulebook/*.md"), *BOOK.glob("*/quickstart.md")]):
        source = path.read_text(encoding="utf-8")
        for match in HAND_BLOCK.finditer(source):
            line = source[: match.start()].count("\n") + 1
            found.append((f"{path.relative_to(ROOT)}:{line}", line, load_yaml(match.group(1))))
    return found


BLOCKS = _blocks()


@pytest.mark.parametrize(("where", "line", "spec"), BLOCKS, ids=[b[0] for b in BLOCKS])
def test_every_example_hand_scores_as_the_text_says(where: str, line: int, spec: dict) -> None:
    situation = {k: v for k, v in spec.items() if k not in ("hand", "fans", "counts", "total", "show", "editions")}
    # The block's statements hold in every edition of the rules, unless it states
    # otherwise for one under `editions`.
    for info, _ in rules.editions():
        stated = (spec.get("editions") or {}).get(info.id, spec)
        result = rules.score(spec["hand"], edition=info.id, **situation)
        if "fans" in stated:
            assert result.fan_counts() == stated["fans"], (where, info.id)
        if "total" in stated:
            assert result.total == stated["total"], (where, info.id)


def test_the_english_rulebook_has_examples() -> None:
    assert sum(1 for where, _, _ in BLOCKS if where.startswith("site/en/")) >= 40


def test_fan_table_texts_in_every_language() -> None:
    table = rules.fan_table()
    assert set(LANGUAGES) <= set(table.languages)
    missing = []
    for fan in table.fans:
        for lang in LANGUAGES:
            for field, values in (("name", fan.names), ("definition", fan.definitions), ("note", fan.notes)):
                if not values.get(lang):
                    missing.append(f"{fan.id}: {field} [{lang}]")
    for ruling in table.rulings:
        for lang in LANGUAGES:
            for field, values in (("question", ruling.question), ("answer", ruling.answer),
                                  ("alternatives", ruling.alternatives)):
                if not values.get(lang):
                    missing.append(f"ruling {ruling.id}: {field} [{lang}]")
    assert not missing, missing


def test_fan_names_are_distinct_in_each_language() -> None:
    table = rules.fan_table()
    for lang in LANGUAGES:
        names = [f.name(lang) for f in table.fans]
        assert len(set(names)) == len(names), lang
