"""Meter reconciliation and daily readings (§605a.7: the meters are the record).

Reconciliation: each meter's cached state must equal the sums of its ledger, what the meter,
reserve and overflow hold must equal the initial amount plus contributions, minus hits, plus
resets and approved adjustments (``funded``), and every qualifying wager event applied at its
tables must have been counted once. A mismatch opens a ``ReconciliationAlert`` (dashboard) and
an audit event. Readings: one per meter per ended gaming day, at the property's
``gaming_day_ends``.

The five-minute run reads only what came after the meter's last checkpoint
(``tables.meters.checkpoints``), so it takes the same time in year five as on the first day.
Each meter is read in one snapshot (PostgreSQL ``REPEATABLE READ``): an applier changes the
meter row, its ledger rows and its events in one transaction, so a snapshot sees all of it or
none, and no meter is locked; wagers are never held up by reconciliation. (Called inside a
transaction, as the tests do, the meter is locked for that transaction instead, as before.)
Anything that does not add up, or a checkpoint that does not verify, makes that meter's check
a full one (from its first ledger row, or from the base checkpoint of removed history: wager
events past the dispute window, ledger rows archived after the retention period), and the
full check's findings are the alert's. ``meters_reconcile(full=True)`` (``manage.py
reconcile_meters --full``, the admin's action) checks every meter in full on demand.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone

from casino.audit import audit_record
from casino.models import Property
from casino.snapshots import snapshot
from tables.meters import checkpoints as cp
from tables.meters.models import (
    EntryKind,
    Meter,
    MeterEntry,
    MeterReading,
    ReconciliationAlert,
)
from tables.meters.selectors import contributing_wagers, dollars, owner_tables

ZERO = Decimal(0)
# What reconciliation compares, by the names staff read on the meter page.
CHECKED = {"amount": "Amount shown", "reserve": "Reserve pool", "overflow": "Overflow",
           "contributed": "Contributions", "funded": "Seeds, resets and adjustments",
           "total_paid": "Total paid", "wagers_counted": "Qualifying wagers counted",
           "wagers_sum": "Qualifying wagers summed", "hits": "Hits"}
MONEY_FIELDS = {"amount", "reserve", "overflow", "contributed", "funded", "total_paid",
                "wagers_sum"}


@contextmanager
def _consistent(meter_id: int):
    """The meter, and every read of the block, as of one moment: a read-only snapshot, or
    inside the caller's transaction the meter locked until it ends (as before)."""
    nested = connection.in_atomic_block
    with snapshot():  # no write lock on SQLite (casino.snapshots)
        meters = Meter.objects.select_related("submission")
        if nested:
            yield meters.select_for_update(no_key=True, of=("self",)).get(pk=meter_id)
            return
        yield meters.get(pk=meter_id)


@dataclass
class _Reading:
    """What one check found: its problems and, when there are none, the point reached."""

    problems: list[str]
    reached: cp.Point | None = None


def _when(checkpoint) -> str:
    return f"{timezone.localtime(checkpoint.taken_at):%Y-%m-%d %H:%M}"


def _check(meter_id: int, *, full: bool, settled: int | None) -> _Reading:
    with _consistent(meter_id) as meter:
        stored = cp.checkpoints_of(meter_id)
        base, last = stored.get(cp.BASE), stored.get(cp.RECONCILED)
        problems = []
        if base is not None and not cp.verifies(base):
            problems.append(f"The record of the history removed up to {_when(base)} (wager "
                            f"events, archived ledger rows) was changed after it was written")
        if last is not None and not cp.verifies(last):
            problems.append(f"The reconciliation checkpoint of {_when(last)} was changed "
                            f"after it was written")
            last, full = None, True
        start = cp.point_of(base if full or last is None else last)
        tables = owner_tables(meter)
        feeding = contributing_wagers(meter.submission, meter.key)
        mark = cp.watermark(tables, start.last_event,
                            cp.settled_event() if settled is None else settled)
        if full and last is not None and last.last_entry >= start.last_entry:
            problems += _against_checkpoint(meter, last, start, tables, feeding)
        sums, newest = cp.ledger_after(meter_id, start.last_entry)
        ledger = start.plus(sums)
        events = cp.events_after(meter, tables, feeding, start.last_event, {"mark": mark})
        applied = start.events_applied + events["all"]
        problems += _problems(meter, ledger, applied)
    if problems:
        return _Reading(problems)
    return _Reading([], cp.Point(newest or start.last_entry, mark, ledger,
                                 start.events_applied + events["mark"]))


