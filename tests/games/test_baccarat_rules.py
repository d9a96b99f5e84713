"""Baccarat's core rules (facts.md, PRIMARY §627a.1, §627a.8, §631a.11): card values, the Point
Count, Naturals, the third-card rules, the dealing order, and multi-deck shoes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.baccarat.rules import (
    BANKER,
    PLAYER,
    TIE,
    Coup,
    banker_draws,
    deal,
    is_natural,
    player_draws,
    point_count,
    third_card_errors,
    value,
    verify_shoe,
)
from games.cards import parse_card, parse_cards
from games.errors import InvalidCards


def cards(text):
    return parse_cards(text, distinct=False)


# A two-card hand of each Point Count 0..9, none of them a pair.
TWO_CARDS = {t: cards(f"Ts {'K' if t == 0 else 'A' if t == 1 else t}h") for t in range(10)}
# A third card of each value 0..9.
THIRD = {v: parse_card("Qd" if v == 0 else "Ad" if v == 1 else f"{v}d") for v in range(10)}

# The Banker's draw when the Player drew, from facts.md (§631a.11): row = Banker's two-card
# count, column = the value of the Player's third card 0..9; D draws, S stands.
BANKER_CHART = {
    0: "DDDDDDDDDD",
    1: "DDDDDDDDDD",
    2: "DDDDDDDDDD",
    3: "DDDDDDDDSD",
    4: "SSDDDDDDSS",
    5: "SSSSDDDDSS",
    6: "SSSSSSDDSS",
    7: "SSSSSSSSSS",
}


def test_aces_count_one_tens_and_faces_zero_others_face_value():
    assert [value(parse_card(f"{r}s")) for r in "A23456789TJQK"] == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0,
    ]


def test_point_count_is_the_right_digit_of_the_total():
    assert point_count(cards("9s 8h")) == 7  # 17
    assert point_count(cards("Ks Qh")) == 0
    assert point_count(cards("5s 5h Ts")) == 0  # 10
    assert point_count(cards("9s 9h 9d")) == 7  # 27


def test_a_natural_is_eight_or_nine_on_two_cards_only():
    assert is_natural(cards("4s 4h"))
    assert is_natural(cards("Ks 9h"))
    assert not is_natural(cards("4s 3h"))
    assert not is_natural(cards("4s 3h 2d"))  # a three-card 9 is not a Natural


@pytest.mark.parametrize("total", range(10))
def test_player_draws_on_zero_to_five_and_stands_on_six_and_seven(total):
    banker = TWO_CARDS[3]
    assert player_draws(TWO_CARDS[total], banker) == (total <= 5)


@pytest.mark.parametrize("natural", [8, 9])
@pytest.mark.parametrize("total", range(8))
def test_no_one_draws_against_a_natural(natural, total):
    assert not player_draws(TWO_CARDS[total], TWO_CARDS[natural])
    assert not banker_draws(TWO_CARDS[natural], TWO_CARDS[total])
    assert not banker_draws(TWO_CARDS[total], TWO_CARDS[natural])


@pytest.mark.parametrize("player", [6, 7])
@pytest.mark.parametrize("total", range(8))
def test_when_the_player_stands_the_banker_draws_on_zero_to_five(player, total):
    assert banker_draws(TWO_CARDS[player], TWO_CARDS[total]) == (total <= 5)


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_when_the_player_draws_the_banker_follows_the_chart(banker, third):
    player = TWO_CARDS[0] + (THIRD[third],)
    assert banker_draws(player, TWO_CARDS[banker]) == (BANKER_CHART[banker][third] == "D")


def test_dealing_gives_cards_one_and_three_to_the_player_two_and_four_to_the_banker():
    # 4s 5h 3s 2h: Player 4s 3s = 7 stands; Banker 5h 2h = 7 stands.
    coup, used = deal(cards("4s 5h 3s 2h Kd"))
    assert coup.player == cards("4s 3s")
    assert coup.banker == cards("5h 2h")
    assert used == 4


def test_dealing_draws_the_player_then_the_banker_card_in_shoe_order():
    # Player Ts 5h = 5 draws the 7c (2); Banker 3d Th = 3 draws unless the third card is an 8:
    # the 7 -> it takes the 4s, 3 + 4 = 7.
    coup, used = deal(cards("Ts 3d 5h Th 7c 4s 9s"))
    assert coup.player == cards("Ts 5h 7c")
    assert coup.banker == cards("3d Th 4s")
    assert (coup.player_points, coup.banker_points, coup.winner, used) == (2, 7, BANKER, 6)


def test_a_shoe_that_runs_out_is_refused():
    with pytest.raises(InvalidCards, match="ran out"):
        deal(cards("Ts 3d 5h Th"))  # the Player's 5 needs a fifth card


def test_the_higher_point_count_wins_and_equal_counts_tie():
    assert Coup(cards("4s 3h"), cards("Ts 6d")).winner == PLAYER
    assert Coup(cards("4s 3h"), cards("5d 2c")).winner == TIE
    assert Coup(cards("Ts 6d"), cards("4s 4h")).describe() == "Banker wins, 8 to 6"


def test_a_third_card_against_a_natural_is_refused_naming_the_rule():
    errors = third_card_errors(cards("4s 4h"), cards("Ts 2d 5c"), "§631a.11")
    assert list(errors) == ["banker_cards"]
    assert "Natural 8" in errors["banker_cards"] and "§631a.11" in errors["banker_cards"]


def test_a_player_six_with_a_third_card_is_refused():
    errors = third_card_errors(cards("Ts 6h 2c"), cards("Ts 7d"), "§631a.11")
    assert "stands on 6-7" in errors["player_cards"]


def test_a_player_five_without_a_third_card_is_refused():
    errors = third_card_errors(cards("Ts 5h"), cards("Ts 7d"), "§627a.10")
    assert "draws a third card on 0-5 (§627a.10)" in errors["player_cards"]


def test_a_banker_four_drawing_on_a_player_eight_is_refused():
    errors = third_card_errors(cards("Ts 5h 8c"), cards("Td 4s 2h"), "§631a.11")
    assert "2-7" in errors["banker_cards"] and "8c counts 8" in errors["banker_cards"]


def test_a_banker_three_standing_on_a_player_nine_is_refused():
    errors = third_card_errors(cards("Ts 5h 9c"), cards("Td 3s"), "§631a.11")
    assert "unless the Player's third card is an 8" in errors["banker_cards"]


def test_a_banker_drawing_after_the_player_stood_on_seven_with_banker_six_is_refused():
    errors = third_card_errors(cards("4s 3h"), cards("Td 6s 2c"), "§631a.11")
    assert "Player stood" in errors["banker_cards"]


def test_a_shoe_holds_each_card_as_many_times_as_it_has_decks():
    verify_shoe(cards(["As"] * 8), 8)
    with pytest.raises(InvalidCards, match="'As' appears 9 times: a shoe of 8 decks"):
        verify_shoe(cards(["As"] * 9), 8)
    with pytest.raises(InvalidCards, match="1 deck holds each card 1 time"):
        verify_shoe(cards("Ks Ks"), 1)


shoes = st.lists(st.integers(0, 51), min_size=6, max_size=12)


@given(shoes)
def test_every_dealt_round_obeys_the_third_card_rules(shoe):
    coup, used = deal(shoe)
    assert third_card_errors(coup.player, coup.banker, "§631a.11") == {}
    assert coup.player[:2] == (shoe[0], shoe[2]) and coup.banker[:2] == (shoe[1], shoe[3])
    assert coup.player[2:] + coup.banker[2:] == tuple(shoe[4:used])


@given(shoes)
def test_adding_or_removing_a_third_card_breaks_the_rules(shoe):
    coup, _ = deal(shoe)
    extra = shoe[-1]
    player = coup.player[:2] if len(coup.player) == 3 else coup.player + (extra,)
    assert third_card_errors(player, coup.banker[:2], "§631a.11")
