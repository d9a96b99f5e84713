"""Proof by exhaustion: every three-, five- and seven-card hand of one deck, counted by category
against the published counts (§649a.6, §643a.6: the rankings the paytables pay on)."""

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from games.batch import category_counts, every_hand_histogram
from games.hands import (
    STRENGTH_COUNT,
    Category,
    ThreeCardCategory,
    category,
    is_mini_royal,
    strength,
    three_card_rank,
    three_card_strength,
)

THREE_CARD_COUNTS = {
    ThreeCardCategory.STRAIGHT_FLUSH: 48,  # 12 straights (A-2-3 to Q-K-A) x 4 suits
    ThreeCardCategory.THREE_OF_A_KIND: 52,  # 13 ranks x C(4,3)
    ThreeCardCategory.STRAIGHT: 720,  # 12 straights x (4^3 - 4 suited)
    ThreeCardCategory.FLUSH: 1_096,  # 4 suits x (C(13,3) - 12 straights)
    ThreeCardCategory.PAIR: 3_744,  # 13 ranks x C(4,2) x 48 kickers
    ThreeCardCategory.HIGH_CARD: 16_440,  # (C(13,3) - 12) rank sets x (4^3 - 4)
}

FIVE_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

SEVEN_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4_324,  # 4 royals x C(47,2) other cards
    Category.STRAIGHT_FLUSH: 37_260,  # with the royal: 41,584
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def test_all_22100_three_card_hands_by_category():
    counts = Counter(three_card_rank(cards)[0] for cards in combinations(range(52), 3))
    assert counts == THREE_CARD_COUNTS
    assert sum(counts.values()) == comb(52, 3) == 22_100


def test_three_card_hands_fall_into_741_distinct_ranks():
    distinct = {three_card_strength(cards) for cards in combinations(range(52), 3)}
    assert Counter(s[0] for s in distinct) == {
        ThreeCardCategory.STRAIGHT_FLUSH: 12,
        ThreeCardCategory.THREE_OF_A_KIND: 13,
        ThreeCardCategory.STRAIGHT: 12,
        ThreeCardCategory.FLUSH: 286 - 12,  # C(13,3) rank sets less the straights
        ThreeCardCategory.PAIR: 13 * 12,
        ThreeCardCategory.HIGH_CARD: 286 - 12,
    }
    assert len(distinct) == 741


def test_exactly_four_mini_royals():
    assert sum(map(is_mini_royal, combinations(range(52), 3))) == 4


@pytest.mark.slow
def test_all_2598960_five_card_hands_by_category_through_the_per_hand_api():
    by_strength = Counter(map(strength, combinations(range(52), 5)))
    counts = Counter()
    for s, n in by_strength.items():
        counts[category(s)] += n
    assert counts == FIVE_CARD_COUNTS
    assert len(by_strength) == STRENGTH_COUNT  # every one of the 7,462 strengths is dealt
    histogram = np.zeros(STRENGTH_COUNT, np.int64)
    histogram[list(by_strength)] = list(by_strength.values())
    assert (every_hand_histogram(5) == histogram).all()  # batch and per-hand agree hand for hand


def test_all_2598960_five_card_hands_by_category_in_batch():
    histogram = every_hand_histogram(5)
    assert category_counts(histogram) == FIVE_CARD_COUNTS
    assert histogram.sum() == comb(52, 5) == 2_598_960
    assert (histogram > 0).all()


def test_all_20358520_six_card_hands_in_batch():
    counts = category_counts(every_hand_histogram(6))
    assert sum(counts.values()) == comb(52, 6) == 20_358_520
    assert counts[Category.ROYAL_FLUSH] == 4 * 47  # a royal and any sixth card
    assert counts[Category.STRAIGHT_FLUSH] == 9 * 4 * 46  # not the card one above: a higher one
    assert counts[Category.FOUR_OF_A_KIND] == 13 * comb(48, 2)


@pytest.mark.slow
def test_all_133784560_seven_card_hands_by_category():
    histogram = every_hand_histogram(7)
    assert category_counts(histogram) == SEVEN_CARD_COUNTS
    assert histogram.sum() == comb(52, 7) == 133_784_560
    assert np.count_nonzero(histogram) == 4_824  # distinct best-five hands of seven cards
