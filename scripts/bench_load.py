"""The load benchmark (issue 10 §5): benchmark players drive a running server through the room page's real
HTTP + WebSocket protocol, as browsers do, and the figures are printed; the last line is JSON.

    .venv/bin/python scripts/bench_load.py --url http://127.0.0.1:5000 --players 40 --seconds 60
    .venv/bin/python scripts/bench_load.py --url URL --players 1000 --room-size 4 --think-ms 2000 \\
        --ramp-seconds 60 --seconds 120 --client-processes 2
    .venv/bin/python scripts/bench_load.py --url URL --players 0 --idle 2000 --seconds 30

Players arrive evenly over ``--ramp-seconds`` and then play for ``--seconds`` (or until ``--max-moves``).
Solo players (``--room-size 1``) each play against three bots of ``--level``; with ``--room-size 4`` four
benchmark players share a room. Measured: a move's latency from sending its POST to the frame showing it
on the player's own socket; Hint requests; the players' page loads; how long each deal takes as the pages
show it (the tables' own pace); a newcomer's fresh load of the home page every ``--probe-interval``
seconds after the ramp; ``--idle`` sockets of one anonymous client that only stay connected, and the
server's memory per idle socket; CPU seconds and RSS of each server process (found by the port's
listening socket, or ``--server-pids``) and of the client itself. Traffic goes to loopback only, is
bounded in count and time, and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import math
import sys
import time
from typing import Any
from urllib.parse import urlsplit

from browserlib import machine
from loadbench.background import IdleSockets, pause, probe_page_loads
from loadbench.player import Settings
from loadbench.processes import (
    MachineLoad,
    ProcessWatch,
    own_cpu_seconds,
    raise_open_file_limit,
    server_roots,
)
from loadbench.share import FILES_PER_PLAYER, ClientProcess, Share, run_share
from loadbench.tally import CLIENT, LIMITED, Tally, distribution

MAX_PLAYERS = 5000
MAX_IDLE = 20000
MAX_SECONDS = 3600
MAX_CLIENT_PROCESSES = 16
SAMPLE_SECONDS = 1.0  # how often the server's processes are sampled (RSS peaks, new workers)
START_MARGIN = 0.5    # seconds between telling the client processes the start time and the start
READY_SECONDS = 120   # for the client processes to start and import (a loaded machine is slow)


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the running server, e.g. http://127.0.0.1:5000")
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60, help="how long the players play after the ramp")
    parser.add_argument("--room-size", type=int, choices=(1, 4), default=1,
                        help="1: solo against three bots; 4: four benchmark players per room")
    parser.add_argument("--think-ms", type=int, default=2000,
                        help="a player's thinking before each move (each time uniform in 0.5–1.5 times this)")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                        help="the bots' strength (solo), the away bot's (rooms)")
    parser.add_argument("--ramp-seconds", type=float, default=10, help="players and idle sockets arrive evenly")
    parser.add_argument("--idle", type=int, default=0, help="idle WebSockets of one anonymous client")
    parser.add_argument("--client-processes", type=int, default=1,
                        help="split the players over this many client processes (rooms stay whole)")
    parser.add_argument("--server-pids", default="", help="comma-separated server pids (default: by the port)")
    parser.add_argument("--timeout", type=float, default=10,
                        help="seconds before a request, or a move's frame, counts as timed out")
    parser.add_argument("--probe-interval", type=float, default=1.0, help="seconds between fresh page loads")
    parser.add_argument("--max-moves", type=int, default=0,
                        help="stop sooner, once the players have made this many moves (0: no such bound)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' thinking times")
    parser.add_argument("--allow-non-loopback", action="store_true",
                        help="allow a server address outside 127.0.0.0/8 and ::1 (a test host of your own)")
    args = parser.parse_args(argv)
    problems = checks(args)
    if problems:
        parser.error("; ".join(problems))
    return args


def checks(args: argparse.Namespace) -> list[str]:
    """What is wrong with the arguments (bounded load, loopback only)."""
    parts = urlsplit(args.url)
    problems = []
    if parts.scheme not in ("http", "https") or not parts.hostname:
        problems.append("--url must be http://HOST:PORT")
    elif not args.allow_non_loopback and not _is_loopback(parts.hostname):
        problems.append(f"{parts.hostname} is not a loopback address (127.0.0.0/8, ::1, localhost); "
                        "pass --allow-non-loopback for a test host of your own")
    if not 0 <= args.players <= MAX_PLAYERS or args.players % args.room_size:
        problems.append(f"--players must be 0–{MAX_PLAYERS} and a multiple of --room-size")
    if not 0 <= args.idle <= MAX_IDLE:
        problems.append(f"--idle must be 0–{MAX_IDLE}")
    if not 0 < args.seconds <= MAX_SECONDS or not 0 <= args.ramp_seconds <= MAX_SECONDS:
        problems.append(f"--seconds must be in (0, {MAX_SECONDS}], --ramp-seconds in [0, {MAX_SECONDS}]")
    if not 1 <= args.client_processes <= MAX_CLIENT_PROCESSES:
        problems.append(f"--client-processes must be 1–{MAX_CLIENT_PROCESSES}")
    if args.think_ms < 0 or args.max_moves < 0 or args.timeout <= 0 or args.probe_interval <= 0:
        problems.append("--think-ms and --max-moves must be ≥ 0, --timeout and --probe-interval > 0")
    if not all(pid.strip().isdecimal() for pid in args.server_pids.split(",") if pid.strip()):
        problems.append("--server-pids must be numbers separated by commas")
    return problems


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shares(args: argparse.Namespace) -> list[Share]:
    """The tables, arriving evenly over the ramp, dealt round the client processes (with their part of
    ``--max-moves``)."""
    settings = Settings(args.url, args.think_ms, args.level, args.timeout)
    tables = args.players // args.room_size
    arrivals = [args.ramp_seconds * table / tables for table in range(tables)]
    count = args.client_processes
    parts = [tuple(range(tables))[k::count] for k in range(count)]
    return [Share(settings, args.room_size, part, tuple(arrivals[k::count]), args.ramp_seconds + args.seconds,
                  args.seed, math.ceil(args.max_moves * len(part) / tables) if args.max_moves and tables else None)
            for k, part in enumerate(parts)]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    async with asyncio.timeout(READY_SECONDS + args.ramp_seconds + args.seconds + 3 * args.timeout + 60):
        return await _run(args)


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    own, *others = shares(args)
    workers = [ClientProcess(share) for share in others]
    try:
        return await _run_with(args, own, workers)
    finally:
        for worker in workers:
            worker.stop()


async def _run_with(args: argparse.Namespace, own: Share, workers: list[ClientProcess]) -> dict[str, Any]:
    ready_by = time.time() + READY_SECONDS
    for worker in workers:
        if await asyncio.to_thread(worker.receive, ready_by) != "ready":
            raise RuntimeError(f"client process {worker.process.pid} did not start (exit code "
                               f"{worker.process.exitcode})")
    start = time.time() + START_MARGIN
    for worker in workers:
        worker.send(start)

    port = urlsplit(args.url).port or (443 if args.url.startswith("https") else 80)
    watch = ProcessWatch(server_roots(port, [int(pid) for pid in args.server_pids.split(",") if pid.strip()]))
    watch.sample()
    rss_before = watch.rss_total()
    tally = Tally()
    idle = IdleSockets(args.url, args.timeout, tally)
    load, cpu = MachineLoad(), own_cpu_seconds()
    began = time.monotonic()
    sampled = asyncio.Event()
    sampler = asyncio.create_task(_sample(watch, sampled))
    playing = asyncio.create_task(run_share(own, start))
    opening = asyncio.create_task(idle.open(args.idle, args.ramp_seconds))

    await asyncio.sleep(max(0.0, start + args.ramp_seconds - time.time()))
    await asyncio.wait({opening}, timeout=max(0.0, start + own.end - time.time()))  # a slow server's handshakes
    await asyncio.to_thread(watch.sample)
    rss_loaded = watch.rss_total()
    probe_stop = asyncio.Event()
    probe = asyncio.create_task(probe_page_loads(args.url, args.timeout, args.probe_interval, tally, probe_stop))

    tally.merge(await playing)
    probe_stop.set()
    await probe
    opening.cancel()
    tally.idle_connected = idle.connected
    await idle.close()
    results_by = start + own.end + 3 * args.timeout + 30  # after the players' last requests and closes
    for worker in workers:
        result = await asyncio.to_thread(worker.receive, results_by)
        if result is None:
            tally.error(CLIENT, f"client process {worker.process.pid} sent no results "
                                f"(exit code {worker.process.exitcode})")
        else:
            tally.merge(result)
    sampled.set()
    await sampler
    watch.sample()
    seconds = time.monotonic() - began
    tally.client_cpu_seconds += own_cpu_seconds() - cpu
    return summary(args, tally, watch, seconds, load.busy_pct(), rss_before, rss_loaded)


async def _sample(watch: ProcessWatch, stop: asyncio.Event) -> None:
    """Sample the server's processes every ``SAMPLE_SECONDS`` (RSS peaks, new workers) until ``stop``."""
    while not stop.is_set():
        await pause(stop, SAMPLE_SECONDS)
        await asyncio.to_thread(watch.sample)


