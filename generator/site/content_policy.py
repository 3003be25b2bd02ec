"""The Content-Security-Policy every page of the site carries, as a <meta> tag (a static
site sets no headers), for defence in depth behind the escaping of every text.

Scripts come only from the site's own files: no inline script, no handler attribute, no
javascript: link runs, so markup that slipped into a page would stay inert. The theme's
small inline scripts live in site/assets/mcr/theme-*.js (generator/site/theme/partials).
'wasm-unsafe-eval' lets the calculator's Pyodide compile its WebAssembly; worker-src
'self' admits the calculator's worker, the search worker and the offline service worker.
Styles may be inline (the theme and the diagrams set style attributes); images may be
data: URIs (the theme's icons). frame-ancestors and sandbox cannot be set from a <meta>.
"""
from __future__ import annotations

from html import escape

DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("worker-src", "'self'"),
    ("connect-src", "'self'"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("img-src", "'self' data:"),
    ("font-src", "'self' data:"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
CONTENT_SECURITY_POLICY = "; ".join(f"{name} {value}" for name, value in DIRECTIVES)


def policy_meta() -> str:
    """The policy as the <meta> tag that must come before any script of a page's <head>."""
    return f'<meta http-equiv="Content-Security-Policy" content="{escape(CONTENT_SECURITY_POLICY)}">'
