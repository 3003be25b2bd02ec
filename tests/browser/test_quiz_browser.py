"""The web quiz of the fan family pages (quiz.js; the level pages run the trainer itself:
test_trainer_quiz_browser.py) in a real browser (Debian's Chromium driven by Playwright), on
the built site: a learner answers one question right and one wrong, sees the feedback and the running
score, and finds both again after a reload; a fan family drills its own fans, ticked
options are marked, and the reset erases everything; the quiz index shows the fans to
review and the history chart; a missed question comes back three questions later. The
browser's grading is checked against generator/quizzes/questions.py, its credit and blame against
trainer/attribution.py. Screenshots of questions with their feedback go to test-artifacts/."""
from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from trainer.attribution import Verdict, attribute, fan_facts
from trainer.learner_settings import learner_settings
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS, Question, expected_payments
from trainer.grading import grade
from generator.quizzes.banks import bank_path, load_bank
from generator.site.quiz_site_text import quiz_text
from generator.site.site_text import points_label
from generator.site.tiles import tile_alt

from ..site_build_support import ARTIFACTS
from .conftest import CHROMIUM
from .test_site_browser import Tab, _prefix, tab  # noqa: F401 - the tab fixture

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

STORAGE_KEY = "mcr-quiz-progress"
# The level pages run the trainer itself (test_trainer_quiz_browser.py); quiz.js drills the fan
# families (and the timed drill), which these tests drive: one family whose questions are of every kind.
FAMILY = "concealment"
FAMILY_PAGE = f"quiz/family-{FAMILY}/"
FAMILY_MODE = f"family:{FAMILY}"
FACTS = fan_facts([rules.fan_table(None, info.id) for info, _ in rules.editions()])


@pytest.fixture(scope="module")
def questions() -> dict[str, Question]:
    return {q.id: q for level in LEVELS for q in load_bank(bank_path(level)).questions}


def _quiz(tab: Tab) -> Any:
    return tab.page.locator("div.mcr-quiz")


def _wait(tab: Tab, state: str) -> str:
    """Wait for the quiz to reach `state`; the question it shows."""
    tab.page.wait_for_selector(f'div.mcr-quiz[data-state="{state}"]', timeout=15000)
    tab.page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=15000)
    return _quiz(tab).get_attribute("data-question") or ""


def _stored(tab: Tab) -> dict[str, Any]:
    return json.loads(tab.page.evaluate(f"() => localStorage.getItem('{STORAGE_KEY}')") or "null")


def _answer(tab: Tab, q: Question, *, right: bool) -> None:
    """Answer `q` through the page's form, right or wrong."""
    page = tab.page
    if q.kind == "total":
        page.fill("input[name=total]", str(q.answer["total"] + (0 if right else 1)))
        page.click(".mcr-quiz__check")
    elif q.kind == "valid":
        page.click(".mcr-quiz__yes" if q.answer["valid"] == right else ".mcr-quiz__no")
    elif q.kind == "payments":
        for field, value in zip(page.locator(".mcr-quiz__form input").all(), expected_payments(q)):
            field.fill(str(value + (0 if right else 1)))
        page.click(".mcr-quiz__check")
    else:
        wrong = [f for f in q.options if f not in q.answer_ids]
        for fan in (q.answer_ids if right else wrong[:1]):
            page.check(f'.mcr-quiz__option input[value="{fan}"]')
        page.click(".mcr-quiz__check")


def _screenshot(tab: Tab, name: str) -> None:
    tab.page.evaluate("() => window.scrollTo(0, 0)")
    tab.page.wait_for_selector(".md-tabs:not([hidden])")   # Material hides its tabs while scrolled down
    ARTIFACTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(ARTIFACTS / name), full_page=True, animations="disabled")


def _the_rulings_are_the_hands(page: Any, question: Question) -> None:
    """The rulings on the hand's fans (counted or tempting), each linked to its place on the rulings page."""
    table = rules.fan_table()
    on_hand = set(question.answer_ids) | {n["id"] for n in question.data["explanation"]["not_counted"]}
    expected = [r.id for r in table.rulings
                if on_hand & ({f.id for f in table.fans if r.id in f.rulings} | set(r.fans))]
    shown = page.locator(".mcr-quiz__rulings li")
    assert [li.get_attribute("data-ruling") for li in shown.all()] == expected
    if expected:
        href = shown.first.locator("a").evaluate("a => a.href")
        assert href.endswith("#" + expected[0]) and page.request.get(href).ok