def summary(args: argparse.Namespace, tally: Tally, watch: ProcessWatch, seconds: float, busy_pct: float,
            rss_before: int, rss_loaded: int) -> dict[str, Any]:
    processes = watch.report(seconds)
    idle: dict[str, Any] = {"requested": args.idle, "connected": tally.idle_connected}
    if args.idle and not args.players and tally.idle_connected:
        idle["server_rss_before_mb"] = round(rss_before / 2**20, 1)
        idle["server_rss_connected_mb"] = round(rss_loaded / 2**20, 1)
        idle["server_kb_per_connection"] = round((rss_loaded - rss_before) / 1024 / tally.idle_connected, 1)
    return {
        "url": args.url, "room_size": args.room_size, "players": args.players, "level": args.level,
        "think_ms": args.think_ms, "ramp_seconds": args.ramp_seconds, "seconds": args.seconds,
        "connected": {"players": tally.players_connected, "players_started": tally.players_started},
        "moves": len(tally.move_ms), "moves_by_kind": dict(sorted(tally.moves_by_kind.items())),
        "frames": tally.frames, "frame_mb": round(tally.frame_bytes / 2**20, 1),
        "move_ms": distribution(tally.move_ms), "hint_ms": distribution(tally.hint_ms),
        "page_load_ms": distribution(tally.fresh_page_ms), "player_page_ms": distribution(tally.player_page_ms),
        "deal_s": distribution(tally.deal_s),
        "idle": idle,
        "errors": {"total": sum(tally.errors.values()), **dict(sorted(tally.errors.items()))},
        "error_examples": tally.examples,
        "server": {"processes": processes, "cpu_s": round(sum(p["cpu_s"] for p in processes), 2),
                   "rss_mb": round(sum(p["rss_end_mb"] for p in processes if p["alive"]), 1)},
        "client": {"processes": tally.client_processes, "cpu_s": round(tally.client_cpu_seconds, 2),
                   "cpu_pct": round(100 * tally.client_cpu_seconds / seconds, 1)},
        "machine": {"about": machine(), "busy_pct": busy_pct, "wall_seconds": round(seconds, 1)},
    }


