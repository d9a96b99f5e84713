"""The meter ledger archived after the records-retention period (issue 24; §605a.7: the ledger
is the meter's record, kept ``settings.RECORDS_RETENTION_YEARS``, 5 unless the Board says
otherwise). ``manage.py archive_meter_ledger --before YYYY-MM-DD --to FILE`` runs it as the
owner (docs/operator.md, "Archiving the ledger, slips and readings"). In this order, so that a
run stopped anywhere leaves every total right and the next run carries on:

1. refuse a cut inside the retention period, and any meter with an open reconciliation alert
   or whose full reconciliation finds anything (a checkpoint that does not verify included):
   nothing is archived then;
2. each meter's base checkpoint takes in the totals of its rows up to the cut (never past its
   reconciled checkpoint), one short transaction a meter: a full reconciliation reads only the
   rows after the base, so the meter's amount stays the base plus what remains;
3. every row at or below its meter's base goes to FILE (JSON Lines, every field, decimals as
   exact strings), except those still pointed to: a Must-Hit-By trigger's hit, an approved
   adjustment's row, the hit and reset of a jackpot slip not yet paid or void (a void reverses
   them), and the other rows of their references. Kept rows stay, counted by the base alone.
   The file's SHA-256 and rows go into one audit event per property;
4. those rows are deleted in batches of ``BATCH``, one short transaction each.

A re-run writes again whatever is still at or below a base, and deletes it; with nothing left
it writes no file.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, Max, Min, Q
from django.utils import timezone

from casino import retention
from casino.audit import audit_record
from casino.models import AuditEvent, Property
from tables.meters import checkpoints as cp
from tables.meters import hooks
from tables.meters.models import (
    Meter,
    MeterAdjustment,
    MeterEntry,
    MysteryTrigger,
    ReconciliationAlert,
)
from tables.meters.reconciliation import meter_full_check

BATCH = 5000
ACTION = "tables.meter_ledger.archive"
FIELDS = tuple(f.attname for f in MeterEntry._meta.concrete_fields)
DECIMALS = {f.attname for f in MeterEntry._meta.concrete_fields
            if f.get_internal_type() == "DecimalField"}


class ArchiveRefused(Exception):
    """Nothing may be archived; the message says why, in words."""


@dataclass
class MeterPlan:
    """One meter's part: its base now and where it goes, the rows to archive (ids at or
    below ``horizon``, kept ones aside) and when they were recorded."""

    meter: Meter
    base: int
    horizon: int
    going: int = 0
    kept: set[int] = field(default_factory=set)
    oldest: dt.datetime | None = None
    newest: dt.datetime | None = None


@dataclass
class Archive:
    before: dt.date
    plans: list[MeterPlan]
    path: Path | None = None
    sha256: str = ""
    rows: int = 0
    deleted: int = 0
    permission: str = ""  # the Board's written permission to archive inside the period

    @property
    def going(self) -> int:
        return sum(p.going for p in self.plans)

    @property
    def kept(self) -> int:
        return sum(len(p.kept) for p in self.plans)


# --- The cut --------------------------------------------------------------------------------

def check_cut(before: dt.date, permission: str = "") -> None:
    refused = retention.inside_period(before, "ledger rows", permission=permission)
    if refused:
        raise ArchiveRefused(refused)


def _start_of(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))


# --- What may go ------------------------------------------------------------------------------

def _meters():
    return Meter.objects.select_related("property", "table", "linked_group").order_by("pk")


def _checked(meters, *, keep: bool) -> dict[int, int]:
    """Each meter's last ledger row a full reconciliation found correct just now; refuse
    when any meter has an open alert or does not add up."""
    alerts = set(ReconciliationAlert.objects.filter(resolved_at__isnull=True)
                 .values_list("meter_id", flat=True))
    reached, refusals = {}, []
    for meter in meters:
        name = f"{meter.property.name}, {meter}"
        if meter.pk in alerts:
            refusals.append(f"{name}: a reconciliation alert is open (resolve it: "
                            f"reconcile_meters --full)")
        problems, reached[meter.pk] = meter_full_check(meter.pk, keep=keep)
        refusals += [f"{name}: {problem}" for problem in problems]
    if refusals:
        raise ArchiveRefused("Nothing was archived: a ledger is archived only when every "
                             "meter reconciles in full.\n" + "\n".join(refusals))
    return reached


def _kept_rows(meters) -> Q:
    """Rows still pointed to, and the other rows of their references (a payment's hit and
    reset stay together)."""
    pinned = (Q(pk__in=MysteryTrigger.objects.filter(hit_entry__isnull=False)
                .values("hit_entry_id"))
              | Q(pk__in=MeterAdjustment.objects.filter(entry__isnull=False).values("entry_id")))
    references = MeterEntry.objects.filter(pinned).exclude(reference="").values("reference")
    open_slips = [f"jackpot-slip:{slip.pk}" for pending in hooks.pending_jackpots(meters).values()
                  for slip in pending]
    return pinned | Q(reference__in=references) | Q(reference__in=open_slips)


def _horizon(meter_id: int, base: int, cut: dt.datetime, reached: int) -> int:
    """The last row of the meter before its first row recorded at or after the cut, no
    further than the full check reached; never below the base."""
    rows = MeterEntry.objects.filter(meter_id=meter_id, pk__gt=base)
    newer = rows.filter(created_at__gte=cut).order_by("pk").values_list("pk", flat=True).first()
    older = rows.filter(created_at__lt=cut)
    if newer is not None:
        older = older.filter(pk__lt=newer)
    last = older.aggregate(last=Max("pk"))["last"] or 0
    return max(base, min(last, reached))


def plan(before: dt.date, *, keep: bool = False, permission: str = "") -> Archive:
    """What an archive before ``before`` takes, checked (``keep``: the check's checkpoints
    kept, as for the run itself; a dry run changes nothing; ``permission``: the Board's
    written permission to archive inside the retention period, §465a.6(b)(5))."""
    check_cut(before, permission)
    meters = list(_meters())
    reached = _checked(meters, keep=keep)
    kept_rows, cut = _kept_rows(meters), _start_of(before)
    plans = []
    for meter in meters:
        base = cp.point_of(cp.checkpoints_of(meter.pk).get(cp.BASE)).last_entry
        horizon = _horizon(meter.pk, base, cut, reached[meter.pk])
        kept = set(MeterEntry.objects.filter(kept_rows, meter_id=meter.pk, pk__lte=horizon)
                   .values_list("pk", flat=True))
        plans.append(_counted(MeterPlan(meter, base, horizon, kept=kept), horizon))
    return Archive(before, plans)


def _counted(p: MeterPlan, upto: int) -> MeterPlan:
    """The rows of ``p`` at or below ``upto`` but the kept ones, and when they were recorded
    (a stopped run's rows below the base included)."""
    found = MeterEntry.objects.filter(meter_id=p.meter.pk, pk__lte=upto).aggregate(
        n=Count("pk"), oldest=Min("created_at"), newest=Max("created_at"))
    p.going = found["n"] - sum(1 for k in p.kept if k <= upto)
    p.oldest, p.newest = found["oldest"], found["newest"]
    return p


# --- Taking it into the bases, writing it out, deleting it -----------------------------------

@transaction.atomic
def take_into_base(meter_id: int, horizon: int) -> int:
    """The meter's base counts its rows up to ``horizon`` (all of them exist: only rows at or
    below a base are ever deleted); the base's last row after."""
    base = cp.base_locked(meter_id)
    if horizon <= base.last_entry:
        return base.last_entry
    sums, _ = cp.ledger_after(meter_id, base.last_entry, upto=horizon)
    saved = cp.checkpoint_save(meter_id=meter_id, kind=cp.BASE, point=cp.moved(
        base, last_entry=horizon, totals=base.plus(sums)))
    return saved.last_entry


def _rows(meter_id: int, upto: int, kept: set[int]) -> Iterator[dict]:
    after = 0
    while True:
        batch = list(MeterEntry.objects.filter(meter_id=meter_id, pk__gt=after, pk__lte=upto)
                     .order_by("pk").values(*FIELDS)[:BATCH])
        if not batch:
            return
        yield from (row for row in batch if row["id"] not in kept)
        after = batch[-1]["id"]


def _plain(value):
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).isoformat(timespec="microseconds")
    return value


