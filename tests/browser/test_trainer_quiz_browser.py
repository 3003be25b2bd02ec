"""The level quizzes driven by trainer.session under Pyodide, in a real browser (Debian's
Chromium driven by Playwright) on the built site, with the browser's clock fixed
(`page.clock`): the trainer, the same Python as `mcr quiz`, starts once for the module.

- the edition is asked once, then a question; a wrong pick shows that fan's definition
  (learn_card's summary, as the terminal shows it) and the fans missed;
- the progress kept in localStorage is the format-3 document; a fan missed on day one is
  due the next day, and two days later the first question asks it again, in a hand not
  seen on day one;
- the export downloads that document, which the terminal's store imports; a file the
  terminal exports imports on the page; a file that cannot be used changes nothing;
- saved progress with a bad field keeps every other part, each damaged copy is set aside
  under its own key, can be downloaded and put back, and putting one back loses nothing;
- the focus follows the learner: onto the question's heading (an h2) once the rules are
  chosen and after Next, onto the feedback after Check; each group of options is named by
  its question, each hand offered as an option by its tiles; Check with no answer says what
  is missing and grades nothing;
- the trainer starts on the compiled standard library (generator/site/page_python.py), and
  when an import fails on a module the build did not keep, the worker fetches Pyodide's
  whole library and the trainer still starts.
"""
from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Iterator

import pytest

from generator.quizzes.banks import bank_path, load_bank
from generator.site.quiz_site_text import quiz_text
from generator.site.tiles import tile_alt
from generator.site.trainer_engine import STORE_KINDS
from trainer.fresh_questions import hand_key
from trainer.learn_cards import learn_card
from trainer.progress_store import ProgressStore

from .conftest import CHROMIUM
from .site_steps import keep_screenshot, stdlib_without
from .test_quiz_browser import choose_rules, items_shown

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

STORAGE_KEY = "mcr-trainer-progress"
# The page seeds each session from Math.random: here a fixed sequence (mulberry32), so the
# module's sessions ask the same questions on every run (an unlucky draw once gave a whole
# session without a "which fans" question to pick wrong in).
SEEDED_RANDOM = """(() => { let a = 20260302;
  Math.random = () => { a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();"""
DAY_ONE = date(2026, 3, 2)
START_MS = 180_000   # Python starting in WebAssembly on a busy machine: generous
STEP_MS = 60_000
DROPPED = "datetime.pyc"   # a module the trainer imports (and neither Pyodide's start nor the calculator)


# Where the focus is: in the feedback, on an item's heading (with its text), else the element's tag.
FOCUS = """() => { const a = document.activeElement;
  if (a.closest('.mcr-trainer__feedback')) return 'feedback';
  return a.matches('h2.mcr-trainer__heading') ? 'heading: ' + a.textContent : a.tagName; }"""


def noon(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 12, 0, 0)


