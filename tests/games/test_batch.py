"""Batch evaluation with numpy gives hand for hand the same strengths as ``hands.strength``
(§649a.6(d), §643a.6(b)), across chunks and threads, flushes of every suit included."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import InvalidCards
from games.batch import CHUNK, categories, nonflush_table, strengths
from games.cards import parse_cards
from games.hands import RANK_KEYS, category, strength


def random_hands(count: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards]


def per_hand(hands: np.ndarray) -> np.ndarray:
    return np.array([strength(row.tolist()) for row in hands])


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_batch_agrees_with_the_per_hand_api_on_random_hands(cards):
    hands = random_hands(20_000, cards, seed=cards)
    assert (strengths(hands) == per_hand(hands)).all()


def test_batch_agrees_across_chunks_and_threads():
    hands = random_hands(3 * CHUNK + 17, 7, seed=11).astype(np.uint8)
    got = strengths(hands)
    assert got.shape == (len(hands),)
    sample = np.r_[0:50, CHUNK - 5:CHUNK + 5, len(hands) - 50:len(hands)]
    assert (got[sample] == per_hand(hands[sample])).all()


@pytest.mark.parametrize(
    "text",
    [
        "As Ks Qs Js Ts 2h 3d",  # royal flush in spades
        "9h Th Jh Qh Kh Ah 2h",  # seven hearts
        "2d 3d 4d 5d Ad Kc Kh",  # wheel straight flush in diamonds
        "2c 7c 9c Jc Kc Ks Kh",  # club flush over trips
        "Ks Kh Kd 4c 4s Qs Js",  # no flush: a full house
    ],
)
def test_flushes_of_every_suit_take_the_flush_table(text):
    cards = parse_cards(text)
    assert strengths(np.array([cards]))[0] == strength(cards)


SEVEN_CARDS = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@settings(deadline=None)  # the first example builds the dense table
@given(st.lists(SEVEN_CARDS, min_size=1, max_size=40))
def test_batch_agrees_with_the_per_hand_api_on_any_hands(hands):
    assert strengths(np.array(hands)).tolist() == [strength(h) for h in hands]


def test_categories_agree_with_the_per_hand_api():
    hands = random_hands(5_000, 7, seed=3)
    found = strengths(hands)
    assert categories(found).tolist() == [category(int(s)) for s in found]


def test_no_hands_give_no_strengths():
    assert strengths(np.zeros((0, 7), np.int64)).shape == (0,)


@pytest.mark.parametrize(
    ("hands", "why"),
    [
        (np.zeros((3, 4), np.int64), "shape"),
        (np.zeros(7, np.int64), "shape"),
        (np.full((2, 7), 1.0), "dtype"),
        (np.array([[0, 1, 2, 3, 4, 5, 52]]), "the joker"),
        (np.array([[0, 1, 2, 3, 4, 5, -1]]), "0..51"),
    ],
)
def test_bad_input_is_refused_as_invalid_cards(hands, why):
    with pytest.raises(InvalidCards, match=why):
        strengths(hands)


def test_the_dense_seven_card_table_reaches_four_aces_and_three_kings():
    # The largest rank-key sum of seven cards: A-A-A-A-K-K-K.
    assert len(nonflush_table(7)) == 4 * RANK_KEYS[12] + 3 * RANK_KEYS[11] + 1 == 7_825_760
