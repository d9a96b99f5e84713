"""Five-card strengths of many hands at once, with numpy: simulations and proofs by exhaustion.

Same tables and same answers as ``games.hands.strength`` (§649a.6(d), §643a.6(b)): a card's
rank key sits above its suit count in one word, so a hand's word is a sum of its cards' words.
The suit counts are 4 bits a suit, each started at 3, so bit 3 of a suit's field is set exactly
when that suit holds 5 or more cards: a flush. Non-flush hands, about 97% of seven-card hands,
cost one look-up in a dense table indexed by the rank-key sum; flushes one look-up in
``FLUSH`` by the flush suit's rank mask.

Settlement never uses this module: it serves the engine's proofs and benchmarks and any
simulation of a paytable. Callers pass distinct cards; only the card range is checked here.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from math import comb

import numpy as np

from games.errors import InvalidCards
from games.hands import CARD_KEYS, CATEGORY_STARTS, FLUSH, NONFLUSH, STRENGTH_COUNT, Category

_FIELD = 4  # bits per suit count
_START = 0x3333  # each suit count starts at 3: 3 + 5 sets the field's top bit
_FLUSH_BITS = 0x8888
_RANK_SHIFT = 16
_MASK_SHIFT = 16  # per-suit rank masks, 16 bits a suit (13 used)
CHUNK = 1 << 15  # hands per step: few Python calls, a working set near the L2 size
_SWEEP = CHUNK * 2  # five-card sums per step of the exhaustive count (one input array, not 7)

CARD_WORDS = np.array(
    [CARD_KEYS[c] << _RANK_SHIFT | 1 << _FIELD * (c & 3) for c in range(52)], np.int64
)
CARD_SUIT_MASKS = np.array([1 << (_MASK_SHIFT * (c & 3) + (c >> 2)) for c in range(52)], np.int64)
FLUSH_NP = np.array(FLUSH, np.int16)
# The top bit of a suit's field, shifted down by 3, names the suit: 1, 16, 256, 4096.
_FLUSH_MASK_SHIFT = np.zeros(1 + (_FLUSH_BITS >> 3), np.int64)
_FLUSH_MASK_SHIFT[[1 << _FIELD * s for s in range(4)]] = [_MASK_SHIFT * s for s in range(4)]
_CATEGORY_STARTS_NP = np.array(CATEGORY_STARTS, np.int16)


@cache
def nonflush_table(cards: int) -> np.ndarray:
    """``NONFLUSH[cards]`` as a dense array indexed by rank-key sum (under 16 MB for seven)."""
    keys = np.fromiter(NONFLUSH[cards].keys(), np.int64)
    table = np.zeros(keys.max() + 1, np.int16)
    table[keys] = np.fromiter(NONFLUSH[cards].values(), np.int16)
    return table


@cache
def _pool() -> ThreadPoolExecutor:
    """numpy releases the GIL inside its loops, so threads share chunks across the cores."""
    return ThreadPoolExecutor(os.cpu_count() or 1, thread_name_prefix="games-batch")


def pool() -> ThreadPoolExecutor:
    """The engine's worker threads, for other exhaustive counts (the par sheets)."""
    return _pool()


def strengths(hands: np.ndarray) -> np.ndarray:
    """Strengths (int16, as ``hands.strength``) of an (N, 5|6|7) int array of distinct cards."""
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
        raise InvalidCards(f"hands of shape {hands.shape}: expected (N, 5), (N, 6) or (N, 7)")
    if not np.issubdtype(hands.dtype, np.integer):
        raise InvalidCards(f"hands of dtype {hands.dtype}: cards are ints 0..51")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise InvalidCards("cards are ints 0..51 (rank * 4 + suit); the joker plays no Poker hand")
    table = nonflush_table(hands.shape[1])
    out = np.empty(len(hands), np.int16)
    starts = range(0, len(hands), CHUNK)
    if len(starts) < 2:
        _strengths_into(hands, out, table)
    else:
        steps = _pool().map(
            lambda s: _strengths_into(hands[s:s + CHUNK], out[s:s + CHUNK], table), starts
        )
        list(steps)
    return out


def _strengths_into(hands: np.ndarray, out: np.ndarray, table: np.ndarray) -> None:
    words = np.take(CARD_WORDS, hands.T).sum(axis=0)  # card by card: contiguous rows to add
    words += _START
    np.take(table, words >> _RANK_SHIFT, out=out, mode="clip")  # in range: "raise" would copy
    flushes = np.flatnonzero(words & _FLUSH_BITS)
    if flushes.size:
        masks = np.take(CARD_SUIT_MASKS, hands[flushes]).sum(axis=1)
        out[flushes] = _flush_strengths(words[flushes], masks)