@pytest.mark.parametrize("lang", ["en", "zh", "fr", "ja"])
def test_a_right_and_a_wrong_answer_then_a_reload(tab: Tab, questions: dict[str, Question], lang: str) -> None:
    page = tab.page
    tab.open(f"{_prefix(lang)}{FAMILY_PAGE}")
    _wait(tab, "asking")
    assert _quiz(tab).locator(".mcr-quiz__score").inner_text() == quiz_text(lang, "score_none")
    page.select_option(".mcr-quiz__kind", "total")            # "How many points?" only
    first = questions[_wait(tab, "asking")]
    assert first.kind == "total"
    assert tab.tiles_loaded() >= 14

    _answer(tab, first, right=True)
    _wait(tab, "answered")
    verdict = page.locator(".mcr-quiz__verdict")
    assert "mcr-quiz__verdict--right" in verdict.get_attribute("class")
    assert verdict.inner_text() == "✓ " + quiz_text(lang, "right")
    assert page.locator(".mcr-quiz__expected").inner_text() == \
        quiz_text(lang, "expected_total", points=points_label(lang, first.answer["total"]))
    # The breakdown: every fan that counts, every tempting fan that does not, and why.
    rows = page.locator(".mcr-hand__score > table tbody tr")
    assert [r.get_attribute("data-fan") for r in rows.all()] == first.answer_ids
    not_counted = page.locator(".mcr-hand__not-counted:not(.mcr-quiz__near) tbody tr")
    assert not_counted.count() == len(first.data["explanation"]["not_counted"])
    assert quiz_text(lang, "score_percent", right=1, asked=1, percent=100) in page.locator(".mcr-quiz__score").inner_text()
    fan_page = page.locator(".mcr-hand__score > table tbody a").first
    assert page.request.get(fan_page.evaluate("a => a.href")).ok
    _the_rulings_are_the_hands(page, first)

    page.click(".mcr-quiz__next")
    second = questions[_wait(tab, "asking")]
    assert second.id != first.id and second.kind == "total"
    _answer(tab, second, right=False)
    _wait(tab, "answered")
    verdict = page.locator(".mcr-quiz__verdict")
    assert "mcr-quiz__verdict--wrong" in verdict.get_attribute("class")
    assert verdict.inner_text() == "✗ " + quiz_text(lang, "wrong_answer", answer=second.answer["total"] + 1)
    score = quiz_text(lang, "score_percent", right=1, asked=2, percent=50)
    assert page.locator(".mcr-quiz__score").inner_text() == score
    _screenshot(tab, f"quiz-{lang}-family-feedback.png")

    page.reload(wait_until="load")
    assert _wait(tab, "answered") == second.id             # the same question, with its feedback
    assert page.locator(".mcr-quiz__score").inner_text() == score
    assert "mcr-quiz__verdict--wrong" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    assert page.locator(".mcr-quiz__kind").input_value() == "total"
    stored = _stored(tab)
    assert stored["format"] == 2 and stored["kinds"]["total"] == {"seen": 2, "right": 1}
    mode = stored["modes"][FAMILY_MODE]
    assert (mode["seen"], mode["right"], mode["current"], mode["answered"]) == (2, 1, second.id, True)
    # One point over: blamed on a tempting 1-point fan when only it explains it, else
    # doubted (trainer/attribution.py); never on the flowers, which get no box at all.
    for outcome in attribute(second.data, second.answer["total"] + 1, FACTS, learner_settings()):
        if outcome.verdict is Verdict.BLAME:
            assert stored["fans"][outcome.fan]["box"] == 1    # missed: back to box 1, asked again soon
    assert "flower_tiles" not in stored["fans"] and "self_drawn" not in stored["fans"]
    assert mode["reask"] == [{"id": second.id, "at": 4, "times": 1}]   # missed as the 2nd: back as the 5th
    assert not tab.errors, tab.errors


