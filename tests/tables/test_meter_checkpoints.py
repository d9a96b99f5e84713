"""Reconciliation from a checkpoint (issue 24): the five-minute run reads what came after the
meter's last checkpoint, in a snapshot that locks nothing; the checkpoint is signed; the full
run starts from the first ledger row and also checks the ledger before the checkpoint.

Figures: Three Card Poker's Five-Card Progressive puts 0.5% of each wager on the meter and
0.25% in the reserve, so four $5.00 wagers ($20.00) add $0.10 and $0.05 to the $10,000.00
seed (§605a.7(a))."""

import datetime as dt

import pytest
from django.db import connection
from django.utils import timezone

from casino.models import AuditEvent
from tables.meters import checkpoints, reconciliation, wagers
from tables.meters.models import (
    CheckpointKind,
    Meter,
    MeterCheckpoint,
    MeterEntry,
    ReconciliationAlert,
    WagerEvent,
)
from tests.frozen import unfrozen
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction: the snapshot path
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter


def post(table, *ids, apply=True):
    events = [{"id": i, "table": table.label, "seat": 1, "wager": "five_card_progressive",
               "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} for i in ids]
    results, _ = wagers.wagers_ingest(property=table.property, events=events)
    assert {r["status"] for r in results} == {"accepted"}
    if apply:
        wagers.wagers_apply(table_id=table.pk)
    # Received an hour ago: settled, so the checkpoint may cover them.
    WagerEvent.objects.filter(event_id__in=ids).update(
        received_at=timezone.now() - dt.timedelta(hours=1))


def reconciled(meter) -> MeterCheckpoint:
    return MeterCheckpoint.objects.get(meter=meter, kind=CheckpointKind.RECONCILED)


def test_the_first_run_signs_a_checkpoint_of_the_ledgers_totals(tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2", "e3", "e4")
    assert reconciliation.meters_reconcile() == []
    point = reconciled(tcp_meter)
    assert (point.amount, point.reserve, point.contributed, point.funded) == (
        D("10000.10"), D("0.05"), D("0.15"), D("10000"))
    assert (point.wagers_counted, point.wagers_sum, point.events_applied) == (4, D("20"), 4)
    assert point.last_entry == MeterEntry.objects.filter(meter=tcp_meter).latest("pk").pk
    assert point.last_event == WagerEvent.objects.get(event_id="e4").pk
    assert checkpoints.verifies(point)


def test_an_unapplied_event_holds_the_checkpoint_below_it(tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2")
    post(tcp_table, "e3", apply=False)
    assert reconciliation.meters_reconcile() == []
    assert reconciled(tcp_meter).last_event == WagerEvent.objects.get(event_id="e2").pk
    assert reconciled(tcp_meter).events_applied == 2
    wagers.wagers_apply(table_id=tcp_table.pk)
    assert reconciliation.meters_reconcile() == []
    assert reconciled(tcp_meter).last_event == WagerEvent.objects.get(event_id="e3").pk
    assert (reconciled(tcp_meter).events_applied, reconciled(tcp_meter).wagers_counted) == (3, 3)


def test_the_run_reads_from_the_checkpoint_and_the_full_run_finds_an_old_row_changed(
        tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2")
    assert reconciliation.meters_reconcile() == []
    seed = MeterEntry.objects.filter(meter=tcp_meter).order_by("pk").first()
    # Seed row and meter changed together, behind the checkpoint: only the full run reads it.
    with unfrozen("tables_meterentry"):
        MeterEntry.objects.filter(pk=seed.pk).update(amount_delta=D("9000"), funded=D("9000"))
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("9000.05"), funded=D("9000"))
    post(tcp_table, "e3", "e4")
    assert reconciliation.meters_reconcile() != []  # the meter no longer matches the checkpoint
    [alert] = reconciliation.meters_reconcile(full=True)
    assert alert.problems[:2] == [
        "Amount shown: the reconciliation of "
        f"{timezone.localtime(reconciled(tcp_meter).taken_at):%Y-%m-%d %H:%M} counted "
        "$10,000.05 up to then; the ledger now says $9,000.05",
        "Seeds, resets and adjustments: the reconciliation of "
        f"{timezone.localtime(reconciled(tcp_meter).taken_at):%Y-%m-%d %H:%M} counted "
        "$10,000.00 up to then; the ledger now says $9,000.00"]


def test_a_checkpoint_changed_in_the_database_raises_an_alert_until_a_full_reconciliation(
        tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2")
    assert reconciliation.meters_reconcile() == []
    MeterCheckpoint.objects.filter(meter=tcp_meter).update(amount=D("10500.05"))
    when = f"{timezone.localtime(reconciled(tcp_meter).taken_at):%Y-%m-%d %H:%M}"
    [alert] = reconciliation.meters_reconcile()
    assert alert.problems == [f"The reconciliation checkpoint of {when} was changed after it "
                              f"was written"]
    assert reconciliation.meters_reconcile() == [alert]  # the beat's runs keep the alert
    assert reconciliation.meters_reconcile(full=True) == []  # a person's full run rebuilds it
    assert ReconciliationAlert.objects.get().resolved_at is not None
    assert reconciled(tcp_meter).amount == D("10000.05") and checkpoints.verifies(
        reconciled(tcp_meter))
    assert AuditEvent.objects.filter(action="tables.meter.checkpoint_rebuilt").count() == 1


def test_an_event_applied_but_never_counted_after_the_checkpoint_is_found(tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2", "e3", "e4")
    assert reconciliation.meters_reconcile() == []
    post(tcp_table, "e5", apply=False)
    WagerEvent.objects.filter(event_id="e5").update(applied_at=timezone.now())  # lost
    [alert] = reconciliation.meters_reconcile()
    assert alert.problems == ["5 qualifying wagers were applied at its tables since it was "
                              "seeded; the meter counted 4"]


def test_a_meter_changed_after_the_checkpoint_reads_as_it_always_did(tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2")
    assert reconciliation.meters_reconcile() == []
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("10250.05"))
    [alert] = reconciliation.meters_reconcile()
    assert alert.problems == [
        "Amount shown: the meter says $10,250.05, its ledger $10,000.05",
        "The meter, reserve and overflow hold $10,250.075; the initial amount plus "
        "contributions, resets and adjustments, minus hits, is $10,000.075"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL")
def test_reconciliation_does_not_wait_for_a_meter_an_applier_holds(tcp_meter, tcp_table):
    """An applier holds the meter's row lock; the run still finishes, because it locks
    nothing (a lock wait would fail at once under ``lock_timeout``)."""
    import psycopg

    post(tcp_table, "e1", "e2")
    s = connection.settings_dict
    applier = psycopg.connect(host=s["HOST"] or "127.0.0.1", port=s["PORT"] or 5432,
                              dbname=s["NAME"], user=s["USER"], password=s["PASSWORD"] or None)
    try:
        applier.execute("SELECT 1 FROM tables_meter WHERE id = %s FOR NO KEY UPDATE",
                        [tcp_meter.pk])
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '100ms'")
        assert reconciliation.meters_reconcile() == []
    finally:
        applier.rollback()
        applier.close()
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert reconciled(tcp_meter).events_applied == 2


def test_the_command_reconciles_in_full_and_fails_on_a_mismatch(tcp_meter, tcp_table, capsys):
    from django.core.management import CommandError, call_command

    post(tcp_table, "e1", "e2")
    call_command("reconcile_meters", "--full")
    assert "1 meters reconciled in full" in capsys.readouterr().out
    assert reconciled(tcp_meter).events_applied == 2
    Meter.objects.filter(pk=tcp_meter.pk).update(wagers_counted=3)
    with pytest.raises(CommandError, match="1 of 1 meters do not add up"):
        call_command("reconcile_meters", "--meter", str(tcp_meter.pk))
    assert ("2 qualifying wagers were applied at its tables since it was seeded; the meter "
            "counted 3") in capsys.readouterr().err
    with pytest.raises(CommandError, match="No such meter: 999999"):
        call_command("reconcile_meters", "--meter", "999999")


def test_the_admin_reconciles_the_chosen_meters_in_full(tcp_meter, tcp_table, django_user_model,
                                                        client):
    post(tcp_table, "e1")
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=D("1"))
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    answer = client.post("/admin/tables/meter/", {"action": "reconcile_fully",
                                                  "_selected_action": [tcp_meter.pk]},
                         follow=True)
    assert "1 of 1 meters do not add up" in answer.content.decode()
    assert ReconciliationAlert.objects.get().problems[0] == (
        "Amount shown: the meter says $1.00, its ledger $10,000.025")
