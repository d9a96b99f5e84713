"""Craps side wagers of §623b: the base game's come-out rolls and seven-out, Hot Roller (§623b.1)
and Bonus Craps with every paytable row and the regulation's worked examples, and what a
posting of rolls may hold; payouts worked out by hand ("X to 1" nets X units; "X for 1" nets
X-1 units). Lucky Shooter: test_craps_lucky_shooter.py."""

from decimal import Decimal

import pytest

from games import craps
from tests.games.craps_builders import EXAMPLE_I, SEVEN, errors, line, settle

# --- The base game: come-out rolls and the seven-out (Chapter 623a) -------------------------

def test_a_point_made_brings_a_new_come_out_roll_and_a_seven_then_ends_the_shooters_hand():
    come_outs, seven_out = craps.base_game([11, 2, 6, 8, 6, 7, 4, 7])
    assert come_outs == (True, True, True, False, False, True, True, False)
    assert seven_out == 7


def test_a_come_out_seven_is_not_a_seven_out():
    assert craps.base_game([7, 7, 11]) == ((True, True, True), None)


# --- Hot Roller, §623b.1 -----------------------------------------------------------------------

# Point 10, then every combination of 4, 5, 6, 8 and 9 but none of 10's 5-5, then the seven-out.
ANY_5 = [[4, 6], [1, 3], [2, 2], [1, 4], [2, 3], [1, 5], [2, 4], [3, 3], [2, 6], [3, 5],
         [4, 4], [3, 6], [4, 5], SEVEN]
# The same without the 4-5: the 9 is not complete.
ANY_4 = [r for r in ANY_5 if r != [4, 5]]
# Without the 2-6 too: the 8 is not complete either (4, 5 and 6 are).
ANY_3 = [r for r in ANY_4 if r != [2, 6]]
# Without the 3-3 too: the 6 is not complete either (4 and 5 are).
ANY_2 = [r for r in ANY_3 if r != [3, 3]]
# Point 4 on the 1-3, the 15 other combinations (the 2-2 last makes the point), a come-out 5,
# then the seven-out.
ALL_6 = [[1, 3], [1, 4], [2, 3], [1, 5], [2, 4], [3, 3], [2, 6], [3, 5], [4, 4], [3, 6], [4, 5],
         [4, 6], [5, 5], [2, 2], [2, 3], SEVEN]


@pytest.mark.parametrize(("rolls", "paytable", "hand", "odds", "net"), [
    (ALL_6, "A", "all_6_number_combinations", "200 to 1", "1000.00"),
    (ALL_6, "B", "all_6_number_combinations", "300 to 1", "1500.00"),
    (ANY_5, "A", "any_5_number_combinations", "50 to 1", "250.00"),
    (ANY_5, "B", "any_5_number_combinations", "50 to 1", "250.00"),
    (ANY_4, "A", "any_4_number_combinations", "20 to 1", "100.00"),
    (ANY_4, "B", "any_4_number_combinations", "20 to 1", "100.00"),
    (ANY_3, "A", "any_3_number_combinations", "10 to 1", "50.00"),
    (ANY_3, "B", "any_3_number_combinations", "10 to 1", "50.00"),
    (ANY_2, "A", "any_2_number_combinations", "5 to 1", "25.00"),
    (ANY_2, "B", "any_2_number_combinations", "5 to 1", "25.00"),
])
def test_hot_roller_pays_each_row_of_paytables_a_and_b_on_5_dollars(rolls, paytable, hand, odds,
                                                                      net):
    result = settle(rolls, {"hot_roller": "5.00"}, {"hot_roller": paytable})
    assert line(result, "hot_roller") == {
        "wager": "hot_roller", "amount": "5.00", "result": "win", "odds": odds, "net": net,
        "rule": "§623b.1(g), (h)", "paid_from": "table_inventory", "hand": hand,
    }
    assert result["dealer"]["complete"] is True


def test_hot_roller_example_as_the_layout_defines_it_pays_any_3_number_combinations():
    # §623b.1(g)'s example with the 9 made as the layout shows it, 3-6 and 4-5 ((a)(2)(iii)(E)):
    # 4, 5 and 9 complete, then a 7 after the point 8 -> Any 3, 10 to 1 on $5 = $50.
    rolls = [[1, 3], [2, 3], [4, 1], [3, 6], [4, 5], [2, 2], [2, 6], SEVEN]
    result = settle(rolls, {"hot_roller": "5.00"}, {"hot_roller": "B"})
    assert line(result, "hot_roller")["hand"] == "any_3_number_combinations"
    assert line(result, "hot_roller")["odds"] == "10 to 1"
    assert line(result, "hot_roller")["net"] == "50.00"


def test_hot_roller_example_as_written_completes_only_two_numbers_because_2_and_6_is_an_8():
    # The example's "2 and 6 and 4 and 5" for the 9: 2-6 is under the 8 ((a)(2)(iii)(D)), so the
    # 9 lacks its 3-6; only 4 and 5 are complete -> Any 2, 5 to 1 on $5 = $25.
    rolls = [[1, 3], [2, 3], [4, 1], [2, 6], [4, 5], [2, 2], [5, 5], SEVEN]
    result = settle(rolls, {"hot_roller": "5.00"}, {"hot_roller": "A"})
    assert line(result, "hot_roller")["hand"] == "any_2_number_combinations"
    assert line(result, "hot_roller")["net"] == "25.00"


