"""Let It Ride and Texas Hold 'Em Bonus settlement (§643a.11, §647a.11), in rounds per second.

A Let It Ride round is seven players letting all three $5 bets ride; a Hold 'Em round is six
players each playing Ante, Flop, Turn and River. Both go through ``games.settle`` (request
validation and JSON-ready output included). The baseline, measured in the same run on the
same rounds, does the same job another way: one request per seat (benchmarks/baselines.py).
Every seat's net is also checked against a naive reference written here, untimed, that settles
only those wagers: it ranks a hand by sorting and counting, and a Hold 'Em hand by ranking all
21 five-card subsets of its seven cards; the engine and the reference must agree, or the
benchmark fails.
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from itertools import combinations

from benchmarks.baselines import settle_figure
from games.cards import card_str
from games.paytables import catalog

ROUNDS = 300
SEED = 643
BET = Decimal("5.00")
NAMES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
         "full_house", "four_of_a_kind", "straight_flush", "royal_flush")
TEN, STRAIGHT = 8, 4


def _rank5(cards) -> tuple:
    """A comparable five-card hand: (category, tie-break ranks)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ordered = tuple(r for r, _ in groups)
    flush = len({c & 3 for c in cards}) == 1
    high = None
    if len(shape) == 5 and ordered[0] - ordered[4] == 4:
        high = ordered[0]
    elif ordered == (12, 3, 2, 1, 0):
        high = 3
    if high is not None and flush:
        return (9 if high == 12 else 8, high)
    kinds = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    if shape in ((4, 1), (3, 2)):
        return (kinds[shape], *ordered)
    if flush:
        return (5, *ranks)
    if high is not None:
        return (4, high)
    return (kinds.get(shape, 0), *ordered)


def _deals(seats: int, hole: int, board: int) -> list[tuple[list[list[int]], list[int]]]:
    rng = random.Random(SEED)
    deals = []
    for _ in range(ROUNDS):
        deck = rng.sample(range(52), seats * hole + board + 2)
        hands = [deck[i * hole:(i + 1) * hole] for i in range(seats)]
        deals.append((hands, deck[seats * hole:]))
    return deals


def _lir_payload(hands, rest) -> dict:
    wagers = {"bet_1": "5.00", "bet_2": "5.00", "bet_3": "5.00"}
    return {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
            "community": [card_str(c) for c in rest[:2]],
            "positions": [{"seat": i + 1, "cards": [card_str(c) for c in h], "wagers": wagers}
                          for i, h in enumerate(hands)]}


def _lir_naive(hands, rest) -> list[Decimal]:
    table = catalog().get("let_it_ride.bet_3.common_1000")
    nets = []
    for h in hands:
        key = _rank5([*h, *rest[:2]])
        name = NAMES[key[0]]
        if key[0] == 1:
            name = "pair_of_tens_or_better" if key[1] >= TEN else "pair"
        row = table.row(name)
        nets.append(3 * (BET * row.value if row else -BET))
    return nets


def _thb_payload(hands, rest) -> dict:
    wagers = {"ante": "5.00", "flop": "10.00", "turn": "5.00", "river": "5.00"}
    return {"game": "texas_holdem_bonus", "options": {"ante_pays_on": "straight_or_better"},
            "dealer": [card_str(c) for c in rest[5:7]],
            "community": [card_str(c) for c in rest[:5]],
            "positions": [{"seat": i + 1, "cards": [card_str(c) for c in h], "wagers": wagers}
                          for i, h in enumerate(hands)]}


def _thb_naive(hands, rest) -> list[Decimal]:
    dealer = max(_rank5(five) for five in combinations([*rest[5:7], *rest[:5]], 5))
    nets = []
    for h in hands:
        mine = max(_rank5(five) for five in combinations([*h, *rest[:5]], 5))
        if mine < dealer:
            nets.append(-5 * BET)
        elif mine == dealer:
            nets.append(Decimal("0.00"))
        else:
            nets.append(4 * BET + (BET if mine[0] >= STRAIGHT else 0))
    return nets


def _measure(deals, payload, naive) -> dict:
    figure, settled = settle_figure([payload(*d) for d in deals])
    for result, d in zip(settled, deals, strict=True):
        got, nets = [Decimal(p["net"]) for p in result["positions"]], naive(*d)
        if got != nets:
            raise AssertionError(f"engine {got} != reference {nets}")
    return figure


def run() -> dict:
    return {
        "let_it_ride.settle": _measure(_deals(7, 3, 2), _lir_payload, _lir_naive),
        "texas_holdem_bonus.settle": _measure(_deals(6, 2, 5), _thb_payload, _thb_naive),
    }


if __name__ == "__main__":
    print(run())
