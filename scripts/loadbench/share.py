"""One client process's part of a run: its tables arrive at their moments of the ramp, their players play
until the run's end, then everything is closed and counted. With several client processes, each runs its
share in a process of its own (:func:`share_process`) and sends its tally back to be merged."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection

from .browser import Failed
from .player import Player, Settings
from .processes import own_cpu_seconds, raise_open_file_limit
from .tables import four_player_table, solo_table
from .tally import CLIENT, Tally

FILES_PER_PLAYER = 4  # its socket, its page loads' connections, headroom


@dataclass(frozen=True)
class Share:
    settings: Settings
    room_size: int             # 1: solo against bots; 4: four benchmark players
    tables: tuple[int, ...]    # the run's table numbers (they seed the players' thinking)
    arrivals: tuple[float, ...]  # seconds after the start at which each table's players arrive
    end: float                 # seconds after the start at which the players stop
    seed: int

    @property
    def players(self) -> int:
        return len(self.tables) * self.room_size


async def run_share(share: Share, start: float) -> Tally:
    """Play this share from ``start`` (a ``time.time()`` every client process agrees on) to its end."""
    tally = Tally(client_processes=1)
    cpu = own_cpu_seconds()
    players: list[Player] = []
    await asyncio.sleep(max(0.0, start - time.time()))
    arrivals = [asyncio.create_task(_table(share, table, start + offset, tally, players))
                for table, offset in zip(share.tables, share.arrivals, strict=True)]
    await asyncio.sleep(max(0.0, start + share.end - time.time()))
    for arrival in arrivals:
        arrival.cancel()
    await asyncio.gather(*arrivals, return_exceptions=True)
    tally.players_connected = sum(player.connected for player in players)
    await asyncio.gather(*(player.close() for player in players), return_exceptions=True)
    tally.client_cpu_seconds = own_cpu_seconds() - cpu
    return tally


async def _table(share: Share, table: int, at: float, tally: Tally, players: list[Player]) -> None:
    await asyncio.sleep(max(0.0, at - time.time()))
    seated: list[Player] = []
    arrive = solo_table if share.room_size == 1 else four_player_table
    try:
        await arrive(share.settings, tally, random.Random(f"{share.seed}:{table}"), seated)
        await asyncio.gather(*(player.play() for player in seated))
    except Failed as failure:  # arriving failed (playing counts its own failures and goes on)
        tally.error(failure.kind, f"arriving at table {table}: {failure}")
    except Exception as error:  # noqa: BLE001  (counted and shown, never lost in a task)
        tally.error(CLIENT, f"table {table}: {type(error).__name__}: {error}")
    finally:
        players.extend(seated)  # closed at the end of the run, whether or not they all sat down


def share_process(connection: Connection, share: Share) -> None:
    """A client process: says it is ready, waits for the start time, plays its share, sends its tally."""
    raise_open_file_limit(share.players * FILES_PER_PLAYER + 64)
    connection.send("ready")
    start = connection.recv()
    connection.send(asyncio.run(run_share(share, start)))
