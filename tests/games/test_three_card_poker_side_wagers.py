"""Three Card Poker's side wagers (§649a.7(d)(4)-(7), §649a.11(c)(5)-(9), §649a.12(e)-(j)): the
Six Card Bonus, the Three-Card, Five-Card and 5 of 6 Progressives with their Envy Bonuses, and
the Five Card Hand Bonus with its Magic Card and Lucky Bonus; numbers worked out by hand.

Paytables used (games/paytables/three_card_poker.toml): Six Card Bonus posted_1
1000-200-100-20-15-10-7, posted_2 and E 1000-200-50-25-20-10-5 (E: Super Royal 1000) to 1;
Three-Card Progressive mini-royal 100% of meter, SF 70, trips 60 (straight table: straight 6)
for 1, Envy $100/$500 on a $1/$5 wager; Five-Card and 5 of 6 Progressive royal 100%, SF 10% of
meter, quads 300, full house 50, flush 40, straight 30, trips 9 for 1, Envy royal $1,000 /
SF $300 on $1, $5,000 / $1,500 on $5; Five Card Hand Bonus royal 100%, SF 10%, quads 500,
full house 100, flush 50 for 1, Magic Card 20 for 1, Lucky Bonus 5 for 1.
"""

import pytest

from games.cards import parse_cards
from games.errors import InvalidRound
from games.paytables import catalog
from games.three_card_poker.rankings import five_card_names
from tests.games.three_card_poker_builders import line, lines, play, refused, seat

# Three-Card Progressive and Three-Card Envy (§649a.11(c)(5)) ---------------------------------


@pytest.mark.parametrize("table, cards, wager, net", [
    ("trips", ["5h", "6h", "7h"], "5.00", "345.00"),   # SF 70 for 1: $350 paid, $345 net
    ("trips", ["8s", "8h", "8d"], "1.00", "59.00"),    # trips 60 for 1
    ("trips", ["9s", "Th", "Jd"], "1.00", "-1.00"),    # a straight is not on this table
    ("straight", ["9s", "Th", "Jd"], "5.00", "25.00"),  # straight 6 for 1: $30 paid
    ("straight", ["2c", "7c", "Jc"], "1.00", "-1.00"),  # flush: loses
])
def test_three_card_progressive_rows(table, cards, wager, net):
    r = play([seat(1, cards, pair_plus="5.00", three_card_progressive=wager)],
             ["Qd", "3c", "2d"], options={"three_card_progressive": table},
             meters={"three_card_progressive": "5000.00"})
    found = line(r, 1, "three_card_progressive")
    assert found["net"] == net
    assert found["paid_from"] == "table_inventory"


def test_a_mini_royal_takes_the_whole_meter_not_from_the_table_inventory():
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00", three_card_progressive="1.00")],
             ["Qd", "3c", "2d"], meters={"three_card_progressive": "5432.10"})
    found = line(r, 1, "three_card_progressive")
    assert (found["odds"], found["net"]) == ("100% of meter", "5431.10")
    assert found["paid_from"] == "not_table_inventory"
    assert found["meter"] == "three_card_progressive"
    assert r["meter_awards"] == [{"seat": 1, "wager": "three_card_progressive",
                                  "meter": "three_card_progressive", "award": "5432.10",
                                  "rule": "§649a.12(e)"}]


def test_a_meter_award_needs_the_meter_amount():
    with pytest.raises(InvalidRound) as e:
        play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00", three_card_progressive="1.00")],
             ["Qd", "3c", "2d"])
    assert "meters.three_card_progressive" in e.value.errors


def test_two_mini_royals_the_dealers_right_is_paid_first_then_the_reset_amount():
    # Seat 6 sits nearer the dealer's right than seat 2 (§649a.11(c)): $8,000, then the
    # meter's reset $1,000. Each also envies the other's mini-royal: $100 on a $1 wager.
    r = play([seat(2, ["Ah", "Kh", "Qh"], pair_plus="5.00", three_card_progressive="1.00"),
              seat(6, ["As", "Ks", "Qs"], pair_plus="5.00", three_card_progressive="1.00")],
             ["Qd", "3c", "2d"],
             meters={"three_card_progressive": "8000.00",
                     "three_card_progressive_reset": "1000.00"})
    assert line(r, 6, "three_card_progressive")["net"] == "7999.00"
    assert line(r, 2, "three_card_progressive")["net"] == "999.00"
    assert line(r, 2, "three_card_envy_bonus")["from_seat"] == 6
    assert line(r, 6, "three_card_envy_bonus")["from_seat"] == 2
    assert line(r, 6, "three_card_envy_bonus")["net"] == "100.00"


