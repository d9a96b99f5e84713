"""The Pai Gow Poker Wager: win, tie and lose by §645a.11(f), vigorish (§645a.13(a)), EZ Pai
Gow and the Queen's Dragon push, surrender (§645a.11(d)), fouls, misdeals (§645a.9(e),
§645a.10(e)), the house way setting a hand, the wheel option, and the payout limit that does
not reach it (§645a.13(j)). Numbers are worked out by hand."""

import pytest

import games
from games.cards import parse_cards
from games.errors import InvalidRound
from games.pai_gow_poker import house_way_request
from games.pai_gow_poker.pai_gow_wager import compare, vigorish
from tests.games.pai_gow_poker_builders import (
    WEAK_DEALER,
    D,
    errors,
    line,
    net,
    one_seat,
    unused_dealer,
)

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


# Review additions: misdeals, the wheel option, surrender and fouls on EZ tables, the payout
# limit ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("stub", [0, 3])
def test_fewer_than_four_cards_left_is_a_misdeal_too(stub):
    """§645a.9(e), §645a.10(e): "more or less than four cards remain": every wager returned."""
    r = games.settle({"game": "pai_gow_poker", "stub_count": stub, "positions": [
        {"seat": 2, "wagers": {"pai_gow": "25.00", "progressive": "1.00"}}]})
    assert [(x["wager"], x["result"], x["net"]) for x in r["positions"][0]["lines"]] == [
        ("pai_gow", "push", "0.00"), ("progressive", "push", "0.00")]
    assert r["positions"][0]["hand"] == "void (misdeal)"


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


def test_the_payout_limit_does_not_reach_the_pai_gow_poker_wager():
    """§645a.13(j) limits "the payout odds in subsections (b)-(i)"; the Pai Gow Poker Wager is
    paid under (a): $60,000 won is $60,000 less 5% ($3,000) = $57,000."""
    r = settle_set("As Ah 8d 4c 3s", "Kd Qc", "60000.00", {"payout_limit": "50000.00"})
    assert net(r, "pai_gow") == "57000.00"
