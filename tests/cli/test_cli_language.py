"""Every `mcr` command speaks the chosen language: no English sentence in zh, es or ko;
`--lang` defaults to the locale; an unknown language is refused with the known ones; and
the command line's errors name the flags the user typed, not the JSON fields.

What counts as an English sentence (the rule the outputs are held to):
- A word is English when it is in the English texts the command line can print (its own
  strings, the reasons and engine errors it borrows, the fans' English names, the
  situation rules' English reasons) or is an English function word, and is not also a
  word of the Spanish texts (so `total`, `no`, `fan`, `kong`, `JSON` are not evidence).
- Left out before looking: flags (`--self-drawn`), the commands' names (`mcr score:`), code
  and literal values in backticks, braces (`{var: NAME}`) or double quotes, identifiers in brackets
  (`[big_four_winds]`), words with `_`, `/`, `.`, digits, and, for `mcr vocabulary` and the
  command list of `--help`, the name column (the predicate language's and mcr's own words).
- Chinese, Korean and Japanese output holds no English word at all; Spanish and French output
  hold no two English words in a row and no English-only function word (the, of, with, ...).
  French players use the English fan names, so a French fan name is French; and a word of the
  French rulebook's prose (total, minimum, dragon) is no evidence in French output.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any, Iterator
from unittest.mock import patch

import pytest

from i18n import LANGS, StringsError
from mcr.cli_text import counted_text
from mcr.language import locale_language
from mcr.vocabulary_text import vocabulary_keys, vocabulary_sections
from rules import SHAPES, VOCABULARY_VALUES
from rules.context import WAITS

from ..conftest import ROOT, texts_in, read_yaml
from .in_process import mcr_here

OTHER_LANGS = [lang for lang in LANGS if lang != "en"]

# Function words of English prose; none of them is a Spanish word.
ENGLISH_ONLY = frozenset("the of with without is are was be by and or each from its it this that which when "
                         "than then there their into only not any every other must has have".split())
FUNCTION_WORDS = ENGLISH_ONLY | frozenset("a an to in on for at as one more none".split())


def _words(texts: Any) -> set[str]:
    """The words of prose: not {placeholders}, nor the parts of an identifier (`in_kong`) or
    a compound (`green-book`)."""
    return {w.lower() for text in texts
            for w in re.findall(r"(?<![\w-])[A-Za-z]+(?![\w-])", re.sub(r"\{[^{}]*\}", " ", text))}


def _strings(surface: str, lang: str) -> dict[str, str]:
    return read_yaml(ROOT / "i18n" / surface / f"{lang}.yaml")


@cache
def _table_files() -> tuple[Any, ...]:
    """fans.yaml and the editions' files, read once (for every language's names)."""
    return tuple(read_yaml(path) for path in [ROOT / "fans.yaml", *sorted((ROOT / "editions").glob("*.yaml"))])


@cache
def _own_fan_names(lang: str) -> tuple[str, ...]:
    """The language's fan names that are English words: French players use the English names
    (i18n/glossary.fr.md), so in French output they are French; longest first."""
    names = {name for data in _table_files() for name in _names_in(data, lang)}
    return tuple(sorted((n for n in names if n.isascii()), key=len, reverse=True))


def _names_in(data: Any, lang: str) -> Iterator[str]:
    """The `lang` name of every fan in a table or an edition file (its own fans too)."""
    if isinstance(data, dict):
        names = data.get("names")
        if isinstance(names, dict) and isinstance(names.get(lang), str):
            yield names[lang]
        for value in data.values():
            yield from _names_in(value, lang)
    elif isinstance(data, list):
        for item in data:
            yield from _names_in(item, lang)


def _without_names(text: str, names: tuple[str, ...]) -> str:
    """`text` with each of `names` blanked, and a name cut short by a shortened line
    ('Pung of Terminals or H...') too."""
    for name in names:
        text = text.replace(name, " ")
    for name in names:
        for cut in range(len(name) - 1, 7, -1):
            if text.endswith(name[:cut] + "..."):
                return text[:-len(name[:cut] + "...")] + " ..."
    return text


@cache
def _french_words() -> frozenset[str]:
    """Words of the French rulebook's prose, which is written apart from the command line's
    strings: a word French shares with English (total, minimum, dragon) is no evidence."""
    prose = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "site" / "fr" / "rulebook").glob("*.md"))]
    return frozenset(_words(prose))


@cache
def english_words() -> frozenset[str]:
    table, *editions = _table_files()
    english = list(_strings("cli", "en").values())
    english += [v for k, v in _strings("quiz", "en").items() if k.startswith("why_")]
    english += [v for k, v in _strings("site", "en").items() if k.startswith("error_")]
    english += [f["names"]["en"] for f in table["fans"]]
    english += list(texts_in(table["situations"], "en"))
    spanish = [text for surface in ("cli", "quiz", "site", "web-quiz", "tiles")
               for text in _strings(surface, "es").values()]
    spanish += list(texts_in(table, "es"))
    for edition in editions:
        spanish += list(texts_in(edition, "es"))
    return frozenset((_words(english) | FUNCTION_WORDS) - _words(spanish) | ENGLISH_ONLY)


_COMMAND_NAMES = "score|fans|check|vocabulary|editions|list|diff|site|build|serve|quiz|quiz-banks"
_CODE = re.compile(rf"`[^`]*`|\{{[^{{}}]*\}}|\"[^\"]*\"|\[[a-z0-9_]+\]|(?<!\S)--[a-z][a-z-]*"
                   rf"|\bmcr(?: (?:{_COMMAND_NAMES})\b)*")


def english_in(output: str, lang: str, name_column: bool = False) -> list[str]:
    """The English found in `output`, a line with the words at fault for each finding."""
    english = english_words() - _french_words() | ENGLISH_ONLY if lang == "fr" else english_words()
    found = []
    for line in output.splitlines():
        text = _CODE.sub(" ", line)
        text = _without_names(text, _own_fan_names(lang))
        tokens = text.split()
        if name_column and line.startswith("  ") and tokens:
            tokens = tokens[1:]
        words = [t.replace("(s)", "").strip("()[]{}:;,.!?«»“”'").lower() for t in tokens]
        flags = [w.isalpha() and w.isascii() and w in english for w in words]
        if lang in ("zh", "ko", "ja"):
            bad = [w for w, is_english in zip(words, flags) if is_english]
        else:
            bad = [w for w in words if w in ENGLISH_ONLY]
            bad += [f"{a} {b}" for (a, fa), (b, fb) in zip(zip(words, flags), zip(words[1:], flags[1:])) if fa and fb]
        if bad:
            found.append(f"{line.strip()!r}: {bad}")
    return found


def mcr(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`mcr ARGS` in this process: these tests are about the words, not the process."""
    return mcr_here(*args, env=env)


