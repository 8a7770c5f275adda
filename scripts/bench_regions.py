"""CPU a room change costs its live sockets: a hand of four people played through the app, then replayed version by
version while four sockets' regions are rendered and compressed as the WebSocket does (``LiveRegions``, one deflate
stream each). Prints the CPU per deal round and per move (for the four sockets), best of ``--repeat``; the last line
is JSON.

    .venv/bin/python scripts/bench_regions.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from tests.conftest import TEST_CONFIG
from tests.webapp.conftest import play_until, room_of_four, rooms_of
from webapp import create_app
from webapp.render import LiveRegions
from webapp.rooms import log
from webapp.rooms.cache import LoadedRoom


def played_hand(app):
    """A room of four test clients that played one hand: its code, row, logged actions and the seats' tokens."""
    code, clients = room_of_four(app)
    play_until(app, code, dict(enumerate(clients)), lambda match: match.hand_over)
    row = rooms_of(app).store.row(code)
    entries = rooms_of(app).store.actions_after(code, row.base_actions, up_to=row.actions)
    return code, row, entries, [client.get_cookie("seat", path=f"/r/{code}").value for client in clients]


def changes_of(entries) -> list[tuple[str, list]]:
    """The hand's versions as the driver commits them: a round of four draws, or one move."""
    changes: list[tuple[str, list]] = []
    for entry in entries:
        kind = "deal" if entry.kind == log.ACT and entry.action["type"] == "draw" else "move"
        if kind == "deal" and changes and changes[-1][0] == "deal" and len(changes[-1][1]) < 4:
            changes[-1][1].append(entry)
        else:
            changes.append((kind, [entry]))
    return changes


def replay(app, code, row, changes, tokens) -> dict[str, float]:
    """CPU seconds the four sockets spent on the deal rounds and on the moves, and the bytes they sent."""
    tables = rooms_of(app)
    match = engine.Match.from_dict(row.match_state)
    regions, sent = [LiveRegions() for _ in tokens], [{} for _ in tokens]
    streams = [zlib.compressobj(6, zlib.DEFLATED, -15) for _ in tokens]
    spent = {"deal": 0.0, "move": 0.0, "sent_bytes": 0}
    with app.test_request_context(f"/r/{code}/ws"):
        for kind, entries in changes:
            loaded = LoadedRoom(row, log.replay(match, entries))
            start = time.process_time()
            for index, token in enumerate(tokens):
                html = regions[index].render(tables.snapshot(loaded, token))
                fresh = "".join(part for name, part in html.items() if sent[index].get(name) != part)
                sent[index].update(html)
                frame = streams[index].compress(fresh.encode()) + streams[index].flush(zlib.Z_SYNC_FLUSH)
                spent["sent_bytes"] += len(frame)
            spent[kind] += time.process_time() - start
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    app = create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"})
    code, row, entries, tokens = played_hand(app)
    changes = changes_of(entries)
    counts = {kind: sum(1 for k, _ in changes if k == kind) for kind in ("deal", "move")}
    best = min((replay(app, code, row, changes, tokens) for _ in range(repeat)), key=lambda s: s["deal"] + s["move"])
    result = {f"{kind}_ms": round(best[kind] * 1000 / counts[kind], 2) for kind in counts}
    result |= {"deal_rounds": counts["deal"], "moves": counts["move"], "sockets": len(tokens),
               "sent_kb": round(best["sent_bytes"] / 1024)}
    print(f"{counts['deal']} deal rounds: {result['deal_ms']} ms of CPU each; {counts['move']} moves: "
          f"{result['move_ms']} ms each (the four sockets' regions, rendered and compressed: {result['sent_kb']} KB)")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
