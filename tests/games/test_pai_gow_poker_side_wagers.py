"""Pai Gow Poker's optional wagers: every paytable row (Fortune Bonus, Emperor's Treasure,
Insurance, Progressive, Queen's Dragon, Dynasty Bonus, Protection, Red/Black, §645a.13(b)-(i)),
the progressive meter in turn order and its reset (§645a.13(e)), Envy Bonuses, and the payout
limit over one hand's optional wagers (§645a.13(j)). Numbers are worked out by hand from the
paytables."""

import pytest

import games
from tests.games.pai_gow_poker_builders import (
    EZ,
    WEAK_DEALER,
    errors,
    line,
    net,
    one_seat,
    unused_dealer,
)

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


# Review additions: the meter's reset, the payout limit over the optional wagers --------------


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
