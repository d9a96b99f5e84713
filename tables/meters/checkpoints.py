"""What reconciliation has verified of a meter, kept so the next run reads only what is new
(§605a.7: the meters are the record, and they are checked against their ledger).

A checkpoint holds the ledger's totals up to ``last_entry`` and the count of the meter's
qualifying wager events applied up to ``last_event``. The ``reconciled`` one is where the last
run that found nothing wrong got to; the ``base`` one holds what no longer exists (wager events
removed after the dispute window, ``tables.meters.retention``, and ledger rows archived after
the records-retention period, ``tables.meters.ledger_archive``), where a full check starts: it
counts every ledger row up to its ``last_entry``, deleted or kept, and a full check reads only
the rows after it, so a row kept below it is never counted twice.
Each is signed with an HMAC of the site's key (``SECRET_KEY``, or one of its fallbacks after a
rotation): a checkpoint changed in the database no longer verifies.

Ledger rows of one meter are written only with the meter locked, so they commit in id order:
a snapshot sees every row up to its newest. Wager events are inserted by ingestion without
that lock, so an event's id can be taken before an earlier id commits; ``last_event`` is
therefore only ever moved to a point below which every event of the meter's tables is applied
and was received ``SETTLE`` ago (``settled_event``).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field, replace
from datetime import UTC, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Min, Q, Sum
from django.utils import timezone
from django.utils.crypto import salted_hmac

from tables.meters.models import (
    CheckpointKind,
    EntryKind,
    Meter,
    MeterCheckpoint,
    MeterEntry,
    WagerEvent,
)

ZERO = Decimal(0)
TOTAL_FIELDS = ("amount", "reserve", "overflow", "contributed", "funded", "total_paid",
                "wagers_counted", "wagers_sum", "hits")
# An insert of wager events takes milliseconds; one still invisible a minute after its events
# were received would be a stuck connection, not a race (see the module's docstring).
SETTLE = timedelta(seconds=60)
_SALT = "tables.meters.checkpoint"


@dataclass(frozen=True)
class Point:
    """Totals of a meter's history up to a ledger row and a wager event (both ids)."""

    last_entry: int = 0
    last_event: int = 0
    totals: dict = field(default_factory=lambda: {f: (0 if f in ("wagers_counted", "hits")
                                                      else ZERO) for f in TOTAL_FIELDS})
    events_applied: int = 0
    events_removed: int = 0
    taken_at: object = None

    def plus(self, sums: dict) -> dict:
        return {f: self.totals[f] + sums[f] for f in TOTAL_FIELDS}


def point_of(checkpoint: MeterCheckpoint | None) -> Point:
    if checkpoint is None:
        return Point()
    return Point(checkpoint.last_entry, checkpoint.last_event,
                 {f: getattr(checkpoint, f) for f in TOTAL_FIELDS}, checkpoint.events_applied,
                 checkpoint.events_removed, checkpoint.taken_at)


# --- Reading what came after a point -------------------------------------------------------------

def ledger_after(meter_id: int, after: int, upto: int | None = None) -> tuple[dict, int | None]:
    """Sums of the meter's ledger rows after id ``after`` (up to ``upto``), and the last id."""
    rows = MeterEntry.objects.filter(meter_id=meter_id, pk__gt=after)
    if upto is not None:
        rows = rows.filter(pk__lte=upto)
    sums = rows.aggregate(
        amount=Sum("amount_delta"), reserve=Sum("reserve_delta"),
        overflow=Sum("overflow_delta"), contributed=Sum("contributed"), funded=Sum("funded"),
        total_paid=Sum("paid"), wagers_counted=Sum("wagers_counted"),
        wagers_sum=Sum("wagers_sum"), hit_rows=Count("pk", filter=Q(kind=EntryKind.HIT)),
        reversed_hits=Count("pk", filter=Q(kind=EntryKind.REVERSAL, paid__lt=0)),
        last=Max("pk"))
    sums["hits"] = sums.pop("hit_rows") - sums.pop("reversed_hits")
    last = sums.pop("last")
    return {k: (v if v is not None else ZERO) for k, v in sums.items()}, last


