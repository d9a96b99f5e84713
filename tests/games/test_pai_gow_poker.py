"""Pai Gow Poker settlement: win, tie and lose by §645a.11(f), vigorish (§645a.13(a)), EZ Pai
Gow and the Queen's Dragon, surrender, fouls, misdeals, every optional wager's paytable rows,
the progressive meter in turn order, Envy Bonuses and the payout limit (§645a.13(j)).
Numbers are worked out by hand from the paytables."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.cards import parse_cards
from games.errors import InvalidRound
from games.pai_gow_poker import SPEC, house_way_request
from games.pai_gow_poker.pai_gow_wager import compare, vigorish

D = Decimal
WEAK_DEALER = ["Kc", "Qc", "9d", "7d", "5s", "3h", "2c"]  # king high, set K-7-5-3-2 / Q-9


def unused_dealer(*hands):
    """Seven cards no player holds: the dealer for rounds about the optional wagers."""
    taken = {x for h in hands for x in parse_cards(h, joker=True)}
    pool = parse_cards("2c 3c 4d 6d 8s Th Qd 2d 3d 5h 7h 9h Jh Kh 4h 6h 8h Qs Jd Ts")
    return [f"{'23456789TJQKA'[x >> 2]}{'shdc'[x & 3]}" for x in pool if x not in taken][:7]


def one_seat(cards, wagers, options=None, dealer=None, **seat):
    payload = {
        "game": "pai_gow_poker", "options": options or {},
        "dealer": dealer or unused_dealer(cards),
        "meters": seat.pop("meters", {}),
        "positions": [{"seat": 1, "cards": cards.split(), "wagers": wagers, **seat}],
    }
    return games.settle(payload)


def line(result, wager, seat_index=0):
    return next(x for x in result["positions"][seat_index]["lines"] if x["wager"] == wager)


def net(result, wager, seat_index=0):
    return line(result, wager, seat_index)["net"]


def errors(payload):
    with pytest.raises(InvalidRound) as e:
        games.settle(payload)
    return e.value.errors


# Win, tie, lose (§645a.11(f)) --------------------------------------------------------------


def c(text):
    return parse_cards(text, joker=True)


DEALER_HIGH, DEALER_LOW = "Ks Kh 9d 5c 2s", "Qh Jd"  # pair of kings / Q-J


@pytest.mark.parametrize("high, low, result, why", [
    ("As Ah 8d 4c 3s", "Kd Qc", "win", "both higher"),
    ("As Ah 8d 4c 3s", "Qs Jc", "push", "high higher, low a copy: (2)(i)"),
    ("As Ah 8d 4c 3s", "Ts 9c", "push", "high higher, low lower: (2)(i)"),
    ("Qs Qc 8d 4c 3s", "Kd 2c", "push", "high lower, low higher: (2)(ii)"),
    ("Kd Kc 9s 5h 2d", "As 3c", "push", "high a copy, low higher: (2)(ii)"),
    ("Kd Kc 9s 5h 2d", "Qs Jc", "lose", "both copies: (1)(ii)"),
    ("Kd Kc 9s 5h 2d", "Ts 9c", "lose", "high a copy, low lower: (1)(ii)"),
    ("Qs Qc 8d 4c 3s", "Ts 9c", "lose", "both lower: (1)(i)"),
])
def test_win_tie_and_lose_follow_section_645a_11_f(high, low, result, why):
    assert compare(c(high), c(low), c(DEALER_HIGH), c(DEALER_LOW)) == result, why


def settle_set(high, low, amount="10.00", options=None, dealer_high=DEALER_HIGH,
               dealer_low=DEALER_LOW, **seat):
    return games.settle({
        "game": "pai_gow_poker", "options": options or {},
        "dealer_high": dealer_high.split(), "dealer_low": dealer_low.split(),
        "positions": [{"seat": 1, "high": high.split(), "low": low.split(),
                       "wagers": {"pai_gow": amount}, **seat}],
    })


def test_a_winning_wager_pays_one_to_one_less_five_percent():
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", "10.00")
    assert line(r, "pai_gow")["net"] == "9.50"  # $10 - 5% of $10
    assert line(r, "pai_gow")["rule"] == "§645a.11(f)(3), §645a.13(a)"


def test_copies_go_to_the_dealer():
    r = settle_set("Kd Kc 9s 5h 2d", "Qs Jc")
    assert (line(r, "pai_gow")["result"], net(r, "pai_gow")) == ("lose", "-10.00")


def test_one_hand_won_and_one_lost_is_a_tie():
    r = settle_set("As Ah 8d 4c 3s", "Ts 9c")
    assert (line(r, "pai_gow")["result"], net(r, "pai_gow")) == ("push", "0.00")


def test_joker_as_an_ace_in_the_low_hand_wins_the_low():
    # Jk-K plays as A-K, above the dealer's Q-J; the high hand A-A-8 beats K-K
    r = settle_set("As Ah 8d 4c 3s", "Jk Kd")
    assert net(r, "pai_gow") == "9.50"


def test_joker_completing_a_straight_flush_in_the_high_hand_wins():
    r = settle_set("9h 8h 6h 5h Jk", "Kd Qc")
    assert net(r, "pai_gow") == "9.50"


# Vigorish (§645a.13(a)) -------------------------------------------------------------------


@pytest.mark.parametrize("won, rounding, vig", [
    ("7.00", "none", "0.35"), ("7.00", "up_to_25c", "0.35"), ("7.00", "next_25c", "0.50"),
    ("15.00", "none", "0.75"), ("15.00", "up_to_25c", "0.75"), ("15.00", "next_25c", "0.75"),
    # 5% of 25¢ is 1.25¢: a cent unrounded (never more than 5%), 25¢ either way rounded
    ("0.25", "none", "0.01"), ("0.25", "up_to_25c", "0.25"), ("0.25", "next_25c", "0.25"),
    ("7.10", "none", "0.35"), ("7.10", "next_25c", "0.50"), ("3.00", "up_to_25c", "0.25"),
])
def test_vigorish_rounding(won, rounding, vig):
    assert vigorish(D(won), rounding) == D(vig)


@pytest.mark.parametrize("amount, rounding, expected", [
    ("7.00", "none", "6.65"), ("7.00", "next_25c", "6.50"), ("0.25", "up_to_25c", "0.00"),
])
def test_vigorish_is_collected_from_the_win(amount, rounding, expected):
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", amount, {"vigorish_rounding": rounding})
    assert net(r, "pai_gow") == expected


# EZ Pai Gow and the Queen's Dragon (§645a.11(f)(1)(v), (2)(iii)) -------------------------

QUEENS_DRAGON_HIGH, QUEENS_DRAGON_LOW = "Qs 8h 5d 3c 2s", "Jh 9d"


def test_ez_pai_gow_collects_no_vigorish():
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", "7.00", {"ez_pai_gow": True})
    assert (net(r, "pai_gow"), line(r, "pai_gow")["odds"]) == ("7.00", "1 to 1")


def test_ez_dealer_queens_dragon_pushes_a_winning_hand():
    r = settle_set("As Ah 8d 4c 6h", "Kd Qc", options={"ez_pai_gow": True},
                   dealer_high=QUEENS_DRAGON_HIGH, dealer_low=QUEENS_DRAGON_LOW)
    assert r["dealer"]["queens_dragon"] is True
    assert (line(r, "pai_gow")["result"], line(r, "pai_gow")["rule"]) == (
        "push", "§645a.11(f)(1)(v), (2)(iii)")


def test_ez_dealer_queens_dragon_pushes_even_a_fouled_hand():
    # "notwithstanding subparagraphs (i)-(iv)": the foul of (iii) pushes too
    r = settle_set("Kd Qc 8d 4c 6h", "As Ah", options={"ez_pai_gow": True},
                   dealer_high=QUEENS_DRAGON_HIGH, dealer_low=QUEENS_DRAGON_LOW)
    assert line(r, "pai_gow")["result"] == "push"


def test_queens_dragon_does_not_push_on_a_table_with_vigorish():
    r = settle_set("As Ah 8d 4c 6h", "Kd Qc", dealer_high=QUEENS_DRAGON_HIGH,
                   dealer_low=QUEENS_DRAGON_LOW)
    assert net(r, "pai_gow") == "9.50"


def test_ez_without_queens_dragon_settles_normally():
    r = settle_set("Qs Qc 8d 4c 3s", "Ts 9c", options={"ez_pai_gow": True})
    assert net(r, "pai_gow") == "-10.00"


# Fouls, surrender, misdeal -----------------------------------------------------------------


def test_high_hand_below_the_low_hand_loses():
    r = settle_set("Kd Qc 8d 4c 3c", "As Ah")
    assert (net(r, "pai_gow"), line(r, "pai_gow")["rule"]) == ("-10.00", "§645a.11(f)(1)(iii)")


def test_four_cards_high_and_three_low_loses():
    r = settle_set("As Ah 8d 4c", "Kd Qc 3c")
    assert (net(r, "pai_gow"), line(r, "pai_gow")["rule"]) == ("-10.00", "§645a.11(f)(1)(iv)")


def test_surrender_forfeits_the_wager():
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", surrender=True)
    assert (net(r, "pai_gow"), line(r, "pai_gow")["rule"]) == ("-10.00", "§645a.11(d)")


def test_surrender_is_refused_with_an_optional_wager():
    payload = {"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"], "surrender": True,
         "wagers": {"pai_gow": "10.00", "insurance": "5.00"}}]}
    assert "§645a.11(d)" in errors(payload)["positions[0].surrender"][0]


def test_surrendered_hand_needs_no_cards_without_qualifying_wagers():
    r = games.settle({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "surrender": True, "wagers": {"pai_gow": "10.00"}}]})
    assert r["positions"][0]["hand"] == "surrendered"


def test_misdeal_voids_every_hand_and_returns_every_wager():
    r = games.settle({"game": "pai_gow_poker", "stub_count": 5, "positions": [
        {"seat": 1, "wagers": {"pai_gow": "10.00", "fortune_bonus": "5.00"}},
        {"seat": 2, "wagers": {"pai_gow": "25.00"}}]})
    lines = [x for p in r["positions"] for x in p["lines"]]
    assert [(x["result"], x["net"]) for x in lines] == [("push", "0.00")] * 3
    assert lines[0]["rule"] == "§645a.9(e), §645a.10(e)"


def test_four_cards_left_is_no_misdeal():
    cards = "As Ah 8d 4c 3s Kd Qh"
    # stub_count is the table's (a position's would be refused as unknown, never ignored)
    r = games.settle({"game": "pai_gow_poker", "dealer": unused_dealer(cards), "stub_count": 4,
                      "positions": [{"seat": 1, "cards": cards.split(),
                                     "wagers": {"pai_gow": "10.00"}}]})
    r2 = one_seat(cards, {"pai_gow": "10.00"})
    assert r["positions"] == r2["positions"]


# The house way for a player and the dealer ------------------------------------------------


def test_player_who_asks_for_help_is_set_by_the_house_way():
    r = one_seat("8s 8h Kd Qc 5s 3h 2d", {"pai_gow": "10.00"})
    seat = r["positions"][0]
    assert (seat["set_by"], sorted(seat["low"])) == ("house_way", ["Kd", "Qc"])


def test_dealer_is_set_by_the_house_way():
    r = one_seat("As Ah 8d 4c 3s Kd Qh", {"pai_gow": "10.00"}, dealer=WEAK_DEALER)
    assert (r["dealer"]["set_by"], sorted(r["dealer"]["low"])) == ("house_way:common",
                                                                   ["9d", "Qc"])


def test_house_way_request():
    r = house_way_request({"cards": ["Ks", "Kh", "5d", "5c", "As", "Qh", "2d"]})
    assert (sorted(r["low"]), r["house_way"]) == (["5c", "5d"], "common")


def test_house_way_request_refuses_bad_cards():
    with pytest.raises(InvalidRound) as e:
        house_way_request({"cards": ["As", "As"], "house_way": "nope"})
    assert set(e.value.errors) == {"cards", "house_way"}


def test_a_dealer_setting_that_fouls_is_refused():
    payload = {"game": "pai_gow_poker", "dealer_high": ["Kd", "Qc", "8d", "4c", "3c"],
               "dealer_low": ["As", "Ah"], "positions": [
                   {"seat": 1, "cards": ["Ks", "Kh", "9d", "5c", "2s", "Qh", "Jd"],
                    "wagers": {"pai_gow": "10.00"}}]}
    assert "dealer_low" in errors(payload)


# Fortune Bonus, paytable 2 (facts.md: 8000-2000-1000-400-150-50-25-5-4-3-2, to 1), $5 ---------

SEVEN_CARD_HANDS = {
    "natural_seven_card_straight_flush": "8h 9h Th Jh Qh Kh Ah",
    "royal_flush_and_royal_match": "As Ks Qs Js Ts Kh Qh",
    "seven_card_straight_flush_with_joker": "8h 9h Th Jk Qh Kh Ah",
    "five_aces": "As Ah Ad Ac Jk 2s 7d",
    "royal_flush": "Ks Qs Js Ts Jk 2h 3d",
    "straight_flush": "9s 8s 7s 6s 5s 2h 3d",
    "four_of_a_kind": "9s 9h 9d 9c 5s 2h 3d",
    "full_house": "9s 9h 9d 5c 5s 2h 3d",
    "flush": "Ks 9s 7s 5s 2s 2h 3d",
    "three_of_a_kind": "9s 9h 9d Kc 5s 2h 3d",
    "straight": "9s Th Jd Qc Ks 2h 3d",
    "ace_five_natural_straight_flush_and_natural_ace_queen_suited": "As 2s 3s 4s 5s Ah Qh",
    "natural_royal_flush_and_natural_ace_queen_suited": "As Ks Qs Js Ts Ah Qh",
    "ace_five_natural_straight_flush": "As 2s 3s 4s 5s Kh Qh",
    "pair": "9s 9h 5d Kc 4s 2h 3d",
}


@pytest.mark.parametrize("hand, expected", [
    ("natural_seven_card_straight_flush", "40000.00"),  # 8000 x $5
    ("royal_flush_and_royal_match", "10000.00"),
    ("seven_card_straight_flush_with_joker", "5000.00"),
    ("five_aces", "2000.00"),
    ("royal_flush", "750.00"),
    ("straight_flush", "250.00"),
    ("four_of_a_kind", "125.00"),
    ("full_house", "25.00"),
    ("flush", "20.00"),
    ("three_of_a_kind", "15.00"),
    ("straight", "10.00"),
    ("pair", "-5.00"),
])
def test_fortune_bonus_paytable_2(hand, expected):
    r = one_seat(SEVEN_CARD_HANDS[hand], {"pai_gow": "5.00", "fortune_bonus": "5.00"},
                 {"fortune_bonus": "2"})
    assert net(r, "fortune_bonus") == expected
    assert line(r, "fortune_bonus")["rule"] == "§645a.11(h)(1), §645a.13(b)"


def test_fortune_bonus_pays_three_of_a_kind_over_a_straight_it_also_holds():
    r = one_seat("8s 8h 8d 4c 5s 6h 7c", {"pai_gow": "5.00", "fortune_bonus": "5.00"},
                 {"fortune_bonus": "2"})
    assert (line(r, "fortune_bonus")["hand"], net(r, "fortune_bonus")) == (
        "three of a kind", "15.00")


@pytest.mark.parametrize("table, expected", [
    ("1", "25000.00"), ("2", "40000.00"), ("3", "25000.00"), ("4", "12500.00"),
    ("5", "25000.00"), ("6", "25000.00"), ("7", "40000.00"),
])
def test_fortune_bonus_paytables_top_rows(table, expected):
    r = one_seat(SEVEN_CARD_HANDS["natural_seven_card_straight_flush"],
                 {"pai_gow": "5.00", "fortune_bonus": "5.00"}, {"fortune_bonus": table})
    assert net(r, "fortune_bonus") == expected


def test_fortune_bonus_paytable_6_five_aces_is_300_to_1():
    r = one_seat(SEVEN_CARD_HANDS["five_aces"], {"pai_gow": "5.00", "fortune_bonus": "5.00"},
                 {"fortune_bonus": "6"})
    assert net(r, "fortune_bonus") == "1500.00"


def test_the_bonus_is_paid_on_the_seven_cards_whatever_the_setting():
    # the player splits the straight flush; §645a.11(h) rearranges it for the bonus
    r = games.settle({
        "game": "pai_gow_poker", "options": {"fortune_bonus": "2"},
        "dealer": unused_dealer("9s 8s 7s 6s 5s 2h 3d"),
        "positions": [{"seat": 1, "high": ["9s", "8s", "7s", "2h", "3d"], "low": ["6s", "5s"],
                       "wagers": {"pai_gow": "5.00", "fortune_bonus": "5.00"}}]})
    assert net(r, "fortune_bonus") == "250.00"


# Emperor's Treasure (facts.md, same odds as Fortune 2) and Insurance ----------------------


@pytest.mark.parametrize("hand, expected", [
    ("natural_seven_card_straight_flush", "40000.00"), ("five_aces", "2000.00"),
    ("straight", "10.00"), ("pair", "-5.00"),
])
def test_emperors_treasure(hand, expected):
    r = one_seat(SEVEN_CARD_HANDS[hand], {"pai_gow": "5.00", "emperors_treasure": "5.00"})
    assert net(r, "emperors_treasure") == expected


CLUBS_STRAIGHT_FLUSH = ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc"]  # beside five aces
NO_PAIR = {
    "nine_high": "2s 3h 4d 6c 7s 8h 9d", "ten_high": "2s 3h 4d 6c 7s 8h Td",
    "jack_high": "2s 3h 4d 6c 7s 8h Jd", "queen_high": "2s 3h 4d 6c 7s 8h Qd",
    "king_high": "2s 3h 4d 6c 7s 8h Kd", "ace_high": "2s 3h 4d 6c 7s 8h Ad",
}


@pytest.mark.parametrize("hand, expected", [
    ("nine_high", "500.00"), ("ten_high", "125.00"), ("jack_high", "75.00"),
    ("queen_high", "30.00"), ("king_high", "25.00"), ("ace_high", "15.00"),
])
def test_pai_gow_insurance(hand, expected):
    r = one_seat(NO_PAIR[hand], {"pai_gow": "5.00", "insurance": "5.00"})
    assert net(r, "insurance") == expected


def test_pai_gow_insurance_loses_on_a_pair():
    r = one_seat(SEVEN_CARD_HANDS["pair"], {"pai_gow": "5.00", "insurance": "5.00"})
    assert net(r, "insurance") == "-5.00"


# Progressive (§645a.13(e)) ------------------------------------------------------------------


@pytest.mark.parametrize("hand, expected", [
    ("royal_flush", "2495.00"),  # 500 for 1 on $5: $2,500 including the stake
    ("straight_flush", "495.00"),
    ("four_of_a_kind", "370.00"),
    ("full_house", "15.00"),
    ("flush", "-5.00"),
])
def test_progressive_fixed_rows(hand, expected):
    r = one_seat(SEVEN_CARD_HANDS[hand], {"pai_gow": "5.00", "progressive": "5.00"},
                 meters={"progressive": "25000.00"})
    assert net(r, "progressive") == expected
    assert line(r, "progressive")["paid_from"] == "table_inventory"


def test_progressive_five_aces_pays_ten_percent_of_the_meter_down_to_the_cent():
    r = one_seat(SEVEN_CARD_HANDS["five_aces"], {"pai_gow": "5.00", "progressive": "1.00"},
                 meters={"progressive": "12345.67"})
    assert net(r, "progressive") == "1233.56"  # $1,234.567 -> $1,234.56, less the $1 stake
    assert line(r, "progressive")["paid_from"] == "not_table_inventory"


def test_progressive_hits_are_paid_from_the_dealers_right_at_the_meter_then():
    # seat 6 (farthest to the dealer's right) is paid first: 100% of $25,000; the meter then
    # restarts at its $2,000 reset and seat 2's five aces take 10% of that, $200.
    r = games.settle({
        "game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "meters": {"progressive": "25000.00", "progressive_reset": "2000.00"},
        "positions": [
            {"seat": 2, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}},
            {"seat": 6, "cards": CLUBS_STRAIGHT_FLUSH,
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}},
        ]})
    assert (net(r, "progressive", 1), net(r, "progressive", 0)) == ("24999.00", "199.00")
    assert [a["award"] for a in r["meter_awards"]] == ["200.00", "25000.00"]


def test_progressive_needs_the_meter():
    payload = {"game": "pai_gow_poker", "dealer": unused_dealer(SEVEN_CARD_HANDS["five_aces"]),
               "positions": [{"seat": 1, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
                              "wagers": {"pai_gow": "5.00", "progressive": "1.00"}}]}
    assert "meters.progressive" in errors(payload)


# EZ Pai Gow wagers: Queen's Dragon, Dynasty Bonus, Protection, Red/Black -------------------

EZ = {"ez_pai_gow": True}
QUEENS_DRAGON = ["Qs", "Jh", "9d", "8c", "5s", "3h", "2d"]


def test_queens_dragon_wager_pays_50_to_1():
    r = one_seat("As Ah Kd Kc 7h 6c 4h", {"pai_gow": "5.00", "queens_dragon": "5.00"}, EZ,
                 dealer=QUEENS_DRAGON)
    assert net(r, "queens_dragon") == "250.00"


def test_queens_dragon_wager_loses_without_one():
    r = one_seat("As Ah Kd Qc 7h 6c 4h", {"pai_gow": "5.00", "queens_dragon": "5.00"}, EZ,
                 dealer=["Ks", "Jh", "9d", "8c", "5s", "3h", "2d"])
    assert net(r, "queens_dragon") == "-5.00"


@pytest.mark.parametrize("wager", ["queens_dragon", "dynasty_bonus", "protection", "red_black"])
def test_ez_wagers_are_refused_on_a_table_with_vigorish(wager):
    payload = {"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"], "red_black_color": "red",
         "wagers": {"pai_gow": "5.00", wager: "5.00"}}]}
    assert "EZ" in errors(payload)[f"positions[0].wagers.{wager}"][0]


@pytest.mark.parametrize("hand, expected", [
    ("ace_five_natural_straight_flush_and_natural_ace_queen_suited", "10000.00"),
    ("natural_seven_card_straight_flush", "10000.00"),
    ("natural_royal_flush_and_natural_ace_queen_suited", "5000.00"),
    ("seven_card_straight_flush_with_joker", "5000.00"),
    ("five_aces", "2500.00"),
    ("ace_five_natural_straight_flush", "600.00"),
    ("royal_flush", "600.00"),
    ("straight_flush", "250.00"),
    ("four_of_a_kind", "125.00"),
    ("full_house", "25.00"),
    ("flush", "20.00"),
    ("three_of_a_kind", "15.00"),
    ("straight", "10.00"),
    ("pair", "-5.00"),
])
def test_dynasty_bonus_paytable(hand, expected):
    r = one_seat(SEVEN_CARD_HANDS[hand], {"pai_gow": "5.00", "dynasty_bonus": "5.00"}, EZ)
    assert net(r, "dynasty_bonus") == expected
    if not expected.startswith("-"):
        assert line(r, "dynasty_bonus")["hand"] == hand.replace("_", " ")


@pytest.mark.parametrize("hand, cards, expected", [
    ("ace_five_natural_straight_flush", SEVEN_CARD_HANDS["ace_five_natural_straight_flush"],
     "600.00"),
    *[(name, cards, value) for (name, cards), value in zip(
        NO_PAIR.items(), ["500.00", "125.00", "75.00", "35.00", "25.00", "15.00"], strict=True)],
    ("pair", SEVEN_CARD_HANDS["pair"], "-5.00"),
])
def test_protection_paytable(hand, cards, expected):
    r = one_seat(cards, {"pai_gow": "5.00", "protection": "5.00"}, EZ)
    assert net(r, "protection") == expected


@pytest.mark.parametrize("cards, color, expected", [
    ("Ah Kh Qd Jd 9h 7d 5h", "red", "25.00"),  # seven red: 5 to 1
    ("Ah Kh Qd Jd 9h 7d 5s", "red", "5.00"),  # six
    ("Ah Kh Qd Jd 9h 7c 5s", "red", "5.00"),  # five
    ("Ah Kh Qd Jd 9s 7c 5s", "red", "5.00"),  # four
    ("Ah Kh Qd Js 9s 7c 5s", "red", "-5.00"),  # three
    ("Ah Kh Qd Js 9s 7c 5s", "black", "5.00"),  # four black
])
def test_red_black_paytable(cards, color, expected):
    r = one_seat(cards, {"pai_gow": "5.00", "red_black": "5.00"}, EZ, red_black_color=color)
    assert net(r, "red_black") == expected


@pytest.mark.parametrize("joker_color, expected", [("neither", "-5.00"), ("chosen_color", "5.00")])
def test_red_black_joker_colour_is_the_rules_submissions_choice(joker_color, expected):
    r = one_seat("Ah Kh Qd Js 9s 7c Jk", {"pai_gow": "5.00", "red_black": "5.00"},
                 {**EZ, "red_black_joker": joker_color}, red_black_color="red")
    assert net(r, "red_black") == expected


def test_red_black_needs_the_chosen_colour():
    payload = {"game": "pai_gow_poker", "options": EZ, "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
         "wagers": {"pai_gow": "5.00", "red_black": "5.00"}}]}
    assert "positions[0].red_black_color" in errors(payload)


# Envy Bonuses (§645a.11(h)(1)(ii), (6)(ii); §645a.13(b), (g)) -------------------------------


def envy_round(options=None, limit=None):
    positions = [
        # seat 1: Dynasty $5 (a lammer) and four nines (an Envy Bonus Qualifying Hand)
        {"seat": 1, "cards": ["9s", "9h", "9d", "9c", "2s", "3h", "4d"],
         "wagers": {"pai_gow": "5.00", "dynasty_bonus": "5.00"}},
        # seat 2: Dynasty $10, no qualifying hand
        {"seat": 2, "cards": ["Ks", "Kh", "7d", "6h", "3s", "2h", "5d"],
         "wagers": {"pai_gow": "5.00", "dynasty_bonus": "10.00"}},
        # seat 3: five aces and no Qualifying Wager
        {"seat": 3, "cards": ["As", "Ah", "Ad", "Ac", "Jk", "Th", "Jd"], "wagers": {"pai_gow": "5.00"}},
        # seat 5: a straight flush, Dynasty $4: under $5, no lammer
        {"seat": 5, "cards": ["3c", "4c", "5c", "6c", "7c", "Qd", "Td"],
         "wagers": {"pai_gow": "5.00", "dynasty_bonus": "4.00"}},
    ]
    return games.settle({"game": "pai_gow_poker", "options": {**EZ, **(options or {})},
                         "dealer": ["8s", "8h", "8d", "8c", "Qs", "Js", "2c"], "positions": positions})


def envy_of(result, seat_index):
    return sorted((x["from_seat"], x["net"]) for x in result["positions"][seat_index]["lines"]
                  if x["wager"] == "envy_bonus")


def test_envy_with_several_qualifying_hands_at_the_table():
    r = envy_round()
    # seat 1: five aces at seat 3 ($100) and the straight flush at seat 5 ($20); not its own
    # four of a kind, not the dealer's four eights
    assert envy_of(r, 0) == [(3, "100.00"), (5, "20.00")]
    # seat 2: seat 1's four of a kind ($5) too
    assert envy_of(r, 1) == [(1, "5.00"), (3, "100.00"), (5, "20.00")]
    # no lammer at seats 3 and 5
    assert envy_of(r, 2) == envy_of(r, 3) == []
    assert line(r, "envy_bonus", 0)["rule"] == "§645a.11(h)(6)(ii), §645a.13(g)"


def test_fortune_bonus_envy_and_the_payout_limit_never_caps_it():
    r = games.settle({
        "game": "pai_gow_poker", "options": {"fortune_bonus": "2", "payout_limit": "50000.00"},
        "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "positions": [
            {"seat": 1, "cards": CLUBS_STRAIGHT_FLUSH,
             "wagers": {"pai_gow": "5.00", "fortune_bonus": "25.00"}},
            {"seat": 2, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
             "wagers": {"pai_gow": "5.00", "fortune_bonus": "5.00"}},
        ]})
    # 8,000 x $25 = $200,000, capped at $50,000; the $250 Envy for seat 2's five aces is not
    assert net(r, "fortune_bonus", 0) == "50000.00"
    assert envy_of(r, 0) == [(2, "250.00")]
    # seat 2: 400 x $5 and a $5,000 Envy for seat 1's natural seven-card straight flush
    assert (net(r, "fortune_bonus", 1), envy_of(r, 1)) == ("2000.00", [(1, "5000.00")])


def test_envy_on_a_table_without_envy_amounts_is_refused():
    payload = {"game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
               "positions": [
                   {"seat": 1, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
                    "wagers": {"pai_gow": "5.00"}},
                   {"seat": 2, "cards": SEVEN_CARD_HANDS["straight"].replace("Ks", "Kd").split(),
                    "wagers": {"pai_gow": "5.00", "emperors_treasure": "5.00"}}]}
    assert "options.emperors_treasure" in errors(payload)


def test_envy_counts_a_surrendered_hand():
    r = games.settle({
        "game": "pai_gow_poker", "options": {"fortune_bonus": "2"},
        "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "positions": [
            {"seat": 1, "cards": SEVEN_CARD_HANDS["four_of_a_kind"].split(), "surrender": True,
             "wagers": {"pai_gow": "5.00"}},
            {"seat": 2, "cards": ["Ks", "Kh", "7d", "6h", "4s", "Jh", "5d"],
             "wagers": {"pai_gow": "5.00", "fortune_bonus": "5.00"}}]})
    assert envy_of(r, 1) == [(1, "5.00")]


def test_no_envy_for_the_other_box_of_the_same_player():
    r = games.settle({
        "game": "pai_gow_poker",
        "options": {"fortune_bonus": "2", "adjacent_betting_areas": True},
        "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "positions": [
            {"seat": 1, "player": "p1", "cards": SEVEN_CARD_HANDS["four_of_a_kind"].split(),
             "wagers": {"pai_gow": "5.00"}},
            {"seat": 2, "player": "p1", "cards": ["Ks", "Kh", "7d", "6h", "4s", "Jh", "5d"],
             "wagers": {"pai_gow": "5.00", "fortune_bonus": "5.00"}}]})
    assert envy_of(r, 1) == []


# Bad requests become InvalidRound, never a TypeError ----------------------------------------


def test_bad_requests_name_each_field():
    errs = errors({"game": "pai_gow_poker", "dealer": "As Ks", "options": {"fortune_bonus": "9"},
                   "positions": [{"seat": 1, "cards": ["As", "Kd", "Qh", "Jc", "9s", "3h", "2d"],
                                  "wagers": {"fortune_bonus": "5.00", "bogus": "1.00"}}]})
    assert {"dealer", "options.fortune_bonus", "positions[0].wagers.pai_gow",
            "positions[0].wagers.bogus"} <= set(errs)


def test_a_card_dealt_twice_is_refused():
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["Kc", "Ah", "8d", "4c", "3s", "Kd", "Qh"], "wagers": {"pai_gow": "5.00"}}]})
    assert "positions[0]" in errs


def test_high_and_low_must_hold_seven_cards():
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "high": ["As", "Ah", "8d", "4c", "3s"], "low": ["Kd"],
         "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.9(c)" in errs["positions[0]"][0]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4)
    | st.sampled_from(["As", "Jk", "5.00", "red", "common", "2"]),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(
        st.sampled_from(["seat", "cards", "high", "low", "wagers", "pai_gow", "surrender",
                         "fortune_bonus", "red_black_color", "player"]), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300)
@given(st.fixed_dictionaries({"game": st.just("pai_gow_poker")}, optional={
    "options": JSONISH, "meters": JSONISH, "dealer": JSONISH, "dealer_high": JSONISH,
    "dealer_low": JSONISH, "positions": JSONISH, "stub_count": JSONISH}))
def test_malformed_requests_are_refused_by_field(payload):
    try:
        games.settle(payload)
    except InvalidRound as e:
        assert e.errors


def test_max_round_win_for_the_payout_limit_floor():
    # $5 on the Pai Gow Poker Wager (1 to 1), Fortune Bonus table 2 at 8,000 to 1 ($40,000), and
    # the best Envy ($5,000) from each of the five other positions: $65,005
    offered = {"pai_gow": "", "fortune_bonus": "2"}
    assert SPEC.payout_limit_floor(offered, {}, D("5.00")) == D("65005.00")
    assert SPEC.payout_limit_floor({"pai_gow": ""}, {}, D("5.00")) == D("50000.00")


# Review additions: table size, adjacent boxes, misdeals, the meter's reset, the wheel option,
# surrender and fouls on EZ tables, the payout limit ------------------------------------------


def test_a_seventh_seat_does_not_exist():
    """§645a.2(a): betting positions for no more than six players."""
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 7, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
         "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.2(a)" in errs["positions[0].seat"][0]


@pytest.mark.parametrize("seats", [(1, 3), (1, 2, 3)])
def test_one_player_wagers_on_at_most_two_adjacent_boxes(seats):
    """§645a.7(f): a player may wager on two adjacent betting areas, no more."""
    hands = ["As Ah 8d 4c 3s Kd Qh", "Ks Kh 8h 4h 3h Jd Jh", "9s 9c 7d 6c 5h 4s 2d"]
    errs = errors({"game": "pai_gow_poker", "options": {"adjacent_betting_areas": True},
                   "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
                   "positions": [{"seat": seat, "player": "p1", "cards": hand.split(),
                                  "wagers": {"pai_gow": "5.00"}}
                                 for seat, hand in zip(seats, hands, strict=False)]})
    assert "§645a.7(f)" in errs["positions"][0]
    assert "at most 2 adjacent box(es)" in errs["positions"][0]


def test_two_boxes_for_one_player_need_the_adjacent_betting_areas_option():
    """§645a.7(f): "may, if specified in its Rules Submission, permit a player to wager on two
    adjacent betting areas": without the option, one player, one box."""
    hand_1 = ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"]
    hand_2 = ["Ks", "Kh", "8h", "4h", "3h", "Jd", "Jh"]
    payload = {"game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
               "positions": [
                   {"seat": 1, "player": "p1", "cards": hand_1,
                    "wagers": {"pai_gow": "5.00"}},
                   {"seat": 2, "player": "p1", "cards": hand_2,
                    "wagers": {"pai_gow": "10.00"}}]}
    assert errors(payload)["positions"] == [
        "player p1 wagers on seats 1, 2: at most 1 adjacent box(es) "
        "(§645a.7(f), options.adjacent_betting_areas)"]
    r = games.settle({**payload, "options": {"adjacent_betting_areas": True}})
    # Each box is played separately (§645a.7(f)); the house way sets A-A / K-Q and K-K / J-J,
    # both beating the dealer's Q-6-4-3-2 / T-8: $5 and $10 won less 5% vigorish (§645a.13(a)).
    assert [p["lines"][0]["net"] for p in r["positions"]] == ["4.75", "9.50"]


