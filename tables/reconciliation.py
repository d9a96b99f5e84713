"""Meter reconciliation and daily readings (§605a.7: the meters are the record).

Reconciliation: each meter's cached state must equal the sums of its ledger, and what the
meter, reserve and overflow hold must equal the initial amount plus contributions, minus hits,
plus resets and approved adjustments (``funded``). A mismatch opens a ``ReconciliationAlert``
(dashboard) and an audit event. Readings: one per meter per ended gaming day, at the
property's ``gaming_day_ends``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from casino.audit import audit_record
from casino.models import Property
from tables.meters import contributing_wagers, dollars, owner_tables
from tables.models import (
    EntryKind,
    Meter,
    MeterEntry,
    MeterReading,
    ReconciliationAlert,
    WagerEvent,
)

ZERO = Decimal(0)
# What reconciliation compares, by the names staff read on the meter page.
CHECKED = {"amount": "Amount shown", "reserve": "Reserve pool", "overflow": "Overflow",
           "contributed": "Contributions", "funded": "Seeds, resets and adjustments",
           "total_paid": "Total paid", "wagers_counted": "Qualifying wagers counted",
           "wagers_sum": "Qualifying wagers summed", "hits": "Hits"}
MONEY_FIELDS = {"amount", "reserve", "overflow", "contributed", "funded", "total_paid",
                "wagers_sum"}


def _ledger(meter_id: int) -> dict:
    sums = MeterEntry.objects.filter(meter_id=meter_id).aggregate(
        amount=Sum("amount_delta"), reserve=Sum("reserve_delta"),
        overflow=Sum("overflow_delta"), contributed=Sum("contributed"), funded=Sum("funded"),
        total_paid=Sum("paid"), wagers_counted=Sum("wagers_counted"),
        wagers_sum=Sum("wagers_sum"),
        hit_rows=Count("pk", filter=Q(kind=EntryKind.HIT)),
        reversed_hits=Count("pk", filter=Q(kind=EntryKind.REVERSAL, paid__lt=0)))
    sums["hits"] = sums.pop("hit_rows") - sums.pop("reversed_hits")
    return {k: (v if v is not None else ZERO) for k, v in sums.items()}


def _applied_events(meter: Meter) -> int:
    """Wager events of the meter's wagers applied at its tables since it was seeded: each must
    have been counted once (none lost, none doubled)."""
    return WagerEvent.objects.filter(
        table_id__in=owner_tables(meter), wager__in=contributing_wagers(meter.submission,
                                                                        meter.key),
        applied_at__gte=meter.seeded_at).count()


def meter_problems(meter_id: int) -> list[str]:
    """What does not add up for one meter, read with the meter locked (a consistent view)."""
    meter = Meter.objects.select_for_update(no_key=True).get(pk=meter_id)
    ledger = _ledger(meter_id)
    problems = [f"{label}: the meter says {_text(field, getattr(meter, field))}, its ledger "
                f"{_text(field, ledger[field])}"
                for field, label in CHECKED.items() if getattr(meter, field) != ledger[field]]
    applied = _applied_events(meter)
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


@transaction.atomic
def _reconcile_one(meter_id: int) -> ReconciliationAlert | None:
    problems = meter_problems(meter_id)
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


def meters_reconcile() -> list[ReconciliationAlert]:
    """Check every meter; the alerts open after the run."""
    alerts = [_reconcile_one(pk) for pk in Meter.objects.values_list("pk", flat=True)]
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
