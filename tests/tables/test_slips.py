"""Jackpot slips end to end through the services: recorded from the round as dealt, the amount
fixed and the meter hit when recorded (the jackpot lock), validated by a second person who
confirms every payout, paid, voided by two people. Every amount is worked out by hand from the
chapters' paytables and the seeded meters."""

import pytest
from django.core.exceptions import PermissionDenied

from casino.models import AuditEvent
from tables.models import JackpotSlip, Meter, MeterEntry, SlipKind, SlipStatus
from tables.slips import services as slips
from tables.slips.errors import SlipConflict, SlipError
from tests.frozen import unfrozen
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate, void

tcp_table, holdem_table = sb.tcp_table, sb.holdem_table
second_floorperson, record = sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db

ROYAL_HEARTS = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                         community="Jh Th")


def meter(table, key):
    return Meter.objects.get(table=table, key=key)


def test_a_mini_royal_takes_100_percent_of_the_meter_and_resets_it_when_recorded(
        tcp_table, record, floorperson):
    # §649a.12(e) paytable "trips": mini royal (A-K-Q suited) pays 100% of the $5,000 meter,
    # never from the table inventory (§649a.11(c)(5)(iv)); the meter is hit and reset to
    # $5,000 when the slip is recorded, and validation changes no amount and no meter.
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    assert (slip.number, slip.status, slip.award) == (1, SlipStatus.RECORDED, D("5000.00"))
    assert (slip.meter_before, slip.meter_after) == (D("5000"), D("5000"))
    assert slip.verification == "§649a.11(c)(5)(iii)"
    m = meter(tcp_table, "three_card_progressive")
    assert (m.hits, m.total_paid) == (1, D("5000.00"))
    kinds = list(MeterEntry.objects.filter(reference=slip.meter_reference())
                 .order_by("pk").values_list("kind", flat=True))
    assert kinds == ["hit", "reset"]
    hit = MeterEntry.objects.get(reference=slip.meter_reference(), kind="hit")
    assert (hit.table_id, hit.seat) == (tcp_table.pk, 1)  # the meter page shows where it hit
    ledger = MeterEntry.objects.count()
    slip = validate(slip, floorperson, "5000.00")
    assert slip.status == SlipStatus.VALIDATED and slip.validated_by == floorperson
    assert (slip.award, slip.meter_before, slip.meter_after) == (D("5000.00"), D("5000"),
                                                                 D("5000"))
    assert slip.paid_from == "not_table_inventory" and slip.witness_required
    assert MeterEntry.objects.count() == ledger
    assert AuditEvent.objects.filter(action="tables.slip.validate").count() == 1


