"""Lucky Shooter (§623b.2): the regulation's three worked examples, every paytable row, the
come-out 7 or 11 paid 1 for 1 while the wager stays working, and only on a fully automated
electronic table (§623b.2(a)); payouts worked out by hand ("X to 1" nets X units; "X for 1"
nets X-1 units)."""

import pytest

from tests.games.craps_builders import (
    EIGHT,
    EXAMPLE_I,
    FIVE,
    FOUR,
    NINE,
    SEVEN,
    SIX,
    TEN,
    errors,
    line,
    lines,
    settle,
)

# --- Lucky Shooter, §623b.2 --------------------------------------------------------------------


# (ii): 9, then 10, 4, 6, 8, 5, then another 9 on the sixth roll -> 5 of 5 and the point.
EXAMPLE_II = [NINE, TEN, FOUR, SIX, EIGHT, FIVE, NINE]
# (iii): 6, then 9, then another 6 -> lost.
EXAMPLE_III = [SIX, NINE, SIX]


@pytest.mark.parametrize(("paytable", "odds", "net"), [
    ("A", "5 for 1", "20.00"), ("B", "4 for 1", "15.00"),
    ("C", "5 for 1", "20.00"), ("D", "5 for 1", "20.00"),
])
def test_lucky_shooter_example_i_pays_3_of_5_other_points(paytable, odds, net):
    result = settle(EXAMPLE_I, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable})
    assert line(result, "lucky_shooter") == {
        "wager": "lucky_shooter", "amount": "5.00", "result": "win", "odds": odds, "net": net,
        "rule": "§623b.2(d)(3), (e)", "paid_from": "table_inventory", "hand": "three_of_five",
    }
    assert result["dealer"]["decided_at"]["lucky_shooter"] == [4]


@pytest.mark.parametrize(("paytable", "odds", "net"), [
    ("A", "1000 for 1", "4995.00"), ("B", "500 for 1", "2495.00"),
    ("C", "1000 for 1", "4995.00"), ("D", "500 for 1", "2495.00"),
])
def test_lucky_shooter_example_ii_pays_5_of_5_and_the_established_point(paytable, odds, net):
    result = settle(EXAMPLE_II, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable})
    got = line(result, "lucky_shooter")
    assert (got["hand"], got["odds"], got["net"]) == (
        "five_of_five_and_established_point", odds, net
    )


def test_lucky_shooter_example_iii_loses():
    got = line(settle(EXAMPLE_III, {"lucky_shooter": "5.00"}), "lucky_shooter")
    assert (got["result"], got["net"], got["hand"]) == ("lose", "-5.00", "one_of_five")


@pytest.mark.parametrize(("paytable", "odds", "net"), [
    ("A", "150 for 1", "745.00"), ("B", "100 for 1", "495.00"),
    ("C", "150 for 1", "745.00"), ("D", "100 for 1", "495.00"),
])
def test_lucky_shooter_5_of_5_then_a_roll_other_than_the_point(paytable, odds, net):
    rolls = [NINE, TEN, FOUR, SIX, EIGHT, FIVE, SEVEN]
    got = line(settle(rolls, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable}),
               "lucky_shooter")
    assert (got["hand"], got["odds"], got["net"]) == ("five_of_five", odds, net)


@pytest.mark.parametrize(("paytable", "odds", "net"), [
    ("A", "15 for 1", "70.00"), ("B", "10 for 1", "45.00"),
    ("C", "20 for 1", "95.00"), ("D", "10 for 1", "45.00"),
])
def test_lucky_shooter_4_of_5_then_the_seven_out(paytable, odds, net):
    rolls = [NINE, TEN, FOUR, SIX, EIGHT, SEVEN]
    got = line(settle(rolls, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable}),
               "lucky_shooter")
    assert (got["hand"], got["odds"], got["net"]) == ("four_of_five", odds, net)


@pytest.mark.parametrize(("paytable", "result", "odds", "net"), [
    ("A", "lose", "", "-5.00"), ("B", "win", "2 for 1", "5.00"),
    ("C", "lose", "", "-5.00"), ("D", "win", "2 for 1", "5.00"),
])
def test_lucky_shooter_2_of_5_pays_only_where_the_paytable_has_the_row(paytable, result, odds,
                                                                        net):
    # 9, then 10, 4, then the point 9 made: two other points; "N/A" on paytables A and C.
    rolls = [NINE, TEN, FOUR, NINE, SEVEN]
    got = line(settle(rolls, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable}),
               "lucky_shooter")
    assert (got["hand"], got["result"], got["odds"], got["net"]) == (
        "two_of_five", result, odds, net
    )


@pytest.mark.parametrize(("paytable", "net"), [
    ("A", "20.00"), ("B", "15.00"), ("C", "20.00"), ("D", "20.00"),
])
def test_lucky_shooter_come_out_7_or_11_pays_1_for_1_and_stays_working(paytable, net):
    # 11 and 7 each paid 1 for 1 (the $5 stake, net 0), then point 4, 5-6-8 and the seven-out:
    # 3 of 5 at 5 for 1 (4 for 1 on B) = $25 ($20), net $20 ($15).
    rolls = [[5, 6], [3, 4], FOUR, [2, 3], [3, 3], [4, 4], SEVEN]
    result = settle(rolls, {"lucky_shooter": "5.00"}, {"lucky_shooter": paytable})
    got = lines(result, "lucky_shooter")
    assert [(g["hand"], g["result"], g["odds"], g["net"], g["rule"]) for g in got[:2]] == [
        ("first_roll_seven_or_eleven", "win", "1 for 1", "0.00", "§623b.2(d)(2), (e)")] * 2
    assert (got[2]["hand"], got[2]["net"]) == ("three_of_five", net)
    assert result["positions"][0]["net"] == net
    assert result["dealer"]["decided_at"]["lucky_shooter"] == [0, 1, 6]


@pytest.mark.parametrize("craps_roll", [[1, 1], [1, 2], [6, 6]])
def test_lucky_shooter_loses_on_a_come_out_2_3_or_12(craps_roll):
    got = line(settle([craps_roll, SEVEN], {"lucky_shooter": "5.00"}), "lucky_shooter")
    assert (got["result"], got["net"], got["rule"]) == ("lose", "-5.00", "§623b.2(d)(1)")


def test_lucky_shooter_is_pending_after_5_of_5_until_the_sixth_roll():
    got = line(settle(EXAMPLE_II[:-1], {"lucky_shooter": "5.00"}), "lucky_shooter")
    assert (got["result"], got["hand"]) == ("pending", "five_of_five")


@pytest.mark.parametrize("table", [{"electronic_table": False}, {}])
def test_lucky_shooter_is_refused_unless_the_table_is_fully_automated_electronic(table):
    """§623b.2(a): Lucky Shooter only "if the certificate holder offers Craps on a fully
    automated electronic gaming table"; a table not said to be one is not one."""
    found = errors({"game": "craps", "options": {"lucky_shooter": "A", **table},
                    "rolls": [SEVEN], "positions": [{"wagers": {"lucky_shooter": "5"}}]})
    assert list(found) == ["positions[0].wagers.lucky_shooter"]
    assert "§623b.2(a)" in found["positions[0].wagers.lucky_shooter"][0]
    assert "options.electronic_table" in found["positions[0].wagers.lucky_shooter"][0]
