"""The benchmark's tests run against the browser tests' real server (gunicorn on a SQLite file)."""

from tests.browser.conftest import server  # noqa: F401  (a fixture, found by name)
