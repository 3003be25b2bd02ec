"""The rulebook's diagrams, drawn here as SVG in every language (labels: i18n/diagrams/).

A page shows one with a `diagram` block naming it (website/diagrams/block.py reads them; the
site hook draws them in the page's language):

    ```diagram
    seating
    ```

| name | what it shows |
| --- | --- |
| `seating` | the seats round the table seen from above, the dealer, the order of play |
| `wall-break` | the four walls and where the wall is broken, on an example throw of the dice |
| `dealer-jump` | the dealer's jump, the last round of the deal |
| `claimed-melds` | where the claimed tile lies, sideways, in a chow, pungs and a melded kong |
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape

from .jump import dealer_jump
from .melds import claimed_melds
from .seating import seating
from .text import say
from .wall import wall_break

DIAGRAMS: dict[str, Callable[[str], str]] = {
    "seating": seating,
    "wall-break": wall_break,
    "dealer-jump": dealer_jump,
    "claimed-melds": claimed_melds,
}
_TITLE_KEYS = {"seating": "seating_title", "wall-break": "wall_title", "dealer-jump": "jump_title",
               "claimed-melds": "melds_title"}


def diagram_svg(name: str, lang: str) -> str:
    """The SVG of diagram `name` with its labels in `lang`; KeyError for an unknown name."""
    return DIAGRAMS[name](lang)


def diagram_html(name: str, lang: str) -> str:
    """The diagram as a figure, its title as the caption under it."""
    caption = escape(say(lang, _TITLE_KEYS[name]))
    return (f'<figure class="mcr-diagram mcr-diagram--{name}">{diagram_svg(name, lang)}'
            f"<figcaption>{caption}</figcaption></figure>")


__all__ = ["DIAGRAMS", "diagram_html", "diagram_svg"]
