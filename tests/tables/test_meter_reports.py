"""Reconciliation alerts (dashboard and audit), daily readings with CSV, and the meter pages:
board, meter page, seeding from the table page, two-person adjustments."""

import datetime as dt

import pytest
from django.utils import timezone

from casino.models import AuditEvent
from tables.meters import reconciliation
from tables.meters import services as meters
from tables.models import Meter, MeterReading, ReconciliationAlert
from tests.frozen import unfrozen
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D

pytestmark = pytest.mark.django_db
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter


def test_a_meter_changed_outside_its_ledger_raises_an_alert(tcp_meter, client_for,
                                                             compliance_officer):
    assert reconciliation.meters_reconcile() == []
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("10250.00"))  # behind the ledger
    [alert] = reconciliation.meters_reconcile()
    assert alert.problems[0] == ("Amount shown: the meter says $10,250.00, its ledger "
                                 "$10,000.00")
    assert AuditEvent.objects.filter(action="tables.meter.reconciliation_alert").count() == 1
    assert reconciliation.meters_reconcile() == [alert]  # the same problem: one alert
    page = client_for(compliance_officer).get("/").content.decode()
    assert "Progressive meter reconciliation" in page and "the meter says $10,250.00" in page
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("10000"))
    assert reconciliation.meters_reconcile() == []
    assert ReconciliationAlert.objects.get().resolved_at is not None


def test_gaming_days_end_at_the_propertys_hour(keystone):
    local = timezone.get_current_timezone()
    early = dt.datetime(2026, 11, 30, 5, 59, tzinfo=local)
    assert reconciliation.gaming_day(keystone, early) == dt.date(2026, 11, 29)
    assert reconciliation.gaming_day(keystone, early + dt.timedelta(minutes=1)) == dt.date(
        2026, 11, 30)


def test_daily_readings_flag_a_decrease_without_a_hit(tcp_meter, keystone, client_for,
                                                      auditor):
    local = timezone.get_current_timezone()
    tcp_meter.seeded_at = dt.datetime(2026, 11, 1, 12, tzinfo=local)
    tcp_meter.save()
    day1 = dt.datetime(2026, 11, 3, 7, tzinfo=local)  # after gaming day Nov 2 ended at 6:00
    assert [r.gaming_day for r in reconciliation.readings_take(day1)] == [dt.date(2026, 11, 2)]
    assert reconciliation.readings_take(day1) == []  # once per day
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("9990"))
    reconciliation.readings_take(day1 + dt.timedelta(days=1))
    [row] = reconciliation.readings_report(keystone, dt.date(2026, 11, 3))
    assert (row.change, row.hits, row.flagged) == (D("-10"), 0, True)
    client = client_for(auditor)
    page = client.get("/floor/meters/readings/?day=2026-11-03").content.decode()
    assert "Decrease without a hit" in page
    csv = client.get("/floor/meters/readings/?day=2026-11-03&format=csv").content.decode()
    assert csv.splitlines()[1].split(",")[:7] == [
        "2026-11-03", "Five-Card Progressive", "TCP-1", "9990.00", "0.00", "0.00", "-10.00"]
    assert MeterReading.objects.count() == 2


def test_the_board_and_the_meter_page_never_show_a_trigger(keystone, table_games_manager,
                                                           compliance_officer, floor_manager,
                                                           client_for):
    submission = mb.approve(keystone, mb.mystery_terms(), table_games_manager,
                            compliance_officer)
    table = mb.open_table(keystone, submission, "BAC-1")
    meter = meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)
    from tables.models import MysteryTrigger
    # Set, not left to the draw: a drawn $500.00 would be the maximum, which the page shows.
    MysteryTrigger.objects.filter(meter=meter).update(amount=D("276.43"))
    trigger = MysteryTrigger.objects.get(meter=meter).amount
    client = client_for(floor_manager)
    pages = [client.get(u).content.decode() for u in (
        "/floor/meters/", "/floor/meters/board/", f"/floor/meters/{meter.pk}/",
        f"/floor/meters/{meter.pk}/history.json")]
    assert all(str(trigger) not in p and f"{trigger:,}" not in p for p in pages)
    assert "$100.00 to $500.00" in pages[2]


