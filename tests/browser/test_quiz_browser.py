"""The fan family pages, the timed drill and the quiz index in a real browser (Debian's
Chromium driven by Playwright) on the built site. Every one runs the trainer (trainer.session
under Pyodide, as the level pages do: test_trainer_quiz_browser.py):

- a family page asks only hands that drill the family's fans, of the kind chosen, grades a
  wrong pick, marks the options as the trainer graded them, and keeps the session's score
  and the trainer's progress document;
- the timed drill asks N totals of the level chosen, holds every explanation back until the
  end, then lists each hand with its time, explains the hands scored wrong, and keeps the best;
- the index draws the trainer's progress (its kinds, the fans missed, the history by family)
  and sets it aside on a reset;
- the earlier quiz script's progress and its choice of rules are carried into the trainer's.

Screenshots go to test-artifacts/."""
from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Any, Iterator

import pytest

from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import Question, expected_payments
from generator.site.quiz_site_text import quiz_text

from .site_steps import keep_screenshot
from .conftest import CHROMIUM

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

STORAGE_KEY = "mcr-trainer-progress"
LEGACY_KEY = "mcr-quiz-progress"
START_MS = 180_000   # Python starting in WebAssembly on a busy machine: generous
STEP_MS = 60_000
DAY = date(2026, 3, 2)
# The concealment family, written out by hand from the MCR table.
CONCEALMENT = {"concealed_hand", "fully_concealed_hand", "melded_hand", "two_concealed_pungs",
               "three_concealed_pungs", "four_concealed_pungs"}


@pytest.fixture(scope="module")
def questions() -> dict[str, Question]:
    return {q.id: q for level in LEVELS for q in load_bank(bank_path(level)).questions}


class Page:
    """A fresh browser profile on one quiz page, its clock fixed."""

    def __init__(self, browser: Any, base_url: str) -> None:  # noqa: F811
        self.base_url = base_url
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.clock.set_fixed_time(datetime(DAY.year, DAY.month, DAY.day, 12))

    def open(self, path: str, storage: dict[str, str] | None = None) -> None:
        """Open `path`, with `storage` put in localStorage first (as a returning learner's)."""
        if storage:
            self.page.goto(self.base_url + "404.html", wait_until="domcontentloaded")
            self.page.evaluate("(s) => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v))", storage)
        self.page.goto(self.base_url + path, wait_until="domcontentloaded")

    def state(self, *states: str, timeout: int = STEP_MS) -> str:
        return trainer_state(self.page, *states, timeout=timeout)

    def attr(self, name: str) -> str:
        return self.page.get_attribute("div.mcr-trainer", f"data-{name}") or ""

    def stored(self, key: str = STORAGE_KEY) -> Any:
        return json.loads(self.page.evaluate("(k) => localStorage.getItem(k)", key) or "null")

    def screenshot(self, name: str) -> None:
        keep_screenshot(self.page.locator("div.mcr-trainer, div.mcr-quiz-overview").first, name)


@pytest.fixture
def tab(browser: Any, base_url: str) -> Iterator[Page]:  # noqa: F811
    opened = Page(browser, base_url)
    yield opened
    opened.context.close()


def trainer_state(page: Any, *states: str, timeout: int = STEP_MS) -> str:
    """The trainer's state once it is one of `states` (its failure notice if it failed)."""
    page.wait_for_function("(wanted) => wanted.includes(document.querySelector('div.mcr-trainer').dataset.state)",
                           arg=[*states, "failed"], timeout=timeout)
    state = page.get_attribute("div.mcr-trainer", "data-state") or ""
    assert state != "failed", page.inner_text(".mcr-trainer__notice")
    return state


def choose_rules(page: Any, also: tuple[str, ...] = ()) -> None:
    """The rules asked the first time: the site's own (the first offered). The page may be
    past that already, at a question or in one of the states `also`."""
    if trainer_state(page, "edition", "question", *also, timeout=START_MS) == "edition":
        page.locator("button[data-edition]").first.click()
        trainer_state(page, "question")


def items_shown(page: Any) -> int:
    """How many items (questions, lessons) the page's trainer has shown so far."""
    return int(page.get_attribute("div.mcr-trainer", "data-shown") or 0)