def events_after(meter: Meter, tables: list[int], feeding, after: int,
                 marks: dict[str, int]) -> dict[str, int]:
    """The meter's qualifying wager events applied since it was seeded, with an id after
    ``after``: ``all`` of them, and for each name in ``marks`` those up to that id."""
    counts = {name: Count("pk", filter=Q(pk__lte=mark)) for name, mark in marks.items()}
    return WagerEvent.objects.filter(
        table_id__in=tables, wager__in=feeding, applied_at__isnull=False,
        applied_at__gte=meter.seeded_at, pk__gt=after).aggregate(all=Count("pk"), **counts)


def settled_event(now=None) -> int:
    """The newest wager event received ``SETTLE`` ago or more (of any table): no event with
    a smaller id can still be on its way in. 0 when there is none."""
    cutoff = (now or timezone.now()) - SETTLE
    last = (WagerEvent.objects.filter(received_at__lt=cutoff).order_by("-pk")
            .values_list("pk", flat=True).first())
    return last or 0


def watermark(tables: list[int], after: int, settled: int) -> int:
    """How far ``last_event`` may move: below the first unapplied event of the tables and no
    further than ``settled``; never back."""
    first_unapplied = (WagerEvent.objects.filter(table_id__in=tables, applied_at__isnull=True)
                       .aggregate(first=Min("pk"))["first"])
    mark = settled if first_unapplied is None else min(settled, first_unapplied - 1)
    return max(after, mark)


# --- Signing -----------------------------------------------------------------------------------

def _text(value) -> str:
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if hasattr(value, "astimezone"):
        return value.astimezone(UTC).isoformat(timespec="microseconds")
    return str(value)


def _body(checkpoint: MeterCheckpoint) -> str:
    names = ("meter_id", "kind", "taken_at", "last_entry", "last_event", *TOTAL_FIELDS,
             "events_applied", "events_removed")
    return "|".join(f"{n}={_text(getattr(checkpoint, n))}" for n in names)


def _sign(checkpoint: MeterCheckpoint, key: str) -> str:
    return salted_hmac(_SALT, _body(checkpoint), secret=key, algorithm="sha256").hexdigest()


def verifies(checkpoint: MeterCheckpoint) -> bool:
    """Whether the checkpoint is as reconciliation wrote it (the current key or a fallback)."""
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return any(hmac.compare_digest(checkpoint.digest, _sign(checkpoint, k)) for k in keys)


# --- Writing -------------------------------------------------------------------------------------

def checkpoints_of(meter_id: int) -> dict[str, MeterCheckpoint]:
    return {c.kind: c for c in MeterCheckpoint.objects.filter(meter_id=meter_id)}


def base_locked(meter_id: int) -> Point:
    """The meter's base, its row locked until the caller's transaction ends: the wager-event
    removal and the ledger archive each move one part of it, and neither may save the other's
    part as it was before."""
    return point_of(MeterCheckpoint.objects.select_for_update()
                    .filter(meter_id=meter_id, kind=BASE).first())


@transaction.atomic
def checkpoint_save(*, meter_id: int, kind: str, point: Point,
                    replace_newer: bool = False) -> MeterCheckpoint:
    """Store ``point`` as the meter's ``kind`` checkpoint, signed. A run that read an older
    snapshot than the stored checkpoint leaves it (two runs at once), unless
    ``replace_newer`` (a full reconciliation asked for by a person)."""
    stored = MeterCheckpoint.objects.select_for_update().filter(meter_id=meter_id,
                                                                kind=kind).first()
    if stored is not None and not replace_newer and (
            stored.last_entry > point.last_entry or stored.last_event > point.last_event):
        return stored
    checkpoint = stored or MeterCheckpoint(meter_id=meter_id, kind=kind)
    checkpoint.taken_at = timezone.now()
    checkpoint.last_entry, checkpoint.last_event = point.last_entry, point.last_event
    for name in TOTAL_FIELDS:
        setattr(checkpoint, name, point.totals[name])
    checkpoint.events_applied = point.events_applied
    checkpoint.events_removed = point.events_removed
    # Decimals are signed normalised and times to the microsecond: as the database hands
    # them back, so the stored row verifies.
    checkpoint.digest = _sign(checkpoint, settings.SECRET_KEY)
    checkpoint.save()
    return checkpoint


def moved(point: Point, **changes) -> Point:
    return replace(point, **changes)


RECONCILED, BASE = CheckpointKind.RECONCILED, CheckpointKind.BASE
