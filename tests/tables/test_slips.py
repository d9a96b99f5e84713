"""Jackpot slips end to end through the services, on PostgreSQL: recorded from the round as
dealt, validated by a second person with the meter as it stands, paid, voided by two people.
Every amount is worked out by hand from the chapters' paytables and the seeded meters."""

import pytest
from django.core.exceptions import PermissionDenied

from casino.models import AuditEvent
from tables import slips
from tables.models import JackpotSlip, Meter, MeterEntry, SlipKind, SlipStatus
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round

tcp_table, holdem_table = sb.tcp_table, sb.holdem_table
second_floorperson, record = sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db

ROYAL_HEARTS = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                         community="Jh Th")


def meter(table, key):
    return Meter.objects.get(table=table, key=key)


def test_a_mini_royal_takes_100_percent_of_the_meter_and_resets_it(tcp_table, record,
                                                                   floorperson):
    # §649a.12(e) paytable "trips": mini royal (A-K-Q suited) pays 100% of the $5,000 meter,
    # never from the table inventory (§649a.11(c)(5)(iv)); the meter resets to $5,000.
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    assert (slip.number, slip.status, slip.award) == (1, SlipStatus.RECORDED, D("5000.00"))
    assert slip.verification == "§649a.11(c)(5)(iii)"
    slip = slips.slip_validate(slip=slip, actor=floorperson)
    assert slip.status == SlipStatus.VALIDATED and slip.validated_by == floorperson
    assert (slip.award, slip.meter_before, slip.meter_after) == (D("5000.00"), D("5000"),
                                                                 D("5000"))
    assert slip.paid_from == "not_table_inventory" and slip.witness_required
    m = meter(tcp_table, "three_card_progressive")
    assert (m.hits, m.total_paid) == (1, D("5000.00"))
    kinds = list(MeterEntry.objects.filter(reference=slip.meter_reference())
                 .order_by("pk").values_list("kind", flat=True))
    assert kinds == ["hit", "reset"]
    hit = MeterEntry.objects.get(reference=slip.meter_reference(), kind="hit")
    assert (hit.table_id, hit.seat) == (tcp_table.pk, 1)  # the meter page shows where it hit
    assert AuditEvent.objects.filter(action="tables.slip.validate").count() == 1