class Quiz:
    def __init__(self, browser: Any, base_url: str, path: str = "quiz/beginner/") -> None:  # noqa: F811
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.context.add_init_script(SEEDED_RANDOM)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requested: list[str] = []   # the page's and its worker's
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.on("request", lambda r: self.requested.append(r.url))
        self.page.clock.set_fixed_time(noon(DAY_ONE))
        self.page.goto(f"{base_url}{path}", wait_until="domcontentloaded")
        self.root = self.page.locator("div.mcr-trainer")

    def state(self, *states: str, timeout: int = STEP_MS) -> str:
        wanted = " || ".join(f"s === {json.dumps(s)}" for s in (*states, "failed"))
        self.page.wait_for_function(
            f"() => {{ const s = document.querySelector('div.mcr-trainer').dataset.state; return {wanted}; }}",
            timeout=timeout)
        state = self.root.get_attribute("data-state") or ""
        assert state != "failed", self.page.inner_text(".mcr-trainer__notice")
        return state

    def stored(self) -> str:
        return self.page.evaluate(f"() => localStorage.getItem('{STORAGE_KEY}')")

    def hand(self) -> str:
        return hand_key(json.loads(self.page.locator(".mcr-trainer__body figure").first.get_attribute("data-tiles")))

    def in_session(self) -> None:
        """The rules chosen (the site's own, the first offered) if the page still asks for them:
        each test can run alone, not only after the ones before it in the module."""
        choose_rules(self.page, also=("lesson", "right", "wrong", "done"))

    def with_progress(self) -> None:
        """Answers kept in the browser: if no test before answered (the page keeps a document
        from its first start, its session count 0), a whole session of "I don't know" answers."""
        if json.loads(self.stored() or "{}").get("session", 0) < 1:
            self.in_session()
            self.dont_know_until_done()

    def dont_know_until_done(self) -> set[str]:
        """Answer "I don't know" to the rest of the session; the hands shown."""
        hands = set()
        while self.state("question", "done") == "question":
            hands.add(self.hand())
            self.page.click("button[data-action=dont_know]")
            self.state("right", "wrong")
            self.page.click("button[data-action=next]")
            self.page.wait_for_function("() => !document.querySelector('.mcr-trainer__feedback')", timeout=STEP_MS)
        return hands


@pytest.fixture(scope="module")
def quiz(browser: Any, base_url: str) -> Iterator[Quiz]:  # noqa: F811
    opened = Quiz(browser, base_url)
    opened.state("edition", timeout=START_MS)
    yield opened
    opened.context.close()


@pytest.fixture(scope="module")
def bank() -> dict[str, Any]:
    return {q.id: q for q in load_bank(bank_path("beginner")).questions}


def _wrong_pick(question: Any) -> str | None:
    """An option of a "which fans count?" question that does not match the hand at all (a
    fan ruled out by another gets that reason instead of its definition, and a fan of an
    equal-total way of counting, such as Single Wait beside Closed Wait, is no wrong pick)."""
    if question is None or question.kind != "fans":
        return None
    ruled_out = {n["id"] for n in question.data["explanation"]["not_counted"]}
    tied = {f["id"] for way in question.answer.get("ties", []) for f in way["fans"]}
    return next((f for f in question.options if f not in {*question.answer_ids, *ruled_out, *tied}), None)


def test_the_trainer_starts_on_the_compiled_library(quiz: Quiz) -> None:
    files = [u.rsplit("/", 1)[1] for u in quiz.requested]
    assert "python_stdlib.zip" in files and "trainer.zip" in files
    assert "python_stdlib_full.zip" not in files   # the compiled part sufficed