def test_ten_percent_of_the_meter_is_taken_when_recorded(tcp_table, record, floorperson):
    # Five-Card Progressive paytable M (§649a.12(h)(1)): straight flush 9-K of hearts is 10%
    # of the $20,000 meter = $2,000; the meter is left at $18,000, no reset.
    body = tcp_round(position(1, "Kh Qh 9h", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")
    slip = record(tcp_table, 1, "five_card_progressive", body)
    assert (slip.odds, slip.award) == ("10% of meter", D("2000.00"))
    assert (slip.meter_before, slip.meter_after) == (D("20000"), D("18000"))
    assert slip.verification == "§649a.11(c)(7)(iii)"
    assert list(MeterEntry.objects.filter(reference=slip.meter_reference())
                .values_list("kind", flat=True)) == ["hit"]
    assert validate(slip, floorperson, "2000.00").award == D("2000.00")


def test_a_for_one_payout_is_paid_from_the_table_inventory(tcp_table, record, floorperson):
    # Trips 8-8-8 on the "trips" paytable: 60 for 1 on $5 = $300, the stake included; no meter.
    body = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    slip = validate(record(tcp_table, 2, "three_card_progressive", body), floorperson, "300.00")
    assert (slip.odds, slip.award, slip.paid_from) == ("60 for 1", D("300.00"), "table_inventory")
    assert slip.meter_before is None and not slip.witness_required
    assert meter(tcp_table, "three_card_progressive").amount == D("5000")


def test_envy_bonuses_are_slips_of_the_recording_validated_with_it(tcp_table, record,
                                                                   floorperson):
    # Seat 1's royal flush (100% of the $20,000 Five-Card meter). Seats 3 ($1) and 5 ($5) had
    # the Five-Card Progressive: Envy $1,000 and $5,000 (§649a.12(h), §649a.11(c)(7)(v)). The
    # three slips are recorded together, their amounts fixed; validating confirms $26,000.
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        position(5, "3s 6c 8d", pair_plus="5.00", five_card_progressive="5.00"),
        community="Jh Th")
    preview = slips.slip_preview(table=tcp_table, data={"seat": 1, "wager":
                                                        "five_card_progressive", "round": body})
    assert [(a.seat, a.award) for a in preview.envy] == [(3, D("1000.00")), (5, D("5000.00"))]
    slip = record(tcp_table, 1, "five_card_progressive", body)
    assert slip.award == D("20000.00") and slip.meter_after == D("10000")
    envy = list(slip.companions.order_by("number"))
    assert [(e.number, e.kind, e.seat, e.award, e.from_seat, e.status) for e in envy] == [
        (2, SlipKind.ENVY, 3, D("1000.00"), "1", SlipStatus.RECORDED),
        (3, SlipKind.ENVY, 5, D("5000.00"), "1", SlipStatus.RECORDED)]
    assert all(e.paid_from == "table_inventory" for e in envy)
    assert {e.wager_name for e in envy} == {"Envy Bonus on the Five-Card Progressive Payout Wager"}
    assert [e.wager_amount for e in envy] == [D("1.00"), D("5.00")]  # their own wagers
    validate(slip, floorperson, "26000.00")
    assert set(JackpotSlip.objects.values_list("status", "validated_by")) == {
        (SlipStatus.VALIDATED, floorperson.pk)}


def test_a_validation_confirms_the_total_it_shows_and_never_changes_an_amount(
        tcp_table, record, floorperson):
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    slip = record(tcp_table, 1, "five_card_progressive", body)  # $20,000 + Envy $1,000
    with pytest.raises(SlipError, match="Required") as refused:
        slips.slip_validate(slip=slip, actor=floorperson, data={})
    assert not isinstance(refused.value, SlipConflict) and list(refused.value.errors) == ["total"]
    with pytest.raises(SlipConflict) as refused:  # the validator saw the jackpot alone
        validate(slip, floorperson, "20000.00")
    assert refused.value.errors["total"] == [
        "The payouts of slip 1 total $21,000.00, not $20,000.00: reload the slip and confirm "
        "the amounts it shows."]
    # A slip whose amount no longer matches the round (here changed behind the services) is
    # not validated at its amount: a disagreement is a void.
    with unfrozen("tables_jackpotslip"):
        JackpotSlip.objects.filter(pk=slip.pk).update(award=D("20021.00"))
    with pytest.raises(SlipConflict) as refused:
        validate(slip, floorperson, "21021.00")
    assert refused.value.errors["award"][0].startswith(
        "Settled again as recorded, the round pays $20,000.00 to seat 1; $1,000.00 to seat 3")
    assert "void the slip" in refused.value.errors["award"][0]
    assert JackpotSlip.objects.filter(status=SlipStatus.RECORDED).count() == 2


def test_the_dealer_hand_bonus_is_split_between_its_bettors(holdem_table, record, floorperson):
    # The dealer's A-K of diamonds and the Flop Q-J-T of diamonds: a royal flush on the
    # dealer's hand, 100% of the $10,000 Five Card Hand Bonus meter divided equally between the
    # two players who wagered on it (§647a.12(e)(2)): $5,000 each; the meter is paid $10,000
    # and resets when the slip is recorded.
    body = {"dealer": ["Ad", "Kd"], "community": ["Qd", "Jd", "Td", "3c", "4s"],
            "positions": [position(n, cards, ante="1.00", flop="2.00",
                                   five_card_hand_bonus_dealer="1.00")
                          for n, cards in ((1, "2h 3h"), (2, "5c 6c"))]}
    slip = record(holdem_table, 1, "five_card_hand_bonus_dealer", body)
    assert slip.award == D("5000.00") and slip.verification == "§647a.11(j)(2)"
    (share,) = slip.companions.all()
    assert (share.kind, share.seat, share.award) == (SlipKind.SHARE, 2, D("5000.00"))
    m = meter(holdem_table, "five_card_hand_bonus")
    assert (m.total_paid, m.amount) == (D("10000.00"), D("10000"))
    validate(slip, floorperson, "10000.00")


def test_a_losing_hand_cannot_be_recorded_and_keeps_the_numbering_gapless(tcp_table, record):
    losing = tcp_round(position(1, "As Kd 7s", pair_plus="5.00", three_card_progressive="1.00"))
    with pytest.raises(SlipError) as refused:
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
    with pytest.raises(SlipError, match="cannot validate"):  # §649a.11(c)(5)(iii)
        validate(slip, floor_manager)
    with pytest.raises(PermissionDenied):  # an auditor validates nothing
        validate(slip, auditor)
    other_manager = make_staff("frank", "floor_manager")  # a floorperson "or above"
    assert validate(slip, other_manager).validated_by == other_manager
    boss = django_user_model.objects.create_superuser("boss", password="x")
    own = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, actor=boss)
    with pytest.raises(SlipError, match="cannot validate"):
        validate(own, boss)
    with pytest.raises(PermissionDenied):
        record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, actor=auditor)


