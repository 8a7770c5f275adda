"""Shared helpers for engine tests: compact card lists and decks that deal given cards."""

from __future__ import annotations

from collections import Counter

from engine import Card, Hand, Rules, Trump, full_deck, parse_cards

CLASSIC = Rules.preset("classic")
QQ = Rules.preset("qq_super")
COMPETITION = Rules.preset("competition")
BEIJING = Rules.preset("beijing")
PRESETS = {"classic": CLASSIC, "qq_super": QQ, "competition": COMPETITION, "beijing": BEIJING}


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def trump(spec: str) -> Trump:
    """``"10S"`` → level 10, spades trump; ``"10NT"`` → level 10, no-trump."""
    if spec.endswith("NT"):
        return Trump(spec[:-2], None)
    return Trump(spec[:-1], spec[-1])


def deck_with(hands: list[str], kitty: str = "", first_drawer: int = 0) -> list[Card]:
    """A 108-card deck in which seat ``s`` draws the cards ``hands[s]`` first (in order),
    and the kitty starts with ``kitty``; every other card is filled in index order."""
    wanted = [cards(h) for h in list(hands) + [""] * (4 - len(hands))]
    kitty_cards = cards(kitty)
    rest = Counter(full_deck())
    rest.subtract(Counter([c for h in wanted for c in h] + kitty_cards))
    if any(n < 0 for n in rest.values()):
        raise ValueError("a card is asked for more than twice")
    filler = [c for c in sorted(rest.elements())]
    per_seat = [list(h) for h in wanted]
    deck: list[Card] = []
    for k in range(100):
        seat = (first_drawer + k) % 4
        deck.append(per_seat[seat].pop(0) if per_seat[seat] else filler.pop(0))
    if any(per_seat):
        raise ValueError("a seat is given more than 25 cards")
    return deck + kitty_cards + filler[: 8 - len(kitty_cards)]


def twin(hand, seat: int, upto: int, rng) -> tuple[Hand, Hand] | None:
    """The finished ``hand`` replayed through its first ``upto`` actions (``Hand``), and again from a deck in which
    two cards other seats held unseen by ``seat`` are swapped — a hand ``seat`` cannot tell from the first
    (the same view), whose hidden cards differ. ``None`` if no such swap was found in a few tries."""
    setup = hand.setup_dict()

    def replayed(deck) -> Hand | None:
        again = Hand(hand.rules, deck, hand.levels, setup["dealer"], setup["first_drawer"], hand.hand_number)
        try:
            for entry in hand.log[:upto]:
                again.apply(entry.seat, entry.action)
        except ValueError:
            return None
        return again

    first = replayed(list(hand.deck))
    for _ in range(300):
        i, j = rng.sample(range(100), 2)  # dealt cards only: the kitty is the dealer's to see
        deck = list(hand.deck)
        deck[i], deck[j] = deck[j], deck[i]
        if deck[i] == deck[j]:
            continue
        second = replayed(deck)
        if second is not None and second.view(seat) == first.view(seat) and second.hands != first.hands:
            return first, second
    return None