def test_a_family_drills_its_fans_marks_the_options_and_resets(tab: Tab, questions: dict[str, Question],
                                                                table: object) -> None:
    page = tab.page
    family = "concealment"
    tab.open("es/quiz/family-" + family + "/")
    _wait(tab, "asking")
    page.select_option(".mcr-quiz__kind", "fans")
    q = questions[_wait(tab, "asking")]
    assert q.kind == "fans" and any(table.fan(f).family == family for f in q.drill)
    names = [n.inner_text() for n in page.locator(".mcr-quiz__option-name").all()]
    assert names == [table.fan(f).names["es"] for f in q.options]

    _answer(tab, q, right=False)
    _wait(tab, "answered")
    wrong = [f for f in q.options if f not in q.answer_ids][:1]
    for fan in q.options:
        css = page.locator(f'.mcr-quiz__option[data-fan="{fan}"]').get_attribute("class")
        expected = ("missed" if fan in q.answer_ids else "wrong" if fan in wrong else "other")
        assert f"mcr-quiz__option--{expected}" in css, fan
    if wrong:
        assert page.locator(".mcr-quiz__picked-wrong").inner_text() == \
            quiz_text("es", "not_counting", fans=table.fan(wrong[0]).names["es"])
    _screenshot(tab, f"quiz-es-family-{family}-feedback.png")

    reset = page.locator(".mcr-quiz__reset")
    reset.click()
    assert reset.inner_text() == quiz_text("es", "reset_confirm")
    assert _stored(tab)["modes"][f"family:{family}"]["seen"] == 1      # one click erases nothing
    reset.click()
    _wait(tab, "asking")
    assert page.locator(".mcr-quiz__score").inner_text() == quiz_text("es", "score_none")
    assert page.locator(".mcr-quiz__notice").inner_text() == quiz_text("es", "reset_done")
    assert _stored(tab)["answers"] == 0
    assert not tab.errors, tab.errors


def test_the_index_shows_scores_and_the_fans_to_review(tab: Tab, questions: dict[str, Question]) -> None:
    page = tab.page
    tab.open("ko/" + FAMILY_PAGE)
    _wait(tab, "asking")
    page.select_option(".mcr-quiz__kind", "fans")
    q = questions[_wait(tab, "asking")]
    page.click(".mcr-quiz__dont-know")                     # no fan ticked: every fan that counts missed
    _wait(tab, "answered")
    assert quiz_text("ko", "no_answer") in page.locator(".mcr-quiz__verdict").inner_text()
    tab.open("ko/quiz/")
    _wait(tab, "overview")
    assert page.locator(f'.mcr-quiz-score[data-quiz-mode="{FAMILY_MODE}"]').inner_text() == \
        quiz_text("ko", "score", right=0, asked=1)
    assert page.locator('.mcr-quiz-score[data-quiz-mode="level:beginner"]').inner_text() == ""
    reviewed = {r.get_attribute("data-fan") for r in page.locator(".mcr-quiz__review tbody tr").all()}
    missed = {fan for fan, ok in grade(q, _blank(q)).fan_results if not ok}
    assert reviewed == {fan for fan in missed if FACTS[fan].reviewed}        # flowers and self-drawn left out
    # The history: one row per family of the missed fans, one bar, none right.
    rows = page.locator(".mcr-quiz__history tbody tr")
    assert {r.get_attribute("data-family") for r in rows.all()} == {FACTS[f].family for f in reviewed}
    assert all(r.locator("svg rect").count() == 1 and r.locator("td").last.inner_text() == "0%" for r in rows.all())
    _screenshot(tab, "quiz-ko-index.png")
    assert not tab.errors, tab.errors


def _family_of(q: Question) -> str:
    """A family whose page drills `q`: that of a fan it drills."""
    table = rules.fan_table()
    return next(table.fan(f).family for f in q.data["drill"] if f in table.by_id)


def _blank(q: Question) -> Any:
    """"I don't know", as the terminal quiz grades it."""
    return {"fans": set(), "total": None, "valid": None, "payments": (), "waits": set(), "one_tile_wait": None,
            "best_reading": None}[q.kind]


def _js_response(response: Any) -> Any:
    if isinstance(response, (set, tuple)):
        return sorted(response) if isinstance(response, set) else list(response)
    return response