def test_the_same_key_and_body_give_one_slip_and_another_body_is_a_409(tcp_table, record):
    first = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key="k-1")
    again = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key="k-1")
    assert first.pk == again.pk and JackpotSlip.objects.count() == 1
    assert meter(tcp_table, "five_card_progressive").hits == 1  # hit once
    other = tcp_round(position(2, "As Ks Qs", pair_plus="5.00", five_card_progressive="1.00"),
                      community="Js Ts")
    with pytest.raises(SlipConflict) as refused:
        record(tcp_table, 2, "five_card_progressive", other, key="k-1")
    assert refused.value.errors == {"idempotency_key": [
        "This idempotency key recorded slip 1 for another round (table TCP-1, seat 1): a new "
        "recording needs a new key."]}


def test_keys_are_kept_whole_up_to_255_characters_and_must_be_strings(tcp_table, record):
    # Two keys sharing their first 100 characters are two recordings (a key cut to 100 once
    # returned the earlier slip for a different royal flush).
    shared = "x" * 100
    other = tcp_round(position(2, "As Ks Qs", pair_plus="5.00", five_card_progressive="1.00"),
                      community="Js Ts")
    first = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key=shared + "a" * 155)
    second = record(tcp_table, 2, "five_card_progressive", other, key=shared + "b")
    assert first.pk != second.pk and len(first.idempotency_key) == 255
    with pytest.raises(SlipError, match="At most 255 characters") as refused:
        record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key="y" * 256)
    assert not isinstance(refused.value, SlipConflict)
    for wrong in (7, ["k"], {"k": 1}, True):
        with pytest.raises(SlipError) as refused:
            record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS, key=wrong)
        assert refused.value.errors == {"idempotency_key": [
            "A string: the client's key for this one recording."]}
    assert JackpotSlip.objects.count() == 2


def test_paying_never_takes_a_meter_award_from_the_table_inventory(tcp_table, record,
                                                                   floorperson,
                                                                   second_floorperson):
    slip = validate(record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS), floorperson)
    with pytest.raises(SlipError) as refused:
        slips.slip_pay(slip=slip, actor=second_floorperson, data={"paid_from": "table_inventory"})
    assert "§649a.12(h)(1)" in refused.value.errors["paid_from"][0]
    slip = slips.slip_pay(slip=slip, actor=second_floorperson)
    assert (slip.status, slip.paid_by, slip.paid_from) == (
        SlipStatus.PAID, second_floorperson, "not_table_inventory")


