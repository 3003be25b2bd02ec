"""The rules questions: check blocks read from the rulebook, held to the engine and to one
another across languages, and the bank quizzes/rules.json built from them alone."""
from __future__ import annotations

from i18n import LANGS

import json
import shutil
from pathlib import Path

import pytest

from generator.quizzes.check_blocks import CheckBlockError, read_checks
from generator.quizzes.check_hands import check_hand, edition_tables
from generator.quizzes.rulebook_checks import read_rulebook
from generator.quizzes.rules_bank import (RulesBankError, build_rules_bank, check_rules_bank, dumps_rules_bank,
                             load_rules_bank, rules_bank_path)
from generator.quizzes.rules_questions import choose_questions
from trainer.grading import grade_rules

from ..conftest import ROOT

TABLES = edition_tables()


def _check(body: str, heading: str = "## Claims {#claims}") -> str:
    return f"# Play {{#play}}\n\n{heading}\n\nText.\n\n```check\n{body}\n```\n"


GOOD = """id: pung-before-chow
question: "North discards a 6 of dots; East calls chow, West pung. Who takes it?"
options:
  east: "East"
  west: "West"
answer: west
reason: "A pung comes before a chow."
"""


def _one(markdown: str):
    _, blocks, errors = read_checks(markdown)
    return blocks, errors


# -- reading one block -------------------------------------------------------------------

def test_a_block_is_read_with_its_section() -> None:
    blocks, errors = _one(_check(GOOD))
    assert errors == []
    (block,) = blocks
    assert (block.id, block.anchor, block.section_title) == ("pung-before-chow", "claims", "Claims")
    assert block.option_keys == ("east", "west") and block.answer == ("west",) and block.pick == "one"
    assert block.line == 7   # title, blank, heading, blank, text, blank, then the fence


@pytest.mark.parametrize(("body", "heading", "wanted"), [
    (GOOD, "## Claims", "has no anchor"),
    (GOOD.replace("answer: west", "answer: north"), "## Claims {#claims}", "the answer 'north' is not an option"),
    (GOOD.replace("answer: west", "answer: [east, west]\npick: one"), "## Claims {#claims}", "say pick: all"),
    (GOOD.replace("  east:", "  yes:"), "## Claims {#claims}", "quote the key"),
    (GOOD + "colour: red\n", "## Claims {#claims}", "unknown key(s) colour"),
    (GOOD.replace('reason: "A pung comes before a chow."', ""), "## Claims {#claims}", "`reason` is required"),
    (GOOD + 'situation: {self_drawn: true}\n', "## Claims {#claims}", "there is none"),
    (GOOD + 'hand: "123m"\nsituation: {windy: true}\n', "## Claims {#claims}", "unknown situation key(s) windy"),
])
def test_a_bad_block_is_named_with_its_line(body: str, heading: str, wanted: str) -> None:
    blocks, errors = _one(_check(body, heading))
    assert blocks == [] and len(errors) == 1
    assert wanted in errors[0].message and errors[0].line == 7


def test_an_unclosed_block_is_an_error() -> None:
    _, errors = _one("## Claims {#claims}\n\n```check\n" + GOOD)
    assert errors and "no closing fence" in errors[0].message


# -- the engine -------------------------------------------------------------------------

ROBBED = ('hand: "[456m][789m]345p99s12m3m"\nsituation: {{robbing_kong: true}}\n'
          "scores:\n  total: {total}\n  payments: {{discarder: {discarder}}}\n")


def _robbed(total: int, discarder: int, extra: str = "") -> str:
    return _check(GOOD + extra + ROBBED.format(total=total, discarder=discarder))


def test_a_hand_is_held_to_its_stated_scores() -> None:
    # Robbing the kong on the 3 of characters, an edge wait (1-2 waiting for 3): Pure
    # Straight 16 (123 456 789 of characters), Robbing the Kong 8, All Chows 2, Edge Wait 1
    # = 27; paid as a discard, so the robbed player pays 8 + 27 = 35.
    (block,), _ = _one(_robbed(27, 35))
    assert check_hand(block, TABLES).total == 27
    (wrong,), _ = _one(_robbed(28, 35))
    with pytest.raises(CheckBlockError, match="total: stated 28, engine 27"):
        check_hand(wrong, TABLES)
    (unpaid,), _ = _one(_robbed(27, 27))
    with pytest.raises(CheckBlockError, match="payments.discarder: stated 27, engine 35"):
        check_hand(unpaid, TABLES)


