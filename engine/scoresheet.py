"""Scorekeeper for tables playing with real cards (issue 5): the pure computation core.

A :class:`Scoresheet` is an immutable value: the rules, the teams, the start of
the match and the ordered :class:`HandEntry` records of what happened at the
table. Everything else (the kitty bonus, the level change, the next dealer, the
levels, must-play stops, the match end) is recomputed from the entries with the
engine's own functions (:mod:`engine.scoring`), so the scorekeeper and the
online game share every table. Changing a sheet (:meth:`~Scoresheet.add`,
:meth:`~Scoresheet.replace`, :meth:`~Scoresheet.delete`, :meth:`~Scoresheet.undo`)
returns a new sheet, validated as a whole; bad input raises
:class:`ScoresheetError` (a ``ValueError`` naming the field) and changes nothing.

Teams: team 0 is seats 0 and 2, team 1 is seats 1 and 3 (R1.1).

Where RULES.md is silent, the scorekeeper decides:

- R11 wrong card count replaces the R9.2 result of that hand (its points are kept for the
  record only); the climb it grants follows R9.4 like any other, so declarers at the
  ``match_end`` level whose opponents miscounted pass it and win. Both teams miscounting:
  nobody moves and the next hand's dealer is decided by a declaration, as in R8.3.
- R11 wrong follows and taken-back cards cost one level each *after* the hand's own level
  change; levels never go below 2 (R9.1), not even under ``cycle``. A wrong card count is
  not one of the three offences that lose the match.
- A team's third offence ends the match even if the same hand's climb would have won it
  (the offence came first); if both teams reach three in one hand, R9.5's rule decides
  (higher level after the hand, then the declarers of that hand).
- A hand keeps the dealer it was played with, and so its declarers and defenders: a hand recorded
  without one is given the scheduled dealer (R9.3) as it enters the sheet, and correcting an
  earlier hand never changes it (the points and penalties it records stay with the teams that
  played it). A new hand must be dealt by the scheduled dealer, except when nobody is scheduled
  (R8.3 first hand, R11 re-contest) or the opponents declared under ``dealer_team_first`` (R8.7).
  A hand whose dealer no longer follows from the (corrected) results before it is flagged
  (:attr:`HandScore.dealer_follows`), not refused; :meth:`Scoresheet.rescheduled_from` gives it
  and every later hand the dealers the results make. Hands recorded elsewhere (an offline
  phone's, :meth:`Scoresheet.add` with ``recorded_elsewhere``) may be flagged from the start. Editing
  an earlier hand so that a later hand comes after the match end is refused, naming that hand.
- Penalties are refused under rules that do not charge them (R4.5 ``throw_penalty_per_card``
  0, R11 ``physical_penalties`` off).

>>> from engine.rules import Rules
>>> sheet = Scoresheet(rules=Rules.preset("classic"), team_names=("Us", "Them"), first_dealer=0)
>>> sheet = sheet.add(HandEntry(id="h1", trick_points=35))
>>> sheet = sheet.add(HandEntry(id="h2", trick_points=85, defenders_took_last_trick=True,
...                             kitty_points=10, last_lead="pair"))
>>> [(h.level, h.multiplier, h.defender_points, h.side, h.steps) for h in sheet.compute().hands]
[('2', 0, 35, 'declarers', 2), ('4', 4, 125, 'defenders', 1)]
>>> state = sheet.compute().state
>>> state.levels, state.dealer, state.level
(('4', '3'), 3, '3')
>>> sheet.undo().compute().state.levels
('4', '2')
>>> fixed = sheet.replace(HandEntry(id="h1", trick_points=120))  # hand 2 keeps its dealer, seat 3
>>> [(h.dealer, h.scheduled_dealer, h.dealer_follows) for h in fixed.compute().hands]
[(0, 0, True), (2, 1, False)]
>>> [h.dealer for h in fixed.rescheduled_from("h2").compute().hands]
[0, 1]
>>> sheet.add(HandEntry(id="h3", trick_points=33))
Traceback (most recent call last):
engine.scoresheet.ScoresheetError: trick_points: must be a multiple of 5 (R9.2); got 33
"""

from __future__ import annotations

import dataclasses
import uuid
from dataclasses import dataclass, field
from typing import Any

