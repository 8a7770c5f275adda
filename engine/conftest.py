"""pytest: a compiled module keeps no docstrings, so while the engine runs compiled (:mod:`engine.compiled`) the
doctests of its compiled modules are not collected here; ``tests/engine/test_compiled.py`` runs them from source."""

from __future__ import annotations

from pathlib import Path

from engine import compiled

COMPILED_SOURCES = frozenset(compiled.source(module) for module in compiled.MODULES)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if compiled.in_use() and collection_path.resolve() in COMPILED_SOURCES else None
