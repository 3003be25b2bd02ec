"""`hand` blocks: found in Markdown (nested and indented too), read, checked against the
engine with the source line in every error, and drawn as tiles with the scoring."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

import rules
from generator.site import site_hooks
from generator.site.hand_block import HandBlockError, check_block, find_hand_fences, read_block, same_total_counts
from generator.site.hand_render import RenderContext, faces_of, render_hand
from generator.site.site_data import load_site_data

FULL_FLUSH = '```hand\nhand: "[234s][666s]345s78s11s9s"\nfans: {full_flush: 1}\ntotal: 24\n```'


def _ctx(table: rules.FanTable, lang: str = "en") -> RenderContext:
    return RenderContext(lang, table, tile_src=lambda name: f"T/{name}", fan_href=lambda fan_id: f"F/{fan_id}/")


def test_fences_top_level_indented_and_nested() -> None:
    md = "\n".join([
        "# Title",                  # 1
        "",                         # 2
        FULL_FLUSH,                 # 3-7
        "",                         # 8
        '!!! example "In a box"',   # 9
        "",                         # 10
        "    ```hand",              # 11
        '    hand: "112233m445566p9s9s"',
        "    ```",                  # 13
        "",
        "````markdown",             # 15: a hand block shown as source is not drawn
        "```hand",
        'hand: "x"',
        "```",
        "````",
        "~~~hand",                  # 20
        'hand: "123m456p789s11sEEE"',
        "~~~",
    ])
    fences = find_hand_fences(md)
    assert [(f.first_line, f.last_line, f.indent) for f in fences] == [(3, 7, ""), (11, 13, "    "), (20, 22, "")]
    assert fences[1].body == 'hand: "112233m445566p9s9s"'


def test_read_block_reports_file_lines(table: rules.FanTable) -> None:
    (fence,) = find_hand_fences("intro\n\n" + FULL_FLUSH)
    block = read_block(fence, line_offset=4)      # four lines of front matter above
    assert block.line == 7 and block.hand == "[234s][666s]345s78s11s9s"
    assert dict(block.fans) == {"full_flush": 1} and block.total == 24 and block.show_scoring

    def error(body: str) -> HandBlockError:
        (f,) = find_hand_fences(f"```hand\n{body}\n```")
        with pytest.raises(HandBlockError) as caught:
            check_block(read_block(f), table)
        return caught.value

    assert "unknown key(s) self_draw" in error('hand: "123m456p789s11sEEE"\nself_draw: true').message
    assert "`hand` is required" in error("fans: {}").message
    bad_yaml = error('hand: "123m"\nfans: {a: 1')
    assert bad_yaml.line >= 2 and "not valid YAML" in bad_yaml.message
    assert "no winning shape" in error('hand: "123456789m123p13s"').message
    assert "tiles" in error('hand: "123m"').message
    assert "seat_wind" in error('hand: "123m456p789s11sEEE"\nseat_wind: X').message
    wrong = error('hand: "[234s][666s]345s78s11s9s"\nfans: {full_flush: 1, no_honors: 1}\ntotal: 25')
    assert wrong.line == 1
    assert "no_honors: stated 1, engine 0" in wrong.message and "total: stated 25, engine 24" in wrong.message
    assert "`flush` is not a fan id" in error('hand: "[234s][666s]345s78s11s9s"\nfans: {flush: 1}').message
    (unclosed,) = find_hand_fences('text\n```hand\nhand: "123m"')
    with pytest.raises(HandBlockError, match="no closing fence"):
        read_block(unclosed)


def test_show_tiles_needs_only_a_readable_hand(table: rules.FanTable) -> None:
    (f,) = find_hand_fences('```hand\nhand: "123456789m123p13s"\nshow: tiles\n```')
    assert check_block(read_block(f), table) is None   # not a winning shape, but drawable
    (f,) = find_hand_fences('```hand\nhand: "123m"\nshow: tiles\n```')
    with pytest.raises(HandBlockError, match="14"):
        check_block(read_block(f), table)


def test_drawing_marks_melds_concealed_kongs_and_the_winning_tile(table: rules.FanTable) -> None:
    (f,) = find_hand_fences('```hand\nhand: "[123p][7777p1][EEEE]456p9p9p"\nself_drawn: true\n'
                            'seat_wind: S\nflowers: 1\n```')
    block = read_block(f)
    html = render_hand(block, check_block(block, table), _ctx(table, "zh"))
    melds = re.findall(r'<span class="(mcr-meld[^"]*)"', html)
    assert melds == ["mcr-meld mcr-meld--exposed", "mcr-meld mcr-meld--exposed", "mcr-meld mcr-meld--concealed"]
    assert html.count('src="T/back.svg"') == 2 and 'src="T/9p-winning.svg"' in html
    assert html.count("-exposed.svg") == 7
    assert 'alt="九饼"' in html and 'alt="东风"' in html             # tile names in the page's language
    assert "自摸" in html and "门风：南" in html and "花牌：1张" in html   # the situation
    assert '<a href="F/half_flush/">混一色</a>' in html                  # fans link to their pages
    assert "已含于" in html                                             # why a fan is not counted
    assert "15（14 + 花牌1）" in html and "mcr-verdict--valid" in html
    assert "其他三家各付23分" in html                                     # payments


def test_a_block_lists_the_other_counts_of_its_total(table: rules.FanTable) -> None:
    # 222m 345m 555p 789p 88p, 8p drawn: it fills 7_9 (Closed Wait) or the pair (Single Wait);
    # one wait fan counts, either one (tests/engine/test_same_total.py works out the 9 points).
    (f,) = find_hand_fences('```hand\nhand: "222345m5557889p8p"\nself_drawn: true\n```')
    block = read_block(f)
    result = check_block(block, table)
    html = render_hand(block, result, _ctx(table, "fr"), same_total=same_total_counts(block, result, table))
    # (the French file keeps these fans' English names)
    (line,) = re.findall(r'<div class="mcr-hand__same-total">.*?<li>(.*?)</li>', html, re.S)
    assert line == '<a href="F/single_wait/">Single Wait</a> (1) au lieu de <a href="F/closed_wait/">Closed Wait</a> (1)'
    # Another reading (four chows, or three pungs and a chow): its five sets, 14 tiles, after the line.
    (f,) = find_hand_fences('```hand\nhand: "[123m]111222333m6p6p"\n```')
    block = read_block(f)
    result = check_block(block, table)
    (line,) = re.findall(r'<div class="mcr-hand__same-total">.*?<li>(.*?)</li>', render_hand(
        block, result, _ctx(table), same_total=same_total_counts(block, result, table)), re.S)
    assert line.count('<span class="mcr-set">') == 5 and line.count("<img") == 14
    assert line.index('href="F/quadruple_chow/"') < line.index("with the tiles read as") < line.index("mcr-set")
    (f,) = find_hand_fences('```hand\nhand: "123456789m12355p"\n```')   # one count only
    block = read_block(f)
    assert same_total_counts(block, check_block(block, table), table) == ()


def test_faces_of_engine_group_texts() -> None:
    assert faces_of("345p") == ["3p", "4p", "5p"]
    assert faces_of("EEEE") == ["E"] * 4
    assert faces_of("147m") == ["1m", "4m", "7m"]


def _page(src: str, text: str, lang: str = "en", source_lang: str | None = None) -> SimpleNamespace:
    file = SimpleNamespace(src_uri=src, src_path=src, abs_src_path=f"/repo/site/{src}", content_string=text,
                           locale_alternate_of=lang, locale=source_lang or lang)
    return SimpleNamespace(file=file, url=src.removesuffix(".md") + "/")


class _Files:
    def get_file_from_path(self, path: str) -> SimpleNamespace:
        return SimpleNamespace(url=path.removesuffix(".md") + "/" if path.endswith(".md") else path)


def _config() -> SimpleNamespace:
    return SimpleNamespace(config_file_path="/repo/mkdocs.yml")


def test_hook_draws_blocks_and_fails_with_file_and_line(monkeypatch: pytest.MonkeyPatch) -> None:
    data = load_site_data()
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=data))
    source = "---\ntitle: T\n---\n# Title\n\n" + FULL_FLUSH + "\n"
    page = _page("es/rulebook/x.md", source, "es")
    md = site_hooks.on_page_markdown(source.split("---\n", 2)[2], page, _config(), _Files())
    assert "```hand" not in md and re.search(r"^MCRHANDBLOCK[0-9a-f]{16}N0X$", md, re.M)
    html = site_hooks.on_page_content(f"<p>{md.splitlines()[-1]}</p>", page, _config(), _Files())
    full_flush = data.table.fan("full_flush")
    assert html.startswith('<figure class="mcr-hand"')
    assert f'<a href="../../../fans/full_flush/">{full_flush.names.get("es") or full_flush.names["en"]}' in html
    assert 'src="../../../assets/mcr/tiles/2s-exposed.svg"' in html

    broken = "# Title\n\ntext\n\n```hand\nhand: \"[234s][666s]345s78s11s9s\"\ntotal: 99\n```\n"
    with pytest.raises(PluginError, match=r"site/en/rulebook/y\.md:5: .*total: stated 99, engine 24"):
        site_hooks.on_page_markdown(broken, _page("en/rulebook/y.md", broken), _config(), _Files())


def test_hook_flags_a_page_shown_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=load_site_data()))
    source = "# The tiles\n\nSome English text.\n"
    md = site_hooks.on_page_markdown(source, _page("en/rulebook/t.md", source, "ko", "en"), _config(), _Files())
    lines = md.splitlines()
    assert lines[0] == "# The tiles" and lines[2].startswith('!!! warning "아직 번역되지 않음"')
    assert "한국어로 제공되지 않습니다" in md


def test_text_shaped_like_a_drawing_token_stays_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # The tokens were MCRHANDBLOCK<n>X: a page quoting one took another page's drawing or
    # failed the build with a KeyError.
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=load_site_data()))
    quoted = "MCRHANDBLOCK0X MCRHANDBLOCK1X MCRHANDBLOCK0123456789abcdefN0X"
    first = f"# One\n\n{FULL_FLUSH}\n"
    second = f"# Two\n\n{quoted}\n\n{FULL_FLUSH}\n\n{FULL_FLUSH}\n"
    pages = [_page("en/rulebook/one.md", first), _page("en/rulebook/two.md", second)]
    markdown = [site_hooks.on_page_markdown(text, page, _config(), _Files()) for text, page in zip((first, second), pages)]
    assert markdown[0].splitlines()[-1] != markdown[1].splitlines()[-1]   # each page has its own tokens
    html = ["\n".join(f"<p>{line}</p>" for line in md.splitlines() if line and not line.startswith("#"))
            for md in markdown]
    one = site_hooks.on_page_content(html[0], pages[0], _config(), _Files())
    two = site_hooks.on_page_content(html[1], pages[1], _config(), _Files())
    assert one.count('<figure class="mcr-hand"') == 1 and "MCRHANDBLOCK" not in one
    assert two.count('<figure class="mcr-hand"') == 2 and f"<p>{quoted}</p>" in two
    assert site_hooks._state.drawings == {}
    again = site_hooks.on_page_markdown(second, pages[1], _config(), _Files())
    assert again == markdown[1]   # the same page gives the same tokens: builds stay reproducible
