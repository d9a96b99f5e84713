"""Meter seed and reseed amounts as each text gives them: where the regulation fixes the amount
(§631b.2(i)'s Heavenly 9 paytable: "Meter Seed/ Reseed $10,000" beside "Increment Rate 10%"),
the Rules Submission may give no other; where it says "at least", any amount from there up.
The table below is typed from the texts in ../shared/regs, not read from the engine."""

from decimal import Decimal

import pytest

import games
from games.errors import InvalidRound

D = Decimal

# (game, meter) -> (fixed?, amount, the text's words). Meters with no amount in the excerpts
# (§649a.12(e), (j), §643a.12(d)) are absent: their Rules Submission sets them.
SEEDS = {
    ("baccarat", "heavenly_9_progressive"): (True, "10000.00", "Meter Seed/ Reseed $10,000"),
    ("pai_gow_poker", "progressive"): (False, "2000.00", "at least $2,000"),
    ("texas_holdem_bonus", "progressive"): (False, "10000.00", "be at least $10,000"),
    ("texas_holdem_bonus", "five_card_hand_bonus"): (False, "10000.00", "at least $10,000"),
    ("let_it_ride", "five_card_progressive"): (False, "10000.00", "be at least $10,000"),
    ("let_it_ride", "five_card_hand_bonus"): (False, "10000.00", "at least $10,000"),
    # §649a.12(h)(3), (i)(4) are not in the excerpts: the twins' "at least $10,000".
    ("three_card_poker", "five_card_progressive"): (False, "10000.00", "at least (secondary)"),
    ("three_card_poker", "five_card_hand_bonus"): (False, "10000.00", "at least (secondary)"),
    # §627b.3(f)(2), (g)(2): "shall be at least"; the $1 table's (the least) without options.
    ("baccarat", "royal_9_mega_jackpot"): (False, "10000.00", "shall be at least $10,000"),
    ("baccarat", "royal_9_major_jackpot"): (False, "90.00", "shall be at least ... $90"),
    ("baccarat", "royal_9_minor_jackpot"): (False, "90.00", "and $90"),
    # §631b.6(c)(4): the configuration's Minimum Dollar Value, at least $100 (A and B).
    ("baccarat", "must_hit_by"): (False, "100", "Minimum Dollar Value $100"),
}


def meters():
    return {(g, m.key): m for g in games.GAMES for m in games.spec(g).meters}


def test_every_meter_with_an_amount_in_the_text_is_typed_here():
    with_amount = {k for k, m in meters().items() if m.min_initial is not None}
    assert with_amount == set(SEEDS)


@pytest.mark.parametrize(("key", "seed"), SEEDS.items(), ids=[f"{g}.{m}" for g, m in SEEDS])
def test_each_meter_is_fixed_or_at_least_as_its_text_says(key, seed):
    fixed, amount, _words = seed
    meter = meters()[key]
    assert (meter.fixed, meter.min_initial, meter.min_reset) == (fixed, D(amount), D(amount))


def test_a_heavenly_9_seed_of_15000_dollars_is_refused_and_10000_accepted():
    meter = meters()[("baccarat", "heavenly_9_progressive")]
    assert meter.amount_errors({}, D("10000.00"), D("10000.00")) == {}
    words = "Heavenly 9 Progressive: the {} amount is $10,000.00, as the regulation fixes it " \
            "(§631b.2(i))"
    assert meter.amount_errors({}, D("15000.00"), D("9999.99")) == {
        "initial": words.format("initial"), "reset": words.format("reset")}


def test_an_at_least_seed_may_be_more():
    # §645a.13(e)(2): "at least $2,000": $15,000 is accepted, $1,999.99 is not.
    meter = meters()[("pai_gow_poker", "progressive")]
    assert meter.amount_errors({}, D("15000.00"), D("15000.00")) == {}
    assert meter.amount_errors({}, D("1999.99"), D("2000.00")) == {
        "initial": "Pai Gow Poker Progressive Payout: the initial amount must be at least "
                   "$2,000.00 (§645a.13(e)(2))"}


def test_a_round_restarting_the_heavenly_9_meter_elsewhere_than_10000_dollars_is_refused():
    # The meter itself grows past its seed ($12,000 is fine); its reseed is $10,000 and no other.
    payload = {"game": "baccarat", "player_cards": ["Ts", "5s", "4s"],
               "banker_cards": ["Ts", "4s", "5s"],
               "meters": {"heavenly_9_progressive": "12000.00",
                          "heavenly_9_progressive_reset": "15000.00"},
               "positions": [{"seat": 1, "wagers": {"tie": "5.00",
                                                    "heavenly_9_progressive": "5.00"}}]}
    with pytest.raises(InvalidRound) as e:
        games.settle(payload)
    assert e.value.errors["meters.heavenly_9_progressive_reset"] == [
        "the meter reseeds at $10,000.00, as the regulation fixes it (§631b.2(i))"]
