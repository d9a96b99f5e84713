"""Pai Gow Poker through POST /api/v1/engine/settle/ (§645a.11, §645a.13), numbers by hand."""

GAME = "pai_gow_poker"


def test_a_win_pays_one_to_one_less_the_rounded_vigorish(post):
    # $7 won: 5% is 35¢, rounded to the next multiple of 25¢ = 50¢ (§645a.13(a)); the house
    # way sets the dealer's K-Q-9-7-5-3-2 as K-7-5-3-2 / Q-9, below A-A-8 and K-Q
    response = post({
        "options": {"vigorish_rounding": "next_25c"},
        "dealer": ["Kc", "Qc", "9d", "7d", "5s", "3h", "2c"],
        "positions": [{"seat": 1, "high": ["As", "Ah", "8d", "4c", "3s"], "low": ["Kd", "Qh"],
                       "wagers": {"pai_gow": "7.00"}}],
    })
    assert response.status_code == 200
    assert response.json()["positions"][0]["lines"] == [{
        "wager": "pai_gow", "amount": "7.00", "result": "win",
        "odds": "1 to 1 less $0.50 vigorish (5%)", "net": "6.50",
        "rule": "§645a.11(f)(3), §645a.13(a)", "paid_from": "table_inventory",
    }]


def test_ez_queens_dragon_pushes_and_pays_the_queens_dragon_wager(post):
    response = post({
        "options": {"ez_pai_gow": True},
        "dealer": ["Qs", "Jh", "9d", "8c", "5s", "3h", "2d"],
        "positions": [{"seat": 4, "cards": ["As", "Ah", "Kd", "Kc", "7h", "6c", "4h"],
                       "wagers": {"pai_gow": "10.00", "queens_dragon": "5.00"}}],
    })
    assert response.status_code == 200
    lines = {x["wager"]: x for x in response.json()["positions"][0]["lines"]}
    assert (lines["pai_gow"]["result"], lines["pai_gow"]["net"]) == ("push", "0.00")
    assert (lines["queens_dragon"]["odds"], lines["queens_dragon"]["net"]) == ("50 to 1",
                                                                               "250.00")


def test_dynasty_bonus_and_its_envy_bonus(post):
    response = post({
        "options": {"ez_pai_gow": True},
        "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "positions": [
            {"seat": 1, "cards": ["As", "Ah", "Ad", "Ac", "Jk", "Th", "Jd"],
             "wagers": {"pai_gow": "5.00", "dynasty_bonus": "5.00"}},
            {"seat": 2, "cards": ["Ks", "Kh", "7d", "6h", "3s", "2h", "5d"],
             "wagers": {"pai_gow": "5.00", "dynasty_bonus": "5.00"}},
        ],
    })
    assert response.status_code == 200
    seats = response.json()["positions"]
    five_aces = next(x for x in seats[0]["lines"] if x["wager"] == "dynasty_bonus")
    assert (five_aces["odds"], five_aces["net"]) == ("500 to 1", "2500.00")
    envy = [x for x in seats[1]["lines"] if x["wager"] == "envy_bonus"]
    assert [(x["from_seat"], x["net"], x["rule"]) for x in envy] == [
        (1, "100.00", "§645a.11(h)(6)(ii), §645a.13(g)")]


def test_bad_requests_are_400_naming_each_field(post):
    response = post({
        "options": {"fortune_bonus": "99"},
        "dealer": ["Kc", "Qc", "9d", "7d", "5s", "3h", "Kc"],
        "positions": [{"seat": 1, "cards": "not cards",
                       "wagers": {"queens_dragon": "5.00", "fortune_bonus": "5.00"}}],
    })
    assert response.status_code == 400
    assert {"options.fortune_bonus", "dealer", "positions[0].cards",
            "positions[0].wagers.pai_gow", "positions[0].wagers.queens_dragon"} <= set(
        response.json()["errors"])


def test_a_misdeal_returns_every_wager(post):
    # §645a.9(e), §645a.10(e): three cards left instead of four
    response = post({"stub_count": 3, "positions": [
        {"seat": 1, "wagers": {"pai_gow": "10.00", "fortune_bonus": "5.00"}}]})
    assert response.status_code == 200
    assert [(x["result"], x["net"], x["rule"]) for x in response.json()["positions"][0]["lines"]
            ] == [("push", "0.00", "§645a.9(e), §645a.10(e)")] * 2


def test_a_bad_stub_count_and_a_low_reset_are_400_naming_the_rule(post):
    response = post({
        "stub_count": "four", "meters": {"progressive": "2500.00", "progressive_reset": "1000.00"},
        "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
        "positions": [{"seat": 1, "cards": ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc"],
                       "wagers": {"pai_gow": "5.00", "progressive": "1.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "§645a.9(d)" in errors["stub_count"][0]
    assert "§645a.13(e)(2)" in errors["meters.progressive_reset"][0]
