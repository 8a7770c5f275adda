"""What every request goes through before a view sees it (issue 11; README: Security): the proxies and
public URL, the cross-site check, the path parameters' schema, the creation limits, the headers."""

from __future__ import annotations

from flask import Flask

from .cross_site import init_cross_site_check
from .proxies import init_proxies
from .rate_limits import init_rate_limits
from .schemas.reading import check_path_parameters
from .security_headers import init_security_headers


def init_security(app: Flask) -> None:
    """Call once the blueprints are registered (the creation limits wrap their views)."""
    init_proxies(app)
    init_cross_site_check(app)
    app.before_request(check_path_parameters)
    init_rate_limits(app)
    init_security_headers(app)
