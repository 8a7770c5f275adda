"""Copy the front-end files the app serves from node_modules into static/vendor (no CDN).

Run by scripts/setup after ``npm ci``. Only the files the app loads are copied;
Pyodide's runtime goes to static/vendor/pyodide for the offline mode, which loads
it on demand (never on the first page load).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# (source under node_modules, destination under static/vendor)
FILES = [
    ("htmx.org/dist/htmx.min.js", "htmx/htmx.min.js"),
    ("htmx.org/dist/ext/hx-ws.min.js", "htmx/ext/hx-ws.min.js"),
    ("htmx.org/LICENSE", "htmx/LICENSE"),
]
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")


def copy(source: Path, destination: Path) -> None:
    if not source.is_file():
        sys.exit(f"vendor.py: {source} is missing; run `npm ci` first")
    destination.parent.mkdir(parents=True, exist_ok=True)
    if destination.exists() and destination.stat().st_size == source.stat().st_size \
            and destination.stat().st_mtime >= source.stat().st_mtime:
        return
    shutil.copy2(source, destination)


def main() -> None:
    for source, destination in FILES:
        copy(NODE_MODULES / source, VENDOR / destination)
    for name in PYODIDE_FILES:
        copy(NODE_MODULES / "pyodide" / name, VENDOR / "pyodide" / name)


if __name__ == "__main__":
    main()
