"""Three Card Poker through POST /api/v1/engine/settle/ (§649a.11, §649a.12), numbers worked
by hand."""

GAME = "three_card_poker"
OPTIONS = {"ante_bonus": "A", "pair_plus": "D", "five_card_progressive": "M"}


def test_a_straight_flush_wins_ante_play_ante_bonus_and_pair_plus(post):
    # Dealer Q-7-2 qualifies; the player's 5-6-7 of hearts beats it: Ante and Play 1 to 1 on
    # $10 ($10 each), Ante Bonus A straight flush 5 to 1 on the $10 Ante ($50), Pair Plus D
    # straight flush 40 to 1 on $5 ($200): $270 in all.
    response = post({
        "dealer": ["Qs", "7d", "2c"],
        "positions": [{"seat": 1, "cards": ["5h", "6h", "7h"],
                       "wagers": {"ante": "10.00", "play": "10.00", "pair_plus": "5.00"}}],
    })
    assert response.status_code == 200
    body = response.json()
    assert body["dealer"] == {"hand": "high card (Q-7-2)", "qualifies": True}
    seat = body["positions"][0]
    assert (seat["hand"], seat["net"]) == ("straight flush (7)", "270.00")
    assert seat["lines"] == [
        {"wager": "ante", "amount": "10.00", "result": "win", "odds": "1 to 1", "net": "10.00",
         "rule": "§649a.11(c)(3)(ii)(B), §649a.12(a)", "paid_from": "table_inventory"},
        {"wager": "play", "amount": "10.00", "result": "win", "odds": "1 to 1", "net": "10.00",
         "rule": "§649a.11(c)(3)(ii)(B), §649a.12(a)", "paid_from": "table_inventory"},
        {"wager": "ante_bonus", "amount": "10.00", "result": "win", "odds": "5 to 1",
         "net": "50.00", "rule": "§649a.12(b)", "paid_from": "table_inventory",
         "hand": "straight flush (7)"},
        {"wager": "pair_plus", "amount": "5.00", "result": "win", "odds": "40 to 1",
         "net": "200.00", "rule": "§649a.12(d)", "paid_from": "table_inventory",
         "hand": "straight flush (7)"},
    ]


