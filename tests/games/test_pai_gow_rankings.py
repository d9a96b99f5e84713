"""Pai Gow Poker rankings (§645a.6): the joker as an ace or to complete a straight or flush,
five aces, the wheel, two-card low hands, the seven-card hands of §645a.6(f)-(g), and the
Queen's Dragon (§645a.1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import JOKER, deck, parse_cards
from games.pai_gow_poker.rankings import (
    FIVE_ACES,
    WHEEL_LOWEST,
    WHEEL_SECOND_HIGHEST,
    best_five,
    describe_high,
    describe_low,
    high_strength,
    is_envy_qualifying,
    is_queens_dragon,
    is_set_correctly,
    low_strength,
    ranks_at_least,
    seven_card_hands,
)


def c(text):
    return parse_cards(text, joker=True)


def high(text, wheel=WHEEL_SECOND_HIGHEST):
    return high_strength(c(text), wheel)


# The joker in the five-card high hand ----------------------------------------------------


def test_joker_completes_a_royal_flush_in_any_position():
    assert describe_high(c("Ks Qs Js Ts Jk")) == "royal flush (A)"
    assert describe_high(c("As Ks Qs Js Jk")) == "royal flush (A)"
    assert high("As Ks Qs Js Jk") == high("Ah Kh Qh Jh Th")


def test_joker_completes_a_straight_flush_in_the_high_hand():
    assert describe_high(c("9h 8h 6h 5h Jk")) == "straight flush (9)"


def test_joker_completes_a_flush_as_the_highest_card_missing_from_it():
    assert describe_high(c("Ah Kh Qh 9h Jk")) == "flush (A-K-Q-J-9)"
    assert describe_high(c("Kh Qh 9h 4h Jk")) == "flush (A-K-Q-9-4)"


def test_joker_completes_a_straight():
    assert describe_high(c("9s 8h 6d 5c Jk")) == "straight (9)"


def test_joker_otherwise_plays_only_as_an_ace():
    # a pair of kings with the joker is kings and an ace kicker, never trips
    assert describe_high(c("Ks Kh 7d 4c Jk")) == "pair (K-A-7-4)"
    assert describe_high(c("As Ah 7d 4c Jk")) == "three of a kind (A-7-4)"
    assert describe_high(c("9s 7h 5d 3c Jk")) == "high card (A-9-7-5-3)"


def test_five_aces_ranks_above_the_royal_flush():
    assert best_five(c("As Ah Ad Ac Jk")) == (FIVE_ACES, FIVE_ACES)
    assert high("As Ah Ad Ac Jk") > high("As Ks Qs Js Ts")
    assert describe_high(c("As Ah Ad Ac Jk")) == "five aces"


def test_four_aces_and_the_joker_in_seven_cards_are_five_aces():
    assert best_five(c("As Ah Ad Ac Jk 2s 7d"))[0] == FIVE_ACES


def test_wheel_is_the_second_highest_straight_by_default():
    wheel, broadway, king = high("As 2h 3d 4c 5s"), high("As Kh Qd Jc Ts"), high("Ks Qh Jd Tc 9s")
    assert broadway > wheel > king


def test_wheel_is_the_second_highest_straight_flush_by_default():
    assert high("Ah Kh Qh Jh Th") > high("Ah 2h 3h 4h 5h") > high("Kh Qh Jh Th 9h")


def test_wheel_is_the_lowest_straight_when_the_rules_submission_says_so():
    assert high("As 2h 3d 4c 5s", WHEEL_LOWEST) < high("6s 2h 3d 4c 5s", WHEEL_LOWEST)
    assert high("Ah 2h 3h 4h 5h", WHEEL_LOWEST) < high("6h 2h 3h 4h 5h", WHEEL_LOWEST)


def test_joker_with_two_three_four_five_makes_the_better_straight_for_the_wheel_rule():
    # second-highest rule: joker as the ace (A-2-3-4-5) beats joker as the six
    assert high("2s 3h 4d 5c Jk") == high("As 2h 3d 4c 5s")
    assert high("2s 3h 4d 5c Jk", WHEEL_LOWEST) == high("6s 2h 3d 4c 5s", WHEEL_LOWEST)


def test_suits_never_break_a_tie():
    assert high("As Kh 9d 7c 3s") == high("Ad Kc 9h 7s 3d")


# The two-card low hand --------------------------------------------------------------------


def test_low_hand_pair_beats_any_two_high_cards():
    assert low_strength(c("2s 2h")) > low_strength(c("As Kh"))


def test_low_hand_high_cards_compare_top_then_second():
    assert low_strength(c("As 3h")) > low_strength(c("Ks Qh"))
    assert low_strength(c("As 4h")) > low_strength(c("Ad 3c"))
    assert low_strength(c("As 4h")) == low_strength(c("Ad 4c"))


def test_joker_in_the_low_hand_plays_as_an_ace():
    assert low_strength(c("Jk Kh")) == low_strength(c("As Kd"))
    assert low_strength(c("Jk Ah")) == low_strength(c("As Ad"))
    assert describe_low(c("Jk As")) == "pair (A)"


# Setting hands correctly (§645a.11(b)) ---------------------------------------------------


def test_high_hand_must_hold_at_least_the_pair_of_the_low_hand():
    # §645a.11(b)'s example: sevens low need at least sevens high
    assert ranks_at_least(c("7s 7h 4d 3c 2s"), c("7d 7c"))
    assert not ranks_at_least(c("As Kh 4d 3c 2s"), c("7d 7c"))
    assert ranks_at_least(c("8s 8h 4d 3c 2s"), c("7d 7c"))


def test_high_card_high_hand_must_top_the_low_hand_card_by_card():
    assert ranks_at_least(c("As Kh 4d 3c 2s"), c("Ad Qc"))
    assert ranks_at_least(c("As Qh 4d 3c 2s"), c("Ad Qc"))  # equal in rank is allowed
    assert not ranks_at_least(c("As Jh 4d 3c 2s"), c("Ad Qc"))
    assert not ranks_at_least(c("Ks Qh 4d 3c 2s"), c("Ad 2c"))


def test_wrong_card_counts_are_not_set_correctly():
    assert not is_set_correctly(c("As Kh Qd Jc"), c("9s 8h 7d"))
    assert is_set_correctly(c("As Ah Qd Jc 9s"), c("8h 7d"))


# Seven-card hands (§645a.6(f)-(g)) -------------------------------------------------------


@pytest.mark.parametrize("cards, name", [
    ("8h 9h Th Jh Qh Kh Ah", "natural_seven_card_straight_flush"),
    ("Ah 2h 3h 4h 5h 6h 7h", "natural_seven_card_straight_flush"),  # the ace plays low
    ("8h 9h Th Jk Qh Kh Ah", "seven_card_straight_flush_with_joker"),
    ("8h 9h Th Jh Qh Kh Jk", "seven_card_straight_flush_with_joker"),
    ("As Ah Ad Ac Jk 2s 7d", "five_aces"),
    ("As Ks Qs Js Ts Kh Qh", "royal_flush_and_royal_match"),
    ("Jk Ks Qs Js Ts Kh Qh", "royal_flush_and_royal_match"),
    ("As Ks Qs Js Ts Ah Qh", "natural_royal_flush_and_natural_ace_queen_suited"),
    ("As 2s 3s 4s 5s Ah Qh", "ace_five_natural_straight_flush_and_natural_ace_queen_suited"),
    ("As 2s 3s 4s 5s Kh Qh", "ace_five_natural_straight_flush"),
    ("Ks Qs Js Ts Jk 2h 3d", "royal_flush"),
    ("9s 8s 7s 6s 5s 2h 3d", "straight_flush"),
    ("9s 9h 9d 9c 5s 2h 3d", "four_of_a_kind"),
    ("As Ah Ad Jk 5s 2h 3d", "four_of_a_kind"),  # the joker is the fourth ace
    ("9s 9h 9d 5c 5s 2h 3d", "full_house"),
    ("As Ah Jk 5c 5s 2h 3d", "full_house"),
    ("Ks 9s 7s 5s 2s 2h 3d", "flush"),
    ("9s 9h 9d Kc 5s 2h 3d", "three_of_a_kind"),
    ("9s Th Jd Qc Ks 2h 3d", "straight"),
])
def test_seven_card_hands_are_formed(cards, name):
    assert name in seven_card_hands(c(cards))


@pytest.mark.parametrize("cards, name", [
    ("8h 9h Th Jk Qh Kh Ah", "natural_seven_card_straight_flush"),
    ("As Ks Qs Js Jk Ah Qh", "natural_royal_flush_and_natural_ace_queen_suited"),
    ("As Ks Qs Js Ts Kh Qd", "royal_flush_and_royal_match"),  # K-Q not suited
    ("As Ks Qs Js Ts Kh Jk", "royal_flush_and_royal_match"),  # the joker is no queen here
    ("As 2s 3s 4s Jk Ah Qh", "ace_five_natural_straight_flush"),
    ("8h 9h Th Jh Qh Kh 2h", "seven_card_straight_flush"),
    ("Ks Kh 7d 4c Jk 2h 3s", "three_of_a_kind"),  # the joker is never a third king
])
def test_seven_card_hands_not_formed(cards, name):
    assert name not in seven_card_hands(c(cards))


@pytest.mark.parametrize("cards, name", [
    ("2s 3h 4d 6c 7s 8h 9d", "nine_high"),
    ("2s 3h 4d 6c 7s 8h Td", "ten_high"),
    ("2s 3h 4d 6c 7s 8h Jd", "jack_high"),
    ("2s 3h 4d 6c 7s 8h Qd", "queen_high"),
    ("2s 3h 4d 6c 7s 8h Kd", "king_high"),
    ("2s 3h 4d 6c 7s 8h Ad", "ace_high"),
    ("2s 3h 5d 8c 9s Jh Jk", "ace_high"),  # the joker plays as an ace
])
def test_no_pair_hands_are_named_by_their_high_card(cards, name):
    assert seven_card_hands(c(cards)) == {name}


@pytest.mark.parametrize("cards", [
    "2s 2h 4d 6c 7s 8h 9d",  # a pair
    "2s 3h 4d 5c 6s 8h Kd",  # a straight
    "2s 4s 6s 8s Ts 3h Kd",  # a flush
    "2s 3h 4d 5c 7s 9h Jk",  # the joker completes a straight
    "As 3h 5d 7c 9s Jh Jk",  # the joker with an ace is a pair of aces
])
def test_pair_or_better_has_no_high_card_name(cards):
    assert not {"nine_high", "ten_high", "jack_high", "queen_high", "king_high",
                "ace_high"} & seven_card_hands(c(cards))


def test_envy_qualifying_hand_is_four_of_a_kind_or_better():
    assert is_envy_qualifying(seven_card_hands(c("9s 9h 9d 9c 5s 2h 3d")))
    assert is_envy_qualifying(seven_card_hands(c("9s 8s 7s 6s 5s 2h 3d")))
    assert is_envy_qualifying(seven_card_hands(c("As Ah Ad Jk 5s 2h 3d")))
    assert not is_envy_qualifying(seven_card_hands(c("9s 9h 9d 5c 5s 2h 2d")))


# Queen's Dragon (§645a.1) ----------------------------------------------------------------


def test_queens_dragon_is_seven_different_ranks_queen_high():
    assert is_queens_dragon(c("Qs Jh 9d 8c 5s 3h 2d"))


@pytest.mark.parametrize("cards", [
    "Ks Jh 9d 8c 5s 3h 2d",  # king high
    "Qs Jh 9d 8c 5s 3h 3d",  # a pair
    "Qs Jh Td 9c 8s 3h 2d",  # a straight (8 to Q)
    "Qs Js 9s 8s 5s 3h 2d",  # a flush
    "Qs Jh 9d 8c 5s 3h Jk",  # the joker plays as an ace
])
def test_not_a_queens_dragon(cards):
    assert not is_queens_dragon(c(cards))


@given(st.lists(st.sampled_from(deck()), min_size=4, max_size=4, unique=True))
def test_joker_never_ranks_below_the_same_hand_with_an_ace_for_it(four):
    cards = [*four, JOKER]
    for ace in set(parse_cards("As Ah Ad Ac")) - set(four):
        assert high_strength(cards) >= high_strength([*four, ace])
