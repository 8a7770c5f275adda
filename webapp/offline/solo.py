"""The solo game on this device: the player in seat 1 (index 0) against three bots, as on the server's solo
table, with the engine's ``Match`` kept as JSON in the browser's storage after every change.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.actions import Action
from webapp.core import autoplay, players
from webapp.core.room_page import SeatInfo, Snapshot
from webapp.core.stats import HandRecord

CODE = "solo"  # the local table's code in its URLs
PERSON = 0
PRESET = "classic"
RECENT_ACTION_IDS = 64
FINISHED_KEPT = 10  # finished hands kept for their review (each about 8 KB of the browser's storage)


@dataclass
class SoloTable:
    match: engine.Match
    bot_level: str
    version: int = 0
    recent_action_ids: list[str] = field(default_factory=list)
    card_counter: bool = False  # the solo setting of the card counter (记牌器)
    game: str = ""  # this game's id in the statistics
    finished: dict[int, dict[str, Any]] = field(default_factory=dict)  # hand number → Hand.to_dict(), the last few

    @classmethod
    def new(cls, bot_level: str, card_counter: bool = False) -> SoloTable:
        if bot_level not in players.BOT_LEVELS:
            raise ValueError(f"bot strength must be one of {', '.join(players.BOT_LEVELS)}")
        return cls(engine.Match(engine.Rules.preset(PRESET), seed=secrets.token_hex(16)), bot_level,
                   card_counter=card_counter, game=f"solo:{secrets.token_hex(8)}")

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match.to_dict(), "bot_level": self.bot_level, "version": self.version,
                "recent_action_ids": self.recent_action_ids, "card_counter": self.card_counter, "game": self.game,
                "finished": [self.finished[number] for number in sorted(self.finished)]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SoloTable:
        """A stored game (one stored before the counter and the reviews were kept has neither)."""
        finished = {hand["hand_number"]: hand for hand in data.get("finished", [])}
        return cls(engine.Match.from_dict(data["match"]), data["bot_level"], data["version"],
                   list(data["recent_action_ids"]), data.get("card_counter", False), data.get("game", "solo"),
                   finished)

    def finished_hand(self, number: int) -> engine.Hand | None:
        """Hand ``number`` once it is over (the current one, or one of the last few kept)."""
        if number == self.match.hand_number and self.match.hand_over:
            return self.match.hand
        kept = self.finished.get(number)
        return None if kept is None else engine.Hand.from_dict(kept)

    @property
    def action_id(self) -> str:
        """The id of any action taken from the current rendering (a double tap sends it twice)."""
        return str(self.version)

    def snapshot(self) -> Snapshot:
        seats = [SeatInfo(seat, None, None if seat == PERSON else self.bot_level, True, False, False)
                 for seat in range(4)]
        return Snapshot(code=CODE, version=self.version, solo=True, preset=PRESET, rules=self.match.rules,
                        started=True, seats=seats, my_seat=PERSON, is_host=False, view=self.match.view(PERSON),
                        legal_showings=self.match.hand.legal_showings(PERSON), card_counter=self.card_counter)

    def act(self, payload: dict[str, Any], action_id: str | None) -> None:
        """The player's action (raises :class:`engine.IllegalAction`); a repeated action id changes nothing."""
        if self._seen(action_id):
            return
        self.match.apply(PERSON, engine.decode(payload))
        self._changed(action_id)

    def next_hand(self, action_id: str | None) -> None:
        if self._seen(action_id):
            return
        self.match.next_hand()
        self._changed(action_id)

    def hint(self) -> Action | None:
        """The bot's suggestion for the player's bury or play, when it is their turn."""
        hand = self.match.hand
        if hand.to_act != PERSON or hand.phase not in (engine.Phase.BURYING, engine.Phase.PLAYING):
            return None
        return players.hint(self.match.view(PERSON))

    def automatic_action(self, rng: random.Random) -> autoplay.Automatic | None:
        """What the table does next by itself (the deal, a bot, a pass); ``None``: the player's turn or the end."""
        if self.match.winner is not None or self.match.hand_over:
            return None
        def bot_level_of(seat: int) -> str | None:
            return None if seat == PERSON else self.bot_level

        answers = autoplay.answer_all(self.match, bot_level_of, rng)
        return autoplay.automatic_action(self.match, bot_level_of, answers, rng)

    def apply_automatic(self, automatic: autoplay.Automatic) -> None:
        for seat, action in automatic.moves:
            self.match.apply(seat, action)
        self._changed(None)

    def record(self) -> HandRecord | None:
        """The player's record of the hand just finished, kept once (``None``: no hand has just finished)."""
        match = self.match
        if not match.hand_over or match.hand_number in self.finished or match.hand.result is None:
            return None
        self.finished[match.hand_number] = match.hand.to_dict()
        for number in sorted(self.finished)[:-FINISHED_KEPT]:
            del self.finished[number]
        return HandRecord(self.game, match.hand_number, PERSON, match.hand.result)

    def _seen(self, action_id: str | None) -> bool:
        return action_id is not None and action_id in self.recent_action_ids

    def _changed(self, action_id: str | None) -> None:
        self.version += 1
        if action_id:
            self.recent_action_ids = [*self.recent_action_ids, action_id][-RECENT_ACTION_IDS:]
