"""The rulebook's diagrams (generator/site/diagrams/): every diagram in every language is well-formed
SVG with a viewBox, a title and a description in the language, its labels in the language and
no English label outside English; each draws what the rules say (checked against the rules as
written in the comments, not against the drawing code); ```diagram blocks in a page, and an
unknown diagram name failing the build with the file and the line."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from generator.site import site_hooks
from generator.site.diagrams import DIAGRAMS, diagram_html, diagram_svg
from generator.site.diagrams.block import DiagramBlock, read_diagrams
from generator.site.diagrams.svg import text_width, wrap
from generator.site.diagrams.wall import Example
from generator.site.site_data import load_site_data
from generator.site.site_text import LANGS

from ..conftest import ROOT, read_yaml
from ..site_build_support import build_sources

SVG = "{http://www.w3.org/2000/svg}"
NAMES = tuple(DIAGRAMS)
LABELS = read_yaml(ROOT / "i18n/diagrams/en.yaml").keys()


def _strings(lang: str) -> dict[str, str]:
    return read_yaml(ROOT / f"i18n/diagrams/{lang}.yaml")


def _root(name: str, lang: str) -> ET.Element:
    return ET.fromstring(diagram_svg(name, lang))   # raises on SVG that is not well-formed XML


def _labels(root: ET.Element) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if "mcr-dg-label" in t.get("class", "").split()]


def _label_text(element: ET.Element) -> str:
    """A label's text; the lines of a wrapped one joined by a space, as they were broken."""
    lines = [t.text or "" for t in element.iter(f"{SVG}tspan")]
    return " ".join(lines) if lines else element.text or ""


# The labels each diagram must show (placeholders filled as the example fills them).
def _expected(name: str, lang: str) -> list[str]:
    s = _strings(lang)
    seats = [s[f"seat_{w}"] for w in "ESWN"]
    if name == "seating":
        return seats + [s["dealer"], s["seating_center"]]
    if name == "wall-break":
        # The example: the dealer throws 7, West throws 5 (see test_the_wall_example_follows_the_rules).
        return seats + [s["dealer"], s["wall_dealer_throw"].format(n=7),
                        s["wall_second_throw"].format(seat=s["seat_W"], n=5),
                        s["wall_sum"].format(a=7, b=5, total=12), s["wall_counted"].format(n=12),
                        s["wall_break"], s["wall_dealing"]]
    if name == "dealer-jump":
        return seats + [s["jump_over"], s["jump_dealt"], s["jump_direction"]]
    return [s[k] for k in ("melds_chow_left", "melds_pung_left", "melds_pung_opposite", "melds_pung_right",
                           "melds_kong_right")]


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_diagram_is_wellformed_svg_in_its_language(name: str, lang: str) -> None:
    root = _root(name, lang)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("lang") == lang
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert len(box) == 4 and box[:2] == [0, 0] and box[2] > 0 and box[3] > 0, root.get("viewBox")
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None and title.text and desc.text
    assert root.get("aria-label") == title.text
    assert "id=" not in diagram_svg(name, lang)    # a page may show a diagram twice
    assert "Noto Sans CJK" in root.get("font-family", "")   # CJK text has a font to fall back on
    shown = [_squeeze(_label_text(t)) for t in _labels(root)]
    for label in _expected(name, lang):
        assert _squeeze(label) in shown, f"{name} ({lang}): the label {label!r} is missing; it shows {shown}"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
@pytest.mark.parametrize("name", NAMES)
def test_no_english_label_outside_english(name: str, lang: str) -> None:
    root = _root(name, lang)
    texts = [_label_text(t) for t in _labels(root)] + [root.find(f"{SVG}title").text, root.find(f"{SVG}desc").text]
    if lang in ("zh", "ko", "ja"):
        # Chinese, Korean and Japanese labels hold digits and signs, never Latin letters.
        latin = [t for t in texts if re.search(r"[A-Za-z]", t)]
        assert not latin, f"{name} ({lang}): Latin letters in {latin}"
    else:
        # Spanish shares Latin letters with English, but no English word beyond the claim names
        # Spanish players use too.
        english = {w.lower() for v in _strings("en").values() for w in re.findall(r"[A-Za-z']{3,}", v)}
        english -= {"chow", "pung", "kong", "chows", "pungs", "kongs"}
        found = {w.lower() for t in texts for w in re.findall(r"[A-Za-z']{3,}", t)} & english
        assert not found, f"{name} ({lang}): English words {sorted(found)}"


def test_every_label_key_is_used() -> None:
    code = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "generator/site/diagrams").glob("*.py"))
    unused = [k for k in LABELS if f'"{k}"' not in code and not k.startswith("seat_")]
    assert not unused, f"i18n/diagrams keys no diagram uses: {unused}"


