"""Poker hand rankings: five-card hands (best five of 5, 6 or 7 cards) and three-card hands.

Five-card ranks follow §649a.6(d) and §643a.6(b) (royal flush down to high card); ties are
broken by rank and then kickers, never by suit. A *strength* is a dense int, 0 (7-5-4-3-2
offsuit) to 7461 (royal flush): higher always wins, equal is a tie. There are exactly 7,462
distinct five-card strengths.

Three-card ranks follow §649a.6 and §643a.6(d): straight flush > three of a kind > straight >
flush > pair > high card, A-K-Q the top straight and A-2-3 the bottom one (three-high).

Evaluation is table driven: each rank has an additive key chosen so that the sum of the keys
of any 5, 6 or 7 cards names the rank multiset uniquely; a second small table holds every
flush. Building the tables takes a fraction of a second at import.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, repeat
from math import comb
from operator import sub

from games.cards import ACE, KING, QUEEN, RANKS, rank, suit
from games.errors import InvalidCards


class Category(IntEnum):
    """Five-card hand categories, lowest first (§649a.6(d), §643a.6(b))."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


class ThreeCardCategory(IntEnum):
    """Three-card hand categories, lowest first (§649a.6, §643a.6(d))."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


# Additive rank keys (2..A): any multiset of up to seven ranks with at most four of each has
# a distinct sum for a given number of cards. Verified when the tables are built.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Suit counts packed three bits a suit; FLUSH_SUIT[packed] is the suit with 5+ cards, or -1.
SUIT_SHIFT = (0, 3, 6, 9)
CARD_KEYS = tuple(RANK_KEYS[c >> 2] for c in range(52))
CARD_SUIT_KEYS = tuple(1 << SUIT_SHIFT[c & 3] for c in range(52))
CARD_BITS = tuple(1 << (c >> 2) for c in range(52))
WHEEL = (1 << ACE) | 0b1111  # A-2-3-4-5
# One word per card: rank key above 12 bits of packed suit counts, so one sum gives both.
_SUIT_BITS = 12
_CARD_WORDS = tuple(CARD_KEYS[c] << _SUIT_BITS | CARD_SUIT_KEYS[c] for c in range(52))
_SUIT_FIELD = (1 << _SUIT_BITS) - 1


def _straight_high(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1; the wheel is five-high."""
    run = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4  # lowest ranks of 5-card runs
    if run:
        return run.bit_length() + 3
    return 3 if mask & WHEEL == WHEEL else -1


def _descending_ranks() -> tuple[tuple[int, ...], ...]:
    """DESC[mask]: the ranks of a 13-bit mask, highest first."""
    desc: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 13):
        high = mask.bit_length() - 1
        desc.append((high, *desc[mask ^ 1 << high]))
    return tuple(desc)


DESC = _descending_ranks()
STRAIGHT_HIGH = tuple(_straight_high(m) for m in range(1 << 13))


def _flush_key(mask: int) -> tuple[int, ...]:
    """Best five-card hand from the ranks of one suit (five or more of them)."""
    high = STRAIGHT_HIGH[mask]
    if high == ACE:
        return (Category.ROYAL_FLUSH, high)
    if high >= 0:
        return (Category.STRAIGHT_FLUSH, high)
    return (Category.FLUSH, *DESC[mask][:5])


def _nonflush_key(present: int, pairs: int, trips: int, quads: int) -> tuple[int, ...]:
    """Best five-card hand, ignoring suits, of 5-7 cards given as rank masks: ranks present,
    ranks held exactly twice, three times and four times."""
    if quads:
        q = DESC[quads][0]
        return (Category.FOUR_OF_A_KIND, q, DESC[present & ~(1 << q)][0])
    if trips:
        t = DESC[trips][0]
        rest = (trips & ~(1 << t)) | pairs
        if rest:
            return (Category.FULL_HOUSE, t, DESC[rest][0])
    high = STRAIGHT_HIGH[present]
    if high >= 0:
        return (Category.STRAIGHT, high)
    if trips:
        t = DESC[trips][0]
        return (Category.THREE_OF_A_KIND, t, *DESC[present & ~(1 << t)][:2])
    if pairs & (pairs - 1):
        p1, p2 = DESC[pairs][:2]
        return (Category.TWO_PAIR, p1, p2, DESC[present & ~(1 << p1) & ~(1 << p2)][0])
    if pairs:
        p = DESC[pairs][0]
        return (Category.PAIR, p, *DESC[present & ~(1 << p)][:3])
    return (Category.HIGH_CARD, *DESC[present][:5])


