"""Configuration: zero-configuration SQLite in the instance folder, DATABASE_URL for PostgreSQL, pacing variables."""

from __future__ import annotations

from webapp import create_app
from webapp.config import database_url, from_environment


def test_sqlite_in_the_instance_folder_by_default(tmp_path):
    assert database_url(None, str(tmp_path)) == f"sqlite:///{tmp_path}/shuangsheng.sqlite3"


def test_database_url_switches_to_postgresql_with_psycopg(tmp_path):
    assert database_url("postgres://u:p@db/x", "i") == "postgresql+psycopg://u:p@db/x"
    assert database_url("postgresql://u@db/x", "i") == "postgresql+psycopg://u@db/x"


def test_settings_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BOT_DELAY_MS", "250")
    monkeypatch.setenv("DEAL_DELAY_MS", "40")
    monkeypatch.setenv("AWAY_SECONDS", "15")
    monkeypatch.setenv("SECRET_KEY", "s3cret")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    settings = from_environment(str(tmp_path))
    assert (settings["BOT_DELAY_MS"], settings["DEAL_DELAY_MS"], settings["AWAY_SECONDS"]) == (250, 40, 15)
    assert settings["SECRET_KEY"] == "s3cret"


def test_secret_key_is_kept_in_the_instance_folder_without_configuration(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = from_environment(str(tmp_path))["SECRET_KEY"]
    assert first == from_environment(str(tmp_path))["SECRET_KEY"] and len(first) > 30


def test_app_factory_uses_the_given_config(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite3", "DRIVER": "inline", "TESTING": True})
    assert app.config["TESTING"] and (tmp_path / "x.sqlite3").exists()
    assert {"home", "rooms", "play", "live"} <= set(app.blueprints)
