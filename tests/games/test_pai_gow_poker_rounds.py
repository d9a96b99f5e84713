"""What a Pai Gow Poker round may hold: each bad field named (never a TypeError), no card dealt
twice, seven cards set five high and two low (§645a.9(c)), six positions (§645a.2(a)), two
adjacent boxes for one player only with the option (§645a.7(f)), a whole-number stub count
(§645a.9(d)), surrender and colour checked, and a payout limit of at least $50,000 with the
round's largest win as its floor (§645a.13(j))."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.errors import InvalidRound
from games.pai_gow_poker import SPEC
from tests.games.pai_gow_poker_builders import EZ, WEAK_DEALER, D, errors

# Bad requests become InvalidRound, never a TypeError ----------------------------------------


def test_bad_requests_name_each_field():
    errs = errors({"game": "pai_gow_poker", "dealer": "As Ks", "options": {"fortune_bonus": "9"},
                   "positions": [{"seat": 1, "cards": ["As", "Kd", "Qh", "Jc", "9s", "3h", "2d"],
                                  "wagers": {"fortune_bonus": "5.00", "bogus": "1.00"}}]})
    assert {"dealer", "options.fortune_bonus", "positions[0].wagers.pai_gow",
            "positions[0].wagers.bogus"} <= set(errs)


def test_a_card_dealt_twice_is_refused():
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["Kc", "Ah", "8d", "4c", "3s", "Kd", "Qh"], "wagers": {"pai_gow": "5.00"}}]})
    assert "positions[0]" in errs


def test_high_and_low_must_hold_seven_cards():
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "high": ["As", "Ah", "8d", "4c", "3s"], "low": ["Kd"],
         "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.9(c)" in errs["positions[0]"][0]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4)
    | st.sampled_from(["As", "Jk", "5.00", "red", "common", "2"]),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(
        st.sampled_from(["seat", "cards", "high", "low", "wagers", "pai_gow", "surrender",
                         "fortune_bonus", "red_black_color", "player"]), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300)
@given(st.fixed_dictionaries({"game": st.just("pai_gow_poker")}, optional={
    "options": JSONISH, "meters": JSONISH, "dealer": JSONISH, "dealer_high": JSONISH,
    "dealer_low": JSONISH, "positions": JSONISH, "stub_count": JSONISH}))
def test_malformed_requests_are_refused_by_field(payload):
    try:
        games.settle(payload)
    except InvalidRound as e:
        assert e.errors


def test_max_round_win_for_the_payout_limit_floor():
    # $5 on the Pai Gow Poker Wager (1 to 1), Fortune Bonus table 2 at 8,000 to 1 ($40,000), and
    # the best Envy ($5,000) from each of the five other positions: $65,005
    offered = {"pai_gow": "", "fortune_bonus": "2"}
    assert SPEC.payout_limit_floor(offered, {}, D("5.00")) == D("65005.00")
    assert SPEC.payout_limit_floor({"pai_gow": ""}, {}, D("5.00")) == D("50000.00")


# Review additions: table size, adjacent boxes, the stub count, surrender and colour, the
# payout limit --------------------------------------------------------------------------------


def test_a_seventh_seat_does_not_exist():
    """§645a.2(a): betting positions for no more than six players."""
    errs = errors({"game": "pai_gow_poker", "dealer": WEAK_DEALER, "positions": [
        {"seat": 7, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
         "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.2(a)" in errs["positions[0].seat"][0]


@pytest.mark.parametrize("seats", [(1, 3), (1, 2, 3)])
def test_one_player_wagers_on_at_most_two_adjacent_boxes(seats):
    """§645a.7(f): a player may wager on two adjacent betting areas, no more."""
    hands = ["As Ah 8d 4c 3s Kd Qh", "Ks Kh 8h 4h 3h Jd Jh", "9s 9c 7d 6c 5h 4s 2d"]
    errs = errors({"game": "pai_gow_poker", "options": {"adjacent_betting_areas": True},
                   "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
                   "positions": [{"seat": seat, "player": "p1", "cards": hand.split(),
                                  "wagers": {"pai_gow": "5.00"}}
                                 for seat, hand in zip(seats, hands, strict=False)]})
    assert "§645a.7(f)" in errs["positions"][0]
    assert "at most 2 adjacent box(es)" in errs["positions"][0]


def test_two_boxes_for_one_player_need_the_adjacent_betting_areas_option():
    """§645a.7(f): "may, if specified in its Rules Submission, permit a player to wager on two
    adjacent betting areas": without the option, one player, one box."""
    hand_1 = ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"]
    hand_2 = ["Ks", "Kh", "8h", "4h", "3h", "Jd", "Jh"]
    payload = {"game": "pai_gow_poker", "dealer": ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"],
               "positions": [
                   {"seat": 1, "player": "p1", "cards": hand_1,
                    "wagers": {"pai_gow": "5.00"}},
                   {"seat": 2, "player": "p1", "cards": hand_2,
                    "wagers": {"pai_gow": "10.00"}}]}
    assert errors(payload)["positions"] == [
        "player p1 wagers on seats 1, 2: at most 1 adjacent box(es) "
        "(§645a.7(f), options.adjacent_betting_areas)"]
    r = games.settle({**payload, "options": {"adjacent_betting_areas": True}})
    # Each box is played separately (§645a.7(f)); the house way sets A-A / K-Q and K-K / J-J,
    # both beating the dealer's Q-6-4-3-2 / T-8: $5 and $10 won less 5% vigorish (§645a.13(a)).
    assert [p["lines"][0]["net"] for p in r["positions"]] == ["4.75", "9.50"]


@pytest.mark.parametrize("stub", ["4", -1, 4.0, True])
def test_stub_count_is_a_whole_number(stub):
    """§645a.9(d), §645a.10(d): the dealer counts the cards left; a count is a whole number."""
    errs = errors({"game": "pai_gow_poker", "stub_count": stub, "dealer": WEAK_DEALER,
                   "positions": [{"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
                                  "wagers": {"pai_gow": "5.00"}}]})
    assert "§645a.9(d)" in errs["stub_count"][0]


@pytest.mark.parametrize("field, value", [("surrender", "yes"), ("red_black_color", "green")])
def test_surrender_and_colour_are_checked(field, value):
    """§645a.11(d) surrender is true or false; §645a.7(e)(5)(iv) the colour is red or black."""
    payload = {"game": "pai_gow_poker", "options": EZ, "dealer": WEAK_DEALER, "positions": [
        {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"], field: value,
         "wagers": {"pai_gow": "5.00", "red_black": "5.00"}}]}
    assert f"positions[0].{field}" in errors(payload)


def test_a_payout_limit_below_fifty_thousand_dollars_is_refused():
    """§645a.13(j): the maximum payout is at least $50,000."""
    payload = {"game": "pai_gow_poker", "options": {"payout_limit": "49999.99"},
               "dealer": WEAK_DEALER, "positions": [
                   {"seat": 1, "cards": ["As", "Ah", "8d", "4c", "3s", "Kd", "Qh"],
                    "wagers": {"pai_gow": "5.00"}}]}
    assert "§645a.13(j)" in errors(payload)["options.payout_limit"][0]