RICH = "[EEE][SSSS1]55pWWWNNN"           # Big Four Winds: five fans left out, flowers, self-drawn payments
IMPLIED = "[1111m]23m456p789s99s4m"       # --replacement brings --self-drawn; one tile waited on
FALSE_WIN = "[234m][567p]345s66s78s9s"    # All Chows, 2 points: no payments, a false win
DISCARD = "[234m][888p]567s34pEE5p"       # Chicken Hand won on a discard: the discarder's payment


def runs() -> dict[str, tuple[list[str], int, bool]]:
    """Each command a reader may run: its arguments, its exit status, and whether its rows
    start with a name of the predicate language."""
    return {
        "score rich": (["score", RICH, "--self-drawn", "--flowers", "2"], 0, False),
        "score implied": (["score", IMPLIED, "--replacement"], 0, False),
        "score false win": (["score", FALSE_WIN], 0, False),
        "score discard": (["score", DISCARD, "--seat-wind", "S"], 0, False),
        "score notation error": (["score", "[123m][EE"], 1, False),
        "score not ascii": (["score", "123m456p789s11s1\uff12p"], 1, False),
        "score tile count": (["score", "123m456p789s11s"], 1, False),
        "score impossible": (["score", IMPLIED, "--robbing-kong", "--self-drawn"], 1, False),
        "score impossible implied": (["score", IMPLIED, "--robbing-kong", "--replacement"], 1, False),
        "score unknown edition": (["score", RICH, "--edition", "club"], 2, False),
        "analyze waiting": (["analyze", "[123m]456p78s99sEES"], 0, False),
        "analyze ready": (["analyze", "123m456p789sEESS", "--flowers", "1"], 0, False),
        "analyze discards": (["analyze", "[123m]456p789sEESSC"], 0, False),
        "analyze complete": (["analyze", "123m456p789sEESSS"], 0, False),
        "analyze tile count": (["analyze", "123m456p789s"], 1, False),
        "analyze fifth copy": (["analyze", "11111m456p789sEES"], 1, False),
        "fans": (["fans"], 0, False),
        "fans points": (["fans", "--points", "88"], 0, False),
        "check": (["check"], 0, False),
        "editions": (["editions"], 0, False),
        "editions diff": (["editions", "diff", "1998", "green-book"], 0, False),
        "editions diff one": (["editions", "diff", "1998"], 2, False),
        "vocabulary": (["vocabulary"], 0, True),
        "quiz-banks stats": (["quiz-banks", "--stats"], 0, False),
        "quiz-banks check": (["quiz-banks", "--check"], 0, False),
        "quiz stats": (["quiz", "--stats", "--banks", str(ROOT / "quizzes")], 0, False),
        "rules quiz stats": (["quiz", "--rules", "--stats"], 0, False),
        "help": (["--help"], 0, False),
        "score help": (["score", "--help"], 0, False),
        "quiz help": (["quiz", "--help"], 0, False),
        "quiz-banks help": (["quiz-banks", "--help"], 0, False),
        "site build help": (["site", "build", "--help"], 0, False),
        "editions help": (["editions", "--help"], 0, False),
        "analyze help": (["analyze", "--help"], 0, False),
    }