def _question_after(page: Any, shown: int, questions: dict[str, Question], kind: str = "") -> Question:
    """The question asked once the page has shown more than `shown` items (of `kind`, if
    given). Not "another question id": a new session may open on the question shown last."""
    page.wait_for_function("([n, k]) => { const d = document.querySelector('div.mcr-trainer').dataset;"
                           " return Number(d.shown) > n && d.state === 'question' && (!k || d.kind === k); }",
                           arg=[shown, kind], timeout=STEP_MS)
    return questions[page.get_attribute("div.mcr-trainer", "data-question") or ""]


def ask_kind(page: Any, kind: str, questions: dict[str, Question]) -> Question:
    """The open page's session turned to questions of `kind` (a new session), and the first one asked."""
    shown = items_shown(page)
    page.select_option(".mcr-trainer__kind", kind)
    q = _question_after(page, shown, questions, kind)
    assert q.kind == kind, q.id
    return q


def _wrong_pick(q: Question) -> str | None:
    """An option that does not count in any way to the hand's highest total."""
    tied = {f["id"] for way in q.answer.get("ties", []) for f in way["fans"]}
    return next((f for f in q.options if f not in {*q.answer_ids, *tied}), None)


def test_a_family_page_asks_its_familys_hands_and_marks_the_options(tab: Page, questions: dict[str, Question]) -> None:
    tab.open("quiz/family-concealment/")
    choose_rules(tab.page)
    assert tab.page.inner_text(".mcr-trainer__score") == quiz_text("en", "score_none")
    ask_kind(tab.page, "fans", questions)                          # "Which fans count?" only: a new session
    while True:
        q = questions[tab.attr("question")]
        assert q.kind == "fans" and CONCEALMENT & set(q.drill), q.id
        wrong = _wrong_pick(q)
        if wrong is not None:
            break
        tab.page.click("button[data-action=dont_know]")
        tab.state("wrong", "right")
        tab.page.click("button[data-action=next]")
        tab.state("question")
    asked = int(tab.attr("asked") or 0)
    tab.page.check(f"input[type=checkbox][value='{wrong}']")
    tab.page.click("button[data-action=check]")
    assert tab.state("wrong", "right") == "wrong"
    for fan in q.options:   # drawn as graded: each fan that counts missed, the pick wrong, the rest unmarked
        css = tab.page.get_attribute(f".mcr-trainer__option[data-value='{fan}']", "class")
        mark = "missed" if fan in q.answer_ids else "wrong" if fan == wrong else None
        assert (f"mcr-trainer__option--{mark}" in css) if mark else "--" not in css, (fan, css)
    assert tab.page.inner_text(".mcr-trainer__score") == \
        quiz_text("en", "score_percent", right=0, asked=asked + 1, percent="0%")
    progress = tab.stored()
    assert progress["format"] == 3 and progress["kinds"]["fans"]["seen"] == asked + 1
    assert progress["recent"] == {}                               # a family's answers fill no level's window
    tab.screenshot("quiz-en-family-feedback.png")
    assert not tab.errors, tab.errors


def _answer_a_waits_question_right(tab: Page, questions: dict[str, Question]) -> None:
    """On the open family page: the rules chosen, a waits question asked and its waits ticked."""
    choose_rules(tab.page)
    q = ask_kind(tab.page, "waits", questions)
    for face in q.answer["waits"]:
        tab.page.check(f"input[type=checkbox][value='{face}']")
    tab.page.click("button[data-action=check]")
    assert tab.state("wrong", "right") == "right", q.id


def test_tiles_and_numbers_reach_the_trainer_as_the_learner_gave_them(tab: Page, questions: dict[str, Question]) -> None:
    """The page's tile and number fields (waits; payments, one field per payer) answered: the
    waits ticked and the payments typed as the hand's key gives them are right; a payment
    one point off is wrong."""
    tab.open("quiz/family-concealment/")
    _answer_a_waits_question_right(tab, questions)
    for off in (0, 1):
        if off == 0:
            q = ask_kind(tab.page, "payments", questions)
        else:
            shown = items_shown(tab.page)
            tab.page.click("button[data-action=next]")
            q = _question_after(tab.page, shown, questions)
        payments = expected_payments(q)
        fields = tab.page.locator("input.mcr-trainer__number")
        assert fields.count() == len(payments), q.id
        # Each box says whose payment it is, and shows: a border, a height a finger can tap.
        names = tab.page.locator(".mcr-trainer__field-name").all_inner_texts()
        assert names == (["Each of the other three pays"] if q.answer["payments"]["self_drawn"]
                         else ["The discarder pays", "Each of the other two pays"]), (q.id, names)
        looks = fields.first.evaluate("x => { const s = getComputedStyle(x); "
                                      "return [parseFloat(s.borderTopWidth), x.getBoundingClientRect().height]; }")
        assert looks[0] >= 1 and looks[1] >= 32, looks
        for n, amount in enumerate(payments):
            fields.nth(n).fill(str(amount + (off if n == 0 else 0)))
        tab.page.click("button[data-action=check]")
        assert tab.state("wrong", "right") == ("right" if off == 0 else "wrong"), q.id
    assert not tab.errors, tab.errors


