"""What a benchmark run counts: raw timings (merged across client processes before any percentile is
taken), errors by kind with a few examples, and how many players and idle sockets were connected."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

# Error kinds, reported separately (issue 10 §5: refusals and timeouts are not the same failure).
REFUSED = "refused"            # a 4xx answer to a player's request (a benchmark player never makes an illegal move)
LIMITED = "rate_limited"       # 413 / 429: one of the server's limits (issue 11 item 4), to be lifted for a benchmark
SERVER_ERROR = "server_errors"  # a 5xx answer
TIMEOUT = "timeouts"           # no answer, or no frame showing the move on the player's socket, in time
CONNECTION = "connection"      # a connection refused, reset, or a WebSocket handshake refused
DISCONNECT = "disconnects"     # the server closed a page's WebSocket before the end of the run
CLIENT = "client_errors"       # the benchmark itself failed (a page it could not read): its bug, not the server's
EXAMPLES = 10


@dataclass
class Tally:
    """One client process's counts; :meth:`merge` adds another's."""

    move_ms: list[float] = field(default_factory=list)       # a move's POST sent → its frame on the own socket
    hint_ms: list[float] = field(default_factory=list)       # the Hint request (before a bury or a play)
    player_page_ms: list[float] = field(default_factory=list)  # the players' own page loads (home, room)
    fresh_page_ms: list[float] = field(default_factory=list)   # a newcomer's fresh load of the home page
    deal_s: list[float] = field(default_factory=list)  # a deal as a page shows it, first card to last
    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    moves_by_kind: Counter[str] = field(default_factory=Counter)
    frames: int = 0        # frames the players' sockets received
    frame_bytes: int = 0   # their HTML, decompressed
    players_started: int = 0
    players_connected: int = 0  # sockets open at the end of the run
    idle_connected: int = 0
    client_cpu_seconds: float = 0.0
    client_processes: int = 0

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] += 1
        if len(self.examples) < EXAMPLES:
            self.examples.append(f"{kind}: {what}")

    def merge(self, other: Tally) -> None:
        for name in ("move_ms", "hint_ms", "player_page_ms", "fresh_page_ms", "deal_s", "examples"):
            getattr(self, name).extend(getattr(other, name))
        del self.examples[EXAMPLES:]
        self.errors.update(other.errors)
        self.moves_by_kind.update(other.moves_by_kind)
        for name in ("frames", "frame_bytes", "players_started", "players_connected", "idle_connected", "client_cpu_seconds",
                     "client_processes"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def distribution(samples: list[float]) -> dict[str, Any]:
    """Count, p50, p95, p99 and max of samples (``None`` where there are none)."""
    if not samples:
        return {"count": 0, "p50": None, "p95": None, "p99": None, "max": None}
    cuts = statistics.quantiles(samples, n=100, method="inclusive") if len(samples) > 1 else [samples[0]] * 99
    return {"count": len(samples), "p50": round(cuts[49], 1), "p95": round(cuts[94], 1),
            "p99": round(cuts[98], 1), "max": round(max(samples), 1)}
