"""`mcr site build --site-url`: the address the site is published at
(generator/site/site_address.py), from which the 404 pages take their links. The build
under a sub-path is tests/browser/test_sub_path_browser.py; here, the address itself and
the command line's refusal."""
from __future__ import annotations

import os
import re

import pytest

from generator.site.site_address import SITE_URL_VARIABLE, SiteAddressError, published_url
from mcr import site_command

from ..cli.in_process import mcr_here


def test_no_address_leaves_the_site_at_the_host_s_root() -> None:
    assert published_url({}) is None
    assert published_url({SITE_URL_VARIABLE: " "}) is None


def test_an_address_ends_in_a_slash() -> None:
    assert published_url({SITE_URL_VARIABLE: "https://example.github.io/mcr"}) == "https://example.github.io/mcr/"
    assert published_url({SITE_URL_VARIABLE: "http://localhost:8000/"}) == "http://localhost:8000/"


@pytest.mark.parametrize("value", ["example.github.io/mcr/", "ftp://example.org/", "https://x.org/?a=1", "https:///mcr/"])
def test_what_is_no_site_address_is_named(value: str) -> None:
    with pytest.raises(SiteAddressError, match=re.escape(f"MCR_SITE_URL={value}: not the address of a site")):
        published_url({SITE_URL_VARIABLE: value})


def test_the_command_line_passes_the_variable_the_build_reads() -> None:
    assert site_command.SITE_URL_VARIABLE == SITE_URL_VARIABLE


def test_the_command_line_refuses_a_bad_address_before_building() -> None:
    done = mcr_here("site", "build", "--site-url", "example.github.io/mcr/", "--output", "/nonexistent/never-written")
    assert done.returncode == 2
    assert "--site-url: 'example.github.io/mcr/' is not the address of a site" in done.stderr, done.stderr


def test_the_refusal_speaks_the_language_asked_for_not_the_locales() -> None:
    env = dict(os.environ, LANG="ja_JP.UTF-8", LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    done = mcr_here("site", "build", "--lang", "fr", "--site-url", "ftp://x.org/", "--output", "/nonexistent/never",
                    env=env)
    assert done.returncode == 2
    assert "'ftp://x.org/' n'est pas l'adresse d'un site" in done.stderr, done.stderr
