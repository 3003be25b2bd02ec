"""The web rules quiz in a real browser (Debian's Chromium driven by Playwright), on the built
site, in two languages: a learner answers one question right and one wrong, sees the right
options (in a group the question names), the reason and a link to the cited rulebook section
(which leads to that heading), finds the focus on the next question, and the score again
after a reload. The browser's grading is checked against
generator/quizzes/rules_questions.py. Screenshots of the feedback go to test-artifacts/."""
from __future__ import annotations

import pytest

from generator.quizzes.rules_bank import load_rules_bank, rules_bank_path
from generator.quizzes.rules_questions import RulesQuestion
from trainer.grading import grade_rules
from generator.site.quiz_site_text import quiz_text

from .site_steps import keep_screenshot
from .conftest import CHROMIUM
from .test_site_browser import Tab, _prefix, tab  # noqa: F401 - the tab fixture

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

BANK = {q.id: q for q in load_rules_bank(rules_bank_path()).questions}


def _wait(tab: Tab, state: str) -> RulesQuestion:
    tab.page.wait_for_selector(f'div.mcr-rules-quiz[data-state="{state}"]', timeout=15000)
    return BANK[tab.page.locator("div.mcr-rules-quiz").get_attribute("data-question")]


def _answer(tab: Tab, q: RulesQuestion, *, right: bool) -> list[str]:
    """Tick the right options, or one wrong option; the keys ticked."""
    picked = list(q.answer) if right else [next(k for k in q.options if k not in q.answer)]
    for key in picked:
        tab.page.check(f'.mcr-quiz__option input[value="{key}"]')
    tab.page.click(".mcr-quiz__check")
    return picked


def _keep_screenshot(tab: Tab, lang: str, what: str) -> None:
    keep_screenshot(tab.page, f"rules-quiz-{lang}-{what}.png", lang, full_page=True)


def _answered_right(tab: Tab, lang: str) -> RulesQuestion:
    """The first question, its options named by it, answered right: the verdict and reason."""
    first = _wait(tab, "question")
    words = first.text(lang)
    assert tab.page.locator(".mcr-quiz__ask").inner_text() == words.question
    assert tab.page.locator(".mcr-quiz__option").count() == len(first.options)
    # The options' group is named by the question: moving among them says it.
    group = tab.page.get_by_role("radiogroup" if first.pick == "one" else "group", name=words.question, exact=True)
    assert group.locator(".mcr-quiz__option").count() == len(first.options)
    if first.hand is not None:
        assert tab.tiles_loaded() == 14 + sum(len(m["tiles"]) == 4 for m in first.hand["tiles"]["melds"])
    _answer(tab, first, right=True)
    _wait(tab, "answered")
    assert tab.page.locator("div.mcr-rules-quiz").get_attribute("data-correct") == "true"
    assert tab.page.locator(".mcr-quiz__verdict").inner_text() == quiz_text(lang, "right")
    assert tab.page.locator(".mcr-rules-quiz__reason").inner_text() == words.reason
    assert tab.page.locator(".mcr-quiz__option--right").count() == len(first.answer)
    assert quiz_text(lang, "score", right=1, asked=1) in tab.page.locator(".mcr-quiz__score").inner_text()
    _keep_screenshot(tab, lang, "right")
    return first


def _reset_erases_the_score(tab: Tab, lang: str) -> None:
    """Reset: the first click only arms it; the second erases the score, here and after a reload."""
    reset = tab.page.locator(".mcr-quiz__reset")
    reset.click()
    assert reset.inner_text() == quiz_text(lang, "reset_confirm")
    assert quiz_text(lang, "score", right=1, asked=2) in tab.page.locator(".mcr-quiz__score").inner_text()
    reset.click()
    assert tab.page.locator(".mcr-quiz__score").inner_text() == quiz_text(lang, "score_none")
    assert tab.page.locator(".mcr-quiz__notice").inner_text() == quiz_text(lang, "reset_done")
    tab.open(f"{_prefix(lang)}quiz/rules/")
    _wait(tab, "question")
    assert tab.page.locator(".mcr-quiz__score").inner_text() == quiz_text(lang, "score_none")


