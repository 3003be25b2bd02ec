"""The score sheet page in a real browser (Debian's Chromium driven by Playwright, on the built
site): a whole session worked out by hand and entered through the form (self-drawn and
discard wins, draws, a penalty, flowers, a tie for first place), its totals, zero sums and
standard points; the sheet kept across a reload, a damaged store kept aside and restored;
CSV and JSON out, JSON in; the share link and what a bad link says; mistakes in the form named;
a win sent from the calculator; an event's standings from two session files; the page's settlement against the engine's on random hands;
phone width, print, axe-core and a visible focus ring on every control. Screenshots go to
test-artifacts/."""
from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules
from generator.site.scoresheet_page import PAGE_OPERATORS
from generator.site.site_text import DEFAULT_LANG, LANGS
from i18n import strings
from rules.sampling import sample_hands
from rules.vocabulary import compile_predicate

from .site_steps import DARK_LANGS, keep_screenshot, switch_palette
from .conftest import CHROMIUM
from .reach_checks import AXE, AXE_COLOUR_RUN, AXE_RUN, AXE_TEXT_RUN, OVERFLOWING, WIDTH, axe_violations

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium)"),
]

TEXT = strings("scoresheet").tables
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bo", "Cy", "Di"]    # drawn East, South, West, North: players 1 to 4

# A whole session, worked out by hand from the rulebook: the base is 8; self-drawn, each of
# the other three pays 8 + the hand total; on a discard, the discarder pays 8 + the total and
# the other two 8 each; the total includes the flowers, which never count towards the 8
# points a win needs. Each hand: (result, winner, discarder or None when self-drawn, total, flowers).
GAME = [
    ("win", 1, None, 24, 2), ("win", 2, 3, 16, 0), ("draw",), ("win", 3, 1, 8, 0),
    ("win", 4, None, 12, 1), ("win", 1, 4, 32, 0), ("win", 2, None, 10, 2), ("win", 3, 2, 40, 0),
    ("draw",), ("win", 4, 3, 24, 0), ("win", 3, None, 16, 0), ("win", 2, 1, 64, 0),
    ("win", 1, None, 8, 0), ("win", 4, 2, 26, 3), ("win", 3, 1, 8, 0), ("win", 4, 3, 12, 4),
]
# Di makes a false win in hand 3 (which then ends in a draw): the referee gives 10 penalty
# points (no edition states an amount), deducted at the end of that hand; nobody receives them.
PENALTIES = {3: [(4, "false_win", 10)]}
# Each hand's results (Ann, Bo, Cy, Di), then the session scores after it, starting from 500.
EXPECTED = [
    ((96, -32, -32, -32), (596, 468, 468, 468)),   # Ann self-drawn 24: 8 + 24 = 32 from each
    ((-8, 40, -24, -8), (588, 508, 444, 460)),     # Bo on Cy's discard 16: Cy 24, the others 8
    ((0, 0, 0, 0), (588, 508, 444, 450)),          # a draw; Di's 10 penalty points
    ((-16, -8, 32, -8), (572, 500, 476, 442)),
    ((-20, -20, -20, 60), (552, 480, 456, 502)),
    ((56, -8, -8, -40), (608, 472, 448, 462)),
    ((-18, 54, -18, -18), (590, 526, 430, 444)),   # Bo self-drawn 10 with 2 flowers: 8 without them
    ((-8, -48, 64, -8), (582, 478, 494, 436)),
    ((0, 0, 0, 0), (582, 478, 494, 436)),
    ((-8, -8, -32, 48), (574, 470, 462, 484)),
    ((-24, -24, 72, -24), (550, 446, 534, 460)),
    ((-72, 88, -8, -8), (478, 534, 526, 452)),
    ((48, -16, -16, -16), (526, 518, 510, 436)),
    ((-8, -34, -8, 50), (518, 484, 502, 486)),
    ((-16, -8, 32, -8), (502, 476, 534, 478)),
    ((-8, -8, -20, 36), (494, 468, 514, 514)),     # Di on Cy's discard 12 with 4 flowers
]
# Hand 5 is scored in the calculator and sent to the sheet, as a player would: Di (North in
# hand 5, the South circle) self-draws 3m on [123m]123p123s45m66p with one flower. By hand:
# Mixed Triple Chow 8 (123 in each suit), All Chows 2 (four chows and a pair of suited tiles;
# it leaves out No Honors), Self-Drawn 1 (the melded chow rules out Fully Concealed); 45m waits
# on 3m and 6m, so no wait fan; 11 points and the flower: 12, as in GAME.
CALCULATOR_HAND = 5
CALCULATOR_QUERY = "hand=%5B123m%5D123p123s45m66p3m&self_drawn=1&seat_wind=N&prevalent_wind=S&flowers=1"
ENGINE_MS = 120_000     # Pyodide starting on a shared machine
# Cy and Di tie for first with 514: they share 4 + 2, 3 each; Ann is third (1), Bo fourth (0).
FINAL = {"Cy": ("1st (tied)", 514, 3), "Di": ("1st (tied)", 514, 3), "Ann": ("3rd", 494, 1), "Bo": ("4th", 468, 0)}
# Players keep the seats drawn; the deal passes after every hand: each player's seat wind,
# hand by hand, and the prevalent wind of each circle of four hands.
SEAT_WINDS = ["ESWN", "NESW", "WNES", "SWNE"] * 4
CIRCLES = "EEEESSSSWWWWNNNN"


def _settled_by_the_rulebook(hand: tuple) -> tuple[int, ...]:
    """The rulebook's settlement, written here from its words (not from the page, nor from
    the engine): each loser pays the base 8; on a self-drawn win each pays the hand total
    too, on a discard only the discarder does. The hand's results, players 1 to 4."""
    if hand[0] != "win":
        return (0, 0, 0, 0)
    _, winner, discarder, total, _flowers = hand
    paid = {p: 8 + (total if discarder in (None, p) else 0) for p in range(1, 5) if p != winner}
    return tuple(sum(paid.values()) if p == winner else -paid[p] for p in range(1, 5))


def test_the_worked_session_is_the_rulebooks_settlement(table: rules.FanTable) -> None:
    """The table above, worked out by hand, checked once more against the rule as written
    (and the rule's base against the rulebook's data) before the page is compared with it."""
    assert table.settlement.base == 8 and table.competition.starting_score == 500
    scores = [500] * 4
    for n, hand in enumerate(GAME, start=1):
        results = _settled_by_the_rulebook(hand)
        assert sum(results) == 0
        scores = [s + r - sum(pts for who, _, pts in PENALTIES.get(n, []) if who == p)
                  for p, (s, r) in enumerate(zip(scores, results), start=1)]
        assert EXPECTED[n - 1] == (results, tuple(scores)), f"hand {n}"
    by_score = sorted(zip(scores, NAMES), reverse=True)
    assert [(name, FINAL[name][1]) for _, name in by_score] == [(name, score) for score, name in by_score]


