"""How the Three Card Poker tests play a round: the table's options (Ante Bonus A, Pair Plus D,
Six Card Bonus posted_1, the trips Three-Card Progressive, Five-Card and 5 of 6 Progressive M),
the settle call, and the lines of a seat's answer."""

import pytest

import games
from games.errors import InvalidRound

OPTIONS = {"ante_bonus": "A", "pair_plus": "D", "six_card_bonus": "posted_1",
           "three_card_progressive": "trips", "five_card_progressive": "M",
           "five_of_six_progressive": "M"}


def play(positions, dealer, *, options=None, **extra):
    payload = {"game": "three_card_poker", "dealer": dealer, "positions": positions,
               "options": {**OPTIONS, **(options or {})}, **extra}
    return games.settle(payload)


def seat(n, cards, **wagers):
    return {"seat": n, "cards": cards, "wagers": wagers}


def lines(result, seat_no, wager):
    pos = next(p for p in result["positions"] if p["seat"] == seat_no)
    return [line for line in pos["lines"] if line["wager"] == wager]


def line(result, seat_no, wager):
    (found,) = lines(result, seat_no, wager)
    return found


def refused(positions, dealer, **kw) -> dict:
    with pytest.raises(InvalidRound) as e:
        play(positions, dealer, **kw)
    return e.value.errors