def _drill(tab: Page, questions: dict[str, Question], answers: list[str], lang: str = "ko") -> list[str]:
    """Run a drill of len(answers) intermediate hands: "right", "wrong" or "none" each; the ids."""
    tab.page.select_option(".mcr-trainer__timed-level", "intermediate")
    tab.page.select_option(".mcr-trainer__timed-count", str(len(answers)))
    tab.page.click("button[data-action=timed_start]")
    choose_rules(tab.page)
    asked = []
    shown = 0
    for n, how in enumerate(answers):
        if n:
            q = _question_after(tab.page, shown, questions)
        else:
            q = questions[tab.attr("question")]
        shown = items_shown(tab.page)
        assert q.kind == "total" and q.level == "intermediate" and q.id not in asked
        assert quiz_text(lang, "timed_hand", n=n + 1, count=len(answers)) in tab.page.inner_text(".mcr-trainer__counter")
        assert tab.page.locator(".mcr-trainer__feedback").count() == 0   # nothing explained before the end
        asked.append(q.id)
        if how == "none":
            tab.page.click("button[data-action=dont_know]")
        else:
            tab.page.fill("input.mcr-trainer__number", str(q.answer["total"] + (how == "wrong")))
            tab.page.press("input.mcr-trainer__number", "Enter")
    tab.state("finished")
    return asked


def test_a_timed_drill_times_each_hand_explains_the_wrong_ones_and_keeps_the_best(
        tab: Page, questions: dict[str, Question]) -> None:
    tab.open("ko/quiz/timed/")
    tab.state("ready", timeout=START_MS)
    asked = _drill(tab, questions, ["right", "right", "right", "wrong", "none"])
    rows = tab.page.locator(".mcr-trainer__timed-results tbody tr").all()
    assert [r.get_attribute("data-question") for r in rows] == asked
    assert [r.locator("td").nth(1).inner_text() for r in rows] == ["✓", "✓", "✓", "✗", "✗"]
    assert [r.locator("td").nth(3).inner_text() for r in rows] == [str(questions[i].answer["total"]) for i in asked]
    assert tab.page.inner_text(".mcr-trainer__timed-summary").startswith("5개 중 3개 정답")
    reviews = tab.page.locator("details.mcr-trainer__timed-review").all()
    assert [d.get_attribute("data-question") for d in reviews] == asked[3:]
    assert all(d.locator(".mcr-trainer__feedback--wrong").count() == 1 for d in reviews)
    best = tab.stored("mcr-quiz-timed")
    assert list(best) == ["intermediate:5:1998"] and best["intermediate:5:1998"]["right"] == 3
    progress = tab.stored()
    assert progress["kinds"]["total"] == {"seen": 5, "right": 3}     # graded and recorded by the trainer
    tab.screenshot("quiz-ko-timed-results.png")
    _drill(tab, questions, ["none"] * 5)                             # another drill: compared with the best
    whole = int(best["intermediate:5:1998"]["seconds"] + 0.5)
    assert tab.page.inner_text(".mcr-trainer__timed-best") == \
        quiz_text("ko", "timed_best_other", n=3, time=f"{whole // 60}:{whole % 60:02d}")
    assert not tab.errors, tab.errors


def test_a_french_drill_says_one_right_in_the_singular_with_a_decimal_comma(
        tab: Page, questions: dict[str, Question]) -> None:
    tab.open("fr/quiz/timed/")
    tab.state("ready", timeout=START_MS)
    _drill(tab, questions, ["right", "none", "none", "none", "none"], "fr")
    summary = tab.page.inner_text(".mcr-trainer__timed-summary")
    assert re.fullmatch(r"1/5 juste en \d+:\d\d \(\d+,\d s par main\)\.", summary), summary
    assert all(re.fullmatch(r"\d+,\d", r.locator("td").nth(4).inner_text())
               for r in tab.page.locator(".mcr-trainer__timed-results tbody tr").all())
    _drill(tab, questions, ["none"] * 5, "fr")   # no better: the best so far, one right
    assert re.fullmatch(r"Votre record pour cet entraînement : 1 juste en \d+:\d\d\.",
                        tab.page.inner_text(".mcr-trainer__timed-best"))
    assert not tab.errors, tab.errors