def _responses(q: Question) -> list[Any]:
    """Right, wrong and empty answers of each kind."""
    if q.kind == "total":
        return [q.answer["total"], q.answer["total"] - 1, None]
    if q.kind == "valid":
        return [True, False, None]
    if q.kind == "payments":
        right = expected_payments(q)
        return [right, tuple(v + 1 for v in right), (right[0],) * (3 - len(right)), ()]
    if q.kind == "waits":
        waits = set(q.answer["waits"])
        return [waits, set(list(waits)[1:]), waits | {"E", "9s"}, set()]
    if q.kind == "one_tile_wait":
        return [True, False, None]
    if q.kind == "best_reading":
        return list(range(len(q.data["readings"]))) + [None]
    if q.answer.get("ties"):
        ways = [set(q.answer_ids)] + [{f["id"] for f in t["fans"]} for t in q.answer["ties"]]
        return ways + [ways[0] | ways[1], set()]
    right = set(q.answer_ids)
    return [right, set(), right | set(q.options), set(list(right)[1:]), set(q.options) - right]


def _sample(questions: dict[str, Question], kinds: tuple[str, ...], most: int) -> list[Question]:
    """Up to `most` questions of each of `kinds` at each level, and every fans question with
    tied readings."""
    chosen = []
    for level in LEVELS:
        per_kind: dict[str, int] = {}
        for q in questions.values():
            tied = q.kind == "fans" and bool(q.answer.get("ties"))
            if q.level == level and q.kind in kinds and (per_kind.get(q.kind, 0) < most or tied):
                per_kind[q.kind] = per_kind.get(q.kind, 0) + 1
                chosen.append(q)
    return chosen


def test_the_browser_grades_as_quiz_questions_does(tab: Tab, questions: dict[str, Question]) -> None:
    tab.open(FAMILY_PAGE)
    _wait(tab, "asking")
    cases = [(q, r) for q in _sample(questions, KINDS, 6) for r in _responses(q)]
    got = tab.page.evaluate("""(cases) => cases.map(([q, r]) => {
        const g = window.mcrQuiz.grade(q, r);
        return [g.correct, g.fanResults, g.missed, g.wrong, g.tie];
    })""", [[q.data, _js_response(r)] for q, r in cases])
    assert {q.kind for q, _ in cases} == set(KINDS) and any(q.answer.get("ties") for q, _ in cases)
    for (q, response), (correct, fan_results, missed, wrong, tie) in zip(cases, got):
        expected = grade(q, response)
        assert (correct, tie) == (expected.correct, expected.tie), (q.id, response)
        assert [tuple(x) for x in fan_results] == list(expected.fan_results), (q.id, response)
        assert (tuple(missed), tuple(wrong)) == (expected.missed, expected.wrong), (q.id, response)
    assert not tab.errors, tab.errors


def test_missed_fans_come_back_first(tab: Tab) -> None:
    """The browser's scheduling weighs questions by their neediest fan, as schedule() does."""
    tab.open("quiz/")
    _wait(tab, "overview")
    counts = tab.page.evaluate("""() => {
        const pool = [{id: "a", drill: ["x", "y"]}, {id: "b", drill: ["y"]}, {id: "c", drill: ["z"]}];
        const progress = {session: 3, fans: {x: {box: 1, seen: 3, right: 0, last_session: 1},
                                             y: {box: 5, seen: 9, right: 9, last_session: 3},
                                             z: {box: 5, seen: 9, right: 9, last_session: 3}}};
        const counts = {a: 0, b: 0, c: 0};
        for (let i = 0; i < 600; i++) counts[window.mcrQuiz.pickQuestion(pool, progress, [], null).id] += 1;
        return counts;
    }""")
    assert counts["a"] > 540, counts      # weight 16 against 0.1 and 0.1: about 593 of 600
    assert not tab.errors, tab.errors


def test_damaged_progress_is_set_aside_not_fatal(tab: Tab) -> None:
    tab.open(FAMILY_PAGE)
    _wait(tab, "asking")
    tab.page.evaluate(f"() => localStorage.setItem('{STORAGE_KEY}', '{{\"format\": 1, \"fans\": ')")
    tab.page.reload(wait_until="load")
    _wait(tab, "asking")
    assert tab.page.locator(".mcr-quiz__notice").inner_text() == quiz_text("en", "storage_damaged")
    assert tab.page.evaluate(f"() => localStorage.getItem('{STORAGE_KEY}.damaged')") == '{"format": 1, "fans": '
    assert _stored(tab)["format"] == 2                        # a fresh progress, already saved
    tab.page.evaluate(f"() => localStorage.setItem('{STORAGE_KEY}', '[2]')")   # a second damage
    tab.page.reload(wait_until="load")
    _wait(tab, "asking")
    kept = tab.page.evaluate(f"() => [localStorage.getItem('{STORAGE_KEY}.damaged'), "
                             f"localStorage.getItem('{STORAGE_KEY}.damaged.2')]")
    assert kept == ['{"format": 1, "fans": ', "[2]"]           # the first copy is not written over
    assert not tab.errors, tab.errors