from .cards import RANKS, SUITS, TOTAL_POINTS
from .combos import PAIR, SINGLE, TRACTOR
from .reasons import N_, Reason, Refusal, SeatNumber
from .rules import Rules
from .scoring import (
    DECLARERS,
    DEFENDERS,
    END_LEVEL,
    climb,
    climbing_team,
    multiplier_for,
    settle,
    stop_levels,
    team_of,
    throw_penalty,
    time_up_winner,
)
from .trump import Trump, normalize_level

MAX_KITTY_POINTS = 80  # R1.3/R7.1: the 8 kitty cards can at most all be 10s and Ks.
MAX_TRACTOR_PAIRS = 12  # R1.3: a player holds 25 cards, so at most 12 pairs.
# Guards against typos, not rules: a team holds 50 cards (R1.3) and a hand has 25 tricks.
MAX_FAILED_CARDS = 50
MAX_OFFENCES = 25
OFFENCES_TO_LOSE = 3  # R11: three wrong follows / taken-back cards lose the match.
MAX_NAME = 40

# R7.4: the format of the last trick's lead (for a throw, its largest component).
LEAD_FORMATS = {"single": SINGLE, "pair": PAIR, "tractor": TRACTOR}
TRUMPS = (*SUITS, "NT")  # a trump suit, or no-trump (R2.2)
# A hand's side beside R9.2's three (engine.scoring): R11's "both miscounted: re-contest the next hand".
RECONTEST = "recontest"
FORMAT_VERSION = 1


class ScoresheetError(Refusal):
    """Bad input for a scoresheet: ``field`` names the offending field, ``hand`` its hand (1-based),
    ``reason`` why (its template cites the clause where there is one)."""

    def __init__(self, field: str, reason: Reason, hand: int | None = None) -> None:
        super().__init__(reason, f"{f'hand {hand}: ' if hand else ''}{field}: {reason.text}")
        self.field = field
        self.hand = hand


def new_entry_id() -> str:
    """A fresh unique id for a :class:`HandEntry` (clients may use their own, e.g. a UUID)."""
    return uuid.uuid4().hex


