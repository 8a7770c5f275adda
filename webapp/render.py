"""Rendering a snapshot with Flask: the page, and one partial per swappable region (sent alone or
out of band).

What the templates are given comes from :mod:`webapp.core.room_page`, which the offline app shares.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import current_app, render_template, url_for
from jinja2 import Template

from webapp.core.room_page import REGIONS, Snapshot, UrlFor, region_keys, room_context
from webapp.rooms import action_ids


def render_regions(snapshot: Snapshot, names: tuple[str, ...] = REGIONS, urls: UrlFor = url_for,
                   **extra: Any) -> dict[str, str]:
    """Each region's HTML, marked for an out-of-band swap by id: one template context for all of them (what
    Flask's ``render_template`` would make again for each)."""
    environment = current_app.jinja_env
    context = {**environment.globals, **page_context(snapshot, urls=urls, **extra), "oob": True}
    current_app.update_template_context(context)
    return {name: render_with_globals(environment.get_template(f"partials/{name}.html"), context) for name in names}


def render_with_globals(template: Template, variables: dict[str, Any]) -> str:
    """``template.render(variables)`` for variables that hold the environment's globals already: Jinja would copy
    every global into each render's context again (a tenth of a live frame's time)."""
    context = template.new_context(variables, shared=True)
    try:
        return template.environment.concat(template.root_render_func(context))  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - re-raised by Jinja, with the template's own lines in the traceback
        return template.environment.handle_exception()


class LiveRegions:
    """One connection's regions: a region whose inputs have not changed since it was last rendered
    (:func:`~webapp.core.room_page.region_keys`) is not rendered again, nor an address it has made."""

    def __init__(self) -> None:
        self._keys: dict[str, tuple] = {}
        self._html: dict[str, str] = {}
        self._urls = RememberedUrls()

    def render(self, snapshot: Snapshot) -> dict[str, str]:
        keys = region_keys(snapshot, snapshot.clock.is_up(datetime.now(UTC)))
        stale = tuple(name for name in REGIONS if name not in keys or self._keys.get(name) != keys[name])
        if stale:
            self._html.update(render_regions(snapshot, stale, self._urls))
        self._keys = keys
        return dict(self._html)


class RememberedUrls:
    """``url_for`` for one connection, each address made once: its room's addresses do not change while it is
    open (the same room, the same host), and a region makes several of them every time it is rendered."""

    def __init__(self) -> None:
        self._made: dict[tuple, str] = {}

    def __call__(self, endpoint: str, **values: Any) -> str:
        key = (endpoint, *sorted(values.items()))
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = url_for(endpoint, **values)
        return made


def page_context(snapshot: Snapshot, selected: tuple[str, ...] = (), message: str | None = None,
                 urls: UrlFor = url_for) -> dict[str, Any]:
    return room_context(snapshot, selected, message, url_for=urls, action_id=action_id(snapshot))


def action_id(snapshot: Snapshot) -> str:
    """The id of the seat's next action (:mod:`webapp.rooms.action_ids`): the same for a double tap, new once
    the seat's move is applied, and the same while others act, so the regions render to the same HTML."""
    return action_ids.action_id(current_app.config["SECRET_KEY"], snapshot.code, snapshot.my_seat,
                                snapshot.turn_key)


def render_message(message: str | None) -> str:
    """The message region, the main swap target of every htmx form (``hx-target="#message"``)."""
    return render_template("partials/message.html", message=message)
