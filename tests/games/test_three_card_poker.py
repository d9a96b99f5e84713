"""Three Card Poker settlement (§649a.7, §649a.11, §649a.12), numbers worked out by hand.

Paytables used (games/paytables/three_card_poker.toml): Ante Bonus A (straight 1, trips 4,
straight flush 5, to 1); Pair Plus A-E (SF/trips/straight/flush/pair to 1: A 35-25-6-4-1,
B 40-30-5-4-1, C 40-30-6-3-1, D 40-30-6-4-1, E 40-25-6-4-1); Six Card Bonus posted_1
1000-200-100-20-15-10-7, posted_2 and E 1000-200-50-25-20-10-5 (E: Super Royal 1000) to 1;
Three-Card Progressive mini-royal 100% of meter, SF 70, trips 60 (straight table: straight 6)
for 1, Envy $100/$500 on a $1/$5 wager; Five-Card and 5 of 6 Progressive royal 100%, SF 10% of
meter, quads 300, full house 50, flush 40, straight 30, trips 9 for 1, Envy royal $1,000 /
SF $300 on $1, $5,000 / $1,500 on $5; Five Card Hand Bonus royal 100%, SF 10%, quads 500,
full house 100, flush 50 for 1, Magic Card 20 for 1, Lucky Bonus 5 for 1.
"""

import contextlib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.cards import card_str, parse_cards
from games.errors import InvalidRound
from games.paytables import catalog, parse_paytable, using
from games.three_card_poker import SPEC
from games.three_card_poker.rankings import dealer_qualifies, five_card_names

D = Decimal
OPTIONS = {"ante_bonus": "A", "pair_plus": "D", "six_card_bonus": "posted_1",
           "three_card_progressive": "trips", "five_card_progressive": "M",
           "five_of_six_progressive": "M"}


def play(positions, dealer, *, options=None, **extra):
    payload = {"game": "three_card_poker", "dealer": dealer, "positions": positions,
               "options": {**OPTIONS, **(options or {})}, **extra}
    return games.settle(payload)


def seat(n, cards, **wagers):
    return {"seat": n, "cards": cards, "wagers": wagers}


def lines(result, seat_no, wager):
    pos = next(p for p in result["positions"] if p["seat"] == seat_no)
    return [line for line in pos["lines"] if line["wager"] == wager]


def line(result, seat_no, wager):
    (found,) = lines(result, seat_no, wager)
    return found


def refused(positions, dealer, **kw) -> dict:
    with pytest.raises(InvalidRound) as e:
        play(positions, dealer, **kw)
    return e.value.errors


# §649a.11(c)(3): the dealer qualifies with queen high ------------------------------------


@pytest.mark.parametrize("dealer, qualifies", [
    ("Qs 7h 2d", True), ("Jc Td 8s", False), ("2s 2h 5d", True), ("As 3d 2c", True),
    ("Kh 4c 3s", True), ("Js 9h 8d", False),
])
def test_dealer_qualifies_with_queen_high_or_better(dealer, qualifies):
    assert dealer_qualifies(parse_cards(dealer)) is qualifies


def test_dealer_below_queen_high_pays_the_ante_and_returns_the_play():
    r = play([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="10.00")], ["Jc", "Td", "8s"])
    assert (line(r, 1, "ante")["net"], line(r, 1, "play")["net"]) == ("10.00", "0.00")
    assert line(r, 1, "ante")["odds"] == "1 to 1"
    assert line(r, 1, "play")["result"] == "push"
    assert line(r, 1, "play")["rule"] == "§649a.11(c)(3)(i)"
    assert r["dealer"]["qualifies"] is False


