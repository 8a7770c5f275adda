"""Pack the third-party Python the offline app imports under Pyodide into static/vendor/python/packages.zip.

Pyodide's npm package ships its runtime but no package wheels, and ``loadPackage`` would fetch them from
the network. So at set-up we ``pip download`` Jinja2's wheel and MarkupSafe's sdist (its PyPI wheels are
platform builds; the pure-Python modules of the sdist work without the C speedups) at the versions
Pyodide's own lock file lists, and keep only the importable package files. The app adds our own packages
(engine, webapp/core, webapp/offline) and the templates when it serves the bundle (webapp/offline_bundle.py).
Run by scripts/setup; does nothing when the zip is already there for these versions.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "static" / "vendor" / "python" / "packages.zip"
JINJA2 = "jinja2==3.1.6"
MARKUPSAFE = "markupsafe==3.0.3"
STAMP = f"{JINJA2} {MARKUPSAFE}"


def download(requirement: str, kind: str, directory: Path) -> Path:
    """``kind``: "wheel" (a pure wheel) or "sdist"; returns the downloaded file."""
    flag = ["--only-binary", ":all:"] if kind == "wheel" else ["--no-binary", ":all:"]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *flag, "--dest",
                    str(directory), requirement], check=True)
    name = requirement.split("==")[0]
    return next(path for path in directory.iterdir() if path.name.lower().startswith(name))


def package_files_of_wheel(wheel: Path, package: str) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()
                if name.startswith(f"{package}/") and not name.endswith("/")}


def package_files_of_sdist(sdist: Path, package: str) -> dict[str, bytes]:
    """The package's Python files and type markers from ``src/<package>/`` (no C sources, no binaries)."""
    files = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            parts = member.name.split("/")
            if member.isfile() and parts[1:3] == ["src", package] and member.name.endswith((".py", ".typed")):
                files[f"{package}/" + "/".join(parts[3:])] = archive.extractfile(member).read()
    return files


def main() -> None:
    if OUTPUT.exists() and zipfile.ZipFile(OUTPUT).comment.decode() == STAMP:
        return
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        files = {**package_files_of_wheel(download(JINJA2, "wheel", directory), "jinja2"),
                 **package_files_of_sdist(download(MARKUPSAFE, "sdist", directory), "markupsafe")}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            archive.writestr(name, files[name])
        archive.comment = STAMP.encode()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_bytes(buffer.getvalue())


if __name__ == "__main__":
    main()
