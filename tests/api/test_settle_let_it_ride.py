"""Let It Ride through POST /api/v1/engine/settle/ (§643a.11, §643a.12), numbers worked by
hand."""

GAME = "let_it_ride"


def test_a_royal_flush_under_the_payout_limit_with_progressive_envy_and_hand_bonus(post):
    response = post({
        "options": {"bet_3": "common_1000", "payout_limit": "50000.00"},
        "meters": {"five_card_progressive": "25000.00", "five_card_hand_bonus": "12000.00"},
        "community": ["Js", "Ts"], "magic_card": "Ts",
        "positions": [
            {"seat": 1, "cards": ["As", "Ks", "Qs"],
             "wagers": {"bet_2": "10.00", "bet_3": "10.00", "five_card_progressive": "1.00",
                        "five_card_hand_bonus": "1.00"}},
            {"seat": 2, "cards": ["2c", "2d", "3h"],
             "wagers": {"bet_3": "10.00", "five_card_progressive": "5.00"}},
        ],
    })
    assert response.status_code == 200
    body = response.json()
    royal = body["positions"][0]
    # Bets 2 and 3 at 1,000 to 1 on $10: $10,000 each (under the $50,000 limit); 100% of the
    # $25,000 progressive meter less the $1 stake; 100% of the $12,000 hand-bonus meter less
    # $1; the Magic Card Ts 20 for 1 on $1: $20. Total $57,018.
    assert [(x["wager"], x["net"]) for x in royal["lines"]] == [
        ("bet_2", "10000.00"), ("bet_3", "10000.00"), ("five_card_progressive", "24999.00"),
        ("five_card_hand_bonus", "11999.00"), ("magic_card", "20.00")]
    assert royal["net"] == "57018.00"
    other = body["positions"][1]
    # A pair of twos loses $10 and the $5 progressive; the royal flush next door is a $5,000
    # Five-Card Envy Bonus for a $5 wager (§643a.12(e)(5)).
    assert other["lines"][-1] == {
        "wager": "five_card_envy_bonus", "amount": "0.00", "result": "win",
        "odds": "$5,000.00", "net": "5000.00",
        "rule": "§643a.11(f)(3)(iv)(E), §643a.12(e)(5)", "paid_from": "table_inventory",
        "hand": "royal flush", "from_seat": 1}
    assert other["net"] == "4985.00"
    assert {(a["seat"], a["meter"], a["award"]) for a in body["meter_awards"]} == {
        (1, "five_card_progressive", "25000.00"), (1, "five_card_hand_bonus", "12000.00")}


def test_the_payout_limit_is_said_in_the_line(post):
    response = post({
        "options": {"bet_3": "posted_500", "payout_limit": "50000.00"},
        "community": ["Js", "Ts"],
        "positions": [{"seat": 1, "cards": ["As", "Ks", "Qs"],
                       "wagers": {"bet_1": "200.00", "bet_2": "200.00", "bet_3": "200.00"}}],
    })
    assert response.status_code == 200
    lines = response.json()["positions"][0]["lines"]
    # 500 to 1 on three $200 bets would be $300,000; the limit holds it to $50,000.
    assert [x["net"] for x in lines] == ["16666.68", "16666.66", "16666.66"]
    assert lines[0]["odds"] == "500 to 1, limited by the $50,000.00 payout limit"


def test_bad_requests_are_400s_naming_each_field(post):
    response = post({
        "options": {"bet_3": "no_such_table"},
        "community": ["Js", "Js"],
        "positions": [{"seat": 1, "cards": "As Ks",
                       "wagers": {"bet_1": "5.00", "bet_3": "10.00", "ante": "5.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) >= {"options.bet_3", "community", "positions[0].cards",
                           "positions[0].wagers.bet_1", "positions[0].wagers.ante"}


def test_a_malformed_body_is_a_400_not_a_500(post):
    response = post({"positions": "seat one", "community": 12, "meters": []})
    assert response.status_code == 400
    assert set(response.json()["errors"]) >= {"positions", "community"}
