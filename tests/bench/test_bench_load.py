"""The load benchmark (``scripts/bench_load.py``, issue 10 §5) run for a few seconds against a real server:
its last line is well-formed JSON, its players made moves and no request was refused, timed out or
failed. Its figures are printed, never asserted."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.servers import ROOT, Server

BENCH = ROOT / "scripts" / "bench_load.py"
GUARD_SECONDS = 300  # only a guard against a hung run: the benchmark stops by itself after its --seconds
DISTRIBUTION = {"count", "p50", "p95", "p99", "max"}


def bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=GUARD_SECONDS, check=False)


def result_of(server: Server, *args: str) -> dict[str, Any]:
    completed = bench("--url", server.url, "--ramp-seconds", "0", "--think-ms", "0", *args)
    assert completed.returncode == 0, completed.stderr
    print(completed.stdout)
    return json.loads(completed.stdout.splitlines()[-1])


def assert_well_formed(result: dict[str, Any]) -> None:
    for name in ("move_ms", "hint_ms", "page_load_ms", "player_page_ms", "deal_s"):
        assert set(result[name]) == DISTRIBUTION
        if result[name]["count"]:
            assert 0 <= result[name]["p50"] <= result[name]["p95"] <= result[name]["p99"] <= result[name]["max"]
    assert result["moves"] == result["move_ms"]["count"] == sum(result["moves_by_kind"].values())
    assert result["errors"]["total"] == sum(v for k, v in result["errors"].items() if k != "total")
    processes = result["server"]["processes"]
    assert processes, "the server's processes are found by the port's listening socket"
    assert all(p["cpu_s"] >= 0 and p["rss_end_mb"] > 0 for p in processes)
    assert result["client"]["cpu_s"] > 0


@pytest.mark.parametrize("args, players, client_processes", [
    (("--players", "2", "--room-size", "1", "--client-processes", "2"), 2, 2),  # solo, against bots
    (("--players", "4", "--room-size", "4"), 4, 1),  # one room of four benchmark players
])
def test_players_make_moves_without_errors(server, args, players, client_processes):
    # Until 12 moves are made: moments on an idle machine, longer on a loaded one (--seconds bounds it).
    result = result_of(server, *args, "--max-moves", "12", "--seconds", "120")
    assert_well_formed(result)
    assert result["errors"]["total"] == 0, result["error_examples"]
    assert result["connected"] == {"players": players, "players_started": players}
    assert result["moves"] > 0
    assert result["page_load_ms"]["count"] > 0
    assert result["client"]["processes"] == client_processes


def test_idle_sockets_stay_connected_and_their_memory_is_reported(server):
    result = result_of(server, "--players", "0", "--idle", "4", "--seconds", "2")
    assert_well_formed(result)
    assert result["errors"]["total"] == 0, result["error_examples"]
    assert result["idle"]["connected"] == 4
    assert {"server_rss_before_mb", "server_rss_connected_mb", "server_kb_per_connection"} <= set(result["idle"])
    assert result["page_load_ms"]["count"] > 0


@pytest.mark.parametrize("args, complaint", [
    (("--url", "http://example.invalid:5000"), "not a loopback address"),
    (("--url", "http://10.0.0.1:5000"), "not a loopback address"),
    (("--url", "http://127.0.0.1:5000", "--players", "6", "--room-size", "4"), "multiple of --room-size"),
    (("--url", "http://127.0.0.1:5000", "--players", "100000"), "--players must be"),
    (("--url", "http://127.0.0.1:5000", "--seconds", "0"), "--seconds must be"),
    (("--url", "http://127.0.0.1:5000", "--server-pids", "1;2"), "--server-pids must be"),
])
def test_out_of_bounds_or_off_machine_runs_are_refused_before_any_traffic(args, complaint):
    completed = bench(*args)
    assert completed.returncode == 2
    assert complaint in completed.stderr
