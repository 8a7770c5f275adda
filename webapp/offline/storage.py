"""The browser's storage as the offline app sees it: text under a key (``localStorage`` in the page)."""

from __future__ import annotations

from typing import Protocol


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...

    def put(self, key: str, value: str) -> None: ...


class MemoryStorage:
    """Storage in a dict: for tests, and for a browser that refuses to keep anything."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def put(self, key: str, value: str) -> None:
        self.items[key] = value
