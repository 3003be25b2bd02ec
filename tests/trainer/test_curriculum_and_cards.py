"""The curriculum (its data file checked line by line, mastery) and the learn cards from the
fan table (example and nearest miss), the flashcards and the guided steps."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import rules
from trainer.curriculum import CURRICULUM_PATH, CurriculumError, curriculum, curriculum_from
from trainer.explain_text import Explainer
from trainer.flashcards import NAME_TO_TILES, TILES_TO_NAME, flashcard
from trainer.guided import guided_steps
from trainer.learn_cards import learn_card
from trainer.learner_settings import learner_settings
from trainer.mastery import UnitState, mastered
from trainer.progress import Progress
from trainer.stats_text import stats_report
from tests.trainer.support import DAY_ONE
from generator.quizzes.banks import bank_path, load_bank

TABLE = rules.fan_table()
TABLES = [rules.fan_table(None, info.id) for info, _ in rules.editions()]
EX = Explainer("en", {"1998": TABLE}, "1998")


# -- the curriculum -------------------------------------------------------------------------

def test_every_fan_of_every_edition_is_in_one_unit_in_order() -> None:
    course = curriculum()
    assert [u.id for u in course.units] == ["one_point", "two_point", "staples", "combinations", "rare_hands"]
    owned = [f for u in course.units for f in u.fans]
    assert sorted(owned) == sorted({f.id for t in TABLES for f in t.fans})
    assert all(TABLE.fan(f).points == 1 for f in course.unit("one_point").fans)
    assert all(TABLE.fan(f).points == 2 for f in course.unit("two_point").fans)


def test_a_mistake_in_the_curriculum_is_named_with_its_line() -> None:
    text = CURRICULUM_PATH.read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines, 1) if "tile_hog" in line)
    with pytest.raises(CurriculumError) as err:
        curriculum_from(text.replace("tile_hog,", "golden_dragon,"), TABLES)
    problems = str(err.value).splitlines()
    assert f"trainer/curriculum.yaml:{at}: unit two_point: golden_dragon is no fan of the fan table or its editions" \
        in problems
    assert any(p.endswith("fans in no unit: tile_hog") for p in problems)
    twice = text.replace("all_fives, seven_pairs", "all_fives, dragon_pung, seven_pairs")
    with pytest.raises(CurriculumError, match="dragon_pung is already in unit two_point"):
        curriculum_from(twice, TABLES)
    with pytest.raises(CurriculumError, match="non_copying is not a principle"):
        curriculum_from(text.replace("principles: [non_repeat]", "principles: [non_copying]"), TABLES)
    with pytest.raises(CurriculumError, match=r"curriculum.yaml:\d+: title has no text in ja"):
        curriculum_from(text.replace('    ja: "2点の番"\n', ""), TABLES)


def test_a_unit_is_passed_at_80_percent_over_ten_answers_or_more() -> None:
    rule = learner_settings().mastery
    assert (rule.share, rule.answers) == (0.8, 10)
    assert not mastered((True,) * 9, rule)                       # nine right: too few answers
    assert mastered((True,) * 8 + (False,) * 2, rule)             # 8 of 10
    assert not mastered((True,) * 7 + (False,) * 3, rule)         # 7 of 10
    state = UnitState()
    for right in [True] * 7 + [False] * 3:
        state = state.answered(("one_point",), right, rule)
    assert state.passed == ()
    for right in [True] * 5:                                      # 12 of 15
        state = state.answered(("one_point",), right, rule)
    assert state.passed == ("one_point",)
    assert curriculum().current(state).id == "two_point"


def test_stats_show_how_far_the_unit_is_from_passing() -> None:
    # The rule is 80% over ten answers or more, the last 20 kept: 8 right of 9 is not
    # enough answers yet, whatever the share.
    course, table = curriculum(), rules.fan_table()
    units = UnitState(("one_point",), (), {"one_point": (True,) * 4 + (False,) + (True,) * 4})
    report = stats_report(Progress(units=units), "en", table, course, DAY_ONE)
    assert ("Your unit: The one-point fans.\nSo far 8 of 9 right; passing needs 80% right over at least "
            "10 answers, counting your last 20 at most.") in report
    report = stats_report(Progress(units=UnitState(("one_point",))), "en", table, course, DAY_ONE)
    assert "No answers on its fans yet; passing needs 80% right over at least 10 answers." in report


# -- learn cards ----------------------------------------------------------------------------

def test_a_card_shows_the_fans_example_and_its_nearest_miss() -> None:
    card = learn_card(TABLE, "pure_double_chow")
    # fans.yaml's first example: [234m]234m567p789sEE, two 234 of characters.
    assert card.example.hand == "[234m]234m567p789sEE" and card.points == 1
    # One tile away: 345m instead of 234m, which would count with the 2m back for the 5m.
    assert card.near.hand.hand == "[234m]345m567p789sEE" and dict(card.near.change) == {"out": "5m", "in": "2m"}
    texts = card.texts(TABLE, "en")
    assert texts["definition"] == TABLE.fan("pure_double_chow").definitions["en"]
    assert texts["note"] == TABLE.fan("pure_double_chow").notes["en"]


def test_the_flower_tiles_miss_says_what_the_same_hand_lacks() -> None:
    # fans.yaml: [234m][888p]567s34pEE5p counts Flower Tiles twice with two flowers, and not
    # at all without: side by side the two hands look alike, so the card names the flowers.
    card = learn_card(TABLE, "flower_tiles")
    assert card.example.hand == card.near.hand.hand == "[234m][888p]34p567sEE5p"   # as the card writes it
    assert dict(card.near.change) == {"flowers": 2} and card.near.hand.situation["flowers"] == 0
    explainer = Explainer("fr", {"1998": TABLE}, "1998")
    assert explainer.near(card.near.change) == "compterait avec 2 fleurs"
    assert explainer.near({"flowers": 1}) == "compterait avec 1 fleur"


@pytest.mark.parametrize("fan", [f.id for f in TABLE.fans])
def test_every_card_holds_an_example_that_counts_and_a_miss_that_does_not(fan: str) -> None:
    card = learn_card(TABLE, fan)
    assert card.example is not None
    assert fan in rules.score(card.example.hand, **card.example.situation).fan_counts()
    assert card.near is not None
    miss = card.near.hand
    assert fan not in rules.score(miss.hand, **miss.situation).fan_counts()
    change = dict(card.near.change)
    if "out" in change:   # the miss with one of its standing `out` tiles changed counts the fan
        assert any(fan in rules.score(h, **miss.situation).fan_counts()
                   for h in _swapped(miss.hand, change["out"], change["in"]))
    elif change:          # a situation change
        assert fan in rules.score(miss.hand, **{**miss.situation, **change}).fan_counts()


def _swapped(hand: str, out: str, into: str) -> list[str]:
    """The hand with one of its standing `out` tiles replaced by `into`, each way (the
    winning tile stays last)."""
    melds = hand[:hand.rindex("]") + 1] if "]" in hand else ""
    standing = [t.text for t in rules.read_tiles(hand[len(melds):])]
    hands = []
    for at in [i for i, t in enumerate(standing) if t == out]:
        tiles = standing[:at] + [into] + standing[at + 1:]
        rest = sorted(tiles[:-1], key=lambda t: rules.read_tiles(t)[0].code)
        hands.append(melds + "".join(rest) + tiles[-1])
    return hands


def test_flashcards_both_ways() -> None:
    rng = random.Random(1)
    to_tiles = flashcard("short_straight", NAME_TO_TILES, EX, [], rng)
    assert to_tiles.prompt == "Which hand scores Short Straight (1 point)? Type its number."
    right = to_tiles.hands[to_tiles.answer]
    assert "short_straight" in rules.score(right.hand, **right.situation).fan_counts()
    assert to_tiles.right(to_tiles.answer) and not to_tiles.right(1 - to_tiles.answer)
    to_name = flashcard("short_straight", TILES_TO_NAME, EX, ["pure_double_chow", "mixed_double_chow"], rng)
    assert to_name.answer == "short_straight" and len(to_name.options) == 4
    scored = rules.score(to_name.hands[0].hand, **to_name.hands[0].situation).fan_counts()
    assert not {v for v, _ in to_name.options if v != "short_straight"} & set(scored)   # no other right option


# -- count it with me ----------------------------------------------------------------------

def test_the_guided_steps_walk_the_checklist_and_answer_each() -> None:
    q = next(q for q in load_bank(bank_path("beginner")).questions
             if q.kind == "fans" and q.data["explanation"]["not_counted"] and q.data["explanation"]["shape"] == "standard"
             and q.answer["valid"])
    steps = guided_steps(q, EX)
    ids = [s.id for s in steps]
    assert ids[:2] == ["shape", "sets"] and ids[-4:] == ["principles", "flowers", "total", "payments"]
    assert all(i.startswith("family:") for i in ids[2:-4])
    by_id = {s.id: s for s in steps}
    assert by_id["shape"].right("standard") and not by_id["shape"].right("pairs")
    assert by_id["total"].right(q.answer["total"])
    assert by_id["principles"].answer == frozenset(n["id"] for n in q.data["explanation"]["not_counted"])
    counted = frozenset(f for s in steps if s.id.startswith("family:") for f in s.answer)
    assert counted == frozenset(f for f in q.answer_ids if not TABLE.fan(f).bonus)
    chows = sum(1 for g in q.data["explanation"]["groups"] if len(g) == 4 and len(set(g[:3])) == 3)
    assert by_id["sets"].answer[0] == chows


def test_the_sets_step_says_one_chow_in_the_singular() -> None:
    # A hand with one chow: "1 chow and 3 pungs or kongs", not "1 chows".
    q = next(q for q in load_bank(bank_path("beginner")).questions
             if q.data["explanation"]["shape"] == "standard" and guided_steps(q, EX)[1].answer[0] == 1)
    sets = guided_steps(q, EX)[1]
    pungs = sets.answer[1]
    assert sets.explain[0].startswith(f"1 chow and {pungs} pung{'s' if pungs != 1 else ''} or kong{'s' if pungs != 1 else ''}:")


def test_the_other_options_take_their_languages_punctuation() -> None:
    # A fan one change away is worded as a fan left out is: French sets a space before the colon.
    question = next(q for q in load_bank(bank_path("beginner")).questions
                    if any(d["reason"] == "near" for d in q.data.get("distractors", [])))
    near = next(d for d in question.data["distractors"] if d["reason"] == "near")
    for lang, colon in (("fr", " : "), ("en", ": "), ("zh", "：")):
        explainer = Explainer(lang, {"1998": TABLE}, "1998")
        lines = explainer._tempting(question)
        name = explainer.name(near["id"])
        line = next(x for x in lines if x.startswith(f"  {name}"))
        assert line.endswith(f"{colon}{explainer.near(near['change'])}"), (lang, line)