def test_hot_roller_with_one_number_complete_loses():
    rolls = [[1, 3], [2, 2], [5, 5], SEVEN]
    assert line(settle(rolls, {"hot_roller": "5.00"}), "hot_roller") == {
        "wager": "hot_roller", "amount": "5.00", "result": "lose", "odds": "", "net": "-5.00",
        "rule": "§623b.1(g), (h)", "paid_from": "table_inventory",
        "hand": "fewer_than_2_number_combinations",
    }


def test_hot_roller_loses_on_a_come_out_seven_even_with_two_numbers_complete():
    # 4 and 5 are complete (each point made), then a come-out 7: lost (§623b.1(g)).
    rolls = [[1, 3], [2, 2], [2, 3], [1, 4], [3, 4], [4, 4], SEVEN]
    result = settle(rolls, {"hot_roller": "5.00"})
    assert line(result, "hot_roller")["result"] == "lose"
    assert line(result, "hot_roller")["hand"] == "seven_on_come_out_roll"
    assert line(result, "hot_roller")["rule"] == "§623b.1(g)"
    assert result["dealer"]["decided_at"]["hot_roller"] == [4]


def test_hot_roller_counts_a_combination_whichever_die_shows_which_number():
    assert craps.completed_numbers({(1, 3), (2, 2)}) == 1
    rolls = [[3, 1], [2, 2], [3, 2], [4, 1], [5, 5], SEVEN]
    assert line(settle(rolls, {"hot_roller": "5.00"}), "hot_roller")["hand"] == (
        "any_2_number_combinations"
    )


def test_hot_roller_is_pending_until_a_seven():
    result = settle(ALL_6[:-1], {"hot_roller": "5.00"})
    assert line(result, "hot_roller") == {
        "wager": "hot_roller", "amount": "5.00", "result": "pending", "odds": "", "net": "0.00",
        "rule": "§623b.1(g)", "paid_from": "table_inventory",
        "hand": "all_6_number_combinations",
    }
    assert result["dealer"]["complete"] is False
    assert result["notes"]


# --- Bonus Craps, §623b.3 ----------------------------------------------------------------------

# 2 and 3 on come-out rolls, point 4, then 5 and 6 (All Small complete on rolls[4]), 8, 9, 10,
# 11 and 12 (All Tall and Make 'em All complete on rolls[9]), then the seven-out.
BONUS = [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6], SEVEN]


@pytest.mark.parametrize(("paytable", "small", "tall", "all_"), [
    ("1", ("34 to 1", "34.00"), ("34 to 1", "34.00"), ("175 to 1", "175.00")),
    ("2", ("30 to 1", "30.00"), ("30 to 1", "30.00"), ("150 to 1", "150.00")),
])
def test_bonus_craps_pays_all_small_all_tall_and_make_em_all(paytable, small, tall, all_):
    wagers = {"all_small": "1.00", "all_tall": "1.00", "make_em_all": "1.00"}
    result = settle(BONUS, wagers, {"bonus_craps": paytable})
    got = {w: (line(result, w)["odds"], line(result, w)["net"]) for w in wagers}
    assert got == {"all_small": small, "all_tall": tall, "make_em_all": all_}
    assert line(result, "make_em_all")["rule"] == "§623b.3(c)"
    assert result["dealer"]["decided_at"] == {
        "all_small": [4], "all_tall": [9], "make_em_all": [9]
    }


def test_bonus_craps_wins_before_the_seven_out_and_the_others_lose_on_it():
    rolls = BONUS[:5] + [SEVEN]
    result = settle(rolls, {"all_small": "2.00", "all_tall": "2.00", "make_em_all": "2.00"})
    assert [line(result, w)["net"] for w in ("all_small", "all_tall", "make_em_all")] == [
        "68.00", "-2.00", "-2.00"
    ]
    assert line(result, "all_tall")["rule"] == "§623b.3(d); §623a.12"


def test_bonus_craps_loses_on_a_come_out_seven():
    result = settle([[3, 4], SEVEN], {"all_small": "1.00"})
    assert line(result, "all_small")["result"] == "lose"
    assert result["dealer"]["complete"] is False


def test_bonus_craps_pending_names_the_numbers_still_needed():
    result = settle(BONUS[:3], {"all_tall": "1.00"})
    assert (line(result, "all_tall")["result"], line(result, "all_tall")["hand"]) == (
        "pending", "missing_8_9_10_11_12"
    )


def test_the_renamed_all_or_nothing_at_all_wager_is_refused_with_its_new_name():
    found = errors({"game": "craps", "options": {"bonus_craps": "1"}, "rolls": [SEVEN],
                    "positions": [{"wagers": {"all_or_nothing_at_all": "1"}}]})
    assert any("§623b.3(b)" in m for m in found["positions[0].wagers.all_or_nothing_at_all"])