@pytest.mark.parametrize("stub", [0, 3])
def test_fewer_than_four_cards_left_is_a_misdeal_too(stub):
    """§645a.9(e), §645a.10(e): "more or less than four cards remain": every wager returned."""
    r = games.settle({"game": "pai_gow_poker", "stub_count": stub, "positions": [
        {"seat": 2, "wagers": {"pai_gow": "25.00", "progressive": "1.00"}}]})
    assert [(x["wager"], x["result"], x["net"]) for x in r["positions"][0]["lines"]] == [
        ("pai_gow", "push", "0.00"), ("progressive", "push", "0.00")]
    assert r["positions"][0]["hand"] == "void (misdeal)"


@pytest.mark.parametrize("stub", ["4", -1, 4.0, True])
def test_stub_count_is_a_whole_number(stub):
    """§645a.9(d), §645a.10(d): the dealer counts the cards left; a count is a whole number."""
    errs = errors({"game": "pai_gow_poker", "stub_count": stub, "dealer": WEAK_DEALER,
                   "positions": [{"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
                                  "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.9(d)" in errs["stub_count"][0]


def test_a_reset_amount_below_two_thousand_dollars_is_refused():
    """§645a.13(e)(2): the reset amount is at least $2,000, so a round that restarts the meter
    at $1,999.99 is refused rather than paying the next five aces 10% of it ($199.99)."""
    payload = {
        "game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "meters": {"progressive": "3000.00", "progressive_reset": "1999.99"},
        "positions": [
            {"seat": 2, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}},
            {"seat": 6, "cards": CLUBS_STRAIGHT_FLUSH,
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}}]}
    assert "§645a.13(e)(2)" in errors(payload)["meters.progressive_reset"][0]


def test_a_reset_of_two_thousand_dollars_pays_the_next_player_from_it():
    """§645a.13(e)(2)-(3): seat 6 takes 100% of $3,000 ($2,999 net of the $1 collected); the
    meter restarts at $2,000 and seat 2's five aces take 10% of it, $200 ($199 net)."""
    r = games.settle({
        "game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "meters": {"progressive": "3000.00", "progressive_reset": "2000.00"},
        "positions": [
            {"seat": 2, "cards": SEVEN_CARD_HANDS["five_aces"].split(),
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}},
            {"seat": 6, "cards": CLUBS_STRAIGHT_FLUSH,
             "wagers": {"pai_gow": "5.00", "progressive": "1.00"}}]})
    assert (net(r, "progressive", 1), net(r, "progressive", 0)) == ("2999.00", "199.00")


@pytest.mark.parametrize("wheel, result, expected", [
    ("second_highest", "win", "9.50"),  # A-2-3-4-5 over 6-5-4-3-2, K-Q over K-J: $10 less 50¢
    ("lowest", "push", "0.00"),  # A-2-3-4-5 under 6-5-4-3-2, K-Q over K-J: one of two, a tie
])
def test_the_wheel_option_ranks_a_2_3_4_5_in_the_comparison(wheel, result, expected):
    """§645a.6 (elided; the Rules Submission's option) with §645a.11(f)(2)(ii) and (3)."""
    r = settle_set("As 2h 3d 4c 5s", "Kd Qc", options={"wheel": wheel},
                   dealer_high="6s 5h 4d 3c 2s", dealer_low="Kh Jd")
    assert (line(r, "pai_gow")["result"], net(r, "pai_gow")) == (result, expected)


def test_a_surrender_is_collected_even_against_an_ez_queens_dragon():
    """§645a.11(d): the dealer "shall immediately collect the Pai Gow Poker Wager" once the
    player surrenders; nothing is left for §645a.11(f)(1)(v) to push."""
    r = settle_set("As Ah 8d 4c 6h", "Kd Qc", options={"ez_pai_gow": True},
                   dealer_high=QUEENS_DRAGON_HIGH, dealer_low=QUEENS_DRAGON_LOW, surrender=True)
    assert (net(r, "pai_gow"), line(r, "pai_gow")["rule"]) == ("-10.00", "§645a.11(d)")


def test_ez_dealer_queens_dragon_pushes_a_hand_with_the_wrong_counts():
    """§645a.11(f)(1)(v): "notwithstanding subparagraphs (i)-(iv)", the wrong-count foul of
    (iv) (six cards high, one low) pushes too."""
    r = settle_set("As Ah 8d 4c 6h Kd", "Qc", options={"ez_pai_gow": True},
                   dealer_high=QUEENS_DRAGON_HIGH, dealer_low=QUEENS_DRAGON_LOW)
    assert (line(r, "pai_gow")["result"], net(r, "pai_gow")) == ("push", "0.00")


def test_six_cards_high_and_one_low_loses():
    """§645a.11(f)(1)(iv): hands not set five high and two low lose."""
    r = settle_set("As Ah 8d 4c 3s Kd", "Qc")
    assert (net(r, "pai_gow"), line(r, "pai_gow")["rule"]) == ("-10.00", "§645a.11(f)(1)(iv)")


@pytest.mark.parametrize("field, value", [("surrender", "yes"), ("red_black_color", "green")])
def test_surrender_and_colour_are_checked(field, value):
    """§645a.11(d) surrender is true or false; §645a.7(e)(5)(iv) the colour is red or black."""
    payload = {"game": "pai_gow_poker", "options": EZ, "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"], field: value,
         "wagers": {"pai_gow": "5.00", "red_black": "5.00"}}]}
    assert f"positions[0].{field}" in errors(payload)