def test_three_card_envy_goes_to_every_other_progressive_player_even_one_who_folded():
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00"),
              seat(2, ["4d", "9c", "Jh"], ante="5.00", three_card_progressive="5.00"),
              seat(3, ["4s", "9h", "Jd"], pair_plus="5.00", three_card_progressive="1.00"),
              seat(4, ["4c", "9d", "Js"], pair_plus="5.00")],
             ["Qd", "3c", "2d"])
    assert line(r, 2, "three_card_envy_bonus") == {
        "wager": "three_card_envy_bonus", "amount": "0.00", "result": "win",
        "odds": "$500.00", "net": "500.00", "rule": "§649a.11(c)(5)(v), §649a.12(e)",
        "paid_from": "table_inventory", "hand": "mini royal", "from_seat": 1,
    }
    assert line(r, 3, "three_card_envy_bonus")["net"] == "100.00"
    assert lines(r, 1, "three_card_envy_bonus") == []  # not for his own hand
    assert lines(r, 4, "three_card_envy_bonus") == []  # no progressive wager


def test_one_three_card_envy_bonus_for_each_other_player_holding_a_mini_royal():
    """§649a.11(c)(5)(v): "entitled to multiple Envy Bonuses if more than one other player is
    the holder". Seats 1 and 2 hold mini-royals without a progressive wager; seat 3's $1
    wager loses (-$1) and earns $100 from each: Pair Plus -$5 - $1 + $200 = $194."""
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00"),
              seat(2, ["Ah", "Kh", "Qh"], pair_plus="5.00"),
              seat(3, ["4d", "9c", "Jh"], pair_plus="5.00", three_card_progressive="1.00")],
             ["Qd", "3c", "2d"])
    assert [(x["net"], x["from_seat"]) for x in lines(r, 3, "three_card_envy_bonus")] \
        == [("100.00", 1), ("100.00", 2)]
    assert r["positions"][2]["net"] == "194.00"


def test_no_envy_for_the_dealers_mini_royal_nor_a_folded_hand():
    r = play([seat(1, ["Ah", "Kh", "Qh"], ante="5.00"),
              seat(2, ["4d", "9c", "Jh"], pair_plus="5.00", three_card_progressive="1.00")],
             ["As", "Ks", "Qs"])
    assert lines(r, 2, "three_card_envy_bonus") == []


def test_a_hand_at_another_box_of_the_same_player_is_his_own_hand():
    positions = [seat(3, ["As", "Ks", "Qs"], pair_plus="5.00", three_card_progressive="1.00"),
                 seat(4, ["4d", "9c", "Jh"], pair_plus="5.00", three_card_progressive="1.00")]
    for p in positions:
        p["player"] = "ann"
    r = play(positions, ["Qd", "3c", "2d"], options={"adjacent_boxes": 2},
             meters={"three_card_progressive": "5000"})
    assert lines(r, 4, "three_card_envy_bonus") == []


def test_a_progressive_wager_the_envy_table_has_no_amount_for_is_refused():
    errors = refused([seat(1, ["4d", "9c", "Jh"], pair_plus="5.00",
                           three_card_progressive="2.00")], ["Qd", "3c", "2d"])
    assert "$1.00, $5.00 only" in errors["positions[0].wagers.three_card_progressive"][0]


# Six Card Bonus (§649a.11(c)(6), §649a.12(f)) ------------------------------------------------

SIX = {  # player's three cards, dealer's three cards
    "royal_flush": ("As Ks Qs", "Js Ts 2d"), "straight_flush": ("5h 6h 7h", "8h 9h 2c"),
    "four_of_a_kind": ("8s 8h 8d", "8c 2d 3s"), "full_house": ("8s 8h 8d", "Kc Kd 2s"),
    "flush": ("2c 7c Jc", "4c 9c Kd"), "straight": ("9s Th Jd", "Qc Kd 2s"),
    "three_of_a_kind": ("8s 8h 8d", "2c 5d Ks"),
}


