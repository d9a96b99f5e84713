"""The submission checks of progressive meters (§605a.7(a) and each chapter's minimums): every
meter amount accepted at its minimum and refused a cent below, the Five-Card, Five Card Hand
Bonus, Pai Gow (§645a.13(e)), Royal 9 (by denomination) and Heavenly 9 seeds, the rate of
progression and reserve, and the Must-Hit-By Mystery Bonus configurations (§631b.6(c)(4)).
Pure Python: no database."""

from copy import deepcopy
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.money import fmt
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import meter_cases, terms_for
from tests.rulesubmissions.validation_checks import CENT, check

METERS = list(meter_cases())


def with_meter(spec, wager, meter, **amounts):
    terms = terms_for(spec, offer=[wager])
    terms["meters"][meter] = {**terms["meters"][meter], **amounts}
    return terms


def set_meter(terms, meter, **amounts):
    terms = deepcopy(terms)
    terms["meters"][meter] = {**terms["meters"][meter], **amounts}
    return terms


@pytest.mark.parametrize(("spec", "terms", "meter", "low_initial", "low_reset", "rule"), METERS,
                         ids=[f"{c[0].key}.{c[2].key}.{c[1]['wagers']}" for c in METERS])
def test_meter_amounts_are_accepted_at_the_minimum_and_refused_a_cent_below(
        spec, terms, meter, low_initial, low_reset, rule):
    at = {"initial": fmt(low_initial or CENT), "reset": fmt(low_reset or CENT)}
    assert check(set_meter(terms, meter.key, **at)).ok
    for field, low in (("initial", low_initial), ("reset", low_reset)):
        if low is None:
            continue
        checked = check(set_meter(terms, meter.key, **{field: fmt(low - CENT)}))
        messages = checked.errors[f"meters.{meter.key}.{field}"]
        if meter.fixed:  # the text fixes the amount (§631b.2(i)): any other is refused
            assert messages == [f"{meter.name}: the {field} amount is ${low:,.2f}, as the "
                                f"regulation fixes it ({rule})"]
            continue
        assert messages == [f"{meter.name}: the {field} amount must be at least ${low:,.2f} "
                            f"({rule})"]


def test_three_card_poker_five_card_progressive_seed_is_10000_dollars():
    """§649a.12(h)(3) (as §643a.12(e)(3)): initial and reset amounts at least $10,000."""
    spec = game_spec("three_card_poker")
    ok = with_meter(spec, "five_card_progressive", "five_card_progressive",
                    initial="10000.00", reset="10000.00")
    assert check(ok).ok
    low = with_meter(spec, "five_card_progressive", "five_card_progressive",
                     initial="9999.99", reset="9999.99")
    errors = check(low).errors
    assert set(errors) == {"meters.five_card_progressive.initial",
                           "meters.five_card_progressive.reset"}
    assert "$10,000.00" in errors["meters.five_card_progressive.initial"][0]
    assert "§649a.12(h)(3)" in errors["meters.five_card_progressive.initial"][0]


def test_let_it_ride_five_card_progressive_seed_is_10000_dollars():
    """§643a.12(e)(3): "The initial and reset amount ... be at least $10,000"."""
    spec = game_spec("let_it_ride")
    assert spec is not None, "Let It Ride is in the engine"
    assert check(with_meter(spec, "five_card_progressive", "five_card_progressive",
                            initial="10000.00", reset="10000.00")).ok
    errors = check(with_meter(spec, "five_card_progressive", "five_card_progressive",
                              reset="9999.99")).errors
    assert list(errors) == ["meters.five_card_progressive.reset"]
    assert "§643a.12(e)(3)" in errors["meters.five_card_progressive.reset"][0]