def test_a_fold_forfeits_ante_and_pair_plus_but_keeps_the_five_card_envy(post):
    # Seat 2 folds (no Play): Ante -$10 and Pair Plus -$5 (§649a.11(b)(1)), its $5 Five-Card
    # Progressive lost (§649a.11(b)(2)), yet seat 1's royal flush (A-K-Q + T-J of spades)
    # earns it the $5 Envy: $5,000. Seat 1 takes 100% of the $30,000 meter on $1: $29,999 net.
    response = post({
        "dealer": ["3d", "4d", "5c"], "community": ["Ts", "Js"],
        "meters": {"five_card_progressive": "30000.00"},
        "positions": [
            {"seat": 1, "cards": ["As", "Ks", "Qs"],
             "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}},
            {"seat": 2, "cards": ["2h", "7c", "9h"],
             "wagers": {"ante": "10.00", "pair_plus": "5.00", "five_card_progressive": "5.00"}},
        ],
    })
    assert response.status_code == 200
    body = response.json()
    second = body["positions"][1]
    assert [(x["wager"], x["net"], x["rule"]) for x in second["lines"]] == [
        ("ante", "-10.00", "§649a.11(b)"),
        ("pair_plus", "-5.00", "§649a.11(b)(1)"),
        ("five_card_progressive", "-5.00", "§649a.11(b)(2)"),
        ("five_card_envy_bonus", "5000.00", "§649a.11(c)(7)(v), §649a.12(h)(5)"),
    ]
    assert second["lines"][-1]["from_seat"] == 1
    assert body["meter_awards"] == [{
        "seat": 1, "wager": "five_card_progressive", "meter": "five_card_progressive",
        "award": "30000.00", "rule": "§649a.12(h)(1)",
    }]
    royal = body["positions"][0]["lines"][-1]
    assert (royal["net"], royal["paid_from"]) == ("29999.00", "not_table_inventory")


def test_six_card_bonus_through_the_api(post):
    # Player 8-8-8 and dealer 8-Q-2: four eights, posted_1 100 to 1 on $5 = $500.
    response = post({
        "options": {**OPTIONS, "six_card_bonus": "posted_1"},
        "dealer": ["8c", "Qd", "2d"],
        "positions": [{"seat": 4, "cards": ["8s", "8h", "8d"],
                       "wagers": {"pair_plus": "1.00", "six_card_bonus": "5.00"}}],
    })
    assert response.status_code == 200
    line = response.json()["positions"][0]["lines"][-1]
    assert (line["wager"], line["net"], line["rule"]) == ("six_card_bonus", "500.00",
                                                          "§649a.12(f)")


def test_a_play_unequal_to_the_ante_and_a_duplicate_card_are_400s_naming_the_fields(post):
    response = post({
        "dealer": ["Qs", "7d", "2c"],
        "positions": [{"seat": 1, "cards": ["5h", "6h", "Qs"],
                       "wagers": {"ante": "10.00", "play": "15.00"}}],
    })
    assert response.status_code == 400
    assert response.json() == {"errors": {
        "positions[0].wagers.play": [
            "the Play Wager must equal the Ante Wager of $10.00 (§649a.7(d)(1))"],
        "positions[0].cards": ["'Qs' was already dealt to dealer"],
    }}


def test_an_unknown_paytable_and_a_variant_breach_are_400s(post):
    response = post({
        "options": {**OPTIONS, "pair_plus": "Z", "variant": "e1"},
        "dealer": ["Qs", "7d", "2c"],
        "positions": [{"seat": 1, "cards": ["5h", "6h", "7h"],
                       "wagers": {"ante": "5.00", "play": "5.00", "pair_plus": "10.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "'Z' is not a paytable of pair_plus" in errors["options.pair_plus"][0]
    assert errors["positions[0].wagers.pair_plus"] == [
        "a Pair Plus Wager needs an Ante Wager equal to or greater than it (§649a.7(e)(1))"]


def test_a_malformed_body_is_a_400_not_a_500(post):
    response = post({"dealer": "Qs", "positions": {"seat": 1}})
    assert response.status_code == 400
    assert set(response.json()["errors"]) >= {"dealer", "positions"}


def test_an_envy_less_progressive_amount_and_a_missing_compulsory_pair_plus_are_400s(post):
    # §649a.7(e)(3): this version requires an Ante and a Pair Plus Wager; the Five-Card Envy
    # table (modeled on §643a.12(e)(5)) lists $1 and $5 wagers only, so $2 is refused.
    response = post({
        "options": {**OPTIONS, "variant": "e3"},
        "dealer": ["3d", "4d", "5c"], "community": ["Ts", "Js"],
        "positions": [{"seat": 1, "cards": ["2h", "7c", "9h"],
                       "wagers": {"ante": "5.00", "play": "5.00",
                                  "five_card_progressive": "2.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors["positions[0].wagers.pair_plus"] == [
        "this version requires both an Ante and a Pair Plus Wager (§649a.7(e)(3))"]
    (envy,) = errors["positions[0].wagers.five_card_progressive"]
    assert envy.startswith("Five-Card Progressive Payout Wager: ")
    assert "$1.00, $5.00 only (§649a.11(c)(7)(v), §649a.12(h)(5))" in envy


def test_options_of_the_wrong_type_are_400s_naming_the_option(post):
    response = post({
        "options": {**OPTIONS, "variant": 3, "adjacent_boxes": "two", "ante_bonus": ["A"]},
        "dealer": ["Qs", "7d", "2c"],
        "positions": [{"seat": 1, "cards": ["5h", "6h", "7h"],
                       "wagers": {"ante": "5.00", "play": "5.00"}}],
    })
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"options.variant", "options.adjacent_boxes",
                                              "options.ante_bonus"}
