"""``manage.py history_status`` (issue 24): each history table's rows, oldest row, how long the
plan keeps it, and whether something is due. Wager events are kept 90 days after they are
applied and reconciled (``WAGER_EVENT_RETENTION_DAYS``), the hourly removal job given a day's
slack; the ledger and the audit log 5 years (§465a.6(c), ``RECORDS_RETENTION_YEARS``)."""

import datetime as dt
import io
import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from casino import retention
from casino.history_status import history_status
from tables.meters import services as meters
from tables.meters.models import WagerEvent
from tests.tables import meter_builders as mb
from tests.tables.test_meter_checkpoints import post


@pytest.fixture
def fed_meter(keystone, table_games_manager, compliance_officer, floor_manager):
    submission = mb.approve(keystone, mb.tcp_terms(), table_games_manager, compliance_officer)
    table = mb.open_table(keystone, submission, "TCP-1")
    meter = meters.meter_seed(table=table, key="five_card_progressive", actor=floor_manager)
    post(table, "e1", "e2")  # received an hour ago
    return meter


def _by_name(now=None):
    return {s.name: s for s in history_status(now)}


def test_each_history_table_with_its_rows_oldest_row_and_period(fed_meter):
    found = _by_name()
    assert list(found) == ["Wager events", "Meter ledger", "Jackpot slips",
                           "Daily meter readings", "Audit log"]
    events, ledger = found["Wager events"], found["Meter ledger"]
    assert (events.table, events.rows, events.kept, events.state, events.due) == (
        "tables_wagerevent", 2, "90 days", "Within the plan", False)
    assert (ledger.rows, ledger.kept) == (2, "5 years")  # the seed; both wagers in one row
    assert events.oldest == WagerEvent.objects.order_by("pk").first().received_at
    assert (found["Jackpot slips"].rows, found["Jackpot slips"].state) == (0, "Empty")
    assert found["Jackpot slips"].kept == "For good"
    assert found["Audit log"].rows > 0 and not found["Audit log"].due


def test_wager_events_past_the_window_and_a_day_mean_the_removal_job_is_behind(fed_meter):
    oldest = WagerEvent.objects.order_by("pk").first().received_at
    on_time = _by_name(oldest + dt.timedelta(days=91))["Wager events"]
    assert (on_time.state, on_time.due) == ("Within the plan", False)
    late = _by_name(oldest + dt.timedelta(days=91, seconds=1))["Wager events"]
    day = timezone.localtime(oldest).date().isoformat()
    assert late.due and late.state == (
        f"Behind: rows from {day} are past 90 days; removed by the hourly job "
        f"tables.remove_old_wager_events: is beat running?")


def test_ledger_and_audit_log_past_five_years_are_ready_to_archive(fed_meter):
    span = retention.records_retention()  # 5 calendar years back from today
    assert 5 * 365 + 1 <= span.days <= 5 * 365 + 2
    now = timezone.now()
    within = _by_name(now + span - dt.timedelta(days=1))
    assert not within["Meter ledger"].due and not within["Audit log"].due
    later = _by_name(now + span + dt.timedelta(days=1))
    assert later["Meter ledger"].due and later["Audit log"].due
    assert later["Meter ledger"].state.startswith("Ready to archive: rows from ")
    assert later["Meter ledger"].state.endswith(
        " are past the 5 years records-retention period; archived with manage.py "
        "archive_meter_ledger")


def test_the_command_prints_a_table_or_json_and_exits_1_when_something_is_due(fed_meter):
    out = io.StringIO()
    call_command("history_status", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ["What", "Rows", "On", "disk", "Oldest", "Kept", "State"]
    assert lines[1].startswith("Wager events") and lines[1].endswith("Within the plan")
    out = io.StringIO()
    call_command("history_status", "--json", stdout=out)
    rows = {r["name"]: r for r in json.loads(out.getvalue())}
    assert rows["Wager events"]["rows"] == 2 and rows["Wager events"]["due"] is False
    WagerEvent.objects.update(received_at=timezone.now() - dt.timedelta(days=92))
    with pytest.raises(SystemExit) as stopped:
        call_command("history_status", stdout=io.StringIO())
    assert stopped.value.code == 1
