"""Roulette side wagers through POST /api/v1/engine/settle/ (§617b), numbers worked by hand."""

import pytest

GAME = "roulette"


def test_b2b_repeat_pays_the_rng_drawn_250_to_1(post):
    # §617b.1(d)-(e): 00 then 00; the reader board drew 250 to 1; $4 wins $1,000.
    response = post({"previous_spin": "00", "spin": "00", "rng_payout": "250",
                          "positions": [{"seat": 2, "wagers": {"b2b": "4.00"}}]})
    assert response.status_code == 200
    assert response.json()["positions"][0]["lines"] == [{
        "wager": "b2b", "amount": "4.00", "result": "win", "odds": "250 to 1", "net": "1000.00",
        "rule": "§617b.1(d), (e)", "paid_from": "table_inventory",
        "hand": "repeat_of_previous_spin",
    }]


def test_blazing_7s_three_balls_in_one_colour_on_paytable_4(post):
    # §617b.2(j) paytable 4: 17 wins; balls on 2, 4, 6 (all black, none of 7-17-27): 11 to 1 on
    # $5 = $55. The B2B wager of the other seat loses (previous spin 8).
    response = post({
        "options": {"blazing_7s": "4"}, "previous_spin": 8, "spin": 17,
        "bonus_balls": [2, 4, 6],
        "positions": [{"seat": 1, "wagers": {"blazing_7s": "5.00"}},
                      {"seat": 5, "wagers": {"b2b": "5.00"}}],
    })
    assert response.status_code == 200
    first, second = response.json()["positions"]
    assert (first["lines"][0]["hand"], first["lines"][0]["odds"], first["net"]) == (
        "three_balls_in_one_color", "11 to 1", "55.00")
    assert second["net"] == "-5.00"


def test_blazing_7s_all_three_on_paytable_2(post):
    response = post({"options": {"blazing_7s": "2"}, "spin": "7",
                          "bonus_balls": ["27", "7", "17"],
                          "positions": [{"wagers": {"blazing_7s": "10.00"}}]})
    assert response.json()["positions"][0]["net"] == "2990.00"


def test_impossible_spin_and_rng_payout_are_a_400_naming_each_field(post):
    response = post({"previous_spin": "37", "spin": "37", "rng_payout": "7",
                          "positions": [{"wagers": {"b2b": "5.00"}}]})
    assert response.status_code == 400
    found = response.json()["errors"]
    assert set(found) == {"spin", "previous_spin"}
    assert "§617a.1(d)" in found["spin"][0]


def test_an_rng_payout_not_allowed_is_a_400(post):
    response = post({"previous_spin": "5", "spin": "5", "rng_payout": "7",
                          "positions": [{"wagers": {"b2b": "5.00"}}]})
    assert response.status_code == 400
    assert "§617b.1(e)" in response.json()["errors"]["rng_payout"][0]


@pytest.mark.parametrize("payload", [
    {"spin": "7", "positions": "seat 1"},
    {"spin": "7", "bonus_balls": {"a": 1}, "options": {"blazing_7s": "1"},
     "positions": [{"wagers": {"blazing_7s": "5"}}]},
    {"spin": "7", "options": ["blazing_7s"], "positions": [{"wagers": {"blazing_7s": "5"}}]},
])
def test_malformed_shapes_are_a_400_not_a_500(post, payload):
    assert post(payload).status_code == 400
