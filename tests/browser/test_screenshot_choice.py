"""Screenshots are taken only when MCR_SCREENSHOTS asks for them (README, "Tests")."""
from __future__ import annotations

from pathlib import Path

import pytest

from . import site_steps
from .site_steps import SCREENSHOTS_VARIABLE, keep_screenshot, screenshot_wanted


class Camera:
    """Stands for a page: records the shots it was asked for."""

    def __init__(self) -> None:
        self.taken: list[str] = []

    def screenshot(self, path: str, **options: object) -> None:
        self.taken.append(path)


@pytest.mark.parametrize(("asked", "en", "ja"), [(None, False, False), ("", False, False), ("0", False, False),
                                                 ("1", True, False), ("all", True, True), ("ALL", True, True)])
def test_screenshots_only_when_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, asked: str | None,
                                     en: bool, ja: bool) -> None:
    monkeypatch.setattr(site_steps, "ARTIFACTS", tmp_path)
    if asked is None:
        monkeypatch.delenv(SCREENSHOTS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SCREENSHOTS_VARIABLE, asked)
    assert (screenshot_wanted("en"), screenshot_wanted("zh"), screenshot_wanted("ja")) == (en, en, ja)
    camera = Camera()
    keep_screenshot(camera, "pages/ja.png", "ja")
    assert camera.taken == ([str(tmp_path / "pages" / "ja.png")] if ja else [])