class Sheet:
    """The score sheet page in one language, in a browser context of its own."""

    def __init__(self, browser: Any, base_url: str, lang: str = "en", viewport: dict | None = None, **options: Any) -> None:
        self.context = browser.new_context(viewport=viewport or DESKTOP, accept_downloads=True, **options)
        self.page = self.context.new_page()
        self.base = base_url + ("" if lang == DEFAULT_LANG else f"{lang}/") + "scoresheet/"
        self.lang = lang
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.on("dialog", lambda d: d.accept())

    def t(self, key: str, **values: Any) -> str:
        return TEXT[self.lang][key].format(**values) if values else TEXT[self.lang][key]

    def open(self, query: str = "") -> None:
        self.page.goto(self.base + query)
        self.page.wait_for_selector(".mcr-scoresheet[data-ready]")

    def hands(self) -> int:
        return int(self.page.get_attribute(".mcr-scoresheet", "data-hands"))

    def name(self, names: list[str]) -> None:
        for i, name in enumerate(names, start=1):
            self.page.fill(f"input[name=player][data-player='{i}']", name)

    def fill(self, hand: tuple, penalties: list[tuple] = ()) -> None:
        form = self.page.locator(".mcr-scoresheet__form")
        form.locator(f"input[name=result][value={hand[0]}]").check()
        if hand[0] == "win":
            _, winner, discarder, total, flowers = hand
            form.locator("select[name=winner]").select_option(str(winner))
            form.locator("select[name=discarder]").select_option("self" if discarder is None else str(discarder))
            form.locator("input[name=total]").fill(str(total))
            form.locator("input[name=flowers]").fill(str(flowers))
        for player, offence, points in penalties:
            self.page.click(".mcr-scoresheet__add-penalty")
            row = form.locator(".mcr-scoresheet__penalty-row").last
            row.locator("select[name=penalty-player]").select_option(str(player))
            row.locator("select[name=penalty-offence]").select_option(offence)
            row.locator("input[name=penalty-points]").fill(str(points))

    def enter(self, hand: tuple, penalties: list[tuple] = ()) -> None:
        before = self.hands()
        self.fill(hand, penalties)
        self.page.click(".mcr-scoresheet__save")
        self.page.wait_for_function(f"() => document.querySelector('.mcr-scoresheet').dataset.hands === '{before + 1}'")

    def from_calculator(self, query: str) -> None:
        """Score a hand in the calculator (same tab, as a player at the table would), follow
        its link to the score sheet and save the hand the link filled in."""
        before = self.hands()
        calculator = self.base.replace("scoresheet/", "calculator/")
        self.page.goto(f"{calculator}?{query}")
        self.page.wait_for_selector(".mcr-calc[data-answered] .mcr-calc__to-sheet a", timeout=ENGINE_MS)
        self.page.click(".mcr-calc__to-sheet a")
        self.page.wait_for_selector(".mcr-scoresheet[data-ready]")
        self.page.click(".mcr-scoresheet__save")
        self.page.wait_for_function(f"() => document.querySelector('.mcr-scoresheet').dataset.hands === '{before + 1}'")

    def row(self, n: int) -> dict[str, Any]:
        return self.page.evaluate("""(n) => {
            const row = document.querySelector(`.mcr-scoresheet__hands tr[data-hand="${n}"]`);
            const cells = [1, 2, 3, 4].map(p => row.querySelector(`td[data-player="${p}"]`));
            const value = (cell, css) => { const el = cell.querySelector(css); return el ? Number(el.dataset.value) : null; };
            return {winds: cells.map(c => c.querySelector('.mcr-scoresheet__wind').textContent).join(''),
                    results: cells.map(c => value(c, '.mcr-scoresheet__delta')),
                    penalties: cells.map(c => value(c, '.mcr-scoresheet__penalty') || 0),
                    scores: cells.map(c => value(c, '.mcr-scoresheet__score')),
                    circle: row.children[1].textContent, sum: row.lastElementChild.textContent,
                    played: row.classList.contains('mcr-scoresheet__played')}; }""", n)

    def standings(self) -> dict[str, tuple[str, int, float]]:
        rows = self.page.locator(".mcr-scoresheet__ranking tbody tr").all()
        out = {}
        for r in rows:
            cells = r.locator("td, th").all_inner_texts()
            out[cells[1]] = (cells[0], int(cells[2].replace(",", "")),
                             float(r.locator(".mcr-scoresheet__standard").get_attribute("data-value")))
        return out

    def stored_hand(self, n: int) -> dict[str, Any]:
        """Hand `n` as the browser keeps it, without its (empty) penalties."""
        hand = json.loads(self.page.evaluate("() => localStorage.getItem('mcr-scoresheet')"))["hands"][n - 1]
        return {k: v for k, v in hand.items() if k != "penalties"}

    def notices(self) -> str:
        return self.page.inner_text(".mcr-scoresheet__notices")

    def load_game(self, hands: int = len(GAME)) -> None:
        """The worked game's first hands, from a share link (quicker than the form)."""
        codes = []
        for hand in GAME[:hands]:
            codes.append(hand[0] if hand[0] != "win" else
                         f"{hand[1]}-{'s' if hand[2] is None else hand[2]}-{hand[3]}-{hand[4]}")
        pens = [f"{n}-{p}-{pts}-{o}" for n, items in PENALTIES.items() if n <= hands for p, o, pts in items]
        query = "?" + "&".join([f"p={n}" for n in NAMES] + [f"hands={','.join(codes)}"] + ([f"pen={','.join(pens)}"] if pens else []))
        self.open(query)
        assert self.hands() == hands, self.notices()

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def sheet(browser: Any, base_url: str) -> Iterator[Sheet]:  # noqa: F811 - fixtures from test_site_browser
    opened = Sheet(browser, base_url)
    yield opened
    opened.close()


