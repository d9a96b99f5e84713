"""Concurrency on PostgreSQL with real threads (each its own database connection), in the one
lock order of ``tables.slips.locks``: two recordings of wins on one meter (one table or linked
tables) are served one after the other, the second fixed against the reseeded meter; a void
and its Envy Bonus's payment never deadlock and never both win; a double-submitted record makes
one slip; numbers stay gapless."""

import pytest
from django.db import connection

from tables.models import JackpotSlip, Meter, SlipStatus
from tables.slips import services as slips
from tables.slips.errors import SlipConflict
from tests.ci import in_ci
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate
from tests.threads import at_once

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db(transaction=True)
RACES = 50


@pytest.fixture(autouse=True)
def _postgresql():
    """Row locks are PostgreSQL's: skipped locally on SQLite, a failure in CI."""
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run the slip concurrency tests on PostgreSQL (DATABASE_URL)")
        pytest.skip("row locks need PostgreSQL")


def royal(seat, suit="h", **others):
    """A royal flush at ``seat`` on the Five-Card Progressive ($1), with ``others`` (seat ->
    cards) holding $1 Five-Card wagers that win nothing but an Envy Bonus."""
    return tcp_round(
        position(seat, f"A{suit} K{suit} Q{suit}", pair_plus="5.00", five_card_progressive="1.00"),
        *(position(int(s[1:]), cards, pair_plus="5.00", five_card_progressive="1.00")
          for s, cards in others.items()),
        community=f"J{suit} T{suit}")


def test_two_royals_on_one_meter_recorded_at_once_are_fixed_one_after_the_other(
        tcp_table, floor_manager):
    # Two rounds, two royal flushes on the Five-Card Progressive (100% of the meter,
    # §649a.12(h)(1)). Whichever recording comes first takes the $20,000 on the meter; the
    # other is fixed against the meter as reseeded: $10,000. Never $20,000 twice.
    def one(seat, suit):
        return lambda: slips.slip_record(table=tcp_table, actor=floor_manager, data={
            "seat": seat, "wager": "five_card_progressive", "round": royal(seat, suit)})

    results = at_once(one(1, "h"), one(2, "s"))
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


def test_records_on_linked_tables_race_without_a_deadlock_or_a_double_meter(
        keystone, table_games_manager, compliance_officer, floor_manager):
    # Two tables of one linked group (§605a.8) share the Five-Card meter ($20,000, reset to
    # $10,000). A royal at each, recorded at once, 50 times: the first race pays $20,000 and
    # $10,000 (the meter as reseeded), every later one $10,000 twice; never a 500.
    tables = sb.linked_tcp_tables(keystone, table_games_manager, compliance_officer,
                                  floor_manager)
    for n in range(RACES):
        results = at_once(*[lambda t=t: slips.slip_record(table=t, actor=floor_manager, data={
            "seat": 1, "wager": "five_card_progressive", "round": royal(1)}) for t in tables])
        assert all(isinstance(r, JackpotSlip) for r in results), (n, results)
        expected = [D("10000.00"), D("20000.00")] if n == 0 else [D("10000.00")] * 2
        assert sorted(r.award for r in results) == expected, n
    meter = Meter.objects.get(linked_group=tables[0].linked_group, key="five_card_progressive")
    assert (meter.hits, meter.total_paid, meter.amount) == (
        2 * RACES, D("20000.00") + D("10000.00") * (2 * RACES - 1), D("10000"))
    numbers = sorted(JackpotSlip.objects.values_list("number", flat=True))
    assert numbers == list(range(1, 2 * RACES + 1))


def test_a_void_and_its_envy_bonus_payment_race_without_a_deadlock(
        tcp_table, record, floorperson, floor_manager, second_floorperson):
    # Slip: seat 1's royal; its companion: seat 3's $1,000 Envy Bonus (§649a.12(h)(5)). One
    # person confirms the parent's void while another pays the Envy Bonus, 50 times: one of the
    # two wins, the other is a 409 (a paid companion is never voided; a void slip is never
    # paid); never a deadlock, never a 500, never both.
    for n in range(RACES):
        slip = validate(record(tcp_table, 1, "five_card_progressive",
                               royal(1, **{"s3": "2s 5c 9d"})), floorperson)
        slips.slip_void(slip=slip, actor=floorperson, data={"reason": f"race {n}"})
        envy = slip.companions.get()
        results = at_once(lambda s=slip: slips.slip_void_confirm(slip=s, actor=floor_manager),
                          lambda e=envy: slips.slip_pay(slip=e, actor=second_floorperson))
        won = [r for r in results if isinstance(r, JackpotSlip)]
        lost = [r for r in results if isinstance(r, SlipConflict)]
        assert (len(won), len(lost)) == (1, 1), (n, results)
        slip.refresh_from_db()
        envy.refresh_from_db()
        assert (slip.status, envy.status) in {(SlipStatus.VOIDED, SlipStatus.VOIDED),
                                              (SlipStatus.VALIDATED, SlipStatus.PAID)}, n
        if slip.status == SlipStatus.VALIDATED:  # the payment won: pay the jackpot too
            slips.slip_pay(slip=slip, actor=second_floorperson)


def test_a_validation_with_envy_and_a_record_at_once_never_deadlock(tcp_table, record,
                                                                    floorperson, floor_manager):
    # A validation locks the jackpot slip and its Envy Bonus slip (step 3); a recording at
    # another table takes its meters (1, 2) and the property's counter (4). Three times over.
    other = sb.open_table(tcp_table.property, tcp_table.submission, "TCP-2", floor_manager)
    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    for n in range(3):
        jackpot = record(tcp_table, 1, "five_card_progressive", royal(1, **{"s3": "2s 5c 9d"}))
        results = at_once(
            lambda slip=jackpot: validate(slip, floorperson),
            lambda: slips.slip_record(table=other, actor=floor_manager, data={
                "seat": 2, "wager": "three_card_progressive", "round": trips}))
        assert all(isinstance(r, JackpotSlip) for r in results), (n, results)
    numbers = sorted(JackpotSlip.objects.values_list("number", flat=True))
    assert numbers == list(range(1, 10))  # 3 x (jackpot, its Envy Bonus, a record)