def test_five_card_hand_bonus_seed_is_10000_dollars_in_every_game_offering_it():
    """§643a.12(f)(4), §647a.12(e)(4), §649a.12(i)(4): at least $10,000."""
    found = [c for c in METERS if c[2].key == "five_card_hand_bonus"]
    assert found, "the Five Card Hand Bonus meter is published by at least one game"
    for _, terms, meter, low_initial, low_reset, _ in found:
        assert (low_initial, low_reset) == (Decimal("10000.00"), Decimal("10000.00"))
        assert not check(set_meter(terms, meter.key, initial="9999.99")).ok


def test_a_progressive_wager_without_its_meter_terms_is_refused():
    spec = game_spec("three_card_poker")
    terms = terms_for(spec, offer=["five_card_progressive"])
    del terms["meters"]["five_card_progressive"]
    errors = check(terms).errors
    assert "§649a.12(h)(3)" in errors["meters.five_card_progressive"][0]


def test_meter_terms_for_a_wager_not_offered_are_refused():
    spec = game_spec("three_card_poker")
    terms = terms_for(spec, meters={"five_card_progressive": {"initial": "10000.00",
                                                             "reset": "10000.00", "rate": "5"}})
    assert check(terms).errors["meters.five_card_progressive"] == [
        "Five-Card Progressive: not offered"]


def test_the_rate_of_progression_is_required_and_a_percentage():
    """§643a.12(e)(3): "The rate of progression ... must be in the ... Rules Submission"."""
    spec = game_spec("three_card_poker")
    for rate, message in (("", "required"), ("101", "not a percentage"), ("0", "increase")):
        terms = with_meter(spec, "five_card_progressive", "five_card_progressive", rate=rate)
        assert message in " ".join(check(terms).errors["meters.five_card_progressive.rate"])


@pytest.mark.parametrize("rate", ["5_0", "٥", "1e1", " 5", "+5", "-5", "5%", 5.0, True])
def test_a_rate_not_written_plainly_is_refused_never_read_as_another(rate):
    # Decimal() reads "5_0" as 50 and "٥" as 5: a rate of progression is the one the Rules
    # Submission prints (§643a.12(e)(3)), so it is ASCII digits and a point or refused.
    spec = game_spec("three_card_poker")
    terms = with_meter(spec, "five_card_progressive", "five_card_progressive", rate=rate)
    assert check(terms).errors["meters.five_card_progressive.rate"] == [
        f"{rate!r} is not a percentage between 0 and 100, like \"5\""]


def test_rate_and_reserve_together_cannot_exceed_the_wager():
    spec = game_spec("three_card_poker")
    ok = with_meter(spec, "five_card_progressive", "five_card_progressive", rate="60",
                    reserve_rate="40")
    assert check(ok).ok
    over = with_meter(spec, "five_card_progressive", "five_card_progressive", rate="60",
                      reserve_rate="40.0001")
    assert "meters.five_card_progressive.reserve_rate" in check(over).errors


@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999.99"), places=2))
def test_any_five_card_seed_below_10000_is_refused_and_any_above_accepted(amount):
    spec = game_spec("three_card_poker")
    terms = with_meter(spec, "five_card_progressive", "five_card_progressive",
                       initial=fmt(amount), reset="10000.00")
    assert check(terms).ok == (amount >= Decimal("10000"))


def test_pai_gow_progressive_seed_is_2000_dollars():
    """§645a.13(e)(2): "The initial and reset amount ... be at least $2,000"."""
    spec = game_spec("pai_gow_poker")
    assert spec is not None, "Pai Gow Poker is in the engine"
    assert check(with_meter(spec, "progressive", "progressive", initial="2000.00",
                            reset="2000.00")).ok
    errors = check(with_meter(spec, "progressive", "progressive", initial="1999.99",
                              reset="1999.99")).errors
    assert sorted(errors) == ["meters.progressive.initial", "meters.progressive.reset"]
    assert "$2,000.00 (§645a.13(e)(2))" in errors["meters.progressive.initial"][0]


