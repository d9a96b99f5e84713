"""Let It Ride (§643a.11-12): each wager and paytable row with numbers worked by hand."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import let_it_ride as lir
from games.cards import TEN, card_str, parse_card, rank, suit
from games.errors import InvalidRound
from games.hands import strength
from games.paytables import catalog, parse_paytable, using

D = Decimal


def play(positions, community, options=None, **extra):
    payload = {"game": "let_it_ride", "community": community.split(),
               "options": {"bet_3": "common_1000", **(options or {})}, **extra}
    payload["positions"] = [
        {"seat": seat, "cards": cards.split(), "wagers": wagers}
        for seat, cards, wagers in positions
    ]
    return games.settle(payload)


def seat(result, number):
    return next(p for p in result["positions"] if p["seat"] == number)


def lines(result, number=1, wager=None):
    found = seat(result, number)["lines"]
    return [x for x in found if wager is None or x["wager"] == wager]


def errors(payload):
    with pytest.raises(InvalidRound) as e:
        games.settle(payload)
    return e.value.errors


THREE_BETS = {"bet_1": "5.00", "bet_2": "5.00", "bet_3": "5.00"}

# (player's three cards, community, hand name, common_1000 odds, posted_500 odds)
HANDS = [
    ("As Ks Qs", "Js Ts", "royal_flush", 1000, 500),
    ("9h 8h 7h", "6h 5h", "straight_flush", 200, 100),
    ("9c 9d 9h", "9s 2c", "four_of_a_kind", 50, 25),
    ("Kc Kd Kh", "4s 4c", "full_house", 11, 15),
    ("Ad Jd 8d", "5d 2d", "flush", 8, 10),
    ("Tc 9d 8h", "7s 6c", "straight", 5, 5),
    ("7c 7d 7h", "Ks 2c", "three_of_a_kind", 3, 3),
    ("Ac Ad 3h", "3s 7c", "two_pair", 2, 2),
    ("Tc Td 3h", "8s 2c", "pair_of_tens_or_better", 1, 1),
]


@pytest.mark.parametrize(("cards", "community", "hand", "common", "posted"), HANDS)
@pytest.mark.parametrize("table", ["common_1000", "posted_500"])
def test_every_row_pays_each_bet_still_riding_at_its_odds(cards, community, hand, common,
                                                          posted, table):
    odds = common if table == "common_1000" else posted
    result = play([(1, cards, THREE_BETS)], community, {"bet_3": table})
    assert lir.five_card_hand(strength(
        [*map(parse_card, cards.split()), *map(parse_card, community.split())])) == hand
    for line in lines(result):
        # $5 at odds to 1: the stake back plus $5 x odds.
        assert (line["result"], line["odds"], line["net"]) == ("win", f"{odds} to 1",
                                                               f"{5 * odds}.00")
        assert line["rule"] == "§643a.11(f)(3), §643a.12(a)"


@pytest.mark.parametrize(("cards", "community"), [("9c 9d 3h", "8s 2c"), ("Ac Kd 9h", "5s 2c")])
def test_a_pair_below_tens_or_no_pair_loses_every_bet_still_riding(cards, community):
    result = play([(1, cards, THREE_BETS)], community)
    assert [(x["wager"], x["net"]) for x in lines(result)] == [
        ("bet_1", "-5.00"), ("bet_2", "-5.00"), ("bet_3", "-5.00")]


def test_withdrawn_bets_are_neither_won_nor_lost():
    result = play([(1, "Ac Ad 3h", {"bet_2": "5.00", "bet_3": "5.00"})], "3s 7c")
    assert [(x["wager"], x["net"]) for x in lines(result)] == [("bet_2", "10.00"),
                                                               ("bet_3", "10.00")]


def test_bets_one_and_two_must_equal_bet_three():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_1": "10.00", "bet_3": "5.00"}}]}
    assert "§643a.7(d)" in errors(payload)["positions[0].wagers.bet_1"][0]


def test_bet_three_cannot_be_withdrawn():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_1": "5.00"}}]}
    assert "positions[0].wagers.bet_3" in errors(payload)


def test_the_payout_limit_caps_only_the_let_it_ride_wagers():
    bets = {"bet_1": "100.00", "bet_2": "100.00", "bet_3": "100.00", "three_card_bonus": "5.00"}
    result = play([(1, "As Ks Qs", bets)], "Js Ts",
                  {"payout_limit": "50000.00", "three_card_bonus": "flush_4"})
    # Three $100 bets at 1,000 to 1 would win $300,000; the $50,000 limit is shared equally,
    # $16,666.66 each with the 2 odd cents to Bet 1.
    capped = lines(result)[:3]
    assert [x["net"] for x in capped] == ["16666.68", "16666.66", "16666.66"]
    assert all(x["rule"].endswith("§643a.12(g)") and "payout limit" in x["odds"] for x in capped)
    # §643a.12(g): the limit does not apply to the Three Card Bonus (mini royal 50 to 1).
    (bonus,) = lines(result, wager="three_card_bonus")
    assert (bonus["net"], bonus["rule"]) == ("250.00", "§643a.11(f)(3)(ii), §643a.12(c)")


def test_a_win_under_the_payout_limit_is_untouched():
    result = play([(1, "9h 8h 7h", THREE_BETS)], "6h 5h", {"payout_limit": "50000.00"})
    assert [x["net"] for x in lines(result)] == ["1000.00"] * 3


@pytest.mark.parametrize("limit", ["49999.99", "lots", 50000.0])
def test_a_payout_limit_below_50000_or_not_an_amount_is_refused(limit):
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000", "payout_limit": limit},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_3": "5.00"}}]}
    assert "options.payout_limit" in errors(payload)


THREE_CARD = [
    ("As Ks Qs", "mini_royal", 50, 50),
    ("9h 8h 7h", "straight_flush", 40, 40),
    ("7c 7d 7h", "three_of_a_kind", 30, 30),
    ("Tc 9d 8h", "straight", 6, 6),
    ("Ad Jd 8d", "flush", 4, 3),
    ("Tc Td 3h", "pair", 1, 1),
]


@pytest.mark.parametrize(("cards", "hand", "flush_4", "flush_3"), THREE_CARD)
@pytest.mark.parametrize("table", ["flush_4", "flush_3"])
def test_three_card_bonus_pays_the_three_cards_at_every_row(cards, hand, flush_4, flush_3, table):
    odds = flush_4 if table == "flush_4" else flush_3
    result = play([(1, cards, {"bet_3": "5.00", "three_card_bonus": "2.00"})], "2s 4c",
                  {"three_card_bonus": table})
    (line,) = lines(result, wager="three_card_bonus")
    assert (line["odds"], line["net"]) == (f"{odds} to 1", f"{2 * odds}.00")


def test_three_card_bonus_loses_on_high_card_even_when_the_five_cards_win():
    result = play([(1, "Ac Kd 9h", {"bet_3": "5.00", "three_card_bonus": "2.00"})], "Ah Ks",
                  {"three_card_bonus": "flush_4"})
    assert lines(result, wager="bet_3")[0]["net"] == "10.00"  # two pair, 2 to 1
    assert lines(result, wager="three_card_bonus")[0]["net"] == "-2.00"


FIVE_BONUS = parse_paytable({
    "id": "let_it_ride.five_card_bonus.test", "game": "let_it_ride",
    "wager": "five_card_bonus", "name": "test", "citation": "§643a.12(b)",
    "source": "secondary", "source_note": "test only",
    "rows": [{"hand": "royal_flush", "amount": "10000.00"}, {"hand": "two_pair", "odds": "2"},
             {"hand": "pair_of_tens_or_better", "odds": "1"}],
})
FIVE_BONUS_NO_PAIR = parse_paytable({
    "id": "let_it_ride.five_card_bonus.two_pair", "game": "let_it_ride",
    "wager": "five_card_bonus", "name": "two_pair", "citation": "§643a.12(b)",
    "source": "secondary", "source_note": "test only",
    "rows": [{"hand": "two_pair", "odds": "2"}],
})


@pytest.fixture
def five_card_bonus_tables():
    with using(catalog().with_paytables([FIVE_BONUS, FIVE_BONUS_NO_PAIR])):
        yield


@pytest.mark.usefixtures("five_card_bonus_tables")
@pytest.mark.parametrize(("table", "cards", "community", "net"), [
    ("test", "As Ks Qs", "Js Ts", "9999.00"),  # $10,000 for the $1 wager
    ("test", "Ac Ad 3h", "3s 7c", "2.00"),
    ("test", "Tc Td 3h", "8s 2c", "1.00"),  # the paytable lists a pair of tens or better
    ("two_pair", "Tc Td 3h", "8s 2c", "-1.00"),  # this one does not: two pair or better
    ("two_pair", "Ac Ad 3h", "3s 7c", "2.00"),
])
def test_five_card_bonus_pays_two_pair_or_better_and_tens_only_where_listed(table, cards,
                                                                            community, net):
    result = play([(1, cards, {"bet_3": "5.00", "five_card_bonus": "1.00"})], community,
                  {"five_card_bonus": table})
    (line,) = lines(result, wager="five_card_bonus")
    assert (line["net"], line["rule"]) == (net, "§643a.11(f)(3)(i), §643a.12(b)")


def test_five_card_bonus_without_a_paytable_in_the_catalog_is_refused():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000",
                                                  "five_card_bonus": "A"},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_3": "5.00", "five_card_bonus": "1.00"}}]}
    assert "options.five_card_bonus" in errors(payload)


FIVE_PROGRESSIVE = [
    ("As Ks Qs", "Js Ts", "100% of meter", "24999.00", "not_table_inventory"),
    ("9h 8h 7h", "6h 5h", "10% of meter", "2499.00", "not_table_inventory"),
    ("9c 9d 9h", "9s 2c", "300 for 1", "299.00", "table_inventory"),
    ("Kc Kd Kh", "4s 4c", "50 for 1", "49.00", "table_inventory"),
    ("Ad Jd 8d", "5d 2d", "40 for 1", "39.00", "table_inventory"),
    ("Tc 9d 8h", "7s 6c", "30 for 1", "29.00", "table_inventory"),
    ("7c 7d 7h", "Ks 2c", "9 for 1", "8.00", "table_inventory"),
]


@pytest.mark.parametrize(("cards", "community", "odds", "net", "paid_from"), FIVE_PROGRESSIVE)
def test_five_card_progressive_pays_every_row_for_one(cards, community, odds, net, paid_from):
    result = play([(1, cards, {"bet_3": "5.00", "five_card_progressive": "1.00"})], community,
                  meters={"five_card_progressive": "25000.00"})
    (line,) = lines(result, wager="five_card_progressive")
    assert (line["odds"], line["net"], line["paid_from"]) == (odds, net, paid_from)


def test_five_card_progressive_loses_below_three_of_a_kind():
    result = play([(1, "Ac Ad 3h", {"bet_3": "5.00", "five_card_progressive": "1.00"})], "3s 7c")
    assert lines(result, wager="five_card_progressive")[0]["net"] == "-1.00"


def test_meter_awards_follow_the_settlement_order_from_the_dealers_right():
    result = play([(2, "Ks Qs Js", {"bet_3": "5.00", "five_card_progressive": "1.00"}),
                   (5, "6s 7s 8s", {"bet_3": "5.00", "five_card_progressive": "1.00"})],
                  "9s Ts", meters={"five_card_progressive": "20000.00"})
    # Seat 5 (nearer the dealer's right) is paid first: 10% of $20,000 = $2,000; seat 2's
    # K-high straight flush then gets 10% of $18,000 = $1,800.
    assert lines(result, 5, "five_card_progressive")[0]["net"] == "1999.00"
    assert lines(result, 2, "five_card_progressive")[0]["net"] == "1799.00"


def test_five_card_envy_pays_each_other_players_straight_flush_or_better_by_wager():
    result = play([
        (1, "As Ks Qs", {"bet_3": "5.00", "five_card_progressive": "1.00"}),
        (2, "7s 8s 9s", {"bet_3": "5.00", "five_card_progressive": "5.00"}),
        (3, "2c 2d 3h", {"bet_3": "5.00", "five_card_progressive": "5.00"}),
        (4, "4c 4d 5h", {"bet_3": "5.00"}),
    ], "Js Ts", meters={"five_card_progressive": "25000.00"})
    envy = {n: [(x["from_seat"], x["net"]) for x in lines(result, n, "five_card_envy_bonus")]
            for n in (1, 2, 3, 4)}
    # $1 wager: royal $1,000, straight flush $300; $5 wager: $5,000 and $1,500 (§643a.12(e)(5)).
    assert envy == {1: [(2, "300.00")], 2: [(1, "5000.00")],
                    3: [(1, "5000.00"), (2, "1500.00")], 4: []}


def test_three_card_progressive_and_its_envy():
    result = play([
        (1, "As Ks Qs", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
        (2, "7d 7c 7h", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
        (3, "6d 5c 4h", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
    ], "2s 9c", {"three_card_progressive": "straight"},
        meters={"three_card_progressive": "8000.00"})
    (royal,) = lines(result, 1, "three_card_progressive")
    assert (royal["net"], royal["paid_from"]) == ("7999.00", "not_table_inventory")
    (trips,) = lines(result, 2, "three_card_progressive")  # 60 for 1, from the table
    assert (trips["net"], trips["paid_from"]) == ("59.00", "table_inventory")
    assert lines(result, 3, "three_card_progressive")[0]["net"] == "5.00"  # straight 6 for 1
    assert [x["net"] for x in lines(result, 2, "three_card_envy_bonus")] == ["100.00"]
    assert lines(result, 1, "three_card_envy_bonus") == []  # never for his own hand


THREE_CARD_100_FOR_1 = parse_paytable({
    "id": "let_it_ride.three_card_progressive.hundred", "game": "let_it_ride",
    "wager": "three_card_progressive", "name": "hundred", "citation": "§643a.12(d)",
    "source": "secondary", "source_note": "test only", "basis": "for",
    "rows": [{"hand": "mini_royal", "meter_percent": "100"},
             {"hand": "straight_flush", "odds": "100"}],
})


def test_a_fixed_100_for_1_three_card_progressive_row_is_paid_from_the_table_inventory():
    """§643a.11(f)(3)(iii)(D): only a progressive payout of 100% of the meter may not come
    from the table inventory; a fixed 100 for 1 on $1 ($100, net $99) does."""
    with using(catalog().with_paytables([THREE_CARD_100_FOR_1])):
        result = play([(1, "9h 8h 7h", {"bet_3": "5.00", "three_card_progressive": "1.00"})],
                      "2s 4c", {"three_card_progressive": "hundred"})
    (line,) = lines(result, wager="three_card_progressive")
    assert (line["odds"], line["net"], line["paid_from"]) == ("100 for 1", "99.00",
                                                              "table_inventory")


def test_two_mini_royals_each_envied_by_the_other_and_twice_by_a_third_player():
    """§643a.11(f)(3)(iii)(D)-(E): seat 2 (paid first, from the dealer's right) takes 100% of
    the $8,000 meter (net $7,999); seat 1 then 100% of the $5,000 reset (net $4,999). Envy at
    the catalog's $1 amount, $100: one to each mini royal for the other's, two to seat 3."""
    result = play([
        (1, "As Ks Qs", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
        (2, "Ah Kh Qh", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
        (3, "2c 3d 7h", {"bet_3": "5.00", "three_card_progressive": "1.00"}),
    ], "9c 4d", {"three_card_progressive": "trips"},
        meters={"three_card_progressive": "8000.00", "three_card_progressive_reset": "5000.00"})
    assert lines(result, 2, "three_card_progressive")[0]["net"] == "7999.00"
    assert lines(result, 1, "three_card_progressive")[0]["net"] == "4999.00"
    envy = {n: [(x["from_seat"], x["net"]) for x in lines(result, n, "three_card_envy_bonus")]
            for n in (1, 2, 3)}
    assert envy == {1: [(2, "100.00")], 2: [(1, "100.00")], 3: [(1, "100.00"), (2, "100.00")]}


def test_five_card_envy_is_paid_for_a_holder_who_made_no_progressive_wager():
    """§643a.11(f)(3)(iv)(E): another player at the table holding a straight flush or better
    is enough; seat 1's royal flush pays seat 2's $5 wager $5,000 (§643a.12(e)(5))."""
    result = play([(1, "As Ks Qs", {"bet_3": "5.00"}),
                   (2, "2c 2d 3h", {"bet_3": "5.00", "five_card_progressive": "5.00"})], "Js Ts")
    assert [(x["from_seat"], x["net"]) for x in lines(result, 2, "five_card_envy_bonus")] == [
        (1, "5000.00")]
    assert lines(result, 1, "five_card_envy_bonus") == []


def test_after_a_five_card_royal_flush_the_next_award_is_paid_from_the_reset_meter():
    """§643a.12(e)(4): the meter when it is the player's turn. Seat 5 (paid first) takes 100%
    of $20,000 (net $19,999); the meter resets to $10,000, so seat 2's straight flush gets 10%
    of it, $1,000 (net $999)."""
    result = play([(2, "9s 8s 7s", {"bet_3": "5.00", "five_card_progressive": "1.00"}),
                   (5, "As Ks Qs", {"bet_3": "5.00", "five_card_progressive": "1.00"})],
                  "Js Ts", meters={"five_card_progressive": "20000.00",
                                   "five_card_progressive_reset": "10000.00"})
    assert lines(result, 5, "five_card_progressive")[0]["net"] == "19999.00"
    assert lines(result, 2, "five_card_progressive")[0]["net"] == "999.00"


def test_a_progressive_wager_the_envy_table_does_not_list_is_refused():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_3": "5.00", "five_card_progressive": "2.00"}}]}
    assert "§643a.12(e)(5)" in errors(payload)["positions[0].wagers.five_card_progressive"][0]


def test_five_card_hand_bonus_with_magic_card_and_lucky_bonus():
    result = play([(3, "Ad Jd 8d", {"bet_3": "5.00", "five_card_hand_bonus": "1.00"})],
                  "5d 2d", magic_card="2d", lucky_position=3)
    assert [(x["wager"], x["odds"], x["net"]) for x in lines(result, 3)[1:]] == [
        ("five_card_hand_bonus", "50 for 1", "49.00"), ("magic_card", "20 for 1", "20.00"),
        ("lucky_bonus", "5 for 1", "5.00")]
    assert lines(result, 3)[1]["rule"] == "§643a.12(f)(1)"


def test_five_card_hand_bonus_wins_are_credited_to_the_game_account():
    """§643a.11(f)(3)(v)(C), §643a.12(f)(1): four nines on $2 at 500 for 1 is $1,000 (net
    $998), credited to the game account like the Magic Card 9s (20 x $2 = $40)."""
    result = play([(1, "9c 9d 9h", {"bet_3": "5.00", "five_card_hand_bonus": "2.00"})],
                  "9s 2c", magic_card="9s")
    assert [(x["wager"], x["odds"], x["net"], x["paid_from"]) for x in lines(result)[1:]] == [
        ("five_card_hand_bonus", "500 for 1", "998.00", "game_account"),
        ("magic_card", "20 for 1", "40.00", "game_account")]


def test_no_dealer_hand_can_be_drawn_lucky_in_let_it_ride():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["3s", "7c"], "lucky_position": "dealer",
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_3": "5.00"}}]}
    assert "lucky_position" in errors(payload)


@pytest.mark.parametrize(("change", "field"), [
    ({"positions": "all"}, "positions"),
    ({"community": "As"}, "community"),
    ({"community": None}, "community"),
    ({"community": ["Ac", "7c"]}, "positions[0].cards"),  # Ac dealt twice
    ({"positions": [{"seat": 1, "cards": "Ac Ad", "wagers": {"bet_3": "5"}}]},
     "positions[0].cards"),
    ({"positions": [{"seat": 8, "cards": "Ac Ad 3h", "wagers": {"bet_3": "5"}}]},
     "positions[0].seat"),
    ({"positions": [{"seat": 1, "cards": "Ac Ad 3h", "wagers": {"bet_3": "5", "ante": "5"}}]},
     "positions[0].wagers.ante"),
    ({"positions": [{"seat": 1, "cards": "Ac Ad 3h", "wagers": ["bet_3"]}]},
     "positions[0].wagers"),
    ({"options": {"bet_3": "nope"}}, "options.bet_3"),
    ({"options": "common"}, "options"),
    ({"meters": {"five_card_progressive": 1.5}}, "meters.five_card_progressive"),
])
def test_malformed_requests_name_the_field(change, field):
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["3s", "7c"],
               "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                              "wagers": {"bet_3": "5.00", "five_card_progressive": "1.00"}}],
               **change}
    assert field in errors(payload)


def test_a_meter_award_without_the_meter_is_refused_by_field():
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000"},
               "community": ["Js", "Ts"],
               "positions": [{"seat": 1, "cards": ["As", "Ks", "Qs"],
                              "wagers": {"bet_3": "5.00", "five_card_progressive": "1.00"}}]}
    assert "meters.five_card_progressive" in errors(payload)


def test_the_payout_limit_floor_counts_every_offered_wager():
    spec = games.spec("let_it_ride")
    # Three $25 bets at 1,000 to 1: $75,000 > $50,000.
    assert spec.payout_limit_floor({"bet_3": "let_it_ride.bet_3.common_1000"}, {},
                                   D("25.00")) == D("75000.00")
    assert spec.payout_limit_floor({"bet_3": "let_it_ride.bet_3.common_1000"}, {},
                                   D("5.00")) == D("50000.00")
    # $1 Five-Card Progressive: 100% of the least meter ($10,000) less the stake, and a
    # $1,000 royal-flush Envy from each of the 6 other positions: $9,999 + $6,000.
    assert lir.SPEC.max_round_win({"five_card_progressive": ""}, {}, D("1.00")) == D("15999.00")


def test_the_meters_carry_the_regulations_minimums():
    meter = lir.SPEC.meter("five_card_progressive")
    assert (meter.min_initial, meter.min_reset, meter.rule) == (
        D("10000.00"), D("10000.00"), "§643a.12(e)(3)")
    assert lir.SPEC.meter("five_card_hand_bonus").min_reset == D("10000.00")


def pays_on_the_lowest_row(five):
    """The lowest row of every Let It Ride paytable, worked from the cards alone: a pair of
    tens or better (two pair, trips, a straight, a flush...)."""
    ranks = sorted(rank(c) for c in five)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    flush = len({suit(c) for c in five}) == 1
    tens_or_better = counts[0] == 2 and max(r for r in ranks if ranks.count(r) == 2) >= TEN
    return straight or flush or counts[0] >= 3 or counts[:2] == [2, 2] or tens_or_better


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)))
def test_the_three_bets_win_together_exactly_on_tens_or_better(deck):
    """§643a.11(f)(3), §643a.12(a): the three bets win or lose together on the five cards."""
    cards, community = deck[:3], deck[3:5]
    result = play([(1, " ".join(map(card_str, cards)), THREE_BETS)],
                  " ".join(map(card_str, community)))
    results = {x["result"] for x in lines(result)}
    assert results == {"win" if pays_on_the_lowest_row([*cards, *community]) else "lose"}


def test_the_dealing_procedure_is_read_and_an_unknown_one_refused():
    """§643a.11(a): dealt by §643a.8, §643a.9 or §643a.10; settlement is the same."""
    payload = {"game": "let_it_ride", "options": {"bet_3": "common_1000",
                                                  "dealing_procedure": "hand"},
               "community": ["Js", "Ts"],
               "positions": [{"seat": 1, "cards": ["As", "Ks", "Qs"], "wagers": THREE_BETS}]}
    # a royal flush: 1,000 to 1 on each of the three $5 bets
    assert [x["net"] for x in lines(games.settle(payload))] == ["5000.00"] * 3
    payload["options"]["dealing_procedure"] = "conveyor"
    assert errors(payload)["options.dealing_procedure"] == [
        "'conveyor' is not one of: manual_shoe, hand, automated_shoe"]