def test_a_whole_session_worked_out_by_hand(sheet: Sheet) -> None:
    sheet.open()
    assert sheet.hands() == 0
    sheet.name(NAMES)
    for n in range(1, 17):   # every hand's seats and circle are on the sheet before it is played
        row = sheet.row(n)
        assert (row["winds"], row["circle"], row["played"]) == (SEAT_WINDS[n - 1], {"E": "East", "S": "South", "W": "West", "N": "North"}[CIRCLES[n - 1]], False)
    assert sheet.page.inner_text(".mcr-scoresheet__next") == "Hand 1 of 16: East circle, Ann deals."
    for n, hand in enumerate(GAME, start=1):
        if n == CALCULATOR_HAND:
            sheet.from_calculator(CALCULATOR_QUERY)
            assert sheet.page.url == sheet.base     # the calculator's parameters are not left in the address
            assert sheet.stored_hand(n) == {"result": "win", "winner": 4, "discarder": None, "total": 12, "flowers": 1}
        else:
            sheet.enter(hand, PENALTIES.get(n, []))
        results, scores = EXPECTED[n - 1]
        row = sheet.row(n)
        assert row["results"] == list(results), f"hand {n}"
        assert row["scores"] == list(scores), f"hand {n}"
        assert row["sum"] == "0" and sum(results) == 0
        assert row["penalties"] == ([0, 0, 0, 10] if n == 3 else [0, 0, 0, 0])
        assert sum(scores) == 2000 - (10 if n >= 3 else 0)   # the starting 500 each, less the penalties
        if n == 5:
            assert sheet.page.inner_text(".mcr-scoresheet__next") == "Hand 6 of 16: South circle, Bo deals."
    assert "Di: a penalty of 10, False win" in sheet.page.inner_text(".mcr-scoresheet__hands tr[data-hand='3']")
    # What a screen reader says of a cell (the abbr's title is not read): hand 1's first cell.
    first = EXPECTED[0]
    said = sheet.page.locator(".mcr-scoresheet__hands tr[data-hand='1'] td[data-player='1']").text_content()
    assert said.startswith(f"ESeat wind: East, hand result {first[0][0]:+d}".replace("-", "\u2212")), said
    assert f", session score {first[1][0]}" in said, said
    assert sheet.standings() == FINAL
    assert sheet.page.inner_text(".mcr-scoresheet__ranking caption") == "Final, after 16 hands"
    check = sheet.page.locator(".mcr-scoresheet__check")
    assert check.get_attribute("data-balanced") == "true" and "add up to 1,990" in check.inner_text()
    assert sheet.page.locator(".mcr-scoresheet__form").is_hidden()
    assert sheet.page.inner_text(".mcr-scoresheet__next") == sheet.t("sheet_over")
    keep_screenshot(sheet.page, "scoresheet-en-session.png", full_page=True)
    assert not sheet.errors, sheet.errors


def test_a_hand_is_corrected_and_the_last_one_removed_and_put_back(sheet: Sheet) -> None:
    sheet.load_game(4)
    edit = sheet.page.locator(".mcr-scoresheet__hands tr[data-hand='2'] .mcr-scoresheet__edit")
    assert (edit.inner_text(), edit.get_attribute("aria-label")) == ("Edit", "Edit hand 2")   # a verb, not "Correct"
    edit.click()
    assert sheet.page.inner_text(".mcr-scoresheet__next").startswith("Correcting hand 2")
    assert sheet.page.input_value("select[name=discarder]") == "3"
    sheet.page.locator("select[name=discarder]").select_option("self")   # Bo self-drawn 16: 24 from each
    sheet.page.click(".mcr-scoresheet__save")
    sheet.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__said').textContent.includes('2')")
    assert sheet.row(2)["results"] == [-24, 72, -24, -24]
    # By hand: 596 468 468 468; 572 540 444 444; Di's penalty: 572 540 444 434; Cy on Ann's 8.
    assert sheet.row(4)["scores"] == [556, 532, 476, 426]
    sheet.page.click(".mcr-scoresheet__undo")
    assert sheet.hands() == 3 and not sheet.row(4)["played"]
    assert sheet.page.inner_text(".mcr-scoresheet__said") == ""   # "Hand 2 is on the sheet." said no more
    # The notice stands beside the button, the way back focused (the top of the sheet is
    # screens away on a phone).
    notice = sheet.page.locator(".mcr-scoresheet__actions + .mcr-scoresheet__notice")
    assert notice.locator("p").inner_text() == "Hand 4 was removed."
    assert sheet.page.evaluate("() => document.activeElement.textContent") == "Put it back"
    sheet.page.get_by_role("button", name="Put it back").click()
    assert sheet.hands() == 4 and sheet.row(4)["results"] == [-16, -8, 32, -8]
    assert sheet.page.evaluate("() => document.activeElement.classList.contains('mcr-scoresheet__undo')")
    assert not sheet.errors, sheet.errors


def test_mistakes_in_the_form_are_named_and_nothing_is_saved(sheet: Sheet) -> None:
    sheet.open()
    sheet.name(NAMES)
    cases = [
        (("win", 1, None, 9, 2), [], "a hand total of 9 with 2 flowers is 7 without them, under the minimum of 8", "total"),
        (("win", 1, 3, 8, 1), [], "a hand total of 8 with 1 flower is 7 without it, under the minimum of 8", "total"),
        (("win", 2, 2, 16, 0), [], "the winner cannot be the discarder", "discarder"),
        (("win", 2, 3, 16, 9), [], "the flowers must be a whole number from 0 to 8", "flowers"),
        (("win", 2, 3, -16, 0), [], "the hand total must be a whole number of points from 1 to 9999", "total"),
        (("draw",), [(1, "wrong_tile_count", "")], "the penalty points must be a whole number from 1 to 9999 (penalty 1)", "penalty-points"),
    ]
    for hand, penalties, message, field in cases:
        sheet.page.evaluate("() => window.mcrScoreSheet.page.fillForm(null)")
        sheet.fill(hand, penalties)
        sheet.page.click(".mcr-scoresheet__save")
        error = sheet.page.locator(".mcr-scoresheet__error")
        assert error.is_visible() and message in error.inner_text(), (message, error.inner_text())
        assert sheet.page.locator(f".mcr-scoresheet__form [name={field}][aria-invalid=true]").count() == 1
        assert sheet.hands() == 0
    sheet.page.evaluate("() => window.mcrScoreSheet.page.fillForm(null)")
    sheet.page.locator("input[name=total]").fill("24")
    sheet.page.click(".mcr-scoresheet__save")
    assert "choose the winner" in sheet.page.inner_text(".mcr-scoresheet__error")
    assert "choose who discarded the winning tile, or self-drawn" in sheet.page.inner_text(".mcr-scoresheet__error")
    # A slipped digit: 880 for 88. The largest fan is worth 88 (Big Four Winds and the other
    # 88s of the rules), so above 176 the sheet asks; the same hand added again is kept.
    sheet.page.evaluate("() => window.mcrScoreSheet.page.fillForm(null)")
    warning = "a hand total of 880 is more than twice the largest fan (88 points)"
    sheet.fill(("win", 1, 2, 880, 0))
    sheet.page.click(".mcr-scoresheet__save")
    assert warning in sheet.page.inner_text(".mcr-scoresheet__error")
    sheet.fill(("win", 1, 3, 880, 0))   # another discarder: not the hand confirmed, asked again
    sheet.page.click(".mcr-scoresheet__save")
    assert warning in sheet.page.inner_text(".mcr-scoresheet__error")
    assert sheet.hands() == 0
    sheet.enter(("win", 1, 3, 880, 0))
    sheet.enter(("win", 2, 3, 176, 0))   # twice the largest fan: kept at once
    assert sheet.hands() == 2
    assert not sheet.errors, sheet.errors


