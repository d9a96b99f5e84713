"""The Envy Bonus rule: one bonus per other player's qualifying hand, never for his own hand or
the dealer's (§649a.11(c)(5)(v), §643a.11(f)(3)(iv)(E), §647a.11(i)(5)); amounts by the
receiver's wager (§643a.12(e)(5): $1 -> royal $1,000 / straight flush $300, $5 -> $5,000 /
$1,500)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.envy import (
    EnvyAward,
    can_receive_envy,
    envy_awards,
    envy_lines,
    envy_row,
    envy_wagers,
    verify_envy_amounts,
    verify_envy_wager,
)
from games.errors import GameError
from games.payload import Reader
from games.paytables import parse_paytable
from games.three_card_poker import SPEC

D = Decimal

# The Five-Card Envy Bonus table of §643a.12(e)(5), as catalog rows.
LIR_ENVY = parse_paytable({
    "id": "test.five_card_progressive.T", "game": "test", "wager": "five_card_progressive",
    "name": "T", "citation": "§643a.12(e)", "source": "primary", "basis": "for",
    "rows": [
        {"hand": "royal_flush", "meter_percent": "100"},
        {"hand": "envy_royal_flush", "amount": "1000.00", "when": {"wager": "1.00"}},
        {"hand": "envy_straight_flush", "amount": "300.00", "when": {"wager": "1.00"}},
        {"hand": "envy_royal_flush", "amount": "5000.00", "when": {"wager": "5.00"}},
        {"hand": "envy_straight_flush", "amount": "1500.00", "when": {"wager": "5.00"}},
    ],
})
ANY_WAGER = parse_paytable({
    "id": "test.progressive.U", "game": "test", "wager": "progressive", "name": "U",
    "citation": "§649a.12(e)", "source": "primary",
    "rows": [{"hand": "envy_mini_royal", "amount": "250.00"}],
})


def test_each_eligible_player_gets_one_bonus_per_other_qualifying_hand():
    awards = envy_awards({2: "royal_flush", 5: "straight_flush"}, [1, 2, 3])
    assert awards == (
        EnvyAward(1, 2, "royal_flush"), EnvyAward(1, 5, "straight_flush"),
        EnvyAward(2, 5, "straight_flush"),
        EnvyAward(3, 2, "royal_flush"), EnvyAward(3, 5, "straight_flush"),
    )


def test_no_bonus_for_own_hand():
    assert envy_awards({4: "royal_flush"}, [4]) == ()


def test_a_hand_at_another_box_of_the_same_player_is_his_own_hand():
    owners = {3: "ann", 4: "ann", 6: "bob"}
    assert envy_awards({4: "mini_royal"}, [3, 6], owners=owners) == (
        EnvyAward(6, 4, "mini_royal"),
    )


def test_players_without_an_owner_are_never_the_same_player():
    assert envy_awards({4: "mini_royal"}, [3], owners={6: "bob"}) == (
        EnvyAward(3, 4, "mini_royal"),
    )


def test_nobody_eligible_means_no_awards():
    assert envy_awards({1: "royal_flush"}, []) == ()


@given(
    holders=st.dictionaries(st.integers(1, 7), st.sampled_from(["royal_flush", "straight_flush"])),
    eligible=st.sets(st.integers(1, 7)),
)
def test_award_count_is_other_holders_per_eligible_seat(holders, eligible):
    awards = envy_awards(holders, eligible)
    assert len(awards) == sum(len(set(holders) - {seat}) for seat in eligible)
    assert all(a.seat != a.from_seat for a in awards)


def test_amount_follows_the_receivers_wager():
    assert envy_row(LIR_ENVY, "royal_flush", D("1.00")).value == D("1000.00")
    assert envy_row(LIR_ENVY, "straight_flush", D("5.00")).value == D("1500.00")
    assert envy_row(LIR_ENVY, "straight_flush", D("2.00")) is None


def test_a_row_without_a_wager_condition_pays_any_wager():
    assert envy_row(ANY_WAGER, "mini_royal", D("3.00")).value == D("250.00")
    assert envy_wagers(ANY_WAGER) == ()
    assert can_receive_envy(ANY_WAGER, D("3.00"))


def test_only_the_listed_wagers_can_receive():
    assert envy_wagers(LIR_ENVY) == (D("1.00"), D("5.00"))
    assert can_receive_envy(LIR_ENVY, D("5.00"))
    assert not can_receive_envy(LIR_ENVY, D("2.00"))
    verify_envy_wager(LIR_ENVY, D("1.00"), "§643a.12(e)(5)")
    with pytest.raises(GameError, match=r"\$1.00, \$5.00 only \(§643a.12\(e\)\(5\)\)"):
        verify_envy_wager(LIR_ENVY, D("2.00"), "§643a.12(e)(5)")


def test_each_position_with_an_unlisted_wager_is_refused_by_its_field():
    """§643a.12(e)(5): Envy amounts are "based upon the amount of the Progressive Payout
    Wager": $2 has none, $5 has, a position without the wager is not asked."""
    reader = Reader({}, SPEC)
    positions = [{"path": "positions[0]", "wagers": {"five_card_progressive": D("2.00")}},
                 {"path": "positions[1]", "wagers": {"five_card_progressive": D("5.00")}},
                 {"path": "positions[2]", "wagers": {}}]
    verify_envy_amounts(reader, positions, "five_card_progressive", LIR_ENVY,
                        name="Five-Card Progressive Payout Wager", rule="§643a.12(e)(5)")
    assert reader.errors == {"positions[0].wagers.five_card_progressive": [
        "Five-Card Progressive Payout Wager: the Envy Bonus of paytable T is set for wagers "
        "of $1.00, $5.00 only (§643a.12(e)(5)); $2.00 has no Envy amount"]}


def test_lines_pay_the_fixed_sum_with_no_stake():
    awards = envy_awards({2: "royal_flush", 5: "straight_flush"}, [2, 3])
    lines = envy_lines(awards, LIR_ENVY, {2: D("5.00"), 3: D("1.00")},
                       line_wager="five_card_envy_bonus", rule="§643a.12(e)(5)")
    # Seat 2 ($5 wager) envies seat 5's straight flush: $1,500. Seat 3 ($1) envies both:
    # $1,000 + $300.
    assert [(line.net, line.from_seat, line.hand) for line in lines[2]] == [
        (D("1500.00"), 5, "straight flush"),
    ]
    assert [(line.net, line.from_seat) for line in lines[3]] == [
        (D("1000.00"), 2), (D("300.00"), 5),
    ]
    first = lines[3][0].as_dict()
    assert first["wager"] == "five_card_envy_bonus"
    assert first["amount"] == "0.00"
    assert first["odds"] == "$1,000.00"
    assert first["rule"] == "§643a.12(e)(5)"
    assert first["paid_from"] == "table_inventory"


def test_a_hand_the_table_pays_no_envy_for_gives_no_line():
    awards = envy_awards({2: "four_of_a_kind"}, [3])
    assert envy_lines(awards, LIR_ENVY, {3: D("1.00")}, line_wager="x", rule="§1") == {}
