"""What in a built page could run a script: inline scripts, handler attributes, javascript:
links, scripts from elsewhere, and the Content-Security-Policy the page carries. Python's
HTML tokenizer reads the page as a browser's does (a script's text ends at "</script",
attributes end at their quote), which is what a text breaking out of its element exploits."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

DATA_SCRIPTS = {"application/json", "application/ld+json"}   # never run
_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster"}
_PLUGINS = {"iframe", "object", "embed", "frame", "base"}
_SCHEME = re.compile(r"^[\x00-\x20]*([a-z][a-z0-9+.-]*):", re.IGNORECASE)
CSP = "content-security-policy"


@dataclass
class PageScan(HTMLParser):
    """The findings of one page; feed() it the page."""

    active: list[str] = field(default_factory=list)     # each thing that could run, described
    policies: list[str] = field(default_factory=list)   # the CSP meta tags' content
    scripts_before_policy: int = 0
    text: list[str] = field(default_factory=list)       # the page's text and attribute values
    _in_script: str | None = None

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.text += list(values.values())
        for name, value in values.items():
            if name.startswith("on"):
                self.active.append(f"<{tag} {name}={value[:40]!r}>")
            scheme = _SCHEME.match(value)
            if name in _URL_ATTRIBUTES and scheme and scheme.group(1).lower() in ("javascript", "vbscript"):
                self.active.append(f"<{tag} {name}={value[:40]!r}>")
        if tag in _PLUGINS:
            self.active.append(f"<{tag}>")
        if tag == "meta" and values.get("http-equiv", "").lower() == CSP:
            self.policies.append(values.get("content", ""))
        if tag == "script":
            kind = values.get("type", "").lower()
            self._in_script = kind
            if not self.policies:
                self.scripts_before_policy += 1
            src = values.get("src")
            if src is None and kind not in DATA_SCRIPTS:
                self.active.append("an inline <script>")
            elif src is not None and (_SCHEME.match(src) or src.startswith("//")):
                self.active.append(f"a script from elsewhere: {src[:60]}")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self._in_script = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def scan(html: str) -> PageScan:
    found = PageScan()
    found.feed(html)
    found.close()
    return found
