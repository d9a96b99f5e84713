"""Progressive wagers in from table game systems, and their application to the meters.

``wagers_ingest`` checks each event and stores the accepted ones durably (one INSERT ... ON
CONFLICT DO NOTHING per request on PostgreSQL, ``wager_store``: an id posted again is a
duplicate and counts once) before the API answers. ``wagers_apply`` then adds them to the meters in order, in batches, exactly once:
the meters' owner row (table or linked group) is locked, the unapplied events are taken
(marked applied and read in one statement), and the meters change, in one transaction. A worker that dies
halfway rolls back and its task is delivered again (acks late); the beat sweep applies anything
a lost message left behind.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

import games
from games.money import parse_dollars
from games.paytables import using
from rulesubmissions.selectors import catalog_for
from tables.floor.models import LinkedGroup, Table, TableStatus
from tables.floor.services import wager_rules_of
from tables.meters import selectors, services, wager_store
from tables.meters.models import Meter, WagerEvent

log = logging.getLogger(__name__)

EVENT_FIELDS = ("id", "table", "seat", "wager", "amount", "placed_at")
MAX_EVENTS = 5000  # per request
APPLY_BATCH = 5000  # events per applying transaction


@dataclass
class TableTerms:
    """What ingestion needs to know about a table, read once per request."""

    table: Table | None
    feeding: frozenset[str] = frozenset()  # wagers that feed one of its meters
    offered: frozenset[str] = frozenset()
    # wager -> its amount rule, as table settle applies it (games.wager_rules)
    rules: dict = field(default_factory=dict)


def _table_terms(table: Table) -> TableTerms:
    submission = selectors.terms_of(table)
    if submission is None:
        return TableTerms(table)
    feeding = frozenset().union(*(selectors.contributing_wagers(submission, k)
                                  for k in selectors.needed_meter_keys(submission)))
    return TableTerms(table, feeding, frozenset(submission.wagers), wager_rules_of(submission))


def _tables(property, events: list) -> dict[str, TableTerms]:
    """The terms of every table the events name, read in one query (an open table plays by
    the version it opened under, fetched with it)."""
    # only text is a label: a list is not even hashable (it was a 500)
    labels = {e["table"] for e in events if isinstance(e, Mapping)
              and isinstance(e.get("table"), str)}
    with using(catalog_for(property)):  # the property's approved paytables (§601a.2)
        found = {t.label: _table_terms(t) for t in Table.objects.filter(
            property=property, label__in=labels).select_related("submission", "property")}
    return {label: found.get(label, TableTerms(None)) for label in labels}


def _reason(event: object, tables: dict) -> tuple[str | None, tuple | None]:
    """(why the event is refused, or None; the row to store)."""
    if not isinstance(event, Mapping):
        return "malformed: each event is a JSON object", None
    unknown = sorted(set(event) - set(EVENT_FIELDS))
    if unknown:
        return f"malformed: unknown field {unknown[0]!r}", None
    missing = [f for f in EVENT_FIELDS if event.get(f) in (None, "")]
    if missing:
        return f"malformed: {missing[0]} is required", None
    event_id, label = event["id"], event["table"]
    if not isinstance(event_id, str) or len(event_id) > 100:
        return "malformed: id is a string of at most 100 characters", None
    if not isinstance(label, str):
        return "malformed: table is the table's label", None
    if not isinstance(event["wager"], str):
        return "malformed: wager is the wager's key, like \"five_card_progressive\"", None
    seat = event["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        return "malformed: seat is a whole number, 1 or more", None
    try:
        amount = parse_dollars(event["amount"])
    except ValueError as exc:
        return f"malformed: amount: {exc}", None
    placed_at = _time(event["placed_at"])
    if placed_at is None:
        return "malformed: placed_at is an ISO time with its offset", None
    terms = tables[label]
    table = terms.table
    if table is None:
        return f"no table {label!r} at this property", None
    if table.status != TableStatus.OPEN:
        return f"table {label} is not open: wagers are accepted only at an open table", None
    wager = event["wager"]
    if wager not in terms.offered:
        return (f"{_wager_name(table, wager)} is not offered by the table's Rules Submission "
                f"(§601a.2)"), None
    if wager not in terms.feeding:
        return (f"{_wager_name(table, wager)} feeds no progressive meter at this table "
                f"(§605a.7)"), None
    if seat > table.positions:
        return f"seat {seat} is beyond the table's {table.positions} positions", None
    problem = terms.rules[wager].refusal(amount) if wager in terms.rules else None
    if problem:
        return problem, None
    return None, (event_id, table.pk, seat, wager, amount, placed_at)


def _wager_name(table: Table, key: object) -> str:
    """The wager's name with its key ("Pair Plus (pair_plus)"); an unknown key as posted."""
    spec = games.spec(table.game).wager(key) if isinstance(key, str) else None
    return f"{spec.name} ({key})" if spec is not None else repr(key)


def _time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if timezone.is_aware(parsed) else None