def test_an_option_named_by_a_fan_follows_the_engine() -> None:
    # Options keyed by fan ids: robbing_the_kong counts here, self_drawn cannot (a robbed
    # tile is another player's). Calling self_drawn right, or robbing_the_kong wrong, fails.
    body = ('id: which-fans\nquestion: "Which count?"\noptions:\n  robbing_the_kong: "Robbing the Kong"\n'
            '  self_drawn: "Self-Drawn"\nanswer: {answer}\nreason: "A robbed tile is not self-drawn."\n'
            'hand: "[456m][789m]345p99s12m3m"\nsituation: {{robbing_kong: true}}\nscores: {{total: 27}}\n')
    (right,), _ = _one(_check(body.format(answer="robbing_the_kong")))
    check_hand(right, TABLES)
    (wrong,), _ = _one(_check(body.format(answer="self_drawn")))
    with pytest.raises(CheckBlockError, match="option robbing_the_kong is not in the answer, but the engine counts"):
        check_hand(wrong, TABLES)


def test_a_hand_without_stated_scores_is_refused() -> None:
    (block,), _ = _one(_check(GOOD + 'hand: "[456m][789m]345p99s12m3m"\n'))
    with pytest.raises(CheckBlockError, match="states what the engine gives"):
        check_hand(block, TABLES)


# -- the languages ----------------------------------------------------------------------

ZH = GOOD.replace("North discards a 6 of dots; East calls chow, West pung. Who takes it?", "北家打出六饼，东家吃，西家碰。归谁？") \
    .replace("A pung comes before a chow.", "碰优先于吃。")


def _book(tmp_path: Path, en: str, zh: str | None) -> Path:
    for lang, body in (("en", en), ("zh", zh)):
        if body is None:
            continue
        folder = tmp_path / "site" / lang / "rulebook"
        folder.mkdir(parents=True)
        (folder / "play.md").write_text(_check(body), encoding="utf-8")
    return tmp_path / "site"


def test_translations_agree(tmp_path: Path) -> None:
    book = read_rulebook(_book(tmp_path, GOOD, ZH), langs=("en", "zh"), tables=TABLES)
    assert book.problems == () and [c.id for c in book.checks] == ["pung-before-chow"]
    assert book.checks[0].copies["zh"].block.question.startswith("北家")


@pytest.mark.parametrize(("zh", "wanted"), [
    (ZH.replace("answer: west", "answer: east"), "answer east here, west in en"),
    (ZH.replace("  east:", "  south:"), "options south, west here, east, west in en"),
    (GOOD, "the question is the en text: translate it"),
    (ZH.replace("id: pung-before-chow", "id: pung-first"), "check pung-first is not in the en rulebook"),
])
def test_translations_that_differ_are_named(tmp_path: Path, zh: str, wanted: str) -> None:
    book = read_rulebook(_book(tmp_path, GOOD, zh), langs=("en", "zh"), tables=TABLES)
    assert any(wanted in p for p in book.problems), book.problems
    assert any(p.startswith("site/zh/rulebook/play.md:7:") or p.startswith("site/en/rulebook/play.md:7:")
               for p in book.problems)


def test_a_missing_chapter_stops_the_bank(tmp_path: Path) -> None:
    with pytest.raises(RulesBankError, match="zh/rulebook/play.md: the chapter is missing"):
        build_rules_bank(_book(tmp_path, GOOD, None), tables=TABLES, langs=("en", "zh"))


SECOND = GOOD.replace("id: pung-before-chow", "id: pung-before-chow-again")


def test_a_check_missing_from_a_translation_stops_the_bank(tmp_path: Path) -> None:
    # English has two checks in the chapter, Chinese only the first: the bank would ask
    # Chinese learners fewer questions, so it is refused and the missing check named.
    book = _book(tmp_path, GOOD + "```\n\n```check\n" + SECOND, ZH)
    with pytest.raises(RulesBankError, match="check pung-before-chow-again is missing from site/zh/rulebook/play.md"):
        build_rules_bank(book, tables=TABLES, langs=("en", "zh"))


# -- the project's bank -----------------------------------------------------------------

BANK = rules_bank_path()


def test_the_committed_bank_is_the_rulebooks() -> None:
    assert check_rules_bank(BANK) == []


def test_the_bank_is_rebuilt_byte_for_byte() -> None:
    assert dumps_rules_bank(build_rules_bank()) == BANK.read_text(encoding="utf-8")


def test_an_edited_check_fails_the_bank_check(tmp_path: Path) -> None:
    book = tmp_path / "site"
    shutil.copytree(ROOT / "site", book, ignore=shutil.ignore_patterns("assets"))
    play = book / "en" / "rulebook" / "play.md"
    # The answer of pung-before-chow alone (other checks of the chapter answer west too).
    edited = play.read_text(encoding="utf-8").replace('the two calls cancel out"\nanswer: west',
                                                      'the two calls cancel out"\nanswer: east', 1)
    play.write_text(edited, encoding="utf-8")
    problems = check_rules_bank(BANK, book)
    # The English answer now disagrees with the three translations: the rulebook is refused.
    assert any("pung-before-chow: answer west here, east in en" in p for p in problems), problems


