"""How the Pai Gow Poker tests play a round: one seat's seven cards against a dealer holding
none of them, a hand already set against the dealer's set hand, the lines of the answer, and
the hands several modules deal."""

from decimal import Decimal

import pytest

import games
from games.cards import parse_cards
from games.errors import InvalidRound

D = Decimal
WEAK_DEALER = ["Kc", "Qc", "9d", "7d", "5s", "3h", "2c"]  # king high, set K-7-5-3-2 / Q-9


def unused_dealer(*hands):
    """Seven cards no player holds: the dealer for rounds about the optional wagers."""
    taken = {x for h in hands for x in parse_cards(h, joker=True)}
    pool = parse_cards("2c 3c 4d 6d 8s Th Qd 2d 3d 5h 7h 9h Jh Kh 4h 6h 8h Qs Jd Ts")
    return [f"{'23456789TJQKA'[x >> 2]}{'shdc'[x & 3]}" for x in pool if x not in taken][:7]


def one_seat(cards, wagers, options=None, dealer=None, **seat):
    payload = {
        "game": "pai_gow_poker", "options": options or {},
        "dealer": dealer or unused_dealer(cards),
        "meters": seat.pop("meters", {}),
        "positions": [{"seat": 1, "cards": cards.split(), "wagers": wagers, **seat}],
    }
    return games.settle(payload)


def line(result, wager, seat_index=0):
    return next(x for x in result["positions"][seat_index]["lines"] if x["wager"] == wager)


def net(result, wager, seat_index=0):
    return line(result, wager, seat_index)["net"]


def errors(payload):
    with pytest.raises(InvalidRound) as e:
        games.settle(payload)
    return e.value.errors


EZ = {"ez_pai_gow": True}
