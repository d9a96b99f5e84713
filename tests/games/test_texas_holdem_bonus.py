"""Texas Hold 'Em Bonus (§647a.7, §647a.11-12): each wager and row, numbers worked by hand."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import texas_holdem_bonus as thb
from games.cards import card_str
from games.errors import InvalidRound
from games.hands import Category, category, strength

D = Decimal
PLAYS = {"ante": "10.00", "flop": "20.00", "turn": "10.00", "river": "10.00"}
STRAIGHT_OR_BETTER = {"ante_pays_on": "straight_or_better"}


def play(positions, dealer, community, options=None, **extra):
    payload = {"game": "texas_holdem_bonus", "dealer": dealer.split(),
               "community": community.split(),
               "options": {**STRAIGHT_OR_BETTER, **(options or {})}, **extra}
    payload["positions"] = [{"seat": seat, "cards": cards.split(), "wagers": wagers}
                            for seat, cards, wagers in positions]
    return games.settle(payload)


def lines(result, number=1, wager=None):
    found = next(p for p in result["positions"] if p["seat"] == number)["lines"]
    return [x for x in found if wager is None or x["wager"] == wager]


def nets(result, number=1):
    return {x["wager"]: x["net"] for x in lines(result, number)}


def errors(payload):
    with pytest.raises(InvalidRound) as e:
        games.settle(payload)
    return e.value.errors


BOARD = "9c Td Jh 4s 2d"
DEALER_K_HIGH = "Kc 3h"  # K-J-T-9-4


def test_a_fold_forfeits_the_ante():
    result = play([(1, "2c 7d", {"ante": "10.00"})], DEALER_K_HIGH, BOARD)
    assert [(x["wager"], x["net"], x["rule"]) for x in lines(result)] == [
        ("ante", "-10.00", "§647a.11(b)(2)")]
    assert next(p for p in result["positions"])["folded"] is True


@pytest.mark.parametrize(("ante_pays_on", "ante"), [("straight_or_better", "10.00"),
                                                    ("flush_or_better", "0.00")])
def test_a_winning_straight_pays_the_ante_only_where_the_rules_submission_says(ante_pays_on,
                                                                              ante):
    result = play([(1, "Qs 8h", PLAYS)], DEALER_K_HIGH, BOARD, {"ante_pays_on": ante_pays_on})
    # 8-Q straight beats K high: Flop $20, Turn $10, River $10 at 1 to 1.
    assert nets(result) == {"ante": ante, "flop": "20.00", "turn": "10.00", "river": "10.00"}


def test_a_winning_flush_pays_the_ante_under_either_rule():
    result = play([(1, "Ac 5c", PLAYS)], "Kh 3h", "9c Tc Jc 4s 2d",
                  {"ante_pays_on": "flush_or_better"})
    assert nets(result)["ante"] == "10.00"


def test_a_win_below_a_straight_returns_the_ante():
    result = play([(1, "Ac 5h", PLAYS)], DEALER_K_HIGH, BOARD)
    ante = lines(result, wager="ante")[0]
    assert (ante["result"], ante["net"], ante["rule"]) == ("push", "0.00", "§647a.11(h)(2)(ii)")
    assert nets(result)["flop"] == "20.00"


def test_a_lower_hand_loses_every_play_wager():
    result = play([(1, "Qd 3c", PLAYS)], DEALER_K_HIGH, BOARD)
    assert nets(result) == {"ante": "-10.00", "flop": "-20.00", "turn": "-10.00",
                            "river": "-10.00"}
    assert {x["rule"] for x in lines(result)} == {"§647a.11(h)(2)(i)"}


def test_an_equal_hand_pushes_every_play_wager():
    result = play([(1, "4c 5s", PLAYS)], "2c 3d", "Ah Kh Qd Jd Tc")
    assert {x["result"] for x in lines(result)} == {"push"}


def test_checked_turn_and_river_are_absent():
    result = play([(1, "Qs 8h", {"ante": "10.00", "flop": "20.00"})], DEALER_K_HIGH, BOARD)
    assert nets(result) == {"ante": "10.00", "flop": "20.00"}


def base(wagers, **change):
    return {"game": "texas_holdem_bonus", "options": STRAIGHT_OR_BETTER, "dealer": ["Kc", "3h"],
            "community": BOARD.split(),
            "positions": [{"seat": 1, "cards": ["Qs", "8h"], "wagers": wagers}], **change}


@pytest.mark.parametrize(("wagers", "field", "words"), [
    ({"ante": "10", "flop": "10"}, "positions[0].wagers.flop", "twice"),
    ({"ante": "10", "flop": "20", "turn": "20"}, "positions[0].wagers.turn", "equal"),
    ({"ante": "10", "flop": "20", "river": "5"}, "positions[0].wagers.river", "equal"),
    ({"ante": "10", "turn": "10"}, "positions[0].wagers.turn", "folded"),
    ({"bonus": "5"}, "positions[0].wagers.ante", "§647a.7(d)(1)"),
])
def test_play_wagers_follow_the_ante(wagers, field, words):
    assert words in " ".join(errors(base(wagers))[field])


@pytest.mark.parametrize("options", [{}, {"ante_pays_on": "pair"}])
def test_the_ante_rule_must_be_chosen(options):
    assert "options.ante_pays_on" in errors(base({"ante": "10"}, options=options))


@pytest.mark.parametrize(("change", "field"), [
    ({"dealer": ["Kc"]}, "dealer"),
    ({"dealer": None}, "dealer"),
    ({"community": ["9c", "Td", "Jh"]}, "community"),
    ({"community": 7}, "community"),
    ({"dealer": ["Qs", "3h"]}, "positions[0].cards"),
    ({"positions": [{"seat": 7, "cards": ["Qs", "8h"], "wagers": {"ante": "1"}}]},
     "positions[0].seat"),
    ({"positions": [{"seat": 1, "cards": {"a": 1}, "wagers": {"ante": "1"}}]},
     "positions[0].cards"),
    ({"positions": [{"seat": 1, "cards": ["Qs", "8h"], "wagers": {"ante": "1", "x": "1"}}]},
     "positions[0].wagers.x"),
    ({"positions": [{"seat": 1, "cards": ["Qs", "8h"], "wagers": {"ante": "-1"}}]},
     "positions[0].wagers.ante"),
    ({"positions": [None]}, "positions[0].cards"),
    ({"magic_card": 7}, "magic_card"),
    ({"lucky_position": "banker"}, "lucky_position"),
])
def test_malformed_requests_name_the_field(change, field):
    assert field in errors(base({"ante": "10"}, **change))


BONUS_COMMUNITY = "4c 7d 9h 5s 3s"
BONUS = [
    ("As Ah", "Ad Ac", "1000 to 1", "5000.00"),  # the player's and the dealer's aces
    ("As Ah", "8h 6h", "30 to 1", "150.00"),
    ("As Ks", "8h 6h", "25 to 1", "125.00"),
    ("As Qs", "8h 6h", "20 to 1", "100.00"),
    ("Ad Jd", "8h 6h", "20 to 1", "100.00"),
    ("As Kd", "8h 6h", "15 to 1", "75.00"),
    ("Kc Kd", "8h 6h", "10 to 1", "50.00"),
    ("Qc Qd", "8h 6h", "10 to 1", "50.00"),
    ("Jc Jd", "8h 6h", "10 to 1", "50.00"),
    ("As Qd", "8h 6h", "5 to 1", "25.00"),
    ("Ac Jd", "8h 6h", "5 to 1", "25.00"),
    ("Tc Td", "8h 6h", "3 to 1", "15.00"),
    ("2h 2d", "8h 6h", "3 to 1", "15.00"),
    ("Kc Qd", "8h 6h", "", "-5.00"),
    ("Ac Td", "8h 6h", "", "-5.00"),
]


@pytest.mark.parametrize(("cards", "dealer", "odds", "net"), BONUS)
def test_the_bonus_wager_pays_the_first_two_cards(cards, dealer, odds, net):
    result = play([(1, cards, {"ante": "10.00", "bonus": "5.00"})], dealer, BONUS_COMMUNITY,
                  {"bonus": "common"})
    (line,) = lines(result, wager="bonus")
    assert (line["odds"], line["net"], line["rule"]) == (odds, net, "§647a.11(h)(3), §647a.12(b)")


def test_a_folded_players_bonus_wager_is_still_paid():
    result = play([(1, "As Ah", {"ante": "10.00", "bonus": "5.00"})], "8h 6h", BONUS_COMMUNITY,
                  {"bonus": "common"})
    assert nets(result) == {"ante": "-10.00", "bonus": "150.00"}


def test_the_payout_limit_caps_the_play_and_bonus_wagers_but_not_the_progressive():
    wagers = {"ante": "10000.00", "flop": "20000.00", "turn": "10000.00", "river": "10000.00",
              "bonus": "100.00", "progressive": "1.00"}
    result = play([(1, "As Ah", wagers)], "Kd Kc", "Ad Ac 7h 2s 3d",
                  {"bonus": "common", "payout_limit": "50000.00"})
    # Four aces win $50,000 on the play wagers and $3,000 on the Bonus (30 to 1): $53,000.
    # Each keeps its share of $50,000: 10,000/53,000 of it is $9,433.96 (+2 odd cents to the
    # Ante), the Flop $18,867.92, the Bonus $2,830.18.
    assert nets(result) == {"ante": "9433.98", "flop": "18867.92", "turn": "9433.96",
                            "river": "9433.96", "bonus": "2830.18",
                            "progressive": "299.00"}  # four of a kind 300 for 1, uncapped
    assert lines(result, wager="bonus")[0]["rule"].endswith("§647a.12(c)")


PROGRESSIVE = [
    ("As Ks", "Qs Js Ts 2c 3d", "100% of meter", "24999.00", "not_table_inventory"),
    ("9s 8s", "Qs Js Ts 2c 3d", "10% of meter", "2499.00", "not_table_inventory"),
    ("9s 9h", "9d 9c 5h 2c 3d", "300 for 1", "299.00", "table_inventory"),
    ("9s 9h", "9d 5c 5h 2c 3d", "50 for 1", "49.00", "table_inventory"),
    ("As 2s", "Qs 7s Ts 2c 3d", "40 for 1", "39.00", "table_inventory"),
    ("9s 8h", "Qc Jd Th 2c 3d", "30 for 1", "29.00", "table_inventory"),
    ("9s 9h", "9d 2c 5h 9c Kd", "9 for 1", "8.00", "table_inventory"),  # the Turn's quads
]


@pytest.mark.parametrize(("cards", "community", "odds", "net", "paid_from"), PROGRESSIVE)
def test_the_progressive_pays_the_two_cards_and_the_flop(cards, community, odds, net,
                                                        paid_from):
    result = play([(1, cards, {"ante": "1.00", "flop": "2.00", "progressive": "1.00"})],
                  "4d 6c", community, meters={"progressive": "25000.00"})
    (line,) = lines(result, wager="progressive")
    assert (line["odds"], line["net"], line["paid_from"]) == (odds, net, paid_from)


def test_the_progressive_loses_below_three_of_a_kind_on_the_flop_even_if_the_river_helps():
    result = play([(1, "9s 9h", {"ante": "1.00", "flop": "2.00", "progressive": "1.00"})],
                  "4d 6c", "2d 5c Kh 9c 9d")
    assert nets(result)["progressive"] == "-1.00"


def test_envy_is_paid_for_other_players_hands_folded_or_not_never_the_dealers():
    result = play([
        (1, "As Ks", {"ante": "1.00", "progressive": "1.00"}),  # folded royal flush
        (2, "9s 8s", {"ante": "1.00", "flop": "2.00", "progressive": "5.00"}),
        (3, "2h 2d", {"ante": "1.00", "progressive": "5.00"}),  # folded, still receives
        (4, "3h 4d", {"ante": "1.00", "flop": "2.00"}),
    ], "Kh Kd", "Qs Js Ts 2c 3d", meters={"progressive": "25000.00"})
    envy = {n: [(x["from_seat"], x["net"]) for x in lines(result, n, "envy_bonus")]
            for n in (1, 2, 3, 4)}
    assert envy == {1: [(2, "300.00")], 2: [(1, "5000.00")],
                    3: [(1, "5000.00"), (2, "1500.00")], 4: []}
    (folded,) = lines(result, 1, "progressive")  # not eligible for the payout itself
    assert (folded["net"], folded["rule"]) == ("-1.00", "§647a.11(b)(2)(i)(B)")
    assert lines(result, 2, "progressive")[0]["net"] == "2495.00"  # 10% of $25,000 less $5


def test_progressive_awards_are_paid_from_the_meter_at_each_players_turn():
    """§647a.12(d)(4), §647a.11(h): seat 5 (nearer the dealer's right) is paid first, 100% of
    $20,000 (net $19,999); the meter resets to $10,000 and seat 2's straight flush gets 10% of
    it, $1,000 (net $999). Each $1 bettor envies the other: $300 and $1,000 (§647a.12(d)(5))."""
    played = {"ante": "1.00", "flop": "2.00", "progressive": "1.00"}
    result = play([(2, "9s 8s", played), (5, "As Ks", played)], "4d 6c", "Qs Js Ts 2c 3d",
                  meters={"progressive": "20000.00", "progressive_reset": "10000.00"})
    assert lines(result, 5, "progressive")[0]["net"] == "19999.00"
    assert lines(result, 2, "progressive")[0]["net"] == "999.00"
    assert [x["net"] for x in lines(result, 5, "envy_bonus")] == ["300.00"]
    assert [x["net"] for x in lines(result, 2, "envy_bonus")] == ["1000.00"]


def test_the_progressive_and_envy_ignore_a_straight_flush_made_on_the_turn():
    """§647a.11(i): the Progressive Payout Hand is the two cards and the Flop. Seat 1's 9s 8s
    make a straight flush only with the Turn (Ts): on the Flop (Qs Js 2c) they are queen high,
    so his $1 loses and seat 2 gets no Envy Bonus."""
    played = {"ante": "1.00", "flop": "2.00", "progressive": "1.00"}
    result = play([(1, "9s 8s", played), (2, "Kh Kd", played)], "4d 6c", "Qs Js 2c Ts 3d")
    assert next(p for p in result["positions"] if p["seat"] == 1)["hand"].startswith(
        "straight flush")
    assert nets(result, 1)["progressive"] == "-1.00"
    assert lines(result, 2, "envy_bonus") == []


def test_a_folded_hand_without_a_progressive_wager_still_earns_others_an_envy_bonus():
    """§647a.11(b)(2)(ii): the folded player's cards stay on the table pending the Progressive
    Payout Wagers; his royal flush on the Flop pays seat 2's $1 wager $1,000 (§647a.12(d)(5))."""
    result = play([(1, "As Ks", {"ante": "1.00"}),
                   (2, "2h 2d", {"ante": "1.00", "flop": "2.00", "progressive": "1.00"})],
                  "4d 6c", "Qs Js Ts 8c 3d")
    assert [(x["from_seat"], x["net"]) for x in lines(result, 2, "envy_bonus")] == [
        (1, "1000.00")]


def test_no_envy_for_the_dealers_straight_flush():
    result = play([(1, "2h 3d", {"ante": "1.00", "flop": "2.00", "progressive": "1.00"})],
                  "9s 8s", "Qs Js Ts 2c 4d")
    assert lines(result, wager="envy_bonus") == []


def test_a_progressive_wager_without_an_envy_amount_is_refused():
    payload = base({"ante": "10", "progressive": "2.00"})
    assert "§647a.12(d)(5)" in errors(payload)["positions[0].wagers.progressive"][0]


def test_the_dealers_hand_bonus_jackpot_is_divided_among_its_bettors():
    result = play([
        (1, "2h 3d", {"ante": "1.00", "five_card_hand_bonus_dealer": "1.00"}),
        (2, "4h 5d", {"ante": "1.00", "flop": "2.00", "five_card_hand_bonus_dealer": "1.00",
                      "five_card_hand_bonus_player": "1.00"}),
    ], "As Ks", "Qs Js Ts 2c 3c", meters={"five_card_hand_bonus": "30000.00"})
    for n in (1, 2):
        (line,) = lines(result, n, "five_card_hand_bonus_dealer")
        # $30,000 / 2 = $15,000 each, less the $1 stake.
        assert (line["net"], line["from_seat"], line["paid_from"]) == (
            "14999.00", "dealer", "not_table_inventory")
    assert lines(result, 2, "five_card_hand_bonus_player")[0]["net"] == "-1.00"


def test_the_magic_card_in_the_flop_pays_both_hands_wagered_on():
    result = play([(1, "Ah 5h", {"ante": "1.00", "five_card_hand_bonus_player": "2.00",
                                 "five_card_hand_bonus_dealer": "1.00"})],
                  "Kh Kd", "9h 2h 7h Ks 3c", magic_card="9h", lucky_position="dealer")
    got = [(x["wager"], x.get("from_seat"), x["net"]) for x in lines(result)[1:]]
    # The player's A-9-7-5-2 flush: 50 for 1 on $2 = $100, net $98; Magic Card 20 for 1 on
    # each wager ($40, $20); the dealer's K-K-9-7-2 loses; Lucky on the dealer's hand $5.
    assert got == [("five_card_hand_bonus_player", None, "98.00"), ("magic_card", None, "40.00"),
                   ("five_card_hand_bonus_dealer", "dealer", "-1.00"),
                   ("magic_card", "dealer", "20.00"), ("lucky_bonus", "dealer", "5.00")]
    # §647a.11(j)(3): the win and every Magic Card and Lucky Bonus go to the game account.
    assert {x["paid_from"] for x in lines(result)[1:] if x["result"] == "win"} == {
        "game_account"}


def test_the_payout_limit_floor():
    spec = games.spec("texas_holdem_bonus")
    offered = {"ante": "", "bonus": "texas_holdem_bonus.bonus.common"}
    # $50: Ante, Flop ($100), Turn, River at even money = $250, and the Bonus 1,000 to 1.
    assert spec.payout_limit_floor(offered, {}, D("50.00")) == D("50250.00")
    assert spec.payout_limit_floor(offered, {}, D("10.00")) == D("50000.00")


def test_spec_minimums_and_positions():
    assert thb.SPEC.positions == 6
    assert thb.SPEC.meter("progressive").min_initial == D("10000.00")
    assert thb.SPEC.meter("five_card_hand_bonus").rule == "§647a.12(e)(4)"


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)))
def test_play_wagers_follow_the_comparison_and_the_ante_rule(deck):
    cards, dealer, community = deck[:2], deck[2:4], deck[4:9]
    result = play([(1, " ".join(map(card_str, cards)), PLAYS)],
                  " ".join(map(card_str, dealer)), " ".join(map(card_str, community)))
    mine, theirs = strength([*cards, *community]), strength([*dealer, *community])
    got = {x["wager"]: x["result"] for x in lines(result)}
    expected = "win" if mine > theirs else "push" if mine == theirs else "lose"
    assert got["flop"] == got["turn"] == got["river"] == expected
    ante = "push" if expected == "win" and category(mine) < Category.STRAIGHT else expected
    assert got["ante"] == ante