def _progress_document() -> dict[str, Any]:
    """A learner's progress as the trainer writes it: Half Flush missed twice in three, All
    Pungs right once (their families: suits and pungs), two sessions of history."""
    def fan(seen: int, right: int) -> dict[str, Any]:
        return {"seen": seen, "right": right, "memory": {"stability": 1.0, "difficulty": 5.0, "due": "2026-03-03",
                                                         "last": "2026-03-01"}, "step": None, "met": "2026-03-01"}
    return {"format": 3, "session": 2, "edition": "1998", "fans": {"half_flush": fan(3, 1), "all_pungs": fan(1, 1)},
            "rules": {}, "kinds": {"total": {"seen": 3, "right": 1}, "fans": {"seen": 1, "right": 1}},
            "level": "beginner", "recent": {"beginner": [0, 1, 1]}, "moved": None,
            "history": [{"session": 1, "families": {"suits": {"seen": 2, "right": 0}}},
                        {"session": 2, "families": {"pungs": {"seen": 1, "right": 1}, "suits": {"seen": 1, "right": 1}}}],
            "units": {"opened": [], "passed": [], "answers": {}},
            "daily": {"goal": None, "day": None, "answered": 0, "streak": 0, "streak_last": None, "best": 0},
            "hands": [], "habits": {"wrong": 0, "slips": 0, "causes": {}}}


def test_a_miss_says_it_comes_back_and_its_question_says_when_it_was_missed(
        tab: Page, questions: dict[str, Question]) -> None:
    # Every question left unanswered: a miss the session asks again says so, and the question
    # asked again says it is one, in the trainer's words (no longer "you missed this one").
    tab.open("quiz/family-concealment/")
    choose_rules(tab.page)
    tab.state("question")
    said_back = 0   # misses whose feedback said they come back
    for _ in range(12):
        number = items_shown(tab.page)
        if tab.attr("reason") == "again":
            break
        tab.page.click("button[data-action=dont_know]")
        tab.state("wrong")
        back = tab.page.locator(".mcr-trainer__comes-back")
        if back.count():
            assert back.inner_text() in (quiz_text("en", "comes_back"), quiz_text("en", "comes_back_kind"))
            said_back += 1
        tab.page.click("button[data-action=next]")
        tab.page.wait_for_function("(n) => { const d = document.querySelector('div.mcr-trainer').dataset;"
                                   " return Number(d.shown) > n && d.state === 'question'; }", arg=number, timeout=STEP_MS)
    else:
        raise AssertionError("no question was asked again in twelve")
    line = tab.page.inner_text(".mcr-trainer__again")
    just = [quiz_text("en", "asked_again_just"), quiz_text("en", "asked_again_kind_just")]
    earlier = [quiz_text("en", "asked_again"), quiz_text("en", "asked_again_kind")]
    assert line in just + earlier, line
    assert said_back >= 1   # the question asked again was announced by its miss
    assert not tab.errors, tab.errors


def test_a_streak_of_one_day_is_said_in_the_singular(tab: Page, questions: dict[str, Question]) -> None:
    document = _progress_document()
    document["daily"]["goal"] = 1   # one answer meets the day's goal: a streak of one day
    tab.open("quiz/family-concealment/", {STORAGE_KEY: json.dumps(document)})
    _answer_a_waits_question_right(tab, questions)
    assert tab.page.inner_text(".mcr-trainer__today").endswith("· streak: 1 day")
    assert tab.page.inner_text(".mcr-trainer__today").startswith("Today: 1 of 1 answer ·")
    assert not tab.errors, tab.errors


def test_a_streak_of_none_takes_the_french_singular(tab: Page, questions: dict[str, Question]) -> None:
    # French says 0 like 1 (CLDR): the page asks the browser's plural rules, not n == 1.
    tab.open("fr/quiz/family-concealment/")
    _answer_a_waits_question_right(tab, questions)   # one answer of the day's twenty: no streak yet
    assert tab.page.inner_text(".mcr-trainer__today").endswith("· série : 0 jour")
    assert not tab.errors, tab.errors


