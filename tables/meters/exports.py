"""Exports of any size: meter ledgers and daily readings as CSV, streamed (issue 24). Rows are
read in keyset chunks (``keyset``: each chunk one short query that starts after the last row
sent, through an index, no transaction or cursor held open while the download runs), and every
cell is written through ``casino.csv_export`` (no cell a spreadsheet would run as a formula).
Amounts are exact, with every decimal the meter keeps (§605a.7).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date, timedelta

from django.db.models import Q
from django.utils import timezone

from casino.csv_export import streaming_csv
from tables.meters.models import EntryKind, Meter, MeterEntry, MeterReading
from tables.meters.reconciliation import day_end
from tables.meters.selectors import exact

CHUNK = 2000


def _after(order: Sequence[str], last: tuple) -> Q:
    """Rows after ``last`` in ``order`` (a keyset condition; the leading ``>=`` lets the
    index range start there)."""
    condition = Q(**{f"{order[-1]}__gt": last[-1]})
    for i in range(len(order) - 2, -1, -1):
        condition = Q(**{f"{order[i]}__gt": last[i]}) | (Q(**{order[i]: last[i]}) & condition)
    return Q(**{f"{order[0]}__gte": last[0]}) & condition


def keyset(queryset, fields: Sequence[str], order: Sequence[str] = ("pk",),
           size: int = CHUNK) -> Iterator[tuple]:
    """``fields`` of every row of ``queryset`` in ``order`` (unique together), ``size`` at a
    time."""
    last = None
    while True:
        chunk = queryset if last is None else queryset.filter(_after(order, last))
        rows = list(chunk.order_by(*order).values_list(*order, *fields)[:size])
        yield from (row[len(order):] for row in rows)
        if len(rows) < size:
            return
        last = rows[-1][:len(order)]


def _when(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S") if value else ""


def _amount(value) -> str:
    return "" if value is None else exact(value)


# --- Ledgers -------------------------------------------------------------------------------------

LEDGER_HEADER = ["Row", "When", "Meter", "Tables", "What", "Meter change", "Reserve change",
                 "Overflow change", "Meter after", "Contributions",
                 "Seeds, resets and adjustments", "Paid", "Qualifying wagers counted",
                 "Qualifying wagers summed", "Table", "Seat", "Reference", "By", "Reason"]
_LEDGER_FIELDS = ("pk", "created_at", "meter_id", "kind", "amount_delta", "reserve_delta",
                  "overflow_delta", "amount_after", "contributed", "funded", "paid",
                  "wagers_counted", "wagers_sum", "table__label", "seat", "reference",
                  "actor__username", "reason")


def _ledger_rows(entries, meters: dict[int, Meter], order=("pk",)) -> Iterator[list]:
    kinds = dict(EntryKind.choices)
    for (pk, at, meter_id, kind, amount, reserve, overflow, after, contributed, funded, paid,
         counted, summed, table, seat, reference, actor, reason) in keyset(
            entries, _LEDGER_FIELDS, order):
        meter = meters[meter_id]
        yield [pk, _when(at), meter.name, meter.owner_label, kinds.get(kind, kind),
               exact(amount), exact(reserve), exact(overflow), exact(after), exact(contributed),
               exact(funded), paid, counted, summed, table or "", seat or "", reference,
               actor or "", reason]


def _meters(meters) -> dict[int, Meter]:
    return {m.pk: m for m in meters.select_related("table", "linked_group")}


def ledger_csv(meter: Meter):
    """One meter's whole ledger, oldest first."""
    rows = _ledger_rows(MeterEntry.objects.filter(meter=meter), _meters(
        Meter.objects.filter(pk=meter.pk)))
    return streaming_csv(f"meter-ledger-{meter.pk}.csv", LEDGER_HEADER, rows)


def _day_range(property, first: date | None, last: date | None) -> Q:
    """Rows of gaming days ``first`` to ``last`` (either open), by ``created_at``."""
    condition = Q()
    if first is not None:
        condition &= Q(created_at__gte=day_end(property, first - timedelta(days=1)))
    if last is not None:
        condition &= Q(created_at__lt=day_end(property, last))
    return condition


def property_ledger_csv(property, first: date | None = None, last: date | None = None):
    """Every meter's ledger at the property, oldest first, for gaming days ``first`` to
    ``last`` (the whole of it by default): the yearly archive reads this."""
    meters = _meters(Meter.objects.filter(property=property))
    entries = MeterEntry.objects.filter(meter_id__in=list(meters)).filter(
        _day_range(property, first, last))
    # A range is found through the index on the time; the whole ledger in id order.
    order = ("created_at", "pk") if first or last else ("pk",)
    span = f"{first or 'start'}-to-{last or timezone.localdate()}"
    return streaming_csv(f"meter-ledgers-{span}.csv", LEDGER_HEADER,
                         _ledger_rows(entries, meters, order))


# --- Readings ------------------------------------------------------------------------------------

READINGS_HEADER = ["Gaming day", "Meter", "Tables", "Amount", "Reserve", "Overflow",
                   "Change from the day before", "Hits", "Total paid", "Taken at"]


def readings_csv(property, first: date, last: date):
    """Each meter's daily readings from ``first`` to ``last``, meter by meter, with the change
    from the day before."""
    meters = _meters(Meter.objects.filter(property=property))
    readings = MeterReading.objects.filter(meter_id__in=list(meters),
                                           gaming_day__range=(first - timedelta(days=1), last))

    def rows():
        before = None
        for meter_id, day, amount, reserve, overflow, hits, paid, taken in keyset(
                readings, ("meter_id", "gaming_day", "amount", "reserve", "overflow", "hits",
                           "total_paid", "taken_at"), order=("meter_id", "gaming_day")):
            prior = before if before and before[:2] == (meter_id, day - timedelta(days=1)) \
                else None
            before = (meter_id, day, amount)
            if day < first:
                continue
            meter = meters[meter_id]
            yield [day, meter.name, meter.owner_label, exact(amount), exact(reserve),
                   exact(overflow), "" if prior is None else exact(amount - prior[2]), hits,
                   paid, _when(taken)]

    return streaming_csv(f"meter-readings-{first}-to-{last}.csv", READINGS_HEADER, rows())