# --- One shooter, every wager, every seat ------------------------------------------------------

def test_every_seat_is_settled_on_the_same_rolls():
    result = settle(EXAMPLE_I + [SEVEN], {"hot_roller": "5.00", "lucky_shooter": "5.00"},
                    seats=3)
    assert [p["seat"] for p in result["positions"]] == [1, 2, 3]
    # Lucky Shooter 3 of 5 on A: +$20; Hot Roller: the 1-3, 4-5, 4-6, 2-4 complete nothing: -$5.
    assert {p["net"] for p in result["positions"]} == {"15.00"}
    assert {p["hand"] for p in result["positions"]} == {"seven_out"}


# --- Refused requests --------------------------------------------------------------------------

def test_a_die_of_7_is_refused_naming_the_die():
    found = errors({"game": "craps", "options": {"hot_roller": "A"}, "rolls": [[1, 3], [7, 1]],
                    "positions": [{"wagers": {"hot_roller": "5"}}]})
    assert list(found) == ["rolls[1][0]"]
    assert "1 to 6" in found["rolls[1][0]"][0]


def test_rolls_after_the_seven_out_are_refused():
    found = errors({"game": "craps", "options": {"hot_roller": "A"},
                    "rolls": [[2, 2], SEVEN, [3, 3]],
                    "positions": [{"wagers": {"hot_roller": "5"}}]})
    assert list(found) == ["rolls[2]"]
    assert "§623b.1(g)" in found["rolls[2]"][0]


@pytest.mark.parametrize("rolls", [None, "1,3", [], [[1, 3, 2]], [[1]], [{"a": 1}], [["1", 3]],
                                   [[True, 3]], [[1.0, 3]], [[0, 3]]])
def test_malformed_rolls_are_refused_never_crash(rolls):
    found = errors({"game": "craps", "options": {"hot_roller": "A"}, "rolls": rolls,
                    "positions": [{"wagers": {"hot_roller": "5"}}]})
    assert any(key.startswith("rolls") for key in found)


@pytest.mark.parametrize(("options", "field"), [
    ({}, "options.hot_roller"),
    ({"hot_roller": "C"}, "options.hot_roller"),
    ({"hot_roller": "A", "bonus_craps": "3"}, "options.bonus_craps"),
    ({"hot_roller": "A", "electronic_table": "yes"}, "options.electronic_table"),
    ("A", "options"),
])
def test_missing_or_unknown_paytables_are_refused(options, field):
    found = errors({"game": "craps", "options": options, "rolls": [SEVEN],
                    "positions": [{"wagers": {"hot_roller": "5"}}]})
    assert field in found


def test_seats_run_from_1_to_the_16_hot_roller_areas():
    found = errors({"game": "craps", "options": {"hot_roller": "A"}, "rolls": [SEVEN],
                    "positions": [{"seat": 17, "wagers": {"hot_roller": "5"}}]})
    assert "§623b.1(a)(2)(i)" in found["positions[0].seat"][0]
    assert craps.SPEC.positions == 16


def test_paytables_resolve_by_catalog_id_too():
    result = settle(EXAMPLE_I, {"lucky_shooter": "5.00"},
                    {"lucky_shooter": "craps.lucky_shooter.B"})
    assert line(result, "lucky_shooter")["net"] == "15.00"


# --- Payout limit floor ------------------------------------------------------------------------

def test_max_round_win_adds_every_wagers_top_row():
    # $5 minimum: Hot Roller B 300 to 1 = 1500; Lucky Shooter A 1000 for 1 nets 999 x 5 = 4995;
    # Bonus Craps 1: (34 + 34 + 175) x 5 = 1215. Total 7710, under the $50,000 floor.
    offered = {"hot_roller": "craps.hot_roller.B", "lucky_shooter": "craps.lucky_shooter.A",
               "all_small": "1", "all_tall": "1", "make_em_all": "1"}
    assert craps.SPEC.max_round_win(offered, {}, Decimal("5.00")) == Decimal("7710.00")
    assert craps.SPEC.payout_limit_floor(offered, {}, Decimal("5.00")) == Decimal("50000.00")
    assert craps.SPEC.payout_limit_floor(offered, {}, Decimal("100.00")) == Decimal("154200.00")


@pytest.mark.parametrize(("bonus_craps", "offered", "floor"), [
    ("2", ("all_small", "all_tall", "make_em_all"), "2100.00"),  # (30 + 30 + 150) x $10
    ("1", ("all_small", "all_tall", "make_em_all"), "2430.00"),  # (34 + 34 + 175) x $10
    ("2", ("all_small",), "300.00"),                             # 30 x $10
])
def test_max_round_win_reads_the_bonus_craps_paytable_from_options(bonus_craps, offered, floor):
    """§623b.3(c): the Rules Submission names one paytable for the three Bonus Craps wagers
    (options.bonus_craps); the wagers themselves carry no paytable, as a submission has them."""
    wagers = dict.fromkeys(offered, "")
    assert craps.SPEC.max_round_win(wagers, {"bonus_craps": bonus_craps},
                                    Decimal("10.00")) == Decimal(floor)
