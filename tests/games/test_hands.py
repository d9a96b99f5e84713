"""Poker rankings: five-card hands, best five of 5, 6 or 7 cards (§649a.6(d), §643a.6(b)), and
three-card hands (§649a.6, §643a.6(d)); checked by example, by property, against an independent
brute-force reference and against treys and eval7."""

import warnings
from collections import Counter
from itertools import combinations

import pytest
import treys
from hypothesis import given, settings
from hypothesis import strategies as st

from games import InvalidCards
from games.cards import ACE, RANKS, SUITS, parse_cards
from games.hands import (
    CATEGORY_STARTS,
    ROYAL_FLUSH_STRENGTH,
    STRENGTH_COUNT,
    STRENGTH_KEYS,
    Category,
    ThreeCardCategory,
    best_five,
    category,
    describe,
    is_mini_royal,
    strength,
    super_royal,
    three_card_rank,
    three_card_strength,
)

with warnings.catch_warnings():  # eval7 (a dev baseline) still uses old pyparsing names
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7


def hand(text: str) -> int:
    return strength(parse_cards(text))


def three(text: str) -> tuple[int, ...]:
    return three_card_strength(parse_cards(text, count=3))


# Five-card rankings -----------------------------------------------------------------------


def test_five_card_categories_run_from_high_card_up_to_royal_flush():
    assert [c.label for c in sorted(Category)] == [
        "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
        "four of a kind", "straight flush", "royal flush",
    ]


# One hand of each category, lowest first, each beating the one before.
LADDER = [
    ("Ks Qh 9d 7c 5s", Category.HIGH_CARD, "high card (K-Q-9-7-5)"),
    ("9s 9h Ad 7c 5s", Category.PAIR, "pair (9-A-7-5)"),
    ("9s 9h 5d 5c Ks", Category.TWO_PAIR, "two pair (9-5-K)"),
    ("4s 4h 4d Kc Qs", Category.THREE_OF_A_KIND, "three of a kind (4-K-Q)"),
    ("As 2h 3d 4c 5s", Category.STRAIGHT, "straight (5)"),
    ("Ts Js Qs Ks 2s", Category.FLUSH, "flush (K-Q-J-T-2)"),
    ("Ks Kh Kd 4c 4s", Category.FULL_HOUSE, "full house (K-4)"),
    ("2s 2h 2d 2c 3s", Category.FOUR_OF_A_KIND, "four of a kind (2-3)"),
    ("9h Th Jh Qh Kh", Category.STRAIGHT_FLUSH, "straight flush (K)"),
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, "royal flush (A)"),
]


@pytest.mark.parametrize(("cards", "cat", "name"), LADDER)
def test_each_category_is_recognised_and_named(cards, cat, name):
    assert category(hand(cards)) is cat
    assert describe(hand(cards)) == name


def test_each_category_beats_every_hand_of_the_one_below():
    strengths = [hand(cards) for cards, _, _ in LADDER]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(LADDER)


def test_the_royal_flush_is_the_top_strength_and_seven_five_four_three_two_the_bottom():
    assert hand("Ah Kh Qh Jh Th") == ROYAL_FLUSH_STRENGTH == STRENGTH_COUNT - 1 == 7461
    assert hand("7s 5h 4d 3c 2s") == 0


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Kd Qc Js Th", "Ks Qd Jc Th 9s"),  # A-K-Q-J-T is the top straight
        ("2s 3h 4d 5c 6s", "As 2h 3d 4c 5s"),  # the wheel is the lowest straight, five-high
        ("2s 3s 4s 5s 6s", "As 2s 3s 4s 5s"),  # and the lowest straight flush
        ("As Ah Kd 4c 3s", "As Ah Qd Jc Ts"),  # pair of aces: the first kicker decides
        ("As Ah Kd Qc 3s", "Ad Ac Kh Qs 2d"),  # ... down to the last kicker
        ("Ks Kh 2d 2c 3s", "Qs Qh Jd Jc As"),  # two pair: the higher pair first
        ("Ks Kh 5d 5c 3s", "Kd Kc 4h 4s As"),  # then the second pair
        ("Ks Kh 5d 5c 4s", "Kd Kc 5h 5s 3s"),  # then the kicker
        ("3s 3h 3d 2c 2s", "2s 2h 2d Ac As"),  # full house: the three of a kind decides
        ("As Qs 9s 7s 5s", "Ah Qh 9h 7h 4h"),  # flushes compare card by card
        ("3s 3h 3d 3c 2s", "2s 2h 2d 2c As"),  # four of a kind: the quads decide, not the kicker
    ],
)
def test_ties_are_broken_by_rank_then_kickers(better, worse):
    assert hand(better) > hand(worse)
    assert category(hand(better)) == category(hand(worse))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),
        ("As Ah Kd Qc 3s", "Ad Ac Kh Qs 3d"),
        ("Ts Js Qs Ks 2s", "Td Jd Qd Kd 2d"),
        ("7s 5h 4d 3c 2s", "7h 5d 4c 3s 2h"),
    ],
)
def test_suits_never_break_a_tie(one, other):
    assert hand(one) == hand(other)


