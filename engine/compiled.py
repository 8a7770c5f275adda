"""The search bot's hot path compiled by mypyc, and the check that the compiled modules match their sources.

The engine is pure Python (it runs under Pyodide in the offline app), and the
Hard bot's strength is the number of playouts it fits in its time budget
(issue 15). mypyc compiles the type-annotated modules of that path — the rule
bot's play and bury, card tracking, tricks, follows, throws and scoring — to C
extensions, about 1.85 times as fast, with the same results (the games are the
same to the card: ``tests/engine/test_compiled.py``). ``scripts/setup`` builds them
next to their sources (``scripts/compile.py``) when a C compiler and the
Python headers are there (:func:`can_build`); without them everything runs
from source.

Python imports an extension module before a source file of the same name, so a
module edited after the build would silently run its old code. The build
writes a hash of the sources it compiled (:data:`STAMP`); at import
(:func:`choose`) the compiled modules are used only while that hash is the
sources' hash, otherwise (or with ``ENGINE_PURE_PYTHON=1``) the engine's
modules load from source, with a warning to build again.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUP = "engine.compiled"  # the mypyc shared library: engine/compiled__mypyc*.so
STAMP = ROOT / "engine" / "compiled.stamp"
PURE_PYTHON = "ENGINE_PURE_PYTHON"

# The modules a playout runs through (profiled: rule bot, card tracking, R5/R6 judging), and the search's own.
# Not here: classes subclassed or serialized elsewhere (Hand, the bots' classes, Card), Trump (its fields are
# normalized after a type a compiled class would enforce first) and Inference (its tests wrap its methods).
MODULES = (
    "engine.bots.burying",
    "engine.bots.candidates",
    "engine.bots.endgame",
    "engine.bots.following",
    "engine.bots.knowledge",
    "engine.bots.leading",
    "engine.bots.outcome",
    "engine.bots.picking",
    "engine.bots.playout",
    "engine.bots.sampling",
    "engine.combos",
    "engine.follow",
    "engine.moves",
    "engine.scoring",
    "engine.throw",
    "engine.trick",
)


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def sources_hash() -> str:
    """What the compiled modules must have been built from: the sources and the Python."""
    digest = hashlib.sha256(sys.version.encode())
    for module in MODULES:
        digest.update(module.encode())
        digest.update(source(module).read_bytes())
    return digest.hexdigest()


def can_build() -> bool:
    """Are a C compiler and the Python headers here (what mypyc's build needs)?"""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()


def built_files() -> list[Path]:
    """Every extension module in the engine's folders (those of an earlier build's list included)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return sorted((ROOT / "engine").rglob(f"*{suffix}"))


def expected_files() -> list[Path]:
    """The extension modules a build of :data:`MODULES` makes (the group library included)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return sorted(ROOT.joinpath(*m.split(".")).with_name(m.rpartition(".")[2] + suffix)
                  for m in (*MODULES, f"{GROUP}__mypyc"))


def fresh() -> bool:
    """Were exactly the extension modules of :data:`MODULES` built from the sources as they are now?"""
    return (built_files() == expected_files() and STAMP.exists()
            and STAMP.read_text().strip() == sources_hash())


class SourceFinder(importlib.abc.MetaPathFinder):
    """Loads the engine's modules from their ``.py`` files even where an extension module sits beside them."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if not name.startswith("engine."):
            return None
        for entry in path or ():
            candidate = Path(entry) / (name.rpartition(".")[2] + ".py")
            if candidate.exists():
                return importlib.util.spec_from_file_location(name, candidate)
        return None


def choose() -> None:
    """Before any engine module is imported: use the compiled modules if they are fresh and wanted, else make
    the engine load from source (:func:`in_use` says which)."""
    if not built_files():
        return
    if os.environ.get(PURE_PYTHON) == "1":
        reason = None
    elif fresh():
        return
    else:
        reason = "the engine's compiled modules were not built from its sources as they are; running from source " \
                 "(run scripts/setup, or scripts/compile.py, to compile them again)"
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    if reason:
        warnings.warn(reason, RuntimeWarning, stacklevel=2)


def in_use() -> bool:
    """Is the search's hot path running compiled code in this process?"""
    module = sys.modules.get("engine.trick")  # loaded with the engine's public API (engine/__init__.py)
    return module is not None and not str(module.__file__).endswith(".py")