def test_a_void_is_asked_then_confirmed_by_another_and_reverses_the_meter(
        tcp_table, record, floorperson, second_floorperson, floor_manager):
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    slip = validate(record(tcp_table, 1, "five_card_progressive", body), floorperson)
    assert meter(tcp_table, "five_card_progressive").amount == D("10000")
    with pytest.raises(SlipError, match="reason is required"):
        slips.slip_void(slip=slip, actor=floorperson, data={})
    with pytest.raises(SlipConflict, match="no void request to confirm"):
        slips.slip_void_confirm(slip=slip, actor=floor_manager)
    slips.slip_void(slip=slip, actor=floorperson, data={"reason": "Wrong seat recorded"})
    # A second request, by anyone, is refused and never taken as a confirmation.
    with pytest.raises(SlipConflict) as refused:
        slips.slip_void(slip=slip, actor=floor_manager, data={"reason": "Duplicate"})
    assert refused.value.errors["void"][0].startswith(
        'Slip 1 already has an open void request, asked by felix: "Wrong seat recorded".')
    slip.refresh_from_db()
    assert (slip.status, slip.void_reason) == (SlipStatus.VALIDATED, "Wrong seat recorded")
    with pytest.raises(SlipError, match="second person"):
        slips.slip_void_confirm(slip=slip, actor=floorperson)
    slip = slips.slip_void_confirm(slip=slip, actor=floor_manager)
    assert (slip.status, slip.voided_by) == (SlipStatus.VOIDED, floor_manager)
    m = meter(tcp_table, "five_card_progressive")
    assert (m.amount, m.hits, m.total_paid) == (D("20000"), 0, D("0"))  # hit and reset reversed
    assert [c.status for c in slip.companions.all()] == [SlipStatus.VOIDED]
    assert AuditEvent.objects.filter(action="tables.slip.void").count() == 2


def test_a_paid_slip_and_a_jackpot_whose_envy_bonus_was_paid_are_never_voided(
        tcp_table, record, floorperson, second_floorperson, floor_manager):
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    slip = validate(record(tcp_table, 1, "five_card_progressive", body), floorperson)
    (envy,) = slip.companions.all()
    with pytest.raises(SlipConflict, match="voided with that slip"):  # never on its own
        slips.slip_void(slip=envy, actor=floorperson, data={"reason": "wrong seat"})
    slips.slip_void(slip=slip, actor=floorperson, data={"reason": "Wrong seat recorded"})
    slips.slip_pay(slip=envy, actor=second_floorperson)  # $1,000 handed to seat 3
    with pytest.raises(SlipConflict) as refused:
        slips.slip_void_confirm(slip=slip, actor=floor_manager)
    assert refused.value.errors["status"] == [
        "Slip 1 was paid (slip 2, Envy Bonus): a paid slip is never voided and nothing goes "
        "back on a meter for money already handed out. A payment made in error is documented "
        "by a two-person meter adjustment (one proposes it with the reason, a second approves "
        "it) and the cage's own records."]
    slips.slip_pay(slip=slip, actor=second_floorperson)
    with pytest.raises(SlipConflict, match="Slip 1 was paid: a paid slip is never voided"):
        slips.slip_void(slip=slip, actor=floor_manager, data={"reason": "late"})
    m = meter(tcp_table, "five_card_progressive")
    assert (m.amount, m.hits) == (D("10000"), 1)  # nothing returned to the meter


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


