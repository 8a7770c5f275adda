"""Shared fixtures: the Flask ``app``/``client`` for web tests, and Debian chromium for browser tests."""

from __future__ import annotations

import pytest

from webapp import create_app

TEST_CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test-secret",
    "BOT_DELAY_MS": 0,
    "DEAL_DELAY_MS": 0,
    "AWAY_SECONDS": 3600,
    "DRIVER": "inline",  # the driver advances inline: each request returns once the bots have acted
    "SHOW_WINDOW_MS": 3_600_000,  # a person answers the showing window themselves (tests/webapp/test_away.py)
    "CREATIONS_PER_MINUTE": 0,  # tests create rooms quickly; tests/webapp/test_limits.py turns the limit on
    "COACH": 0,  # the coach's search costs seconds a hand; tests/webapp/test_coach.py turns it on
}


@pytest.fixture
def app(tmp_path):
    return create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's chromium: `playwright install` cannot download browsers here.
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 740}, "locale": "en-US"}