def test_the_index_draws_the_trainers_progress_and_sets_it_aside_on_a_reset(tab: Page) -> None:
    document = json.dumps(_progress_document())
    tab.open("ko/quiz/", {STORAGE_KEY: document})
    tab.page.wait_for_selector("div.mcr-quiz-overview[data-state=overview]", timeout=STEP_MS)
    page = tab.page
    assert page.inner_text(".mcr-quiz__overall") == quiz_text("ko", "overall_other", right=2, n=4, percent="50%")
    assert [r.get_attribute("data-fan") for r in page.locator(".mcr-quiz__review tbody tr").all()] == ["half_flush"]
    assert {r.get_attribute("data-family") for r in page.locator(".mcr-quiz__history tbody tr").all()} == {"suits", "pungs"}
    assert page.inner_text('.mcr-quiz-score[data-quiz-mode="family:suits"]') == quiz_text("ko", "score", right=1, asked=3)
    assert page.inner_text('.mcr-quiz-score[data-quiz-mode="level:beginner"]') == quiz_text("ko", "score", right=2, asked=3)
    assert page.inner_text('.mcr-quiz-score[data-quiz-mode="level:expert"]') == ""
    tab.screenshot("quiz-ko-index.png")
    reset = page.locator(".mcr-quiz__reset")
    reset.click()
    assert reset.inner_text() == quiz_text("ko", "reset_confirm") and tab.stored() is not None   # one click: nothing moves
    reset.click()
    assert page.inner_text(".mcr-quiz__notice") == quiz_text("ko", "reset_done")
    assert tab.stored() is None and page.inner_text(".mcr-quiz__overall") == quiz_text("ko", "overall_none")
    aside = page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{STORAGE_KEY}.aside.'))"
                          ".map(k => localStorage.getItem(k))")
    assert aside == [document]                                   # a quiz page can put it back
    assert not tab.errors, tab.errors


def test_the_earlier_quiz_scripts_progress_is_carried_into_the_trainers(tab: Page) -> None:
    old = {"format": 2, "session": 2, "answers": 10, "last_active": 0,
           "fans": {"half_flush": {"box": 1, "seen": 3, "right": 0, "last_session": 1}},
           "kinds": {"total": {"seen": 10, "right": 5}}, "history": [],
           "modes": {"family:suits": {"seen": 10, "right": 5, "current": None, "answered": False, "response": None,
                                      "recent": [], "kind": ""}}}
    tab.open("quiz/family-suits/", {LEGACY_KEY: json.dumps(old), "mcr-quiz-edition": "green-book"})
    assert tab.state("question", "edition", timeout=START_MS) == "question"   # the rules chosen then are kept
    assert tab.page.inner_text(".mcr-trainer__notice") == quiz_text("en", "trainer_carried")
    progress = tab.stored()
    assert progress["edition"] == "green-book" and tab.attr("edition") == "green-book"
    assert progress["fans"]["half_flush"]["seen"] == 3 and progress["kinds"]["total"] == {"seen": 10, "right": 5}
    assert tab.stored(LEGACY_KEY) is None and tab.stored(LEGACY_KEY + ".carried") == old   # kept, not carried twice
    assert not tab.errors, tab.errors


# Hand-written: one answer given, right; the family's last session half right. The percent
# as each language writes it (the browser's Intl, CLDR): French and Spanish put a no-break
# space before the sign (CLDR has moved French to a narrow one: either is French).
NO_BREAK = "[\u00a0\u202f]"
ONE_ANSWER = {
    "en": (r"1 of 1 answer right \(100%\)\.", "50%"),
    "es": (r"1 de 1 respuesta correcta \(100\u00a0%\)\.", "50\u00a0%"),
    "fr": (rf"Bonnes réponses : 1 sur 1 \(100{NO_BREAK}%\)\.", f"50{NO_BREAK}%"),
}


@pytest.mark.parametrize("lang", sorted(ONE_ANSWER))
def test_the_index_counts_one_answer_in_the_singular_and_writes_percents_alike(tab: Page, lang: str) -> None:
    overall, last = ONE_ANSWER[lang]
    document = _progress_document()
    document["kinds"] = {"total": {"seen": 1, "right": 1}}
    document["history"] = [{"session": 1, "families": {"suits": {"seen": 2, "right": 1}}}]
    tab.open(("" if lang == "en" else f"{lang}/") + "quiz/", {STORAGE_KEY: json.dumps(document)})
    tab.page.wait_for_selector("div.mcr-quiz-overview[data-state=overview]", timeout=STEP_MS)
    assert re.fullmatch(overall, tab.page.inner_text(".mcr-quiz__overall")), tab.page.inner_text(".mcr-quiz__overall")
    # The last session's column writes its percent as the line above does (not "50%" in French).
    cell = tab.page.locator('.mcr-quiz__history tr[data-family="suits"] td').last.inner_text()
    assert re.fullmatch(last, cell), cell
    assert not tab.errors, tab.errors