def test_two_winners_of_one_meter_are_paid_the_meter_in_the_order_recorded(
        tcp_table, record, floorperson, second_floorperson):
    # One round: seat 1 holds a royal flush (A-K-Q of hearts with J-T of hearts), seat 2 a
    # straight flush (9-8-7 of hearts with J-T), both on the Five-Card Progressive (paytable M,
    # §649a.12(h)(1)). Seat 1's slip is recorded first: 100% of $20,000; the meter resets to
    # $10,000; seat 2's then gets 10% of it, $1,000. Each slip gives the other seat its Envy
    # Bonus ($1,000 for the royal, $300 for the straight flush, on $1 wagers, §649a.12(h)(5)).
    body = tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        position(2, "9h 8h 7h", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th")
    royal = record(tcp_table, 1, "five_card_progressive", body)
    straight = record(tcp_table, 2, "five_card_progressive", body)
    assert (royal.number, royal.award, royal.meter_before, royal.meter_after) == (
        1, D("20000.00"), D("20000"), D("10000"))
    assert (straight.number, straight.award, straight.meter_before, straight.meter_after) == (
        3, D("1000.00"), D("10000"), D("9000"))
    assert [(e.seat, e.award) for e in royal.companions.all()] == [(2, D("1000.00"))]
    assert [(e.seat, e.award) for e in straight.companions.all()] == [(1, D("300.00"))]
    royal, straight = validate(royal, floorperson, "21000.00"), validate(straight, floorperson,
                                                                         "1300.00")
    with pytest.raises(SlipConflict) as refused:
        slips.slip_pay(slip=straight, actor=second_floorperson)
    assert refused.value.errors["order"] == [
        "Slip 1 ($20,000.00, table TCP-1, seat 1) was recorded against the Five-Card "
        "Progressive before slip 3: wins on one meter are paid in the order they were "
        "recorded. Pay or void slip 1 first."]
    slips.slip_pay(slip=royal, actor=second_floorperson)
    assert slips.slip_pay(slip=straight, actor=second_floorperson).status == SlipStatus.PAID


def test_a_void_puts_the_meter_back_where_it_would_stand_without_the_win(
        tcp_table, record, floorperson, second_floorperson, floor_manager):
    # Royal (slip 1) takes $20,000 and the meter resets to $10,000; a straight flush recorded
    # after it (slip 2) takes 10% of that, $1,000, leaving $9,000. Voiding slip 1 answers its
    # own hit and reset only: $9,000 + $20,000 - $10,000 = $19,000, the $20,000 before the
    # royal less the $1,000 slip 2 was recorded for (its amount stands).
    royal = record(tcp_table, 1, "five_card_progressive", ROYAL_HEARTS)
    straight = record(tcp_table, 2, "five_card_progressive", tcp_round(
        position(2, "9h 8h 7h", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th"))
    assert meter(tcp_table, "five_card_progressive").amount == D("9000")
    void(royal, floorperson, floor_manager)
    m = meter(tcp_table, "five_card_progressive")
    assert (m.amount, m.hits, m.total_paid) == (D("19000"), 1, D("1000.00"))
    # Slip 2 is now the first unpaid win on the meter: it may be paid.
    straight = validate(straight, floorperson, "1000.00")
    assert slips.slip_pay(slip=straight, actor=second_floorperson).status == SlipStatus.PAID


def test_the_witness_line_follows_the_propertys_threshold(tcp_table, record):
    # Trips 8-8-8 on $5: 60 for 1 = $300. A witness signs above the property's amount
    # (cf. §465a.26(b)(2)): not at exactly $300.00, but at a threshold of $299.99.
    from tables.slips import printing

    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    prop = tcp_table.property
    prop.jackpot_witness_threshold = D("300.00")
    prop.save(update_fields=["jackpot_witness_threshold"])
    assert not record(tcp_table, 2, "three_card_progressive", trips).witness_required
    prop.jackpot_witness_threshold = D("299.99")
    prop.save(update_fields=["jackpot_witness_threshold"])
    slip = record(tcp_table, 2, "three_card_progressive", trips)
    assert slip.witness_required
    assert printing.signature_lines(slip)[-1] == ("Witness (security or cage): amount above "
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