_OPTION = re.compile(r"(?:-h, )?--?[a-z][a-z-]*(?: [A-Z]+| \{[^}]*\})?")


def _prose(output: str, command: str) -> str:
    """The project's words in an output: for --help, less argparse's own (the usage lines,
    the section headings, -h's line) and the names of the options, their metavariables,
    the positional arguments and the commands."""
    if "help" not in command:
        return output
    kept, in_usage = [], False
    for line in output.splitlines():
        in_usage = line.startswith("usage:") or (in_usage and line.startswith(" "))
        if in_usage or line in ("options:", "positional arguments:") or line.lstrip().startswith("-h, --help"):
            continue
        line = _OPTION.sub(" ", line)
        if re.match(r"^ {2,4}[A-Za-z-]+(?: {2,}|$)", line):   # a positional argument or a command
            line = line.strip().split(None, 1)[1] if len(line.split()) > 1 else ""
        kept.append(line)
    return "\n".join(kept)


# The commands that check the whole table or every bank: seconds each, so in the slow tier.
CHECKERS = {"check", "quiz-banks check", "quiz-banks stats"}


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_no_command_prints_english_in_another_language(lang: str, tmp_path: Path) -> None:
    _no_english(lang, tmp_path, [c for c in runs() if c not in CHECKERS])


@pytest.mark.slow
@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_the_checkers_print_no_english_in_another_language(lang: str, tmp_path: Path) -> None:
    _no_english(lang, tmp_path, sorted(CHECKERS))


def _no_english(lang: str, tmp_path: Path, commands: list[str]) -> None:
    env = dict(os.environ, NO_COLOR="1", MCR_DATA_DIR=str(tmp_path))
    problems = []
    for command in commands:
        args, status, name_column = runs()[command]
        run = mcr(*args, "--lang", lang, env=env) if "help" not in command else \
            mcr(*args, env=dict(env, LC_ALL=f"{lang}_XX.UTF-8"))
        assert run.returncode == status and "Traceback" not in run.stderr, (command, run.stderr)
        output = _prose(run.stdout + run.stderr, command)
        assert output.strip(), command
        problems += [f"{command}: {p}" for p in english_in(output, lang, name_column)]
    assert not problems, "\n".join(problems)