def test_the_learner_scores_by_the_edition_they_choose(tab: Tab, questions: dict[str, Question]) -> None:
    # A "total" question that the two editions of the rules score differently (whichever
    # level holds one: a rebuild of the banks moves them).
    q = next(q for q in questions.values()
             if q.kind == "total" and q.data.get("editions", {}).get("green-book")
             and q.data["editions"]["green-book"]["answer"]["total"] != q.answer["total"])
    page = tab.page
    family = _family_of(q)
    tab.open(f"quiz/family-{family}/")
    _wait(tab, "asking")
    progress = {"format": 1, "session": 0, "answers": 0, "last_active": 0, "fans": {}, "kinds": {},
                "modes": {f"family:{family}": {"seen": 0, "right": 0, "current": q.id, "answered": False,
                                                 "response": None, "recent": [], "kind": ""}}}
    page.evaluate(f"() => localStorage.setItem('{STORAGE_KEY}', {json.dumps(json.dumps(progress))})")
    page.reload()
    assert _wait(tab, "asking") == q.id and _quiz(tab).get_attribute("data-edition") == "1998"
    page.select_option(".mcr-quiz__edition", "green-book")
    assert _wait(tab, "asking") == q.id and _quiz(tab).get_attribute("data-edition") == "green-book"
    later = q.in_edition("green-book")
    assert grade(later, later.answer["total"]).correct and not grade(q, later.answer["total"]).correct
    page.fill("input[name=total]", str(later.answer["total"]))   # right by the green book, wrong by 1998
    page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--right" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    note = page.locator('.mcr-quiz__edition-note[data-edition="1998"]')
    assert points_label("en", q.answer["total"]) in note.inner_text()
    page.reload()                                                # the choice is kept
    _wait(tab, "answered")
    assert page.locator(".mcr-quiz__edition").input_value() == "green-book"


def _pick_kind(tab: Tab, questions: dict[str, Question], path: str, kind: str) -> Question:
    tab.open(path)
    _wait(tab, "asking")
    tab.page.select_option(".mcr-quiz__kind", kind)
    q = questions[_wait(tab, "asking")]
    assert q.kind == kind
    return q


@pytest.mark.parametrize("lang", ["en", "zh", "fr", "ja"])
def test_a_waits_question_ticks_tiles_and_shows_what_was_waited_on(tab: Tab, questions: dict[str, Question],
                                                                   lang: str) -> None:
    page = tab.page
    q = _pick_kind(tab, questions, f"{_prefix(lang)}{FAMILY_PAGE}", "waits")
    assert page.locator(".mcr-quiz__hand .mcr-winning").count() == 0      # drawn before its winning tile
    assert page.locator(".mcr-quiz__tile-choice").count() == 34
    waits = q.answer["waits"]
    for face in waits:
        page.check(f'.mcr-quiz__tile-choice[data-tile="{face}"] input')
    page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--right" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    for face in waits:
        assert "mcr-quiz__option--right" in page.locator(f'.mcr-quiz__tile-choice[data-tile="{face}"]').get_attribute("class")
    shown = page.locator(".mcr-quiz__waited .mcr-tile").all()
    assert [img.get_attribute("src").rsplit("/", 1)[-1] for img in shown] == [f"{f}.svg" for f in waits]

    page.click(".mcr-quiz__next")
    second = questions[_wait(tab, "asking")]
    assert second.kind == "waits"
    extra = next(t for t in ("E", "9s", "1m") if t not in second.answer["waits"])
    page.check(f'.mcr-quiz__tile-choice[data-tile="{extra}"] input')      # one wrong tile, every wait missed
    page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--wrong" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    sep = quiz_text(lang, "list_separator")
    assert page.locator(".mcr-quiz__picked-wrong").inner_text() == quiz_text(lang, "not_waited", tiles=tile_alt(extra, lang))
    assert page.locator(".mcr-quiz__missed").inner_text() == \
        quiz_text(lang, "missed_tiles", tiles=sep.join(tile_alt(t, lang) for t in second.answer["waits"]))
    _screenshot(tab, f"quiz-{lang}-waits-feedback.png")
    assert not tab.errors, tab.errors