@pytest.mark.parametrize(
    ("cards", "best"),
    [
        ("As Ks 7s 4s 2s Qh Jd", "flush (A-K-7-4-2)"),  # a flush over the A-K-Q-J straight draw
        ("9s Th Jd Qc Kh Ah 2c", "straight (A)"),  # the higher of two straights
        ("As 2h 3d 4c 5s 6h Kd", "straight (6)"),  # 2-6 over the wheel
        ("Ks Kh Kd 4c 4s 4h 2d", "full house (K-4)"),  # two trips: a full house, higher trips
        ("Ks Kh Qd Qc 4s 4h 2d", "two pair (K-Q-4)"),  # three pairs: the third pair's 4 kicks
        ("8s 8h 8d 8c As Ah Ad", "four of a kind (8-A)"),  # quads with an ace from the trips
        ("9h Th Jh Qh Kh Ah 2h", "royal flush (A)"),  # seven of a suit: the royal in it
        ("2s 3s 4s 5s 6s 7s Ah", "straight flush (7)"),
        ("As Ks Qs Js 9s 8s 7d", "flush (A-K-Q-J-9)"),  # best five of six
    ],
)
def test_the_best_five_of_six_or_seven_cards_plays(cards, best):
    assert describe(hand(cards)) == best


def test_best_five_are_five_of_the_cards_making_the_same_strength():
    cards = parse_cards("Ks Kh Qd Qc 4s 4h 2d")
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert strength(five) == strength(cards)


@pytest.mark.parametrize("count", [0, 4, 8])
def test_a_five_card_hand_needs_five_six_or_seven_cards(count):
    with pytest.raises(InvalidCards, match=f"{count} cards given"):
        strength(list(range(count)))


def test_there_are_7462_distinct_five_card_strengths_split_by_category_as_counted_by_hand():
    per_category = Counter(key[0] for key in STRENGTH_KEYS)
    assert per_category == {
        Category.HIGH_CARD: 1287 - 10,  # C(13,5) rank sets, less the 10 straights
        Category.PAIR: 13 * 220,  # pair rank, then C(12,3) kickers
        Category.TWO_PAIR: 78 * 11,  # C(13,2) pairs, 11 kickers
        Category.THREE_OF_A_KIND: 13 * 66,  # trips rank, C(12,2) kickers
        Category.STRAIGHT: 10,  # five-high to ace-high
        Category.FLUSH: 1287 - 10,
        Category.FULL_HOUSE: 13 * 12,
        Category.FOUR_OF_A_KIND: 13 * 12,
        Category.STRAIGHT_FLUSH: 9,  # five-high to king-high
        Category.ROYAL_FLUSH: 1,
    }
    assert len(STRENGTH_KEYS) == STRENGTH_COUNT == 7462


def test_category_of_a_strength_agrees_with_its_key_at_every_boundary():
    assert [category(s) for s in CATEGORY_STARTS] == list(Category)
    assert [category(s - 1) for s in CATEGORY_STARTS[1:]] == list(Category)[:-1]
    assert all(category(s) == key[0] for s, key in enumerate(STRENGTH_KEYS))


