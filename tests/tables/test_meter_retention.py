"""Wager events are removed once applied, reconciled and past the dispute window, and every
total still adds up (issue 24). Figures: 0.5% of each $5.00 wager to the meter (§605a.7(a))."""

import datetime as dt
import subprocess
import sys

import pytest
from django.utils import timezone

from casino.models import AuditEvent
from tables.meters import checkpoints, reconciliation, retention
from tables.meters.models import CheckpointKind, Meter, MeterCheckpoint, WagerEvent
from tests.tables import meter_builders as mb
from tests.tables.test_meter_checkpoints import post

pytestmark = pytest.mark.django_db(transaction=True)
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter


def received(days_ago: int, *ids) -> None:
    WagerEvent.objects.filter(event_id__in=ids).update(
        received_at=timezone.now() - dt.timedelta(days=days_ago))


def left() -> list[str]:
    return sorted(WagerEvent.objects.values_list("event_id", flat=True))


def test_reconciled_events_past_the_window_go_and_the_full_reconciliation_still_adds_up(
        tcp_meter, tcp_table, settings, keystone):
    settings.WAGER_EVENT_RETENTION_DAYS = 90
    post(tcp_table, "e1", "e2", "e3", "e4")
    received(100, "e1", "e2", "e3", "e4")
    assert reconciliation.meters_reconcile() == []
    post(tcp_table, "e5", "e6")  # an hour ago: inside the window
    assert retention.wager_events_remove() == {keystone.pk: 4}
    assert left() == ["e5", "e6"]
    base = MeterCheckpoint.objects.get(meter=tcp_meter, kind=CheckpointKind.BASE)
    assert (base.events_applied, base.events_removed) == (4, 4) and checkpoints.verifies(base)
    assert Meter.objects.get().wagers_counted == 6  # 4 removed + 2 kept, all counted once
    assert reconciliation.meters_reconcile(full=True) == []
    event = AuditEvent.objects.get(action="tables.wager_event.remove")
    assert (event.property_id, event.after["events"], event.after["retention_days"]) == (
        keystone.pk, 4, 90)
    assert retention.wager_events_remove() == {}  # nothing more is old enough


def test_an_old_event_not_yet_reconciled_or_applied_is_kept(tcp_meter, tcp_table):
    post(tcp_table, "e1", "e2")
    assert reconciliation.meters_reconcile() == []
    post(tcp_table, "e3")  # applied after the last reconciliation
    post(tcp_table, "e4", apply=False)
    received(200, "e1", "e2", "e3", "e4")
    retention.wager_events_remove()
    assert left() == ["e3", "e4"]
    wagers_apply_and_reconcile(tcp_table)
    retention.wager_events_remove()
    assert left() == []
    assert reconciliation.meters_reconcile(full=True) == []
    assert MeterCheckpoint.objects.get(meter=tcp_meter, kind="base").events_applied == 4


def wagers_apply_and_reconcile(table):
    from tables.meters import wagers
    wagers.wagers_apply(table_id=table.pk)
    assert reconciliation.meters_reconcile() == []


def test_a_removed_event_that_was_never_counted_is_still_found_by_the_full_check(
        tcp_meter, tcp_table):
    """The base counts what was applied, not what the meter says: a lost event stays lost."""
    post(tcp_table, "e1", "e2")
    post(tcp_table, "e3", apply=False)
    WagerEvent.objects.filter(event_id="e3").update(applied_at=timezone.now())  # lost
    [alert] = reconciliation.meters_reconcile()  # 3 applied, 2 counted: no checkpoint
    received(100, "e1", "e2", "e3")
    retention.wager_events_remove()
    assert left() == ["e1", "e2", "e3"]  # nothing goes without a good checkpoint
    assert alert.problems == ["3 qualifying wagers were applied at its tables since it was "
                              "seeded; the meter counted 2"]


def test_the_last_event_received_before_a_time_is_found_by_id(tcp_meter, tcp_table):
    post(tcp_table, *[f"e{n}" for n in range(1, 8)])
    for n in range(1, 8):
        received(10 - n, f"e{n}")  # e1 nine days ago ... e7 three days ago
    ids = {e: pk for e, pk in WagerEvent.objects.values_list("event_id", "pk")}
    now = timezone.now()
    assert retention.received_before(now - dt.timedelta(days=5, hours=12)) == ids["e4"]
    assert retention.received_before(now - dt.timedelta(days=20)) == 0
    assert retention.received_before(now) == ids["e7"]


def test_a_dispute_window_shorter_than_a_week_is_refused_at_start_up():
    answer = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], capture_output=True, text=True,
        env={**_env(), "WAGER_EVENT_RETENTION_DAYS": "3"})
    assert answer.returncode != 0
    assert "WAGER_EVENT_RETENTION_DAYS=3 is shorter than a week" in answer.stderr


def _env() -> dict:
    import os
    return {k: v for k, v in os.environ.items() if k != "WAGER_EVENT_RETENTION_DAYS"} | {
        "DJANGO_SETTINGS_MODULE": "casino.settings"}
