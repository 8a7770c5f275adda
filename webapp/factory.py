"""The Flask app factory.

``create_app(config)`` reads the environment (see :mod:`webapp.config`), opens
the database (SQLite in the instance folder unless ``DATABASE_URL`` is set),
registers the blueprints and starts the driver that deals and plays the bots.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from webapp.core.room_page import bot_level_name

from . import config as settings
from .compression import init_compression
from .db import init_db
from .driver import Driver
from .hub import Hub
from .i18n import init_i18n
from .presence import Presence
from .service import RoomService
from .sheets import SheetService
from .store import RoomStore
from .views import errors, guide, home, live, play, pwa, rooms, sheets

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True, template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(settings.from_environment(app.instance_path))
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    init_db(app)
    init_i18n(app)
    app.jinja_env.globals["bot_level_name"] = bot_level_name

    store = RoomStore()
    service = RoomService(store, Hub(), Presence(app.config["AWAY_SECONDS"]), app.config)
    app.extensions["rooms"] = service
    app.extensions["sheets"] = SheetService(service.hub)  # the scorekeeper shares the rooms' hub
    for blueprint in (home.bp, rooms.bp, play.bp, live.bp, sheets.bp, pwa.bp, guide.bp):
        app.register_blueprint(blueprint)
    live.sock.init_app(app)
    errors.register(app)
    init_compression(app)

    service.driver = Driver(app, service.advance, threaded=app.config["DRIVER_THREAD"])
    with app.app_context():
        service.driver.start(store.codes_in_play())
    return app
