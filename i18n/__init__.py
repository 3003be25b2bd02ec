"""The interface's languages and strings, kept as data a translator edits without Python.

`languages.yaml` lists the languages, the default first. Each folder beside it holds one
surface's strings, a YAML file per language with the same keys and {placeholders}:
`site/` (the site's pages), `web-quiz/` (the quiz on the site), `quiz/` (the terminal
quiz), `cli/` (the rest of the command line), `tiles/` (the names of the tiles) and
`diagrams/` (the rulebook diagrams' labels), `offline/` (the notices of the site offline). The generators, the trainer and mcr read them here.
"""
from .languages import DEFAULT_LANG, LANGS, LANGUAGE_NAMES, Localized, decimal_text, pick, plural_key
from .string_tables import Strings, language_strings, strings, surfaces
from .data_file import StringsError

__all__ = ["DEFAULT_LANG", "LANGS", "LANGUAGE_NAMES", "Localized", "Strings", "StringsError", "decimal_text",
           "language_strings", "pick",
           "plural_key", "strings", "surfaces"]
