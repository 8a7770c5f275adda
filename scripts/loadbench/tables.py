"""How benchmark players arrive at a table, through the pages a person uses: solo (the home page's one-tap
form against three bots), or a four-player room (one creates it on /rooms/new and takes seat 1, three
friends open its link and take seats 2–4; the host presses Start once the lobby shows every seat taken)."""

from __future__ import annotations

import random
from collections.abc import Awaitable

from .browser import Browser
from .page import form_of
from .player import Player, Settings
from .tally import Tally


async def solo_table(settings: Settings, tally: Tally, rng: random.Random, players: list[Player]) -> None:
    player = _player(settings, tally, rng, players)
    home = await _load(tally, player.browser.get("/"))
    room = await _load(tally, player.browser.submit(
        form_of(home, f'//button[@id="solo-{settings.level}"]'), htmx=False))
    await player.open(room)


async def four_player_table(settings: Settings, tally: Tally, rng: random.Random, players: list[Player]) -> None:
    host = _player(settings, tally, rng, players)
    new_room = await _load(tally, host.browser.get("/rooms/new"))
    lobby = await _load(tally, host.browser.submit(
        form_of(new_room, '//button[@id="create-room"]', level=settings.level), htmx=False))
    link = host.browser.room_path()
    for seat in range(4):
        player = host if seat == 0 else _player(settings, tally, rng, players)
        page = lobby if seat == 0 else await _load(tally, player.browser.get(link))
        room = await _load(tally, player.browser.submit(
            form_of(page, '//button[@id="join"]', seat=str(seat), name=f"Bench {seat + 1}"), htmx=False))
        await player.open(room)


def _player(settings: Settings, tally: Tally, rng: random.Random, players: list[Player]) -> Player:
    """A new person with a browser of their own, registered at once so it is closed at the end."""
    player = Player(Browser(settings.url, settings.timeout), settings, tally, random.Random(rng.random()))
    players.append(player)
    tally.players_started += 1
    return player


async def _load(tally: Tally, loading: Awaitable[tuple[str, float]]) -> str:
    """A page a person opens (its load time counts among the players' page loads)."""
    page, elapsed = await loading
    tally.player_page_ms.append(elapsed)
    return page
