"""Craps side wagers of §623b: every paytable row and the regulation's worked examples, with
payouts worked out by hand ("X to 1" nets X units; "X for 1" nets X-1 units)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games import craps
from games.errors import InvalidRound

SEVEN = [1, 6]


def settle(rolls, wagers, options=None, seats=1):
    """On a fully automated electronic table, where Lucky Shooter is offered (§623b.2(a))."""
    payload = {
        "game": "craps",
        "options": {"electronic_table": True,
                    **(options or {"hot_roller": "A", "lucky_shooter": "A", "bonus_craps": "1"})},
        "rolls": rolls,
        "positions": [{"seat": s + 1, "wagers": wagers} for s in range(seats)],
    }
    return games.settle(payload)


def lines(result, wager, seat=0):
    return [line for line in result["positions"][seat]["lines"] if line["wager"] == wager]


def line(result, wager):
    (only,) = lines(result, wager)
    return only


def errors(payload):
    with pytest.raises(InvalidRound) as raised:
        games.settle(payload)
    return raised.value.errors


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


# --- Lucky Shooter, §623b.2 --------------------------------------------------------------------

NINE, TEN, FOUR, SIX, EIGHT, FIVE = [4, 5], [4, 6], [1, 3], [2, 4], [2, 6], [1, 4]
# §623b.2(d)(3)(i): 9, then 10, 4, 6 and another 10 -> 3 of the other 5 points.
EXAMPLE_I = [NINE, TEN, FOUR, SIX, TEN]
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


# --- Properties --------------------------------------------------------------------------------

DIE = st.integers(1, 6)
ROLLS = st.lists(st.lists(DIE, min_size=2, max_size=2), min_size=1, max_size=60)
ALL_WAGERS = {"hot_roller": "5.00", "lucky_shooter": "5.00", "all_small": "1.00",
              "all_tall": "1.00", "make_em_all": "1.00"}


def _through_seven_out(rolls):
    _, seven_out = craps.base_game(sum(r) for r in rolls)
    return rolls if seven_out is None else rolls[: seven_out + 1]


@given(ROLLS, st.integers(0, 60))
def test_a_longer_posting_settles_already_decided_wagers_the_same_way(rolls, cut):
    rolls = _through_seven_out(rolls)
    full = settle(rolls, ALL_WAGERS)
    early = settle(rolls[: max(1, min(cut, len(rolls)))], ALL_WAGERS)
    for wager in ALL_WAGERS:
        later = lines(full, wager)
        for i, before in enumerate(lines(early, wager)):
            if before["result"] != "pending":
                assert before == later[i]


@given(ROLLS)
def test_the_seven_out_leaves_nothing_pending(rolls):
    rolls = _through_seven_out(rolls)
    result = settle(rolls, ALL_WAGERS)
    pending = [x for x in result["positions"][0]["lines"] if x["result"] == "pending"]
    if result["dealer"]["complete"]:
        assert not pending
    else:
        assert bool(pending) is bool(result["notes"])


@given(ROLLS)
def test_lucky_shooter_is_decided_within_six_rolls_of_its_point(rolls):
    totals = [sum(r) for r in rolls]
    decisions = craps.lucky_shooter(totals)
    final = decisions[-1]
    come_outs = [d.roll for d in decisions[:-1]]
    point = len(come_outs)
    assert all(d.hand == "first_roll_seven_or_eleven" for d in decisions[:-1])
    assert come_outs == list(range(point))
    if final.roll is not None and final.hand != "craps_on_come_out_roll":
        assert point < final.roll <= point + 6


# An independent reading of §623b with the paytables copied from the text (Hot Roller A,
# Lucky Shooter A, Bonus Craps 1), in units won per unit wagered; None: the wager loses.
HOT_ROLLER_A = {6: 200, 5: 50, 4: 20, 3: 10, 2: 5}
LUCKY_SHOOTER_A_NET = {"5+point": 999, 5: 149, 4: 14, 3: 4, "7/11": 0}
BONUS_CRAPS_1 = {"all_small": 34, "all_tall": 34, "make_em_all": 175}
LAYOUT = {4: [(1, 3), (2, 2)], 5: [(1, 4), (2, 3)], 6: [(1, 5), (2, 4), (3, 3)],
          8: [(2, 6), (3, 5), (4, 4)], 9: [(3, 6), (4, 5)], 10: [(4, 6), (5, 5)]}


def _reference_hot_roller(rolls):
    thrown, point = [], None
    for roll in rolls:
        if sum(roll) == 7:
            if point is None:
                return None
            return HOT_ROLLER_A.get(sum(all(w in thrown for w in ways) for ways in LAYOUT.values()))
        thrown.append(roll)
        if point is None:
            point = sum(roll) if sum(roll) in LAYOUT else None
        elif sum(roll) == point:
            point = None
    return None


def _reference_lucky_shooter(totals):
    units, i = 0, 0
    while totals[i] in (7, 11):
        units, i = units + LUCKY_SHOOTER_A_NET["7/11"], i + 1
    if totals[i] in (2, 3, 12):
        return units - 1
    point, got = totals[i], []
    for later in totals[i + 1:]:
        if len(got) == 5:
            return units + LUCKY_SHOOTER_A_NET["5+point" if later == point else 5]
        if later == point or later in got or later not in LAYOUT:
            break
        got.append(later)
    return units + LUCKY_SHOOTER_A_NET.get(len(got), -1)


def _reference_bonus_craps(totals, wager):
    needs = {"all_small": {2, 3, 4, 5, 6}, "all_tall": {8, 9, 10, 11, 12}}
    needs["make_em_all"] = needs["all_small"] | needs["all_tall"]
    for i, total in enumerate(totals):
        if total == 7:
            return None
        if needs[wager] <= set(totals[: i + 1]):
            return BONUS_CRAPS_1[wager]
    return None


@given(st.lists(st.lists(DIE, min_size=2, max_size=2), min_size=80, max_size=80))
def test_complete_hands_settle_as_an_independent_reading_of_the_rules(dice):
    rolls = _through_seven_out(dice)
    if craps.base_game(sum(r) for r in rolls)[1] is None:
        return
    result = settle(rolls, {w: "1.00" for w in ALL_WAGERS},
                    {"hot_roller": "A", "lucky_shooter": "A", "bonus_craps": "1"})
    pairs = [tuple(sorted(r)) for r in rolls]
    totals = [sum(r) for r in rolls]
    expected = {"hot_roller": _reference_hot_roller(pairs),
                **{w: _reference_bonus_craps(totals, w) for w in BONUS_CRAPS_1}}
    for wager, units in expected.items():
        assert Decimal(line(result, wager)["net"]) == (-1 if units is None else units)
    nets = sum(Decimal(x["net"]) for x in lines(result, "lucky_shooter"))
    assert nets == _reference_lucky_shooter(totals)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1, 13) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["seat", "wagers", "hot_roller", "lucky_shooter", "all_small"]), inner,
        max_size=3),
    max_leaves=10,
)


@given(st.sampled_from(["options", "positions", "rolls"]), JSON)
def test_any_request_shape_is_settled_or_refused_field_by_field(field, value):
    payload = {"game": "craps",
               "options": {"hot_roller": "A", "lucky_shooter": "A", "electronic_table": True},
               "rolls": [[1, 3], SEVEN], "positions": [{"wagers": {"hot_roller": "5"}}],
               field: value}
    try:
        games.settle(payload)
    except InvalidRound as refused:
        assert refused.errors
