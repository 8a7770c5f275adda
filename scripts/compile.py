"""Compile the engine's hot path with mypyc (engine/compiled.py lists the modules and says why).

Idempotent: nothing is done while the extension modules are fresh (built from the sources as they are), nor
without a C compiler and the Python headers (the engine then runs from source). Run by scripts/setup.
"""

from __future__ import annotations

import os

from mypyc.build import mypycify
from setuptools import Distribution

from engine import compiled


def build() -> bool:
    """Build and stamp the extension modules; ``False`` when they were fresh already."""
    if compiled.fresh():
        return False
    for path in compiled.built_files():
        path.unlink()
    compiled.STAMP.unlink(missing_ok=True)
    root = compiled.ROOT
    work = root / "build" / "mypyc"
    os.chdir(root)  # mypyc names the modules by their paths from the project's root
    sources = [str(compiled.source(module).relative_to(root)) for module in compiled.MODULES]
    distribution = Distribution({"name": "engine-compiled",
                                 "ext_modules": mypycify(sources, group_name=compiled.GROUP, target_dir=str(work))})
    command = distribution.get_command_obj("build_ext")
    command.inplace = True
    command.build_temp = str(work / "temp")
    distribution.run_command("build_ext")
    compiled.STAMP.write_text(compiled.sources_hash() + "\n")
    return True


if __name__ == "__main__":
    if not compiled.can_build():
        print("engine: no C compiler or Python headers: the engine runs from source (a slower Hard bot)")
    else:
        built = build()
        print(f"engine: {len(compiled.built_files())} compiled extension modules"
              f"{' built' if built else ' up to date'}")