# $5 Six Card Bonus, odds x $5.
SIX_NETS = {
    "posted_1": {"royal_flush": "5000.00", "straight_flush": "1000.00",
                 "four_of_a_kind": "500.00", "full_house": "100.00", "flush": "75.00",
                 "straight": "50.00", "three_of_a_kind": "35.00"},
    "posted_2": {"royal_flush": "5000.00", "straight_flush": "1000.00",
                 "four_of_a_kind": "250.00", "full_house": "125.00", "flush": "100.00",
                 "straight": "50.00", "three_of_a_kind": "25.00"},
    "E": {"royal_flush": "5000.00", "straight_flush": "1000.00", "four_of_a_kind": "250.00",
          "full_house": "125.00", "flush": "100.00", "straight": "50.00",
          "three_of_a_kind": "25.00"},
}


@pytest.mark.parametrize("table, hand", [(t, h) for t in SIX_NETS for h in SIX])
def test_six_card_bonus_pays_each_row_of_each_paytable(table, hand):
    mine, dealer = SIX[hand]
    r = play([seat(1, mine.split(), pair_plus="5.00", six_card_bonus="5.00")], dealer.split(),
             options={"six_card_bonus": table})
    assert line(r, 1, "six_card_bonus")["net"] == SIX_NETS[table][hand]
    assert line(r, 1, "six_card_bonus")["rule"] == "§649a.12(f)"


def test_six_card_bonus_loses_below_three_of_a_kind():
    r = play([seat(1, ["8s", "8h", "4d"], pair_plus="5.00", six_card_bonus="5.00")],
             ["Kc", "Kd", "2s"])  # two pair
    assert line(r, 1, "six_card_bonus")["net"] == "-5.00"
    assert line(r, 1, "six_card_bonus")["rule"] == "§649a.11(c)(6)"


def test_paytable_e_pays_the_six_card_super_royal_row():
    six = parse_cards("9s Ts Js Qs Ks As")
    table = catalog().resolve("three_card_poker", "six_card_bonus", "E")
    assert table.first_row(five_card_names(six)).hand == "super_royal"
    # posted_1 has no Super Royal: the same six cards are its royal flush.
    other = catalog().resolve("three_card_poker", "six_card_bonus", "posted_1")
    assert other.first_row(five_card_names(six)).hand == "royal_flush"
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="1.00", six_card_bonus="2.00")],
             ["Js", "Ts", "9s"], options={"six_card_bonus": "E"})
    assert line(r, 1, "six_card_bonus")["hand"] == "super royal"
    assert line(r, 1, "six_card_bonus")["net"] == "2000.00"


def test_a_super_royal_is_a_royal_flush_on_a_table_without_one():
    """§649a.7(d)(5), §649a.11(c)(6): only paytable E forms a six-card hand. On posted_1,
    9-T-J-Q-K-A of spades is the royal flush A-K-Q-J-T, 1,000 to 1 on $2 = $2,000, and the
    line names the royal flush it paid."""
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="1.00", six_card_bonus="2.00")],
             ["Js", "Ts", "9s"], options={"six_card_bonus": "posted_1"})
    found = line(r, 1, "six_card_bonus")
    assert (found["hand"], found["odds"], found["net"]) \
        == ("royal flush (A)", "1000 to 1", "2000.00")


# Five-Card Progressive and Five-Card Envy (§649a.11(c)(7)) ------------------------------------

FIVE = {  # player's three cards with community Ts Js
    "royal_flush": ("As Ks Qs", "24999.00", "not_table_inventory"),   # 100% of $25,000
    "straight_flush": ("9s 8s 7s", "2499.00", "not_table_inventory"),  # 10%: $2,500
    "four_of_a_kind": ("Th Td Tc", "299.00", "table_inventory"),      # 300 for 1 on $1
    "full_house": ("Jh Jd Tc", "49.00", "table_inventory"),
    "flush": ("2s 4s 6s", "39.00", "table_inventory"),
    "straight": ("Qh Kd 9c", "29.00", "table_inventory"),
    "three_of_a_kind": ("Th Td 2c", "8.00", "table_inventory"),
    "two_pair": ("Th Jd 2c", "-1.00", "table_inventory"),
}


