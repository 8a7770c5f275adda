"""Rendering a scoresheet with Flask: the page, and one partial per swappable region (sent alone or out
of band). What the templates are given comes from :mod:`webapp.core.sheet_page`, which the offline
scorekeeper shares.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for

from webapp.core import sheet_page
from webapp.core.sheet_page import LIVE_REGIONS, HandForm

from .sheets import LoadedSheet


def sheet_context(loaded: LoadedSheet, can_edit: bool, form: HandForm | None = None,
                  message: str | None = None) -> dict[str, Any]:
    return sheet_page.sheet_context(loaded, can_edit, form, message, url_for=url_for)


def render_sheet_regions(loaded: LoadedSheet, can_edit: bool, names: tuple[str, ...] = LIVE_REGIONS,
                         **extra: Any) -> dict[str, str]:
    """Each region's HTML, marked for an out-of-band swap by id."""
    context = sheet_context(loaded, can_edit, **extra)
    return {name: render_template(f"partials/{name}.html", oob=True, **context) for name in names}
