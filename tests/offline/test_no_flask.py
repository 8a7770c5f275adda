"""The browser has no Flask: the offline app and the page code it shares with the server never import it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_offline_app_and_webcore_import_without_flask_or_a_database():
    code = ("import sys, offline.app, webcore.sheet_page, webcore.room_page, webcore.autoplay; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('flask', 'flask_babel', 'sqlmodel', 'sqlalchemy', 'webapp', 'werkzeug')); print(bad); "
            "sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
