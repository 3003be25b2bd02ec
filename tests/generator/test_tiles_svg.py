"""The tile faces render as small, self-contained, well-formed SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.site.tiles import FACES, LANGS, VARIANTS, tile_alt, tile_svg, write_tile_assets
from rules.tiles import ALL_TILES

SVG_NS = "{http://www.w3.org/2000/svg}"
EXPECTED_FACES = [t.text for t in ALL_TILES] + [f"f{i}" for i in range(1, 5)] + [
    f"s{i}" for i in range(1, 5)]


def test_faces_are_the_34_tiles_plus_8_bonus_tiles() -> None:
    assert list(FACES) == EXPECTED_FACES
    assert len(FACES) == 42


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("face", EXPECTED_FACES)
def test_every_face_and_variant_is_wellformed_svg(face: str, variant: str) -> None:
    svg = tile_svg(face, variant=variant)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 60 80"
    title = root.find(f"{SVG_NS}title")
    assert title is not None and title.text
    if variant == "back":
        assert title.text == "Face-down tile"
    else:
        assert title.text == tile_alt(face, "en")
    assert len(svg.encode("utf-8")) < 4096
    # Self-contained: nothing fetched, nothing run.
    lowered = svg.lower()
    for forbidden in ("<script", "href", "url(", "<image", "<foreignobject", "<style"):
        assert forbidden not in lowered
    for element in root.iter():
        assert not any(name.lower().startswith("on") for name in element.attrib)


def test_variants_differ_and_back_hides_the_face() -> None:
    for face in EXPECTED_FACES:
        drawn = {tile_svg(face, variant=v) for v in ("standing", "exposed", "winning")}
        assert len(drawn) == 3
    assert len({tile_svg(face, variant="back") for face in EXPECTED_FACES}) == 1
    assert tile_svg("5p") == tile_svg("5p", variant="standing")


def test_corner_index_keeps_tiles_legible_without_cjk_fonts() -> None:
    for t in ALL_TILES:
        svg = tile_svg(t.text)
        mark = t.letter if t.is_honor else str(t.rank)
        assert f">{mark}</text>" in svg


@pytest.mark.parametrize("lang", LANGS)
def test_alt_names_cover_every_face_and_are_distinct(lang: str) -> None:
    names = [tile_alt(face, lang) for face in EXPECTED_FACES]
    assert all(name.strip() for name in names)
    assert len(set(names)) == len(names)


def test_alt_name_samples() -> None:
    assert tile_alt("5p", "en") == "5 of dots"
    assert tile_alt("3m", "zh") == "三万"
    assert tile_alt("5p", "zh") == "五饼"
    assert tile_alt("7s", "zh") == "七条"
    assert tile_alt("C", "zh") == "红中"
    assert tile_alt("7s", "es") == "7 de bambú"
    assert tile_alt("E", "es") == "viento Este"
    assert tile_alt("f1", "es") == "flor: ciruelo"
    assert tile_alt("3m", "ko") == "삼만"
    assert tile_alt("5p", "ko") == "오통"
    assert tile_alt("7s", "ko") == "칠삭"
    assert tile_alt("N", "ko") == "북풍"


@pytest.mark.parametrize("face", ["", "0m", "10p", "5z", "X", "e", "f5", "s0", "1S", None])
def test_unknown_face_is_rejected(face: object) -> None:
    with pytest.raises(ValueError, match="unknown tile face"):
        tile_svg(face)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown tile face"):
        tile_alt(face, "en")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["", "concealed", "Standing", "front"])
def test_unknown_variant_is_rejected(variant: str) -> None:
    with pytest.raises(ValueError, match="unknown tile variant"):
        tile_svg("1m", variant=variant)


@pytest.mark.parametrize("lang", ["", "de", "EN", "zh-TW"])
def test_unknown_language_is_rejected(lang: str) -> None:
    with pytest.raises(ValueError, match="unknown language"):
        tile_alt("1m", lang)


def test_write_tile_assets_is_deterministic(tmp_path: Path) -> None:
    first = write_tile_assets(tmp_path / "a")
    second = write_tile_assets(tmp_path / "b")
    names = [p.name for p in first]
    assert names == [p.name for p in second]
    assert len(names) == 42 * 3 + 1 == len(set(names))
    assert "back.svg" in names and "5p-exposed.svg" in names and "s4-winning.svg" in names
    # No two files collide on a case-insensitive file system.
    assert len({n.lower() for n in names}) == len(names)
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes()
        ET.fromstring(a.read_bytes())
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == sorted(names)
    # Rewriting over existing files gives the same bytes again.
    again = write_tile_assets(tmp_path / "a")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in second]