def test_the_rule_finds_the_english_of_the_old_output() -> None:
    # Lines the commands printed in every language before they were translated.
    old = {
        "zh": ["Not counted:", "  三风刻 (12): implied by 大四喜 [non-repeat]",
               "Total 98 points (valid win: 8 or more without flowers)", "Waited on: 5p N",
               " 1  88  大四喜  [big_four_winds]  (not counted: big_three_winds, all_pungs)",
               "mcr check: 81 problem(s) in fans.yaml", "fans in no bank: none (81 of 81 appear)"],
        "es": ["  Todo pungs (6): implied by Cuatro grandes vientos [non-repeat]",
               "Payments: self-drawn, each of the other three pays 8 + 98 = 106 (winner receives 318)",
               "green-book: Lectura del libro verde (2006), based on 1998 (27 changes)",
               "mcr score: flowers must be a whole number from 0 to 8, not 9"],
        "ko": ["Situation: self-drawn, implied by the other flags given", "  rank      tile: 1-9 (0 for honors)"],
    }
    for lang, lines in old.items():
        for line in lines:
            assert english_in(line, lang), (lang, line)
    # ...and lets through what is not English prose.
    assert not english_in("mcr score: --robbing-kong --self-drawn：抢杠和不可能是自摸", "zh")
    assert not english_in("    1998: {\"and\": [{\"var\": \"tiles\"}]}  [all_terminals]  `mcr quiz`", "ko")
    assert not english_in("Total 16 puntos (victoria válida: 8 o más sin flores)", "es")
    assert not english_in("  and       [a, b, ...]：所有参数都为真时为真", "zh", name_column=True)


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "es_ES"}, "es"),
    ({"LANG": "ko_KR.eucKR"}, "ko"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "es_MX.UTF-8", "LC_MESSAGES": "ko_KR", "LANG": "zh_CN"}, "es"),
    ({"LC_ALL": "", "LC_MESSAGES": "ko_KR", "LANG": "zh_CN"}, "ko"),
    ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),      # the first set wins, even C
    ({"LANG": "zh_TW.UTF-8@stroke"}, "zh"),
])
def test_the_locale_gives_the_language(environ: dict[str, str], expected: str) -> None:
    assert locale_language(environ) == expected


def test_the_locale_is_the_default_of_every_command() -> None:
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    said = mcr("score", RICH, "--self-drawn", env=dict(base, LANG="zh_CN.UTF-8"))
    assert "不计：" in said.stdout and "合计 98分" in said.stdout, said.stdout
    said = mcr("fans", "--points", "88", env=dict(base, LANG="ko_KR.UTF-8", LC_MESSAGES="es_ES.UTF-8"))
    assert "Cuatro grandes vientos" in said.stdout and "no se cuentan:" in said.stdout, said.stdout
    said = mcr("score", RICH, "--self-drawn", env=dict(base, LC_ALL="C", LANG="zh_CN.UTF-8"))
    assert "Not counted:" in said.stdout
    # --lang wins over the locale; JSON keys stay as they are.
    said = mcr("score", RICH, "--json", "--lang", "es", env=dict(base, LANG="zh_CN.UTF-8"))
    assert '"not_counted"' in said.stdout and "Cuatro grandes vientos" in said.stdout


COMMANDS = [["score", RICH], ["score", "-"], ["analyze", RICH], ["fans"], ["check"], ["vocabulary"], ["editions"],
            ["quiz"], ["quiz-banks", "--stats"], ["site", "build"], ["site", "serve"]]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_an_unknown_language_is_refused_with_the_known_ones(args: list[str]) -> None:
    run = mcr(*args, "--lang", "xx")
    assert run.returncode == 2 and run.stdout == ""
    languages = read_yaml(ROOT / "i18n" / "languages.yaml")
    known = ", ".join(f"{entry['code']} ({entry['name']})" for entry in languages)
    assert f"argument --lang: unknown language 'xx'; the languages are {known}" in run.stderr, run.stderr


def test_every_command_takes_lang() -> None:
    for args in COMMANDS:
        helped = mcr(*[a for a in args if a not in (RICH, "-", "--stats")], "--help")
        assert "--lang LANG" in helped.stdout, args


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_situation_names_the_flags(lang: str) -> None:
    run = mcr("score", IMPLIED, "--robbing-kong", "--self-drawn", "--lang", lang)
    assert run.returncode == 1
    assert run.stderr.startswith("mcr score: --robbing-kong --self-drawn"), run.stderr
    assert "robbing_kong" not in run.stderr and "self_drawn" not in run.stderr
    # A flag the user did not type is said to be brought by the one they did.
    brought = mcr("score", IMPLIED, "--robbing-kong", "--replacement", "--lang", lang)
    assert brought.returncode == 1
    assert brought.stderr.startswith("mcr score: --robbing-kong --self-drawn"), brought.stderr
    assert "--replacement" in brought.stderr and "_" not in brought.stderr
    # Only the flags the refusing rule reads: a replacement tile needs a kong.
    no_kong = mcr("score", DISCARD, "--replacement", "--lang", lang)
    # (French puts a space before the colon.)
    assert re.match(r"mcr score: --replacement ?[:：]", no_kong.stderr), no_kong.stderr


