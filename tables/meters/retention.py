"""Wager events removed once nothing needs them (issue 24): applied to their meters, covered
by every such meter's reconciliation checkpoint, and older than the dispute window
(``settings.WAGER_EVENT_RETENTION_DAYS``). The meter ledger stays the record (§605a.7: each
contribution row says how many qualifying wagers it counted and what they summed).

No total breaks: before any event is deleted, each meter's ``base`` checkpoint takes in how
many of its qualifying events are about to go (one short transaction), and a full
reconciliation starts from that base. Deletion then runs in batches of ``BATCH`` events, each
its own short statement, only ever below the base, so a run stopped halfway leaves nothing
half-counted and the next run carries on.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Min
from django.utils import timezone

from casino.audit import audit_record
from casino.models import Property
from tables.meters import checkpoints as cp
from tables.meters.models import Meter, WagerEvent
from tables.meters.selectors import contributing_wagers, owner_tables

log = logging.getLogger(__name__)
BATCH = 5000


def received_before(cutoff) -> int:
    """The id of the last wager event received before ``cutoff`` (0: none). Ids follow arrival
    (an id is taken as the event is stored, moments after it is received), so this is a
    binary search over ids: a few dozen index look-ups, whatever the table's size."""
    ends = WagerEvent.objects.aggregate(first=Min("pk"), last=Max("pk"))
    if ends["first"] is None:
        return 0
    events = WagerEvent.objects.order_by("pk").values_list("pk", "received_at")
    first = events.filter(pk=ends["first"]).first()
    if first[1] >= cutoff:
        return 0
    low, high = first[0], ends["last"] + 1  # low: received before; at or above high: not
    while high - low > 1:
        mid = (low + high) // 2
        row = events.filter(pk__gte=mid, pk__lt=high).first()
        if row is None:
            high = mid
        elif row[1] < cutoff:
            low = row[0]
        else:
            high = row[0]
    return low


def _owners() -> dict[tuple, list[Meter]]:
    """Meters by their owner (a table, or a linked group: one stream of events)."""
    owners = defaultdict(list)
    for meter in Meter.objects.select_related("submission").order_by("pk"):
        owner = ("group", meter.linked_group_id) if meter.linked_group_id else (
            "table", meter.table_id)
        owners[owner].append(meter)
    return owners


def _horizon(meters: list[Meter], older: int) -> int | None:
    """Events up to this id may go: every meter of the owner has reconciled them (its
    checkpoint verifies), and they are older than the window. None: nothing may go."""
    marks = []
    for meter in meters:
        stored = cp.checkpoints_of(meter.pk)
        last, base = stored.get(cp.RECONCILED), stored.get(cp.BASE)
        if last is None or not cp.verifies(last) or (base is not None and not cp.verifies(base)):
            return None  # reconciliation raises the alert; removal waits for a good checkpoint
        marks.append(last.last_event)
    return min([*marks, older]) if marks else None


@transaction.atomic
def _take_into_base(meters: list[Meter], tables: list[int], horizon: int) -> int:
    """Each meter's base checkpoint counts its qualifying events up to ``horizon``; the number
    of events of the owner's tables about to be removed."""
    removed = 0
    for meter in meters:
        base = cp.base_locked(meter.pk)
        if horizon <= base.last_event:
            continue
        feeding = contributing_wagers(meter.submission, meter.key)
        counted = cp.events_after(meter, tables, feeding, base.last_event, {"up": horizon})
        going = WagerEvent.objects.filter(table_id__in=tables, pk__gt=base.last_event,
                                          pk__lte=horizon).count()
        removed = max(removed, going)
        cp.checkpoint_save(meter_id=meter.pk, kind=cp.BASE, point=cp.moved(
            base, last_event=horizon, events_applied=base.events_applied + counted["up"],
            events_removed=base.events_removed + going))
    return removed


def _delete_below(tables: list[int], meters: list[Meter]) -> int:
    """Delete, batch by batch, the applied events of the tables below every meter's base."""
    bases = [cp.point_of(cp.checkpoints_of(m.pk).get(cp.BASE)).last_event for m in meters]
    below = min(bases)
    deleted = 0
    while True:
        ids = list(WagerEvent.objects.filter(table_id__in=tables, pk__lte=below,
                                             applied_at__isnull=False)
                   .order_by("pk").values_list("pk", flat=True)[:BATCH])
        if not ids:
            return deleted
        deleted += WagerEvent.objects.filter(pk__in=ids).delete()[0]  # one DELETE: nothing cascades


def wager_events_remove(*, now=None) -> dict[int, int]:
    """Remove the wager events nothing needs any more; per property, how many went (each
    property's run is one audit event)."""
    now = now or timezone.now()
    days = settings.WAGER_EVENT_RETENTION_DAYS
    older = received_before(now - timedelta(days=days))
    removed: dict[int, int] = defaultdict(int)
    if not older:
        return {}
    for meters in _owners().values():
        tables = owner_tables(meters[0])
        horizon = _horizon(meters, older)
        if horizon is not None:
            _take_into_base(meters, tables, horizon)
        removed[meters[0].property_id] += _delete_below(tables, meters)
    for prop in Property.objects.filter(pk__in=[p for p, n in removed.items() if n]):
        audit_record(actor=None, action="tables.wager_event.remove", target=None, property=prop,
                     after={"events": removed[prop.pk], "retention_days": days,
                            "received_before": (now - timedelta(days=days)).isoformat()})
        log.info("%s: %s wager events removed after %s days", prop, removed[prop.pk], days)
    return {p: n for p, n in removed.items() if n}
