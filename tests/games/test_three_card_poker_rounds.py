"""What a Three Card Poker round may hold: the wager rules of §649a.7 (Play equal to the Ante,
side wagers after an Ante or Pair Plus, the variants of (e), adjacent boxes of (f)), seven
positions (§649a.2(a)), no payout limit (§649a.12), cards named when bad; any deal settles
every wager in whole cents and any JSON is settled or refused, never a crash; and the round's
largest win (the payout-limit floor).
"""

import contextlib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.cards import card_str
from games.errors import InvalidRound
from games.three_card_poker import SPEC
from tests.games.three_card_poker_builders import OPTIONS, play, refused, seat

D = Decimal


# Wagers: §649a.7 --------------------------------------------------------------------------


def test_a_play_not_equal_to_the_ante_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="20.00")],
                     ["Qs", "7h", "2d"])
    assert errors == {"positions[0].wagers.play": [
        "the Play Wager must equal the Ante Wager of $10.00 (§649a.7(d)(1))"]}


def test_a_play_without_an_ante_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00", play="5.00")],
                     ["Qs", "7h", "2d"])
    assert "positions[0].wagers.play" in errors


def test_side_wagers_need_an_ante_or_a_pair_plus():
    errors = refused([seat(1, ["Ks", "5d", "3c"], six_card_bonus="5.00")], ["Qs", "7h", "2d"])
    assert "§649a.7(d)" in errors["positions[0].wagers"][0]


@pytest.mark.parametrize("variant, ante, pair_plus, bad", [
    ("e1", "10.00", "10.00", None), ("e1", "9.99", "10.00", "pair_plus"),
    ("e1", None, "10.00", "pair_plus"), ("e1", "10.00", None, None),
    ("e2", "5.00", "10.00", None), ("e2", "4.99", "10.00", "pair_plus"),
    ("e2", None, "10.00", "pair_plus"),
    ("e3", "10.00", "50.00", None), ("e3", "10.00", "50.01", "pair_plus"),
    ("e3", "50.01", "10.00", "ante"), ("e3", None, "10.00", "ante"),
    ("e3", "10.00", None, "pair_plus"),
    ("none", None, "500.00", None), ("none", "1.00", "500.00", None),
    # (e)(1) "equal to or greater than"; (e)(2) "at least 1/2": $5.005 needs $5.01;
    # (e)(3) "up to a maximum of five times" either way.
    ("e1", "10.01", "10.00", None), ("e2", "5.01", "10.01", None),
    ("e2", "5.00", "10.01", "pair_plus"), ("e3", "50.00", "10.00", None),
])
def test_the_variants_of_649a_7_e(variant, ante, pair_plus, bad):
    wagers = {k: v for k, v in (("ante", ante), ("pair_plus", pair_plus)) if v}
    if ante:
        wagers["play"] = ante
    positions = [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": wagers}]
    if bad is None:
        play(positions, ["Qs", "7h", "2d"], options={"variant": variant})
        return
    errors = refused(positions, ["Qs", "7h", "2d"], options={"variant": variant})
    assert list(errors) == [f"positions[0].wagers.{bad}"]
    assert "§649a.7(e)(" in errors[f"positions[0].wagers.{bad}"][0]


def test_an_unknown_variant_is_refused():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"],
                     options={"variant": "e4"})
    assert "options.variant" in errors


@pytest.mark.parametrize("seats, boxes, ok", [
    ((2, 3), 2, True), ((2, 3), 1, False), ((2, 4), 2, False), ((2, 3, 4), 2, False),
])
def test_adjacent_boxes_649a_7_f(seats, boxes, ok):
    hands = [["Ks", "5d", "3c"], ["Kh", "5h", "3h"], ["Kd", "5c", "3d"]]
    positions = [{**seat(s, hands[i], pair_plus="5.00"), "player": "ann"}
                 for i, s in enumerate(seats)]
    if ok:
        play(positions, ["Qs", "7h", "2d"], options={"adjacent_boxes": boxes})
    else:
        errors = refused(positions, ["Qs", "7h", "2d"], options={"adjacent_boxes": boxes})
        assert "§649a.7(f)" in errors["positions"][0]


