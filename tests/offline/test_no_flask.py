"""The browser has no Flask: the offline app and the page code it shares with the server never import it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_offline_app_and_the_shared_page_code_import_without_flask_or_a_database():
    code = ("import sys, webapp.offline.app, webapp.core.sheet_page, webapp.core.room_page, webapp.core.autoplay; "
            "server = ('flask', 'flask_babel', 'sqlmodel', 'sqlalchemy', 'werkzeug'); "
            "shared = ('webapp', 'webapp.core', 'webapp.offline'); "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in server "
            "or m.startswith('webapp.') and '.'.join(m.split('.')[:2]) not in shared); print(bad); "
            "sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
