"""Where the site is published, when the build is told: `mcr site build --site-url URL`
passes the address in the environment (SITE_URL_VARIABLE), and the site hook makes it
mkdocs.yml's `site_url` (which mkdocs.yml may also give itself).

The 404 pages need it: a static host answers a missing address at any depth with the one
404.html, so that page cannot link its styles, scripts and home relatively; MkDocs writes its
addresses from the path of `site_url` ("/" without one). A site served under a sub-path (a
GitHub Pages project site, https://<user>.github.io/<repo>/) must say so. It also gives the
sitemap its addresses and the fan sheet's PDF its links.
"""
from __future__ import annotations

import os
from collections.abc import Mapping

from generator.site_url import SITE_URL_VARIABLE, is_site_address


class SiteAddressError(ValueError):
    """An address that is not a web page's."""


def published_url(environ: Mapping[str, str] = os.environ) -> str | None:
    """The site's address from the environment, ending in "/"; None when none is given."""
    value = environ.get(SITE_URL_VARIABLE, "").strip()
    if not value:
        return None
    if not is_site_address(value):
        raise SiteAddressError(f"{SITE_URL_VARIABLE}={value}: not the address of a site "
                               f"(http:// or https://, no ?query or #anchor), e.g. https://example.github.io/mcr/")
    return value if value.endswith("/") else value + "/"