# The count of flowers in a total under the minimum, in each language's number for it (French
# says 0 and 1 in the singular), and the pronoun that follows it.
UNDER_THE_MINIMUM = {
    "fr": ["un total de 8 avec 1 fleur fait 7 hors fleurs, sous le minimum de 8",
           "un total de 5 avec 0 fleur fait 5 hors fleurs, sous le minimum de 8",
           "un total de 9 avec 2 fleurs fait 7 hors fleurs, sous le minimum de 8"],
    "es": ["un valor de 8 con 1 flor son 7 sin ella, por debajo del mínimo de 8",
           "un valor de 5 con 0 flores son 5 sin ellas, por debajo del mínimo de 8",
           "un valor de 9 con 2 flores son 7 sin ellas, por debajo del mínimo de 8"],
}
# The sheet's check line with 0, 1 and 3 penalty points given (one draw, so the sum is 2000 less them).
CHECK_LINE = {
    "en": ["The session scores add up to 2,000: 4 × 500 at the start less 0 penalty points; every hand's results add up to 0.",
           "The session scores add up to 1,999: 4 × 500 at the start less 1 penalty point; every hand's results add up to 0.",
           "The session scores add up to 1,997: 4 × 500 at the start less 3 penalty points; every hand's results add up to 0."],
    "fr": ["Les scores de la séance totalisent 2\u202f000 : 4 × 500 au départ moins 0 point de pénalité ; "
           "les résultats de chaque donne totalisent 0.",
           "Les scores de la séance totalisent 1\u202f999 : 4 × 500 au départ moins 1 point de pénalité ; "
           "les résultats de chaque donne totalisent 0.",
           "Les scores de la séance totalisent 1\u202f997 : 4 × 500 au départ moins 3 points de pénalité ; "
           "les résultats de chaque donne totalisent 0."],
    "es": ["Las puntuaciones de la partida suman 2000: 4 × 500 al inicio menos 0 puntos de penalización; "
           "los resultados de cada mano suman 0.",
           "Las puntuaciones de la partida suman 1999: 4 × 500 al inicio menos 1 punto de penalización; "
           "los resultados de cada mano suman 0.",
           "Las puntuaciones de la partida suman 1997: 4 × 500 al inicio menos 3 puntos de penalización; "
           "los resultados de cada mano suman 0."],
}


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_counted_flowers_and_penalty_points_take_their_number(browser: Any, base_url: str, lang: str) -> None:  # noqa: F811
    sheet = Sheet(browser, base_url, lang)
    try:
        sheet.open()
        for hand, said in zip((("win", 1, 3, 8, 1), ("win", 1, 3, 5, 0), ("win", 1, 3, 9, 2)), UNDER_THE_MINIMUM.get(lang, [])):
            sheet.page.evaluate("() => window.mcrScoreSheet.page.fillForm(null)")
            sheet.fill(hand)
            sheet.page.click(".mcr-scoresheet__save")
            assert said in sheet.page.inner_text(".mcr-scoresheet__error"), said
        assert sheet.hands() == 0
        for query, said in zip(("?hands=draw", "?hands=draw&pen=1-2-1-false_win", "?hands=draw&pen=1-2-3-false_win"),
                               CHECK_LINE[lang]):
            sheet.open(query)
            assert sheet.page.inner_text(".mcr-scoresheet__check") == said
        assert not sheet.errors, sheet.errors
    finally:
        sheet.close()


def test_json_that_does_not_read_is_said_in_the_pages_language(browser: Any, base_url: str, tmp_path: Path) -> None:  # noqa: F811
    """The browser's message ("Expected double-quoted property name in JSON at position 14
    (line 1 column 15)") is in its language: a French page keeps only the place it names."""
    sheet = Sheet(browser, base_url, "fr")
    try:
        sheet.open()
        bad = tmp_path / "broken.json"
        for text, said in (('{"format": 1, x}', "broken.json n'a pas été ouvert : ce n'est plus du JSON à partir de la ligne 1, colonne 15"),
                           ('{\n  "format": 1,\n  x\n}', "broken.json n'a pas été ouvert : ce n'est plus du JSON à partir de la ligne 3, colonne 3"),
                           ('{"format": 1, "hands": [', "broken.json n'a pas été ouvert : son JSON est tronqué")):
            sheet.page.evaluate("() => document.querySelector('.mcr-scoresheet__notices').replaceChildren()")
            bad.write_text(text, encoding="utf-8")
            sheet.page.set_input_files(".mcr-scoresheet__file", str(bad))
            sheet.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__notices').textContent.includes('broken.json')")
            notice = sheet.page.inner_text(".mcr-scoresheet__notices .mcr-scoresheet__notice p")
            assert notice == said, notice
        # A damaged saved sheet: the notice, the copy kept aside, and restoring it.
        sheet.page.evaluate("() => localStorage.setItem('mcr-scoresheet', '{\"format\": 1, x}')")
        sheet.page.reload()
        sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
        where = "ce n'est plus du JSON à partir de la ligne 1, colonne 15"
        assert sheet.page.inner_text(".mcr-scoresheet__notices .mcr-scoresheet__notice p") == (
            f"La feuille enregistrée dans ce navigateur est illisible ({where}). Elle est mise de côté plus bas, "
            "pas perdue : restaurez ce qui peut être lu, ou téléchargez-la.")
        assert f"Ce qui n'allait pas : {where}" in sheet.page.inner_text(".mcr-scoresheet__kept")
        sheet.page.locator(".mcr-scoresheet__kept .mcr-scoresheet__restore").click()
        assert (f"Rien ne peut en être restauré ({where}). Téléchargez-la pour la réparer à la main."
                in sheet.notices())
        assert "JSON at" not in sheet.notices() and "Expected" not in sheet.page.inner_text(".mcr-scoresheet")
        # Other browsers word it otherwise: Firefox names the line and column, older engines the
        # position alone, which the page turns into a line and column itself; no place, no place said.
        problems = sheet.page.evaluate("""(text) => [
            "JSON.parse: expected double-quoted property name at line 2 column 3 of the JSON data",
            "Unexpected token x in JSON at position 19", "JSON Parse error: Unexpected EOF",
            `Unexpected token 'x', "at line 9 column 9, EOF" is not valid JSON`,
          ].map((message) => { const p = window.mcrScoreSheet.page.jsonProblem(new SyntaxError(message), text);
                               return [p.key, p.values]; })""", '{\n  "format": 1,\n  x\n}')
        assert problems == [["err_json_at", {"line": 2, "column": 3}], ["err_json_at", {"line": 3, "column": 3}],
                            ["err_json_end", {}], ["err_json", {}]]
        assert not sheet.errors, sheet.errors
    finally:
        sheet.close()


def test_the_sheet_is_kept_across_a_reload(sheet: Sheet) -> None:
    sheet.open()
    sheet.name(NAMES)
    sheet.enter(GAME[0])
    sheet.enter(GAME[1])
    sheet.page.reload()
    sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    assert sheet.hands() == 2 and sheet.row(2)["scores"] == list(EXPECTED[1][1])
    assert sheet.page.input_value("input[name=player][data-player='3']") == "Cy"


def _stored(sheet: Sheet) -> dict:
    return json.loads(sheet.page.evaluate("() => localStorage.getItem('mcr-scoresheet')"))