def _against_checkpoint(meter, last, start: cp.Point, tables, feeding) -> list[str]:
    """A full check also sees whether the ledger before the last checkpoint still adds up to
    what was reconciled then (a row changed or removed since)."""
    sums, _ = cp.ledger_after(meter.pk, start.last_entry, upto=last.last_entry)
    then = start.plus(sums)
    problems = [f"{label}: the reconciliation of {_when(last)} counted "
                f"{_text(f, getattr(last, f))} up to then; the ledger now says {_text(f, then[f])}"
                for f, label in CHECKED.items() if getattr(last, f) != then[f]]
    events = cp.events_after(meter, tables, feeding, start.last_event,
                             {"then": last.last_event})
    found = start.events_applied + events["then"]
    if found < last.events_applied:
        problems.append(f"{last.events_applied - found:,} of the qualifying wagers counted by "
                        f"the reconciliation of {_when(last)} are no longer recorded")
    return problems


def _problems(meter: Meter, ledger: dict, applied: int) -> list[str]:
    problems = [f"{label}: the meter says {_text(field, getattr(meter, field))}, its ledger "
                f"{_text(field, ledger[field])}"
                for field, label in CHECKED.items() if getattr(meter, field) != ledger[field]]
    if applied != meter.wagers_counted:
        problems.append(f"{applied:,} qualifying wagers were applied at its tables since it "
                        f"was seeded; the meter counted {meter.wagers_counted:,}")
    held = meter.amount + meter.reserve + meter.overflow
    expected = ledger["contributed"] + ledger["funded"] - ledger["total_paid"]
    if held != expected:
        problems.append(f"The meter, reserve and overflow hold {dollars(held)}; the initial "
                        f"amount plus contributions, resets and adjustments, minus hits, is "
                        f"{dollars(expected)}")
    return problems


def _text(field: str, value) -> str:
    return dollars(value) if field in MONEY_FIELDS else f"{value:,}"


def meter_problems(meter_id: int, *, full: bool = True, settled: int | None = None,
                   rebuild: bool = False) -> list[str]:
    """What does not add up for one meter, in plain words ([] when all is well). ``full``:
    from the meter's first ledger row (or the base of removed history); otherwise from its
    last checkpoint, falling back to the full check when anything is off. A check that finds
    nothing wrong moves the checkpoint; ``rebuild`` (a person's full reconciliation) replaces
    a checkpoint that did not verify."""
    reading = _check(meter_id, full=full, settled=settled)
    if reading.problems and not full:
        reading = _check(meter_id, full=True, settled=settled)
    if reading.reached is not None:
        cp.checkpoint_save(meter_id=meter_id, kind=cp.RECONCILED, point=reading.reached,
                           replace_newer=rebuild)
    elif rebuild and _only_signatures(reading.problems):
        reading = _rebuild(meter_id, settled)
    return reading.problems


def meter_full_check(meter_id: int, *, keep: bool = True) -> tuple[list[str], int]:
    """A full check of one meter before its ledger is archived (issue 24): what does not add
    up, in words, and the last ledger row the clean check covered (0 when it found problems).
    ``keep``: the clean check moves the reconciled checkpoint, as the five-minute run does; a
    dry run keeps nothing."""
    reading = _check(meter_id, full=True, settled=None)
    if reading.reached is None:
        return reading.problems, 0
    if not keep:
        return [], reading.reached.last_entry
    saved = cp.checkpoint_save(meter_id=meter_id, kind=cp.RECONCILED, point=reading.reached)
    return [], min(saved.last_entry, reading.reached.last_entry)


def _only_signatures(problems: list[str]) -> bool:
    return bool(problems) and all(p.endswith("was changed after it was written")
                                  for p in problems)


def _rebuild(meter_id: int, settled: int | None) -> _Reading:
    """A person asked for a full reconciliation and the meter adds up but for a checkpoint's
    signature: the reconciled checkpoint is taken again from the full check, the base one
    signed again as it stands (audited: someone or something changed it)."""
    from tables.meters.models import MeterCheckpoint

    for checkpoint in MeterCheckpoint.objects.filter(meter_id=meter_id):
        if not cp.verifies(checkpoint):
            point = cp.point_of(checkpoint)
            if checkpoint.kind == cp.RECONCILED:
                checkpoint.delete()
            else:
                cp.checkpoint_save(meter_id=meter_id, kind=checkpoint.kind, point=point,
                                   replace_newer=True)
            audit_record(actor=None, action="tables.meter.checkpoint_rebuilt",
                         target=Meter.objects.get(pk=meter_id),
                         after={"checkpoint": checkpoint.get_kind_display(),
                                "last_entry": point.last_entry,
                                "last_event": point.last_event})
    return _Reading(meter_problems(meter_id, full=True, settled=settled))