def test_a_wrong_answer_links_the_rulebook_sections_it_cites_in_the_pages_language(tab: Page) -> None:
    # Every question left unanswered gets the full breakdown, which cites the rulebook's section
    # on each principle that leaves a fan out: as a link to the Spanish rulebook, titled with
    # the section's heading, and no path or command written out.
    tab.open("es/quiz/family-concealment/")
    choose_rules(tab.page)
    sections = tab.page.locator('.mcr-trainer__feedback p[data-block="section"]')
    for _ in range(10):
        number = items_shown(tab.page)
        tab.page.click("button[data-action=dont_know]")
        tab.state("wrong")
        if sections.count():
            break
        tab.page.click("button[data-action=next]")
        tab.page.wait_for_function("(n) => { const d = document.querySelector('div.mcr-trainer').dataset;"
                                   " return Number(d.shown) > n && d.state === 'question'; }", arg=number,
                                   timeout=STEP_MS)
    else:
        raise AssertionError("no breakdown cited a principle in ten questions")
    headings = {"no repetición": "non-repeat", "no separación": "non-separation", "no identidad": "non-identical",
                "contar una sola vez": "account-once"}   # the Spanish rulebook's headings, by hand
    for line in sections.all():
        link = line.locator("a")
        title = link.inner_text()
        assert line.inner_text() == f"Reglamento: {title}"
        assert link.get_attribute("href").endswith(f"rulebook/scoring/#{headings[title.lower()]}")
    feedback = tab.page.inner_text(".mcr-trainer__feedback")
    assert "rulebook/" not in feedback and "mcr fans" not in feedback
    tab.screenshot("quiz-es-wrong-sections.png")
    href = sections.first.locator("a").get_attribute("href")
    sections.first.locator("a").click()
    tab.page.wait_for_load_state("load")
    assert "/es/rulebook/scoring/" in tab.page.url and tab.page.url.endswith(href[href.index("#"):])
    assert not tab.errors, tab.errors


def test_a_right_answer_links_the_fans_met_for_the_first_time(tab: Page, questions: dict[str, Question]) -> None:
    tab.open("fr/quiz/family-concealment/")
    _answer_a_waits_question_right(tab, questions)   # a new learner: every fan of the hand is new
    new = tab.page.locator('.mcr-trainer__feedback p[data-block="new_fan"]')
    assert new.count() >= 1
    for line in new.all():
        link = line.locator("a")
        assert re.search(r"/fr/fans/[a-z_]+/$", link.evaluate("a => a.href")), link.evaluate("a => a.href")
        # "Nouveau : <name> (1 point) : <summary>": the site's points, no `mcr fans` command.
        said = line.inner_text()
        assert said.startswith(f"Nouveau : {link.inner_text()} (") and re.search(r" \(\d+ points?\) : ", said), said
        assert "mcr fans" not in said
    link = new.first.locator("a")
    name = link.inner_text()
    link.click()
    tab.page.wait_for_load_state("load")
    assert "/fr/fans/" in tab.page.url and name in tab.page.locator("article h1").inner_text()
    assert not tab.errors, tab.errors


def test_a_session_of_a_kind_that_reviews_no_fan_says_the_fans_due_wait(tab: Page, questions: dict[str, Question]) -> None:
    # Half Flush and All Pungs due on the page's day. "Valid win?" questions review no fan,
    # so the session plans no review and its end says both wait.
    document = _progress_document()
    for record in document["fans"].values():
        record["memory"]["due"] = DAY.isoformat()
    tab.open("quiz/family-concealment/", {STORAGE_KEY: json.dumps(document)})
    choose_rules(tab.page)
    ask_kind(tab.page, "valid", questions)
    while tab.state("question", "done") == "question":
        assert tab.attr("reason") != "due"
        tab.page.click("button[data-action=dont_know]")
        tab.state("right", "wrong")
        tab.page.click("button[data-action=next]")
        tab.page.wait_for_function("() => !document.querySelector('.mcr-trainer__feedback')", timeout=STEP_MS)
    assert tab.page.inner_text(".mcr-trainer__due-waiting") == (
        "2 fans are due today. These questions review no fan: they wait for the kinds “How many points?”, "
        "“Which fans count?” or “Who pays how much?”, or every kind.")
    assert not tab.errors, tab.errors