@dataclass(frozen=True)
class HandEntry:
    """What the scorekeeper records for one hand; every count per team is ``(team 0, team 1)``.

    - ``id``: client-generated, unique within the sheet; re-adding an id is a no-op (offline sync).
    - ``trick_points``: the defenders' points from tricks (R7.2), a multiple of 5 from 0 to 200.
    - ``defenders_took_last_trick``: then ``kitty_points`` (R7.3) and the format of the last
      trick's lead (R7.4): ``last_lead`` ``"single"``, ``"pair"`` or ``"tractor"`` (with
      ``tractor_pairs``, 2–12); for a throw (``throw=True``) ``last_lead`` is its largest
      component. The format may be left out only when the kitty holds no points.
    - ``dealer``: the seat that dealt. Left out, it is the scheduled dealer (R9.3) when the entry
      enters a sheet, which then keeps it; needed when nobody is scheduled to deal (the first hand
      without a first dealer, R8.3, or after an R11 re-contest). Sheets stored before dealers were
      kept have entries without one: they load with the scheduled dealers, as they meant then.
    - ``trump``: optional, ``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"NT"``; the level is the hand's.
    - ``failed_throw_cards``: cards in the failing components of each team's failed throws (R4.5).
    - ``wrong_follows``, ``taken_back``, ``wrong_card_count``: R11 offences, per team.
    """

    id: str
    trick_points: int = 0
    defenders_took_last_trick: bool = False
    kitty_points: int = 0
    last_lead: str | None = None
    tractor_pairs: int = 0
    throw: bool = False
    dealer: int | None = None
    trump: str | None = None
    failed_throw_cards: tuple[int, int] = (0, 0)
    wrong_follows: tuple[int, int] = (0, 0)
    taken_back: tuple[int, int] = (0, 0)
    wrong_card_count: tuple[bool, bool] = (False, False)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not 0 < len(self.id.strip()) <= 100:
            raise ScoresheetError("id", Reason(None, N_("must be a non-empty text of at most %(high)s "
                                                        "characters; got %(value)s"), high=100, value=repr(self.id)))
        _points("trick_points", self.trick_points, TOTAL_POINTS)
        _flag("defenders_took_last_trick", self.defenders_took_last_trick)
        _flag("throw", self.throw)
        _points("kitty_points", self.kitty_points, MAX_KITTY_POINTS)
        self._check_last_trick()
        if self.dealer is not None:
            _seat("dealer", self.dealer)
        if self.trump is not None:
            trump = str(self.trump).strip().upper()
            if trump not in TRUMPS:
                raise ScoresheetError("trump", Reason(None, N_("must be one of %(choices)s or left out; got %(value)s"),
                                                      choices=", ".join(TRUMPS), value=repr(self.trump)))
            object.__setattr__(self, "trump", trump)
        for name, high in (("failed_throw_cards", MAX_FAILED_CARDS), ("wrong_follows", MAX_OFFENCES),
                           ("taken_back", MAX_OFFENCES)):
            value = _pair(name, getattr(self, name))
            for count in value:
                _whole(name, count, 0, high)
            object.__setattr__(self, name, value)
        value = _pair("wrong_card_count", self.wrong_card_count)
        for flag in value:
            _flag("wrong_card_count", flag)
        object.__setattr__(self, "wrong_card_count", value)

    def _check_last_trick(self) -> None:
        if self.last_lead is not None and (not isinstance(self.last_lead, str) or self.last_lead not in LEAD_FORMATS):
            raise ScoresheetError("last_lead", Reason("R7.4", N_("must be one of %(choices)s; got %(value)s"),
                                                      choices=", ".join(LEAD_FORMATS), value=repr(self.last_lead)))
        if self.last_lead == "tractor":
            _whole("tractor_pairs", self.tractor_pairs, 2, MAX_TRACTOR_PAIRS)
        elif self.tractor_pairs != 0:
            raise ScoresheetError("tractor_pairs", Reason(None, N_("is only for a tractor; got %(value)s"),
                                                          value=repr(self.tractor_pairs)))
        if self.throw and self.last_lead is None:
            raise ScoresheetError("last_lead", Reason("R7.4", N_("for a throw, choose its largest component: it "
                                                               "sets the kitty multiplier (R7.4)")))
        if not self.defenders_took_last_trick:
            # R7.3: the kitty scores only for defenders who took the last trick.
            for name in ("kitty_points", "last_lead", "throw"):
                if getattr(self, name):
                    raise ScoresheetError(name, Reason("R7.3", N_("counts only when the defenders took the last "
                                                                  "trick (R7.3)")))
            return
        if self.trick_points + self.kitty_points > TOTAL_POINTS:
            raise ScoresheetError("kitty_points", Reason(
                "R7.1", N_("trick points and kitty points add up to at most %(total)s (R7.1); got %(value)s"),
                total=TOTAL_POINTS, value=f"{self.trick_points} + {self.kitty_points}"))
        if self.kitty_points and self.last_lead is None:
            raise ScoresheetError("last_lead", Reason("R7.4", N_("choose the format of the last trick's lead: it "
                                                               "sets the kitty multiplier (R7.4)")))

    @property
    def offences(self) -> tuple[int, int]:
        """R11 offences that cost a level each: wrong follows plus taken-back cards, per team."""
        return (self.wrong_follows[0] + self.taken_back[0], self.wrong_follows[1] + self.taken_back[1])

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandEntry:
        if not isinstance(data, dict):
            raise ScoresheetError("entries", Reason(None, N_("each entry must be an object; got %(value)s"),
                                                    value=repr(data)))
        _known("entry", data, cls)
        if "id" not in data:
            raise ScoresheetError("id", Reason(None, N_("is required")))
        return cls(**data)


