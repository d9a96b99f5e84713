"""Which settlement lines need a floorperson's verification before payment: every winning
progressive payout ("Have a floorperson or above validate the progressive payout",
§649a.11(c)(5)(iii), (7)(iii), (9)(iii), §643a.11(f)(3)(iii)(C), (iv)(C), §647a.11(i)(3),
§645a.11(h)(4)(ii)(C)) and a Five Card Hand Bonus paid 500 for 1 or a share of the meter
(§649a.11(c)(8)(ii), §643a.11(f)(3)(v)(B), §647a.11(j)(2)). Nothing else carries the flag.
Amounts are worked out by hand from the chapters' paytables."""

import games

TCP_OPTIONS = {"ante_bonus": "A", "pair_plus": "D", "three_card_progressive": "trips",
               "five_card_progressive": "M", "five_of_six_progressive": "M"}


def seat_lines(result, seat):
    return next(p for p in result["positions"] if p["seat"] == seat)["lines"]


def line(result, seat, wager):
    (found,) = [x for x in seat_lines(result, seat) if x["wager"] == wager]
    return found


def flagged(result):
    return {(p["seat"], x["wager"]): x["verification"]
            for p in result["positions"] for x in p["lines"] if "verification" in x}


def tcp(positions, dealer, **extra):
    return games.settle({"game": "three_card_poker", "options": TCP_OPTIONS, "dealer": dealer,
                         "positions": positions, **extra})