def test_a_damaged_bank_file_is_named(tmp_path: Path) -> None:
    data = json.loads(BANK.read_text(encoding="utf-8"))
    data["questions"][0]["pick"] = "some"
    broken = tmp_path / "rules.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    (problem,) = check_rules_bank(broken)
    assert problem.startswith(f"{broken}: not a rules bank (questions/0/pick:")


def test_every_question_cites_a_section_of_its_chapter_in_every_language() -> None:
    bank = load_rules_bank(BANK, validate=True)
    assert bank.header["languages"] == list(LANGS) == ["en", "zh", "es", "ko", "fr", "ja"]
    for q in bank.questions:
        for lang in bank.header["languages"]:
            source = (ROOT / "site" / lang / "rulebook" / f"{q.chapter}.md").read_text(encoding="utf-8")
            heading = f"{q.text(lang).section} {{#{q.anchor}}}"
            assert heading in source, f"{q.id}: {lang} has no heading {heading!r}"


MIN_RULES_QUESTIONS = 60    # issue 21: at least 60 rules questions across the chapters
MIN_PER_CHAPTER = 5


def test_the_bank_covers_every_chapter_in_every_language() -> None:
    bank = load_rules_bank(BANK, validate=True)
    chapters = sorted(p.stem for p in (ROOT / "site" / "en" / "rulebook").glob("*.md"))
    per_chapter = {c: sum(q.chapter == c for q in bank.questions) for c in chapters}
    assert len(bank.questions) == bank.header["count"] >= MIN_RULES_QUESTIONS
    assert {q.chapter for q in bank.questions} == set(chapters)
    assert min(per_chapter.values()) >= MIN_PER_CHAPTER, per_chapter
    # The same questions in each language: every one has its own words in all six, and
    # every language's rulebook holds exactly the same checks.
    for q in bank.questions:
        assert list(q.data["text"]) == list(LANGS), q.id
    book = read_rulebook(ROOT / "site", tables=TABLES)
    ids = {q.id for q in bank.questions}
    for lang in LANGS:
        assert {c.id for c in book.checks if lang in c.copies} == ids, lang


def test_known_facts_of_the_bank() -> None:
    """A few answers worked out by hand from the rules, not from the engine."""
    bank = {q.id: q for q in load_rules_bank(BANK).questions}
    # Play runs East, South, West, North; a chow comes only from the player just before
    # you, so West chows South's discard.
    assert bank["chow-from-left-only"].answer == ("south",)
    # Counting counterclockwise from South: West, North, East; North is the first caller.
    assert bank["intercept-turn-order"].answer == ("north",)
    # The flowers example: All Chows 2 + All Simples 2 + Short Straight 1 + Single Wait 1 = 6,
    # plus 3 flowers = 9, and under 8 without them: not a valid win.
    flowers = bank["flowers-and-the-minimum"].hand
    assert (flowers["total"], flowers["total_without_flowers"], flowers["valid"]) == (9, 6, False)
    # Copies count for Last Tile when visible: discards and exposed melds, one's own included.
    assert set(bank["last-tile-seen-copies"].answer) == {"discards", "others_exposed", "own_exposed"}
    # The dealer counts 1 and the count runs counterclockwise (East, South, West, North):
    # 7 lands on the third seat, West, opposite the dealer.
    seats = ("east", "south", "west", "north")
    assert bank["second-thrower"].answer == (seats[(7 - 1) % 4],)
    # Standard points at a table of four: 4, then 4 minus the place (2, 1, 0). Two tied
    # for first share the points of first and second: (4 + 2) / 2 = 3 each.
    assert bank["second-place-points"].answer == ("p2",)
    assert bank["tied-for-first"].answer == ("p3",)
    # 500 each and every point won is paid by another player: 4 x 500 = 2000.
    assert bank["table-scores-add-up"].answer == ("p2000",)
    # The pung reading of 111 222 333 of dots, 789 of bamboo and a pair of 5s of
    # characters won on a discard: Pure Shifted Pungs 24 + Three Concealed Pungs 16 +
    # Concealed Hand 2 + Pung of Terminals or Honors 1 (the 1s) + No Honors 1 + Single Wait 1
    # = 45, above the chow reading's 24 + 2 + 2 (All Chows) + 1 = 29.
    assert bank["highest-reading-only"].answer == ("p45",) and bank["highest-reading-only"].hand["total"] == 45
    # All Terminals (64) leaves out Double Pung and Pung of Terminals or Honors, not Triple Pung (16).
    assert set(bank["triple-pung-with-all-terminals"].answer) == {"all_terminals", "triple_pung"}
    assert bank["triple-pung-with-all-terminals"].hand["total"] == 80
    # Four 4s of characters, no kong, concealed, won on a discard: 2-3-4 twice and a pair of
    # 4s, or 1-2-3, 2-3-4 and the pair had a 1 come: no wait fan. All Chows 2 + Tile Hog 2 +
    # All Simples 2 + Pure Double Chow 1 + Concealed Hand 2 = 9.
    hog = bank["tile-hog-without-kong"]
    assert set(hog.answer) == {"tile_hog", "pure_double_chow", "all_simples"} and hog.hand["total"] == 9
    # Double Pung: the same number in two suits; 5 and 6 differ, dragons have no number.
    assert set(bank["double-pung-same-number"].answer) == {"m5_p5", "p7_s7"}