def test_a_one_tile_wait_and_a_best_reading_question(tab: Tab, questions: dict[str, Question]) -> None:
    page = tab.page
    q = _pick_kind(tab, questions, "es/" + FAMILY_PAGE, "one_tile_wait")
    one = len(q.answer["waits"]) == 1
    page.click(".mcr-quiz__yes" if one else ".mcr-quiz__no")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--right" in page.locator(".mcr-quiz__verdict").get_attribute("class")

    page.select_option(".mcr-quiz__kind", "best_reading")
    q = questions[_wait(tab, "asking")]
    assert q.kind == "best_reading"
    readings = q.data["readings"]
    assert page.locator(".mcr-quiz__reading-choice").count() == len(readings)
    low = next(i for i, r in enumerate(readings) if r["total"] < q.answer["total"])
    page.check(f'.mcr-quiz__reading-choice[data-reading="{low}"] input')
    page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--wrong" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    best = [i for i, r in enumerate(readings) if r["total"] == q.answer["total"]]
    for i in range(len(readings)):
        css = page.locator(f'.mcr-quiz__reading-choice[data-reading="{i}"]').get_attribute("class")
        assert ("missed" if i in best else "wrong" if i == low else "other") in css, i
    assert page.locator(".mcr-quiz__reading-score").count() == len(readings)
    _screenshot(tab, "quiz-es-best-reading-feedback.png")
    assert not tab.errors, tab.errors


def test_a_tie_is_accepted_in_the_browser(tab: Tab, questions: dict[str, Question]) -> None:
    """The fans of another way to the same total are right, and the page names the way."""
    tied = [q for q in questions.values() if q.kind == "fans" and q.answer.get("ties")]
    assert tied
    page = tab.page
    q = tied[0]
    family = _family_of(q)
    tab.open(f"quiz/family-{family}/")
    _wait(tab, "asking")
    # Ask this very question: the learner's saved place in the level is the question shown.
    page.evaluate("""([key, mode, id]) => {
        const p = JSON.parse(localStorage.getItem(key));
        p.modes[mode].current = id; p.modes[mode].answered = false; p.modes[mode].kind = "";
        localStorage.setItem(key, JSON.stringify(p));
    }""", [STORAGE_KEY, f"family:{family}", q.id])
    page.reload(wait_until="load")
    assert _wait(tab, "asking") == q.id
    for fan in (f["id"] for f in q.answer["ties"][0]["fans"]):
        page.check(f'.mcr-quiz__option input[value="{fan}"]')
    page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert "mcr-quiz__verdict--right" in page.locator(".mcr-quiz__verdict").get_attribute("class")
    assert page.locator(".mcr-quiz__tie-taken").count() == 1
    assert page.locator(".mcr-quiz__tie").count() == len(q.answer["ties"])
    assert not tab.errors, tab.errors


def test_a_timed_drill_times_each_hand_and_keeps_the_best(tab: Tab, questions: dict[str, Question]) -> None:
    page = tab.page
    tab.open("ko/quiz/timed/")
    page.wait_for_selector('div.mcr-quiz[data-state="ready"]', timeout=15000)
    page.select_option(".mcr-quiz__timed-level", "intermediate")
    page.select_option(".mcr-quiz__timed-count", "5")
    page.click(".mcr-quiz__timed-start")
    asked = []
    for n in range(5):
        q = questions[_wait(tab, "asking")]
        assert q.kind == "total" and q.level == "intermediate" and q.id not in asked
        assert quiz_text("ko", "timed_hand", n=n + 1, count=5) in page.locator(".mcr-quiz__counter").inner_text()
        asked.append(q.id)
        # Right on the first three hands, wrong on the fourth, "I don't know" on the last.
        if n < 4:
            page.fill("input[name=total]", str(q.answer["total"] + (0 if n < 3 else 1)))
            page.press("input[name=total]", "Enter")
        else:
            page.click(".mcr-quiz__dont-know")
    page.wait_for_selector('div.mcr-quiz[data-state="finished"]', timeout=15000)
    rows = page.locator(".mcr-quiz__timed-results tbody tr").all()
    assert [r.get_attribute("data-question") for r in rows] == asked
    assert [r.locator("td").nth(1).inner_text() for r in rows] == ["✓", "✓", "✓", "✗", "✗"]
    summary = page.locator(".mcr-quiz__timed-summary").inner_text()
    assert summary.startswith("5개 중 3개 정답")
    # Only the two hands scored wrong are explained, each with its full breakdown.
    reviews = page.locator("details.mcr-quiz__timed-review").all()
    assert [d.get_attribute("data-question") for d in reviews] == asked[3:]
    best = json.loads(page.evaluate("(key) => localStorage.getItem(key)", "mcr-quiz-timed"))
    (key, record), = best.items()
    assert key == "intermediate:5:1998" and record["right"] == 3
    _screenshot(tab, "quiz-ko-timed-results.png")
    page.click(".mcr-quiz__timed-start")                      # another drill: the best is compared
    for n in range(5):
        _wait(tab, "asking")
        page.click(".mcr-quiz__dont-know")
    page.wait_for_selector('div.mcr-quiz[data-state="finished"]', timeout=15000)
    whole = int(record["seconds"] + 0.5)   # as the page rounds (Math.round), not half to even
    assert page.locator(".mcr-quiz__timed-best").inner_text() == \
        quiz_text("ko", "timed_best", right=3, time=f"{whole // 60}:{whole % 60:02d}")
