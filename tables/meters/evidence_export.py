"""Progressive meters, their ledger rows and daily readings in the Board's evidence bundle
(issue 28; casino/evidence_bundle.py; §605a.7: the meters and their ledger are the record).

A hit row carries its payment's reference and amount, as the meter's hit event does; a reset
or a reversal its reference. ``tools/verify_evidence.py`` also checks offline that each row
balances and follows the meter's row before it. A contribution row or a reading has no audit
event of its own: the signature and that arithmetic cover it."""

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

from casino.evidence_bundle import Record
from casino.models import AuditEvent
from tables.meters.models import EntryKind, Meter, MeterEntry, MeterReading
from tables.meters.parameters import parameters_dict

AMOUNTS = ("amount_delta", "reserve_delta", "overflow_delta", "amount_after", "contributed",
           "funded", "paid", "wagers_counted", "wagers_sum")
BY_REFERENCE = {EntryKind.HIT: ("reference", "paid"), EntryKind.RESET: ("reference",),
                EntryKind.REVERSAL: ("reference",)}


def _dated(rows, name, start, end):
    if start is not None:
        rows = rows.filter(**{f"{name}__gte": start})
    if end is not None:
        rows = rows.filter(**{f"{name}__lt": end})
    return rows


def meter_records(prop, start, end) -> list[Record]:
    """The meters seeded, or given new parameters, in the period, with their parameters as
    last audited (a meter seeded before it is in the bundle of its own period)."""
    changed = _dated(AuditEvent.objects.filter(
        property=prop, action="tables.meter.parameters",
        target_type=ContentType.objects.get_for_model(Meter)), "created_at", start, end)
    meters = Meter.objects.filter(
        Q(pk__in=[int(pk) for pk in changed.values_list("target_id", flat=True)])
        | Q(pk__in=_dated(Meter.objects.filter(property=prop), "seeded_at", start, end)
            .values("pk"))).select_related("table", "linked_group")
    records = []
    for meter in meters.order_by("pk"):
        params = parameters_dict(meter)
        records.append(Record(
            kind="meter", name=f"Meter {meter}", target=meter,
            values={"key": meter.key, **params, "name": meter.name, "owner": meter.owner_label,
                    "amount": meter.amount, "hits": meter.hits, "total_paid": meter.total_paid,
                    "seeded_at": meter.seeded_at},
            checked={"key": "key", **{name: name for name in params}}))
    return records


def ledger_records(prop, start, end) -> list[Record]:
    rows = _dated(MeterEntry.objects.filter(meter__property=prop), "created_at", start, end)
    names = dict(EntryKind.choices)
    records = []
    for row in rows.select_related("meter").order_by("pk").iterator(chunk_size=2000):
        checked = BY_REFERENCE.get(row.kind, ()) if row.reference else ()
        records.append(Record(
            kind="ledger", name=f"Meter ledger row {row.pk} ({row.meter.name}, "
                                f"{names.get(row.kind, row.kind)})",
            reference=row.reference if checked else "",
            values={"meter": row.meter_id, "kind": row.kind, "created_at": row.created_at,
                    **{name: getattr(row, name) for name in AMOUNTS},
                    "reference": row.reference, "seat": row.seat, "reason": row.reason},
            checked={name: name for name in checked}))
    return records


def reading_records(prop, start, end) -> list[Record]:
    readings = MeterReading.objects.filter(meter__property=prop).select_related("meter")
    if start is not None:
        readings = readings.filter(gaming_day__gte=start.date())
    if end is not None:
        readings = readings.filter(gaming_day__lt=end.date())
    return [Record(kind="reading", name=f"Reading of {r.meter.name} on {r.gaming_day}",
                   values={"meter": r.meter_id, "gaming_day": r.gaming_day,
                           "taken_at": r.taken_at, "amount": r.amount, "reserve": r.reserve,
                           "overflow": r.overflow, "hits": r.hits, "total_paid": r.total_paid})
            for r in readings.order_by("gaming_day", "meter_id")]
