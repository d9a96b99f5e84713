"""Cards, decks and shoes: the notation (rank 2-9 T J Q K A, suit s h d c, joker Jk) and every
way a card can be wrong, each refused with one exception type naming the card and why."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import GameError, InvalidCards
from games.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    KING,
    QUEEN,
    SPADES,
    TEN,
    TWO,
    card_str,
    cards_str,
    deck,
    make,
    parse_card,
    parse_cards,
    rank,
    shoe,
    suit,
    verify_distinct,
)

# rank * 4 + suit, ranks 2..A = 0..12, suits s h d c = 0..3, worked out by hand:
AS, KD, QH, TD, TWO_C = 12 * 4 + 0, 11 * 4 + 2, 10 * 4 + 1, 8 * 4 + 2, 0 * 4 + 3


def test_a_card_is_rank_times_four_plus_suit():
    assert (AS, KD, QH, TD, TWO_C) == (48, 46, 41, 34, 3)
    assert make(ACE, SPADES) == AS and make(TWO, CLUBS) == TWO_C
    assert (rank(KD), suit(KD)) == (KING, DIAMONDS)
    assert (rank(QH), suit(QH)) == (QUEEN, HEARTS)
    assert (rank(TD), suit(TD)) == (TEN, DIAMONDS)


@pytest.mark.parametrize("text", ["As", "AS", "as", "aS", " As "])
def test_notation_accepts_upper_or_lower_case(text):
    assert parse_card(text) == AS


@pytest.mark.parametrize("text", ["Jk", "JK", "jk", "jK"])
def test_the_joker_is_jk_in_any_case_where_the_game_has_one(text):
    assert parse_card(text, joker=True) == JOKER == 52


@pytest.mark.parametrize(
    "text",
    ["As Kd Qh", "As,Kd,Qh", "As, Kd, Qh", "  as\tKD\n qh ", "As ,, Kd ,Qh"],
)
def test_cards_are_separated_by_spaces_or_commas(text):
    assert parse_cards(text) == (AS, KD, QH)


def test_cards_may_come_as_a_list():
    assert parse_cards(["As", "kd", "QH"]) == (AS, KD, QH)
    assert parse_cards(("Td", "2c"), count=2) == (TD, TWO_C)


def test_card_text_round_trips_for_every_card_and_the_joker():
    assert [parse_card(card_str(c), joker=True) for c in range(53)] == list(range(53))
    assert card_str(AS) == "As" and card_str(TWO_C) == "2c" and card_str(JOKER) == "Jk"
    assert cards_str((AS, KD, QH)) == "As Kd Qh"


@pytest.mark.parametrize(
    ("cards", "named", "why"),
    [
        ("As Xd", "'Xd'", "unknown rank 'X'"),
        ("As 1d", "'1d'", "unknown rank '1'"),
        ("As Kx", "'Kx'", "unknown suit 'x'"),
        ("As Kd Ks Ace", "'Ace'", "a rank (2-9 T J Q K A) then a suit (s h d c)"),
        ("10s", "'10s'", "a ten is T"),
        ("As Kd As", "'As'", "appears twice"),
        ("As kd AS", "'As'", "appears twice"),
        ("As Jk", "'Jk'", "without a joker"),
    ],
)
def test_a_bad_card_is_named_with_the_reason(cards, named, why):
    with pytest.raises(InvalidCards) as refused:
        parse_cards(cards)
    assert named in str(refused.value)
    assert why in str(refused.value)


def test_two_jokers_are_refused_even_in_the_pai_gow_deck():
    with pytest.raises(InvalidCards, match="'Jk' appears twice"):
        parse_cards("Jk As jk", joker=True)


def test_the_wrong_number_of_cards_for_the_hand_is_refused():
    with pytest.raises(InvalidCards, match="2 cards given; this hand takes 3"):
        parse_cards("As Kd", count=3)
    with pytest.raises(InvalidCards, match="4 cards given; this hand takes 5 or 6 or 7"):
        parse_cards("As Kd Qh Td", count=(5, 6, 7))
    assert len(parse_cards("As Kd Qh Td 2c 3c", count=(5, 6, 7))) == 6


@pytest.mark.parametrize("shape", [5, None, 4.5, {"As": 1}, b"As Kd", [5], ["As", None]])
def test_a_malformed_shape_is_refused_as_invalid_cards(shape):
    with pytest.raises(InvalidCards):
        parse_cards(shape)


def test_one_exception_type_for_bad_cards_readable_as_a_rule_refusal():
    assert issubclass(InvalidCards, GameError) and issubclass(InvalidCards, ValueError)


def test_a_multi_deck_shoe_may_repeat_a_card_when_asked():
    assert parse_cards("As As", distinct=False) == (AS, AS)


def test_verify_distinct_names_the_repeated_card():
    verify_distinct((AS, KD))
    with pytest.raises(InvalidCards, match="'Kd' appears twice"):
        verify_distinct((AS, KD, QH, KD))


def test_the_deck_holds_52_cards_one_of_each_rank_and_suit():
    cards = deck()
    assert len(cards) == 52 == len(set(cards))
    assert Counter(rank(c) for c in cards) == {r: 4 for r in range(13)}
    assert Counter(suit(c) for c in cards) == {s: 13 for s in range(4)}
    assert JOKER not in cards


def test_the_pai_gow_deck_adds_one_joker_to_make_53():
    cards = deck(joker=True)
    assert len(cards) == 53 == len(set(cards))
    assert cards.count(JOKER) == 1
    assert set(cards) - {JOKER} == set(deck())


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_a_baccarat_shoe_holds_n_decks_each_card_n_times(decks):
    cards = shoe(decks)
    assert len(cards) == 52 * decks
    assert Counter(cards) == {c: decks for c in range(52)}


@pytest.mark.parametrize("decks", [0, -1, 1.5, "8", True])
def test_a_shoe_needs_a_whole_number_of_decks(decks):
    with pytest.raises(InvalidCards, match="decks"):
        shoe(decks)


_SEPARATOR = st.sampled_from([" ", ",", ", ", "\t", " , "])


@given(st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True), _SEPARATOR, st.data())
def test_any_hand_written_in_any_case_and_separators_parses_back(cards, separator, data):
    tokens = [
        data.draw(st.sampled_from([t, t.upper(), t.lower(), t.swapcase()]))
        for t in map(card_str, cards)
    ]
    assert parse_cards(separator.join(tokens), count=len(cards)) == tuple(cards)
