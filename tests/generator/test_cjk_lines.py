"""Soft line breaks between Chinese or Japanese characters are removed (generator/site/cjk_lines.py):
a wrapped paragraph would otherwise show a gap where the source had a line break."""
from __future__ import annotations

from generator.site.cjk_lines import UNSPACED, join_cjk_lines


def test_a_wrapped_paragraph_becomes_one_line() -> None:
    assert join_cjk_lines("说明します。\n各ステップでは") == "说明します。各ステップでは"
    # List items keep their continuation lines, without the indent.
    assert join_cjk_lines("- 萬子（`1m`）、\n  筒子があります。") == "- 萬子（`1m`）、筒子があります。"
    # Emphasis marks around the characters on either side of the break do not stop it.
    assert join_cjk_lines("三元牌の**中**\n**發**と白") == "三元牌の**中****發**と白"


def test_breaks_next_to_latin_text_stay_spaces() -> None:
    for text in ("Half Flush\n混一色", "混一色\nHalf Flush", "見る\n[リンク](x.md)", "表記 `1m`\n次"):
        assert join_cjk_lines(text) == text


def test_blocks_are_left_alone() -> None:
    for text in ("## 見出し\n本文です。", "本文。\n\n次の段落。", "| 表 |\n| 行 |", "- 一つ目\n- 二つ目",
                 "```hand\n東\n南\n```", "前の段落。\n```diagram\nseating\n```"):
        assert join_cjk_lines(text) == text, text


def test_only_languages_that_do_not_space_their_words() -> None:
    assert UNSPACED == {"zh", "ja"}     # Korean spaces its words: a break is a space there