def test_a_module_the_build_left_out_brings_the_whole_library(browser: Any, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(service_workers="block")   # the page's own loading, nothing kept offline
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    stdlib_without(context, base_url, DROPPED)
    try:
        page.goto(f"{base_url}quiz/beginner/", wait_until="domcontentloaded")
        page.wait_for_selector("div.mcr-trainer:is([data-state=edition], [data-state=failed])", timeout=START_MS)
        assert page.get_attribute("div.mcr-trainer", "data-state") == "edition", page.inner_text(".mcr-trainer__notice")
        assert any(u.endswith("python_stdlib_full.zip") for u in requested)
    finally:
        context.close()


def test_a_wrong_pick_shows_the_fans_definition(quiz: Quiz, bank: dict[str, Any]) -> None:
    assert quiz_text("en", "trainer_edition_prompt") in quiz.page.inner_text(".mcr-trainer__body")
    quiz.page.locator("button[data-edition]").first.click()
    quiz.state("question")
    assert quiz.page.evaluate(FOCUS).startswith("heading: Question 1 of "), quiz.page.evaluate(FOCUS)
    while _wrong_pick(bank.get(quiz.root.get_attribute("data-question") or "")) is None:
        quiz.page.click("button[data-action=dont_know]")
        quiz.state("right", "wrong")
        quiz.page.click("button[data-action=next]")
        assert quiz.state("question", "done") == "question", "no fans question to pick wrong in the session"
    question = bank[quiz.root.get_attribute("data-question")]
    wrong = _wrong_pick(question)
    quiz.page.check(f"input[type=checkbox][value='{wrong}']")
    quiz.page.click("button[data-action=check]")
    assert quiz.state("right", "wrong") == "wrong"
    feedback = quiz.page.inner_text(".mcr-trainer__feedback")
    from rules import fan_table   # noqa: PLC0415 - the edition the learner chose: the site's first
    table = fan_table()
    summary = learn_card(table, wrong).texts(table, "en")["summary"]
    assert any(table.by_id[wrong].name("en") in line and summary in line for line in feedback.splitlines()), feedback
    # The cards of the fans met for the first time draw their example with how it was won.
    examples = quiz.page.locator(".mcr-trainer__feedback figcaption", has_text="Example:")
    assert examples.count() >= 1, feedback
    assert all("Seat wind: " in text for text in examples.all_inner_texts()), examples.all_inner_texts()
    keep_screenshot(quiz.root, "trainer-quiz-en-wrong-pick.png")
    quiz.page.click("button[data-action=next]")


def test_a_missed_fan_returns_on_a_later_day_in_another_hand(quiz: Quiz) -> None:
    quiz.in_session()
    day_one_hands = quiz.dont_know_until_done()
    progress = json.loads(quiz.stored())
    assert progress["format"] == 3 and progress["session"] == 1
    missed = {f for f, r in progress["fans"].items() if r["seen"] > r["right"]}
    assert missed and {progress["fans"][f]["memory"]["due"] for f in missed} == {(DAY_ONE + timedelta(days=1)).isoformat()}
    assert progress["daily"]["day"] == DAY_ONE.isoformat()
    quiz.page.clock.set_fixed_time(noon(DAY_ONE + timedelta(days=2)))
    quiz.page.click("button[data-action=trainer_more]")
    quiz.state("question")
    assert quiz.root.get_attribute("data-reason") == "due" and quiz.root.get_attribute("data-fan") in missed
    assert quiz.hand() not in day_one_hands
    assert json.loads(quiz.stored())["session"] == 1   # a session counts with its first answer


def _store(folder: Path) -> ProgressStore:
    import rules   # noqa: PLC0415
    tables = {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()}
    return ProgressStore(folder, fans={f for t in tables.values() for f in t.by_id}, kinds=STORE_KINDS,
                         families={f.family for t in tables.values() for f in t.fans}, editions=list(tables))


def test_export_and_import_carry_the_progress_to_the_terminal_and_back(quiz: Quiz, tmp_path: Path) -> None:
    quiz.with_progress()
    with quiz.page.expect_download() as download:
        quiz.page.click("button[data-action=trainer_export]")
    exported = tmp_path / "from-site.json"
    download.value.save_as(exported)
    assert download.value.suggested_filename == "mcr-progress.json"
    assert exported.read_text(encoding="utf-8") == quiz.stored()
    store = _store(tmp_path / "terminal")
    (tmp_path / "terminal").mkdir()
    sessions = store.import_from(exported).progress.session          # `mcr quiz --import`
    assert sessions == 1
    store.update(lambda p: p.with_goal(25))                          # the terminal changes it
    store.export(tmp_path / "from-terminal.json")                    # `mcr quiz --export`
    quiz.page.set_input_files("input.mcr-trainer__file", str(tmp_path / "from-terminal.json"))
    quiz.page.wait_for_function(
        "(t) => document.querySelector('.mcr-trainer__notice').textContent === t",
        arg=quiz_text("en", "trainer_imported"), timeout=STEP_MS)
    kept = json.loads(quiz.stored())
    assert kept["daily"]["goal"] == 25 and kept["session"] == 1     # imported; the session opened on it not yet answered
    before = quiz.stored()
    (tmp_path / "bad.json").write_text('{"format": 3, "session": "two"}', encoding="utf-8")
    quiz.page.set_input_files("input.mcr-trainer__file", str(tmp_path / "bad.json"))
    quiz.page.wait_for_function(
        "(t) => document.querySelector('.mcr-trainer__notice').textContent === t",
        arg=quiz_text("en", "trainer_import_failed"), timeout=STEP_MS)
    assert "missing" in quiz.page.locator("details.mcr-trainer__detail code").text_content()   # what the reader found
    assert quiz.stored() == before
    assert not quiz.errors, quiz.errors


def _aside(quiz: Quiz) -> dict[str, str]:
    return quiz.page.evaluate(f"""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('{STORAGE_KEY}.aside.')).sort().map(k => [k, localStorage.getItem(k)]))""")


def _reopen_on(quiz: Quiz, text: str) -> str:
    """Store `text` as the page's progress and open a session on it, as a new visit would; the notice."""
    quiz.page.evaluate("(t) => localStorage.setItem('" + STORAGE_KEY + "', t)", text)
    quiz.page.evaluate("() => window.McrTrainer.open()")
    return quiz.page.inner_text(".mcr-trainer__notice")


def test_damaged_progress_keeps_the_rest_and_every_copy_aside(quiz: Quiz, tmp_path: Path) -> None:
    quiz.with_progress()
    sound = json.loads(quiz.stored())
    first = dict(sound, fans={**sound["fans"], "no_such_fan": {"seen": 1}})
    said = _reopen_on(quiz, json.dumps(first))
    assert said == quiz_text("en", "trainer_salvaged_one", n=1), said
    assert "no_such_fan" in quiz.page.locator("details.mcr-trainer__detail code").text_content()
    kept = json.loads(quiz.stored())
    assert kept["fans"] == sound["fans"] and kept["session"] == sound["session"] and kept["kinds"] == sound["kinds"]
    assert list(_aside(quiz).values()) == [json.dumps(first)]
    second = dict(sound, daily=dict(sound["daily"], goal=-1))
    _reopen_on(quiz, json.dumps(second))
    assert list(_aside(quiz).values()) == [json.dumps(first), json.dumps(second)]   # the first not written over
    items = quiz.page.locator(".mcr-trainer__aside li")
    assert items.count() == 2
    with quiz.page.expect_download() as download:
        items.first.locator("button[data-action=trainer_aside_download]").click()
    download.value.save_as(tmp_path / "aside.json")
    assert (tmp_path / "aside.json").read_text(encoding="utf-8") == json.dumps(first)
    current = quiz.stored()
    shown = items_shown(quiz.page)
    items.first.locator("button[data-action=trainer_aside_restore]").click()   # put the first copy back
    quiz.page.wait_for_function("(c) => localStorage.getItem('" + STORAGE_KEY + "') !== c", arg=current,
                                timeout=STEP_MS)
    # The copy is stored at once, then a session opens on it: wait for its first item.
    quiz.page.wait_for_function("(n) => Number(document.querySelector('div.mcr-trainer').dataset.shown) > n",
                                arg=shown, timeout=STEP_MS)
    quiz.state("question", "lesson")
    assert sorted(_aside(quiz).values()) == sorted([json.dumps(first), json.dumps(second), current])   # nothing lost
    assert json.loads(quiz.stored())["fans"] == sound["fans"]
    assert quiz.page.locator(".mcr-trainer__aside li").count() == 3
    assert not quiz.errors, quiz.errors


def test_flashcards_and_count_it_with_me(quiz: Quiz) -> None:
    """The learn mode's flashcards and the guided mode's steps, asked by the same session API."""
    quiz.in_session()
    for mode, kind in (("learn", "flashcard"), ("guided", "step")):
        quiz.page.click(f"button[data-mode={mode}]")
        quiz.page.wait_for_function(f"() => document.querySelector('div.mcr-trainer').dataset.type === '{kind}'",
                                    timeout=STEP_MS)
        quiz.state("question")
        if mode == "learn":   # the page's words: a choice, where the terminal says to type a number
            assert re.fullmatch(r"Which hand scores .+ \(\d+ points?\)\? Choose it\.|"
                                r"Which fan does this hand show\? Choose it\.",
                                quiz.page.inner_text(".mcr-trainer__prompt")), quiz.page.inner_text(".mcr-trainer__prompt")
            if quiz.page.inner_text(".mcr-trainer__prompt").startswith("Which hand"):
                # The hands to choose from are numbered, as the answer ("It was hand 2.") names them.
                numbers = quiz.page.locator(".mcr-trainer__option .mcr-trainer__numbered > b").all_inner_texts()
                assert numbers == ["1", "2"], numbers
        quiz.page.click("button[data-action=dont_know]")
        assert quiz.state("right", "wrong") == "wrong"
        assert quiz.page.locator(".mcr-trainer__feedback .mcr-trainer__line").count() >= 1
        keep_screenshot(quiz.root, f"trainer-quiz-en-{mode}.png")
    # Count it with me, on to the step of a family of fans: a tick for each fan that counts.
    for _ in range(8):
        if (quiz.root.get_attribute("data-question") or "").startswith("family:"):
            break
        quiz.page.click("button[data-action=next]")
        quiz.state("question")
        if not (quiz.root.get_attribute("data-question") or "").startswith("family:"):
            quiz.page.click("button[data-action=dont_know]")
            quiz.state("right", "wrong")
    else:
        raise AssertionError("no step on a family of fans")
    assert re.fullmatch(r".+: which of these count\? Tick every one that does, and none if none does\.",
                        quiz.page.inner_text(".mcr-trainer__prompt")), quiz.page.inner_text(".mcr-trainer__prompt")
    assert not quiz.errors, quiz.errors


@pytest.fixture(scope="module")
def quiz_fr(browser: Any, base_url: str) -> Iterator[Quiz]:  # noqa: F811
    opened = Quiz(browser, base_url, "fr/quiz/beginner/")
    opened.state("edition", timeout=START_MS)
    opened.page.locator("button[data-edition]").first.click()
    opened.state("question", "lesson")
    yield opened
    opened.context.close()


def test_a_french_session_of_flashcards_asks_to_choose_and_counts_none_right_in_the_singular(quiz_fr: Quiz) -> None:
    quiz = quiz_fr
    shown = int(quiz.root.get_attribute("data-shown") or 0)
    quiz.page.click("button[data-mode=learn]")
    quiz.page.wait_for_function("(n) => { const d = document.querySelector('div.mcr-trainer').dataset;"
                                " return Number(d.shown) > n && d.type === 'flashcard'; }", arg=shown, timeout=STEP_MS)
    prompts = []
    while quiz.state("question", "done") == "question":
        prompts.append(quiz.page.inner_text(".mcr-trainer__prompt"))
        quiz.page.click("button[data-action=dont_know]")
        quiz.state("right", "wrong")
        quiz.page.click("button[data-action=next]")
        quiz.page.wait_for_function("() => !document.querySelector('.mcr-trainer__feedback')", timeout=STEP_MS)
    # Hand-written: the page's words (choose, not type), and none right of the session, which
    # French says in the singular.
    assert prompts and all(re.fullmatch(r"Quelle main compte .+ \(\d+ points?\) \? Choisissez-la\.|"
                                        r"Quel fan cette main montre-t-elle \? Choisissez-le\.", p) for p in prompts), prompts
    asked = quiz.root.get_attribute("data-asked")
    assert asked == str(len(prompts))
    assert quiz.page.inner_text(".mcr-trainer__summary") == f"Cette séance : 0 bonne réponse sur {asked}."
    keep_screenshot(quiz.root, "trainer-quiz-fr-summary.png")
    assert not quiz.errors, quiz.errors


def test_a_french_notice_of_a_file_or_progress_unread_keeps_the_technical_detail_apart(quiz_fr: Quiz,
                                                                                       tmp_path: Path) -> None:
    quiz = quiz_fr
    before = quiz.stored()
    (tmp_path / "bad.json").write_text('{"format": 3}', encoding="utf-8")
    quiz.page.set_input_files("input.mcr-trainer__file", str(tmp_path / "bad.json"))
    # Hand-written: the page's sentence in French; what the reader found, in its own words
    # (English), folded apart under a French summary.
    unusable = "Ce fichier est inutilisable ; votre progression n’a pas changé."
    quiz.page.wait_for_function("(t) => document.querySelector('.mcr-trainer__notice').textContent === t",
                                arg=unusable, timeout=STEP_MS)
    detail = quiz.page.locator("details.mcr-trainer__detail")
    assert detail.is_visible() and detail.get_attribute("open") is None
    assert detail.locator("summary").inner_text() == "Détail technique (en anglais)"
    assert "missing" in detail.locator("code").text_content()
    assert quiz.stored() == before
    sound = json.loads(before)
    damaged = dict(sound, fans={**sound["fans"], "no_such_fan": {"seen": 1}})
    said = _reopen_on(quiz, json.dumps(damaged))
    assert said == ("Une partie de votre progression enregistrée n’a pas pu être lue (1 partie laissée de côté). "
                    "Le reste est conservé, et l’ensemble est mis de côté ci-dessous.")
    assert "no_such_fan" in detail.locator("code").text_content() and "no_such_fan" not in said
    twice = dict(damaged, daily=dict(sound["daily"], goal=-1))
    assert "(2 parties laissées de côté)" in _reopen_on(quiz, json.dumps(twice))
    keep_screenshot(quiz.root, "trainer-quiz-fr-salvaged.png")
    quiz.page.evaluate("() => window.McrTrainer.say('')")
    assert detail.count() == 0   # a later notice takes the detail away
    assert not quiz.errors, quiz.errors


def _next_item(quiz: Quiz, shown: int) -> None:
    """Wait for the page to show more than `shown` items."""
    quiz.page.wait_for_function("(n) => Number(document.querySelector('div.mcr-trainer').dataset.shown) > n",
                                arg=shown, timeout=STEP_MS)


def _session_of(quiz: Quiz, kind: str) -> None:
    """A new practice session of questions of `kind` only, as a family page's choice of kind
    asks; on to its first question."""
    if quiz.page.get_attribute("button[data-mode=practice]", "aria-pressed") != "true":
        shown = items_shown(quiz.page)
        quiz.page.click("button[data-mode=practice]")
        _next_item(quiz, shown)
    shown = items_shown(quiz.page)
    quiz.page.evaluate("(k) => { window.McrTrainer.kind = k; return window.McrTrainer.open(); }", kind)
    _next_item(quiz, shown)
    while quiz.state("question", "lesson") == "lesson":
        shown = items_shown(quiz.page)
        quiz.page.click("button[data-action=next]")
        _next_item(quiz, shown)


def _check_with_nothing_given(quiz: Quiz, message: str, field: str) -> None:
    """Check pressed with no answer: the message, announced, the focus on `field`, nothing graded."""
    shown, asked = items_shown(quiz.page), quiz.root.get_attribute("data-asked")
    quiz.page.click("button[data-action=check]")
    alert = quiz.page.locator(".mcr-trainer__missing[role=alert]")
    assert alert.inner_text() == message
    assert quiz.page.evaluate("(f) => document.activeElement === document.querySelector(f)", field)
    assert quiz.root.get_attribute("data-state") == "question" and items_shown(quiz.page) == shown
    assert quiz.root.get_attribute("data-asked") == asked


def _radio_names(quiz: Quiz) -> list[str]:
    snapshot = quiz.page.locator(".mcr-trainer__inputs").aria_snapshot()
    return re.findall(r'radio "([^"]*)"', snapshot)


def test_the_focus_follows_the_learner_and_every_option_is_named(quiz: Quiz) -> None:
    quiz.in_session()
    # Yes or no: both in a group the question names; Check with neither chosen says so.
    _session_of(quiz, "valid")
    prompt = quiz.page.inner_text(".mcr-trainer__prompt")
    assert quiz.page.get_by_role("radiogroup", name=prompt, exact=True).get_by_role("radio").count() == 2
    _check_with_nothing_given(quiz, quiz_text("en", "trainer_missing_choice"), "input[name=mcr-trainer-yes-no]")
    # Check (here "I don't know") disables the form: the focus goes to the feedback, in view.
    quiz.page.click("button[data-action=dont_know]")
    quiz.state("right", "wrong")
    assert quiz.page.evaluate(FOCUS) == "feedback"
    assert quiz.page.locator(".mcr-trainer__feedback").evaluate(
        "f => f.getBoundingClientRect().top >= 0 && f.getBoundingClientRect().top < innerHeight")
    # Next: the focus on the new question's heading.
    shown = items_shown(quiz.page)
    quiz.page.click("button[data-action=next]")
    _next_item(quiz, shown)
    if quiz.state("question", "lesson") == "question":
        assert re.fullmatch(r"heading: Question \d+ of \d+", quiz.page.evaluate(FOCUS)), quiz.page.evaluate(FOCUS)
    else:   # a lesson's heading is its title
        assert quiz.page.evaluate(FOCUS).startswith("heading: "), quiz.page.evaluate(FOCUS)
    # A points box left empty: its own message, the focus in the box.
    _session_of(quiz, "total")
    _check_with_nothing_given(quiz, quiz_text("en", "trainer_missing_number"), "input.mcr-trainer__number")
    # The hands of a flashcard, named by their tiles: the situation alone is alike in both.
    quiz.page.click("button[data-mode=learn]")
    for _ in range(10):
        quiz.page.wait_for_function("() => document.querySelector('div.mcr-trainer').dataset.type === 'flashcard'",
                                    timeout=STEP_MS)
        if quiz.state("question") and quiz.page.inner_text(".mcr-trainer__prompt").startswith("Which hand"):
            break
        quiz.page.click("button[data-action=dont_know]")
        quiz.state("right", "wrong")
        quiz.page.click("button[data-action=next]")
    else:
        raise AssertionError("no flashcard from a fan to its hand")
    names = _radio_names(quiz)
    hands = [json.loads(t) for t in quiz.page.locator(".mcr-trainer__option figure").evaluate_all(
        "fs => fs.map(f => f.dataset.tiles)")]
    assert len(names) == len(hands) >= 2 and len(set(names)) == len(names), names
    for n, (name, hand) in enumerate(zip(names, hands), 1):
        assert name.startswith(f"Hand {n}: "), name
        assert all(tile_alt(face, "en") in name for face in hand["concealed"]), (name, hand)
    assert not quiz.errors, quiz.errors


def test_check_with_no_fan_or_wait_ticked_says_so_and_grades_nothing(quiz: Quiz) -> None:
    # A winning hand always has a fan and waits on a tile: nothing ticked is a slip, told
    # like a missing number, not graded as the answer "none".
    quiz.in_session()
    for kind, key in (("fans", "trainer_missing_fans"), ("waits", "trainer_missing_waits")):
        _session_of(quiz, kind)
        assert quiz.page.locator("input[name=mcr-trainer-option]:checked").count() == 0
        _check_with_nothing_given(quiz, quiz_text("en", key), "input[name=mcr-trainer-option]")
        # One ticked: Check grades it.
        quiz.page.locator("input[name=mcr-trainer-option]").first.check()
        quiz.page.click("button[data-action=check]")
        assert quiz.state("right", "wrong") in ("right", "wrong")
    assert not quiz.errors, quiz.errors