def _kept(sheet: Sheet) -> list[dict]:
    return sheet.page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('mcr-scoresheet.kept.'))
        .sort().map(k => JSON.parse(localStorage.getItem(k)))""")


def test_one_hand_is_said_in_the_singular(sheet: Sheet) -> None:
    sheet.load_game(3)
    damaged = _stored(sheet)
    damaged["hands"][2]["seat"] = 9             # only the last hand unreadable
    sheet.page.evaluate("(raw) => localStorage.setItem('mcr-scoresheet', raw)", json.dumps(damaged))
    sheet.page.reload()
    sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    restore = sheet.page.locator(".mcr-scoresheet__kept li").last.locator(".mcr-scoresheet__restore")
    restore.click()
    assert sheet.hands() == 2 and "this hand was left out" in sheet.notices()
    damaged["hands"][1]["total"] = 5            # now hands 2 and 3: one hand restored, then set aside
    sheet.page.evaluate("(raw) => localStorage.setItem('mcr-scoresheet', raw)", json.dumps(damaged))
    sheet.page.reload()
    sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    sheet.page.locator(".mcr-scoresheet__kept li").last.locator(".mcr-scoresheet__restore").click()
    assert sheet.hands() == 1 and "2 hands from this one on were left out" in sheet.notices()
    sheet.page.locator(".mcr-scoresheet__kept li").first.locator(".mcr-scoresheet__restore").click()
    kept = sheet.page.inner_text(".mcr-scoresheet__kept")
    assert "; 1 hand." in kept, kept             # the sheet of one hand, set aside for the restored one
    assert not sheet.errors, sheet.errors


def test_a_damaged_sheet_is_kept_aside_and_restored_as_far_as_it_reads(sheet: Sheet) -> None:
    sheet.load_game(3)
    damaged = _stored(sheet)
    damaged["hands"][1]["total"] = 5            # hand 2 now under the minimum: unreadable as a whole
    raw = json.dumps(damaged)
    sheet.page.evaluate("(raw) => localStorage.setItem('mcr-scoresheet', raw)", raw)
    sheet.page.reload()
    sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    assert sheet.hands() == 0
    notice = sheet.notices()
    assert "could not be read" in notice and "hand 2: a hand total of 5 with 0 flowers is 5 without them" in notice
    kept = _kept(sheet)
    assert [(k["reason"], k["raw"]) for k in kept] == [("damaged", raw)]    # the very text, not lost
    with sheet.page.expect_download() as download:
        sheet.page.click(".mcr-scoresheet__kept .mcr-scoresheet__download")
    assert Path(download.value.path()).read_text(encoding="utf-8") == raw
    sheet.page.click(".mcr-scoresheet__kept .mcr-scoresheet__restore")
    assert sheet.hands() == 1 and sheet.row(1)["scores"] == list(EXPECTED[0][1])   # the hands before the damage
    assert sheet.page.input_value("input[name=player][data-player='4']") == "Di"
    assert "Restored what could be read" in sheet.notices() and "2 hands from this one on were left out" in sheet.notices()
    assert len(_kept(sheet)) == 1      # the damaged copy stays while part of it was left out
    # A text that is not JSON at all: kept, and restoring it says why nothing can be.
    sheet.page.evaluate("() => localStorage.setItem('mcr-scoresheet', '{\"format\": 1, \"players\": [\"Ann\"')")
    sheet.page.reload()
    sheet.page.wait_for_selector(".mcr-scoresheet[data-ready]")
    assert len(_kept(sheet)) == 2 and sheet.hands() == 0
    sheet.page.locator(".mcr-scoresheet__kept li").last.locator(".mcr-scoresheet__restore").click()
    assert "Nothing can be restored from it" in sheet.notices()
    sheet.page.locator(".mcr-scoresheet__kept li").last.locator(".mcr-scoresheet__delete").click()
    assert len(_kept(sheet)) == 1
    assert not sheet.errors, sheet.errors


def test_a_french_csv_splits_at_semicolons_and_writes_decimal_commas(browser: Any, base_url: str) -> None:  # noqa: F811
    # French spreadsheets read "1,5" and split cells at semicolons: a comma-separated "1.5" opened
    # as one column of text. Ann wins 8 on Bo's discard: Bo pays 16, Cy and Di 8 each, so Cy and
    # Di share 2nd and 3rd place, 1.5 standard points each (4, 2, 1, 0 for the four places),
    # from 500 each at the start.
    fr = Sheet(browser, base_url, "fr")
    try:
        fr.open("?" + "&".join(f"p={n}" for n in NAMES) + "&hands=1-2-8-0")
        with fr.page.expect_download() as got:
            fr.page.click(".mcr-scoresheet__csv")
        text = Path(got.value.path()).read_text(encoding="utf-8").lstrip("\ufeff")
        assert got.value.suggested_filename.startswith("feuille-de-marque-"), got.value.suggested_filename
        rows = list(csv.reader(io.StringIO(text), delimiter=";"))
        assert len(rows[0]) == 20 and rows[1][:2] == ["1", "Est"], rows[:2]
        assert {r[1]: (r[2], r[4]) for r in rows[4:8]} == {
            "Ann": ("532", "4"), "Cy": ("492", "1,5"), "Di": ("492", "1,5"), "Bo": ("484", "0")}, rows[3:]
        assert not fr.errors, fr.errors
    finally:
        fr.close()


def test_csv_and_json_out_and_json_back_in(sheet: Sheet, browser: Any, base_url: str, tmp_path: Path) -> None:  # noqa: F811
    sheet.load_game()
    with sheet.page.expect_download() as got:
        sheet.page.click(".mcr-scoresheet__csv")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    assert text.startswith("\ufeff") and got.value.suggested_filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][:4] == ["Hand", "Circle", "Dealer", "Result"] and rows[0][4:8] == [
        "Ann: seat wind", "Ann: hand result", "Ann: penalty points", "Ann: session score"]
    for n in range(1, 17):
        row = rows[n]
        assert row[0] == str(n) and row[2] == NAMES[(n - 1) % 4]
        assert [int(row[5 + 4 * p]) for p in range(4)] == list(EXPECTED[n - 1][0])
        assert [int(row[7 + 4 * p]) for p in range(4)] == list(EXPECTED[n - 1][1])
    assert rows[3][3] == "Exhaustive draw; Di: a penalty of 10, False win" and rows[3][18] == "10"
    standings = {r[1]: (r[0], int(r[2]), int(r[3]), float(r[4])) for r in rows[19:23]}
    assert standings == {"Cy": ("1", 514, 0, 3.0), "Di": ("1", 514, 10, 3.0), "Ann": ("3", 494, 0, 1.0), "Bo": ("4", 468, 0, 0.0)}
    with sheet.page.expect_download() as got:
        sheet.page.click(".mcr-scoresheet__json")
    exported = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert exported["players"] == NAMES and len(exported["hands"]) == 16
    assert exported["hands"][2] == {"result": "draw", "penalties": [{"player": 4, "offence": "false_win", "points": 10}]}
    assert exported["summary"]["scores"] == [494, 468, 514, 514]
    assert [s["standard_points"] for s in exported["summary"]["standings"]] == [3, 3, 1, 0]
    other = Sheet(browser, base_url)
    try:
        other.open()
        other.page.set_input_files(".mcr-scoresheet__file", got.value.path())
        other.page.wait_for_function("() => document.querySelector('.mcr-scoresheet').dataset.hands === '16'")
        assert other.standings() == FINAL
        bad = tmp_path / "broken.json"
        bad.write_text('{"format": 1, "hands": [', encoding="utf-8")
        other.page.set_input_files(".mcr-scoresheet__file", str(bad))
        other.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__notices').textContent.includes('broken.json')")
        assert "broken.json was not opened: its JSON is cut short" in other.notices()
        wrong = dict(exported, hands=exported["hands"][:2] + [{"result": "win", "winner": 5}])
        bad.write_text(json.dumps(wrong), encoding="utf-8")
        other.page.set_input_files(".mcr-scoresheet__file", str(bad))
        other.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__notices').textContent.includes('hand 3')")
        assert "hand 3: unknown field" not in other.notices() and "hand 3: choose the winner" in other.notices()
        for names, said in ((["Ann"], "1 player name: a table has 4"), (NAMES[:3], "3 player names: a table has 4")):
            bad.write_text(json.dumps(dict(exported, players=names)), encoding="utf-8")
            other.page.set_input_files(".mcr-scoresheet__file", str(bad))
            other.page.wait_for_function("(said) => document.querySelector('.mcr-scoresheet__notices')"
                                         ".textContent.includes(said)", arg=said)
        assert other.hands() == 16      # nothing replaced
        assert not other.errors, other.errors
    finally:
        other.close()


# Two sessions of an event, worked out by hand (base 8, 500 at the start, 4/2/1/0 standard
# points, tied players sharing those of their places):
# session 1 (Ann, Bo, Cy, Di): Ann self-draws 16: +72, the others -24; time runs out:
#   Ann 572 (4); Bo, Cy, Di 476 share 2 + 1 + 0, 1 each.
# session 2 (BO, Ann, Ed, Flo; "BO" is Bo): Bo wins 8 on Ann's discard: Bo +32, Ann -16, Ed
#   and Flo -8; time runs out: Bo 532 (4), Ed and Flo 492 (1.5 each), Ann 484 (0).
# Bo 5 standard points, Ann 4; Ed and Flo equal in everything (1.5, 492, 1.5, 492): 3rd
# together; Cy and Di likewise (1, 476, 1, 476): 5th together.
EVENT_SESSIONS = {
    "session-1.json": {"format": 1, "edition": "1998", "players": NAMES,
                       "hands": [{"result": "win", "winner": 1, "discarder": None, "total": 16, "flowers": 0, "penalties": []},
                                 {"result": "time", "penalties": []}]},
    "session-2.json": {"format": 1, "edition": "1998", "players": ["BO", "Ann", "Ed", "Flo"],
                       "hands": [{"result": "win", "winner": 1, "discarder": 2, "total": 8, "flowers": 0, "penalties": []},
                                 {"result": "time", "penalties": []}]},
}
EVENT_PLACES = [("1", "Bo"), ("2", "Ann"), ("3=", "Ed"), ("3=", "Flo"), ("5=", "Cy"), ("5=", "Di")]


def test_the_event_standings_add_up_session_files(sheet: Sheet, tmp_path: Path) -> None:
    files = []
    for name, value in EVENT_SESSIONS.items():
        (tmp_path / name).write_text(json.dumps(value), encoding="utf-8")
        files.append(str(tmp_path / name))
    sheet.open()
    sheet.page.set_input_files(".mcr-scoresheet__event-files", files)
    sheet.page.wait_for_selector(".mcr-scoresheet[data-event-sessions='2']")
    places = "() => Array.from(document.querySelectorAll('.mcr-scoresheet__event-table tbody tr'), r => [r.cells[0].textContent, r.cells[1].textContent])"
    assert [tuple(r) for r in sheet.page.evaluate(places)] == EVENT_PLACES
    sheet.open()   # a reload keeps the event
    assert [tuple(r) for r in sheet.page.evaluate(places)] == EVENT_PLACES
    sheet.page.set_input_files(".mcr-scoresheet__event-files", files[0])   # the same session again: refused
    sheet.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__event-said').textContent.includes('not added')")
    assert sheet.page.inner_text(".mcr-scoresheet__event-said") == (
        "session-1.json was not added: it is the same session as session-1.json, already in the event")
    assert sheet.page.get_attribute(".mcr-scoresheet", "data-event-sessions") == "2"
    with sheet.page.expect_download() as got:
        sheet.page.click(".mcr-scoresheet__event-csv")
    rows = list(csv.reader(io.StringIO(Path(got.value.path()).read_text(encoding="utf-8").lstrip("\ufeff"))))
    assert rows[0][:3] == ["Place", "Player", "Sessions played"] and len(rows) == 7
    assert rows[3] == ["3=", "Ed", "1", "1.5", "492", "1.5", "492"]
    # The sheet on the page, added after one hand and again after two: still one session.
    sheet.open("?p=Kai&p=Lee&p=Mo&p=Nia&hands=1-s-16")
    sheet.page.click(".mcr-scoresheet__event-add-sheet")
    sheet.page.wait_for_selector(".mcr-scoresheet[data-event-sessions='3']")
    sheet.enter(("win", 2, 3, 8, 0))
    sheet.page.click(".mcr-scoresheet__event-add-sheet")
    sheet.page.wait_for_function("() => document.querySelector('.mcr-scoresheet__event-said').textContent.includes('played on')")
    assert sheet.page.get_attribute(".mcr-scoresheet", "data-event-sessions") == "3"
    assert not sheet.errors, sheet.errors


def test_the_share_link_reopens_the_sheet_and_a_bad_one_says_why(sheet: Sheet, browser: Any, base_url: str) -> None:  # noqa: F811
    sheet.open()
    sheet.name(NAMES)
    for n, hand in enumerate(GAME[:3], start=1):
        sheet.enter(hand, PENALTIES.get(n, []))
    link = sheet.page.input_value(".mcr-scoresheet__link")
    assert "hands=1-s-24-2,2-3-16,draw" in link and "pen=3-4-10-false_win" in link
    other = Sheet(browser, base_url)
    try:
        other.open("?hands=draw")           # a sheet of its own, kept aside when the link opens
        other.page.goto(link)
        other.page.wait_for_selector(".mcr-scoresheet[data-ready]")
        assert other.hands() == 3 and other.row(3)["scores"] == list(EXPECTED[2][1])
        assert "kept aside" in other.notices()
        assert other.page.url == other.base           # a reload does not open the link twice
        for query, messages in [
            ("?p=A&p=B&p=C&p=D&hands=1-s-24,x9&pen=9-2-10-false_win&foo=1",
             ["unknown parameter 'foo'", "hands, item 2: 'x9' is not a hand", "pen, item 1: a penalty in hand 9, which is not on the sheet"]),
            ("?hands=1-1-24,2-s-5,time,draw&pen=1-2-10-cheating",
             ["hand 1: the winner cannot be the discarder", "hand 2: a hand total of 5 with 0 flowers",
              "hand 3: time ran out in this hand, so no hand can follow it", "hand 1, penalty 1: unknown offence 'cheating'"]),
            ("?p=A&p=B", ["2 player names: a table has 4"]),
        ]:
            other.page.goto(other.base + query)
            other.page.wait_for_selector(".mcr-scoresheet[data-ready]")
            notice = other.notices()
            assert "The link's sheet was not opened" in notice
            for message in messages:
                assert message in notice, (message, notice)
            assert other.hands() == 3       # the sheet in the browser is untouched
        other.page.locator(".mcr-scoresheet__kept .mcr-scoresheet__restore").click()
        assert other.hands() == 1 and not other.row(1)["results"][0]   # the draw it had before
        assert not other.errors, other.errors
    finally:
        other.close()


def test_standard_points_share_the_places_of_a_tie(sheet: Sheet) -> None:
    sheet.open()
    cases = {   # by the ruling equal_session_scores: tied players share their places' points equally
        (520, 500, 500, 480): [(1, 1, 4), (2, 2, 1.5), (3, 2, 1.5), (4, 4, 0)],
        (510, 510, 510, 470): [(1, 1, 7 / 3), (2, 1, 7 / 3), (3, 1, 7 / 3), (4, 4, 0)],
        (500, 500, 500, 500): [(1, 1, 1.75), (2, 1, 1.75), (3, 1, 1.75), (4, 1, 1.75)],
        (450, 600, 450, 500): [(2, 1, 4), (4, 2, 2), (1, 3, 0.5), (3, 3, 0.5)],
    }
    for scores, expected in cases.items():
        got = sheet.page.evaluate("""(scores) => { const c = window.mcrScoreSheet;
            return c.core.standings(c.core.editionOf(c.data, c.data.edition), scores)
              .map(s => [s.player, s.place, s.standard.value]); }""", list(scores))
        assert [(p, place) for p, place, _ in got] == [(p, place) for p, place, _ in expected]
        assert [round(v, 9) for _, _, v in got] == [round(v, 9) for _, _, v in expected]
    # Ann on Bo's discard 8 (Bo 16, Cy and Di 8), then Cy on Di's 8 (Di 16, Ann and Bo 8):
    # Ann and Cy 524, Bo and Di 476, two ties; no names typed, the players' numbers stand
    # for them (not their drawn seats: "East seat" read as the seat wind, which moves).
    sheet.open("?hands=1-2-8,3-4-8")
    assert sheet.standings() == {"Player 1": ("1st (tied)", 524, 3.0), "Player 3": ("1st (tied)", 524, 3.0),
                                 "Player 2": ("3rd (tied)", 476, 0.5), "Player 4": ("3rd (tied)", 476, 0.5)}


def test_settlement_is_the_engines_on_random_hands(sheet: Sheet) -> None:
    """The page settles from the table's formulas; the engine (rules.score's Payments)
    must agree on every sampled hand, both editions, every way of winning."""
    sheet.open()
    rng = random.Random(2222)
    cases = []
    for i, sampled in enumerate(sample_hands(400, seed=1998)):
        edition = ("1998", "green-book")[i % 2]
        result = rules.score(sampled.hand, edition=edition, **sampled.situation)
        if result.payments is None:   # not a win (under the minimum): nothing to settle
            continue
        winner = rng.randint(1, 4)
        discarder = None if result.payments.self_drawn else rng.choice([p for p in range(1, 5) if p != winner])
        cases.append({"edition": edition, "hand": {"result": "win", "winner": winner, "discarder": discarder,
                                                   "total": result.total, "flowers": result.situation.flowers,
                                                   "penalties": []},
                      "payments": result.payments.as_dict()})
    answers = sheet.page.evaluate("""(cases) => { const c = window.mcrScoreSheet;
        return cases.map(k => { const e = c.core.editionOf(c.data, k.edition);
          return {results: c.core.handResults(e, k.hand), payments: c.core.payments(e, k.hand.total, k.hand.discarder === null)}; }); }""",
                                  cases)
    for case, answer in zip(cases, answers):
        p, hand = case["payments"], case["hand"]
        assert answer["payments"] == p, case
        for player, result in enumerate(answer["results"], start=1):
            if player == hand["winner"]:
                assert result == p["winner_receives"]
            elif p["self_drawn"]:
                assert result == -p["each"]
            else:
                assert result == -(p["discarder"] if player == hand["discarder"] else p["others"])
    assert sum(c["payments"]["self_drawn"] for c in cases) > 50 and sum(not c["payments"]["self_drawn"] for c in cases) > 50


def _formula(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.25:
        return rng.choice([{"var": "base"}, {"var": "total"}, rng.randint(-20, 200), rng.choice([True, False])])
    op = rng.choice(sorted(PAGE_OPERATORS - {"var"}))
    if op == "not":
        return {op: _formula(rng, depth - 1)}
    count = {"if": 3, "and": rng.randint(1, 3), "or": rng.randint(1, 3)}.get(op, 2)
    return {op: [_formula(rng, depth - 1) for _ in range(count)]}


def test_the_formula_reader_is_the_engines_on_random_formulas(sheet: Sheet) -> None:
    """Whatever payment formula an edition writes with the operators the page knows, the page
    computes what the engine's compiler computes."""
    sheet.open()
    rng = random.Random(81)
    formulas = [_formula(rng, 4) for _ in range(400)]
    facts = [{"base": rng.randint(0, 16), "total": rng.randint(8, 300)} for _ in formulas]

    class Facts:
        def __init__(self, values: dict) -> None:
            self.__dict__.update(values)

    expected = [compile_predicate(f, "test", facts={"base": "", "total": ""})(Facts(v)) for f, v in zip(formulas, facts)]
    got = sheet.page.evaluate("""([formulas, facts]) => formulas.map((f, i) =>
        window.mcrScoreSheet.core.evaluate(f, facts[i]))""", [formulas, facts])
    for formula, value, want, have in zip(formulas, facts, expected, got):
        assert (have, type(have)) == (want, type(want)), (formula, value)