# Six-card Super Royal (Three Card Poker paytable E, §649a.12(f)) -----------------------------


@pytest.mark.parametrize(
    ("cards", "is_super"),
    [
        ("9s Ts Js Qs Ks As", True),
        ("Ah Kh Qh Jh Th 9h", True),  # the order of the cards does not matter
        ("9d Ts Js Qs Ks As", False),  # the nine of another suit
        ("8s Ts Js Qs Ks As", False),  # eight, not nine
        ("Ts Js Qs Ks As", False),  # five cards: a royal flush, not a six-card Super Royal
        ("8s 9s Ts Js Qs Ks", False),  # six suited in a row, but not to the ace
    ],
)
def test_super_royal_is_nine_to_ace_of_one_suit_in_six_cards(cards, is_super):
    assert super_royal(parse_cards(cards)) is is_super


# Three-card rankings (§649a.6, §643a.6(d)) ------------------------------------------------


def test_three_card_categories_put_the_straight_above_the_flush():
    assert [c.label for c in sorted(ThreeCardCategory, reverse=True)] == [
        "straight flush", "three of a kind", "straight", "flush", "pair", "high card",
    ]


THREE_LADDER = [
    ("Ks 9h 2d", ThreeCardCategory.HIGH_CARD),
    ("As Kh Jd", ThreeCardCategory.HIGH_CARD),
    ("2s 2h 3d", ThreeCardCategory.PAIR),
    ("As Ah Kd", ThreeCardCategory.PAIR),
    ("2h 3h 5h", ThreeCardCategory.FLUSH),
    ("Ah Kh Jh", ThreeCardCategory.FLUSH),
    ("As 2h 3d", ThreeCardCategory.STRAIGHT),  # A-2-3: the lowest straight
    ("2s 3h 4d", ThreeCardCategory.STRAIGHT),
    ("Qs Kh Ad", ThreeCardCategory.STRAIGHT),  # A-K-Q: the top straight
    ("2s 2h 2d", ThreeCardCategory.THREE_OF_A_KIND),
    ("As Ah Ad", ThreeCardCategory.THREE_OF_A_KIND),
    ("As 2s 3s", ThreeCardCategory.STRAIGHT_FLUSH),
    ("2c 3c 4c", ThreeCardCategory.STRAIGHT_FLUSH),
    ("Qd Kd Ad", ThreeCardCategory.STRAIGHT_FLUSH),  # the mini-royal
]


@pytest.mark.parametrize(("cards", "cat"), THREE_LADDER)
def test_three_card_hands_are_recognised(cards, cat):
    assert three_card_rank(parse_cards(cards))[0] is cat


def test_three_card_hands_rank_in_order():
    strengths = [three(cards) for cards, _ in THREE_LADDER]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(THREE_LADDER)


def test_a_three_card_straight_is_named_by_its_top_card_ace_two_three_by_the_three():
    assert three_card_rank(parse_cards("As 2h 3d")) == (ThreeCardCategory.STRAIGHT, (1,))
    assert three_card_rank(parse_cards("Qs Kh Ad")) == (ThreeCardCategory.STRAIGHT, (ACE,))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("9s 9h 3d", "9d 9c 2s"),  # pair: the kicker decides
        ("Ts Th 2d", "9d 9c As"),  # but the pair first
        ("Ks 9h 3d", "Kd 9c 2s"),  # high card down to the last card
        ("Ah Th 9h", "As 9s 8s"),
    ],
)
def test_three_card_ties_are_broken_by_rank_then_kickers(better, worse):
    assert three(better) > three(worse)


def test_three_card_suits_never_break_a_tie():
    assert three("As Kh Jd") == three("Ad Ks Jh")
    assert three("Qs Ks As") == three("Qh Kh Ah")


def test_a_three_card_hand_takes_three_cards():
    with pytest.raises(InvalidCards, match="4 cards given"):
        three_card_rank(parse_cards("As Kh Jd 2c"))


@pytest.mark.parametrize(
    ("cards", "mini"),
    [("As Ks Qs", True), ("Qh Ah Kh", True), ("As Kh Qs", False), ("As Ks Js", False)],
)
def test_a_mini_royal_is_ace_king_queen_of_one_suit(cards, mini):
    assert is_mini_royal(parse_cards(cards)) is mini


