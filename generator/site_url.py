"""The site's published address, shared by `mcr site build --site-url` (which checks it as it
is typed, in the user's language) and the site's hook (which reads it from the environment):
one rule for both, and one name of the variable between them."""
from __future__ import annotations

from urllib.parse import urlsplit

SITE_URL_VARIABLE = "MCR_SITE_URL"


def is_site_address(value: str) -> bool:
    """Whether `value` is a site's address: http:// or https:// with a host, no ?query or #anchor."""
    parts = urlsplit(value.strip())
    return parts.scheme in ("http", "https") and bool(parts.netloc) and not parts.query and not parts.fragment