@dataclass(frozen=True)
class State:
    """Where the match stands after a hand (or at the start): what the next hand is."""

    hand_number: int  # the next hand's number (1-based)
    levels: tuple[str, str]
    dealer: int | None  # who deals next; None: the next declaration decides (R8.3, R11 re-contest)
    level: str | None  # the next hand's level: the dealer team's (R2.1)
    must_play: bool  # that level cannot be skipped (R9.4 must_play or the match_end level)
    match_point: bool  # the next declarers win the match by going up (R9.4 pass_a / pass_10)
    offences: tuple[int, int]  # R11 wrong follows and taken-back cards so far, per team
    winner: int | None  # the team that won the match
    ended_by: str | None  # "R9.4" (passed the end level) or "R11" (three offences)

    @property
    def on_stage(self) -> int | None:
        """The team whose player deals next: the declarers (R1.4)."""
        return None if self.dealer is None else team_of(self.dealer)

    @property
    def over(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class HandScore:
    """The computed result of one hand, and the :class:`State` after it."""

    number: int
    entry_id: str
    dealer: int  # the seat that dealt (the entry's: the hand keeps it when earlier hands are corrected)
    scheduled_dealer: int | None  # who the results before the hand make its dealer (R9.3); None: nobody
    dealer_follows: bool  # the dealer is the scheduled one, or allowed beside it (R8.3, R8.7)
    declarers: int  # team
    level: str  # the level played (R2.1)
    trump: Trump | None
    multiplier: int  # R7.4; 0 when the kitty does not score
    kitty_bonus: int  # kitty points × multiplier (R7.3)
    penalty: int  # R4.5, signed for the defenders
    defender_points: int  # tricks + kitty bonus + penalty: what R9.2 looks up
    side: str  # "declarers", "switch", "defenders" (R9.2, R11) or "recontest" (R11)
    steps: int  # levels the climbing side went up (before any R9.4 stop)
    held_at: str | None  # R9.4: the climbing team was stopped at this level, short of ``steps``
    levels_lost: tuple[int, int]  # R11 offences of this hand, one level each, per team
    after: State

    @property
    def climber(self) -> int | None:
        """The team that went up, if any."""
        return climbing_team(self.side, self.declarers, self.steps)


@dataclass(frozen=True)
class Tally:
    """Every hand's :class:`HandScore` and the current :class:`State`."""

    hands: tuple[HandScore, ...]
    state: State

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (a trump becomes ``{"level", "suit"}``, suit ``None`` for no-trump)."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Scoresheet:
    """A match kept on paper: who plays, by which rules, from where, and the hands so far.

    ``first_dealer`` ``None`` means the first declaration decides (R8.3): the first entry then
    names its dealer, and both teams must start at one level (R9.1). ``removed_ids`` remembers
    deleted entries so that a deleted hand synchronised again from an offline phone stays deleted.
    The whole sheet is validated and computed when it is built (it is immutable).
    """

    rules: Rules = field(default_factory=lambda: Rules.preset("classic"))
    team_names: tuple[str, str] = ("Team A", "Team B")
    player_names: tuple[str, str, str, str] | None = None  # by seat
    starting_levels: tuple[str, str] = ("2", "2")
    first_dealer: int | None = None
    entries: tuple[HandEntry, ...] = ()
    removed_ids: tuple[str, ...] = ()
    _tally: Tally = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ScoresheetError("rules", Reason(None, N_("must be Rules; got %(value)s"), value=repr(self.rules)))
        object.__setattr__(self, "team_names", _names("team_names", self.team_names, 2, blank=False))
        if self.player_names is not None:
            object.__setattr__(self, "player_names", _names("player_names", self.player_names, 4, blank=True))
        levels = _pair("starting_levels", self.starting_levels)
        try:
            levels = (normalize_level(levels[0]), normalize_level(levels[1]))
        except Refusal as error:
            raise ScoresheetError("starting_levels", error.reason) from None
        object.__setattr__(self, "starting_levels", levels)
        if self.first_dealer is None and levels[0] != levels[1]:
            raise ScoresheetError("first_dealer", Reason("R9.1", N_(
                "the first declaration decides the dealer only when both teams start at the same level (R9.1); "
                "choose the first dealer")))
        if self.first_dealer is not None:
            _seat("first_dealer", self.first_dealer)
        entries = tuple(self.entries)
        if not all(isinstance(entry, HandEntry) for entry in entries):
            raise ScoresheetError("entries", Reason(None, N_("must all be HandEntry values")))
        ids = [entry.id for entry in entries]
        if len(set(ids)) != len(ids):
            raise ScoresheetError("entries", Reason(None, N_("two entries have the same id")))
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "removed_ids", tuple(self.removed_ids))
        tally, played = _compute(self)
        object.__setattr__(self, "entries", played)
        object.__setattr__(self, "_tally", tally)

    def compute(self) -> Tally:
        """Every hand's result and the current state, recomputed from the entries.

        (It was computed when this immutable sheet was built, which is also when
        it was validated, so this costs nothing.)
        """
        return self._tally

    @property
    def state(self) -> State:
        return self._tally.state

    def add(self, entry: HandEntry, recorded_elsewhere: bool = False) -> Scoresheet:
        """This sheet with ``entry`` recorded as the next hand.

        Idempotent by id: an entry whose id is already on the sheet, or was deleted from it,
        is not added again (a hand synchronised twice from an offline phone is stored once).
        Refused once the match is over (R9.4, R11), and when the dealer it names does not follow
        from the results (R9.3, R8.7) unless it was ``recorded_elsewhere``: a hand an offline phone
        recorded was played with the dealer that phone's sheet scheduled, so it keeps it, flagged.
        """
        if entry.id in self.removed_ids or any(e.id == entry.id for e in self.entries):
            return self
        state = self.state
        if state.winner is not None:
            raise ScoresheetError("entries", Reason(state.ended_by, N_(
                "the match is over: %(team)s won (%(clause)s); no more hands can be recorded"),
                team=self.team_names[state.winner]))
        added = dataclasses.replace(self, entries=(*self.entries, entry))
        hand = added.compute().hands[-1]
        scheduled = hand.scheduled_dealer
        if scheduled is not None and not (hand.dealer_follows or recorded_elsewhere):
            raise ScoresheetError("dealer", Reason("R9.3", N_(
                "seat %(seat)s deals this hand (R9.3); another seat deals only when the opponents declare first "
                "(R8.7)"), seat=SeatNumber(scheduled)), hand.number)
        return added

    def replace(self, *entries: HandEntry) -> Scoresheet:
        """This sheet with the entries of the same ids replaced by ``entries``, checked together.

        The results of later hands are recomputed; every hand keeps its dealer (a fix that names none
        keeps the one it replaces).
        """
        fixed: dict[str, HandEntry] = {}
        for entry in entries:
            dealer = self.entries[self._index(entry.id)].dealer
            fixed[entry.id] = entry if entry.dealer is not None else dataclasses.replace(entry, dealer=dealer)
        return dataclasses.replace(self, entries=tuple(fixed.get(e.id, e) for e in self.entries))

    def rescheduled_from(self, entry_id: str) -> Scoresheet:
        """This sheet with hand ``entry_id`` and every later hand dealt as the results before them make it
        (R9.3): a hand whose dealer does not follow gets the scheduled one, the others keep theirs."""
        start = self._index(entry_id)
        _, played = _compute(self, reschedule_from=start)
        return dataclasses.replace(self, entries=played)

    def delete(self, entry_id: str) -> Scoresheet:
        """This sheet without the entry ``entry_id`` (already gone: unchanged); the results of later hands are
        recomputed, and they keep their dealers."""
        if not any(e.id == entry_id for e in self.entries):
            return self
        return dataclasses.replace(self, entries=tuple(e for e in self.entries if e.id != entry_id),
                                   removed_ids=(*self.removed_ids, entry_id))

    def undo(self) -> Scoresheet:
        """This sheet without its last entry."""
        if not self.entries:
            raise ScoresheetError("entries", Reason(None, N_("there is no hand to undo")))
        return self.delete(self.entries[-1].id)

    def time_up_winner(self) -> int | None:
        """R9.5: the winner when the time limit is reached now (the winner, if the match is over)."""
        state = self.state
        return state.winner if state.over else time_up_winner(state.levels, state.on_stage)

    def _index(self, entry_id: str) -> int:
        for index, entry in enumerate(self.entries):
            if entry.id == entry_id:
                return index
        raise ScoresheetError("id", Reason(None, N_("this hand is no longer on the sheet"), id=entry_id))

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "team_names": list(self.team_names),
            "player_names": None if self.player_names is None else list(self.player_names),
            "starting_levels": list(self.starting_levels),
            "first_dealer": self.first_dealer,
            "entries": [entry.to_dict() for entry in self.entries],
            "removed_ids": list(self.removed_ids),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scoresheet:
        if not isinstance(data, dict):
            raise ScoresheetError("scoresheet", Reason(None, N_("must be an object; got %(value)s"), value=repr(data)))
        data = dict(data)
        if data.pop("version", FORMAT_VERSION) != FORMAT_VERSION:
            raise ScoresheetError("version", Reason(None, N_("not a known scoresheet format; expected %(version)s"),
                                                    version=FORMAT_VERSION))
        _known("scoresheet", data, cls)
        if "rules" in data:
            try:
                data["rules"] = Rules.from_dict(data["rules"])
            except Refusal as error:
                raise ScoresheetError("rules", error.reason) from None
        entries = data.get("entries", [])
        if not isinstance(entries, list):
            raise ScoresheetError("entries", Reason(None, N_("must be a list")))
        data["entries"] = tuple(HandEntry.from_dict(entry) for entry in entries)
        return cls(**data)


