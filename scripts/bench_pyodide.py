"""The engine's speed under Pyodide in headless Chromium next to CPython's (issue 6: within 2.5×), on the
simulator benchmark: ``engine.simulate`` plays N complete hands with random legal players, checking every
invariant, as ``python -m engine simulate --hands N --seed S --json`` does.

    .venv/bin/python scripts/bench_pyodide.py [--hands 300] [--seed 1] [--repeat 3]

Both sides first play a few warm-up hands (CPython's caches, Chromium's optimising WebAssembly tier), then
the runs alternate, so that other work on the machine weighs on both alike; the medians are compared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from browserlib import ROOT, chromium, machine, running_app

WARM_UP_HANDS = 30
SIMULATE = """([hands, seed]) => {
  const summary = self.python.runPython(`
import json, engine
from engine.simulate import simulate
json.dumps(simulate(${hands}, ${seed}, engine.Rules.preset("classic"), 10).as_dict())`);
  return JSON.parse(summary);
}"""
START = """async () => {
  self.python = await loadPyodide({indexURL: "/static/vendor/pyodide/"});
  const bundle = await (await fetch("/offline-app.zip")).arrayBuffer();
  self.python.unpackArchive(bundle, "zip", {extractDir: "/home/pyodide/app"});
  self.python.runPython("import sys; sys.path.insert(0, '/home/pyodide/app'); import engine.simulate");
  return self.python.runPython("import sys; sys.version.split()[0]");
}"""


def cpython(hands: int, seed: int) -> dict:
    result = subprocess.run([sys.executable, "-m", "engine", "simulate", "--hands", str(hands), "--seed", str(seed),
                             "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with running_app() as url, chromium() as browser:
        page = browser.new_page()
        page.goto(url + "/manifest.webmanifest")  # any page of the app's origin
        page.add_script_tag(url="/static/vendor/pyodide/pyodide.js")
        version = page.evaluate(START)
        page.evaluate(SIMULATE, [WARM_UP_HANDS, args.seed])
        cpython(WARM_UP_HANDS, args.seed)
        runs = {"CPython": [], "Pyodide": []}
        for _ in range(args.repeat):
            runs["CPython"].append(cpython(args.hands, args.seed)["hands_per_sec"])
            runs["Pyodide"].append(page.evaluate(SIMULATE, [args.hands, args.seed])["hands_per_sec"])
    medians = {name: statistics.median(rates) for name, rates in runs.items()}
    print(f"engine.simulate, {args.hands} hands, seed {args.seed}, {args.repeat} runs each, on {machine()}")
    print(f"  CPython {sys.version.split()[0]}: {medians['CPython']:7.1f} hands/s  (runs: {runs['CPython']})")
    print(f"  Pyodide {version} (Chromium): {medians['Pyodide']:7.1f} hands/s  (runs: {runs['Pyodide']})")
    ratio = medians["CPython"] / medians["Pyodide"]
    print(f"  CPython is {ratio:.2f}× as fast as Pyodide (limit 2.5×)")
    return 0 if ratio <= 2.5 else 1


if __name__ == "__main__":
    sys.exit(main())