def test_three_card_progressive_wins_need_a_floorperson_and_envy_does_not():
    # Seat 2 (paid first, counterclockwise) trips 60 for 1 on $5: $300, net $295; seat 1's
    # mini royal takes 100% of $5,000 (§649a.12(e)), net $4,999; seat 2's Envy is $500.
    r = tcp([{"seat": 1, "cards": ["As", "Ks", "Qs"],
              "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}},
             {"seat": 2, "cards": ["8s", "8h", "8d"],
              "wagers": {"pair_plus": "5.00", "three_card_progressive": "5.00"}}],
            ["Qd", "3c", "2d"], meters={"three_card_progressive": "5000.00"})
    assert line(r, 1, "three_card_progressive")["net"] == "4999.00"
    assert line(r, 1, "three_card_progressive")["paid_from"] == "not_table_inventory"
    assert line(r, 2, "three_card_progressive")["net"] == "295.00"
    assert line(r, 2, "three_card_progressive")["paid_from"] == "table_inventory"
    assert flagged(r) == {(1, "three_card_progressive"): "§649a.11(c)(5)(iii)",
                          (2, "three_card_progressive"): "§649a.11(c)(5)(iii)"}


def test_five_card_progressive_shares_of_the_meter_need_a_floorperson():
    # Seat 2 is paid first: straight flush 10% of $20,000 = $2,000 (net $1,999); seat 1's royal
    # then takes 100% of the $18,000 left (net $17,999), §649a.12(h)(1).
    r = tcp([{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
              "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}},
             {"seat": 2, "cards": ["9h", "8h", "7h"],
              "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}}],
            ["Qd", "3c", "2d"], community=["Jh", "Th"],
            meters={"five_card_progressive": "20000.00"})
    assert line(r, 2, "five_card_progressive")["net"] == "1999.00"
    assert line(r, 1, "five_card_progressive")["net"] == "17999.00"
    assert flagged(r) == {(1, "five_card_progressive"): "§649a.11(c)(7)(iii)",
                          (2, "five_card_progressive"): "§649a.11(c)(7)(iii)"}


def test_five_of_six_fixed_payout_needs_a_floorperson():
    # 8-8-8 with the dealer's 8-Q-2: four of a kind, 300 for 1 on $1 (§649a.12(j)(1)).
    r = tcp([{"seat": 1, "cards": ["8s", "8h", "8d"],
              "wagers": {"pair_plus": "5.00", "five_of_six_progressive": "1.00"}}],
            ["8c", "Qd", "2d"], meters={"five_of_six_progressive": "20000.00"})
    assert line(r, 1, "five_of_six_progressive")["net"] == "299.00"
    assert flagged(r) == {(1, "five_of_six_progressive"): "§649a.11(c)(9)(iii)"}


def test_three_card_poker_hand_bonus_flags_500_for_1_but_not_100_for_1():
    # Seat 1: 4-4-4-4-2, 500 for 1 on $1 (net $499); seat 2: kings full, 100 for 1 (net $99).
    r = tcp([{"seat": 1, "cards": ["4d", "4h", "2c"],
              "wagers": {"pair_plus": "5.00", "five_card_hand_bonus_player": "1.00"}},
             {"seat": 2, "cards": ["Kc", "Kd", "Kh"],
              "wagers": {"pair_plus": "5.00", "five_card_hand_bonus_player": "1.00"}}],
            ["Qd", "3c", "2d"], community=["4s", "4c"],
            meters={"five_card_hand_bonus": "10000.00"})
    assert line(r, 1, "five_card_hand_bonus_player")["net"] == "499.00"
    assert line(r, 2, "five_card_hand_bonus_player")["net"] == "99.00"
    assert flagged(r) == {(1, "five_card_hand_bonus_player"): "§649a.11(c)(8)(ii)"}


def test_let_it_ride_progressives_and_hand_bonus_carry_their_clauses():
    r = games.settle({
        "game": "let_it_ride", "community": ["2d", "7c"],
        "options": {"bet_3": "common_1000", "three_card_progressive": "trips"},
        "meters": {"three_card_progressive": "5000.00", "five_card_progressive": "25000.00",
                   "five_card_hand_bonus": "10000.00"},
        "positions": [
            {"seat": 1, "cards": ["As", "Ks", "Qs"],
             "wagers": {"bet_3": "5.00", "three_card_progressive": "1.00"}},
            {"seat": 2, "cards": ["9c", "9d", "9h"],
             "wagers": {"bet_3": "5.00", "five_card_progressive": "1.00",
                        "five_card_hand_bonus": "1.00"}},
            {"seat": 3, "cards": ["2h", "2s", "2c"],
             "wagers": {"bet_3": "5.00", "five_card_hand_bonus": "1.00"}},
        ]})
    assert line(r, 1, "three_card_progressive")["net"] == "4999.00"  # 100% of $5,000
    assert line(r, 2, "five_card_progressive")["net"] == "8.00"  # trips 9 for 1 on $1
    assert line(r, 2, "five_card_hand_bonus")["result"] == "lose"  # trips: below a flush
    assert line(r, 3, "five_card_hand_bonus")["net"] == "499.00"  # 2-2-2-2-7, 500 for 1
    assert flagged(r) == {(1, "three_card_progressive"): "§643a.11(f)(3)(iii)(C)",
                          (2, "five_card_progressive"): "§643a.11(f)(3)(iv)(C)",
                          (3, "five_card_hand_bonus"): "§643a.11(f)(3)(v)(B)"}


HOLDEM_PLAYS = {"ante": "1.00", "flop": "2.00"}


def holdem(positions, dealer, community, meters):
    return games.settle({"game": "texas_holdem_bonus",
                         "options": {"ante_pays_on": "straight_or_better"},
                         "dealer": dealer, "community": community, "meters": meters,
                         "positions": positions})


def test_holdem_progressive_and_player_hand_bonus_meter_awards_need_a_floorperson():
    # A-K of spades with the Flop Q-J-T of spades: a royal flush for both wagers, 100% of
    # each meter (§647a.12(d)(1), §647a.12(e)(1)).
    r = holdem([{"seat": 1, "cards": ["As", "Ks"],
                 "wagers": {**HOLDEM_PLAYS, "progressive": "1.00",
                            "five_card_hand_bonus_player": "1.00"}}],
               ["4d", "6c"], ["Qs", "Js", "Ts", "3d", "4c"],
               {"progressive": "25000.00", "five_card_hand_bonus": "10000.00"})
    assert line(r, 1, "progressive")["net"] == "24999.00"
    assert line(r, 1, "five_card_hand_bonus_player")["net"] == "9999.00"
    assert flagged(r) == {(1, "progressive"): "§647a.11(i)(3)",
                          (1, "five_card_hand_bonus_player"): "§647a.11(j)(2)"}


def test_holdem_dealer_hand_bonus_split_is_flagged_for_each_bettor():
    # The dealer's A-K of diamonds with the Flop Q-J-T of diamonds: a royal flush; 100% of the
    # $10,000 meter is divided equally between the two bettors on the dealer's hand:
    # $5,000 each, net $4,999 (§647a.12(e)(2)).
    r = holdem([{"seat": n, "cards": cards,
                 "wagers": {**HOLDEM_PLAYS, "five_card_hand_bonus_dealer": "1.00"}}
                for n, cards in ((1, ["2h", "3h"]), (2, ["5c", "6c"]))],
               ["Ad", "Kd"], ["Qd", "Jd", "Td", "3c", "4s"],
               {"five_card_hand_bonus": "10000.00"})
    assert [line(r, n, "five_card_hand_bonus_dealer")["net"] for n in (1, 2)] == \
        ["4999.00", "4999.00"]
    assert flagged(r) == {(1, "five_card_hand_bonus_dealer"): "§647a.11(j)(2)",
                          (2, "five_card_hand_bonus_dealer"): "§647a.11(j)(2)"}


def test_pai_gow_progressive_fixed_payout_needs_a_floorperson():
    # A seven-card hand holding a straight flush: 100 for 1 on $5 = $500, net $495
    # (§645a.13(e)(1)), from the table inventory, validated first (§645a.11(h)(4)(ii)(C)).
    r = games.settle({
        "game": "pai_gow_poker", "options": {}, "meters": {"progressive": "25000.00"},
        "dealer": ["Kd", "Qc", "Jd", "4c", "4h", "Tc", "2c"],
        "positions": [{"seat": 1, "cards": ["9s", "8s", "7s", "6s", "5s", "2h", "3d"],
                       "wagers": {"pai_gow": "5.00", "progressive": "5.00"}}]})
    assert line(r, 1, "progressive")["net"] == "495.00"
    assert line(r, 1, "progressive")["paid_from"] == "table_inventory"
    assert flagged(r) == {(1, "progressive"): "§645a.11(h)(4)(ii)(C)"}


def test_a_losing_progressive_is_not_flagged():
    r = tcp([{"seat": 1, "cards": ["As", "Kd", "7s"],
              "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}}],
            ["Qd", "3c", "2d"], meters={"three_card_progressive": "5000.00"})
    assert line(r, 1, "three_card_progressive")["result"] == "lose"
    assert flagged(r) == {}
