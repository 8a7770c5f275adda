"""The live regions' benchmark (``scripts/bench_regions.py``) replays a whole hand through four sockets: its last
line is well-formed JSON covering the deal and the moves. Its figures are printed, never asserted."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.servers import ROOT

GUARD_SECONDS = 300  # only a guard against a hung run


def test_the_regions_benchmark_replays_a_hand_and_prints_json():
    completed = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_regions.py"), "--repeat", "1"],
                               cwd=ROOT, capture_output=True, text=True, timeout=GUARD_SECONDS, check=False)
    assert completed.returncode == 0, completed.stderr
    print(completed.stdout)
    result = json.loads(completed.stdout.splitlines()[-1])
    assert result["deal_rounds"] == 25 and result["moves"] > 25 and result["sockets"] == 4
    assert result["deal_ms"] > 0 and result["move_ms"] > 0