def wagers_ingest(*, property, events: list) -> tuple[list[dict], set[int]]:
    """Check and store ``events``; per event ``accepted``, ``duplicate`` or ``rejected`` with
    the reason, and the tables that got new events (to apply)."""
    tables = _tables(property, events)
    results: list[dict] = []
    rows: list[tuple] = []
    seen: set[str] = set()
    for event in events:
        reason, row = _reason(event, tables)
        event_id = event.get("id") if isinstance(event, Mapping) else None
        if reason is not None:
            results.append({"id": event_id, "status": "rejected", "reason": reason})
        elif row[0] in seen:
            results.append({"id": event_id, "status": "duplicate"})
        else:
            seen.add(row[0])
            rows.append(row)
            results.append({"id": event_id, "status": "accepted"})
    with transaction.atomic():
        inserted = wager_store.insert_events(property.pk, rows, timezone.now())
    touched = set()
    for result, row in zip((r for r in results if r["status"] == "accepted"), rows,
                           strict=True):
        if row[0] in inserted:
            touched.add(row[1])
        else:
            result["status"] = "duplicate"
    return results, touched


# --- Application -------------------------------------------------------------------------------

def _owner_tables(table: Table) -> list[int]:
    if table.linked_group_id:
        return list(Table.objects.filter(linked_group_id=table.linked_group_id)
                    .values_list("pk", flat=True))
    return [table.pk]


def _lock_owner(table: Table) -> None:
    """One applier at a time per meter owner: events are applied in order. ``FOR NO KEY
    UPDATE``: new events referencing the table are inserted meanwhile (their foreign key only
    takes a key-share lock)."""
    if table.linked_group_id:
        LinkedGroup.objects.select_for_update(no_key=True).filter(
            pk=table.linked_group_id).first()
    else:
        Table.objects.select_for_update(no_key=True).filter(pk=table.pk).first()


def _locked_meters(table: Table) -> list[Meter]:
    """The owner's meters, locked in pk order (after the owner row: tables.slips.locks), with
    what a reset asks read in the same statement: a table's own meter's table and the terms
    it plays by (``services._submission_now``)."""
    return list(Meter.objects.select_for_update(no_key=True, of=("self",))
                .filter(**selectors.owner_filter(table))
                .select_related("submission", "table__submission", "table__property",
                                "linked_group").order_by("pk"))


def lock_owner_meters(table: Table) -> dict[str, Meter]:
    """Inside the caller's transaction: the table's meter owner, then its meters in pk order,
    locked; the meters by key (nothing applied)."""
    _lock_owner(table)
    return {m.key: m for m in _locked_meters(table)}


def apply_received(table: Table) -> dict[str, Meter]:
    """Inside the caller's transaction: lock the table's meter owner and its meters, apply
    every wager event already received for them, in order, and return the meters by key, still
    locked. A jackpot is recorded against the meter as it stands with every wager before the
    win counted (issue 19's jackpot lock)."""
    _lock_owner(table)
    meters = _locked_meters(table)
    while _apply_events(table, meters, APPLY_BATCH) == APPLY_BATCH:
        pass
    return {m.key: m for m in meters}


@transaction.atomic
def _apply_batch(table: Table, limit: int) -> int:
    _lock_owner(table)
    return _apply_events(table, _locked_meters(table), limit)


def _apply_events(table: Table, meters: list[Meter], limit: int) -> int:
    events = wager_store.take_unapplied(_owner_tables(table), limit, timezone.now())
    if not events:
        return 0
    for meter in meters:
        feeding = selectors.contributing_wagers(meter.submission, meter.key)
        mine = [e for e in events if e[3] in feeding]
        if mine:
            services.meter_apply_contributions(meter, mine)
            meter.save(update_fields=[*services.STATE_FIELDS,
                                      *services.PARAMETER_FIELDS])
    return len(events)


def wagers_apply(*, table_id: int, limit: int = APPLY_BATCH) -> int:
    """Apply every unapplied event of the table's meter owner, batch by batch; the count."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not WagerEvent.objects.filter(table_id__in=_owner_tables(table),
                                                      applied_at__isnull=True).exists():
        return 0  # another applier drained it: no lock taken (many messages, one backlog)
    total = 0
    while True:
        applied = _apply_batch(table, limit)
        total += applied
        if applied < limit:
            return total


def unapplied_tables(older_than_seconds: float = 0) -> list[int]:
    """Tables with accepted events not yet applied (for the sweep)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(WagerEvent.objects.filter(applied_at__isnull=True, received_at__lte=cutoff)
                .values_list("table_id", flat=True).distinct().order_by("table_id"))


def pending_counts(meter_list: Iterable[Meter]) -> dict[int, int]:
    """Per meter, the accepted events of its wagers not yet applied."""
    meter_list = list(meter_list)
    if not meter_list:
        return {}
    rows = (WagerEvent.objects.filter(applied_at__isnull=True)
            .values_list("table_id", "table__linked_group_id", "wager")
            .annotate(n=Count("pk")).order_by())
    counts = {m.pk: 0 for m in meter_list}
    by_owner: dict[tuple, list[Meter]] = {}
    for m in meter_list:
        owner = ("g", m.linked_group_id) if m.linked_group_id else ("t", m.table_id)
        by_owner.setdefault(owner, []).append(m)
    feeding = {m.pk: selectors.contributing_wagers(m.submission, m.key) for m in meter_list}
    for table_id, group_id, wager, n in rows:
        owner = ("g", group_id) if group_id else ("t", table_id)
        for m in by_owner.get(owner, ()):
            if wager in feeding[m.pk]:
                counts[m.pk] += n
    return counts