@pytest.mark.parametrize(("denomination", "mega", "major_minor", "rule"), [
    ("5", "50000.00", "450.00", "§627b.3(f)(2)"),
    ("1", "10000.00", "90.00", "§627b.3(g)(2)"),
])
def test_royal_9_meter_minimums_follow_the_denomination(denomination, mega, major_minor, rule):
    """§627b.3(f)(2) and (g)(2): at a $5 table at least $50,000 Mega, $450 Major and Minor;
    at a $1 table $10,000, $90 and $90."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["royal_9_progressive"])
    terms["wagers"]["royal_9_progressive"] = denomination
    minimums = {"royal_9_mega_jackpot": mega, "royal_9_major_jackpot": major_minor,
                "royal_9_minor_jackpot": major_minor}
    for meter, low in minimums.items():
        terms["meters"][meter] = {"initial": low, "reset": low, "rate": "5"}
    assert check(terms).ok
    for meter, low in minimums.items():
        below = set_meter(terms, meter, initial=fmt(Decimal(low) - CENT))
        message = check(below).errors[f"meters.{meter}.initial"][0]
        assert f"${Decimal(low):,.2f}" in message and rule in message


def test_heavenly_9_seed_is_10000_dollars_and_its_increment_10_percent():
    """§631b.2(i): "Meter Seed/ Reseed $10,000", "Increment Rate 10%"."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    terms["meters"]["heavenly_9_progressive"] = {"initial": "10000.00", "reset": "10000.00",
                                                 "rate": "10"}
    assert check(terms).ok
    key = "meters.heavenly_9_progressive"
    assert f"{key}.reset" in check(set_meter(terms, "heavenly_9_progressive",
                                             reset="9999.99")).errors
    for rate in ("9.9999", "10.0001"):
        errors = check(set_meter(terms, "heavenly_9_progressive", rate=rate)).errors
        assert "§631b.2(i)" in errors[f"{key}.rate"][0]
    # The text fixes the seed, not a minimum: $15,000 is refused as the seed and the reseed.
    errors = check(set_meter(terms, "heavenly_9_progressive", initial="15000.00",
                             reset="15000.00")).errors
    fixed = "the {} amount is $10,000.00, as the regulation fixes it (§631b.2(i))"
    assert errors == {f"{key}.initial": [f"Heavenly 9 Progressive: {fixed.format('initial')}"],
                      f"{key}.reset": [f"Heavenly 9 Progressive: {fixed.format('reset')}"]}


def test_an_at_least_seed_may_be_more_than_the_least():
    """§645a.13(e)(2): "at least $2,000": a $15,000 seed and reseed are the Rules
    Submission's to choose."""
    spec = game_spec("pai_gow_poker")
    assert check(with_meter(spec, "progressive", "progressive", initial="15000.00",
                            reset="15000.00")).ok


# §631b.6(c)(4): configuration -> (minimum dollar value, maximum dollar value, rate %).
MUST_HIT_BY_ROWS = {
    "A-1": ("100", "200", "2"), "A-2": ("100", "200", "1.5"), "A-5": ("100", "250", "1"),
    "B-1": ("100", "500", "5"), "B-2": ("100", "500", "3.5"), "B-5": ("100", "500", "2"),
    "C-1": ("250", "500", "2"), "C-2": ("250", "500", "1.5"), "C-5": ("250", "500", "0.5"),
    "D-1": ("250", "1000", "5"), "D-2": ("250", "1000", "3"), "D-5": ("250", "1000", "2"),
}


def with_must_hit_by(terms, row, **meter):
    """``terms`` with the Must-Hit-By configuration ``row`` and its meter as the row says
    (starting and resetting at its minimum, contributing at its rate), changed by ``meter``."""
    low, _high, rate = MUST_HIT_BY_ROWS.get(row, ("100", "", "2"))
    meter = {"initial": low, "reset": low, "rate": rate, **meter}
    return {**terms, "options": {**terms["options"], "must_hit_by": row,
                                 "must_hit_by_payment": "table_inventory"},
            "meters": {**terms["meters"], "must_hit_by": meter}}