def test_a_win_from_the_calculator_fills_the_form(browser: Any, base_url: str) -> None:  # noqa: F811
    sheet = Sheet(browser, base_url)
    try:
        sheet.load_game(4)    # the next hand is hand 5: South circle, Ann deals, Bo is South
        calc = sheet.page
        calc.goto(base_url + "calculator/?hand=%5B123m%5D456789m34p55s5p&self_drawn=1&seat_wind=S&prevalent_wind=S&flowers=1")
        calc.wait_for_selector(".mcr-calc[data-answered] .mcr-calc__to-sheet a", timeout=120_000)
        expected = rules.score("[123m]456789m34p55s5p", self_drawn=True, seat_wind="S", prevalent_wind="S", flowers=1)
        calc.click(".mcr-calc__to-sheet a")
        calc.wait_for_selector(".mcr-scoresheet[data-ready]")
        assert calc.input_value("input[name=total]") == str(expected.total)
        assert calc.input_value("input[name=flowers]") == "1"
        assert calc.input_value("select[name=discarder]") == "self"
        assert calc.input_value("select[name=winner]") == "2"
        assert f"hand 5: a total of {expected.total}, self-drawn" in sheet.notices()
        assert calc.url == sheet.base
        calc.click(".mcr-scoresheet__save")
        calc.wait_for_function("() => document.querySelector('.mcr-scoresheet').dataset.hands === '5'")
        each = 8 + expected.total   # self-drawn: base 8 plus the total from each of the other three
        assert sheet.row(5)["results"] == [-each, 3 * each, -each, -each]
        # An invalid hand (under 8 points) has no link; a bad link from elsewhere is named.
        calc.goto(base_url + "calculator/?hand=%5B2222m%5D345p678s456sEE&self_drawn=1&flowers=2")   # 7 + 2 flowers
        calc.wait_for_selector(".mcr-calc[data-answered] .mcr-verdict--invalid", timeout=120_000)
        assert calc.locator(".mcr-calc__to-sheet").count() == 0
        sheet.open("?from=calculator&total=abc&seat_wind=Q")
        assert "total=abc: must be a whole number from 1 to 9999" in sheet.notices()
        assert "seat_wind=Q is not a value it takes" in sheet.notices()
        assert not sheet.errors, sheet.errors
    finally:
        sheet.close()