def step_down(level: str, count: int) -> str:
    """``level`` lowered by ``count`` (R11); never below 2, where levels start (R9.1).

    >>> step_down("J", 2), step_down("3", 2)
    ('9', '2')
    """
    return RANKS[max(RANKS.index(level) - count, 0)]


def _compute(sheet: Scoresheet, reschedule_from: int | None = None) -> tuple[Tally, tuple[HandEntry, ...]]:
    """Every hand's score, and the entries as played, each with its dealer: an entry without one gets the
    scheduled dealer (R9.3), and so, from index ``reschedule_from`` on, does one whose dealer does not follow."""
    rules = sheet.rules
    state = _state(rules, 1, sheet.starting_levels, sheet.first_dealer, (0, 0), None, None)
    hands: list[HandScore] = []
    played: list[HandEntry] = []
    for index, entry in enumerate(sheet.entries):
        number = index + 1
        if state.winner is not None:
            raise ScoresheetError("entries", Reason(state.ended_by, N_(
                "the match would end after hand %(number)s (%(team)s won, %(clause)s), but later hands are "
                "recorded"), number=number - 1, team=sheet.team_names[state.winner]), number)
        dealer = entry.dealer
        rescheduling = reschedule_from is not None and index >= reschedule_from
        if dealer is None or (rescheduling and not _follows(dealer, state.dealer, rules)):
            if state.dealer is None:
                raise ScoresheetError("dealer", Reason("R8.3", N_(
                    "nobody is scheduled to deal this hand: the first declaration decides (R8.3); choose who "
                    "dealt")), number)
            dealer = state.dealer
            entry = dataclasses.replace(entry, dealer=dealer)
        played.append(entry)
        hands.append(_score_hand(number, entry, dealer, rules, state))
        state = hands[-1].after
    return Tally(tuple(hands), state), tuple(played)