def _rank_multisets(cards: int) -> list[tuple[int, ...]]:
    """Every multiset of ``cards`` ranks (5 to 7) holding at most four of each, sorted."""
    combos = combinations_with_replacement(range(13), cards)
    if cards == 5:
        return [r for r in combos if r[0] != r[4]]
    if cards == 6:
        return [r for r in combos if r[0] != r[4] and r[1] != r[5]]
    return [r for r in combos if r[0] != r[4] and r[1] != r[5] and r[2] != r[6]]


def _rank_key_sums(multisets: list[tuple[int, ...]]) -> list[int]:
    return list(map(sum, map(map, repeat(RANK_KEYS.__getitem__), multisets)))


def _count_masks(ranks: tuple[int, ...]) -> tuple[int, int, int, int]:
    """(present, pairs, trips, quads) rank masks of a multiset of ranks."""
    by_count = [0] * 5
    for r in set(ranks):
        by_count[ranks.count(r)] |= 1 << r
    return (by_count[1] | by_count[2] | by_count[3] | by_count[4],
            by_count[2], by_count[3], by_count[4])


def _best_of_fewer(cards: int, fewer: dict[int, int]) -> dict[int, int]:
    """Strength by rank-key sum for ``cards`` cards: the best hand left after dropping one card
    (the best five of six or seven is the best five of some six or five of them). Worked column
    by column (the i-th card of every multiset at once) to keep the loops out of Python."""
    by_card = zip(*_rank_multisets(cards), strict=True)
    columns = [list(map(RANK_KEYS.__getitem__, ranks)) for ranks in by_card]
    keys = list(map(sum, zip(*columns, strict=True)))
    dropping = [map(fewer.__getitem__, map(sub, keys, column)) for column in columns]
    return _by_unique_key(keys, list(map(max, *dropping)))


def _by_unique_key(keys: list[int], strengths: list[int]) -> dict[int, int]:
    table = dict(zip(keys, strengths, strict=True))
    if len(table) != len(keys):
        raise AssertionError("rank keys collide: two rank multisets share a key sum")
    return table


def _build_tables() -> tuple[
    list[tuple[int, ...]], dict[int, dict[int, int]], tuple[int, ...], tuple[int, ...], list[int]
]:
    five = _rank_multisets(5)
    nonflush_keys = [_nonflush_key(*_count_masks(ranks)) for ranks in five]
    flush_masks = [m for m in range(1 << 13) if m.bit_count() >= 5]
    flush_keys = [_flush_key(m) for m in flush_masks]
    order = sorted(set(nonflush_keys).union(flush_keys))
    strength_of = {key: i for i, key in enumerate(order)}
    nonflush = {5: _by_unique_key(_rank_key_sums(five), [strength_of[k] for k in nonflush_keys])}
    nonflush[6] = _best_of_fewer(6, nonflush[5])
    nonflush[7] = _best_of_fewer(7, nonflush[6])
    flush = [-1] * (1 << 13)
    for mask, key in zip(flush_masks, flush_keys, strict=True):
        flush[mask] = strength_of[key]
    flush_suit = [-1] * (1 << _SUIT_BITS)
    for s in reversed(range(4)):  # the lowest suit wins in the (impossible) case of two
        for packed in range(1 << _SUIT_BITS):
            if packed >> SUIT_SHIFT[s] & 7 >= 5:
                flush_suit[packed] = s
    starts = [bisect_left(order, (cat,)) for cat in Category]
    return order, nonflush, tuple(flush), tuple(flush_suit), starts


# STRENGTH_KEYS[s]: (category, ranks...) of strength s; CATEGORY_STARTS[c]: c's lowest strength.
STRENGTH_KEYS, NONFLUSH, FLUSH, FLUSH_SUIT, CATEGORY_STARTS = _build_tables()
STRENGTH_COUNT = len(STRENGTH_KEYS)
ROYAL_FLUSH_STRENGTH = STRENGTH_COUNT - 1