# The cells of the hands whose text runs past their edge (into the next player's, or the
# next column's); what each holds.
SPILLED = """() => Array.from(document.querySelectorAll('.mcr-scoresheet__hands-table td'))
  .filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent)"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_at_phone_width_with_axe(browser: Any, base_url: str, lang: str) -> None:  # noqa: F811
    """At a phone's width, light, then (in DARK_LANGS: colours do not depend on the language)
    at a desktop's, dark, switched on the same page."""
    sheet = Sheet(browser, base_url, lang, viewport=PHONE, color_scheme="light", is_mobile=True, has_touch=True)
    try:
        sheet.load_game()
        sheet.page.evaluate("() => window.mcrScoreSheet.page.edit(3)")   # the form with a penalty row
        assert sheet.page.locator("article h1").inner_text().replace("¶", "").strip() == TEXT[lang]["sheet_title"]
        assert TEXT[lang]["sheet_text_draw"] in sheet.page.inner_text(".mcr-scoresheet__hands tr[data-hand='3']")
        # The hand's sum, its column heading hidden on a phone, says what it is ("Sum 0", not a bare 0).
        label = sheet.page.locator(".mcr-scoresheet__hands tr[data-hand='1'] td:last-child").evaluate(
            "(td) => getComputedStyle(td, '::before').content")
        assert label == f'"{TEXT[lang]["sheet_col_sum"]} "', label
        first = sheet.page.inner_text(".mcr-scoresheet__player:first-child > span")
        assert first.endswith(TEXT[lang]["sheet_first_dealer"]) and TEXT[lang]["sheet_first_dealer"][0] in "(（", first
        scroll, width = sheet.page.evaluate(WIDTH)
        assert scroll <= width, f"{lang} scrolls sideways at {width}px: {sheet.page.evaluate(OVERFLOWING)}"
        # Every cell's text inside its cell ("penalty −10" ran over the next player's score,
        # "Sum" under the hand's words), every column of the ranking on the screen.
        assert sheet.page.evaluate(SPILLED) == [], lang
        ranking = sheet.page.locator(".mcr-scoresheet__ranking-table").evaluate(
            "(t) => [t.getBoundingClientRect().right, window.innerWidth]")
        assert ranking[0] <= ranking[1], f"{lang}: the ranking table ends at {ranking[0]}px"
        keep_screenshot(sheet.page, f"phone-{lang}-scoresheet.png", lang, full_page=True)
        if AXE.exists():
            assert axe_violations(sheet.page, AXE_RUN if lang in DARK_LANGS else AXE_TEXT_RUN) == [], f"{lang}, light"
            if lang in DARK_LANGS:
                sheet.page.set_viewport_size(DESKTOP)
                switch_palette(sheet.page, "dark")
                assert axe_violations(sheet.page, AXE_COLOUR_RUN) == [], f"{lang}, dark"
        assert not sheet.errors, sheet.errors
    finally:
        sheet.close()


