"""Meter services: seeding, exact contributions, hits, resets from the reserve and overflow,
reversals and two-person adjustments. Every figure is worked out by hand from the terms."""

import pytest
from django.db import transaction

from casino.models import AuditEvent
from tables.meters import selectors as meter_selectors
from tables.meters import services as meters
from tables.models import EntryKind, Meter, MeterEntry
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D, approve, open_table, tcp_terms

tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter
linked_tables = mb.linked_tables

pytestmark = pytest.mark.django_db


def events(table, *amounts, start=1):
    """Wager events as the applier hands them over ((pk, table id, seat, wager, amount)), at
    ``table``'s seat 1."""
    return [(start + i, table.pk, 1, "five_card_progressive", D(a)) for i, a in enumerate(amounts)]


def test_a_table_needs_its_meter_seeded_then_shows_it_to_the_engine(tcp_table, floor_manager):
    assert meter_selectors.unseeded_meters(tcp_table) == ["Five-Card Progressive"]
    assert meter_selectors.live_meter_amounts(tcp_table) == {}
    meter = meters.meter_seed(table=tcp_table, key="five_card_progressive", actor=floor_manager)
    assert meter_selectors.unseeded_meters(tcp_table) == []
    assert meter_selectors.live_meter_amounts(tcp_table) == {"five_card_progressive": D("10000"),
                                                    "five_card_progressive_reset": D("10000")}
    seed = meter.entries.get()
    assert (seed.kind, seed.amount_delta, seed.funded) == (EntryKind.SEED, D(10000), D(10000))
    assert AuditEvent.objects.filter(action="tables.meter.seed").count() == 1


def test_a_meter_is_seeded_once_and_only_when_the_terms_need_it(tcp_meter, tcp_table,
                                                                 floor_manager):
    with pytest.raises(meters.MeterError, match="already seeded"):
        meters.meter_seed(table=tcp_table, key="five_card_progressive", actor=floor_manager)
    with pytest.raises(meters.MeterError, match="does not need"):
        meters.meter_seed(table=tcp_table, key="three_card_progressive", actor=floor_manager)


def test_contributions_keep_fractions_of_a_cent(tcp_meter):
    # 0.5% of $5 is 2.5 cents to the meter; 0.25% is 1.25 cents to the reserve (§605a.7(a)).
    with transaction.atomic():
        meter = meters.lock_meters(tcp_meter.table)["five_card_progressive"]
        meters.meter_apply_contributions(meter, events(tcp_meter.table, "5.00", "5.00", "1.00"))
        meter.save()
    meter.refresh_from_db()
    assert meter.amount == D("10000.055")
    assert meter.reserve == D("0.0275")
    assert (meter.wagers_counted, meter.wagers_sum) == (3, D("11.00"))
    assert meter.contributed == D("0.0825")


def test_linked_tables_share_one_meter(linked_tables, floor_manager):
    first, second = linked_tables
    meters.meter_seed(table=first, key="five_card_progressive", actor=floor_manager)
    assert meter_selectors.unseeded_meters(second) == []
    assert Meter.objects.get().linked_group_id == first.linked_group_id
    assert meter_selectors.live_meter_amounts(second) == meter_selectors.live_meter_amounts(first)


def test_a_hit_pays_whole_cents_and_the_reset_draws_on_the_reserve(tcp_meter, floor_manager):
    with transaction.atomic():
        meter = meters.lock_meters(tcp_meter.table)["five_card_progressive"]
        meters.meter_apply_contributions(meter, events(tcp_meter.table, *["1000.00"] * 4))
        meter.save()
    # $4,000 wagered: $20 to the meter (10,020), $10 to the reserve.
    with transaction.atomic():
        meter = meters.lock_meters(tcp_meter.table)["five_card_progressive"]
        meters.meter_pay(meter=meter, amount=D("10020.00"), resets=True, actor=floor_manager,
                         reference="slip-1")
    meter.refresh_from_db()
    assert (meter.amount, meter.reserve, meter.hits, meter.total_paid) == (
        D("10000"), D("0"), 1, D("10020.00"))
    reset = meter.entries.get(kind=EntryKind.RESET)
    # The reset needs $10,000: $10 from the reserve, $9,990 from the house.
    assert (reset.amount_delta, reset.reserve_delta, reset.funded) == (
        D("10000"), D("-10"), D("9990"))


def test_a_meter_never_pays_more_than_it_shows(tcp_meter, floor_manager):
    with transaction.atomic(), pytest.raises(meters.MeterError, match="never goes below"):
        meter = meters.lock_meters(tcp_meter.table)["five_card_progressive"]
        meters.meter_pay(meter=meter, amount=D("10000.01"), resets=False, actor=floor_manager,
                         reference="slip-2")


