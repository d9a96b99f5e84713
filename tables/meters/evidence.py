"""Progressive meters, their ledger and their daily readings against the audit events
(issue 28; registered with ``casino.registry.record_check``; §605a.7: the meters are the
record). What each event carries and what it is compared with:

- a meter's seed and each change of its parameters carry the parameters (``parameters_dict``):
  the meter's must be the latest;
- a seed, a hit (the slip's reference, the amount paid and the meter after the reset), a
  Must-Hit-By win, a reversal and an approved adjustment name their ledger rows: the rows must
  say the same;
- with ``--full``, every ledger row follows from the one before it (amount after = amount
  after before + its change), so a contribution changed in place shows even though
  contributions, too many to audit one by one, have no event of their own (reconciliation
  checks their sums);
- a daily reading carries its figures (``tables.meter.reading``).
"""

from __future__ import annotations

from casino import record_checks as rc
from casino.formats import money
from tables.meters.models import (
    CheckpointKind,
    EntryKind,
    Meter,
    MeterAdjustment,
    MeterCheckpoint,
    MeterEntry,
    MeterReading,
)

PARAMETERS = (("submission", "Rules Submission (id)", False), ("initial", "initial amount", True),
              ("reset", "reset amount", True), ("rate", "rate of progression", rc.PERCENT),
              ("reserve_rate", "reserve rate", rc.PERCENT), ("limit", "limit", True))
READING = (("gaming_day", "gaming day", False), ("amount", "amount", True),
           ("reserve", "reserve", True), ("overflow", "overflow", True), ("hits", "hits", False),
           ("total_paid", "total paid", True))
LEDGER_ACTIONS = ("tables.meter.seed", "tables.meter.hit", "tables.meter.mystery_win",
                  "tables.meter.reverse")


def _meter_words(meter: dict, scope: rc.Scope) -> str:
    return f"The {meter['name']} meter (no. {meter['pk']}) at {scope.name}"


def _meters(scope: rc.Scope) -> dict[int, dict]:
    return {m["pk"]: m for m in Meter.objects.filter(property_id=scope.property_id).values(
        "pk", "name", "seeded_at", "submission", "initial_amount", "reset_amount", "rate",
        "reserve_rate", "limit")}


def check_meters(scope: rc.Scope):
    """Each meter's parameters against the latest event that carries them."""
    meters = _meters(scope)
    touched = rc.touched(scope, Meter)
    ids = None
    if touched is not None:
        ids = touched | {pk for pk, m in meters.items() if m["seeded_at"] >= scope.since.at}
    chosen = sorted(meters if ids is None else ids & set(meters))
    latest = rc.latest_events(scope, Meter, chosen, touched, carrying="rate")
    for pk in chosen:
        meter = meters[pk]
        values = {"submission": meter["submission"], "initial": meter["initial_amount"],
                  "reset": meter["reset_amount"], "rate": meter["rate"],
                  "reserve_rate": meter["reserve_rate"], "limit": meter["limit"]}
        if pk not in latest:
            if scope.unvouched(meter["seeded_at"]):
                yield rc.no_event(_meter_words(meter, scope))
            continue
        event = latest[pk]
        if event is None:
            continue  # no new event carries its parameters: --full compares it
        found = rc.differs(_meter_words(meter, scope), PARAMETERS, values, event)
        if found:
            yield found


# --- The ledger ---------------------------------------------------------------------------------

def _row_words(row, meters: dict, scope: rc.Scope) -> str:
    meter = meters.get(row.meter_id)
    name = meter["name"] if meter else f"meter {row.meter_id}"
    return f"Ledger row {row.pk} ({row.get_kind_display().lower()}) of the {name} at {scope.name}"


def _archived(meter_ids) -> dict[int, tuple[int, object]]:
    """Meter -> (last archived row, when): rows before it may be gone (ledger_archive)."""
    return {m: (last, at) for m, last, at in MeterCheckpoint.objects.filter(
        meter_id__in=meter_ids, kind=CheckpointKind.BASE).values_list(
        "meter_id", "last_entry", "taken_at")}


def _expected(event: rc.Event) -> tuple[dict, list[tuple[str, str, str, bool]]]:
    """Which rows an event names, and what it says of them: (filter, [(which row, field,
    key in the event, money)])."""
    after = event.after
    if event.action == "tables.meter.seed":
        return ({"meter_id": int(event.target_id), "kind": EntryKind.SEED},
                [("last", "amount_after", "amount", True)])
    if event.action == "tables.meter.hit":
        return ({"meter_id": int(event.target_id), "reference": after.get("reference"),
                 "kind__in": [EntryKind.HIT, EntryKind.RESET]},
                [("hit", "paid", "paid", True), ("last", "amount_after", "amount", True)])
    if event.action == "tables.meter.mystery_win":
        return ({"meter_id": int(event.target_id), "reference": after.get("reference"),
                 "kind": EntryKind.HIT}, [("hit", "paid", "paid", True)])
    if event.action == "tables.meter.reverse":
        return ({"meter_id": int(event.target_id), "reference": after.get("reference"),
                 "kind": EntryKind.REVERSAL}, [("last", "amount_after", "amount", True)])
    return ({"reference": f"adjustment-{event.target_id}", "kind": EntryKind.ADJUSTMENT},
            [("last", "amount_delta", "amount", True),
             ("last", "amount_after", "meter_amount", True)])