def test_too_many_flowers_names_the_flag() -> None:
    run = mcr("score", RICH, "--flowers", "9")
    assert run.returncode == 2
    assert "argument --flowers: a whole number from 0 to 8, not '9'" in run.stderr


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_a_refused_flower_count_is_said_in_the_language_asked(command: str) -> None:
    # The language on the command line wins over the locale's, as in every other message.
    hand = RICH if command == "score" else RICH[:-1]
    english = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="", LANGUAGE="")
    for value in ("9", "9" * 5000):
        run = mcr(command, hand, "--flowers", value, "--lang", "fr", env=english)
        assert run.returncode == 2 and "argument --flowers: un nombre entier de 0 à 8, pas '9" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr and len(run.stderr) < 2000


def test_the_json_lines_errors_keep_the_field_names() -> None:
    # A JSON Lines caller wrote the fields, so its errors name them (and stay in English).
    lines = '{"hand": "[1111m]23m456p789s99s4m", "flowers": 9}\n'
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-", "--lang", "zh"], input=lines,
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "flowers must be a whole number from 0 to 8, not 9" in run.stdout


def test_the_breakdown_says_why_each_fan_is_not_counted_in_each_language() -> None:
    # Big Four Winds implies Big Three Winds (every hand of four wind pungs holds three).
    for lang, line in (("en", "Big Three Winds (12): implied by Big Four Winds (non-repeat)"),
                       ("zh", "三风刻（12分）：已含于大四喜（不重复原则）"),
                       ("es", "Tres grandes vientos (12): implícito en Cuatro grandes vientos (no repetición)"),
                       ("ko", "삼풍각 (12점): 대사희에 포함됨 (불중복 원칙)")):
        assert f"  {line}\n" in mcr("score", RICH, "--self-drawn", "--lang", lang).stdout
    # The payments by hand: 98 points self-drawn, each of the other three pays 8 + 98 = 106,
    # the winner receives 3 x 106 = 318.
    zh = mcr("score", RICH, "--self-drawn", "--lang", "zh").stdout
    assert "付分：自摸，其他三家各付 8 + 98 = 106 分（和牌者共得 318 分）" in zh
    # All Chows is 2 points, under the minimum of 8: a false win, nobody pays.
    ko = mcr("score", FALSE_WIN, "--lang", "ko").stdout
    assert "합계 2점 (유효한 화료가 아님: 화패 제외 8점 이상 필요)" in ko and "지불: 없음" in ko


def test_an_engine_error_is_worded_in_the_language_with_its_place() -> None:
    assert mcr("score", "[123m][EE", "--lang", "es").stderr.strip() == \
        "mcr score: una combinación se abre con [ y no se cierra en la columna 7"
    assert mcr("score", "123m456p789s11s1\uff12p", "--lang", "zh").stderr.strip() == \
        "mcr score: “２”（U+FF12）不是 ASCII 字符：记法只用数字 1-9、m p s、E S W N C F P、方括号与空格" \
        "（记法第 17 个字符）"
    # English keeps the engine's own words, which the README quotes.
    assert mcr("score", "[123m][EE").stderr.strip() == "mcr score: unclosed meld at column 7"


