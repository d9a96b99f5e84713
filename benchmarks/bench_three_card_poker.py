"""Three Card Poker settlement (§649a.11), in rounds per second.

A round is a full table of seven players, each with Ante (folding below Q-6-4, the usual
strategy), Pair Plus and Six Card Bonus, settled through ``games.settle`` (request validation
and JSON-ready output included). The baseline, measured in the same run on the same rounds, does
the same job another way: one request per seat (benchmarks/baselines.py). Every seat's net is
also checked against a naive reference written here, untimed: it ranks three-card hands by
sorting and counting, and each Six Card Bonus hand by ranking all six five-card subsets of the
six cards; the engine and the reference must agree, or the benchmark fails.
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from itertools import combinations

from benchmarks.baselines import settle_figure
from games.cards import card_str
from games.paytables import catalog

ROUNDS = 400
SEED = 649
OPTIONS = {"ante_bonus": "A", "pair_plus": "D", "six_card_bonus": "posted_1"}
WAGER = Decimal("5.00")
FIVE_NAMES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush", "royal_flush")
THREE_NAMES = ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush")


def _three(cards: list[int]) -> tuple:
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    straight = ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3 or ranks == [12, 1, 0]
    top = 1 if ranks == [12, 1, 0] else ranks[0]
    if len(set(ranks)) == 1:
        return (4, ranks[0])
    if straight:
        return (5 if flush else 3, top)
    if len(set(ranks)) == 2:
        pair = ranks[1]
        return (1, pair, ranks[0] + ranks[2] - pair)
    return (2 if flush else 0, *ranks)


def _five_category(cards: tuple[int, ...]) -> int:
    counts = sorted(Counter(c >> 2 for c in cards).values(), reverse=True)
    ranks = sorted({c >> 2 for c in cards})
    flush = len({c & 3 for c in cards}) == 1
    straight = len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if straight and flush:
        return 9 if ranks[0] == 8 else 8
    shape = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    if flush:
        return 5
    if straight:
        return 4
    return shape.get(tuple(counts), 0)


def _pay(amount: Decimal, wager: str, name: str, hand: str) -> Decimal | None:
    table = catalog().resolve("three_card_poker", wager, name)
    row = next((r for r in table.rows if r.hand == hand), None)
    return None if row is None else amount * row.value


def naive_settle(deal: dict) -> list[Decimal]:
    """Each seat's net by the rules of §649a.11(b)-(c), worked out directly."""
    dealer = deal["dealer"]
    house = _three(dealer)
    qualifies = house[0] > 0 or dealer and max(c >> 2 for c in dealer) >= 10
    nets = []
    for cards, plays in deal["seats"]:
        mine = _three(cards)
        net = Decimal(0)
        if not plays:
            net -= 2 * WAGER  # §649a.11(b)(1): Ante and Pair Plus forfeited
        else:
            if not qualifies:
                net += WAGER
            elif mine > house:
                net += 2 * WAGER
            elif mine < house:
                net -= 2 * WAGER
            bonus = _pay(WAGER, "ante_bonus", "A", THREE_NAMES[mine[0]])
            net += bonus or 0
            pair_plus = _pay(WAGER, "pair_plus", "D", THREE_NAMES[mine[0]])
            net += -WAGER if pair_plus is None else pair_plus
        best = max(_five_category(five) for five in combinations(cards + dealer, 5))
        six = _pay(WAGER, "six_card_bonus", "posted_1", FIVE_NAMES[best])
        if six is None and best == 9:
            six = _pay(WAGER, "six_card_bonus", "posted_1", "straight_flush")
        net += -WAGER if six is None else six
        nets.append(net)
    return nets


def _plays(cards: list[int]) -> bool:
    """Play Q-6-4 or better."""
    return _three(cards) >= (0, 10, 4, 2)


def deals(rng: random.Random) -> list[dict]:
    result = []
    for _ in range(ROUNDS):
        cards = rng.sample(range(52), 24)
        seats = [(cards[3 * i:3 * i + 3], _plays(cards[3 * i:3 * i + 3])) for i in range(7)]
        result.append({"dealer": cards[21:24], "seats": seats})
    return result


def payload(deal: dict) -> dict:
    positions = []
    for i, (cards, plays) in enumerate(deal["seats"]):
        wagers = {"ante": "5.00", "pair_plus": "5.00", "six_card_bonus": "5.00"}
        if plays:
            wagers["play"] = "5.00"
        positions.append({"seat": i + 1, "cards": [card_str(c) for c in cards],
                          "wagers": wagers})
    return {"game": "three_card_poker", "options": OPTIONS, "positions": positions,
            "dealer": [card_str(c) for c in deal["dealer"]]}


def run() -> dict:
    rounds = deals(random.Random(SEED))
    figure, settled = settle_figure([payload(d) for d in rounds])
    got = [[Decimal(p["net"]) for p in r["positions"]] for r in settled]
    if got != [naive_settle(d) for d in rounds]:
        raise AssertionError("the engine and the naive reference disagree on a seat's net")
    return {"three_card_poker.settle": figure}


if __name__ == "__main__":
    print(run())