def test_a_player_who_outranks_a_qualifying_dealer_wins_ante_and_play_one_to_one():
    r = play([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play")] == ["10.00", "10.00"]
    assert line(r, 1, "play")["rule"] == "§649a.11(c)(3)(ii)(B), §649a.12(a)"
    assert r["positions"][0]["net"] == "20.00"


def test_a_player_below_a_qualifying_dealer_loses_ante_and_play():
    r = play([seat(1, ["Js", "9d", "3c"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play")] == ["-10.00", "-10.00"]
    assert line(r, 1, "ante")["rule"] == "§649a.11(c)(3)(ii)(A)"


def test_equal_hands_push_ante_and_play_suits_never_break_a_tie():
    r = play([seat(1, ["Qh", "7d", "2s"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["result"] for k in ("ante", "play")] == ["push", "push"]
    assert line(r, 1, "ante")["rule"] == "§649a.11(c)(3)(ii)(C)"


def test_a_pair_beats_a_flush_does_not_in_three_card_poker_ranks():
    # Three-card ranks (§649a.6): a flush beats a pair.
    r = play([seat(1, ["2h", "7h", "Jh"], ante="5.00", play="5.00")], ["Ks", "Kd", "3c"])
    assert line(r, 1, "play")["net"] == "5.00"


# Ante Bonus (§649a.12(b), paytable A: straight 1, trips 4, straight flush 5 to 1) ----------


@pytest.mark.parametrize("cards, net", [
    (["9s", "Th", "Jd"], "10.00"),   # straight: 1 to 1 on the $10 Ante
    (["8s", "8h", "8d"], "40.00"),   # three of a kind: 4 to 1
    (["5h", "6h", "7h"], "50.00"),   # straight flush: 5 to 1
    (["As", "Ks", "Qs"], "50.00"),   # a mini-royal is a straight flush
])
def test_ante_bonus_pays_on_the_ante(cards, net):
    r = play([seat(1, cards, ante="10.00", play="10.00")], ["Qd", "7c", "2d"])
    assert line(r, 1, "ante_bonus")["net"] == net
    assert line(r, 1, "ante_bonus")["rule"] == "§649a.12(b)"


def test_ante_bonus_is_paid_even_when_the_dealer_wins():
    # Player 4-5-6 straight loses to the dealer's straight flush: -$10 -$10 + $10 bonus.
    r = play([seat(1, ["4s", "5d", "6c"], ante="10.00", play="10.00")], ["7h", "8h", "9h"])
    assert line(r, 1, "play")["result"] == "lose"
    assert line(r, 1, "ante_bonus")["net"] == "10.00"
    assert r["positions"][0]["net"] == "-10.00"


def test_ante_bonus_is_paid_when_the_dealer_does_not_qualify():
    """§649a.11(c)(3)(i), §649a.12(b): dealer J-9-8 is below queen high. Ante 1 to 1 on $10
    ($10), Play returned ($0), Ante Bonus A straight (2-3-4) 1 to 1 on the $10 Ante ($10)."""
    r = play([seat(1, ["2c", "3d", "4h"], ante="10.00", play="10.00")], ["Js", "9d", "8c"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play", "ante_bonus")] \
        == ["10.00", "0.00", "10.00"]
    assert r["positions"][0]["net"] == "20.00"


def test_ante_bonus_is_paid_on_a_tie():
    """§649a.11(c)(3)(ii)(C), §649a.12(b): straights 4-5-6 on both sides push Ante and Play;
    the Ante Bonus pays the straight 1 to 1 on the $10 Ante: $10 in all."""
    r = play([seat(1, ["4s", "5d", "6c"], ante="10.00", play="10.00")], ["4h", "5c", "6d"])
    assert [line(r, 1, k)["result"] for k in ("ante", "play")] == ["push", "push"]
    assert line(r, 1, "ante_bonus")["net"] == "10.00"
    assert r["positions"][0]["net"] == "10.00"


def test_no_ante_bonus_below_a_straight_and_none_on_a_fold():
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", play="10.00"),
              seat(2, ["8s", "8h", "8d"], ante="10.00")], ["Qd", "7c", "2d"])
    assert lines(r, 1, "ante_bonus") == []
    assert lines(r, 2, "ante_bonus") == []


def test_the_ante_bonus_paytable_must_be_chosen_when_a_play_is_made():
    errors = refused([seat(1, ["Ks", "Kd", "3c"], ante="10.00", play="10.00")],
                     ["Qd", "7c", "2d"], options={"ante_bonus": None})
    assert "options.ante_bonus" in errors


# Fold: §649a.11(b)(1)-(3) --------------------------------------------------------------------


def test_a_fold_forfeits_the_ante_and_the_pair_plus_b1():
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", pair_plus="5.00")], ["Qd", "7c", "2d"])
    assert line(r, 1, "ante") == {**line(r, 1, "ante"), "net": "-10.00", "rule": "§649a.11(b)"}
    # a pair would have paid 1 to 1, but the fold forfeits it
    assert line(r, 1, "pair_plus")["net"] == "-5.00"
    assert line(r, 1, "pair_plus")["rule"] == "§649a.11(b)(1)"
    assert r["positions"][0]["folded"] is True


def test_a_fold_forfeits_the_progressive_wagers_b2():
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", three_card_progressive="1.00",
                   five_card_progressive="1.00")],
             ["Qd", "7c", "2d"], community=["8c", "2s"],
             meters={"three_card_progressive": "5000", "five_card_progressive": "20000"})
    # trips would pay 60 for 1, quads 300 for 1: both forfeited
    assert line(r, 1, "three_card_progressive")["net"] == "-1.00"
    assert line(r, 1, "five_card_progressive")["net"] == "-1.00"
    assert {line(r, 1, k)["rule"] for k in ("three_card_progressive", "five_card_progressive")} \
        == {"§649a.11(b)(2)"}


def test_a_fold_keeps_six_card_bonus_hand_bonus_and_five_of_six_live_b3():
    # Player 8-8-8 with the dealer's 8-Q-2: four eights in the six cards.
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", pair_plus="5.00",
                   six_card_bonus="5.00", five_of_six_progressive="1.00",
                   five_card_hand_bonus_player="1.00")],
             ["8c", "Qd", "2d"], community=["3s", "4s"],
             meters={"five_of_six_progressive": "20000", "five_card_hand_bonus": "10000"})
    assert line(r, 1, "ante")["net"] == "-10.00"
    assert line(r, 1, "pair_plus")["net"] == "-5.00"
    assert line(r, 1, "six_card_bonus")["net"] == "500.00"  # quads 100 to 1 on $5
    assert line(r, 1, "five_of_six_progressive")["net"] == "299.00"  # 300 for 1 on $1
    # the player's five cards 8-8-8-3-4 are trips: no Five Card Hand Bonus (flush or better)
    assert line(r, 1, "five_card_hand_bonus_player")["result"] == "lose"


def test_a_fold_with_no_pair_plus_keeps_the_six_card_bonus_live():
    """§649a.11(c): a folded player's cards stay on the table when he placed a Six Card Bonus,
    which is settled as in (b)(3). Player 8-8-8 with the dealer's 8-Q-2: four eights, posted_1
    100 to 1 on $5 = $500; the $10 Ante is forfeited: $490."""
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", six_card_bonus="5.00")],
             ["8c", "Qd", "2d"])
    assert line(r, 1, "ante")["net"] == "-10.00"
    assert line(r, 1, "six_card_bonus")["net"] == "500.00"
    assert r["positions"][0]["net"] == "490.00"


# Pair Plus (§649a.11(c)(4), §649a.12(d)) -----------------------------------------------------

HANDS = {
    "straight_flush": ["5h", "6h", "7h"], "three_of_a_kind": ["8s", "8h", "8d"],
    "straight": ["9s", "Th", "Jd"], "flush": ["2c", "7c", "Jc"], "pair": ["Ks", "Kd", "4h"],
}
# $5 Pair Plus: odds x $5, worked out per paytable.
PAIR_PLUS = {
    "A": {"straight_flush": "175.00", "three_of_a_kind": "125.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
    "B": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "25.00",
          "flush": "20.00", "pair": "5.00"},
    "C": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "30.00",
          "flush": "15.00", "pair": "5.00"},
    "D": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
    "E": {"straight_flush": "200.00", "three_of_a_kind": "125.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
}


@pytest.mark.parametrize("table, hand", [(t, h) for t in PAIR_PLUS for h in HANDS])
def test_pair_plus_pays_each_row_of_each_paytable(table, hand):
    r = play([seat(1, HANDS[hand], pair_plus="5.00")], ["Qd", "3c", "2d"],
             options={"pair_plus": table})
    assert line(r, 1, "pair_plus")["net"] == PAIR_PLUS[table][hand]
    assert line(r, 1, "pair_plus")["rule"] == "§649a.12(d)"


def test_pair_plus_loses_below_a_pair():
    r = play([seat(1, ["As", "9d", "4c"], pair_plus="5.00")], ["Qd", "3c", "2d"])
    assert line(r, 1, "pair_plus") == {**line(r, 1, "pair_plus"), "result": "lose",
                                       "net": "-5.00", "rule": "§649a.11(c)(4)"}


def test_pair_plus_is_paid_even_when_the_player_loses_to_the_dealer():
    r = play([seat(1, ["Ks", "Kd", "4h"], ante="5.00", play="5.00", pair_plus="5.00")],
             ["As", "Ad", "2c"])
    assert line(r, 1, "ante")["result"] == "lose"
    assert line(r, 1, "pair_plus")["net"] == "5.00"


def test_the_pair_plus_paytable_must_be_one_of_the_catalog():
    errors = refused([seat(1, ["Ks", "Kd", "4h"], pair_plus="5.00")], ["As", "Ad", "2c"],
                     options={"pair_plus": "Z"})
    assert "options.pair_plus" in errors
    assert "'Z' is not a paytable" in errors["options.pair_plus"][0]


@pytest.mark.parametrize("wager", ["pair_plus", "ante_bonus"])
def test_a_fixed_odds_paytable_with_a_meter_row_is_refused_not_a_crash(wager):
    """§649a.12(b), (d): Ante Bonus and Pair Plus pay odds; a property's paytable paying a
    share of a meter on them is refused by its option, naming the paytable."""
    bad = parse_paytable({
        "id": f"three_card_poker.{wager}.Q", "game": "three_card_poker", "wager": wager,
        "name": "Q", "citation": "§649a.12", "source": "primary",
        "rows": [{"hand": "straight_flush", "meter_percent": "10"}, {"hand": "pair", "odds": "1"}],
    })
    with using(catalog().with_paytables([bad])):
        errors = refused([seat(1, ["5h", "6h", "7h"], ante="5.00", play="5.00", pair_plus="5.00")],
                         ["Qs", "7d", "2c"], options={wager: "Q"})
    assert errors == {f"options.{wager}": [
        f"paytable Q pays a share of a meter, but {wager} has no progressive meter (§649a.12)"]}


def test_pair_plus_by_catalog_id():
    r = play([seat(1, ["5h", "6h", "7h"], pair_plus="5.00")], ["Qd", "3c", "2d"],
             options={"pair_plus": "three_card_poker.pair_plus.A"})
    assert line(r, 1, "pair_plus")["net"] == "175.00"


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
    """§649a.11(c) (the folded player "forfeited his Ante Wager and hand") and README: seat 1
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


# Wagers: §649a.7 --------------------------------------------------------------------------


def test_a_play_not_equal_to_the_ante_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="20.00")],
                     ["Qs", "7h", "2d"])
    assert errors == {"positions[0].wagers.play": [
        "the Play Wager must equal the Ante Wager of $10.00 (§649a.7(d)(1))"]}


def test_a_play_without_an_ante_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00", play="5.00")],
                     ["Qs", "7h", "2d"])
    assert "positions[0].wagers.play" in errors


def test_side_wagers_need_an_ante_or_a_pair_plus():
    errors = refused([seat(1, ["Ks", "5d", "3c"], six_card_bonus="5.00")], ["Qs", "7h", "2d"])
    assert "§649a.7(d)" in errors["positions[0].wagers"][0]


@pytest.mark.parametrize("variant, ante, pair_plus, bad", [
    ("e1", "10.00", "10.00", None), ("e1", "9.99", "10.00", "pair_plus"),
    ("e1", None, "10.00", "pair_plus"), ("e1", "10.00", None, None),
    ("e2", "5.00", "10.00", None), ("e2", "4.99", "10.00", "pair_plus"),
    ("e2", None, "10.00", "pair_plus"),
    ("e3", "10.00", "50.00", None), ("e3", "10.00", "50.01", "pair_plus"),
    ("e3", "50.01", "10.00", "ante"), ("e3", None, "10.00", "ante"),
    ("e3", "10.00", None, "pair_plus"),
    ("none", None, "500.00", None), ("none", "1.00", "500.00", None),
    # (e)(1) "equal to or greater than"; (e)(2) "at least 1/2": $5.005 needs $5.01;
    # (e)(3) "up to a maximum of five times" either way.
    ("e1", "10.01", "10.00", None), ("e2", "5.01", "10.01", None),
    ("e2", "5.00", "10.01", "pair_plus"), ("e3", "50.00", "10.00", None),
])
def test_the_variants_of_649a_7_e(variant, ante, pair_plus, bad):
    wagers = {k: v for k, v in (("ante", ante), ("pair_plus", pair_plus)) if v}
    if ante:
        wagers["play"] = ante
    positions = [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": wagers}]
    if bad is None:
        play(positions, ["Qs", "7h", "2d"], options={"variant": variant})
        return
    errors = refused(positions, ["Qs", "7h", "2d"], options={"variant": variant})
    assert list(errors) == [f"positions[0].wagers.{bad}"]
    assert "§649a.7(e)(" in errors[f"positions[0].wagers.{bad}"][0]


def test_an_unknown_variant_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"],
                     options={"variant": "e4"})
    assert "options.variant" in errors


@pytest.mark.parametrize("seats, boxes, ok", [
    ((2, 3), 2, True), ((2, 3), 1, False), ((2, 4), 2, False), ((2, 3, 4), 2, False),
])
def test_adjacent_boxes_649a_7_f(seats, boxes, ok):
    hands = [["Ks", "5d", "3c"], ["Kh", "5h", "3h"], ["Kd", "5c", "3d"]]
    positions = [{**seat(s, hands[i], pair_plus="5.00"), "player": "ann"}
                 for i, s in enumerate(seats)]
    if ok:
        play(positions, ["Qs", "7h", "2d"], options={"adjacent_boxes": boxes})
    else:
        errors = refused(positions, ["Qs", "7h", "2d"], options={"adjacent_boxes": boxes})
        assert "§649a.7(f)" in errors["positions"][0]


def test_three_card_poker_has_no_payout_limit_to_set():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"],
                     options={"payout_limit": "50000.00"})
    assert "no payout limitation" in errors["options.payout_limit"][0]


def test_seven_positions_649a_2_a():
    assert SPEC.positions == 7
    errors = refused([seat(8, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"])
    assert "§649a.2(a)" in errors["positions[0].seat"][0]


def test_bad_and_duplicate_cards_are_named():
    errors = refused([seat(1, ["Ks", "Qs", "Xs"], pair_plus="5.00"),
                      seat(2, ["7h", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"])
    assert "positions[0].cards" in errors
    assert errors["positions[1].cards"] == ["'7h' was already dealt to dealer"]


@pytest.mark.parametrize("payload", [
    {"positions": "seat 1"},
    {"positions": [{"seat": 1, "cards": 7, "wagers": {"pair_plus": "5"}}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": "ante"}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": {"ante": 5.0}}]},
    {"positions": [{"seat": "1", "cards": ["Ks", "5d", "3c"], "wagers": {"ante": "5"}}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": {"bogus": "5"}}]},
    {"options": ["D"]},
    {"dealer": None},
    {"dealer": "Qs 7h"},
    {"community": {"a": 1}},
    {"meters": "lots"},
    {"magic_card": 7},
    {"lucky_position": "seat 3"},
    {"options": {"adjacent_boxes": "two"}},
])
def test_malformed_shapes_are_invalid_rounds_never_crashes(payload):
    base = {"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"], "options": OPTIONS,
            "positions": [seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")]}
    with pytest.raises(InvalidRound):
        games.settle({**base, **payload})


# Properties -----------------------------------------------------------------------------

ALL_WAGERS = {"ante": "5.00", "play": "5.00", "pair_plus": "5.00",
              "three_card_progressive": "1.00", "six_card_bonus": "5.00",
              "five_card_progressive": "5.00", "five_card_hand_bonus_player": "1.00",
              "five_card_hand_bonus_dealer": "1.00", "five_of_six_progressive": "1.00"}
METERS = {k: "10000.00" for k in ("three_card_progressive", "five_card_progressive",
                                  "five_card_hand_bonus", "five_of_six_progressive")}
METERS.update({f"{k}_reset": "10000.00" for k in list(METERS)})


@settings(max_examples=200, deadline=None)
@given(deal=st.permutations(range(52)), seats=st.integers(1, 7), fold=st.booleans())
def test_any_deal_settles_every_wager_with_a_section_and_whole_cents(deal, seats, fold):
    cards = [card_str(c) for c in deal]
    wagers = {k: v for k, v in ALL_WAGERS.items() if not (fold and k == "play")}
    positions = [seat(s + 1, cards[3 * s:3 * s + 3], **wagers) for s in range(seats)]
    r = play(positions, cards[21:24], community=cards[24:26], meters=METERS)
    for p in r["positions"]:
        assert set(wagers) <= {line["wager"] for line in p["lines"]}
        for ln in p["lines"]:
            assert ln["rule"].startswith("§6")
            assert D(ln["net"]) == D(ln["net"]).quantize(D("0.01"))
        assert D(p["net"]) == sum(D(ln["net"]) for ln in p["lines"])
        ante = next(ln for ln in p["lines"] if ln["wager"] == "ante")
        assert ante["net"] in (("-5.00",) if fold else ("-5.00", "0.00", "5.00"))


def test_max_round_win_adds_the_best_rows_at_the_minimum_wager():
    # $5: Ante + Play 1 to 1 ($10), Ante Bonus A straight flush 5 to 1 ($25), Pair Plus D
    # straight flush 40 to 1 ($200) = $235.
    assert SPEC.max_round_win({"ante": "", "pair_plus": "D"}, {"ante_bonus": "A"}, D("5")) \
        == D("235")
    # Five-Card Progressive M at its least meter ($10,000 - $5 stake) plus six Envy royal
    # flushes at the $5 wager's $5,000 (§643a.12(e)(5) model) = $39,995; on 2 adjacent boxes,
    # twice that.
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {}, D("5")) == D("39995")
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {"adjacent_boxes": 2}, D("5")) \
        == D("79990")
    # At $1: $10,000 - $1 stake plus six $1-wager Envy royal flushes at $1,000 = $15,999.
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {}, D("1")) == D("15999")
    assert SPEC.payout_limit_floor({"pair_plus": "D"}, {}, D("5")) == D("50000.00")


@pytest.mark.parametrize("options", [{}, {"ante_bonus": None}, {"ante_bonus": ""}])
def test_max_round_win_counts_the_ante_bonus_only_when_one_is_chosen(options):
    # $5: Ante + Play 1 to 1 ($10) and Pair Plus D straight flush 40 to 1 ($200) = $210; no
    # Ante Bonus paytable is offered (§649a.12(b) is optional).
    assert SPEC.max_round_win({"ante": "", "pair_plus": "D"}, options, D("5")) == D("210")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["dealer", "community", "positions", "options", "meters",
                              "magic_card", "lucky_position"]), value=JSON)
def test_any_json_in_any_field_is_settled_or_refused_never_a_crash(field, value):
    base = {"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"], "options": OPTIONS,
            "positions": [seat(1, ["Ks", "5d", "3c"], ante="5.00", play="5.00",
                               pair_plus="5.00")]}
    with contextlib.suppress(InvalidRound):
        games.settle({**base, field: value})


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["seat", "cards", "wagers", "player"]), value=JSON)
def test_any_json_in_a_position_is_settled_or_refused_never_a_crash(field, value):
    position = {**seat(1, ["Ks", "5d", "3c"], ante="5.00", play="5.00"), field: value}
    with contextlib.suppress(InvalidRound):
        games.settle({"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"],
                      "options": OPTIONS, "positions": [position, position]})


@pytest.mark.parametrize("procedure", ["manual_shoe", "hand", "automated_shoe"])
def test_every_dealing_procedure_settles_alike(procedure):
    """§649a.8-§649a.10 differ in how cards reach the layout, not in how a round is paid."""
    r = play([seat(1, ["As", "Ks", "Qs"], ante="10.00", play="10.00")], ["Qd", "7c", "2d"],
             options={"dealing_procedure": procedure})
    # a straight flush beats queen high: Ante and Play 1 to 1, Ante Bonus 5 to 1 (table A)
    assert [line(r, 1, k)["net"] for k in ("ante", "play", "ante_bonus")] == [
        "10.00", "10.00", "50.00"]


def test_an_unknown_dealing_procedure_is_refused():
    errors = refused([seat(1, ["As", "Ks", "Qs"], ante="10.00", play="10.00")],
                     ["Qd", "7c", "2d"], options={"dealing_procedure": "shuffled_by_hand"})
    assert errors["options.dealing_procedure"] == [
        "'shuffled_by_hand' is not one of: manual_shoe, hand, automated_shoe"]


def test_the_ante_bonus_is_needed_only_where_a_play_wager_is_made():
    """SPEC says which wager makes the Ante Bonus paytable compulsory (§649a.12(b)); a fold
    makes no Play Wager, so a round of folds and Pair Plus settles without one."""
    assert SPEC.option("ante_bonus").required_with == {
        "play": "§649a.11(c)(3)(ii)(B), §649a.12(b)"}
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", pair_plus="5.00")],
             ["Qd", "7c", "2d"], options={"ante_bonus": None})
    assert [line(r, 1, k)["net"] for k in ("ante", "pair_plus")] == ["-10.00", "-5.00"]