def strengths_of_sums(words: np.ndarray, suit_masks: np.ndarray, cards: int) -> np.ndarray:
    """Strengths of ``cards``-card hands given as the sums of their cards' ``CARD_WORDS`` and
    ``CARD_SUIT_MASKS``: a board's sum is added once to every hand built on it (the par
    sheets' exhaustive counts), so no hand's cards are gathered again."""
    words = np.asarray(words, np.int64) + _START
    out = np.take(nonflush_table(cards), words >> _RANK_SHIFT, mode="clip")
    flushes = np.flatnonzero(words & _FLUSH_BITS)
    if flushes.size:
        out[flushes] = _flush_strengths(words[flushes], np.asarray(suit_masks)[flushes])
    return out


def _flush_strengths(words: np.ndarray, suit_masks: np.ndarray) -> np.ndarray:
    """Strengths of flush hands from their words and their per-suit rank masks."""
    shift = _FLUSH_MASK_SHIFT[(words & _FLUSH_BITS) >> 3]
    strengths: np.ndarray = FLUSH_NP[(suit_masks >> shift) & 0x1FFF]
    return strengths


def categories(hand_strengths: np.ndarray) -> np.ndarray:
    """``hands.category`` of each strength, as ints (``Category`` values)."""
    return np.searchsorted(_CATEGORY_STARTS_NP, hand_strengths, side="right") - 1


# Proof by exhaustion ---------------------------------------------------------------------


@cache
def _combination_sums(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Card words and suit masks summed over every ``size``-card combination of the deck, in
    lexicographic order, so the combinations above card ``c`` are the suffix from
    ``_first_above(size, c)``."""
    if size == 1:
        return CARD_WORDS, CARD_SUIT_MASKS
    words, masks = _combination_sums(size - 1)
    tails = [_first_above(size - 1, c) for c in range(52 - size + 1)]
    return (
        np.concatenate([words[t:] + CARD_WORDS[c] for c, t in enumerate(tails)]),
        np.concatenate([masks[t:] + CARD_SUIT_MASKS[c] for c, t in enumerate(tails)]),
    )


def _first_above(size: int, card: int) -> int:
    """Index of the first ``size``-card combination whose lowest card is above ``card``."""
    return comb(52, size) - comb(51 - card, size)


def every_hand_histogram(cards: int = 7) -> np.ndarray:
    """How many of all C(52, ``cards``) hands have each strength, every hand evaluated by the
    table look-ups: the lowest ``cards - 5`` cards are fixed and the five-card sums above them
    added, so no (N, 7) array of 134 million hands is ever built."""
    if cards not in (5, 6, 7):
        raise InvalidCards(f"{cards} cards: a five-card Poker hand is made from 5, 6 or 7")
    prefixes = [()] if cards == 5 else _prefixes(cards - 5)
    table, (words5, masks5) = nonflush_table(cards), _combination_sums(5)
    counts = _pool().map(lambda p: _histogram_above(p, table, words5, masks5), prefixes)
    total: np.ndarray = np.sum(list(counts), axis=0)
    return total


def _prefixes(size: int) -> list[tuple[int, ...]]:
    """The lowest one or two cards of every hand that has five cards above them."""
    if size == 1:
        return [(a,) for a in range(47)]
    return [(a, b) for a in range(46) for b in range(a + 1, 47)]


def _histogram_above(
    prefix: tuple[int, ...], table: np.ndarray, words5: np.ndarray, masks5: np.ndarray
) -> np.ndarray:
    """Histogram of the strengths of every hand made of ``prefix`` and five higher cards."""
    start = _first_above(5, prefix[-1]) if prefix else 0
    base_word = _START + int(CARD_WORDS[list(prefix)].sum())
    base_mask = int(CARD_SUIT_MASKS[list(prefix)].sum())
    counts = np.zeros(STRENGTH_COUNT, np.int64)
    for s in range(start, len(words5), _SWEEP):
        words = words5[s:s + _SWEEP] + base_word
        found = np.take(table, words >> _RANK_SHIFT)
        flushes = np.flatnonzero(words & _FLUSH_BITS)
        found[flushes] = _flush_strengths(words[flushes], masks5[s + flushes] + base_mask)
        counts += np.bincount(found, minlength=STRENGTH_COUNT)
    return counts


def category_counts(histogram: np.ndarray) -> dict[Category, int]:
    """Hands per category from a histogram of strengths."""
    bounds = [*CATEGORY_STARTS, STRENGTH_COUNT]
    return {cat: int(histogram[bounds[cat]:bounds[cat + 1]].sum()) for cat in Category}