def test_ten_percent_of_the_meter_is_taken_when_validated(tcp_table, record, floorperson):
    # Five-Card Progressive paytable M (§649a.12(h)(1)): straight flush 9-K of hearts is 10%
    # of the $20,000 meter = $2,000; the meter is left at $18,000, no reset.
    body = tcp_round(position(1, "Kh Qh 9h", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")
    slip = slips.slip_validate(slip=record(tcp_table, 1, "five_card_progressive", body),
                               actor=floorperson)
    assert (slip.odds, slip.award) == ("10% of meter", D("2000.00"))
    assert (slip.meter_before, slip.meter_after) == (D("20000"), D("18000"))
    assert slip.verification == "§649a.11(c)(7)(iii)"
    assert list(MeterEntry.objects.filter(reference=slip.meter_reference())
                .values_list("kind", flat=True)) == ["hit"]


def test_a_for_one_payout_is_paid_from_the_table_inventory(tcp_table, record, floorperson):
    # Trips 8-8-8 on the "trips" paytable: 60 for 1 on $5 = $300, the stake included; no meter.
    body = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    slip = slips.slip_validate(slip=record(tcp_table, 2, "three_card_progressive", body),
                               actor=floorperson)
    assert (slip.odds, slip.award, slip.paid_from) == ("60 for 1", D("300.00"), "table_inventory")
    assert slip.meter_before is None and not slip.witness_required
    assert meter(tcp_table, "three_card_progressive").amount == D("5000")


def test_envy_bonuses_go_to_every_other_seat_with_the_wager(tcp_table, record, floorperson):
    # Seat 1's royal flush (100% of the $20,000 Five-Card meter). Seats 3 ($1) and 5 ($5) had
    # the Five-Card Progressive: Envy $1,000 and $5,000 (§649a.12(h), §649a.11(c)(7)(v)).
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        position(5, "3s 6c 8d", pair_plus="5.00", five_card_progressive="5.00"),
        community="Jh Th")
    slip = record(tcp_table, 1, "five_card_progressive", body)
    preview = slips.slip_preview(table=tcp_table, data={"seat": 1, "wager":
                                                        "five_card_progressive", "round": body})
    assert [(a.seat, a.award) for a in preview.envy] == [(3, D("1000.00")), (5, D("5000.00"))]
    slip = slips.slip_validate(slip=slip, actor=floorperson)
    assert slip.award == D("20000.00") and slip.meter_after == D("10000")
    envy = list(slip.companions.order_by("number"))
    assert [(e.number, e.kind, e.seat, e.award, e.from_seat, e.status) for e in envy] == [
        (2, SlipKind.ENVY, 3, D("1000.00"), "1", SlipStatus.VALIDATED),
        (3, SlipKind.ENVY, 5, D("5000.00"), "1", SlipStatus.VALIDATED)]
    assert all(e.paid_from == "table_inventory" for e in envy)
    assert {e.wager_name for e in envy} == {"Envy Bonus on the Five-Card Progressive Payout Wager"}
    assert [e.wager_amount for e in envy] == [D("1.00"), D("5.00")]  # their own wagers


def test_the_dealer_hand_bonus_is_split_between_its_bettors(holdem_table, record, floorperson):
    # The dealer's A-K of diamonds and the Flop Q-J-T of diamonds: a royal flush on the
    # dealer's hand, 100% of the $10,000 Five Card Hand Bonus meter divided equally between the
    # two players who wagered on it (§647a.12(e)(2)): $5,000 each; the meter is paid $10,000
    # and resets.
    body = {"dealer": ["Ad", "Kd"], "community": ["Qd", "Jd", "Td", "3c", "4s"],
            "positions": [position(n, cards, ante="1.00", flop="2.00",
                                   five_card_hand_bonus_dealer="1.00")
                          for n, cards in ((1, "2h 3h"), (2, "5c 6c"))]}
    slip = slips.slip_validate(slip=record(holdem_table, 1, "five_card_hand_bonus_dealer", body),
                               actor=floorperson)
    assert slip.award == D("5000.00") and slip.verification == "§647a.11(j)(2)"
    (share,) = slip.companions.all()
    assert (share.kind, share.seat, share.award) == (SlipKind.SHARE, 2, D("5000.00"))
    m = meter(holdem_table, "five_card_hand_bonus")
    assert (m.total_paid, m.amount) == (D("10000.00"), D("10000"))


def test_a_losing_hand_cannot_be_recorded_and_keeps_the_numbering_gapless(tcp_table, record):
    losing = tcp_round(position(1, "As Kd 7s", pair_plus="5.00", three_card_progressive="1.00"))
    with pytest.raises(slips.SlipError) as refused:
        record(tcp_table, 1, "three_card_progressive", losing)
    assert "does not win" in refused.value.errors["wager"][0]
    assert "§649a.11(c)(5)" in refused.value.errors["wager"][0]
    winning = tcp_round(position(1, "8s 8h 8d", pair_plus="5.00", three_card_progressive="1.00"))
    assert record(tcp_table, 1, "three_card_progressive", winning).number == 1
    assert record(tcp_table, 1, "three_card_progressive", winning).number == 2


def test_the_recorder_never_validates_and_an_auditor_never_records(tcp_table, record,
                                                                   floor_manager, auditor,
                                                                   make_staff,
                                                                   django_user_model):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS)
    with pytest.raises(slips.SlipError, match="cannot validate"):  # §649a.11(c)(5)(iii)
        slips.slip_validate(slip=slip, actor=floor_manager)
    with pytest.raises(PermissionDenied):  # an auditor validates nothing
        slips.slip_validate(slip=slip, actor=auditor)
    other_manager = make_staff("frank", "floor_manager")  # a floorperson "or above"
    assert slips.slip_validate(slip=slip, actor=other_manager).validated_by == other_manager
    boss = django_user_model.objects.create_superuser("boss", password="x")
    own = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, actor=boss)
    with pytest.raises(slips.SlipError, match="cannot validate"):
        slips.slip_validate(slip=own, actor=boss)
    with pytest.raises(PermissionDenied):
        record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, actor=auditor)


def test_the_same_idempotency_key_gives_one_slip(tcp_table, record):
    first = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key="k-1")
    again = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key="k-1")
    assert first.pk == again.pk and JackpotSlip.objects.count() == 1


def test_paying_never_takes_a_meter_award_from_the_table_inventory(tcp_table, record,
                                                                   floorperson,
                                                                   second_floorperson):
    slip = slips.slip_validate(slip=record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS),
                               actor=floorperson)
    with pytest.raises(slips.SlipError) as refused:
        slips.slip_pay(slip=slip, actor=second_floorperson, data={"paid_from": "table_inventory"})
    assert "§649a.12(h)(1)" in refused.value.errors["paid_from"][0]
    slip = slips.slip_pay(slip=slip, actor=second_floorperson)
    assert (slip.status, slip.paid_by, slip.paid_from) == (
        SlipStatus.PAID, second_floorperson, "not_table_inventory")


def test_a_void_needs_a_reason_and_a_second_person_and_reverses_the_meter(
        tcp_table, record, floorperson, second_floorperson, floor_manager):
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    slip = slips.slip_validate(slip=record(tcp_table, 1, "five_card_progressive", body),
                               actor=floorperson)
    assert meter(tcp_table, "five_card_progressive").amount == D("10000")
    with pytest.raises(slips.SlipError, match="reason is required"):
        slips.slip_void(slip=slip, actor=floorperson, data={})
    slips.slip_void(slip=slip, actor=floorperson, data={"reason": "Wrong seat recorded"})
    with pytest.raises(slips.SlipError, match="second person"):
        slips.slip_void(slip=slip, actor=floorperson)
    slip = slips.slip_void(slip=slip, actor=floor_manager)
    assert (slip.status, slip.voided_by) == (SlipStatus.VOIDED, floor_manager)
    m = meter(tcp_table, "five_card_progressive")
    assert (m.amount, m.hits) == (D("20000"), 0)  # the hit and the reset are reversed
    assert [c.status for c in slip.companions.all()] == [SlipStatus.VOIDED]


