"""How the craps tests settle a posting of rolls: on a fully automated electronic table with
Hot Roller A, Lucky Shooter A and Bonus Craps 1, and the lines of a seat's answer."""

import pytest

import games
from games.errors import InvalidRound

SEVEN = [1, 6]


def settle(rolls, wagers, options=None, seats=1):
    """On a fully automated electronic table, where Lucky Shooter is offered (§623b.2(a))."""
    payload = {
        "game": "craps",
        "options": {"electronic_table": True,
                    **(options or {"hot_roller": "A", "lucky_shooter": "A", "bonus_craps": "1"})},
        "rolls": rolls,
        "positions": [{"seat": s + 1, "wagers": wagers} for s in range(seats)],
    }
    return games.settle(payload)


def lines(result, wager, seat=0):
    return [line for line in result["positions"][seat]["lines"] if line["wager"] == wager]


def line(result, wager):
    (only,) = lines(result, wager)
    return only


def errors(payload):
    with pytest.raises(InvalidRound) as raised:
        games.settle(payload)
    return raised.value.errors


# Lucky Shooter's points, and the first worked example of §623b.2(d)(3), rolled by the Hot
# Roller and Lucky Shooter tests alike.
NINE, TEN, FOUR, SIX, EIGHT, FIVE = [4, 5], [4, 6], [1, 3], [2, 4], [2, 6], [1, 4]
# §623b.2(d)(3)(i): 9, then 10, 4, 6 and another 10 -> 3 of the other 5 points.
EXAMPLE_I = [NINE, TEN, FOUR, SIX, TEN]