def _score_hand(number: int, entry: HandEntry, dealer: int, rules: Rules, before: State) -> HandScore:
    """The result of a hand dealt by ``dealer`` (its entry's)."""
    _check_options(number, entry, rules)
    declarers = team_of(dealer)
    level = before.levels[declarers]  # R2.1 (and R8.7: the declaring opponents play their own level)
    multiplier = 0
    if entry.last_lead is not None:
        length = entry.tractor_pairs if entry.last_lead == "tractor" else 1
        multiplier = multiplier_for(LEAD_FORMATS[entry.last_lead], length, rules.kitty_multiplier)
    failed = entry.failed_throw_cards
    penalty = (throw_penalty(failed[declarers], True, rules)
               + throw_penalty(failed[1 - declarers], False, rules))
    settled = settle(rules, before.levels, dealer, entry.trick_points, entry.kitty_points, multiplier, penalty,
                     _miscount_outcome(entry, declarers))
    winner, ended_by, held_at = None, None, None
    climber = settled.climber
    if settled.match_winner is not None:
        winner, ended_by = settled.match_winner, "R9.4"
    elif climber is not None:
        held_at = _held_at(before.levels[climber], settled.steps, rules, settled.side == DECLARERS,
                           settled.levels_after[climber])
    # R11: each wrong follow or taken-back card costs the offending team a level after the hand.
    lost = entry.offences
    levels = [step_down(settled.levels_after[team], lost[team]) for team in (0, 1)]
    offences = (before.offences[0] + lost[0], before.offences[1] + lost[1])
    losers = [team for team in (0, 1) if offences[team] >= OFFENCES_TO_LOSE]
    if losers:
        # R11's third offence happened during the hand, so it decides before an R9.4 win at its end;
        # both teams at their third in one hand: R9.5's rule, with the declarers of this hand on stage.
        winner = 1 - losers[0] if len(losers) == 1 else time_up_winner(levels, declarers)
        ended_by = "R11"
    dealer_next = None if settled.side == RECONTEST else settled.next_dealer
    after = _state(rules, number + 1, (levels[0], levels[1]), dealer_next, offences, winner, ended_by)
    trump = None if entry.trump is None else Trump(level, entry.trump)
    return HandScore(number, entry.id, dealer, before.dealer, _follows(dealer, before.dealer, rules), declarers,
                     level, trump, multiplier, settled.kitty_bonus, penalty, settled.defender_points, settled.side,
                     settled.steps, held_at, lost, after)


