"""`mcr site build` and `mcr site serve`: the rules site, through MkDocs.

Both run the MkDocs command line on the project's mkdocs.yml, whose hook regenerates the
pages from fans.yaml first, so `mcr site build` is exactly `mkdocs build --strict` run from
the repository root, and `mcr site serve` is `mkdocs serve`, once every string file has
been read (check_strings). MkDocs runs as a supervised
child (mcr/child_process.py): stopping `mcr` by a signal stops it too, and frees the port.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from generator.site_url import SITE_URL_VARIABLE, is_site_address
from i18n import DEFAULT_LANG, strings, surfaces
from mcr.cli_text import cli_text
from mcr.language import add_lang_argument, language_list
from .child_process import run_supervised

# The checkout mcr runs from: MkDocs runs the site's generator from its configuration there
# (the command line itself imports none of the generator).
REPO_ROOT = Path(__file__).resolve().parent.parent
# The variable the site's hook reads (generator/site/built_languages.py: the command line
# imports none of the generator).
LANGUAGES_VARIABLE = "MCR_SITE_LANGUAGES"
CONFIG = REPO_ROOT / "mkdocs.yml"
DEFAULT_OUTPUT = REPO_ROOT / "build" / "site"


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    actions = parser.add_subparsers(dest="site_action", metavar="ACTION")
    actions.required = True
    build = actions.add_parser("build", help=cli_text(lang, "command_site_build",
                                                      folder=f"{DEFAULT_OUTPUT.relative_to(REPO_ROOT)}/"),
                               description=cli_text(lang, "description_site_build"),
                               formatter_class=parser.formatter_class)
    build.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                       help=cli_text(lang, "help_site_output", default=DEFAULT_OUTPUT))
    build.add_argument("--site-url", type=site_address(lang), default=None, metavar="URL",
                       help=cli_text(lang, "help_site_url"))
    serve = actions.add_parser("serve", help=cli_text(lang, "command_site_serve"),
                               description=cli_text(lang, "description_site_serve"),
                               formatter_class=parser.formatter_class)
    serve.add_argument("--host", default="127.0.0.1", help=cli_text(lang, "help_site_host", default="127.0.0.1"))
    serve.add_argument("--port", type=int, default=8000, help=cli_text(lang, "help_site_port", default=8000))
    for sub in (build, serve):
        sub.add_argument("--strict", action=argparse.BooleanOptionalAction, default=True,
                         help=cli_text(lang, "help_site_strict"))
        sub.add_argument("--languages", type=language_list, default=None, metavar="LANG,...",
                         help=cli_text(lang, "help_site_languages", default=DEFAULT_LANG))
        add_lang_argument(sub, lang)   # the language of mcr's own words; MkDocs logs in English


def site_address(lang: str) -> Callable[[str], str]:
    """The type of `--site-url https://example.github.io/mcr/`: a web address (the hook adds a
    missing "/"), refused in `lang`."""
    def address(value: str) -> str:
        if not is_site_address(value):
            raise argparse.ArgumentTypeError(cli_text(lang, "bad_site_url", url=value))
        return value.strip()
    return address


def mkdocs_command(args: argparse.Namespace) -> list[str]:
    command = [sys.executable, "-m", "mkdocs", args.site_action, "--config-file", str(CONFIG),
               "--strict" if args.strict else "--no-strict"]
    if args.site_action == "build":
        command += ["--site-dir", str(Path(args.output).resolve())]
    else:
        command += ["--dev-addr", f"{args.host}:{args.port}"]
    return command


def check_strings() -> None:
    """Every string file read as the site's generator will read it: MkDocs would end on a
    broken one (a translator's edit) with a traceback; here it is a StringsError, which
    `mcr` names by file and key."""
    for surface in surfaces():
        strings(surface)


def run(args: argparse.Namespace) -> int:
    check_strings()
    # Material prints a notice about its own end of life on every start; the build log
    # should show only what concerns this site.
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if args.languages:   # read by the site's hook (generator/site/built_languages.py)
        env[LANGUAGES_VARIABLE] = ",".join(args.languages)
    if getattr(args, "site_url", None):   # read by the site's hook (generator/site/site_address.py)
        env[SITE_URL_VARIABLE] = args.site_url
    return run_supervised(mkdocs_command(args), cwd=REPO_ROOT, env=env)
