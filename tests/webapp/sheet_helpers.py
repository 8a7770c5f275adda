"""Helpers for the scorekeeper's web tests: sheets made through HTTP, hands recorded through the form."""

from __future__ import annotations

import re
from typing import Any

from webapp.sheets import LoadedSheet

HTMX = {"HX-Request": "true"}


def new_sheet(client, **fields: str) -> str:
    """Create a sheet through the form (classic, seat 1 deals first unless told otherwise); returns its code."""
    data = {"team_0": "Us", "team_1": "Them", "preset": "classic", "level_0": "2", "level_1": "2",
            "first_dealer": "0", **fields}
    response = client.post("/sheets", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def offline_sheet(*entries: dict, **settings) -> dict:
    """A sheet as the offline app keeps it: ``engine.Scoresheet.to_dict()``."""
    return {"version": 1, "rules": {"level_table": "classic"} | settings.pop("rules", {}),
            "team_names": ["North", "East"], "starting_levels": ["2", "2"], "first_dealer": 0,
            "entries": list(entries), "removed_ids": [], **settings}


def record(client, code: str, entry_id: str, headers: dict[str, str] | None = None, **fields: Any):
    """Post the record form for one hand (fields as a person would fill them in)."""
    data = {"entry_id": entry_id, "trick_points": "0", **{k: str(v) for k, v in fields.items()}}
    return client.post(f"/s/{code}/hands", data=data, headers=headers or {})


def loaded(app, code: str) -> LoadedSheet:
    with app.app_context():
        return app.extensions["sheets"].load(code)


def levels(app, code: str) -> tuple[str, str]:
    return loaded(app, code).sheet.state.levels


def page(client, code: str, **headers: str) -> str:
    response = client.get(f"/s/{code}", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def form_entry_id(html: str) -> str:
    return re.search(r'name="entry_id" value="([^"]+)"', html.split('id="hand-form"', 1)[1]).group(1)


def region(html: str, region_id: str) -> str:
    """The HTML of one region (``<section id=...>``) of a page or an htmx answer."""
    start = html.index(f'id="{region_id}"')
    return html[start:html.index("</section>", start)]


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())
