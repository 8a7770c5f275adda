"""Statistics (issue 14): what one browser's hands add up to, and a room's match in summary.

:func:`statistics` sums a player's hands — each seat's :class:`HandRecord` (the server keeps those of room seats;
the offline app keeps its own in the browser) — into matches and hands played, hands won as declarers and as
defenders (R1.4, R9.2), levels gained, the average defenders' total (R7) and the best comeback: the most levels
behind that the player's team was in a match it went on to win (R9.4). The server keeps the records of room seats;
the browser keeps those of solo games, online and offline, under :data:`STORAGE_KEY` (the newest :data:`KEPT`), and
the statistics page adds them to the server's (:func:`once_each`). :func:`match_recap` is a match's story
at its end: both teams' levels after each hand (drawn with the scoresheet's chart), each hand's points, and the
kitties the defenders won (扣底, R7.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import HandResult, Rules, team_of
from engine.cards import RANKS

from .sheet_chart import LevelChart, levels_chart

START = ("2", "2")  # R9.1: both teams start at 2
STORAGE_KEY = "shuangsheng.stats"  # the browser's records (localStorage): a list of HandRecord.to_dict()
KEPT = 2000  # hand records a browser keeps (about 300 bytes each), and the most the statistics page sends


@dataclass(frozen=True)
class HandRecord:
    """One hand a player played: the game (a room's code), the hand's number, the seat, and the result."""

    game: str
    hand_number: int
    seat: int
    result: HandResult

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "hand_number": self.hand_number, "seat": self.seat,
                "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandRecord:
        return cls(data["game"], data["hand_number"], data["seat"], HandResult.from_dict(data["result"]))

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def declaring(self) -> bool:
        return self.result.declarers == self.team

    @property
    def won(self) -> bool:
        """Declarers win a hand by going up; defenders by reaching the stage (80 points in most tables)."""
        return (self.result.side == "declarers") == self.declaring


@dataclass(frozen=True)
class Statistics:
    matches: int
    matches_won: int
    hands: int
    declaring: int
    won_declaring: int
    defending: int
    won_defending: int
    levels_gained: int
    defender_points: float | None  # the average defenders' total of the hands defended
    conceded_points: float | None  # the average defenders' total of the hands declared
    best_comeback: int  # levels behind in a match then won (0: none)


def statistics(records: Sequence[HandRecord]) -> Statistics:
    games: dict[str, list[HandRecord]] = {}
    for record in records:
        games.setdefault(record.game, []).append(record)
    declaring = [r for r in records if r.declaring]
    defending = [r for r in records if not r.declaring]
    won = [hands for hands in games.values() if _winner(hands) == hands[-1].team]
    return Statistics(
        matches=len(games), matches_won=len(won), hands=len(records),
        declaring=len(declaring), won_declaring=sum(r.won for r in declaring),
        defending=len(defending), won_defending=sum(r.won for r in defending),
        levels_gained=sum(r.result.steps for r in records if r.result.climber == r.team),
        defender_points=_average([r.result.defender_points for r in defending]),
        conceded_points=_average([r.result.defender_points for r in declaring]),
        best_comeback=max((_deepest(hands) for hands in won), default=0),
    )


def once_each(records: Iterable[HandRecord]) -> list[HandRecord]:
    """The first record of each hand of each game: a hand the server and the browser (or a browser twice) both
    sent counts once."""
    seen: set[tuple[str, int]] = set()
    kept = []
    for record in records:
        if (record.game, record.hand_number) not in seen:
            seen.add((record.game, record.hand_number))
            kept.append(record)
    return kept


def _winner(hands: list[HandRecord]) -> int | None:
    return max(hands, key=lambda r: r.hand_number).result.match_winner


def _deepest(hands: list[HandRecord]) -> int:
    """The most levels the team was behind after any hand of the match (R9.1 levels, 2 to A)."""
    team = hands[0].team
    return max((RANKS.index(r.result.levels_after[1 - team]) - RANKS.index(r.result.levels_after[team])
                for r in sorted(hands, key=lambda r: r.hand_number)), default=0)


def _average(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


@dataclass(frozen=True)
class MatchRecap:
    """A match at its end: the levels chart, each hand's result in order, and the kitties each team won."""

    chart: LevelChart
    hands: tuple[HandResult, ...]
    kitty_wins: tuple[int, int]


def match_recap(history: Sequence[HandResult], rules: Rules) -> MatchRecap:
    played = tuple(r for r in history if not r.redeal)
    kitties = [0, 0]
    for result in played:
        if result.multiplier and result.declarers is not None:
            kitties[1 - result.declarers] += 1  # R7.3: the defenders took the last trick and the kitty
    return MatchRecap(levels_chart(START, [r.levels_after for r in played], rules), played,
                        (kitties[0], kitties[1]))