@pytest.mark.parametrize(("lang", "one", "two", "meld"), [
    ("es", "1 ficha: la mano necesita 14", "2 fichas: la mano necesita 14", "[1m] tiene 1 ficha:"),
    ("fr", "1 tuile : la main en demande 14", "2 tuiles : la main en demande 14", "[1m] a 1 tuile :"),
    ("en", "1 tile: a winning hand has 14 (each meld counts 3, a kong too), so with 0 melds it needs 14 standing"
           " tiles, not 1", "2 tiles: a winning hand has 14 (each meld counts 3, a kong too), so with 0 melds it"
           " needs 14 standing tiles, not 2", "meld [1m] has 1 tile:"),
])
def test_an_error_that_counts_tiles_says_one_in_the_singular(lang: str, one: str, two: str, meld: str) -> None:
    assert mcr_here("score", "5p", "--lang", lang).stderr.strip() == f"mcr score: {one}"
    assert mcr_here("score", "5p5p", "--lang", lang).stderr.strip() == f"mcr score: {two}"
    assert meld in mcr_here("score", "[1m]", "--lang", lang).stderr


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("fr", "le chiffre 1 n'est suivi", "les chiffres 12 ne sont suivis"),
    ("es", "el dígito 1 no lleva", "los dígitos 12 no llevan"),
    ("en", "digit '1' has no suit letter", "digits '12' have no suit letter"),
])
def test_one_digit_without_its_suit_is_said_in_the_singular(lang: str, one: str, two: str) -> None:
    assert one in mcr_here("score", "123m456p789s1E", "--lang", lang).stderr
    assert two in mcr_here("score", "123m456p789s12E", "--lang", lang).stderr


def test_the_vocabulary_is_explained_name_for_name() -> None:
    explained = {k for k in _strings("cli", "en") if re.match(r"vocabulary_(op|hand|item)_", k)}
    assert explained == set(vocabulary_keys())


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_a_name_can_be_are_listed_from_the_engine(lang: str) -> None:
    # A name whose texts come from a fixed set (the shapes, the waits, ...) is explained with
    # `{values}`, filled from the engine; no translation writes the set out by hand.
    strings = _strings("cli", lang)
    for key in vocabulary_keys():
        section, name = key.removeprefix("vocabulary_").split("_", 1)
        assert ("{values}" in strings[key]) == ((section, name) in VOCABULARY_VALUES), (lang, key)
    explained = dict(row for _, rows in vocabulary_sections(lang) for row in rows)
    assert all(f"`{shape}`" in explained["shape"] for shape in SHAPES)
    assert explained["wait"].count("`") == 2 * len(WAITS) and "`knitted`" in explained["wait"]
    assert "``" not in explained["letter"] and "`P`" in explained["letter"]   # suited tiles' empty letter unlisted


def test_help_is_worded_in_the_language_asked_on_the_command_line() -> None:
    # --lang is read before parsing, wherever it stands, so --help can follow it.
    for args in (["score", "--help", "--lang", "ko"], ["score", "--lang=ko", "--help"]):
        helped = mcr(*args)
        assert "화료한 사람이 직접 뽑았다" in helped.stdout, helped.stdout   # --self-drawn's help
    assert "the winning tile was drawn by the winner" in mcr("score", "--help").stdout


def test_the_chinese_name_is_shown_beside_only_where_it_adds_something() -> None:
    # All Terminals is 清幺九 in Chinese and in Japanese kanji alike: the Japanese list names it
    # once; English shows the Chinese name players share beside its own.
    japanese = mcr("fans", "--points", "64", "--lang", "ja").stdout
    assert "清幺九  [all_terminals]" in japanese and "清幺九 清幺九" not in japanese
    english = mcr("fans", "--points", "64", "--lang", "en").stdout
    assert "All Terminals 清幺九  [all_terminals]" in english
    breakdown = mcr("score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn", "--lang", "ja").stdout
    assert "明槓 ....." in breakdown and "(明杠)" not in breakdown