@transaction.atomic
def _record(meter_id: int, problems: list[str]) -> ReconciliationAlert | None:
    """Open, keep or resolve the meter's alert (its own short transaction, after the check)."""
    open_alert = ReconciliationAlert.objects.filter(meter_id=meter_id,
                                                    resolved_at__isnull=True).first()
    if not problems:
        if open_alert is not None:
            open_alert.resolved_at = timezone.now()
            open_alert.save(update_fields=["resolved_at"])
            audit_record(actor=None, action="tables.meter.reconciled", target=open_alert.meter,
                         after={"alert": open_alert.pk})
        return None
    if open_alert is not None and open_alert.problems == problems:
        return open_alert
    alert = ReconciliationAlert.objects.create(meter_id=meter_id, problems=problems)
    audit_record(actor=None, action="tables.meter.reconciliation_alert", target=alert.meter,
                 after={"alert": alert.pk, "problems": problems})
    return alert


def meters_reconcile(*, full: bool = False, meters=None) -> list[ReconciliationAlert]:
    """Check every meter (or those of ``meters``, a queryset); the alerts open after the run.
    ``full``: each from its first ledger row, replacing checkpoints that did not verify."""
    settled = cp.settled_event()
    ids = (meters if meters is not None else Meter.objects).values_list("pk", flat=True)
    alerts = [_record(pk, meter_problems(pk, full=full, settled=settled, rebuild=full))
              for pk in ids.order_by("pk")]
    return [a for a in alerts if a is not None]


def open_alerts(property: Property):
    return (ReconciliationAlert.objects.filter(meter__property=property, resolved_at__isnull=True)
            .select_related("meter", "meter__table", "meter__linked_group"))


# --- Gaming days and readings --------------------------------------------------------------------

def gaming_day(property: Property, at: datetime) -> date:
    """The gaming day ``at`` belongs to: a day runs until the property's ``gaming_day_ends``
    the next morning (local time)."""
    local = timezone.localtime(at)
    return local.date() - timedelta(days=1) if local.time() < property.gaming_day_ends \
        else local.date()


def day_end(property: Property, day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day + timedelta(days=1),
                                                property.gaming_day_ends))


def readings_take(now: datetime | None = None) -> list[MeterReading]:
    """A reading of each meter for the last ended gaming day of its property, once."""
    now = now or timezone.now()
    taken = []
    for prop in Property.objects.all():
        day = gaming_day(prop, now) - timedelta(days=1)
        for meter in Meter.objects.filter(property=prop, seeded_at__lt=day_end(prop, day)):
            reading, created = MeterReading.objects.get_or_create(
                meter=meter, gaming_day=day,
                defaults={"amount": meter.amount, "reserve": meter.reserve,
                          "overflow": meter.overflow, "hits": meter.hits,
                          "total_paid": meter.total_paid})
            if created:
                # What audit_verify compares the reading with (issue 28).
                audit_record(actor=None, action="tables.meter.reading", target=reading,
                             property=prop, after={
                                 "meter": meter.pk, "gaming_day": day.isoformat(),
                                 "amount": reading.amount, "reserve": reading.reserve,
                                 "overflow": reading.overflow, "hits": reading.hits,
                                 "total_paid": reading.total_paid})
                taken.append(reading)
    return taken


@dataclass(frozen=True)
class ReportRow:
    reading: MeterReading
    change: Decimal | None
    hits: int | None
    adjusted: Decimal  # approved adjustments during the gaming day
    flagged: bool


def readings_report(property: Property, day: date) -> list[ReportRow]:
    """Each meter's reading for ``day`` beside the day before, with the approved adjustments
    of the day beside it; a decrease with no hit in between is flagged (a meter goes down only
    by a hit or an approved adjustment: the reviewer checks the adjustment)."""
    rows = []
    readings = (MeterReading.objects.filter(meter__property=property, gaming_day=day)
                .select_related("meter", "meter__table", "meter__linked_group"))
    before = {r.meter_id: r for r in MeterReading.objects.filter(
        meter__property=property, gaming_day=day - timedelta(days=1))}
    adjusted = dict(MeterEntry.objects.filter(
        meter__property=property, kind=EntryKind.ADJUSTMENT,
        created_at__gte=day_end(property, day - timedelta(days=1)),
        created_at__lt=day_end(property, day)).values("meter_id")
        .annotate(total=Sum("amount_delta")).values_list("meter_id", "total"))
    for reading in readings.order_by("meter_id"):
        prior = before.get(reading.meter_id)
        change = reading.amount - prior.amount if prior else None
        hits = reading.hits - prior.hits if prior else None
        rows.append(ReportRow(reading, change, hits, adjusted.get(reading.meter_id, ZERO),
                              flagged=change is not None and change < 0 and not hits))
    return rows