def test_the_wall_example_follows_the_rules() -> None:
    # The dealer throws 7. Counting the dealer (East) as 1 counterclockwise: East 1, South 2,
    # West 3, North 4, East 5, South 6, West 7: West throws next (the rules' table: 3, 7, 11).
    ex = Example(7, 5)
    assert ex.thrower == "W" and ex.total == 12
    assert [Example(t, 1).thrower for t in (5, 9)] == ["E", "E"]
    assert [Example(t, 1).thrower for t in (2, 6, 10)] == ["S"] * 3
    assert [Example(t, 1).thrower for t in (4, 8, 12)] == ["N"] * 3
    root = _root("wall-break", "en")
    stacks = [r for r in root.iter(f"{SVG}rect") if {r.get("width"), r.get("height")} == {"11", "14"}]
    assert len(stacks) == 4 * 18              # 72 stacks, two tiles high: 144 tiles, flowers included
    counted = [r for r in stacks if r.get("class") == "mcr-dg-second"]
    first = [r for r in stacks if r.get("class") == "mcr-dg-accent"]
    assert len(counted) == 12 and len(first) == 2    # 12 stacks counted, the dealer's first two stacks
    # West sits at the top of the picture facing down: West's right-hand end is the picture's
    # left, so the counted stacks start at the left end of the top wall and the dealer's first
    # stacks lie just to their right (the dealing goes on clockwise, away from them).
    top = min(float(r.get("y")) for r in stacks)
    top_wall = sorted(float(r.get("x")) for r in stacks if float(r.get("y")) == top)
    assert sorted(float(r.get("x")) for r in counted) == top_wall[:12]
    assert sorted(float(r.get("x")) for r in first) == top_wall[12:14]
    counts = {t.text for t in root.iter(f"{SVG}text") if "mcr-dg-count" in t.get("class", "")}
    assert counts == {"5 · 9", "2 · 6 · 10", "3 · 7 · 11", "4 · 8 · 12"}


def test_the_dealer_jumps_one_stack() -> None:
    root = _root("dealer-jump", "en")
    numbers = {t.text: t for t in _labels(root) if t.text in {"1", "2", "3", "4", "5"}}
    assert sorted(numbers) == ["1", "2", "3", "4", "5"]
    x = {n: float(t.get("x")) for n, t in numbers.items()}
    y = {n: float(t.get("y")) for n, t in numbers.items()}
    # The dealer's tiles (1 and 5) are both top tiles, two stacks apart: one stack jumped.
    column = x["3"] - x["1"]
    assert column > 0 and x["5"] - x["1"] == pytest.approx(2 * column)
    assert y["1"] == y["3"] == y["5"] < y["2"] == y["4"]
    assert x["2"] == x["1"] and x["4"] == x["3"]     # South below the dealer's first, North below West's
    on_accent = {t.text for t in numbers.values() if "mcr-dg-on-accent" in t.get("class", "")}
    assert on_accent == {"1", "5"}                   # drawn on the dealer's colour


def test_the_claimed_tile_lies_where_the_rules_put_it() -> None:
    # The rules: claimed from the left player, sideways at the left of the set; from the
    # player opposite, between the others; from the right player, at the right.
    root = _root("claimed-melds", "en")
    rows = [g for g in root.iter(f"{SVG}g") if g.get("aria-hidden") == "true"]
    sideways = [[i for i, tile in enumerate(row) if "rotate(-90)" in tile.get("transform", "")] for row in rows]
    sizes = [len(row) for row in rows]
    assert sizes == [3, 3, 3, 3, 4]                       # chow, three pungs, a melded kong
    assert sideways == [[0], [0], [1], [2], [3]]          # left, left, middle, right, right
    labels = [_label_text(t) for t in _labels(root)]
    assert labels == ["Chow, from the left player", "Pung, from the left player", "Pung, from the player opposite",
                      "Pung, from the right player", "Melded kong, from the right player"]


def test_labels_are_wrapped_to_their_width() -> None:
    assert wrap("Pung, from the player opposite", 13, 80) == ["Pung, from", "the player", "opposite"]
    assert wrap("逆时针方向行牌", 12, 50) == ["逆时针方", "向行牌"]      # Chinese breaks between characters
    assert wrap("차례는 반시계 방향", 12, 60) == ["차례는", "반시계", "방향"]   # Korean at spaces
    assert text_width("东家", 10) == 20 and text_width("ab", 10) < text_width("AB", 10)


def test_diagrams_are_the_same_at_every_build() -> None:
    assert all(diagram_svg(n, lang) == diagram_svg(n, lang) for n in NAMES for lang in LANGS)
    html = diagram_html("seating", "zh")
    assert html.startswith('<figure class="mcr-diagram mcr-diagram--seating"><svg ')
    assert html.endswith("<figcaption>座位与行牌顺序</figcaption></figure>")


