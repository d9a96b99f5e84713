"""House ways (§645a.11(a)(1), (c)): the common published house way rule by rule (facts.md,
two-pair rules made explicit), the registry, and the property that a house way never fouls."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import cards_str, deck, parse_cards
from games.errors import GameError, InvalidCards
from games.pai_gow_poker.house_way import HOUSE_WAYS, Setting, house_way, set_hand
from games.pai_gow_poker.rankings import is_set_correctly


def way(text):
    s = set_hand(parse_cards(text, joker=True))
    return sorted(cards_str(s.high).split()), sorted(cards_str(s.low).split())


def low_of(text):
    return way(text)[1]


@pytest.mark.parametrize("cards, low", [
    # no pair: the best card high, the next two low
    ("As Jh 9d 7c 5s 3h 2d", ["9d", "Jh"]),
    # the joker with no ace is the best card (an ace) and stays high
    ("Jk Jh 9d 7c 5s 3h 2d", ["9d", "Jh"]),
    # one pair high, the two best single cards low
    ("8s 8h Kd Qc 5s 3h 2d", ["Kd", "Qc"]),
    # three pair: the highest pair low
    ("Ks Kh 8d 8c 5s 5h 2d", ["Kh", "Ks"]),
    # trips high, the two best single cards low
    ("8s 8h 8d Kc Js 3h 2d", ["Js", "Kc"]),
    # three aces split: a pair of aces high, the third ace and the best card low
    ("As Ah Ad Kc Js 3h 2d", ["As", "Kc"]),
    # two trips: a pair of the higher low
    ("Ks Kh Kd 5c 5s 5h 2d", ["Kd", "Kh"]),
    # full house: trips high, pair low
    ("9s 9h 9d 4c 4s Kh 2d", ["4c", "4s"]),
    # full house with a pair of 2s and A-K to play low stays together
    ("9s 9h 9d 2c 2s Kh Ad", ["Ad", "Kh"]),
    # full house with two pairs: the higher pair low
    ("9s 9h 9d 4c 4s Kh Kd", ["Kd", "Kh"]),
    # four 2s-6s stay together
    ("6s 6h 6d 6c Ks Qh 2d", ["Ks", "Qh"]),
    # four 7s-10s split...
    ("9s 9h 9d 9c Ks Qh 2d", ["9h", "9s"]),
    # ...unless an ace can play low
    ("9s 9h 9d 9c As Qh 2d", ["As", "Qh"]),
    # the joker is that ace
    ("9s 9h 9d 9c Jk Qh 2d", ["Jk", "Qh"]),
    # four jacks to aces split, even with an ace to play low
    ("Js Jh Jd Jc As Qh 2d", ["Jh", "Js"]),
    # four of a kind with a pair: the pair low
    ("9s 9h 9d 9c 4s 4h 2d", ["4h", "4s"]),
    # five aces split...
    ("As Ah Ad Ac Jk Qh 2d", ["As", "Jk"]),
    # ...unless a pair of kings can play low
    ("As Ah Ad Ac Jk Kh Kd", ["Kd", "Kh"]),
    # straight with no pair: keep it, the best two cards low
    ("Ks 9h 8d 7c 6s 5h 2d", ["2d", "Ks"]),
    # a straight of six cards: the straight that leaves the best low hand (9-8-7-6-5, K-T low)
    ("Ks Th 9d 8c 7s 6h 5d", ["Ks", "Th"]),
    # flush with no pair, the best two cards low
    ("Kh 9h 7h 5h 2h Qs Jd", ["Jd", "Qs"]),
    # the joker completes a royal flush, but the 9 makes a straight flush without it, so the
    # joker plays low as an ace: the straight flush that leaves the best low hand
    ("Jk Kh Qh Jh Th 4c 9d", ["4c", "Jk"]),
    # the joker completes the straight flush high when nothing else does
    ("Jk Kh Qh Jh 9h 4c 2d", ["2d", "4c"]),
    # one pair and a straight: the straight high and the pair low
    ("9s 8h 7d 6c 5s Ah Ad", ["Ad", "Ah"]),
    # trips and a straight: the straight high and a pair of the trips low
    ("8s 8h 8d 4c 5s 6h 7c", ["8d", "8h"]),
])
def test_common_house_way_sets_the_low_hand(cards, low):
    assert low_of(cards) == low


@pytest.mark.parametrize("cards, low", [
    # aces and any pair: split
    ("As Ah 3d 3c Ks Qh 2d", ["3c", "3d"]),
    # jacks, queens or kings high: split
    ("Ks Kh 5d 5c As Qh 2d", ["5c", "5d"]),
    # 7s-10s high: split unless an ace can play low
    ("Ts Th 5d 5c Ks Qh 2d", ["5c", "5d"]),
    ("Ts Th 5d 5c As Qh 2d", ["As", "Qh"]),
    # both pairs 2s-6s: together when a king or ace can play low, else split
    ("6s 6h 5d 5c Ks 9h 2d", ["9h", "Ks"]),
    ("6s 6h 5d 5c Qs 9h 2d", ["5c", "5d"]),
    # a straight is not played over two pair
    ("9s 9h 8d 8c 7s 6h 5d", ["8c", "8d"]),
])
def test_common_house_way_two_pair_rules(cards, low):
    assert low_of(cards) == low


def test_house_way_keeps_the_high_hand_of_the_cards_left():
    assert way("Ks Kh 5d 5c As Qh 2d") == (sorted(["Ks", "Kh", "As", "Qh", "2d"]), ["5c", "5d"])


@settings(max_examples=400)
@given(st.lists(st.sampled_from(deck(joker=True)), min_size=7, max_size=7, unique=True))
def test_house_way_never_sets_a_foul_hand(cards):
    setting = HOUSE_WAYS["common"](tuple(cards))
    assert sorted(setting.high + setting.low) == sorted(cards)
    assert is_set_correctly(setting.high, setting.low)


def test_a_casinos_own_house_way_is_registered_by_name():
    @house_way("test_lowest_two_low")
    def lowest_two_low(cards):
        ordered = sorted(cards)
        return Setting(tuple(ordered[2:]), tuple(ordered[:2]))

    try:
        s = set_hand(parse_cards("As Kh Qd Jc 9s 3h 2d"), "test_lowest_two_low")
        assert sorted(cards_str(s.low).split()) == ["2d", "3h"]
    finally:
        del HOUSE_WAYS["test_lowest_two_low"]


def test_a_house_way_that_fouls_is_refused():
    @house_way("test_foul")
    def foul(cards):
        ordered = sorted(cards)  # the two highest cards low: A-K over Q-high
        return Setting(tuple(ordered[:5]), tuple(ordered[5:]))

    try:
        with pytest.raises(GameError, match="incorrectly"):
            set_hand(parse_cards("As Kh Qd Jc 9s 3h 2d"), "test_foul")
    finally:
        del HOUSE_WAYS["test_foul"]


def test_a_name_registered_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        house_way("common")(lambda cards: None)


def test_unknown_house_way_and_wrong_card_count_are_refused():
    with pytest.raises(GameError, match="not a house way"):
        set_hand(parse_cards("As Kh Qd Jc 9s 3h 2d"), "nope")
    with pytest.raises(InvalidCards, match="seven"):
        set_hand(parse_cards("As Kh Qd Jc 9s 3h"))