def line(row: dict) -> bytes:
    return (json.dumps({k: _plain(v) for k, v in row.items()}, sort_keys=True)
            + "\n").encode()


def write(archive: Archive, path: Path) -> None:
    """Every row at or below each meter's base but the kept ones into ``path`` (through a
    ``.partial`` file, synced, then renamed: a file of that name is always whole)."""
    digest, rows = hashlib.sha256(), 0
    partial = path.with_name(path.name + ".partial")
    with open(partial, "wb") as out:
        for p in archive.plans:
            for row in _rows(p.meter.pk, p.base, p.kept):
                text = line(row)
                out.write(text)
                digest.update(text)
                rows += 1
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)
    archive.path, archive.sha256, archive.rows = path, digest.hexdigest(), rows


def delete(meter_id: int, upto: int, kept: set[int]) -> int:
    """Delete the meter's rows at or below ``upto`` but the kept ones, a batch at a time."""
    table = connection.ops.quote_name(MeterEntry._meta.db_table)
    after, deleted = 0, 0
    while True:
        ids = list(MeterEntry.objects.filter(meter_id=meter_id, pk__gt=after, pk__lte=upto)
                   .order_by("pk").values_list("pk", flat=True)[:BATCH])
        if not ids:
            return deleted
        stay = [i for i in ids if i in kept]
        sql = f"DELETE FROM {table} WHERE meter_id = %s AND id > %s AND id <= %s"
        if stay:
            sql += f" AND id NOT IN ({', '.join(['%s'] * len(stay))})"
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [meter_id, after, ids[-1], *stay])
            deleted += cursor.rowcount
        after = ids[-1]