def _check_options(number: int, entry: HandEntry, rules: Rules) -> None:
    """Penalties are recorded only under rules that charge them."""
    if any(entry.failed_throw_cards) and not rules.throw_penalty_per_card:
        raise ScoresheetError("failed_throw_cards",
                              Reason("R4.5", N_("these rules charge no throw penalty (R4.5)")), number)
    for name in ("wrong_follows", "taken_back", "wrong_card_count"):
        if any(getattr(entry, name)) and not rules.physical_penalties:
            raise ScoresheetError(name, Reason("R11", N_("these rules have no physical-game penalties (R11)")),
                                  number)


def _follows(dealer: int, scheduled: int | None, rules: Rules) -> bool:
    """Whether ``dealer`` may deal a hand the results before it give to ``scheduled`` (R9.3): anyone when
    nobody is scheduled (R8.3, R11 re-contest), else the scheduled dealer or, when the opponents may
    declare first, one of them: the declaring player deals (R8.7)."""
    return (scheduled is None or dealer == scheduled
            or (rules.who_may_declare == "dealer_team_first" and team_of(dealer) != team_of(scheduled)))


def _miscount_outcome(entry: HandEntry, declarers: int) -> tuple[str, int] | None:
    """R11's wrong card count voids the hand's points and decides instead of R9.2 (``None``: it does not)."""
    miscounted = entry.wrong_card_count
    if all(miscounted):
        return RECONTEST, 0  # R11: both offending: no change, the next hand is re-contested.
    if miscounted[declarers]:
        return DEFENDERS, 1  # R11: the declarers step down, the defenders go up 1.
    if miscounted[1 - declarers]:
        return DECLARERS, 1  # R11: the declarers go up 1 and keep the stage.
    return None


def _held_at(start: str, steps: int, rules: Rules, declaring: bool, reached: str) -> str | None:
    """R9.4: the level a climb stopped at, if it is short of where ``steps`` would lead without stops."""
    free = dataclasses.replace(rules, must_play=(), match_end="cycle")
    return reached if climb(start, steps, free, declaring)[0] != reached else None


def _state(rules: Rules, hand_number: int, levels: tuple[str, str], dealer: int | None,
           offences: tuple[int, int], winner: int | None, ended_by: str | None) -> State:
    level = None if dealer is None else levels[team_of(dealer)]
    return State(hand_number, levels, dealer, level, level in stop_levels(rules),
                 level is not None and level == END_LEVEL.get(rules.match_end), offences, winner, ended_by)


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScoresheetError(name, Reason(None, N_("must be a whole number from %(low)s to %(high)s; got "
                                                    "%(value)s"), low=low, high=high, value=repr(value)))
    return value


def _points(name: str, value: Any, high: int) -> None:
    _whole(name, value, 0, high)
    if value % 5:
        raise ScoresheetError(name, Reason("R9.2", N_("must be a multiple of 5 (R9.2); got %(value)s"), value=value))


def _flag(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise ScoresheetError(name, Reason(None, N_("must be true or false; got %(value)s"), value=repr(value)))


def _seat(name: str, value: Any) -> None:
    _whole(name, value, 0, 3)


def _pair(name: str, value: Any) -> tuple[Any, Any]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ScoresheetError(name, Reason(None, N_("must be two values, one per team; got %(value)s"),
                                           value=repr(value)))
    return tuple(value)


def _names(name: str, value: Any, count: int, blank: bool) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) != count:
        raise ScoresheetError(name, Reason(None, N_("must be %(count)s names; got %(value)s"), count=count,
                                           value=repr(value)))
    names = tuple(n.strip() if isinstance(n, str) else n for n in value)
    for n in names:
        if not isinstance(n, str) or len(n) > MAX_NAME or (not n and not blank):
            template = N_("at most %(high)s characters each") if blank else N_(
                "each needs a name of at most %(high)s characters")
            raise ScoresheetError(name, Reason(None, template, high=MAX_NAME, value=repr(n)))
    return names


def _known(what: str, data: dict[str, Any], cls: type) -> None:
    unknown = set(data) - {f.name for f in dataclasses.fields(cls) if f.init}
    if unknown:
        raise ScoresheetError(what, Reason(None, N_("unknown field(s): %(names)s"), names=", ".join(sorted(unknown))))
