"""The Python the offline app runs under Pyodide, as one zip the page unpacks: the rules engine, the shared
page code (webapp/core), the offline app (webapp/offline), the templates and compiled catalogues, and Jinja2 + MarkupSafe
(packed at set-up by scripts/pyodide_packages.py).

Built from the working tree when first asked for, so it always matches the templates and code the server
itself runs; its digest names the service worker's cache version.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "webapp/core", "webapp/offline")
MODULES = ("webapp/__init__.py",)  # the package root of the last two (it imports nothing itself)
THIRD_PARTY = ROOT / "static" / "vendor" / "python" / "packages.zip"
# Whatever the zip holds gets a fixed date, so the same sources make the same bytes (and digest).
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Bundle:
    data: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()[:16]


def source_files(root: Path = ROOT) -> dict[str, bytes]:
    """Our files by their path in the bundle (the bundle root goes on ``sys.path``)."""
    files = {name: (root / name).read_bytes() for name in MODULES}
    for package in PACKAGES:
        for path in sorted(p for p in (root / package).rglob("*.py") if p.name != "conftest.py"):
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    for path in sorted((root / "templates").rglob("*.html")):
        files[path.relative_to(root).as_posix()] = path.read_bytes()
    for path in sorted((root / "translations").glob("*/LC_MESSAGES/messages.mo")):
        files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def third_party_files(archive: Path = THIRD_PARTY) -> dict[str, bytes]:
    if not archive.exists():
        raise FileNotFoundError(f"{archive} is missing: run scripts/setup")
    with zipfile.ZipFile(archive) as packed:
        return {name: packed.read(name) for name in packed.namelist()}


@cache
def offline_bundle() -> Bundle:
    """The bundle, built once per process (the catalogues must be compiled first: the app does it at start)."""
    files = {**third_party_files(), **source_files()}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), files[name], zipfile.ZIP_DEFLATED)
    return Bundle(buffer.getvalue())