def test_every_control_shows_its_focus(sheet: Sheet) -> None:
    sheet.load_game(3)
    sheet.page.evaluate("() => window.mcrScoreSheet.page.edit(3)")
    controls = sheet.page.evaluate("""() => {
        const all = Array.from(document.querySelectorAll('.mcr-scoresheet :is(button, input, select, a)'))
          .filter(el => el.offsetParent !== null || el.type === 'file');
        all.forEach((el, i) => el.dataset.focusProbe = i);
        return all.length; }""")
    style = """(el) => { const s = getComputedStyle(el.type === 'file' ? el.parentElement : el);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' '); }"""
    unfocused = {i: sheet.page.locator(f"[data-focus-probe='{i}']").evaluate(style) for i in range(controls)}
    sheet.page.locator("article ul a").last.focus()   # the last link before the sheet; Tab goes on into it
    seen = set()
    for _ in range(controls + 20):
        probe = sheet.page.evaluate("() => document.activeElement.dataset.focusProbe || null")
        if probe is not None and probe not in seen:
            seen.add(probe)
            focused = sheet.page.evaluate(f"() => ({style})(document.activeElement)")
            assert focused != unfocused[int(probe)], sheet.page.evaluate("() => document.activeElement.outerHTML")
        sheet.page.keyboard.press("Tab")
    radios = sheet.page.locator(".mcr-scoresheet input[type=radio]").count()
    assert len(seen) >= controls - radios + 1, (len(seen), controls)   # a radio group is one Tab stop


def test_the_sheet_prints_without_its_controls(sheet: Sheet) -> None:
    sheet.load_game(5)
    sheet.page.emulate_media(media="print")
    for hidden in (".mcr-scoresheet__entry", ".mcr-scoresheet__keep", ".mcr-scoresheet__setup", ".mcr-scoresheet__edit",
                   ".md-header", ".md-sidebar"):
        assert sheet.page.locator(hidden).first.is_hidden(), hidden
    assert sheet.page.locator(".mcr-scoresheet__hands table").is_visible()
    assert sheet.page.locator(".mcr-scoresheet__ranking table").is_visible()
    assert sheet.page.locator(".mcr-scoresheet__hands tr[data-hand='16']").is_visible()   # empty rows to fill by hand
    pdf = sheet.page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")


def test_the_navigation_and_the_calculator_lead_to_it(sheet: Sheet, base_url: str) -> None:  # noqa: F811
    sheet.page.goto(base_url + "zh/calculator/")
    link = sheet.page.locator(".md-tabs a[href$='scoresheet/']")
    assert link.count() == 1 and link.inner_text().strip() == strings("site").tables["zh"]["nav_scoresheet"]
    assert sheet.page.locator(".mcr-calc[data-scoresheet$='scoresheet/']").count() == 1
