"""Baccarat through POST /api/v1/engine/settle/ (§627b, §629b, §631b), numbers worked by hand."""

GAME = "baccarat"


def test_commission_free_round_with_pairs_and_lucky_six(post):
    # Player 8s 8h = 6 stands; Banker Qd Qc = 0 draws (the Player stood): 6c -> 6. A 6-6 tie:
    # Tie 8 to 1 ($40), the Pairs 11 to 1 ($55 each), Lucky Six returned, Banker pushes.
    response = post({
        "options": {"commission_free": True},
        "player_cards": ["8s", "8h"], "banker_cards": ["Qd", "Qc", "6c"],
        "positions": [{"seat": 4, "wagers": {"banker": "10.00", "tie": "5.00",
                                             "player_pair": "5.00", "banker_pair": "5.00",
                                             "lucky_six": "5.00"}}],
    })
    assert response.status_code == 200
    seat = response.json()["positions"][0]
    assert {x["wager"]: (x["result"], x["net"]) for x in seat["lines"]} == {
        "banker": ("push", "0.00"), "tie": ("win", "40.00"), "player_pair": ("win", "55.00"),
        "banker_pair": ("win", "55.00"), "lucky_six": ("push", "0.00"),
    }
    assert seat["net"] == "150.00"


def test_standard_banker_win_from_a_shoe_with_perfect_pairs(post):
    # Shoe: Player 2s 3s (5) draws 8c -> 3; Banker 4d 2d (6) stands on an 8: Banker wins,
    # $20 at 1 to 1 less 5% = $19.00. The Banker's 4d 2d is no pair; the Player's neither.
    response = post({
        "options": {"perfect_pairs": "B"},
        "shoe": ["2s", "4d", "3s", "2d", "8c", "Kh"],
        "positions": [{"seat": 1, "wagers": {"banker": "20.00", "perfect_pairs_banker": "5.00"}}],
    })
    assert response.status_code == 200
    body = response.json()
    assert body["dealer"]["banker"] == {"cards": ["4d", "2d"], "point_count": 6,
                                        "natural": False}
    lines = body["positions"][0]["lines"]
    assert lines[0] == {"wager": "banker", "amount": "20.00", "result": "win",
                        "odds": "1 to 1 less 5% commission", "net": "19.00",
                        "rule": "§631a.8(a)(2)", "paid_from": "table_inventory"}
    assert (lines[1]["net"], lines[1]["rule"]) == ("-5.00", "§631b.1(d)(2)")


def test_royal_9_mega_jackpot_and_mega_envy_on_minibaccarat(post):
    response = post({
        "options": {"variant": "minibaccarat", "royal_9_progressive": "1",
                    "royal_9_combinations": ["Ks 9s", "Kh 9h", "Kd 9d", "Kc 9c", "Ks 9h",
                                             "Kh 9s", "Kd 9c"]},
        "meters": {"royal_9_mega_jackpot": "10500.505", "royal_9_major_jackpot": "90.00",
                   "royal_9_minor_jackpot": "90.00"},
        "player_cards": ["Kh", "9h"], "banker_cards": ["9h", "Kh"],
        "positions": [{"seat": 1, "wagers": {"player": "5.00", "royal_9_progressive": "1.00"}},
                      {"seat": 2, "wagers": {"banker": "5.00", "royal_9_progressive": "1.00"}}],
    })
    assert response.status_code == 200
    body = response.json()
    # Seat 2's Kh 9h on both hands: 100% of $10,500.505 -> $10,500.50, less the $1 wager.
    mega = body["positions"][1]["lines"][1]
    assert (mega["net"], mega["paid_from"], mega["rule"]) == (
        "10499.50", "not_table_inventory", "§627b.3(e)(6), §627b.3(g)(1)")
    envy = body["positions"][0]["lines"][1]
    assert (envy["hand"], envy["net"]) == ("mega_envy", "999.00")  # $1,000 for the $1 wager
    assert body["meter_awards"][0]["award"] == "10500.50"


def test_five_treasures_and_lucky_nines_on_a_fully_automated_baccarat_table(post):
    # Player 9s Ts = 9, Banker 9d 9c = 8: Naturals, nobody draws; Player wins. Three nines,
    # not one suit: Lucky Nines C 35 to 1 on $5 = $175. No three-card hand: 5 Treasures lose.
    response = post({
        "options": {"fully_automated": True, "lucky_nines": "C", "five_treasures": "A"},
        "player_cards": ["9s", "Ts"], "banker_cards": ["9d", "9c"],
        "positions": [{"seat": 14, "wagers": {"player": "10.00", "lucky_nines": "5.00",
                                              "cover_all": "5.00"}}],
    })
    assert response.status_code == 200
    lines = {x["wager"]: x["net"] for x in response.json()["positions"][0]["lines"]}
    assert lines == {"player": "10.00", "lucky_nines": "175.00", "cover_all": "-5.00"}


def test_a_third_card_the_rules_forbid_is_a_400_naming_the_rule(post):
    response = post({
        "player_cards": ["Ts", "6h", "2c"], "banker_cards": ["Ts", "7d"],
        "positions": [{"seat": 1, "wagers": {"player": "5.00", "lucky_six": "5.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "stands on 6-7 (§631a.11)" in errors["player_cards"][0]
    assert "commission_free" in errors["positions[0].wagers.lucky_six"][0]


def test_a_malformed_baccarat_request_is_a_400(post):
    response = post({"shoe": {"cards": 6}, "options": "A",
                          "positions": [{"wagers": {"perfect_pairs_player": "5"}}]})
    assert response.status_code == 400
    assert set(response.json()["errors"]) >= {"shoe", "options"}