def test_three_card_poker_has_no_payout_limit_to_set():
    errors = refused([seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"],
                     options={"payout_limit": "50000.00"})
    assert "no payout limitation" in errors["options.payout_limit"][0]


def test_seven_positions_649a_2_a():
    assert SPEC.positions == 7
    errors = refused([seat(8, ["Ks", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"])
    assert "§649a.2(a)" in errors["positions[0].seat"][0]


def test_bad_and_duplicate_cards_are_named():
    errors = refused([seat(1, ["Ks", "Qs", "Xs"], pair_plus="5.00"),
                      seat(2, ["7h", "5d", "3c"], pair_plus="5.00")], ["Qs", "7h", "2d"])
    assert "positions[0].cards" in errors
    assert errors["positions[1].cards"] == ["'7h' was already dealt to dealer"]


@pytest.mark.parametrize("payload", [
    {"positions": "seat 1"},
    {"positions": [{"seat": 1, "cards": 7, "wagers": {"pair_plus": "5"}}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": "ante"}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": {"ante": 5.0}}]},
    {"positions": [{"seat": "1", "cards": ["Ks", "5d", "3c"], "wagers": {"ante": "5"}}]},
    {"positions": [{"seat": 1, "cards": ["Ks", "5d", "3c"], "wagers": {"bogus": "5"}}]},
    {"options": ["D"]},
    {"dealer": None},
    {"dealer": "Qs 7h"},
    {"community": {"a": 1}},
    {"meters": "lots"},
    {"magic_card": 7},
    {"lucky_position": "seat 3"},
    {"options": {"adjacent_boxes": "two"}},
])
def test_malformed_shapes_are_invalid_rounds_never_crashes(payload):
    base = {"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"], "options": OPTIONS,
            "positions": [seat(1, ["Ks", "5d", "3c"], pair_plus="5.00")]}
    with pytest.raises(InvalidRound):
        games.settle({**base, **payload})


# Properties -----------------------------------------------------------------------------

ALL_WAGERS = {"ante": "5.00", "play": "5.00", "pair_plus": "5.00",
              "three_card_progressive": "1.00", "six_card_bonus": "5.00",
              "five_card_progressive": "5.00", "five_card_hand_bonus_player": "1.00",
              "five_card_hand_bonus_dealer": "1.00", "five_of_six_progressive": "1.00"}


METERS = {k: "10000.00" for k in ("three_card_progressive", "five_card_progressive",
                                  "five_card_hand_bonus", "five_of_six_progressive")}
METERS.update({f"{k}_reset": "10000.00" for k in list(METERS)})


@settings(max_examples=200, deadline=None)
@given(deal=st.permutations(range(52)), seats=st.integers(1, 7), fold=st.booleans())
def test_any_deal_settles_every_wager_with_a_section_and_whole_cents(deal, seats, fold):
    cards = [card_str(c) for c in deal]
    wagers = {k: v for k, v in ALL_WAGERS.items() if not (fold and k == "play")}
    positions = [seat(s + 1, cards[3 * s:3 * s + 3], **wagers) for s in range(seats)]
    r = play(positions, cards[21:24], community=cards[24:26], meters=METERS)
    for p in r["positions"]:
        assert set(wagers) <= {line["wager"] for line in p["lines"]}
        for ln in p["lines"]:
            assert ln["rule"].startswith("§6")
            assert D(ln["net"]) == D(ln["net"]).quantize(D("0.01"))
        assert D(p["net"]) == sum(D(ln["net"]) for ln in p["lines"])
        ante = next(ln for ln in p["lines"] if ln["wager"] == "ante")
        assert ante["net"] in (("-5.00",) if fold else ("-5.00", "0.00", "5.00"))


def test_max_round_win_adds_the_best_rows_at_the_minimum_wager():
    # $5: Ante + Play 1 to 1 ($10), Ante Bonus A straight flush 5 to 1 ($25), Pair Plus D
    # straight flush 40 to 1 ($200) = $235.
    assert SPEC.max_round_win({"ante": "", "pair_plus": "D"}, {"ante_bonus": "A"}, D("5")) \
        == D("235")
    # Five-Card Progressive M at its least meter ($10,000 - $5 stake) plus six Envy royal
    # flushes at the $5 wager's $5,000 (§643a.12(e)(5) model) = $39,995; on 2 adjacent boxes,
    # twice that.
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {}, D("5")) == D("39995")
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {"adjacent_boxes": 2}, D("5")) \
        == D("79990")
    # At $1: $10,000 - $1 stake plus six $1-wager Envy royal flushes at $1,000 = $15,999.
    assert SPEC.max_round_win({"five_card_progressive": "M"}, {}, D("1")) == D("15999")
    assert SPEC.payout_limit_floor({"pair_plus": "D"}, {}, D("5")) == D("50000.00")


@pytest.mark.parametrize("options", [{}, {"ante_bonus": None}, {"ante_bonus": ""}])
def test_max_round_win_counts_the_ante_bonus_only_when_one_is_chosen(options):
    # $5: Ante + Play 1 to 1 ($10) and Pair Plus D straight flush 40 to 1 ($200) = $210; no
    # Ante Bonus paytable is offered (§649a.12(b) is optional).
    assert SPEC.max_round_win({"ante": "", "pair_plus": "D"}, options, D("5")) == D("210")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["dealer", "community", "positions", "options", "meters",
                              "magic_card", "lucky_position"]), value=JSON)
def test_any_json_in_any_field_is_settled_or_refused_never_a_crash(field, value):
    base = {"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"], "options": OPTIONS,
            "positions": [seat(1, ["Ks", "5d", "3c"], ante="5.00", play="5.00",
                               pair_plus="5.00")]}
    with contextlib.suppress(InvalidRound):
        games.settle({**base, field: value})


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["seat", "cards", "wagers", "player"]), value=JSON)
def test_any_json_in_a_position_is_settled_or_refused_never_a_crash(field, value):
    position = {**seat(1, ["Ks", "5d", "3c"], ante="5.00", play="5.00"), field: value}
    with contextlib.suppress(InvalidRound):
        games.settle({"game": "three_card_poker", "dealer": ["Qs", "7h", "2d"],
                      "options": OPTIONS, "positions": [position, position]})
