"""Shuang Sheng in the browser.

The server is the Flask app made by :func:`create_app` (:mod:`webapp.factory`).
:mod:`webapp.core` (the page code shared by the server and the offline app) and
:mod:`webapp.offline` (the offline app) also run in the browser under Pyodide,
where there is no Flask: so this package root imports nothing itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The server: see :func:`webapp.factory.create_app`."""
    from .factory import create_app as build  # Flask is imported only for the server (see above)

    return build(config)