@pytest.mark.parametrize("lang", ["en", "zh", "fr", "ja"])
def test_a_right_and_a_wrong_answer_with_the_section_cited(tab: Tab, lang: str) -> None:
    tab.open(f"{_prefix(lang)}quiz/rules/")
    first = _answered_right(tab, lang)
    tab.page.click(".mcr-quiz__next")
    second = _wait(tab, "question")
    # The button pressed is gone: the focus is on the new question, not on the page.
    assert tab.page.evaluate("() => document.activeElement.className") == "mcr-quiz__ask"
    assert second.id != first.id   # a question just asked does not come straight back
    picked = _answer(tab, second, right=False)
    _wait(tab, "answered")
    assert tab.page.locator("div.mcr-rules-quiz").get_attribute("data-correct") == "false"
    letter = second.label(picked[0])
    assert tab.page.locator(".mcr-quiz__verdict").inner_text() == quiz_text(lang, "wrong_answer", answer=letter)
    assert tab.page.locator(".mcr-quiz__option--wrong").count() == 1
    assert tab.page.locator(".mcr-quiz__option--missed").count() == len(second.answer)
    texts = dict(zip(second.options, second.text(lang).options))
    assert tab.page.locator(".mcr-rules-quiz__right li").all_inner_texts() == [
        f"{second.label(k)}. {texts[k]}" for k in second.answer]
    cite = tab.page.locator("a.mcr-rules-quiz__source")
    chapter = load_rules_bank(rules_bank_path()).chapter_title(second.chapter, lang)
    assert cite.inner_text() == f"{chapter} › {second.text(lang).section}"
    _keep_screenshot(tab, lang, "wrong")
    assert quiz_text(lang, "score", right=1, asked=2) in tab.page.locator(".mcr-quiz__score").inner_text()

    # The link leads to the cited heading of the rulebook, in the same language.
    cite.click()
    tab.page.wait_for_load_state("load")
    assert tab.page.url.endswith(f"{_prefix(lang)}rulebook/{second.chapter}/#{second.anchor}")
    heading = tab.page.locator(f'[id="{second.anchor}"]')
    assert heading.count() == 1 and second.text(lang).section in heading.inner_text()

    # The score stays in the browser.
    tab.open(f"{_prefix(lang)}quiz/rules/")
    _wait(tab, "question")
    assert quiz_text(lang, "score", right=1, asked=2) in tab.page.locator(".mcr-quiz__score").inner_text()

    _reset_erases_the_score(tab, lang)
    assert tab.errors == []


def test_the_browser_grades_as_python(tab: Tab) -> None:
    tab.open("quiz/rules/")
    _wait(tab, "question")
    robbed = BANK["robbing-the-kong-who-pays"]
    cases = [list(robbed.answer), list(reversed(robbed.answer)), [robbed.answer[0]], [*robbed.answer, "self_drawn"], []]
    for picked in cases:
        browser_says = tab.page.evaluate("([q, p]) => window.mcrRulesQuiz.grade(q, p)",
                                         [{"answer": list(robbed.answer)}, picked])
        assert browser_says == grade_rules(robbed, picked), picked


def _ask_only(tab: Tab, lang: str, question_id: str) -> RulesQuestion:
    """The page in `lang` asking `question_id`: every other question was asked recently."""
    tab.open(f"{_prefix(lang)}quiz/rules/")
    _wait(tab, "question")
    recent = [i for i in BANK if i != question_id]
    tab.page.evaluate("(s) => localStorage.setItem('mcr-rules-quiz', JSON.stringify(s))",
                      {"format": 1, "seen": 0, "right": 0, "recent": recent})
    tab.page.reload(wait_until="load")
    asked = _wait(tab, "question")
    assert asked.id == question_id
    return asked


# Hand-written, per language: the instruction of a question with one right option; after a
# wrong answer (D and E ticked) to a question with three right options (A, B and C), the
# verdict and the right options; after a question to tick every right option that has one.
SEVERAL = {
    "en": ("Choose one answer.", "Not quite. Your answer: D, E", "The right answers: A, B, C", "The right answer: A"),
    "fr": ("Choisissez une réponse.", "Pas tout à fait. Votre réponse : D, E", "Les bonnes réponses : A, B, C",
           "La bonne réponse : A"),
    "es": ("Elija una respuesta.", "No exactamente. Su respuesta: D, E", "Las respuestas correctas: A, B, C",
           "La respuesta correcta: A"),
}


@pytest.mark.parametrize("lang", sorted(SEVERAL))
def test_several_right_options_are_said_in_the_plural_and_the_instruction_once(tab: Tab, lang: str) -> None:
    pick_one, wrong, several, one = SEVERAL[lang]
    # Several right options (dead-hand-plays-on: A, B and C): the question says to tick every
    # one itself, and the page says nothing more.
    q = _ask_only(tab, lang, "dead-hand-plays-on")
    assert tab.page.locator(".mcr-quiz__ask").inner_text() == q.text(lang).question
    assert tab.page.locator(".mcr-rules-quiz__pick").count() == 0
    for key in ("sits_out", "replayed"):
        tab.page.check(f'.mcr-quiz__option input[value="{key}"]')
    tab.page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert tab.page.locator(".mcr-quiz__verdict").inner_text() == wrong
    assert tab.page.locator(".mcr-quiz__expected").inner_text() == several
    _keep_screenshot(tab, lang, "several")
    # A question to tick every right option that has only one (full-flush-no-honors: A).
    _ask_only(tab, lang, "full-flush-no-honors")
    assert tab.page.locator(".mcr-rules-quiz__pick").count() == 0
    tab.page.check('.mcr-quiz__option input[value="full_flush"]')
    tab.page.click(".mcr-quiz__check")
    _wait(tab, "answered")
    assert tab.page.locator(".mcr-quiz__expected").inner_text() == one
    # One right option to choose (pung-before-chow: B): the page says so, once.
    _ask_only(tab, lang, "pung-before-chow")
    assert tab.page.locator(".mcr-rules-quiz__pick").all_inner_texts() == [pick_one]
    assert tab.errors == []
