"""How big each table that grows with history is, how old its oldest row, and whether the
retention plan is keeping up (issue 24; docs/operator.md, "History, retention and growth"):
what a database administrator checks before a backup window or an archive. The tables are
the audit log's (here) and those the apps register (``casino.registry.history_table``).

Row counts on PostgreSQL are the planner's estimate (``pg_class.reltuples``, kept by
autovacuum's ANALYZE): counting 20 million rows would take the minute this is meant to save.
The oldest row is the one with the lowest id, read through the primary key."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.apps import apps
from django.conf import settings
from django.db import connection
from django.utils import timezone

from casino import registry, retention
from casino.formats import day

# Rows older than the removal window by more than this mean the hourly job is behind.
REMOVAL_SLACK = timedelta(days=1)


@dataclass(frozen=True)
class TableStatus:
    name: str
    table: str
    rows: int
    rows_estimated: bool
    size_bytes: int | None  # None on SQLite (no per-table size)
    oldest: datetime | None
    kept: str
    state: str  # in words: "Within the plan", "Ready to archive: ...", "Behind: ..."
    due: bool  # something is to be done (archive or a job that has not run)


AUDIT_LOG = registry.HistoryTable(
    name="Audit log", model="casino.AuditEvent", dated_by="created_at",
    keep_for=retention.records_retention,
    then="archived by chain with manage.py audit_archive", order=90)


def _rows_and_size(table: str, model) -> tuple[int, bool, int | None]:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT c.reltuples::bigint, pg_total_relation_size(c.oid) "
                           "FROM pg_class c WHERE c.oid = %s::regclass", [table])
            estimate, size = cursor.fetchone()
        if estimate >= 0:  # -1: never analysed yet, so count
            return estimate, True, size
        return model.objects.count(), False, size
    return model.objects.count(), False, None


def _kept(span: timedelta | None) -> str:
    if span is None:
        return "For good"
    if span == retention.records_retention():
        years = settings.RECORDS_RETENTION_YEARS
        return f"{years} year{'' if years == 1 else 's'}"
    return f"{span.days} days"


def _state(history: registry.HistoryTable, oldest: datetime | None, span: timedelta | None,
           now: datetime) -> tuple[str, bool]:
    if oldest is None:
        return "Empty", False
    if span is None or now - oldest <= span:
        return "Within the plan", False
    if history.removed_by_job:  # past the window and the slack, the job is behind
        if now - oldest <= span + REMOVAL_SLACK:
            return "Within the plan", False
        return f"Behind: rows from {day(oldest)} are past {_kept(span)}; {history.then}", True
    return (f"Ready to archive: rows from {day(oldest)} are past the {_kept(span)} "
            f"records-retention period; {history.then}"), True


def table_status(history: registry.HistoryTable, now: datetime | None = None) -> TableStatus:
    now = now or timezone.now()
    model = apps.get_model(history.model)
    table = model._meta.db_table
    rows, estimated, size = _rows_and_size(table, model)
    oldest = model.objects.order_by("pk").values_list(history.dated_by, flat=True).first()
    if isinstance(oldest, date) and not isinstance(oldest, datetime):  # a gaming day
        oldest = timezone.make_aware(datetime.combine(oldest, time.min))
    span = history.keep_for()
    state, due = _state(history, oldest, span, now)
    return TableStatus(history.name, table, rows, estimated, size, oldest, _kept(span),
                       state, due)


def history_status(now: datetime | None = None) -> list[TableStatus]:
    """Every registered history table's status, the audit log's last."""
    return [table_status(h, now) for h in sorted([*registry.history_tables(), AUDIT_LOG],
                                                 key=lambda h: h.order)]
