"""Texas Hold 'Em Bonus through POST /api/v1/engine/settle/ (§647a.11, §647a.12), numbers
worked by hand."""

GAME = "texas_holdem_bonus"
OPTIONS = {"ante_pays_on": "straight_or_better", "bonus": "common"}


def test_a_winning_straight_with_bonus_and_a_folded_players_side_wagers(post):
    response = post({
        "dealer": ["Kc", "3h"], "community": ["9c", "Td", "Jh", "4s", "2d"],
        "meters": {"progressive": "25000.00"},
        "positions": [
            {"seat": 1, "cards": ["Qs", "8h"],
             "wagers": {"ante": "10.00", "flop": "20.00", "river": "10.00", "bonus": "5.00"}},
            {"seat": 2, "cards": ["As", "Ah"],
             "wagers": {"ante": "10.00", "bonus": "5.00", "progressive": "1.00"}},
        ],
    })
    assert response.status_code == 200
    seats = response.json()["positions"]
    # 8-Q straight beats the dealer's K high: Ante, Flop and River 1 to 1 ($40); Q-8 is no
    # Bonus hand (-$5).
    assert [(x["wager"], x["net"]) for x in seats[0]["lines"]] == [
        ("ante", "10.00"), ("flop", "20.00"), ("river", "10.00"), ("bonus", "-5.00")]
    assert seats[0]["net"] == "35.00"
    # Seat 2 folded: Ante lost, Bonus aces 30 to 1 on $5 paid, Progressive lost.
    assert [(x["wager"], x["net"], x["rule"]) for x in seats[1]["lines"]] == [
        ("ante", "-10.00", "§647a.11(b)(2)"), ("bonus", "150.00", "§647a.11(h)(3), §647a.12(b)"),
        ("progressive", "-1.00", "§647a.11(b)(2)(i)(B)")]
    assert seats[1]["folded"] is True


def test_the_dealers_hand_bonus_jackpot_is_shared(post):
    response = post({
        "dealer": ["As", "Ks"], "community": ["Qs", "Js", "Ts", "2c", "3c"],
        "meters": {"five_card_hand_bonus": "10000.01"},
        "positions": [
            {"seat": s, "cards": cards,
             "wagers": {"ante": "1.00", "five_card_hand_bonus_dealer": "1.00"}}
            for s, cards in ((1, ["2h", "3d"]), (2, ["4h", "5d"]), (3, ["6h", "7d"]))
        ],
    })
    assert response.status_code == 200
    body = response.json()
    # 100% of $10,000.01 in three: $3,333.33 each (a cent stays), less each $1 stake.
    for seat in body["positions"]:
        line = seat["lines"][-1]
        assert (line["net"], line["odds"], line["paid_from"], line["from_seat"]) == (
            "3332.33", "100% of meter, shared 3 ways", "not_table_inventory", "dealer")
    assert [a["award"] for a in body["meter_awards"]] == ["3333.33"] * 3


def test_hand_bonus_wins_go_to_the_game_account_and_the_meter_award_does_not(post):
    """§647a.11(j)(3), §647a.12(e): the player's 5s 2s with the Flop Qs Js Ts are a flush, 50
    for 1 on $1 ($50, net $49); the dealer's As Ks make a royal flush, 100% of the $15,000
    meter to the only player on it (net $14,999); the Magic Card Qs is in both hands, 20 x $1
    each. The royal also beats the player's flush: Ante and Flop lost (-$3). Net $15,085."""
    response = post({
        "dealer": ["As", "Ks"], "community": ["Qs", "Js", "Ts", "2c", "3c"],
        "meters": {"five_card_hand_bonus": "15000.00"}, "magic_card": "Qs",
        "positions": [{"seat": 1, "cards": ["5s", "2s"],
                       "wagers": {"ante": "1.00", "flop": "2.00",
                                  "five_card_hand_bonus_player": "1.00",
                                  "five_card_hand_bonus_dealer": "1.00"}}],
    })
    assert response.status_code == 200
    body = response.json()
    (seat,) = body["positions"]
    assert [(x["wager"], x["net"], x["paid_from"]) for x in seat["lines"]] == [
        ("ante", "-1.00", "table_inventory"), ("flop", "-2.00", "table_inventory"),
        ("five_card_hand_bonus_player", "49.00", "game_account"),
        ("magic_card", "20.00", "game_account"),
        ("five_card_hand_bonus_dealer", "14999.00", "not_table_inventory"),
        ("magic_card", "20.00", "game_account")]
    assert seat["net"] == "15085.00"
    assert [(a["wager"], a["award"]) for a in body["meter_awards"]] == [
        ("five_card_hand_bonus_dealer", "15000.00")]


def test_bad_play_wagers_are_400s_naming_each_field(post):
    response = post({
        "options": {"bonus": "common"},
        "dealer": ["Kc"], "community": ["9c", "Td", "Jh", "4s", "2d"],
        "positions": [{"seat": 1, "cards": ["Qs", "8h"],
                       "wagers": {"ante": "10.00", "flop": "10.00", "progressive": "3.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) >= {"options.ante_pays_on", "dealer", "positions[0].wagers.flop",
                           "positions[0].wagers.progressive"}