def test_no_fan_is_worth_the_points_the_bank_says_none_is() -> None:
    # Held to the table, not to the question: the values no fan has are the right answers.
    question = {q.id: q for q in load_rules_bank(BANK).questions}["no-such-points"]
    worth = {fan.points for fan in next(iter(TABLES.values())).fans}
    assert set(question.answer) == {key for key in question.options if int(key[1:]) not in worth}
    assert sorted(worth, reverse=True) == [88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1]


def test_an_option_that_names_a_fan_names_it_as_the_table_does_in_every_language() -> None:
    # An option keyed by a fan id whose English words are the fan's name (or begin with
    # it: "Last Tile Claim, 8 points") must use the table's name in every language.
    fans = {fan.id: fan for fan in next(iter(TABLES.values())).fans}
    named = 0
    for q in load_rules_bank(BANK).questions:
        for i, key in enumerate(q.options):
            if key in fans and q.text("en").options[i].startswith(fans[key].name("en")):
                named += 1
                for lang in LANGS:
                    words = q.text(lang).options[i]
                    assert words.startswith(fans[key].name(lang)), (q.id, lang, words, fans[key].name(lang))
    assert named >= 30


def test_every_hand_of_the_bank_agrees_with_an_independent_calculator() -> None:
    # PyMahjongGB follows the green-book reading; no hand of the bank is scored otherwise
    # by the two editions, so its total must be the bank's.
    from ..independent_calculator import gb_fans
    table = next(iter(TABLES.values()))
    points = {fan.id: fan.points for fan in table.fans}
    hands = [q for q in load_rules_bank(BANK).questions if q.hand is not None]
    assert len(hands) >= 20
    for q in hands:
        fans = gb_fans(q.hand["notation"], q.hand["situation"], table)
        if fans is None:
            pytest.skip("PyMahjongGB is not installed")
        assert sum(points.get(fan, 0) * n for fan, n in fans.items()) == q.hand["total"], (q.id, fans)


def test_grading_and_choosing() -> None:
    bank = load_rules_bank(BANK)
    q = next(q for q in bank.questions if q.id == "robbing-the-kong-who-pays")
    assert grade_rules(q, ["may_rob", "south_pays"]) and grade_rules(q, ["south_pays", "may_rob"])
    assert not grade_rules(q, ["may_rob"]) and not grade_rules(q, ["may_rob", "south_pays", "self_drawn"])
    assert q.label("south_pays") == "C"
    first = choose_questions(bank.questions, 5, seed=7)
    assert first == choose_questions(bank.questions, 5, seed=7) and len({q.id for q in first}) == 5
    assert {q.chapter for q in choose_questions(bank.questions, 99, seed=1, chapter="play")} == {"play"}


def test_the_quiz_banks_command_builds_and_checks_the_rules_bank(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture) -> None:
    from mcr.cli import main
    assert main(["quiz-banks", "--rules", "--out", str(tmp_path)]) == 0
    built = tmp_path / "rules.json"
    assert built.read_text(encoding="utf-8") == BANK.read_text(encoding="utf-8")
    assert "73 rules questions from 8 chapters" in capsys.readouterr().out
    assert main(["quiz-banks", "--rules", "--check", "--out", str(tmp_path)]) == 0
    data = json.loads(built.read_text(encoding="utf-8"))
    first = data["questions"][0]
    first["answer"] = [key for key in first["options"] if key not in first["answer"]][:1]   # a wrong key
    built.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["quiz-banks", "--rules", "--check", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"rules.json: {data['questions'][0]['id']}: differs from the rulebook's check" in err
    assert "mcr quiz-banks" in err