def test_a_must_hit_by_configuration_must_be_one_of_the_tables_rows():
    """§631b.6(c)(4): "set in one of the following configurations" (A-D at $1, $2, $5)."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    rows = spec.option("must_hit_by").choices
    assert len(rows) == 12 and "C-5" in rows
    assert set(rows) == set(MUST_HIT_BY_ROWS)
    for row in rows:
        assert check(with_must_hit_by(terms, row)).ok
    for wrong in ("E-5", "A-10", "C"):
        errors = check({**terms, "options": {**terms["options"], "must_hit_by": wrong}}).errors
        assert "§631b.6(c)(4)" in errors["options.must_hit_by"][0]


@pytest.mark.parametrize(("row", "meter", "field", "words"), [
    # C-5 contributes 0.5% (§631b.6(c)(4)), not 2%.
    ("C-5", {"rate": "2"}, "rate", "the configuration's rate is 0.5% (§631b.6(c)(4))"),
    # A-1 draws its trigger below $200: a meter starting at $200 could never be hit.
    ("A-1", {"initial": "200.00"}, "initial", "maximum dollar value $200.00 (§631b.6(c)(4))"),
    # After a win the meter resets to the minimum dollar value, $250 under D-2.
    ("D-2", {"reset": "300.00"}, "reset", "minimum dollar value $250.00 (§631b.6(c)(5)(iv))"),
])
def test_a_must_hit_by_meter_follows_its_configuration(row, meter, field, words):
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    errors = check(with_must_hit_by(terms, row, **meter)).errors
    assert words in errors[f"meters.must_hit_by.{field}"][0]
    assert list(errors) == [f"meters.must_hit_by.{field}"]


def test_heavenly_9_without_must_hit_by_needs_no_must_hit_by_meter():
    """§631b.6(a): the Must-Hit-By Mystery Bonus is optional with the Heavenly 9 wager."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    assert terms["options"]["must_hit_by"] is None
    checked = check(terms)
    assert checked.ok and set(checked.terms["meters"]) == {"heavenly_9_progressive"}
    with_meter = {**terms, "meters": {**terms["meters"],
                                      "must_hit_by": {"initial": "100.00", "reset": "100.00",
                                                      "rate": "2"}}}
    assert "not offered" in check(with_meter).errors["meters.must_hit_by"][0]


def test_must_hit_by_is_offered_only_with_the_heavenly_9_wager():
    """§631b.6(a): the Must-Hit-By Mystery Bonus goes to players who placed a Heavenly 9
    Progressive Baccarat wager, so a table without that wager cannot offer it."""
    spec = game_spec("baccarat")
    without = terms_for(spec)
    assert "heavenly_9_progressive" not in without["wagers"]
    errors = check(with_must_hit_by(without, "C-5")).errors
    assert errors["options.must_hit_by"] == [
        "Must-Hit-By Mystery Bonus configuration may be set only where Heavenly 9 Progressive "
        "is offered (§631b.6(a))"]
    with_wager = terms_for(spec, offer=["heavenly_9_progressive"])
    assert check(with_must_hit_by(with_wager, "C-5")).ok


@pytest.mark.parametrize(("row", "minimum"), [
    ("A-1", "100.00"), ("B-5", "100.00"), ("C-2", "250.00"), ("D-5", "250.00"),
])
def test_the_chosen_must_hit_by_row_sets_the_meter_minimum(row, minimum):
    """§631b.6(c)(4): Configurations A and B have a $100 minimum dollar value, C and D $250;
    the meter starts and resets at the chosen row's minimum ((c)(5)(iv))."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    assert "meters.must_hit_by" in check({**terms, "options": {**terms["options"],
                                                               "must_hit_by": row}}).errors
    assert check(with_must_hit_by(terms, row, initial=minimum, reset=minimum)).ok
    below = fmt(Decimal(minimum) - CENT)
    errors = check(with_must_hit_by(terms, row, initial=below, reset=below)).errors
    for field in ("initial", "reset"):
        message = errors[f"meters.must_hit_by.{field}"][0]
        assert f"${Decimal(minimum):,.2f} (§631b.6(c)(4))" in message
