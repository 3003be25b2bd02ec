"""Korean particles that fit the word before them.

A Korean string that cannot know its value writes both forms of a particle: "{name}을(를)",
"{fan}와(과)", "{wind}(으)로". Once the value is in place, the form that fits is known: 을,
이, 은, 과, 으로 after a final consonant (batchim), 를, 가, 는, 와, 로 after a vowel (로
after ㄹ too). This picks it, from the last syllable, the reading of a number's last digit,
or the name of a Latin letter, looking past closing brackets and quotes; a word it cannot
read keeps both forms. site/assets/mcr/dom.js does the same on the site's pages
(tests/generator/test_korean_particles.py holds the two to the same answers).
"""
from __future__ import annotations

import re

KOREAN = "ko"
# Each written pair: (the form after a final consonant, the form after a vowel).
PAIRS = {"을(를)": ("을", "를"), "를(을)": ("을", "를"), "이(가)": ("이", "가"), "가(이)": ("이", "가"),
         "은(는)": ("은", "는"), "는(은)": ("은", "는"), "과(와)": ("과", "와"), "와(과)": ("과", "와"),
         "(으)로": ("으로", "로"),
         # the copula before an ending: 동이었다면 / 서였다면, 동이라면 / 서라면, 5m이면 / 5s면
         "(이)었": ("이었", "였"), "(이)라": ("이라", "라"), "(이)면": ("이면", "면")}
_PAIR = re.compile("|".join(re.escape(p) for p in PAIRS))
RIEUL = 8   # ㄹ as a final consonant: (으)로 takes 로 after it
# The final consonant of each digit as read (영 일 이 삼 사 오 육 칠 팔 구): 0 none, 8 ㄹ, other a consonant.
DIGIT_ENDINGS = (21, 8, 0, 16, 0, 0, 1, 8, 8, 0)
# Latin letters read with a final consonant: L and R (엘, 알: ㄹ), M and N (엠, 엔).
LETTER_ENDINGS = {"l": 8, "r": 8, "m": 16, "n": 4}
_QUOTES = {"'", '"', "’", "”", "]", "」", "』"}   # the word is inside them
_ASIDES = {")": "(", "）": "（"}                     # the word is before them


def _word_end(text: str) -> int:
    """Where the word a particle goes with ends in `text`: inside closing quotes, before an
    aside in brackets (and the spaces before it), in a Markdown link's text; -1 for none."""
    at = len(text) - 1
    while at >= 0 and (text[at] in _QUOTES or text[at] in _ASIDES):
        if text[at] in _QUOTES:
            at -= 1
            continue
        opening = text.rfind(_ASIDES[text[at]], 0, at)
        if opening < 0:
            return -1
        if opening > 0 and text[opening - 1] == "]":   # [text](address): on into the link's text
            at = opening - 2
            continue
        at = opening - 1
        while at >= 0 and text[at] == " ":
            at -= 1
    return at


def final_consonant(word: str) -> int | None:
    """The final consonant (0 for none, else its index, 8 for ㄹ) of how `word` is read,
    None when it cannot be told."""
    at = _word_end(word)
    if at < 0:
        return None
    ch = word[at]
    if "가" <= ch <= "힣":
        return (ord(ch) - 0xAC00) % 28
    if ch.isdigit() and ch.isascii():
        digits = re.search(r"\d+$", word[:at + 1]).group(0)  # type: ignore[union-attr]
        if digits.strip("0") == "":
            return DIGIT_ENDINGS[0]
        # 10, 100, 1000, 10000: 십 백 천 만, each with a final consonant (not ㄹ)
        return DIGIT_ENDINGS[int(digits[-1])] if digits[-1] != "0" else 1
    if ch.isascii() and ch.isalpha():
        return LETTER_ENDINGS.get(ch.lower(), 0)
    return None


def fit_particles(text: str) -> str:
    """`text` with each written pair of particle forms replaced by the one that fits."""
    def fitted(match: re.Match[str]) -> str:
        ending = final_consonant(text[:match.start()])
        if ending is None:
            return match.group(0)
        after_consonant, after_vowel = PAIRS[match.group(0)]
        if match.group(0) == "(으)로":
            return after_vowel if ending in (0, RIEUL) else after_consonant
        return after_consonant if ending else after_vowel
    return _PAIR.sub(fitted, text)
