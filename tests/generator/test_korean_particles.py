"""Korean particles after a value (i18n/korean_particles.py, and site/assets/mcr/dom.js on the
site's pages): each case's answer is Korean grammar, checked by hand: 을 이 은 과 으로 after a
final consonant, 를 가 는 와 로 after a vowel, 로 after ㄹ; a number read by its last digit
(영 일 이 삼 사 오 육 칠 팔 구; 십 백 천 with a final consonant), a Latin letter by its name
(엘 알 엠 엔 end in one, the others not)."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from i18n.string_tables import fill
from mcr.cli_text import cli_text, quiz_text

from ..conftest import ROOT

CASES = [   # (template, values, what a Korean reader expects)
    ("{fan}와(과) 함께", {"fan": "칠대"}, "칠대와 함께"),
    ("{fan}와(과) 함께", {"fan": "평화각"}, "평화각과 함께"),
    ("{name}을(를) 배제", {"name": "청룡"}, "청룡을 배제"),
    ("{name}을(를) 배제", {"name": "자모"}, "자모를 배제"),
    ("{tile}이(가) 5장", {"tile": "1m"}, "1m이 5장"),           # 엠
    ("{tile}이(가) 5장", {"tile": "5s"}, "5s가 5장"),           # 에스
    ("{tile}이(가) 5장", {"tile": "E"}, "E가 5장"),             # 이
    ("'{value}'은(는) 안 됩니다", {"value": "0"}, "'0'은 안 됩니다"),     # 영
    ("'{value}'은(는) 안 됩니다", {"value": "2"}, "'2'는 안 됩니다"),     # 이
    ("'{value}'은(는) 안 됩니다", {"value": "3000"}, "'3000'은 안 됩니다"),   # 삼천
    ("'{value}'은(는) 안 됩니다", {"value": "-9"}, "'-9'는 안 됩니다"),   # 구
    ("{wind}(으)로 계산", {"wind": "동"}, "동으로 계산"),
    ("{wind}(으)로 계산", {"wind": "서"}, "서로 계산"),
    ("{level}(으)로", {"level": "발"}, "발로"),                  # ㄹ takes 로
    ("{fan}({points})을(를) 놓친", {"fan": "평화", "points": "2점"}, "평화(2점)를 놓친"),   # the word before the aside
    ("{a}에서 {b}(으)로", {"a": "1998년 규칙", "b": "녹서 해석 (2006)"}, "1998년 규칙에서 녹서 해석 (2006)으로"),
    ("{fan}을(를)", {"fan": "[청룡](../fans/pure_straight.md)"}, "[청룡](../fans/pure_straight.md)을"),
    ("{path}을(를) 읽음", {"path": "/tmp/x.json"}, "/tmp/x.json을 읽음"),   # 제이에스오엔 … 엔
    ("{b}(으)로", {"b": "[녹서 해석 (2006)](../editions.md)"}, "[녹서 해석 (2006)](../editions.md)으로"),
    ("문풍이 {wind}(이)었다면", {"wind": "동"}, "문풍이 동이었다면"),
    ("문풍이 {wind}(이)었다면", {"wind": "서"}, "문풍이 서였다면"),
    ("{tile} 대신 {other}(이)면", {"tile": "2s", "other": "5m"}, "2s 대신 5m이면"),   # 엠
    ("{tile} 대신 {other}(이)면", {"tile": "2s", "other": "5s"}, "2s 대신 5s면"),     # 에스
    ("{edition}(이)라면", {"edition": "녹서"}, "녹서라면"),
    ("{value}은(는)", {"value": "😀"}, "😀은(는)"),                # unknown: both forms kept
]


@pytest.mark.parametrize("template, values, expected", CASES)
def test_a_korean_string_takes_the_particle_that_fits_its_value(template: str, values: dict, expected: str) -> None:
    assert fill("ko", template, values) == expected
    assert fill("en", template, values) == template.format(**values)   # another language is left as written


def _in_the_page(script: str, given: object = None) -> object:
    """What `script` prints (JSON), run by node with dom.js loaded and `given` on its input."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (./dev setup)")
    loaded = f"global.window = {{}}; global.document = {{}}; require({json.dumps(str(ROOT / 'site/assets/mcr/dom.js'))});"
    done = subprocess.run([node, "-e", loaded + script], input=json.dumps(given), capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_site_picks_the_same_particles() -> None:
    script = ("const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(cases.map(([t, v]) => window.McrDom.fillNodes(t, v).join(''))));")
    assert _in_the_page(script, [[t, v] for t, v, _ in CASES]) == [expected for _, _, expected in CASES]


def test_a_value_that_is_a_node_fits_by_its_text_or_keeps_both_forms() -> None:
    # On the pages a value may be an element: a link by its text, a tile picture by its alt
    # text; an element holding others (a name with its "untranslated" badge), or null, is a
    # word the script cannot read, and the particle keeps both forms (as Python does for the
    # badge's HTML).
    script = ("const el = (name, text, kids, alt) => ({nodeName: name, textContent: text, children: kids,"
              "  getAttribute: () => alt});"
              "const f = (v) => window.McrDom.fillNodes('{x}을(를) 보세요', {x: v})"
              "  .map(p => typeof p === 'string' ? p : '#').join('');"
              "console.log(JSON.stringify([f(el('A', '청룡', [])), f(el('IMG', '', [], '동')),"
              "  f(el('A', '청룡 미번역', [{}])), f(null)]));")
    assert _in_the_page(script) == ["#을 보세요", "#을 보세요", "#을(를) 보세요", "#을(를) 보세요"]


def test_the_command_line_and_the_quiz_fill_korean_particles() -> None:
    assert quiz_text("ko", "why_listed", by="칠대") == "칠대와 함께 계산하지 않음: 규칙에 명시됨 (불중복 원칙)"
    assert "'9'는" in cli_text("ko", "bad_flowers", value="9", most=8)