@pytest.mark.parametrize("hand", FIVE)
def test_five_card_progressive_rows(hand):
    mine, net, paid_from = FIVE[hand]
    r = play([seat(1, mine.split(), pair_plus="5.00", five_card_progressive="1.00")],
             ["3d", "4d", "5c"], community=["Ts", "Js"],
             meters={"five_card_progressive": "25000.00"})
    found = line(r, 1, "five_card_progressive")
    assert (found["net"], found["paid_from"]) == (net, paid_from)


def test_ten_percent_awards_come_off_the_meter_in_the_dealers_order():
    # Seat 6 (K-high straight flush) is paid 10% of $20,000 = $2,000 first; seat 2 (T-high
    # straight flush) then 10% of the $18,000 left = $1,800.
    r = play([seat(2, ["6h", "7h", "8h"], pair_plus="1.00", five_card_progressive="1.00"),
              seat(6, ["Jh", "Qh", "Kh"], pair_plus="1.00", five_card_progressive="1.00")],
             ["2c", "3c", "5d"], community=["9h", "Th"],
             meters={"five_card_progressive": "20000.00"})
    assert line(r, 6, "five_card_progressive")["net"] == "1999.00"
    assert line(r, 2, "five_card_progressive")["net"] == "1799.00"
    # and each envies the other's straight flush: $300 on a $1 wager
    assert line(r, 2, "five_card_envy_bonus")["net"] == "300.00"
    assert line(r, 6, "five_card_envy_bonus")["rule"] == "§649a.11(c)(7)(v), §649a.12(h)(5)"


def test_five_card_envy_is_by_the_receivers_wager():
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00"),
              seat(2, ["2d", "7c", "9h"], pair_plus="5.00", five_card_progressive="5.00"),
              seat(3, ["2h", "7d", "9c"], pair_plus="5.00", five_card_progressive="1.00")],
             ["3d", "4d", "5c"], community=["Ts", "Js"])
    assert line(r, 2, "five_card_envy_bonus")["net"] == "5000.00"
    assert line(r, 3, "five_card_envy_bonus")["net"] == "1000.00"
    assert line(r, 3, "five_card_envy_bonus")["hand"] == "royal flush"


def test_a_folded_royal_flush_earns_no_five_card_envy():
    """§649a.11(c) (the folded player "forfeited his Ante Wager and hand") and the notes: seat 1
    folds A-K-Q of spades, a royal flush with Ts Js; seat 2's $1 wager receives no Envy."""
    r = play([seat(1, ["As", "Ks", "Qs"], ante="5.00"),
              seat(2, ["2d", "7c", "9h"], pair_plus="5.00", five_card_progressive="1.00")],
             ["3d", "4d", "5c"], community=["Ts", "Js"])
    assert lines(r, 2, "five_card_envy_bonus") == []


@pytest.mark.parametrize("key, rule", [
    ("five_card_progressive", "§649a.11(c)(7)(v), §649a.12(h)(5)"),
    ("five_of_six_progressive", "§649a.11(c)(9)(v), §649a.12(j)(5)"),
])
def test_a_progressive_wager_without_envy_amounts_is_refused_naming_its_envy_section(key, rule):
    """The Envy tables (modeled on §643a.12(e)(5)) list $1 and $5 wagers only: $2 is refused."""
    errors = refused([seat(1, ["2d", "7c", "9h"], pair_plus="5.00", **{key: "2.00"})],
                     ["3d", "4d", "5c"], community=["Ts", "Js"])
    (message,) = errors[f"positions[0].wagers.{key}"]
    assert "$1.00, $5.00 only" in message
    assert f"({rule})" in message


def test_the_five_card_wagers_need_the_two_community_cards():
    errors = refused([seat(1, ["2d", "7c", "9h"], pair_plus="5.00",
                           five_card_progressive="1.00")], ["3d", "4d", "5c"])
    assert errors["community"] == ["cards are required"]


# Five Card Hand Bonus, Magic Card, Lucky Bonus (§649a.11(c)(8), games/five_card_hand_bonus) -