def test_a_payout_limit_below_fifty_thousand_dollars_is_refused():
    """§645a.13(j): the maximum payout is at least $50,000."""
    payload = {"game": "pai_gow_poker", "options": {"payout_limit": "49999.99"},
               "dealer": WEAK_DEALER, "positions": [
                   {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
                    "wagers": {"pai_gow": "5.00"}}]}
    assert "§645a.13(j)" in errors(payload)["options.payout_limit"][0]


def test_the_payout_limit_caps_the_optional_wagers_of_one_hand_together():
    """§645a.13(j): at most $50,000 on a single hand. A joker royal flush with $200 on Fortune
    Bonus (table 2, 150 to 1: $30,000) and $200 on Dynasty Bonus (120 to 1: $24,000) wins
    $54,000; capped at $50,000 in proportion: 50,000 x 30/54 = 27,777.77(7) and
    50,000 x 24/54 = 22,222.22(2), the odd cent to the first line."""
    r = one_seat(SEVEN_CARD_HANDS["royal_flush"],
                 {"pai_gow": "5.00", "fortune_bonus": "200.00", "dynasty_bonus": "200.00"},
                 {**EZ, "fortune_bonus": "2", "payout_limit": "50000.00"})
    assert (net(r, "fortune_bonus"), net(r, "dynasty_bonus")) == ("27777.78", "22222.22")
    assert line(r, "dynasty_bonus")["rule"].endswith("§645a.13(j)")


def test_the_payout_limit_does_not_reach_the_pai_gow_poker_wager():
    """§645a.13(j) limits "the payout odds in subsections (b)-(i)"; the Pai Gow Poker Wager is
    paid under (a): $60,000 won is $60,000 less 5% ($3,000) = $57,000."""
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", "60000.00", {"payout_limit": "50000.00"})
    assert net(r, "pai_gow") == "57000.00"