WORDS = {"amount_after": "amount after", "paid": "paid", "amount_delta": "change"}


def _audited_rows(scope: rc.Scope, meters: dict):
    approve = ["tables.meter_adjustment.approve"]
    if scope.since is not None:
        events = [*(e for e in scope.window(Meter) if e.action in LEDGER_ACTIONS),
                  *(e for e in scope.window(MeterAdjustment) if e.action in approve)]
    else:
        events = [*rc.events_of(scope.property_id, Meter, actions=LEDGER_ACTIONS),
                  *rc.events_of(scope.property_id, MeterAdjustment, actions=approve)]
    archived = _archived(meters)
    for event in sorted(events, key=lambda e: e.seq):
        if not event.target_id.isdigit() or (event.action != "tables.meter.seed"
                                             and "reference" not in event.after
                                             and "meter_amount" not in event.after):
            continue  # carries nothing a row can be compared with
        where, said = _expected(event)
        rows = list(MeterEntry.objects.filter(**where).order_by("pk"))
        if not rows:
            meter_id = where.get("meter_id") or event.after.get("meter")
            gone = archived.get(meter_id)
            if gone is None or event.created_at > gone[1]:
                yield (f"The ledger row of the audit event of {event.when} ({event.action}) at "
                       f"{scope.name} is missing.")
            continue
        for which, column, key, is_money in said:
            if key not in event.after:
                continue
            row = rows[-1] if which == "last" else next(
                (r for r in rows if r.kind == EntryKind.HIT), rows[0])
            found = rc.differs(_row_words(row, meters, scope), ((key, WORDS[column], is_money),),
                               {key: getattr(row, column)}, event)
            if found:
                yield found
                break


def _continuity(scope: rc.Scope, meters: dict):
    """``--full``: each row's amount after is the row before's plus its change, read in one
    pass over the ledger in id order (rows before an archive's cut are skipped)."""
    archived = _archived(meters)
    rows = MeterEntry.objects.filter(meter_id__in=list(meters)).order_by("meter_id", "pk")
    prev = {}
    for meter_id, pk, delta, after in rows.values_list(
            "meter_id", "pk", "amount_delta", "amount_after").iterator(chunk_size=5000):
        if pk <= archived.get(meter_id, (0, None))[0]:
            continue
        if meter_id in prev and prev[meter_id] + delta != after:
            row = MeterEntry.objects.get(pk=pk)
            yield (f"{_row_words(row, meters, scope)}: amount after {money(after)} in the "
                   f"database, {money(prev[meter_id] + delta)} from the row before it and its "
                   f"change of {money(delta, sign=True)}.")
            return
        prev[meter_id] = after


def check_ledger(scope: rc.Scope):
    meters = _meters(scope)
    yield from _audited_rows(scope, meters)
    if scope.full:
        yield from _continuity(scope, meters)


# --- Daily readings -----------------------------------------------------------------------------

def check_readings(scope: rc.Scope):
    """Each reading against its event (readings taken before readings were audited have none:
    only one taken after the property's first reading event must have one)."""
    readings = MeterReading.objects.filter(meter__property_id=scope.property_id)
    touched = rc.touched(scope, MeterReading)
    if touched is not None:
        readings = (readings.filter(pk__in=touched)
                    | readings.filter(taken_at__gte=scope.since.at))
    readings = list(readings.select_related("meter").order_by("gaming_day", "meter_id"))
    events = rc.latest_events(scope, MeterReading, [r.pk for r in readings], touched)
    first = rc.first_event_at(scope.property_id, MeterReading) if readings else None
    for reading in readings:
        words = (f"The reading of the {reading.meter.name} meter (no. {reading.meter_id}) for "
                 f"{reading.gaming_day:%Y-%m-%d} at {scope.name}")
        event = events.get(reading.pk)
        if event is None:
            if reading.pk not in events and first is not None and reading.taken_at >= first:
                yield rc.no_event(words)
            continue
        values = {f: getattr(reading, f) for f, _, _ in READING}
        values["gaming_day"] = reading.gaming_day.isoformat()
        found = rc.differs(words, READING, values, event)
        if found:
            yield found
