"""Each wager's amount rule, decided once (games.wager_rules): the main wagers by the table
limits, every other wager by its own terms; the engine refuses what the rule refuses."""

from decimal import Decimal

import pytest

import games
from games.errors import InvalidRound
from games.wager_rules import refusals, wager_rules

D = Decimal
LIMITS = {"table_minimum": D("5.00"), "table_maximum": D("500.00")}
LIR_FIVE_CARD = "let_it_ride.five_card_progressive.standard"


def lir_rules():
    return wager_rules("let_it_ride", wagers={"bet_1": "", "bet_2": "", "bet_3": "",
                                              "five_card_progressive": LIR_FIVE_CARD},
                       options={}, **LIMITS)


def test_the_table_limits_bind_the_main_wager_and_not_the_progressive_wager():
    # §643a.12(e)(5) writes the Five-Card Envy Bonus for $1 and $5 Progressive Payout Wagers
    # only: at a $5-$500 table a $1 progressive wager is taken, a $2 one is not, and the Let
    # It Ride Wagers keep the table limits (§601a.2).
    rules = lir_rules()
    progressive = rules["five_card_progressive"]
    assert progressive.amounts == (D("1.00"), D("5.00"))
    assert progressive.describe() == "$1.00 or $5.00"
    assert progressive.refusal(D("1.00")) is None and progressive.refusal(D("5.00")) is None
    assert progressive.refusal(D("2.00")) == (
        "$2.00 is not a Five-Card Progressive Payout Wager amount: paytable standard's Envy "
        "Bonuses are set for $1.00 and $5.00 wagers only (§643a.12(e)), and the engine never "
        "guesses a payout")
    assert rules["bet_3"].refusal(D("1.00")) == (
        "$1.00 is outside the table limits ($5.00 to $500.00, §601a.2)")
    assert rules["bet_3"].refusal(D("500.00")) is None
    # Bets 1 and 2 equal Bet Number 3 (§643a.7(d)): the game checks that, not a limit.
    assert "bet_1" not in rules and "bet_2" not in rules


def test_the_engine_refuses_exactly_what_the_rule_refuses():
    rule = lir_rules()["five_card_progressive"]

    def engine_refuses(amount: str) -> bool:
        payload = {"game": "let_it_ride", "community": ["2c", "7d"],
                   "positions": [{"seat": 1, "cards": ["Ah", "Kh", "9s"],
                                  "wagers": {"bet_3": "5.00", "five_card_progressive": amount}}],
                   "meters": {"five_card_progressive": "10000.00"}}
        try:
            games.settle(payload)
        except InvalidRound as exc:
            return "positions[0].wagers.five_card_progressive" in exc.errors
        return False

    for amount in ("1.00", "2.00", "5.00", "25.00"):
        assert engine_refuses(amount) == (rule.refusal(D(amount)) is not None), amount


@pytest.mark.parametrize(("config", "words"), [
    (None, "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c))"),
    # A-2's minimum progressive wager is $2 (§631b.6(c)(4)); §631b.2(c) still asks $5.
    ("A-2", "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c))"),
    ("B-5", "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c); the minimum "
            "progressive wager of Must-Hit-By configuration B-5, §631b.6(c)(4))"),
])
def test_a_heavenly_9_wager_is_no_less_than_five_dollars(config, words):
    rules = wager_rules("baccarat", wagers={"heavenly_9_progressive": ""},
                        options={"must_hit_by": config}, table_minimum=D("1.00"),
                        table_maximum=D("500.00"))
    rule = rules["heavenly_9_progressive"]
    assert rule.refusal(D("2.00")) == words
    assert rule.refusal(D("5.00")) is None
    assert rule.refusal(D("500.01")) == "$500.01 is above the table maximum $500.00 (§601a.2)"
    # The engine says the same of a $2 wager (table settle passes its terms to it).
    payload = {"game": "baccarat", "player_cards": ["4s", "3h"], "banker_cards": ["Ts", "6d"],
               "positions": [{"seat": 1, "wagers": {"tie": "5.00",
                                                    "heavenly_9_progressive": "2.00"}}]}
    with pytest.raises(InvalidRound) as refused:
        games.settle(payload)
    assert refused.value.errors["positions[0].wagers.heavenly_9_progressive"] == [
        "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c))"]


def test_a_royal_9_wager_is_the_tables_denomination():
    rules = wager_rules("baccarat", wagers={"royal_9_progressive": "baccarat.royal_9_progressive.1"},
                        options={"variant": "minibaccarat"}, **LIMITS)
    rule = rules["royal_9_progressive"]
    assert rule.amounts == (D("1.00"),)
    assert rule.refusal(D("5.00")).startswith("this table's Royal 9 Progressive wager is $1.00")


def test_a_side_wager_without_an_amount_of_its_own_stays_under_the_table_maximum():
    # The Five Card Hand Bonus has no amount in §649a.7(d)(7): $1 at a $5 table is taken, more
    # than the table's $500 maximum is not.
    rules = wager_rules("three_card_poker", wagers={"five_card_hand_bonus_player": ""},
                        options={}, **LIMITS)
    rule = rules["five_card_hand_bonus_player"]
    assert rule.describe() == "up to $500.00"
    assert rule.refusal(D("1.00")) is None
    assert rule.refusal(D("500.01")) == "$500.01 is above the table maximum $500.00 (§601a.2)"
    # The Play Wager follows the Ante (§649a.7(d)(1)); Ante and Pair Plus keep the limits.
    assert set(rules) == {"ante", "pair_plus", "five_card_hand_bonus_player"}


def test_refusals_name_each_field_of_a_settle_body():
    positions = [{"seat": 1, "wagers": {"bet_3": "5.00", "five_card_progressive": "2.00"}},
                 {"seat": 2, "wagers": {"bet_3": "600.00", "five_card_progressive": "x"}},
                 "not a position"]
    assert refusals(lir_rules(), positions) == {
        "positions[0].wagers.five_card_progressive": (
            "$2.00 is not a Five-Card Progressive Payout Wager amount: paytable standard's Envy "
            "Bonuses are set for $1.00 and $5.00 wagers only (§643a.12(e)), and the engine "
            "never guesses a payout"),
        "positions[1].wagers.bet_3": (
            "$600.00 is outside the table limits ($5.00 to $500.00, §601a.2)")}