def test_a_payout_no_clause_asks_to_verify_is_ready_to_pay_as_recorded(tcp_table, record,
                                                                       second_floorperson):
    # Five Card Hand Bonus: kings full (K-K-K with the community 4-4) pays 100 for 1 on $1 =
    # $100 to the game account (§649a.12(i)); only 500 for 1 or a meter share needs a
    # floorperson (§649a.11(c)(8)(ii)), and $100 is below the $1,200 witness threshold.
    body = tcp_round(position(2, "Kc Kd Kh", pair_plus="5.00",
                              five_card_hand_bonus_player="1.00"), community="4s 4c")
    slip = record(tcp_table, 2, "five_card_hand_bonus_player", body)
    assert (slip.status, slip.award, slip.verification, slip.paid_from) == (
        SlipStatus.VALIDATED, D("100.00"), "", "game_account")
    assert slip.validated_by is None
    quads = record(tcp_table, 1, "five_card_hand_bonus_player", tcp_round(
        position(1, "4d 4h 2c", pair_plus="5.00", five_card_hand_bonus_player="1.00"),
        community="4s 4c"))  # 500 for 1 on $1: verified first
    assert (quads.status, quads.award, quads.verification) == (
        SlipStatus.RECORDED, D("500.00"), "§649a.11(c)(8)(ii)")
    assert slips.slip_pay(slip=slip, actor=second_floorperson).status == SlipStatus.PAID


def test_two_winners_of_one_meter_in_a_round_are_each_paid_the_meter_at_validation(
        tcp_table, record, floorperson):
    # One round: seat 1 holds a royal flush (A-K-Q of hearts with J-T of hearts), seat 2 a
    # straight flush (9-8-7 of hearts with J-T), both on the Five-Card Progressive (paytable M,
    # §649a.12(h)(1)). Each slip is paid from the meter when it is validated: seat 1 first,
    # 100% of $20,000; the meter resets to $10,000; seat 2 then gets 10% of it, $1,000. Each
    # slip gives the other seat its Envy Bonus ($1,000 for the royal, $300 for the straight
    # flush, on $1 wagers, §649a.12(h)(5)).
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(2, "9h 8h 7h", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    royal = record(tcp_table, 1, "five_card_progressive", body)
    straight = record(tcp_table, 2, "five_card_progressive", body)
    royal = slips.slip_validate(slip=royal, actor=floorperson)
    straight = slips.slip_validate(slip=straight, actor=floorperson)
    assert (royal.award, royal.meter_before, royal.meter_after) == (
        D("20000.00"), D("20000"), D("10000"))
    assert (straight.award, straight.meter_before, straight.meter_after) == (
        D("1000.00"), D("10000"), D("9000"))
    assert [(e.seat, e.award) for e in royal.companions.all()] == [(2, D("1000.00"))]
    assert [(e.seat, e.award) for e in straight.companions.all()] == [(1, D("300.00"))]


def test_the_witness_line_follows_the_propertys_threshold(tcp_table, record):
    # Trips 8-8-8 on $5: 60 for 1 = $300. A witness signs above the property's amount
    # (cf. §465a.26(b)(2)): not at exactly $300.00, but at a threshold of $299.99.
    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    prop = tcp_table.property
    prop.jackpot_witness_threshold = D("300.00")
    prop.save(update_fields=["jackpot_witness_threshold"])
    assert not record(tcp_table, 2, "three_card_progressive", trips).witness_required
    prop.jackpot_witness_threshold = D("299.99")
    prop.save(update_fields=["jackpot_witness_threshold"])
    slip = record(tcp_table, 2, "three_card_progressive", trips)
    assert slip.witness_required
    assert slips.signature_lines(slip)[-1] == ("Witness (security or cage): amount above "
                                               "$299.99")


def test_each_property_numbers_its_own_slips_from_one(tcp_table, record, make_staff, lakeside):
    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    terms = sb.approve(lakeside, sb.tcp_terms(), make_staff("lt", "table_games_manager",
                                                            property=lakeside),
                       make_staff("lc", "compliance_officer", property=lakeside))
    lars = make_staff("lars", "floor_manager", property=lakeside)
    theirs = sb.open_table(lakeside, terms, "TCP-1", lars)
    assert [record(tcp_table, 2, "three_card_progressive", trips).number for _ in "ab"] == [1, 2]
    assert record(theirs, 2, "three_card_progressive", trips, actor=lars).number == 1
    assert record(tcp_table, 2, "three_card_progressive", trips).number == 3
