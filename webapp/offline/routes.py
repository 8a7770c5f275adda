"""The offline app's URLs: the server's endpoint names (the shared templates call ``url_for("play.act",
code=…)``) mapped to paths under ``/offline``, and requests dispatched to their handlers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import parse_qsl, urlencode, urlsplit

PREFIX = "/offline"
_VARIABLE = re.compile(r"<(\w+)>")


class FormData(Mapping[str, str]):
    """Submitted fields: ``form[name]`` is a field's first value, ``getlist`` all of them (like Werkzeug's)."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self._pairs = pairs

    @classmethod
    def parse(cls, encoded: str) -> FormData:
        return cls(parse_qsl(encoded, keep_blank_values=True))

    def __getitem__(self, name: str) -> str:
        for key, value in self._pairs:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(key for key, _ in self._pairs))

    def __len__(self) -> int:
        return len(dict.fromkeys(key for key, _ in self._pairs))

    def getlist(self, name: str) -> list[str]:
        return [value for key, value in self._pairs if key == name]


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    args: FormData  # the query string
    form: FormData  # the urlencoded body


@dataclass(frozen=True)
class Response:
    body: str
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[..., Response]  # called with the request and the URL's variables


@dataclass(frozen=True)
class _Rule:
    method: str
    path: str  # e.g. "/r/<code>/act", under PREFIX
    endpoint: str
    handler: Handler

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile("^" + re.escape(PREFIX) + _VARIABLE.sub(r"(?P<\1>[^/]+)", self.path.replace(".", r"\.")) + "$")


class NotFound(LookupError):
    """No rule for this method and path, or nothing on this device by that name."""


class Router:
    def __init__(self) -> None:
        self._rules: list[_Rule] = []

    def add(self, method: str, path: str, endpoint: str, handler: Handler) -> None:
        self._rules.append(_Rule(method, path, endpoint, handler))

    def url_for(self, endpoint: str, _external: bool = False, **values: object) -> str:
        """The path of ``endpoint`` (a server endpoint name); values the path does not use become the query.

        ``_external`` is accepted for the shared templates' sake: a local page has no address to share.
        """
        rule = next((rule for rule in self._rules if rule.endpoint == endpoint), None)
        if rule is None:
            raise LookupError(f"the offline app has no URL for {endpoint!r}")
        used = set(_VARIABLE.findall(rule.path))
        path = PREFIX + _VARIABLE.sub(lambda found: str(values[found.group(1)]), rule.path)
        query = {name: value for name, value in values.items() if name not in used and value is not None}
        return path + ("?" + urlencode(query) if query else "")

    def dispatch(self, method: str, url: str, body: str) -> Response:
        parts = urlsplit(url)
        request = Request(method.upper(), parts.path, FormData.parse(parts.query), FormData.parse(body or ""))
        for rule in self._rules:
            found = rule.pattern.match(parts.path)
            if found and rule.method == request.method:
                return rule.handler(request, **found.groupdict())
        raise NotFound(f"{method} {parts.path}")
