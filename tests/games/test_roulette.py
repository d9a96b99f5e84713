"""Roulette side wagers of §617b: B2B at each of the seven RNG payouts and every row of the four
Blazing 7's paytables, with payouts worked out by hand ("X to 1" nets X units)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games import roulette
from games.errors import InvalidRound
from games.paytables import catalog


def settle(wagers, seats=1, **table):
    payload = {"game": "roulette", "options": table.pop("options", {"blazing_7s": "1"}),
               "positions": [{"seat": s + 1, "wagers": wagers} for s in range(seats)], **table}
    return games.settle(payload)


def line(result, wager, seat=0):
    (only,) = [x for x in result["positions"][seat]["lines"] if x["wager"] == wager]
    return only


def errors(**payload):
    with pytest.raises(InvalidRound) as raised:
        games.settle({"game": "roulette", **payload})
    return raised.value.errors


# --- B2B Roulette, §617b.1 ---------------------------------------------------------------------

@pytest.mark.parametrize(("rng", "odds", "net"), [
    ("1000", "1000 to 1", "5000.00"), ("500", "500 to 1", "2500.00"),
    ("250", "250 to 1", "1250.00"), ("100", "100 to 1", "500.00"),
    ("50", "50 to 1", "250.00"), ("25", "25 to 1", "125.00"), ("10", "10 to 1", "50.00"),
])
def test_b2b_wins_on_a_repeat_at_the_rng_drawn_payout(rng, odds, net):
    result = settle({"b2b": "5.00"}, previous_spin="17", spin="17", rng_payout=rng)
    assert line(result, "b2b") == {
        "wager": "b2b", "amount": "5.00", "result": "win", "odds": odds, "net": net,
        "rule": "§617b.1(d), (e)", "paid_from": "table_inventory",
        "hand": "repeat_of_previous_spin",
    }
    assert result["dealer"]["rng_payout"] == odds


def test_b2b_loses_on_any_other_number():
    result = settle({"b2b": "5.00"}, previous_spin="17", spin="18")
    assert line(result, "b2b") == {
        "wager": "b2b", "amount": "5.00", "result": "lose", "odds": "", "net": "-5.00",
        "rule": "§617b.1(d)", "paid_from": "table_inventory",
    }


def test_b2b_wins_on_a_single_zero_wheel_too():
    """§617b.1(a): B2B on a double or a single zero wheel; 0 then 0, 50 to 1 on $3 = $150."""
    result = settle({"b2b": "3.00"}, options={"wheel": "single_zero"}, previous_spin="0",
                    spin="0", rng_payout="50")
    assert (line(result, "b2b")["odds"], line(result, "b2b")["net"]) == ("50 to 1", "150.00")
    assert result["dealer"]["wheel"] == "single_zero"


def test_b2b_tells_0_from_00():
    assert line(settle({"b2b": "5.00"}, previous_spin="00", spin="0"), "b2b")["result"] == "lose"
    result = settle({"b2b": "5.00"}, previous_spin="00", spin="00", rng_payout="25 to 1")
    assert line(result, "b2b")["net"] == "125.00"


def test_b2b_pays_one_draw_to_every_winning_seat_and_rounds_down_to_the_cent():
    # 10 to 1 on $2.55 = $25.50 at every seat.
    result = settle({"b2b": "2.55"}, seats=3, previous_spin=0, spin=0, rng_payout=10)
    assert [line(result, "b2b", s)["net"] for s in range(3)] == ["25.50"] * 3


@pytest.mark.parametrize("rng", ["7", "2000", "1,000", "10 for 1", 7, 10.0, None, ["10"]])
def test_an_rng_payout_not_among_the_seven_is_refused(rng):
    found = errors(previous_spin="5", spin="5", rng_payout=rng,
                   positions=[{"wagers": {"b2b": "5"}}])
    assert list(found) == ["rng_payout"]
    assert "§617b.1(e)" in found["rng_payout"][0]


def test_an_rng_payout_without_a_winning_b2b_is_refused():
    found = errors(previous_spin="5", spin="6", rng_payout="10",
                   positions=[{"wagers": {"b2b": "5"}}])
    assert "§617b.1(e)" in found["rng_payout"][0]


def test_b2b_needs_the_previous_spin():
    found = errors(spin="5", positions=[{"wagers": {"b2b": "5"}}])
    assert "§617b.1(d)" in found["previous_spin"][0]


# --- Blazing 7's, §617b.2 ----------------------------------------------------------------------

# Bonus balls: all three of 7-17-27; two of them (3 red); one (27) with two blacks; three reds
# with none of 7-17-27; three blacks; and mixed colours with none.
ALL_THREE, TWO, ONE = ["7", "17", "27"], ["7", "17", "3"], ["27", "2", "4"]
RED3, BLACK3, OTHER = ["1", "3", "5"], ["2", "4", "6"], ["1", "2", "3"]


@pytest.mark.parametrize(("paytable", "balls", "hand", "odds", "net"), [
    ("1", ALL_THREE, "all_three", "1000 to 1", "5000.00"),
    ("1", TWO, "two_of_three", "100 to 1", "500.00"),
    ("1", ONE, "one_of_three", "17 to 1", "85.00"),
    ("1", OTHER, "other", "7 to 1", "35.00"),
    ("1", RED3, "other", "7 to 1", "35.00"),
    ("2", ALL_THREE, "all_three", "299 to 1", "1495.00"),
    ("2", TWO, "two_of_three", "100 to 1", "500.00"),
    ("2", ONE, "one_of_three", "17 to 1", "85.00"),
    ("2", OTHER, "other", "7 to 1", "35.00"),
    ("2", BLACK3, "other", "7 to 1", "35.00"),
    ("3", ALL_THREE, "all_three", "1000 to 1", "5000.00"),
    ("3", TWO, "two_of_three", "100 to 1", "500.00"),
    ("3", ONE, "one_of_three", "17 to 1", "85.00"),
    ("3", RED3, "three_balls_in_one_color", "11 to 1", "55.00"),
    ("3", BLACK3, "three_balls_in_one_color", "11 to 1", "55.00"),
    ("3", OTHER, "other", "6 to 1", "30.00"),
    ("4", ALL_THREE, "all_three", "299 to 1", "1495.00"),
    ("4", TWO, "two_of_three", "100 to 1", "500.00"),
    ("4", ONE, "one_of_three", "17 to 1", "85.00"),
    ("4", RED3, "three_balls_in_one_color", "11 to 1", "55.00"),
    ("4", BLACK3, "three_balls_in_one_color", "11 to 1", "55.00"),
    ("4", OTHER, "other", "6 to 1", "30.00"),
])
def test_blazing_7s_pays_each_row_of_paytables_1_to_4_on_5_dollars(paytable, balls, hand, odds,
                                                                    net):
    result = settle({"blazing_7s": "5.00"}, options={"blazing_7s": paytable}, spin="27",
                    bonus_balls=balls)
    assert line(result, "blazing_7s") == {
        "wager": "blazing_7s", "amount": "5.00", "result": "win", "odds": odds, "net": net,
        "rule": "§617b.2(e), (j)", "paid_from": "table_inventory", "hand": hand,
    }


@pytest.mark.parametrize(("balls", "hand", "net"), [
    (["7", "27", "1"], "two_of_three", "500.00"),   # all red, but two of 7-17-27 pays more
    (["7", "1", "3"], "one_of_three", "85.00"),     # all red, but one of 7-17-27 pays more
    (["0", "00", "1"], "other", "30.00"),           # green is a colour too: not three in one
])
def test_blazing_7s_pays_the_best_outcome_the_balls_make(balls, hand, net):
    result = settle({"blazing_7s": "5.00"}, options={"blazing_7s": "3"}, spin="7",
                    bonus_balls=balls)
    assert (line(result, "blazing_7s")["hand"], line(result, "blazing_7s")["net"]) == (hand, net)


@pytest.mark.parametrize("spin", ["7", "17", "27", 7, 17, 27])
def test_blazing_7s_wins_on_7_17_or_27(spin):
    result = settle({"blazing_7s": "5.00"}, spin=spin, bonus_balls=OTHER)
    assert line(result, "blazing_7s")["result"] == "win"


@pytest.mark.parametrize("spin", ["0", "00", "8", "3", "36"])
def test_blazing_7s_loses_on_any_other_number(spin):
    result = settle({"blazing_7s": "5.00"}, spin=spin)
    assert line(result, "blazing_7s") == {
        "wager": "blazing_7s", "amount": "5.00", "result": "lose", "odds": "", "net": "-5.00",
        "rule": "§617b.2(a), (e)", "paid_from": "table_inventory",
    }


@pytest.mark.parametrize(("balls", "field"), [
    (None, "bonus_balls"), (["7", "17"], "bonus_balls"), ("7,17,27", "bonus_balls"),
    (["7", "7", "27"], "bonus_balls"), (["7", "17", "40"], "bonus_balls[2]"),
    (["7", "17", None], "bonus_balls[2]"),
])
def test_impossible_bonus_balls_are_refused(balls, field):
    found = errors(options={"blazing_7s": "1"}, spin="7", bonus_balls=balls,
                   positions=[{"wagers": {"blazing_7s": "5"}}])
    assert list(found) == [field]


def test_bonus_balls_without_a_bonus_round_are_refused():
    found = errors(options={"blazing_7s": "1"}, spin="8", bonus_balls=ALL_THREE,
                   positions=[{"wagers": {"blazing_7s": "5"}}])
    assert "§617b.2(e)" in found["bonus_balls"][0]


def test_every_blazing_7s_paytable_has_an_other_row_so_a_win_is_always_paid():
    for paytable in catalog().for_wager("roulette", "blazing_7s"):
        assert paytable.row("other") is not None


# --- The wheel, the table, refused requests ----------------------------------------------------

@pytest.mark.parametrize("spin", [37, "37", -1, "000", "7.0", True, 7.0, None, [7]])
def test_a_spin_that_is_no_compartment_is_refused(spin):
    found = errors(options={"blazing_7s": "1"}, spin=spin,
                   positions=[{"wagers": {"blazing_7s": "5"}}])
    assert list(found) == ["spin"]


def test_00_is_refused_on_a_single_zero_wheel():
    found = errors(options={"wheel": "single_zero"}, previous_spin="00", spin="0",
                   positions=[{"wagers": {"b2b": "5"}}])
    assert "single zero" in found["previous_spin"][0]


def test_the_blazing_7s_paytable_is_required_and_must_be_in_the_catalog():
    assert "options.blazing_7s" in errors(spin="8", positions=[{"wagers": {"blazing_7s": "5"}}])
    found = errors(options={"blazing_7s": "5"}, spin="8",
                   positions=[{"wagers": {"blazing_7s": "5"}}])
    assert "options.blazing_7s" in found


def test_unknown_wagers_and_seats_past_8_are_refused():
    found = errors(spin="8", positions=[{"seat": 9, "wagers": {"straight_up": "5"}}])
    assert set(found) == {"positions[0].seat", "positions[0].wagers.straight_up"}


def test_both_wagers_win_on_a_repeated_blazing_number():
    # B2B 1000 to 1 on $1 = $1000; Blazing 7's paytable 1, two of three, 100 to 1 on $1 = $100.
    result = settle({"b2b": "1.00", "blazing_7s": "1.00"}, previous_spin="7", spin="7",
                    rng_payout="1000", bonus_balls=TWO)
    assert result["positions"][0]["net"] == "1100.00"
    assert result["positions"][0]["hand"] == "7"


# --- Payout limit floor ------------------------------------------------------------------------

def test_max_round_win_adds_b2b_at_1000_to_1_and_the_blazing_7s_top_row():
    # $5: B2B 1000 x 5 = 5000; paytable 2's 299 x 5 = 1495. Total 6495.
    offered = {"b2b": "", "blazing_7s": "roulette.blazing_7s.2"}
    assert roulette.SPEC.max_round_win(offered, {}, Decimal("5.00")) == Decimal("6495.00")
    # $100 on paytable 1: 100,000 + 100,000, above the $50,000 floor.
    offered = {"b2b": "", "blazing_7s": "1"}
    assert roulette.SPEC.payout_limit_floor(offered, {}, Decimal("100.00")) == Decimal(
        "200000.00"
    )


# --- Properties --------------------------------------------------------------------------------

COMPARTMENTS = st.sampled_from(roulette.WHEELS["double_zero"])


@given(COMPARTMENTS, COMPARTMENTS)
def test_b2b_wins_exactly_on_a_repeat(previous, spin):
    won = previous == spin
    result = settle({"b2b": "1.00"}, previous_spin=previous, spin=spin,
                    rng_payout="10" if won else None)
    assert line(result, "b2b")["net"] == ("10.00" if won else "-1.00")


@given(st.lists(COMPARTMENTS, min_size=3, max_size=3, unique=True), st.sampled_from("1234"))
def test_a_blazing_7s_win_pays_at_least_the_other_row(balls, paytable):
    table = catalog().resolve("roulette", "blazing_7s", paytable)
    row = roulette.bonus_round_row(table, tuple(balls))
    assert row.value >= table.row("other").value
    hits = len(set(balls) & {"7", "17", "27"})
    assert (row.hand in ("all_three", "two_of_three", "one_of_three")) is (hits > 0)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1, 40) | st.floats() | st.text(max_size=4)
    | st.sampled_from(["7", "00", "500"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["seat", "wagers", "b2b", "blazing_7s", "wheel"]), inner, max_size=3),
    max_leaves=10,
)


@given(st.sampled_from(["options", "positions", "spin", "previous_spin", "rng_payout",
                        "bonus_balls"]), JSON)
def test_any_request_shape_is_settled_or_refused_field_by_field(field, value):
    payload = {"game": "roulette", "options": {"blazing_7s": "1"}, "previous_spin": "7",
               "spin": "7", "rng_payout": "10", "bonus_balls": ["1", "2", "3"],
               "positions": [{"wagers": {"b2b": "5", "blazing_7s": "5"}}], field: value}
    try:
        games.settle(payload)
    except InvalidRound as refused:
        assert refused.errors
