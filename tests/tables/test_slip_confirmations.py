"""What a person confirms before a slip act (issue 30), in the amounts the services work out:
recording names each amount with the stake in it and the meter's reset, a void names only the
slips it takes, and the floorperson's dashboard lists one validation per jackpot."""

import pytest

from tables.meters import services as meter_services
from tables.models import JackpotSlip, Meter
from tables.slips.confirmations import record_confirmation, stake_words, void_confirmation
from tables.slips.errors import SlipError
from tables.slips.waiting import slips_words, waiting_rows
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round

pytestmark = pytest.mark.django_db
tcp_table, record = sb.tcp_table, sb.record

# Seat 1's royal flush of hearts on a $1.00 Five-Card Progressive (paytable M: 100% of the
# meter, §649a.12(h)(1)); seat 3's $1.00 wager is due the $1,000.00 Envy Bonus (§649a.12(h)(5)).
ROYAL = position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00")
ENVIED = position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00")


def test_an_amount_says_it_holds_the_wager():
    """100 to 1 on $25.00: $2,500.00 won, and the $25.00 back: $2,525.00."""
    assert stake_words(D("2525.00"), D("25.00"), "Pair Plus Wager") == (
        "$2,525.00 is $2,500.00 won and the $25.00 Pair Plus Wager returned with it.")
    assert stake_words(D("1000.00"), D("1.00"), "Envy Bonus", staked=False) == (
        "An Envy Bonus stakes nothing: all of the amount is won.")


def test_recording_names_the_amounts_and_the_meter_reset_from_10750_to_10000(
        tcp_table, floor_manager, compliance_officer):
    """The $20,000.00 meter corrected down by $9,250.00 (two people) shows $10,750.00: the
    royal flush takes 100% of it, $10,750.00 ($10,749.00 won and the $1.00 wager), the Envy
    Bonus $1,000.00, $11,750.00 in all; the meter resets to $10,000.00."""
    meter = Meter.objects.get(table=tcp_table, key="five_card_progressive")
    adjustment = meter_services.adjustment_propose(meter=meter, amount=D("-9250.00"),
                                                   reason="Keyed twice", actor=floor_manager)
    meter_services.adjustment_decide(adjustment=adjustment, actor=compliance_officer,
                                     approve=True)
    body = tcp_round(ROYAL, ENVIED, community="Jh Th")
    asked = record_confirmation(table=tcp_table, actor=floor_manager, data={
        "seat": 1, "wager": "five_card_progressive", "round": body})
    assert asked["lines"][0] == (
        "Seat 1: royal flush (A), the Five-Card Progressive Payout Wager at 100% of meter on "
        "$1.00: $10,750.00. $10,750.00 is $10,749.00 won and the $1.00 Five-Card Progressive "
        "Payout Wager returned with it.")
    assert asked["lines"][1:4] == [
        "Seat 3: Envy Bonus for the royal flush at seat 1: $1,000.00 (it stakes nothing).",
        "2 slips, $11,750.00 in all.",
        "The Five-Card Progressive meter pays $10,750.00 and is reset: from $10,750.00 to "
        "$10,000.00, its reset amount (§605a.7)."]
    assert asked["button"] == "Record the slip: $11,750.00"
    assert not JackpotSlip.objects.exists()  # asking records nothing
    meter.refresh_from_db()
    assert meter.amount == D("10750")


def test_a_losing_hand_has_nothing_to_confirm(tcp_table, floor_manager):
    body = tcp_round(position(1, "2h 7c 9s", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")
    with pytest.raises(SlipError) as refused:
        record_confirmation(table=tcp_table, actor=floor_manager, data={
            "seat": 1, "wager": "five_card_progressive", "round": body})
    assert refused.value.errors["wager"] == [
        "The hand (high card (J-T-9-7-2)) does not win the Five-Card Progressive Payout "
        "Wager (§649a.11(c)(7)): a losing hand is not a jackpot."]  # J♥ 10♥ 9♠ 7♣ 2♥


def test_the_void_names_the_reason_and_only_the_slips_there_are(tcp_table, record,
                                                                floor_manager):
    alone = record(tcp_table, 1, "five_card_progressive", tcp_round(ROYAL, community="Jh Th"))
    sb.slips.slip_void(slip=alone, actor=floor_manager, data={"reason": "Wrong table"})
    alone.refresh_from_db()
    said = void_confirmation(alone, [])
    assert (said["reason"], said["button"], said["done"]) == (
        "Wrong table", f"Confirm the void of slip {alone.number}",
        f"Slip {alone.number} is void.")
    assert not any("Envy" in line for line in said["lines"])

    jackpot = record(tcp_table, 1, "five_card_progressive",
                     tcp_round(ROYAL, ENVIED, community="Jh Th"))
    envy = jackpot.companions.get()
    said = void_confirmation(jackpot, [envy])
    assert said["lines"][1] == f"Envy Bonus slip {envy.number}: $1,000.00 to seat 3."
    assert said["done"] == f"Slips {jackpot.number} and {envy.number} are void."


def test_one_validation_row_per_jackpot_then_one_payment_row_per_slip(
        tcp_table, record, floor_manager, floorperson):
    jackpot = record(tcp_table, 1, "five_card_progressive",
                     tcp_round(ROYAL, ENVIED, community="Jh Th"))
    envy = jackpot.companions.get()
    waiting = list(JackpotSlip.objects.order_by("recorded_at", "number"))
    [row] = waiting_rows(waiting, floorperson)
    assert (row["slip"], row["with"], row["total"], row["own"]) == (
        jackpot, [envy], D("21000.00"), False)
    assert row["button"] == f"Validate slips {jackpot.number} and {envy.number}"
    assert waiting_rows(waiting, floor_manager)[0]["own"] is True
    sb.validate(jackpot, floorperson)
    paying = waiting_rows(list(JackpotSlip.objects.order_by("recorded_at", "number")),
                          floorperson)
    assert [r["button"] for r in paying] == [f"Pay slip {jackpot.number}",
                                             f"Pay slip {envy.number}"]
    assert slips_words([1, 2, 3]) == "slips 1, 2 and 3"