# Properties -------------------------------------------------------------------------------


def cards_strategy(count):
    return st.lists(st.integers(0, 51), min_size=count, max_size=count, unique=True)


ANY_HAND = st.integers(5, 7).flatmap(cards_strategy)


@given(ANY_HAND, st.permutations(range(4)))
def test_renaming_the_suits_never_changes_a_hand(cards, suits):
    renamed = [c & ~3 | suits[c & 3] for c in cards]
    assert strength(renamed) == strength(cards)


@given(cards_strategy(3), st.permutations(range(4)))
def test_renaming_the_suits_never_changes_a_three_card_hand(cards, suits):
    renamed = [c & ~3 | suits[c & 3] for c in cards]
    assert three_card_strength(renamed) == three_card_strength(cards)


@settings(deadline=None)  # timings on a shared CI machine are not the point
@given(cards_strategy(7))
def test_best_of_seven_is_the_best_of_its_21_five_card_hands(cards):
    fives = [strength(five) for five in combinations(cards, 5)]
    assert len(fives) == 21
    assert strength(cards) == max(fives)


@given(ANY_HAND, ANY_HAND)
def test_comparison_is_a_total_order_consistent_with_the_categories(one, other):
    a, b = strength(one), strength(other)
    assert (a < b) + (a == b) + (a > b) == 1
    if category(a) > category(b):
        assert a > b
    if a == b:
        assert category(a) == category(b) and describe(a) == describe(b)


# An independent reference: sort and count five cards, the best over every five of the hand.


def reference_five(cards) -> tuple[int, ...]:
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda rank_count: rank_count[::-1], reverse=True)
    shape = [count for _, count in groups]
    by_group = [r for r, _ in groups]
    flush = len({c & 3 for c in cards}) == 1
    straight_high = -1
    if len(groups) == 5 and ranks[0] - ranks[4] == 4:
        straight_high = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:
        straight_high = 3
    if straight_high >= 0 and flush:
        return (9 if straight_high == 12 else 8, straight_high)
    if shape[0] == 4:
        return (7, *by_group)
    if shape == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if straight_high >= 0:
        return (4, straight_high)
    if shape[0] == 3:
        return (3, *by_group)
    if shape[:2] == [2, 2]:
        return (2, *by_group)
    return (1 if shape[0] == 2 else 0, *by_group)


def reference_best(cards) -> tuple[int, ...]:
    return max(reference_five(five) for five in combinations(cards, 5))


@settings(max_examples=500, deadline=None)
@given(ANY_HAND)
def test_the_tables_agree_with_a_brute_force_reference(cards):
    assert STRENGTH_KEYS[strength(cards)] == reference_best(cards)


@pytest.mark.parametrize(("cards", "cat", "name"), LADDER)
def test_the_reference_itself_reads_the_golden_hands_right(cards, cat, name):
    assert reference_best(parse_cards(cards))[0] == cat


def treys_card(card: int) -> int:
    return treys.Card.new(RANKS[card >> 2] + SUITS[card & 3])


_TREYS = treys.Evaluator()


@settings(max_examples=500, deadline=None)
@given(ANY_HAND)
def test_strength_is_treys_rank_counted_from_the_top(cards):
    # treys numbers the 7,462 classes 1 (royal flush) to 7462 (7-5-4-3-2): ours count up.
    ours = strength(cards)
    theirs = _TREYS.evaluate([treys_card(c) for c in cards[:2]], [treys_card(c) for c in cards[2:]])
    assert ours == STRENGTH_COUNT - theirs


@settings(deadline=None)
@given(cards_strategy(7), cards_strategy(7))
def test_seven_card_comparisons_agree_with_eval7(one, other):
    def theirs(cards):
        return eval7.evaluate([eval7.Card(RANKS[c >> 2] + SUITS[c & 3]) for c in cards])

    assert (strength(one) > strength(other)) == (theirs(one) > theirs(other))
    assert (strength(one) == strength(other)) == (theirs(one) == theirs(other))
