"""Every seven-card hand of the 53-card Pai Gow deck (§645a.2(b)), 154,143,080 of them, counted
by kind for the exact par sheets of the optional wagers and the house way.

Of seven cards (six and the joker), at most one suit holds five or more (four or more with the
joker): the only suit that can make a flush. Every hand the seven cards form (§645a.6,
``rankings.seven_card_hands``), the Queen's Dragon (§645a.1) and the house way's setting
depend only on the ranks held, the joker, which ranks are of that suit, and, when two cards
lie outside it, whether those two are an ace-queen or a king-queen of one suit (a royal
match, an ace-queen suited): the hand's *kind*. Each kind is asked of the engine once, on one hand of it, and weighted by the number of
hands of that kind (suits chosen for each rank, by binomial coefficients).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Any

import numpy as np

from games.cards import ACE, JOKER, KING, QUEEN
from games.pai_gow_poker.rankings import is_queens_dragon, seven_card_hands

HANDS = comb(53, 7)
_POWERS = 5 ** np.arange(14, dtype=np.int64)  # rank counts in base 5; 5**13 is the joker
_MATCHES = ((QUEEN, ACE), (QUEEN, KING))  # suited beside a flush: §645a.6(f)-(g) hands


def kind_keys(hands: np.ndarray) -> np.ndarray:
    """The kind of each of (N, 7) hands (cards 0..51, the joker 52) as one int64: the rank
    counts and joker, the flush suit's rank mask, and whether the two cards outside it are an
    ace-queen or king-queen suited."""
    hands = np.asarray(hands, np.int64)
    joker = (hands == JOKER).any(axis=1)
    natural = hands != JOKER
    ranks, suits = hands >> 2, hands & 3
    counts = np.where(natural, _POWERS[np.minimum(ranks, 12)], 0).sum(axis=1)
    counts += np.where(joker, _POWERS[13], 0)
    in_suit = np.stack([(natural & (suits == s)).sum(axis=1) for s in range(4)], axis=1)
    flush_suit = in_suit.argmax(axis=1)
    has_flush = in_suit.max(axis=1) >= 5 - joker
    of_flush = natural & (suits == flush_suit[:, None]) & has_flush[:, None]
    mask = np.where(of_flush, np.int64(1) << np.minimum(ranks, 12), 0).sum(axis=1)
    outside = natural & ~of_flush
    two_out = has_flush & (outside.sum(axis=1) == 2)
    out_suits = np.where(outside, suits, -1)
    out_ranks = np.where(outside, ranks, -1)
    hi_suit, lo_suit = out_suits.max(axis=1), np.where(outside, suits, 9).min(axis=1)
    hi_rank, lo_rank = out_ranks.max(axis=1), np.where(outside, ranks, 99).min(axis=1)
    suited = two_out & (hi_suit == lo_suit) & (lo_rank == QUEEN) & (
        (hi_rank == ACE) | (hi_rank == KING))
    keys: np.ndarray = (counts << 14) | (mask << 1) | suited
    return keys


def _cards(ranks_suits: list[tuple[int, int]], joker: bool) -> tuple[int, ...]:
    return tuple(r * 4 + s for r, s in ranks_suits) + ((JOKER,) if joker else ())


def _kinds() -> tuple[list[tuple[int, ...]], list[int]]:
    """One hand of every kind and the number of hands of that kind."""
    hands, weights = [], []
    # Hands with a flush suit, by the joker and their rank counts.
    flush_ways: Counter[tuple[bool, tuple[int, ...]]] = Counter()
    for joker in (False, True):
        naturals, least = 7 - joker, 5 - joker
        for size in range(least, naturals + 1):
            for flush in combinations(range(13), size):
                left = naturals - size
                rests = ([((), 1)] if left == 0 else [(((r, 1),), 3) for r in range(13)]
                         if left == 1 else _two_outside())
                for rest, ways in rests:
                    cards = [(r, 0) for r in flush] + list(rest)
                    hands.append(_cards(cards, joker))
                    weights.append(4 * ways)
                    flush_ways[joker, tuple(sorted(r for r, _ in cards))] += 4 * ways
        for ranks in combinations_with_replacement(range(13), naturals):
            counts = Counter(ranks)
            if max(counts.values()) > 4:
                continue
            ways = prod(comb(4, n) for n in counts.values()) - flush_ways[joker, ranks]
            if ways:  # no suit can make a flush: the cards dealt round the suits in turn
                hands.append(_cards([(r, i % 4) for i, r in enumerate(ranks)], joker))
                weights.append(ways)
    return hands, weights


def _two_outside() -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Two cards of the other three suits: a pair (3 ways), or two ranks (9 ways), an ace and
    a queen or a king and a queen suited (3 ways) or not (6) apart."""
    out: list[tuple[tuple[tuple[int, int], ...], int]] = [
        (((r, 1), (r, 2)), 3) for r in range(13)]
    for a, b in combinations(range(13), 2):
        if (a, b) in _MATCHES:
            out += [(((a, 1), (b, 1)), 3), (((a, 1), (b, 2)), 6)]
        else:
            out.append((((a, 1), (b, 2)), 9))
    return out


@cache
def kinds() -> dict[str, Any]:
    """Every kind: one hand of it (cards), its weight, its key, the hands it forms
    (``seven_card_hands``, the engine's) and whether it is a Queen's Dragon, sorted by key."""
    hands, weights = _kinds()
    cards = np.array(hands, np.int64)
    keys = kind_keys(cards)
    order = np.argsort(keys)
    weight = np.array(weights, np.int64)[order]
    if weight.sum() != HANDS or len(np.unique(keys)) != len(keys):
        raise AssertionError("the kinds do not count every seven-card hand once")
    cards = cards[order]
    formed = [seven_card_hands(h) for h in cards.tolist()]
    dragon = np.array([is_queens_dragon(h) for h in cards.tolist()])
    return {"cards": cards, "weight": weight, "keys": keys[order], "formed": formed,
            "queens_dragon": dragon}


@cache
def formed_counts() -> tuple[tuple[frozenset[str], int], ...]:
    """How many of the 154,143,080 hands form exactly each set of hands."""
    found = kinds()
    tally: Counter[frozenset[str]] = Counter()
    for formed, weight in zip(found["formed"], found["weight"].tolist(), strict=True):
        tally[formed] += weight
    return tuple(tally.items())


def kind_numbers(hands: np.ndarray) -> np.ndarray:
    """Each hand's kind's position in ``kinds()``."""
    keys = kinds()["keys"]
    found = kind_keys(hands)
    where = np.searchsorted(keys, found)
    if not (keys[np.minimum(where, len(keys) - 1)] == found).all():
        raise AssertionError("a hand of no kind")
    return where