def report(result: dict[str, Any]) -> str:
    """Lines for a person, then the JSON line."""
    moves, page, idle, client = result["move_ms"], result["page_load_ms"], result["idle"], result["client"]
    lines = [
        (f"players connected {result['connected']['players']} of {result['players']} (room size "
         f"{result['room_size']}), idle sockets {idle['connected']} of {idle['requested']}"),
        (f"moves {result['moves']} {result['moves_by_kind']}: p50 {moves['p50']} ms, p95 {moves['p95']} ms, "
         f"p99 {moves['p99']} ms, max {moves['max']} ms"),
        (f"frames {result['frames']} ({result['frame_mb']} MB of HTML); hint p95 {result['hint_ms']['p95']} ms; "
         f"players' page loads p95 {result['player_page_ms']['p95']} ms"),
        (f"deals {result['deal_s']['count']} (first card to last, as the pages show them): p50 "
         f"{result['deal_s']['p50']} s, max {result['deal_s']['max']} s"),
        f"fresh page loads {page['count']}: p50 {page['p50']} ms, p95 {page['p95']} ms, max {page['max']} ms",
        f"errors {result['errors']}",
        *(f"  {example}" for example in result["error_examples"]),
    ]
    if result["errors"].get(LIMITED):
        lines.append("  the server's per-client limits refused requests: start it with them lifted (README)")
    if "server_kb_per_connection" in idle:
        lines.append(f"server RSS {idle['server_rss_before_mb']} MB → {idle['server_rss_connected_mb']} MB "
                     f"with {idle['connected']} idle sockets: {idle['server_kb_per_connection']} KB each")
    lines += [(f"server pid {process['pid']}: {process['cpu_s']} CPU s ({process['cpu_pct']}%), RSS "
               f"{process['rss_start_mb']} → {process['rss_end_mb']} MB (peak {process['rss_peak_mb']}), "
               f"threads ≤ {process['threads_peak']}: {process['command']}")
              for process in result["server"]["processes"]]
    lines += [(f"client: {client['processes']} process(es), {client['cpu_s']} CPU s ({client['cpu_pct']}%); "
               f"machine {result['machine']['about']}, busy {result['machine']['busy_pct']}% over "
               f"{result['machine']['wall_seconds']} s"),
              json.dumps(result, ensure_ascii=False)]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = arguments(argv)
    needed = (args.players // args.client_processes + args.room_size) * FILES_PER_PLAYER + args.idle + 64
    limit = raise_open_file_limit(needed)
    if limit < needed:
        print(f"this process may open {limit} files; {needed} are needed (ulimit -n)", file=sys.stderr)
        return 2
    print(report(asyncio.run(run(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
