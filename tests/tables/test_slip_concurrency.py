"""Concurrency on PostgreSQL with real threads (each its own database connection): two
validations of jackpots on one meter are served one after the other, the second paid from the
reset meter; a double-submitted record makes one slip; numbers stay gapless."""

import pytest
from django.db import connection

from tables.models import JackpotSlip, Meter
from tables.slips import services as slips
from tests.ci import in_ci
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round
from tests.threads import at_once

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql():
    """Row locks are PostgreSQL's: skipped locally on SQLite, a failure in CI."""
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run the slip concurrency tests on PostgreSQL (DATABASE_URL)")
        pytest.skip("row locks need PostgreSQL")


def test_two_royals_on_one_meter_are_paid_one_after_the_other(tcp_table, record, floorperson,
                                                             second_floorperson):
    # Two rounds, two royal flushes on the Five-Card Progressive (100% of the meter,
    # §649a.12(h)(1)). Whichever validation comes first takes the $20,000 on the meter; the
    # other is paid from the meter as reset: $10,000. Never $20,000 twice.
    first = record(tcp_table, 1, "five_card_progressive", tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th"))
    second = record(tcp_table, 2, "five_card_progressive", tcp_round(
        position(2, "As Ks Qs", pair_plus="5.00", five_card_progressive="1.00"),
        community="Js Ts"))
    results = at_once(lambda: slips.slip_validate(slip=first, actor=floorperson),
                           lambda: slips.slip_validate(slip=second, actor=second_floorperson))
    assert all(isinstance(r, JackpotSlip) for r in results), results
    paid = sorted((r.meter_before, r.award, r.meter_after) for r in results)
    assert paid == [(D("10000"), D("10000.00"), D("10000")),
                    (D("20000"), D("20000.00"), D("10000"))]
    meter = Meter.objects.get(table=tcp_table, key="five_card_progressive")
    assert (meter.hits, meter.total_paid, meter.amount) == (2, D("30000.00"), D("10000"))


def test_a_double_submitted_record_makes_one_slip(tcp_table, floor_manager):
    data = {"seat": 1, "wager": "three_card_progressive", "idempotency_key": "double-click",
            "round": tcp_round(position(1, "8s 8h 8d", pair_plus="5.00",
                                        three_card_progressive="1.00"))}
    results = at_once(*[lambda: slips.slip_record(table=tcp_table, data=dict(data),
                                                       actor=floor_manager)] * 4)
    assert all(isinstance(r, JackpotSlip) for r in results), results
    assert {r.pk for r in results} == {JackpotSlip.objects.get().pk}
    assert JackpotSlip.objects.get().number == 1


def test_concurrent_records_are_numbered_without_gaps(tcp_table, floor_manager):
    def one(seat):
        body = tcp_round(position(seat, "8s 8h 8d", pair_plus="5.00",
                                  three_card_progressive="1.00"))
        return lambda: slips.slip_record(table=tcp_table, actor=floor_manager,
                                         data={"seat": seat, "wager": "three_card_progressive",
                                               "round": body})

    results = at_once(*[one(seat) for seat in range(1, 7)])
    assert all(isinstance(r, JackpotSlip) for r in results), results
    assert sorted(r.number for r in results) == [1, 2, 3, 4, 5, 6]


def test_linked_tables_share_the_meter_and_are_served_one_after_the_other(
        keystone, table_games_manager, compliance_officer, floor_manager, floorperson,
        second_floorperson):
    # Two tables of one linked group (§605a.8) share the Five-Card meter ($20,000, reset to
    # $10,000). A royal at each, validated at once: $20,000 to one, $10,000 to the other.
    from tables.meters import services as meters
    from tables.models import LinkedGroup, Table

    terms = sb.approve(keystone, sb.tcp_terms(), table_games_manager, compliance_officer)
    group = LinkedGroup.objects.create(property=keystone, name="Pit 1 link",
                                       game="three_card_poker")
    tables = [Table.objects.create(property=keystone, label=f"L-{n}", game="three_card_poker",
                                   positions=7, status="open", submission=terms,
                                   linked_group=group, progressive_system=f"PTGS-{n}",
                                   progressive_lockout=True) for n in (1, 2)]
    for key in terms.meters:
        meters.meter_seed(table=tables[0], key=key, actor=floor_manager)
    royal = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                      community="Jh Th")
    recorded = [slips.slip_record(table=t, actor=floor_manager, data={
        "seat": 1, "wager": "five_card_progressive", "round": royal}) for t in tables]
    results = at_once(
        lambda: slips.slip_validate(slip=recorded[0], actor=floorperson),
        lambda: slips.slip_validate(slip=recorded[1], actor=second_floorperson))
    assert all(isinstance(r, JackpotSlip) for r in results), results
    assert sorted(r.award for r in results) == [D("10000.00"), D("20000.00")]
    meter = Meter.objects.get(linked_group=group, key="five_card_progressive")
    assert (meter.hits, meter.total_paid, meter.amount) == (2, D("30000.00"), D("10000"))


def test_a_validation_with_envy_and_a_record_at_once_never_deadlock(tcp_table, record,
                                                                    floorperson, floor_manager):
    # Recording takes the property's slip counter, then the audit chain's lock; a validation
    # that numbers Envy Bonus slips takes them in the same order, so the two never wait on
    # each other in a circle (PostgreSQL would abort one as a deadlock). Three times over.
    other = sb.open_table(tcp_table.property, tcp_table.submission, "TCP-2", floor_manager)
    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    for n in range(3):
        jackpot = record(tcp_table, 1, "five_card_progressive", tcp_round(
            position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
            position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
            community="Jh Th"))
        results = at_once(
            lambda slip=jackpot: slips.slip_validate(slip=slip, actor=floorperson),
            lambda: slips.slip_record(table=other, actor=floor_manager, data={
                "seat": 2, "wager": "three_card_progressive", "round": trips}))
        assert all(isinstance(r, JackpotSlip) for r in results), (n, results)
    numbers = sorted(JackpotSlip.objects.values_list("number", flat=True))
    assert numbers == list(range(1, 10))  # 3 x (jackpot, its Envy Bonus, a record)