def test_contributions_above_the_limit_go_to_the_overflow_and_return_at_the_reset(
        keystone, table_games_manager, compliance_officer, floor_manager):
    submission = approve(keystone, tcp_terms(limit="10001.00"), table_games_manager,
                         compliance_officer)
    table = open_table(keystone, submission, "TCP-CAP")
    meter = meters.meter_seed(table=table, key="five_card_progressive", actor=floor_manager)
    assert meter.limit == D("10001.00")
    with transaction.atomic():
        meter = meters.lock_meters(table)["five_card_progressive"]
        meters.meter_apply_contributions(meter, events(table, "500.00", "500.00", "500.00"))
        meter.save()
    # $7.50 to the meter: $1 fills it to the limit, $6.50 overflows.
    assert (meter.amount, meter.overflow) == (D("10001.00"), D("6.50"))
    with transaction.atomic():
        meter = meters.lock_meters(table)["five_card_progressive"]
        meters.meter_pay(meter=meter, amount=D("10001.00"), resets=True, actor=floor_manager,
                         reference="slip-cap")
    # Reset: $1 of overflow back in first (to the limit), then $10,000 - ... : the overflow
    # funds $6.50, the reserve $3.75 (0.25% of $1,500), the house the rest.
    reset = meter.entries.get(kind=EntryKind.RESET)
    assert meter.amount == D("10000")
    assert (reset.overflow_delta, reset.reserve_delta, reset.funded) == (
        D("-6.50"), D("-3.75"), D("9989.75"))


def test_a_voided_payment_is_reversed_once(tcp_meter, floor_manager):
    with transaction.atomic():
        meter = meters.lock_meters(tcp_meter.table)["five_card_progressive"]
        meters.meter_pay(meter=meter, amount=D("2500.00"), resets=False, actor=floor_manager,
                         reference="slip-9")
    meters.meter_payment_reverse(reference="slip-9", actor=floor_manager, reason="wrong seat")
    assert meters.meter_payment_reverse(reference="slip-9", actor=floor_manager,
                                        reason="again") == []
    meter = Meter.objects.get()
    assert (meter.amount, meter.hits, meter.total_paid) == (D("10000"), 0, D("0"))
    assert MeterEntry.objects.filter(kind=EntryKind.REVERSAL).count() == 1


def test_an_adjustment_needs_a_second_person(tcp_meter, floor_manager, compliance_officer):
    adjustment = meters.adjustment_propose(meter=tcp_meter, amount=D("-12.345"),
                                           reason="display fault 11/02", actor=floor_manager)
    assert Meter.objects.get().amount == D("10000")
    with pytest.raises(meters.MeterError, match="second person"):
        meters.adjustment_decide(adjustment=adjustment, actor=floor_manager, approve=True)
    meters.adjustment_decide(adjustment=adjustment, actor=compliance_officer, approve=True)
    assert Meter.objects.get().amount == D("9987.655")
    with pytest.raises(meters.MeterError, match="reason"):
        meters.adjustment_propose(meter=tcp_meter, amount=D("1"), reason=" ",
                                  actor=floor_manager)


def test_parameters_wait_for_the_reset(tcp_meter, keystone, table_games_manager,
                                       compliance_officer, floor_manager, tcp_submission):
    newer = mb.approve_newer(keystone, table_games_manager, compliance_officer,
                             tcp_submission.effective_date, reset="12000.00")
    table = tcp_meter.table
    table.submission = newer  # closed and reopened under the newer version
    table.save()
    assert Meter.objects.get().reset_amount == D("10000.00")
    with transaction.atomic():
        meter = meters.lock_meters(table)["five_card_progressive"]
        meters.meter_pay(meter=meter, amount=D("10000.00"), resets=True, actor=floor_manager,
                         reference="slip-p")
    meter = Meter.objects.get()
    assert (meter.reset_amount, meter.amount, meter.submission_id) == (
        D("12000.00"), D("12000"), newer.pk)


def test_with_every_table_closed_the_version_in_force_takes_effect(
        linked_tables, floor_manager, keystone, table_games_manager, compliance_officer):
    first, second = linked_tables
    meters.meter_seed(table=first, key="five_card_progressive", actor=floor_manager)
    mb.approve_newer(keystone, table_games_manager, compliance_officer,
                     first.submission.effective_date, rate="1")
    first.status = "closed"
    first.save()
    assert meters.meters_adopt_parameters() == []  # the second linked table is still open
    second.status = "closed"
    second.save()
    [meter] = meters.meters_adopt_parameters()
    assert (meter.rate, meter.amount) == (D("1"), D("10000"))
    assert meter.entries.filter(kind=EntryKind.PARAMETERS).count() == 1
