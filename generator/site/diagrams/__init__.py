"""The rulebook's diagrams, drawn here as SVG in every language (labels: i18n/diagrams/).

A page shows one with a `diagram` block naming it (generator/site/diagrams/block.py reads them; the
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
from dataclasses import dataclass
from html import escape

from .jump import dealer_jump
from .melds import claimed_melds
from .seating import seating
from .text import say
from .wall import wall_break

@dataclass(frozen=True, slots=True)
class Diagram:
    draw: Callable[[str], str]     # language -> SVG
    title_key: str                 # its title in i18n/diagrams: the caption and accessible name


DIAGRAMS: dict[str, Diagram] = {
    "seating": Diagram(seating, "seating_title"),
    "wall-break": Diagram(wall_break, "wall_title"),
    "dealer-jump": Diagram(dealer_jump, "jump_title"),
    "claimed-melds": Diagram(claimed_melds, "melds_title"),
}


def diagram_svg(name: str, lang: str) -> str:
    """The SVG of diagram `name` with its labels in `lang`; KeyError for an unknown name."""
    return DIAGRAMS[name].draw(lang)


def diagram_html(name: str, lang: str) -> str:
    """The diagram as a figure, its title as the caption under it."""
    caption = escape(say(lang, DIAGRAMS[name].title_key))
    return (f'<figure class="mcr-diagram mcr-diagram--{name}">{diagram_svg(name, lang)}'
            f"<figcaption>{caption}</figcaption></figure>")


__all__ = ["DIAGRAMS", "diagram_html", "diagram_svg"]
