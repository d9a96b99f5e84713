"""Craps side wagers through POST /api/v1/engine/settle/ (§623b), numbers worked by hand."""

import pytest

GAME = "craps"
SEVEN = [1, 6]


def test_hot_roller_example_with_the_layouts_9_pays_any_3_through_the_api(post):
    # §623b.1(g): 4 (1-3, 2-2), 5 (2-3, 4-1), 9 (3-6, 4-5) complete, then the seven-out after
    # the point 8: Any 3 on paytable A, 10 to 1 on $5 = $50.
    response = post({
        "options": {"hot_roller": "A"},
        "rolls": [[1, 3], [2, 3], [4, 1], [3, 6], [4, 5], [2, 2], [2, 6], SEVEN],
        "positions": [{"seat": 3, "wagers": {"hot_roller": "5.00"}}],
    })
    assert response.status_code == 200
    seat = response.json()["positions"][0]
    assert seat["seat"] == 3
    assert seat["lines"] == [{
        "wager": "hot_roller", "amount": "5.00", "result": "win", "odds": "10 to 1",
        "net": "50.00", "rule": "§623b.1(g), (h)", "paid_from": "table_inventory",
        "hand": "any_3_number_combinations",
    }]


def test_lucky_shooter_example_ii_and_bonus_craps_on_one_shooter(post):
    # Lucky Shooter D, §623b.2(d)(3)(ii): 9, then 10, 4, 6, 8, 5 and 9 -> 500 for 1 on $2 nets
    # $998. The 9 makes the point, so the 7 after it is a come-out 7: All Small (paytable 2),
    # lacking the 2 and 3, loses on it (-$1). A point 6 and the seven-out end the hand.
    response = post({
        "options": {"lucky_shooter": "D", "bonus_craps": "2", "electronic_table": True},
        "rolls": [[4, 5], [4, 6], [1, 3], [2, 4], [2, 6], [1, 4], [3, 6], SEVEN, [3, 3], SEVEN],
        "positions": [{"seat": 1, "wagers": {"lucky_shooter": "2.00", "all_small": "1.00"}}],
    })
    assert response.status_code == 200
    body = response.json()
    nets = {x["wager"]: (x["odds"], x["net"]) for x in body["positions"][0]["lines"]}
    assert nets == {"lucky_shooter": ("500 for 1", "998.00"), "all_small": ("", "-1.00")}
    assert body["dealer"]["come_out"][7] is True
    assert body["dealer"]["seven_out"] == 9


def test_bonus_craps_make_em_all_on_paytable_1(post):
    # Every total but 7, then the seven-out: 175 to 1 on $1.
    rolls = [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6], SEVEN]
    response = post({"options": {"bonus_craps": "1"}, "rolls": rolls,
                          "positions": [{"wagers": {"make_em_all": "1.00"}}]})
    assert response.json()["positions"][0]["net"] == "175.00"


def test_a_shooter_still_rolling_leaves_undecided_wagers_pending(post):
    response = post({"options": {"hot_roller": "B"}, "rolls": [[1, 3], [2, 2]],
                          "positions": [{"wagers": {"hot_roller": "5.00"}}]})
    line = response.json()["positions"][0]["lines"][0]
    assert (line["result"], line["net"]) == ("pending", "0.00")


def test_impossible_rolls_are_a_400_naming_each_field_and_rule(post):
    response = post({
        "options": {"hot_roller": "A"},
        "rolls": [[1, 3], [7, 2]],
        "positions": [{"wagers": {"hot_roller": "5.00", "all_or_nothing_at_all": "1.00"}}],
    })
    assert response.status_code == 400
    found = response.json()["errors"]
    assert "1 to 6" in found["rolls[1][0]"][0]
    assert any("§623b.3(b)" in m for m in found["positions[0].wagers.all_or_nothing_at_all"])


def test_lucky_shooter_off_an_electronic_table_is_a_400_naming_the_wager_and_rule(post):
    """§623b.2(a): Lucky Shooter only on a fully automated electronic gaming table."""
    response = post({"options": {"lucky_shooter": "A"}, "rolls": [[4, 5], SEVEN],
                     "positions": [{"wagers": {"lucky_shooter": "5.00"}}]})
    assert response.status_code == 400
    (message,) = response.json()["errors"]["positions[0].wagers.lucky_shooter"]
    assert "§623b.2(a)" in message


def test_rolls_after_the_seven_out_are_a_400(post):
    response = post({"options": {"hot_roller": "A"}, "rolls": [[2, 2], SEVEN, [3, 3]],
                          "positions": [{"wagers": {"hot_roller": "5.00"}}]})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["rolls[2]"]


@pytest.mark.parametrize("rolls", ["7", {"0": [1, 2]}, [[1, None]], [None]])
def test_malformed_rolls_are_a_400_not_a_500(post, rolls):
    response = post({"options": {"hot_roller": "A"}, "rolls": rolls,
                          "positions": [{"wagers": {"hot_roller": "5.00"}}]})
    assert response.status_code == 400


def test_an_absurdly_large_wager_is_a_400_not_a_500(post):
    response = post({"rolls": [[3, 4]], "positions": [{"seat": 1, "wagers": {"hot_roller": "1" * 40}}]})
    assert response.status_code == 400
    assert "too large" in response.json()["errors"]["positions[0].wagers.hot_roller"][0]