def test_five_card_hand_bonus_on_the_players_and_the_dealers_hand():
    # Player 2-4-6 of spades + Ts Js: flush, 50 for 1 on $2 = $100 ($98 net). Dealer
    # Jh Jd Tc + Ts Js: full house, 100 for 1 on $1 ($99 net). Magic Card 4s is in the
    # player's hand: 20 for 1 on $2 = $40; the Lucky position is the dealer's: 5 for 1 on $1.
    r = play([seat(1, ["2s", "4s", "6s"], pair_plus="5.00",
                   five_card_hand_bonus_player="2.00", five_card_hand_bonus_dealer="1.00")],
             ["Jh", "Jd", "Tc"], community=["Ts", "Js"], magic_card="4s",
             lucky_position="dealer")
    assert line(r, 1, "five_card_hand_bonus_player")["net"] == "98.00"
    assert line(r, 1, "five_card_hand_bonus_dealer")["net"] == "99.00"
    assert line(r, 1, "magic_card")["net"] == "40.00"
    assert line(r, 1, "lucky_bonus")["net"] == "5.00"
    assert line(r, 1, "five_card_hand_bonus_player")["rule"].startswith("§649a.12(i)")


def test_magic_card_in_the_community_cards_and_lucky_bonus_at_the_players_seat():
    """§649a.1 Magic Card Bonus (i)-(ii), Lucky Bonus (i): the Magic Card Ts is a community
    card, so it is in the player's and the dealer's five cards: 20 for 1 on each $1 wager
    ($20 + $20), although both hands lose (high card: -$1 - $1). The Lucky position is seat 3:
    5 for 1 on the player's-hand wager only ($5). Pair Plus loses $5: $38 in all."""
    r = play([seat(3, ["2c", "7d", "9h"], pair_plus="5.00", five_card_hand_bonus_player="1.00",
                   five_card_hand_bonus_dealer="1.00")],
             ["Kd", "8s", "4c"], community=["Ts", "3h"], magic_card="Ts", lucky_position=3)
    assert [line(r, 3, k)["net"] for k in ("five_card_hand_bonus_player",
                                           "five_card_hand_bonus_dealer")] == ["-1.00", "-1.00"]
    assert [(x["net"], x.get("from_seat")) for x in lines(r, 3, "magic_card")] \
        == [("20.00", None), ("20.00", "dealer")]
    assert [x["net"] for x in lines(r, 3, "lucky_bonus")] == ["5.00"]
    assert r["positions"][0]["net"] == "38.00"


# 5 of 6 Progressive and its Envy (§649a.11(c)(9)) --------------------------------------------


def test_five_of_six_progressive_royal_takes_the_meter_and_others_envy_it():
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="5.00", five_of_six_progressive="1.00"),
              seat(2, ["2d", "7c", "9h"], pair_plus="5.00", five_of_six_progressive="5.00")],
             ["Js", "Ts", "3c"], meters={"five_of_six_progressive": "12345.67"})
    award = line(r, 1, "five_of_six_progressive")
    assert (award["net"], award["paid_from"]) == ("12344.67", "not_table_inventory")
    assert line(r, 2, "five_of_six_progressive")["net"] == "-5.00"
    envy_line = line(r, 2, "five_of_six_envy_bonus")
    assert (envy_line["net"], envy_line["from_seat"]) == ("5000.00", 1)
    assert envy_line["rule"] == "§649a.11(c)(9)(v), §649a.12(j)(5)"


def test_five_of_six_awards_in_the_dealers_order_and_envy_both_ways():
    """§649a.11(c)(9): each player's three cards with the dealer's Js Ts 3c. Seat 2 (7-8-9 of
    spades: a jack-high straight flush) is nearer the dealer's right and is paid first, 10% of
    $20,000 = $2,000 ($1,999 net); seat 1 (A-K-Q of spades: a royal flush) then takes 100% of
    the $18,000 left ($17,999 net). (9)(v): seat 1 envies seat 2's straight flush ($300 on $1),
    seat 2 envies seat 1's royal flush ($1,000 on $1); neither for his own hand."""
    r = play([seat(1, ["As", "Ks", "Qs"], pair_plus="1.00", five_of_six_progressive="1.00"),
              seat(2, ["7s", "8s", "9s"], pair_plus="1.00", five_of_six_progressive="1.00")],
             ["Js", "Ts", "3c"], meters={"five_of_six_progressive": "20000.00"})
    assert line(r, 2, "five_of_six_progressive")["net"] == "1999.00"
    assert line(r, 1, "five_of_six_progressive")["net"] == "17999.00"
    assert [(x["net"], x["from_seat"]) for x in lines(r, 1, "five_of_six_envy_bonus")] \
        == [("300.00", 2)]
    assert [(x["net"], x["from_seat"]) for x in lines(r, 2, "five_of_six_envy_bonus")] \
        == [("1000.00", 1)]