def test_the_browser_credits_and_blames_as_quiz_attribution_does(tab: Tab, questions: dict[str, Question]) -> None:
    tab.open(FAMILY_PAGE)
    _wait(tab, "asking")
    cases = [(q, r) for q in _sample(questions, ("total", "fans", "payments"), 8)
             for r in _responses(q) + _near_misses(q)]
    got = tab.page.evaluate("""async (cases) => {
        const data = await (await fetch(document.querySelector("div.mcr-quiz").getAttribute("data-text"))).json();
        return cases.map(([q, r]) => window.mcrQuiz.attribute(q, r, data.fans, data.learner, window.mcrQuiz.grade(q, r).tie)
            .map((o) => [o.fan, o.verdict, o.family]));
    }""", [[q.data, _js_response(r)] for q, r in cases])
    verdicts = set()
    for (q, response), outcomes in zip(cases, got):
        taken = grade(q, response).tie     # a tie taken: its fans are the right ones (answer_record)
        accepted = {**q.answer, "fans": q.answer["ties"][taken - 1]["fans"]} if taken else None
        expected = attribute(q.data, response, FACTS, learner_settings(), accepted)
        assert sorted(map(tuple, outcomes)) == sorted((o.fan, o.verdict.value, o.family) for o in expected), \
            (q.id, response)
        verdicts |= {o.verdict for o in expected}
    assert verdicts == set(Verdict)          # every verdict came up
    assert not tab.errors, tab.errors


def _near_misses(q: Question) -> list[Any]:
    """Totals or payments one fan short: the first counted fan left out."""
    short = FACTS[q.answer_ids[0]].points if q.answer_ids[0] in FACTS else 1
    if q.kind == "total":
        return [q.answer["total"] - short]
    if q.kind == "payments":
        right = expected_payments(q)
        return [(right[0] - short,) + right[1:]]
    return []


def test_a_missed_question_comes_back_three_questions_later(tab: Tab, questions: dict[str, Question]) -> None:
    page = tab.page
    tab.open(FAMILY_PAGE)
    _wait(tab, "asking")
    page.select_option(".mcr-quiz__kind", "valid")
    asked = [questions[_wait(tab, "asking")]]
    _answer(tab, asked[0], right=False)
    _wait(tab, "answered")
    assert page.locator(".mcr-quiz__comes-back").inner_text() == quiz_text("en", "comes_back")
    for _ in range(3):
        page.click(".mcr-quiz__next")
        asked.append(questions[_wait(tab, "asking")])
        if len(asked) < 4:
            assert asked[-1].id != asked[0].id and page.locator(".mcr-quiz__again").count() == 0
            _answer(tab, asked[-1], right=True)
            _wait(tab, "answered")
    assert asked[3].id == asked[0].id                           # the fourth question: the missed one
    assert page.locator(".mcr-quiz__again").inner_text() == quiz_text("en", "asked_again")
    _answer(tab, asked[3], right=False)                         # missed again: not a third time
    _wait(tab, "answered")
    assert page.locator(".mcr-quiz__comes-back").count() == 0
    assert _stored(tab)["modes"][FAMILY_MODE]["reask"] == []
    assert not tab.errors, tab.errors
