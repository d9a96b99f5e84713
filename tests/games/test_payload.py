"""Reading a request: the fast paths (cards by look-up, amounts parsed once, fmt without
quantizing) answer exactly as the general ones, and each bad field is named once."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import JOKER, RANKS, SUITS, parse_cards
from games.errors import InvalidCards
from games.money import CENT, fmt, parse_dollars
from games.payload import Reader, whole_number
from games.spec import GameSpec, MeterSpec, WagerSpec

SPEC = GameSpec("test", "Test", "§0", positions=3, wagers=(WagerSpec("bet", "Bet", "§0"),))


def read_cards(value, **kw):
    reader = Reader({}, SPEC)
    return reader.cards("cards", value, **{"count": None, **kw}), reader.errors


def general(value, **kw):
    try:
        return parse_cards(value, **{"count": None, **kw}), {}
    except InvalidCards as e:
        return None, {"cards": [str(e)]}


def test_every_spelling_of_every_card_reads_as_parse_cards_reads_it():
    texts = [r + s for r in RANKS for s in SUITS]
    for text in [*texts, *(t.lower() for t in texts), *(t.upper() for t in texts)]:
        assert read_cards([text]) == general([text])
    assert read_cards(["Jk", "jK"], joker=True, distinct=False)[0] == (JOKER, JOKER)


@pytest.mark.parametrize("value, kw", [
    (["As", "As"], {}),
    (["As", "As"], {"distinct": False}),
    (["As", "Kd"], {"count": 3}),
    (["As", "Kd", "Qh"], {"count": (2, 3)}),
    (["Jk", "As"], {}),
    ([" As", "Kd"], {}),
    (["10s"], {}),
    (["As", 7], {}),
    (["As", ["Kd"]], {}),
    ("As Kd", {"count": 2}),
    ({"As": 1}, {}),
])
def test_the_look_up_and_parse_cards_accept_and_refuse_alike(value, kw):
    assert read_cards(value, **kw) == general(value, **kw)


@given(st.one_of(*(st.decimals(-10**12, 10**12, places=p) for p in range(7))))
def test_fmt_writes_cents_and_keeps_a_meters_fraction(value):
    cents = value.quantize(CENT)
    assert fmt(value) == (str(cents) if cents == value else str(value))
    assert fmt(value.normalize()) == (str(cents) if cents == value else str(value.normalize()))


def test_a_repeated_amount_is_the_same_decimal_and_bad_ones_are_still_refused():
    assert parse_dollars("5.00") is parse_dollars("5.00")
    assert parse_dollars("5.1") == Decimal("5.10") and parse_dollars(5) == Decimal("5.00")
    for bad in ("5.001", "five", 5.0, True, "NaN", " 5.1 ", "+5.00", "5_0", "1e999999999",
                "\u0665", "\uff15.00", "Infinity", "1E+30"):
        with pytest.raises(ValueError):
            parse_dollars(bad)


def test_whole_numbers_are_never_true_or_false():
    assert whole_number(3, 1, 3) and whole_number(0)
    assert not any(whole_number(v, 1, 3) for v in (True, 0, 4, "2", 2.0, None))


def test_options_that_are_not_an_object_are_named_once():
    reader = Reader({"options": ["commission_free"]}, SPEC)
    reader.flag("commission_free")
    reader.paytable("bet", required=False)
    assert reader.errors == {"options": ["must be a JSON object"]}


def test_one_player_on_boxes_apart_is_refused():
    raw = [{"seat": s, "player": "ann", "wagers": {"bet": "5"}} for s in (1, 3)]
    reader = Reader({"positions": raw}, SPEC, position_fields=("player",))
    assert reader.owners(reader.positions(), most=2, rule="§0.7(f)") == {1: "ann", 3: "ann"}
    assert reader.errors == {"positions": [
        "player ann wagers on seats 1, 3: at most 2 adjacent box(es) (§0.7(f))"]}


# (an exponent, "1E+30", is no plain amount at all: refused as such, issue 20)
@pytest.mark.parametrize("value", ["1" * 40, 10**30, "1000000000.00"])
def test_an_amount_of_a_billion_dollars_or_more_is_refused_by_name(value):
    reader = Reader({}, SPEC)
    assert reader.amount("positions[0].wagers.bet", value) is None
    assert reader.errors == {"positions[0].wagers.bet": [
        f"{value} is too large: amounts are below $1,000,000,000"]}


def test_an_amount_just_below_a_billion_dollars_is_a_wager():
    assert Reader({}, SPEC).amount("bet", "999999999.99") == Decimal("999999999.99")


def test_a_meter_of_a_billion_dollars_or_more_is_refused_by_name():
    spec = GameSpec("test", "Test", "§0", positions=3, wagers=SPEC.wagers,
                    meters=(MeterSpec("progressive", "Progressive", "§0"),
                            MeterSpec("other", "Other", "§0")))
    reader = Reader({"meters": {"progressive": "1" * 40, "other": "999999999.999"}}, spec)
    assert reader.meter("progressive") is None
    assert reader.meter("other") == Decimal("999999999.999")
    assert reader.errors == {"meters.progressive": ["a meter amount is below $1,000,000,000"]}


@pytest.mark.parametrize("value", ["1_0000", "١٠٠٠٠", "1e4", " 10000", "+10000", "10,000.00",
                                   -5, 10000.5, True, None, ""])
def test_a_meter_amount_not_written_plainly_is_refused_never_read_as_another(value):
    # Decimal() reads "1_0000" as 10000 and Arabic-Indic digits as ASCII ones: a progressive
    # paid as a share of the meter (§649a.12(h)(1)) is paid on the amount the system showed.
    spec = GameSpec("test", "Test", "§0", positions=3, wagers=SPEC.wagers,
                    meters=(MeterSpec("progressive", "Progressive", "§0"),))
    reader = Reader({"meters": {"progressive": value}}, spec)
    assert reader.meter("progressive") is None
    assert reader.errors == {"meters.progressive": [
        "a meter amount is a non-negative decimal string in dollars, like \"10000.00\" (ASCII "
        "digits and a point)"]}


@pytest.mark.parametrize(("value", "read"), [("10000.125", "10000.125"), ("0", "0"),
                                             (10000, "10000")])
def test_a_meter_amount_keeps_its_fraction_of_a_cent(value, read):
    spec = GameSpec("test", "Test", "§0", positions=3, wagers=SPEC.wagers,
                    meters=(MeterSpec("progressive", "Progressive", "§0"),))
    assert Reader({"meters": {"progressive": value}}, spec).meter("progressive") == Decimal(read)