# --- diagram blocks in a page --------------------------------------------------------------

def test_blocks_are_read_with_their_lines() -> None:
    md = "\n".join(["# T", "", "```diagram", "seating", "```", "", "- item", "",
                    "    ```diagram", "    claimed-melds", "    ```", "", "````markdown", "```diagram",
                    "no-such", "```", "````"])
    blocks, errors = read_diagrams(md, NAMES, 3)
    assert errors == []        # the block inside the ````markdown example is its text
    assert blocks == [DiagramBlock("seating", 3, 5, ""), DiagramBlock("claimed-melds", 9, 11, "    ")]
    bad = "text\n\n```diagram\nno-such\n```\n\n```diagram\n```\n\n```diagram\nseating wall-break\n```\n\n```diagram\nseating"
    blocks, errors = read_diagrams(bad, NAMES, 10)
    assert blocks == []
    assert [(e.line, e.message.split(";")[0]) for e in errors] == [
        (13, "unknown diagram 'no-such'"), (17, "a diagram block holds one diagram name, not ''"),
        (20, "a diagram block holds one diagram name, not 'seating wall-break'"),
        (24, "the diagram block has no closing fence")]
    assert "known: seating, wall-break, dealer-jump, claimed-melds" in errors[0].message


def _page(src: str, text: str, lang: str) -> SimpleNamespace:
    file = SimpleNamespace(src_uri=src, src_path=src, abs_src_path=f"/repo/site/{src}", content_string=text,
                           locale_alternate_of=lang, locale=lang)
    return SimpleNamespace(file=file, url=src.removesuffix(".md") + "/")


class _Files:
    def get_file_from_path(self, path: str) -> SimpleNamespace:
        return SimpleNamespace(url=path.removesuffix(".md") + "/" if path.endswith(".md") else path)


def test_the_hook_draws_a_block_in_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=load_site_data()))
    config = SimpleNamespace(config_file_path="/repo/mkdocs.yml")
    source = "---\ntitle: T\n---\n# T\n\nIntro.\n\n```diagram\nwall-break\n```\n\nAfter.\n"
    page = _page("ko/rulebook/x.md", source, "ko")
    md = site_hooks.on_page_markdown(source.split("---\n", 2)[2], page, config, _Files())
    assert "```diagram" not in md and md.count("\n") == source.split("---\n", 2)[2].count("\n")
    token = next(line for line in md.splitlines() if line.startswith("MCRHANDBLOCK"))
    html = site_hooks.on_page_content(f"<p>Intro.</p>\n<p>{token}</p>\n<p>After.</p>", page, config, _Files())
    assert html == f"<p>Intro.</p>\n{diagram_html('wall-break', 'ko')}\n<p>After.</p>"
    assert site_hooks._state.drawings == {}


def test_the_hook_names_file_and_line_of_a_bad_block(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=load_site_data()))
    config = SimpleNamespace(config_file_path="/repo/mkdocs.yml")
    raw = "---\ntitle: T\n---\n# T\n\n```diagram\nseats\n```\n"
    with pytest.raises(PluginError, match=r"site/es/rulebook/z\.md:6: unknown diagram 'seats'; known: seating"):
        site_hooks.on_page_markdown(raw.split("---\n", 2)[2], _page("es/rulebook/z.md", raw, "es"), config, _Files())
    # A hand block below a diagram keeps its own line in a message.
    below = "# T\n\n```diagram\nseating\n```\n\n```hand\nhand: \"[234s][666s]345s78s11s9s\"\ntotal: 99\n```\n"
    with pytest.raises(PluginError, match=r"site/en/rulebook/w\.md:7: .*total: stated 99"):
        site_hooks.on_page_markdown(below, _page("en/rulebook/w.md", below, "en"), config, _Files())


@pytest.mark.slow
def test_an_unknown_diagram_fails_the_build_with_file_and_line(tmp_path: Path) -> None:
    """A copy of the sources whose Spanish play chapter names a diagram that does not exist:
    the strict build stops and says where."""
    sources = ROOT / "site"
    docs = tmp_path / "docs"
    shutil.copytree(sources, docs)   # site/ is hand-written only: the build adds the generated files
    chapter = docs / "es" / "rulebook" / "play.md"
    lines = chapter.read_text(encoding="utf-8").split("\n")
    at = lines.index("wall-break")
    lines[at] = "muro-roto"
    chapter.write_text("\n".join(lines), encoding="utf-8")
    done = build_sources(docs, tmp_path, languages=("es",))
    assert done.returncode != 0
    # The opening fence is the line above the name; the message gives the file's own line.
    assert f"rulebook/play.md:{at}: unknown diagram 'muro-roto'" in done.stderr + done.stdout, done.stderr[-3000:]