def test_a_floor_manager_seeds_from_the_table_page(tcp_table, client_for, floor_manager,
                                                   auditor):
    url = f"/floor/tables/{tcp_table.pk}/meters/five_card_progressive/seed/"
    assert client_for(auditor).post(url).status_code == 403
    asked = client_for(floor_manager).post(url)  # a page without htmx asks first (issue 30)
    assert "Seed at $10,000.00" in asked.content.decode() and not Meter.objects.exists()
    client_for(floor_manager).post(url, {"confirm": "yes"})
    assert Meter.objects.get().amount == D("10000")


def test_adjustments_need_two_people_on_the_meter_page(tcp_meter, client_for, floor_manager,
                                                       compliance_officer):
    client_for(floor_manager).post(f"/floor/meters/{tcp_meter.pk}/adjust/",
                                   {"amount": "-0.05", "reason": "display glitch"})
    adjustment = tcp_meter.adjustments.get()
    client_for(floor_manager).post(f"/floor/meters/adjustments/{adjustment.pk}/approve/")
    assert Meter.objects.get().amount == D("10000")
    client_for(compliance_officer).post(f"/floor/meters/adjustments/{adjustment.pk}/approve/")
    assert Meter.objects.get().amount == D("9999.95")
    page = client_for(compliance_officer).get(f"/floor/meters/{tcp_meter.pk}/").content
    assert b"display glitch" in page and b"uPlot.iife.min.js" in page


def test_an_event_marked_applied_but_never_counted_raises_an_alert(tcp_meter, api_for,
                                                                    api_client):
    from tables.meters import wagers
    from tables.models import WagerEvent
    events = [{"id": f"e{n}", "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
               "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(3)]
    api_for(api_client).post("/api/v1/wagers/", events, format="json")
    WagerEvent.objects.filter(event_id="e2").update(applied_at=timezone.now())  # lost
    wagers.wagers_apply(table_id=tcp_meter.table_id)
    [alert] = reconciliation.meters_reconcile()
    assert alert.problems == ["3 qualifying wagers were applied at its tables since it was "
                              "seeded; the meter counted 2"]


def test_the_table_page_offers_seeding_and_the_floor_shows_the_meter(tcp_table, client_for,
                                                                     floor_manager, auditor):
    page = client_for(floor_manager).get(f"/floor/tables/{tcp_table.pk}/").content.decode()
    assert "Seed Five-Card Progressive at its initial amount" in page
    assert "Seed Five-Card" not in client_for(auditor).get(
        f"/floor/tables/{tcp_table.pk}/").content.decode()
    meters.meter_seed(table=tcp_table, key="five_card_progressive", actor=floor_manager)
    floor = client_for(floor_manager).get("/floor/").content.decode()
    assert "Five-Card Progressive <strong>$10,000.00</strong>" in floor


def test_the_readings_show_the_days_approved_adjustments_beside_a_decrease(
        tcp_meter, keystone, client_for, auditor, floor_manager, compliance_officer):
    from tables.models import EntryKind
    local = timezone.get_current_timezone()
    tcp_meter.seeded_at = dt.datetime(2026, 11, 1, 12, tzinfo=local)
    tcp_meter.save()
    reconciliation.readings_take(dt.datetime(2026, 11, 3, 7, tzinfo=local))  # Nov 2: $10,000
    adjustment = meters.adjustment_propose(meter=tcp_meter, amount=D("-12.5"),
                                           reason="display fault", actor=floor_manager)
    meters.adjustment_decide(adjustment=adjustment, actor=compliance_officer, approve=True)
    # Approved at 10:00 on gaming day Nov 3 (it runs to 6:00 on Nov 4).
    with unfrozen("tables_meterentry"):
        tcp_meter.entries.filter(kind=EntryKind.ADJUSTMENT).update(
            created_at=dt.datetime(2026, 11, 3, 10, tzinfo=local))
    reconciliation.readings_take(dt.datetime(2026, 11, 4, 7, tzinfo=local))
    [row] = reconciliation.readings_report(keystone, dt.date(2026, 11, 3))
    assert (row.change, row.hits, row.adjusted, row.flagged) == (D("-12.5"), 0, D("-12.5"),
                                                                 True)
    client = client_for(auditor)
    page = client.get("/floor/meters/readings/?day=2026-11-03").content.decode()
    assert page.count("-$12.50") == 2
    csv = client.get("/floor/meters/readings/?day=2026-11-03&format=csv").content.decode()
    assert csv.splitlines()[1].split(",")[6:9] == ["-12.50", "0", "-12.50"]
