"""The footer's credit to the site's theme, in each language (the theme's
partials/copyright.html): the string `footer_made_with` around the theme's name."""
from __future__ import annotations

from generator.site.site_text import TEXT

TOOL = "{tool}"   # where the theme's name, a link, goes in the sentence


def made_with_values(lang: str) -> dict[str, str]:
    """The words before and after the theme's name (config.extra.made_with)."""
    before, _, after = TEXT[lang]["footer_made_with"].partition(TOOL)
    return {"before": before, "after": after}
