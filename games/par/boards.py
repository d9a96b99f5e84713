"""Community-card boards up to the names of the suits, for the exact Hold 'Em par sheet.

Renaming the four suits changes no hand's rank, so every board is counted through one board of
its kind, the *canonical* board (suits renamed so that their rank masks come in descending
order), weighted by the number of boards of that kind. Of the cards left to deal, cards "play
alike" (the same *type*) when they have the same rank and their suit cannot make a flush any
more, or is the same flush suit: a board's every hand's rank is then a function of the types.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from games.par.poker import colex

_SHIFTS = np.array([39, 26, 13, 0], np.int64)  # the four rank masks packed in one key
RANK_OF = np.arange(52) >> 2
SUIT_OF = np.arange(52) & 3


def combos(n: int, k: int) -> np.ndarray:
    """Every k-card combination of n cards, ascending, in lexicographic order."""
    return np.fromiter((c for combo in combinations(range(n), k) for c in combo), np.int64,
                       count=comb(n, k) * k).reshape(-1, k)


def suit_masks(cards: np.ndarray) -> np.ndarray:
    """(N, 4) rank masks of each suit of (N, k) cards."""
    bits = np.int64(1) << RANK_OF[cards]
    suits = SUIT_OF[cards]
    return np.stack([np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)


def canonical(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each board's canonical key (its suits' rank masks, sorted descending, packed) and the
    renaming ``new_suit[board, old suit]`` that carries it onto its canonical board."""
    masks = suit_masks(cards)
    order = np.argsort(-masks, axis=1, kind="stable")  # canonical suit i is old suit order[i]
    key = (np.take_along_axis(masks, order, axis=1) << _SHIFTS).sum(axis=1)
    new_suit = np.empty_like(order)
    np.put_along_axis(new_suit, order, np.broadcast_to(np.arange(4), order.shape), axis=1)
    return key, new_suit


def cards_of(keys: np.ndarray, k: int) -> np.ndarray:
    """The (N, k) ascending cards of canonical keys."""
    cards = [np.where((keys >> _SHIFTS[s]) >> r & 1, r * 4 + s, 99)
             for r in range(13) for s in range(4)]
    return np.sort(np.stack(cards, axis=1), axis=1)[:, :k]


def rename(cards: np.ndarray, new_suit: np.ndarray) -> np.ndarray:
    """Cards with their suits renamed by ``new_suit`` (one row of it per row of cards)."""
    renamed: np.ndarray = (cards & ~3) | np.take_along_axis(new_suit, cards & 3, axis=1)
    return renamed


@cache
def kinds(k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every k-card board's canonical board: (canonical keys sorted, how many boards each
    stands for, each board's canonical number by its colex index, each board's renaming)."""
    boards = combos(52, k)
    key, new_suit = canonical(boards)
    keys, number, weight = np.unique(key, return_inverse=True, return_counts=True)
    by_colex = np.empty(len(boards), np.int64)
    renaming = np.empty((len(boards), 4), np.int64)
    index = colex(boards)
    by_colex[index], renaming[index] = number, new_suit
    return keys, weight, by_colex, renaming


def remaining(boards: np.ndarray) -> np.ndarray:
    """The (N, 52 - k) cards not on each board, ascending."""
    on = np.zeros((len(boards), 52), bool)
    np.put_along_axis(on, boards, True, axis=1)
    return np.broadcast_to(np.arange(52), on.shape)[~on].reshape(len(boards), -1)


def pair_index(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Unordered pairs (a <= b) of n types, and the (n, n) table of their numbers."""
    pairs = np.array([(a, b) for a in range(n) for b in range(a, n)], np.int64)
    table = np.zeros((n, n), np.int64)
    table[pairs[:, 0], pairs[:, 1]] = table[pairs[:, 1], pairs[:, 0]] = np.arange(len(pairs))
    return pairs, table


def hole_classes() -> tuple[np.ndarray, list[str]]:
    """The 169 kinds of two-card hands (a pair, two ranks suited, two ranks offsuit) of each
    of the 1,326 holes by colex index, and their names ("A-K suited")."""
    from games.cards import RANKS

    names = [f"{RANKS[r]}-{RANKS[r]}" for r in range(12, -1, -1)]
    number = {}
    for hi in range(12, -1, -1):
        for lo in range(hi - 1, -1, -1):
            for suited in (True, False):
                number[hi, lo, suited] = len(names)
                names.append(f"{RANKS[hi]}-{RANKS[lo]} {'suited' if suited else 'offsuit'}")
    holes = combos(52, 2)
    out = np.empty(len(holes), np.int64)
    for (x, y), i in zip(holes.tolist(), colex(holes).tolist(), strict=True):
        hi, lo = max(x >> 2, y >> 2), min(x >> 2, y >> 2)
        out[i] = 12 - hi if hi == lo else number[hi, lo, (x & 3) == (y & 3)]
    return out, names
