"""The common house way (``games.pai_gow_poker.house_way.common``, §645a.11(c)) for many hands
at once, with numpy: the high and low hands' strengths of each seven cards as ``set_hand``
sets them, for the Pai Gow Poker Wager's par sheet.

Same rules, same answers (tests hold it to ``set_hand`` hand by hand): the cards are ordered
as the house way groups them (largest group first, then highest rank; the joker last among the
aces), each shape of hand picks its high and low positions, and a straight or flush is chosen
among the 21 five-card hands by the best low hand it leaves, then the best high hand.
Strengths are those of ``rankings.high_strength`` (the wheel second highest) and
``rankings.low_strength``.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from games import batch
from games.cards import ACE, JOKER, KING, SEVEN, SIX, TEN, TWO
from games.hands import STRENGTH_COUNT, category
from games.pai_gow_poker import rankings
from games.pai_gow_poker.rankings import FIVE_ACES, STRAIGHT_OR_FLUSH, WHEEL_SECOND_HIGHEST

# games.hands strength -> Pai Gow strength (the wheel second highest), and five aces above all.
_ORDER = np.array([*rankings._ORDER[WHEEL_SECOND_HIGHEST], FIVE_ACES], np.int32)
_MAKES = np.array([category(s) in STRAIGHT_OR_FLUSH for s in range(STRENGTH_COUNT)] + [False])
_FIVES = np.array(list(combinations(range(7), 5)))
_LEFT = np.array([[i for i in range(7) if i not in c] for c in _FIVES])
_PAIR_BASE = 169


def low_strengths(cards: np.ndarray) -> np.ndarray:
    """``rankings.low_strength`` of (N, 2) cards: a pair above any two high cards."""
    r = np.where(cards == JOKER, ACE, cards >> 2)
    hi, lo = r.max(axis=1), r.min(axis=1)
    strengths: np.ndarray = np.where(hi == lo, _PAIR_BASE + hi, hi * 13 + lo)
    return strengths


def best_fives(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(Pai Gow strength, ``games.hands`` strength) of (N, 5) cards as ``rankings.best_five``
    plays them: the joker as any card not held that makes a straight or flush, or as an ace;
    four aces and the joker are five aces."""
    cards = np.asarray(cards, np.int64)
    strength = np.empty(len(cards), np.int64)
    joker = (cards == JOKER).any(axis=1)
    if (~joker).any():
        strength[~joker] = batch.strengths(cards[~joker])
    if joker.any():
        rest = np.sort(cards[joker], axis=1)[:, :4]  # the joker sorts last
        words = batch.CARD_WORDS[rest].sum(axis=1)[:, None] + batch.CARD_WORDS[None, :]
        masks = batch.CARD_SUIT_MASKS[rest].sum(axis=1)[:, None] + batch.CARD_SUIT_MASKS[None, :]
        tried = batch.strengths_of_sums(words.ravel(), masks.ravel(), 5).reshape(-1, 52)
        held = (rest[:, :, None] == np.arange(52)).any(axis=1)
        allowed = ~held & (_MAKES[tried] | ((np.arange(52) >> 2) == ACE))
        value = np.where(allowed, _ORDER[tried], -1)
        best = np.take_along_axis(tried, value.argmax(axis=1)[:, None], axis=1)[:, 0]
        aces = ((rest >> 2) == ACE).sum(axis=1) == 4
        strength[joker] = np.where(aces, FIVE_ACES, best)
    return _ORDER[strength].astype(np.int64), strength