def _audit(archive: Archive) -> None:
    by_property: dict[int, list[MeterPlan]] = {}
    for p in archive.plans:
        by_property.setdefault(p.meter.property_id, []).append(p)
    for prop in Property.objects.filter(pk__in=list(by_property)).order_by("pk"):
        plans = by_property[prop.pk]
        audit_record(actor=None, action=ACTION, target=None, property=prop, after={
            "rows": sum(p.going for p in plans), "kept": sum(len(p.kept) for p in plans),
            "meters": sum(1 for p in plans if p.going), "before": archive.before.isoformat(),
            "retention_years": settings.RECORDS_RETENTION_YEARS,
            "file": str(archive.path), "sha256": archive.sha256, "file_rows": archive.rows,
            **({"board_permission": archive.permission} if archive.permission else {})})


def run(before: dt.date, path: Path, permission: str = "") -> Archive:
    """Archive every meter's ledger rows recorded before ``before`` into ``path`` (a new
    file), in the module's order; what was archived (no file when nothing was left)."""
    if path.exists():
        raise ArchiveRefused(f"{path} already exists: each archive is a new file (its SHA-256 "
                             f"is of the whole file). Choose another name; nothing was archived.")
    archive = plan(before, keep=True, permission=permission)
    archive.permission = permission.strip()
    for p in archive.plans:
        # Another run that moved the base further deletes what lies beyond this one's rows.
        p.base = min(take_into_base(p.meter.pk, p.horizon), p.horizon)
        _counted(p, p.base)
    if not archive.going:
        return archive
    write(archive, path)
    _audit(archive)
    archive.deleted = sum(delete(p.meter.pk, p.base, p.kept) for p in archive.plans)
    return archive


# --- Checking a file again --------------------------------------------------------------------

@dataclass
class Checked:
    rows: int
    sha256: str
    problems: list[str]
    recorded: list[AuditEvent]


def verify_file(path: Path) -> Checked:
    """An archive file on its own: each row whole and adding up (``amount_delta +
    reserve_delta + overflow_delta == contributed + funded - paid``), each meter's rows in id
    order; and the audit log's record of the archive with its SHA-256 and rows."""
    digest, rows, problems, last = hashlib.sha256(), 0, [], {}
    with open(path, "rb") as lines:
        for number, text in enumerate(lines, start=1):
            digest.update(text)
            rows += 1
            problems += _row_problems(number, text, last)
    sha = digest.hexdigest()
    recorded = list(AuditEvent.objects.filter(action=ACTION, after__sha256=sha).order_by("pk"))
    if not recorded:
        problems.append("No archive in the audit log has this SHA-256: the file was changed, "
                        "or is not one this site wrote.")
    elif any(event.after.get("file_rows") != rows for event in recorded):
        problems.append(f"The audit log says {recorded[0].after.get('file_rows'):,} rows; the "
                        f"file holds {rows:,}.")
    return Checked(rows, sha, problems, recorded)


def _row_problems(number: int, text: bytes, last: dict) -> list[str]:
    try:
        row = json.loads(text)
        values = {name: Decimal(row[name]) for name in DECIMALS}
        meter, pk = int(row["meter_id"]), int(row["id"])
    except (ValueError, KeyError, TypeError, ArithmeticError):
        return [f"Line {number:,} is not a whole ledger row."]
    problems = []
    if set(row) != set(FIELDS):
        problems.append(f"Line {number:,} (row {pk}) does not hold every field of a ledger row.")
    held = values["amount_delta"] + values["reserve_delta"] + values["overflow_delta"]
    if held != values["contributed"] + values["funded"] - values["paid"]:
        problems.append(f"Row {pk} does not add up: its changes of the meter, reserve and "
                        f"overflow differ from its contributions and funding less its payment.")
    if pk <= last.get(meter, 0):
        problems.append(f"Row {pk} is out of order for meter {meter}.")
    last[meter] = pk
    return problems