def test_a_broken_string_file_is_named_without_a_traceback() -> None:
    # A translator's edit that breaks a file (a placeholder the English lacks) stops the
    # command that reads it; it says which file and key, in English, since the strings are
    # what broke.
    problem = "i18n/cli/ja.yaml: count_kinds_one: placeholders ['k'], en.yaml has ['n']"

    def broken(surface: str, lang: str) -> None:
        raise StringsError(problem)
    with patch("mcr.cli_text.language_strings", broken):
        run = mcr_here("analyze", "123m456p789s11s12p", "--lang", "ja")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == [f"mcr: {problem}"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_phrase_has_both_forms(lang: str) -> None:
    strings = _strings("cli", lang)
    counted = {key for key in strings if key.startswith("count_")}   # the phrases counted_text words
    assert counted and counted == {key.removesuffix("_one") + suffix for key in counted if key.endswith("_one")
                                   for suffix in ("_one", "_other")}, (lang, counted)
    for base in {key.rsplit("_", 1)[0] for key in counted}:
        assert counted_text(lang, base, 1) == strings[f"{base}_one"].format(n=1)
        assert counted_text(lang, base, 2) == strings[f"{base}_other"].format(n=2)


def test_the_editions_list_follows_the_languages_punctuation() -> None:
    # French sets a space before a colon; Japanese uses the full-width one.
    french = mcr_here("editions", "--lang", "fr").stdout.splitlines()
    assert french[0] == "1998 : Règles nationales (1998), celle de la table"
    assert french[1] == "    Administration générale des sports de Chine, 1998 : Règles de compétition du Mahjong de Chine " \
                        "(version d'essai)"
    assert mcr_here("editions", "--lang", "ja").stdout.startswith("1998：")
    lines = mcr_here("editions", "diff", "1998", "green-book", "--lang", "fr").stdout.splitlines()
    assert lines[0].startswith("Big Four Winds [big_four_winds] : ") and lines[1].startswith("    1998 : Big Three Winds")
    assert lines[2].startswith("    green-book : ")
    assert mcr_here("editions", "--lang", "en").stdout.startswith("1998: National rules (1998), the table's own\n")


def test_lang_before_the_command_words_the_help_and_the_command() -> None:
    # `mcr --lang ja --help` was refused ("invalid choice: 'ja'"): the top level had no --lang.
    env = {"PATH": os.environ.get("PATH", ""), "LANG": "C", "NO_COLOR": "1"}
    done = mcr_here("--lang", "ja", "--help", env=env)
    assert done.returncode == 0 and "国標麻将" in done.stdout, done.stderr
    done = mcr_here("--lang", "ja", "fans", "--points", "88", env=env)
    assert done.returncode == 0 and "大四喜" in done.stdout.splitlines()[0], done.stdout[:200]
    done = mcr_here("--lang=fr", "score", "123m456m789m345p5s5s", env=env)
    assert done.returncode == 0 and "Paiements" in done.stdout, done.stdout
    # The command's own --lang, after it, still wins over the locale as before.
    assert "大四喜" in mcr_here("fans", "--points", "88", "--lang", "zh", env=env).stdout


HELP_COMMANDS = (["quiz"], ["score"], ["analyze"], ["fans"], ["check"], ["editions"], ["vocabulary"],
                 ["quiz-banks"], ["site", "build"], ["site", "serve"], [])


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_fits_the_terminal_and_keeps_each_option_whole(lang: str) -> None:
    # argparse counted a Chinese character as one column (it takes two) and cut "--explain"
    # at its hyphen: Japanese and Chinese help ran to 150 columns with "（-" ending a line.
    from i18n.display_width import display_width
    env = {"PATH": os.environ.get("PATH", ""), "LANG": "C", "NO_COLOR": "1", "COLUMNS": "80"}
    for command in HELP_COMMANDS:
        done = mcr_here(*command, "--help", "--lang", lang, env=env)
        assert done.returncode == 0, (command, done.stderr)
        text = done.stdout.split("\n\n", 1)[1]   # the usage lines are argparse's own, in English
        wide = [line for line in text.splitlines() if display_width(line) > 80]
        assert not wide, (command, wide)
        assert not re.search(r"-\n *-", done.stdout) and not re.search(r"[（(]\n", text), command
    assert "--explain" in mcr_here("quiz", "--help", "--lang", lang, env=env).stdout


def test_korean_help_wraps_between_words() -> None:
    # Korean is written with spaces between words: its help breaks at them, never inside a
    # word ("알려 주" / "고" as the first wrapping did), as the text joined again shows.
    from mcr.help_format import wrap
    from mcr.cli_text import cli_text
    text = " ".join(cli_text("ko", "description_quiz").split())
    lines = wrap(text, 40)
    assert len(lines) > 3 and " ".join(lines) == text
    # Japanese may break between any two characters, not inside an option, not after "（", not before "："
    lines = wrap("計上しない番種（--explain：詳細）", 10)
    assert "".join(lines) == "計上しない番種（--explain：詳細）" and len(lines) > 1
    assert any("（--explain" in line for line in lines) and not any(line.startswith("：") for line in lines)
