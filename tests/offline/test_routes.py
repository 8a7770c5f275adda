"""The offline app's URLs: the server's endpoint names under /offline, and form fields read like Werkzeug's."""

from __future__ import annotations

import pytest

from webapp.offline.routes import FormData, NotFound, Response, Router


def router() -> Router:
    routes = Router()
    routes.add("GET", "/r/<code>", "rooms.room", lambda request, code: Response(f"room {code} {request.args}"))
    routes.add("POST", "/r/<code>/act", "play.act",
               lambda request, code: Response(" ".join(request.form.getlist("cards"))))
    return routes


def test_url_for_builds_the_offline_path_and_puts_other_values_in_the_query():
    routes = router()
    assert routes.url_for("play.act", code="solo") == "/offline/r/solo/act"
    assert routes.url_for("rooms.room", code="solo", hint=1, _external=True) == "/offline/r/solo?hint=1"
    with pytest.raises(LookupError):
        routes.url_for("rooms.qr_code", code="solo")


def test_dispatch_by_method_and_path_with_every_value_of_a_repeated_field():
    routes = router()
    assert routes.dispatch("post", "/offline/r/solo/act", "type=play&cards=AS&cards=10H").body == "AS 10H"
    with pytest.raises(NotFound):
        routes.dispatch("GET", "/offline/r/solo/act", "")
    with pytest.raises(NotFound):
        routes.dispatch("GET", "/r/solo", "")


def test_form_data_is_a_mapping_of_first_values():
    form = FormData.parse("a=1&b=&a=2")
    assert (form["a"], form.get("b"), form.get("c", "x"), list(form), len(form)) == ("1", "", "x", ["a", "b"], 2)
    assert form.getlist("a") == ["1", "2"]