def strength(cards: Sequence[int]) -> int:
    """Strength of the best five-card hand among 5, 6 or 7 distinct cards (no joker)."""
    n = len(cards)
    if not 5 <= n <= 7:
        raise InvalidCards(f"{n} cards given; a five-card Poker hand is made from 5, 6 or 7")
    word = sum(map(_CARD_WORDS.__getitem__, cards))
    flush_suit = FLUSH_SUIT[word & _SUIT_FIELD]
    if flush_suit < 0:
        return NONFLUSH[n][word >> _SUIT_BITS]
    mask = 0
    for c in cards:
        if c & 3 == flush_suit:
            mask |= CARD_BITS[c]
    return FLUSH[mask]


def category(hand_strength: int) -> Category:
    return Category(bisect_right(CATEGORY_STARTS, hand_strength) - 1)


_LABELS = tuple(c.label for c in Category)


def _description(key: tuple[int, ...]) -> str:
    return f"{_LABELS[key[0]]} ({'-'.join(map(RANKS.__getitem__, key[1:]))})"


# Every strength's name, built once at import (7,462 short strings): settling asks for one per
# seat per round.
DESCRIPTIONS = tuple(map(_description, STRENGTH_KEYS))


def describe(hand_strength: int) -> str:
    """A person's name for a strength: ``"full house, kings over fours"``-style, kept short."""
    return DESCRIPTIONS[hand_strength]


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards that make the best hand (for display on a slip); ties: the first found."""
    return max(combinations(cards, 5), key=strength)


def super_royal(cards: Sequence[int]) -> bool:
    """Six-card Super Royal: 9-T-J-Q-K-A of one suit (Three Card Poker paytable E, §649a.12(f))."""
    if len(cards) != 6 or len({suit(c) for c in cards}) != 1:
        return False
    return sorted(rank(c) for c in cards) == list(range(7, 13))


# Three-card hands -------------------------------------------------------------------------


def three_card_rank(cards: Sequence[int]) -> tuple[ThreeCardCategory, tuple[int, ...]]:
    """Category and tie-break ranks of a three-card hand (§649a.6, §643a.6(d))."""
    if len(cards) != 3:
        raise InvalidCards(f"{len(cards)} cards given; a Three Card Poker hand takes 3")
    return _three_card_rank(tuple(sorted(cards)))


# The rank depends on the cards, not their order: one entry per three cards of the deck.
@lru_cache(maxsize=comb(52, 3))
def _three_card_rank(cards: tuple[int, ...]) -> tuple[ThreeCardCategory, tuple[int, ...]]:
    ranks = sorted((rank(c) for c in cards), reverse=True)
    flush = len({suit(c) for c in cards}) == 1
    if ranks[0] == ranks[2]:
        return ThreeCardCategory.THREE_OF_A_KIND, (ranks[0],)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair, kicker = (ranks[1], ranks[2]) if ranks[0] == ranks[1] else (ranks[1], ranks[0])
        return ThreeCardCategory.PAIR, (pair, kicker)
    high = _three_card_straight_high(ranks)
    if high >= 0:
        cat = ThreeCardCategory.STRAIGHT_FLUSH if flush else ThreeCardCategory.STRAIGHT
        return cat, (high,)
    return (ThreeCardCategory.FLUSH if flush else ThreeCardCategory.HIGH_CARD), tuple(ranks)


def _three_card_straight_high(desc_ranks: Sequence[int]) -> int:
    if desc_ranks[0] - desc_ranks[2] == 2:
        return desc_ranks[0]
    if list(desc_ranks) == [ACE, 1, 0]:  # A-2-3 is the lowest straight, three-high
        return 1
    return -1


def three_card_strength(cards: Sequence[int]) -> tuple[int, ...]:
    """A comparable value: higher wins, equal ties (suits never break a tie)."""
    cat, ranks = three_card_rank(cards)
    return (int(cat), *ranks)


def is_mini_royal(cards: Sequence[int]) -> bool:
    """A-K-Q of one suit: the Three-Card Envy Qualifying Hand (§643a.1, §649a.1)."""
    return len(cards) == 3 and len({suit(c) for c in cards}) == 1 and sorted(
        rank(c) for c in cards
    ) == [QUEEN, KING, ACE]
