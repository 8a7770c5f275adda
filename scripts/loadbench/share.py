"""One client process's part of a run: its tables arrive at their moments of the ramp, their players play
until the run's end (or until they have made their part of ``--max-moves``), then everything is stopped,
closed and counted. With several client processes, each runs its share in a process of its own
(:class:`ClientProcess`) and sends its tally back to be merged."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from .browser import Failed
from .player import Player, Settings
from .processes import own_cpu_seconds, raise_open_file_limit
from .tables import four_player_table, solo_table
from .tally import CLIENT, Tally

FILES_PER_PLAYER = 4       # its socket, its page loads' connections, headroom
QUOTA_CHECK_SECONDS = 0.1  # how often a share with a move quota looks at its count
EXIT_SECONDS = 5           # for a client process to exit once it has sent its results


@dataclass(frozen=True)
class Share:
    settings: Settings
    room_size: int               # 1: solo against bots; 4: four benchmark players
    tables: tuple[int, ...]      # the run's table numbers (they seed the players' thinking)
    arrivals: tuple[float, ...]  # seconds after the start at which each table's players arrive
    end: float                   # seconds after the start at which the players stop
    seed: int
    max_moves: int | None = None  # stop sooner, once this share's players have made this many moves

    @property
    def players(self) -> int:
        return len(self.tables) * self.room_size


async def run_share(share: Share, start: float) -> Tally:
    """Play this share from ``start`` (a ``time.time()`` every client process agrees on) to its end."""
    tally = Tally(client_processes=1)
    cpu = own_cpu_seconds()
    tables: list[list[Player]] = []  # every table's players, as they are created (all are closed at the end)
    await asyncio.sleep(max(0.0, start - time.time()))
    arrivals = [asyncio.create_task(_table(share, table, start + offset, tally, tables))
                for table, offset in zip(share.tables, share.arrivals, strict=True)]
    while (left := start + share.end - time.time()) > 0 and not _enough(share, tally):
        await asyncio.sleep(min(left, QUOTA_CHECK_SECONDS))
    players = [player for seated in tables for player in seated]
    for player in players:
        player.stop()  # ends its play at the next step, even where a cancellation would be swallowed
    for arrival in arrivals:
        arrival.cancel()
    await asyncio.gather(*arrivals, return_exceptions=True)
    players = [player for seated in tables for player in seated]
    tally.players_connected = sum(player.connected for player in players)
    await asyncio.gather(*(player.close() for player in players), return_exceptions=True)
    tally.client_cpu_seconds = own_cpu_seconds() - cpu
    return tally


def _enough(share: Share, tally: Tally) -> bool:
    return share.max_moves is not None and len(tally.move_ms) >= share.max_moves


async def _table(share: Share, table: int, at: float, tally: Tally, tables: list[list[Player]]) -> None:
    await asyncio.sleep(max(0.0, at - time.time()))
    seated: list[Player] = []
    tables.append(seated)
    arrive = solo_table if share.room_size == 1 else four_player_table
    try:
        await arrive(share.settings, tally, random.Random(f"{share.seed}:{table}"), seated)
        await asyncio.gather(*(player.play() for player in seated))
    except Failed as failure:  # arriving failed (playing counts its own failures and goes on)
        tally.error(failure.kind, f"arriving at table {table}: {failure}")
    except Exception as error:  # noqa: BLE001  (counted and shown, never lost in a task)
        tally.error(CLIENT, f"table {table}: {type(error).__name__}: {error}")


class ClientProcess:
    """A share played in a process of its own (spawned: a clean interpreter, no copied event loop)."""

    def __init__(self, share: Share) -> None:
        self.share = share
        self.connection, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.get_context("spawn").Process(target=_share_process, args=(theirs, share),
                                                                    daemon=True)
        self.process.start()
        theirs.close()  # only the child holds its end: its death then ends our waits

    def receive(self, deadline: float) -> Any:
        """What the process sends next; ``None`` if it ended first (its traceback is on stderr) or the
        ``time.time()`` deadline passed (then it is ended)."""
        ready = wait([self.connection, self.process.sentinel], timeout=max(0.0, deadline - time.time()))
        try:
            return self.connection.recv() if self.connection.poll() else None
        except EOFError:
            return None
        finally:
            if not ready:
                self.stop()

    def send(self, value: Any) -> None:
        self.connection.send(value)

    def stop(self) -> None:
        """Let the process end by itself after its results, or end it (it missed its deadline)."""
        self.process.join(EXIT_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


def _share_process(connection: Connection, share: Share) -> None:
    """A client process: says it is ready, waits for the start time, plays its share, sends its tally."""
    raise_open_file_limit(share.players * FILES_PER_PLAYER + 64)
    connection.send("ready")
    start = connection.recv()
    connection.send(asyncio.run(run_share(share, start)))