def _grouped(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cards in the house way's group order, each card's group size and grouping rank."""
    rank = np.where(cards == JOKER, ACE, cards >> 2)
    size = (rank[:, :, None] == rank[:, None, :]).sum(axis=2)
    natural = cards != JOKER
    key = size * 4096 + rank * 256 + natural * 64 + np.where(natural, cards, 0)
    order = np.argsort(-key, axis=1, kind="stable")
    return (np.take_along_axis(cards, order, axis=1), np.take_along_axis(size, order, axis=1),
            np.take_along_axis(rank, order, axis=1))


def _positions(
    size: np.ndarray, rank: np.ndarray, makes: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each hand's high positions (five) and low positions (two) in group order, and whether
    a straight or flush is to be chosen instead."""
    n = len(size)
    high = np.tile(np.array([0, 1, 4, 5, 6]), (n, 1))
    low = np.tile(np.array([2, 3]), (n, 1))

    def put(mask: np.ndarray, h: list[int], lo: list[int]) -> None:
        high[mask], low[mask] = h, lo

    first, second = size[:, 0], size[:, 3]
    five = first == 5
    put(five & (size[:, 5] == 2) & (rank[:, 5] == KING), [0, 1, 2, 3, 4], [5, 6])
    put(five & ~((size[:, 5] == 2) & (rank[:, 5] == KING)), [0, 1, 2, 5, 6], [3, 4])
    four = first == 4
    beside = four & (size[:, 4] >= 2)
    put(beside, [0, 1, 2, 3, 6], [4, 5])
    singles = four & (size[:, 4] == 1)
    low_quads = (rank[:, 0] <= SIX) | ((rank[:, 0] <= TEN) & (rank[:, 4] == ACE))
    put(singles & low_quads, [0, 1, 2, 3, 6], [4, 5])
    put(singles & ~low_quads, [0, 1, 4, 5, 6], [2, 3])
    three = first == 3
    put(three & (second == 3), [2, 3, 4, 5, 6], [0, 1])
    full = three & (second == 2)
    put(full & (size[:, 5] == 2), [0, 1, 2, 5, 6], [3, 4])
    deuces = full & (size[:, 5] == 1) & (rank[:, 3] == TWO) & (rank[:, 5] == ACE) & (
        rank[:, 6] == KING)
    put(deuces, [0, 1, 2, 3, 4], [5, 6])
    put(full & (size[:, 5] == 1) & ~deuces, [0, 1, 2, 5, 6], [3, 4])
    trips = three & (second == 1)
    put(trips & (rank[:, 0] == ACE), [0, 1, 4, 5, 6], [2, 3])
    put(trips & (rank[:, 0] != ACE), [0, 1, 2, 5, 6], [3, 4])
    three_pair = (first == 2) & (size[:, 2] == 2) & (size[:, 4] == 2)
    put(three_pair, [2, 3, 4, 5, 6], [0, 1])
    two_pair = (first == 2) & (size[:, 2] == 2) & (size[:, 4] == 1)
    top, best_single = rank[:, 0], rank[:, 4]
    together = ((top >= SEVEN) & (top <= TEN) & (best_single == ACE)) | (
        (top <= SIX) & (best_single >= KING))
    put(two_pair & together, [0, 1, 2, 3, 6], [4, 5])
    put(two_pair & ~together, [0, 1, 4, 5, 6], [2, 3])
    put(first == 1, [0, 3, 4, 5, 6], [1, 2])  # one pair keeps the default positions
    choose = makes & (trips | ((first <= 2) & ~three_pair & ~two_pair))
    return high, low, choose


def common(cards: np.ndarray, makes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(high strength, low strength) of each of (N, 7) hands set by the common house way;
    ``makes``: whether the seven cards form a straight or a flush (``seven_card_hands``)."""
    cards = np.asarray(cards, np.int64)
    grouped, size, rank = _grouped(cards)
    high_at, low_at, choose = _positions(size, rank, np.asarray(makes, bool))
    high = best_fives(np.take_along_axis(grouped, high_at, axis=1))[0]
    low = low_strengths(np.take_along_axis(grouped, low_at, axis=1))
    if choose.any():
        picked = cards[choose]
        best = np.full(len(picked), -1, np.int64)
        for five, left in zip(_FIVES, _LEFT, strict=True):
            pai_gow, strength = best_fives(picked[:, five])
            ok = _MAKES[strength]
            key = np.where(ok, low_strengths(picked[:, left]) * 8192 + pai_gow, -1)
            best = np.maximum(best, key)
        high[choose], low[choose] = best % 8192, best // 8192
    return high, low

