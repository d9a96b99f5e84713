"""Exports of any size: meter ledgers and daily readings as CSV, streamed (issue 24). Rows are
read in keyset chunks (``keyset``: each chunk one short query that starts after the last row
sent, through an index, no transaction or cursor held open while the download runs), and every
cell is written through ``casino.csv_export`` (no cell a spreadsheet would run as a formula).
Amounts are exact, with every decimal the meter keeps (§605a.7).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, timedelta

from django.db.models import Q
from django.http import StreamingHttpResponse
from django.utils import timezone

from casino.csv_export import cell, streaming_csv
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


class _Lines:
    def write(self, value):
        return value


def stream(filename: str, header: Sequence[str], rows: Iterable[list], text: set[int],
           size: int = CHUNK) -> StreamingHttpResponse:
    """``rows`` as a CSV download, sent ``size`` rows at a time. The cells at the positions in
    ``text`` (names, references, reasons: what a person typed) go through
    ``casino.csv_export.cell``; the others are numbers and times this module wrote, which no
    spreadsheet reads as a formula. (``casino.csv_export.streaming_csv`` neutralises every
    cell; a ledger has millions of numbers, and this keeps the export fast.)"""
    writer = csv.writer(_Lines())

    def lines():
        yield writer.writerow([cell(h) for h in header])
        batch = []
        for values in rows:
            for i in text:
                values[i] = cell(values[i])
            batch.append(writer.writerow(values))
            if len(batch) >= size:
                yield "".join(batch)
                batch = []
        if batch:
            yield "".join(batch)

    response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class _LocalTimes:
    """Times as staff read them, local; the zone's offset is looked up once per hour of UTC
    (offsets change only on the hour), which keeps a long export fast."""

    def __init__(self):
        self.offsets: dict[int, timedelta] = {}
        self.zone = timezone.get_current_timezone()

    def __call__(self, value: datetime | None) -> str:
        if value is None:
            return ""
        hour = int(value.timestamp()) // 3600
        offset = self.offsets.get(hour)
        if offset is None:
            offset = self.offsets[hour] = value.astimezone(self.zone).utcoffset()
        return (value.replace(tzinfo=None) + offset - (value.utcoffset() or timedelta())
                ).isoformat(" ", "seconds")


def _exact(value) -> str:
    """``selectors.exact`` (every decimal the meter keeps, at least the cents), by string."""
    if value is None:
        return ""
    if not value:
        return "0.00"
    text = str(value)
    if "E" in text:
        return exact(value)
    whole, _, frac = text.partition(".")
    return f"{whole}.{frac.rstrip('0'):0<2}"


# --- Ledgers -------------------------------------------------------------------------------------

LEDGER_HEADER = ["Row", "When", "Meter", "Tables", "What", "Meter change", "Reserve change",
                 "Overflow change", "Meter after", "Contributions",
                 "Seeds, resets and adjustments", "Paid", "Qualifying wagers counted",
                 "Qualifying wagers summed", "Table", "Seat", "Reference", "By", "Reason"]
_LEDGER_FIELDS = ("pk", "created_at", "meter_id", "kind", "amount_delta", "reserve_delta",
                  "overflow_delta", "amount_after", "contributed", "funded", "paid",
                  "wagers_counted", "wagers_sum", "table_id", "seat", "reference", "actor_id",
                  "reason")
_LEDGER_TEXT = {2, 3, 14, 16, 17, 18}  # meter, tables, table, reference, by, reason


class _Names(dict):
    """Id -> name, each looked up once (a few tables and people appear on many rows)."""

    def __init__(self, model, field):
        super().__init__()
        self.model, self.field = model, field

    def __missing__(self, pk):
        self[pk] = "" if pk is None else (self.model.objects.filter(pk=pk).values_list(
            self.field, flat=True).first() or "")
        return self[pk]


def _ledger_rows(entries, meters: dict[int, Meter], order=("pk",)) -> Iterator[list]:
    from django.contrib.auth import get_user_model

    from tables.floor.models import Table

    kinds, when = dict(EntryKind.choices), _LocalTimes()
    tables, people = _Names(Table, "label"), _Names(get_user_model(), "username")
    labels = {pk: (m.name, m.owner_label) for pk, m in meters.items()}
    for (pk, at, meter_id, kind, amount, reserve, overflow, after, contributed, funded, paid,
         counted, summed, table, seat, reference, actor, reason) in keyset(
            entries, _LEDGER_FIELDS, order):
        name, owner = labels[meter_id]
        yield [pk, when(at), name, owner, kinds.get(kind, kind),
               _exact(amount), _exact(reserve), _exact(overflow), _exact(after),
               _exact(contributed), _exact(funded), paid, counted, summed, tables[table],
               seat or "", reference, people[actor], reason]


def _meters(meters) -> dict[int, Meter]:
    return {m.pk: m for m in meters.select_related("table", "linked_group")}


def ledger_csv(meter: Meter):
    """One meter's whole ledger, oldest first."""
    rows = _ledger_rows(MeterEntry.objects.filter(meter=meter), _meters(
        Meter.objects.filter(pk=meter.pk)))
    return stream(f"meter-ledger-{meter.pk}.csv", LEDGER_HEADER, rows, _LEDGER_TEXT)


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
    return stream(f"meter-ledgers-{span}.csv", LEDGER_HEADER,
                  _ledger_rows(entries, meters, order), _LEDGER_TEXT)


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
        before, when = None, _LocalTimes()
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
                   paid, when(taken)]

    return streaming_csv(f"meter-readings-{first}-to-{last}.csv", READINGS_HEADER, rows())
