"""A property's history, loaded into PostgreSQL quickly for ``bench_history`` (not a ``bench_*``
module: the runner does not run it).

The floor is made through the services (terms approved, 40 Three Card Poker tables with their
Five-Card Progressive seeded, one wager applied at each, one jackpot slip recorded, validated
and paid, staff), so every column the services fill is filled as they fill it. The history is
then cloned from those rows server-side (``INSERT ... SELECT`` over ``generate_series``): wager
events, applied, two to a contribution row of the ledger, a $500.00 hit and its reset every
``HIT_EVERY`` contributions of a meter with the paid jackpot slip, daily readings, and the
audit log COPYed in as the code writes it on PostgreSQL (unlinked; the database links each
chunk at COMMIT). The meters are then set to the sums of their ledgers, so everything
reconciles. Ids of the loaded rows are reserved up front, so live rows written between two
loads never collide with them. Rates from issue 24: 20 M wager events in about four months of
a 40-table floor (164,000 a day), 8.25 M ledger rows, 2 M audit events.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from decimal import Decimal

TABLES = 40
EVENTS_PER_DAY = 164_000
EVENTS_PER_ENTRY = 2
HIT_EVERY = 500  # contributions of one meter between two hits
PRIZE = Decimal("500.00")
WAGER = Decimal("5.00")
AUDIT_CHUNK = 20_000  # events per COPY and COMMIT (the link trigger runs at each COMMIT;
# its cost per event grows in a larger transaction)
UNIT = EVENTS_PER_ENTRY * TABLES  # event counts are multiples of this: every meter the same
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"pair_plus": "5.00", "five_card_progressive": "5.00"}}]}
# What the floor does all day, as the audit log says it (action, target model).
AUDIT_MIX = [("tables.slip.record", "jackpotslip"), ("tables.slip.validate", "jackpotslip"),
             ("tables.slip.pay", "jackpotslip"), ("tables.meter.hit", "meter"),
             ("tables.table.open", "table"), ("tables.table.close", "table"),
             ("tables.meter_adjustment.propose", "meter"), ("casino.signin.success", None)]


@dataclass
class World:
    """The floor the history belongs to, and where the loaded history has got to."""

    property: object
    people: dict
    tables: list[int]
    meters: list[int]
    amounts: list[Decimal]  # each meter's amount before the loaded history
    before: list[tuple]  # each meter's (reserve, hits, total paid) before it
    start: dt.datetime  # the first loaded event's time
    step: dt.timedelta  # between two events
    audit_step: dt.timedelta
    ids: dict = field(default_factory=dict)  # first reserved id per table
    templates: dict = field(default_factory=dict)
    events: int = 0  # loaded so far
    audit: int = 0


def rounded(events: int) -> int:
    return max(UNIT, events // UNIT * UNIT)


def build_world(*, events: int, audit: int, now: dt.datetime | None = None) -> World:
    """The floor, made through the services, with room reserved for ``events`` wager events
    (and their ledger rows and slips) ending an hour before ``now``."""
    from django.utils import timezone

    from benchmarks.support import property_with_staff
    from tables.meters import services as meters
    from tables.meters import wagers
    from tables.models import Meter
    from tests.tables.meter_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff("BENCH-HISTORY", "h")
    people = {role: person(role, role) for role in (
        "table_games_manager", "compliance_officer", "floor_manager", "floorperson", "auditor",
        "api_client")}
    people["floor_manager_2"] = person("floor_manager_2", "floor_manager")
    terms = approve(prop, tcp_terms(), people["table_games_manager"],
                    people["compliance_officer"])
    tables, meter_ids = [], []
    for i in range(TABLES):
        table = open_table(prop, terms, f"H-{i + 1:02d}")
        meter_ids.append(meters.meter_seed(table=table, key="five_card_progressive",
                                           actor=people["floor_manager"]).pk)
        tables.append(table)
    posted = [{"id": f"seed-{t.label}", "table": t.label, "seat": 1,
               "wager": "five_card_progressive", "amount": str(WAGER),
               "placed_at": timezone.now().isoformat()} for t in tables]
    wagers.wagers_ingest(property=prop, events=posted)
    for t in tables:
        wagers.wagers_apply(table_id=t.pk)
    slip = _paid_slip(tables[0], people)
    span = dt.timedelta(days=events / EVENTS_PER_DAY)
    now = now or timezone.now()
    world = World(property=prop, people=people, tables=[t.pk for t in tables],
                  meters=meter_ids, amounts=[], before=[], start=now - dt.timedelta(hours=1) - span,
                  step=span / events, audit_step=span / max(audit, 1))
    world.templates = _templates(world, slip)
    _reserve(world, events)
    _set_meters(world)
    state = {m[0]: m[1:] for m in Meter.objects.filter(pk__in=meter_ids).values_list(
        "pk", "amount", "reserve", "hits", "total_paid")}
    world.amounts = [state[pk][0] for pk in meter_ids]
    world.before = [state[pk][1:] for pk in meter_ids]
    return world


def _paid_slip(table, people):
    """A Five-Card royal recorded, validated and paid through the services: the templates of
    a slip and of a hit and its reset in the ledger."""
    from tables.slips import services as slips

    slip = slips.slip_record(table=table, actor=people["floor_manager"],
                             data={"seat": 1, "wager": "five_card_progressive", "round": ROYAL})
    slip = slips.slip_validate(slip=slip, actor=people["floorperson"],
                               data={"total": f"{slip.award:.2f}"})
    if slip.status != "paid":
        slip = slips.slip_pay(slip=slip, actor=people["floor_manager_2"])
    return slip


def _templates(world: World, slip) -> dict:
    from casino.models import AuditEvent
    from tables.models import EntryKind, MeterEntry, WagerEvent

    entries = MeterEntry.objects.filter(meter_id__in=world.meters)
    return {"event": WagerEvent.objects.filter(table_id=world.tables[1]).values_list(
                "pk", flat=True).get(),
            "contribution": entries.filter(kind=EntryKind.CONTRIBUTION,
                                           meter_id=world.meters[1]).values_list(
                "pk", flat=True).get(),
            "hit": entries.filter(kind=EntryKind.HIT, reference=slip.meter_reference())
            .values_list("pk", flat=True).get(),
            "reset": entries.filter(kind=EntryKind.RESET, reference=slip.meter_reference())
            .values_list("pk", flat=True).get(),
            "slip": slip.pk, "slip_number": slip.number,
            "audit": AuditEvent.objects.filter(property=world.property).order_by("-id")
            .values_list("pk", flat=True).first()}


SEQUENCED = {"event": "tables_wagerevent", "entry": "tables_meterentry",
             "slip": "tables_jackpotslip"}


def _reserve(world: World, events: int) -> None:
    """First free id of each table, and its sequence moved past the loaded rows' ids."""
    from django.db import connection

    contributions = events // EVENTS_PER_ENTRY
    sizes = {"event": events, "entry": 3 * contributions, "slip": contributions // HIT_EVERY}
    with connection.cursor() as cursor:
        for name, table in SEQUENCED.items():
            cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
            world.ids[name] = cursor.fetchone()[0]
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)",
                           [table, world.ids[name] + sizes[name] + 1000])
        cursor.execute("UPDATE tables_slipcounter SET last_number = last_number + %s "
                       "WHERE property_id = %s", [sizes["slip"] + 1000, world.property.pk])


# --- Cloning ---------------------------------------------------------------------------------

def _clone(model, template: int, overrides: dict[str, str], series: str, params: dict) -> int:
    """Copies of the ``template`` row, one per row of ``series``, with ``overrides`` (column ->
    SQL expression); every other column as the service wrote it. Rows inserted."""
    from django.db import connection

    columns = [f.column for f in model._meta.concrete_fields]
    unknown = set(overrides) - set(columns)
    if unknown:
        raise ValueError(f"{model.__name__} has no column {sorted(unknown)}")
    table = model._meta.db_table
    select = ", ".join(overrides.get(c, f'tpl."{c}"') for c in columns)
    sql = (f'INSERT INTO {table} ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in columns)}) '
           f"SELECT {select} FROM {table} AS tpl, {series} WHERE tpl.id = %(template)s")
    with connection.cursor() as cursor:
        cursor.execute(sql, {**params, "template": template})
        return cursor.rowcount


def _at(index: str, step: str = "step") -> str:
    """The SQL time of event ``index`` (an SQL expression)."""
    return f"(%(start)s::timestamptz + ({index})::bigint * %({step})s::interval)"


def load_events(world: World, upto: int) -> dict[str, int]:
    """Wager events ``world.events`` up to ``upto``, with their ledger rows and slips."""
    from tables.models import JackpotSlip, MeterEntry, WagerEvent

    upto = rounded(upto)
    if upto <= world.events:
        return {}
    c_amount = 2 * WAGER * Decimal("0.5") / 100  # the terms' 0.5% to the meter
    c_reserve = 2 * WAGER * Decimal("0.25") / 100  # and 0.25% to the reserve
    params = {"start": world.start, "step": world.step, "tables": world.tables,
              "meters": world.meters, "amounts": world.amounts, "ev": world.ids["event"],
              "en": world.ids["entry"], "sl": world.ids["slip"],
              "number": world.templates["slip_number"] + 1, "c_amount": c_amount,
              "c_reserve": c_reserve, "prize": PRIZE, "hit_every": HIT_EVERY,
              "j0": world.events, "j1": upto - 1, "g0": world.events // 2,
              "g1": upto // 2 - 1,
              "reason": f"{EVENTS_PER_ENTRY} qualifying wagers at 0.5% (§605a.7(a))"}
    owner = "mod(g, %(tables_n)s) + 1"
    params["tables_n"] = TABLES
    table = f"(%(tables)s::bigint[])[{owner}]"
    meter = f"(%(meters)s::bigint[])[{owner}]"
    kth = "(g / %(tables_n)s + 1)"  # this contribution is the meter's kth loaded one
    after = f"((%(amounts)s::numeric[])[{owner}] + {kth} * %(c_amount)s::numeric)"
    slip_index = f"(({kth} / %(hit_every)s - 1) * %(tables_n)s + mod(g, %(tables_n)s))"
    counts = {}
    counts["events"] = _clone(WagerEvent, world.templates["event"], {
        "id": "%(ev)s + j", "event_id": "'history-' || j",
        "table_id": "(%(tables)s::bigint[])[mod(j / 2, %(tables_n)s) + 1]",
        "seat": "1 + mod(j / 80, 6)", "placed_at": _at("j"),
        "received_at": f"{_at('j')} + interval '1 second'",
        "applied_at": f"{_at('j')} + interval '2 seconds'",
    }, "generate_series(%(j0)s::bigint, %(j1)s::bigint) AS j", params)
    contribution_at = f"{_at('2 * g + 1')} + interval '2 seconds'"
    counts["contributions"] = _clone(MeterEntry, world.templates["contribution"], {
        "id": "%(en)s + 3 * g", "meter_id": meter, "created_at": contribution_at,
        "amount_delta": "%(c_amount)s::numeric", "reserve_delta": "%(c_reserve)s::numeric",
        "amount_after": after, "contributed": "%(c_amount)s::numeric + %(c_reserve)s::numeric",
        "wagers_counted": str(EVENTS_PER_ENTRY), "wagers_sum": f"{EVENTS_PER_ENTRY * WAGER}",
        "last_event": "%(ev)s + 2 * g + 1",
        "reason": "%(reason)s",
    }, "generate_series(%(g0)s::bigint, %(g1)s::bigint) AS g", params)
    every = ("(SELECT g FROM generate_series(%(g0)s::bigint, %(g1)s::bigint) AS g "
             f"WHERE mod({kth}, %(hit_every)s) = 0) AS hits(g)")
    reference = f"'jackpot-slip:' || (%(sl)s + {slip_index})"
    counts["hits"] = _clone(MeterEntry, world.templates["hit"], {
        "id": "%(en)s + 3 * g + 1", "meter_id": meter, "table_id": table,
        "seat": f"1 + mod({kth}, 6)", "created_at": f"{contribution_at} + interval '1 second'",
        "amount_delta": "-%(prize)s::numeric", "paid": "%(prize)s::numeric",
        "amount_after": f"{after} - %(prize)s::numeric", "reference": reference,
    }, every, params)
    counts["resets"] = _clone(MeterEntry, world.templates["reset"], {
        "id": "%(en)s + 3 * g + 2", "meter_id": meter,
        "created_at": f"{contribution_at} + interval '2 seconds'",
        "amount_delta": "%(prize)s::numeric", "reserve_delta": "0", "overflow_delta": "0",
        "funded": "%(prize)s::numeric", "amount_after": after, "reference": reference,
    }, every, params)
    slip_at = f"{contribution_at} + interval '1 second'"
    counts["slips"] = _clone(JackpotSlip, world.templates["slip"], {
        "id": f"%(sl)s + {slip_index}", "number": f"%(number)s + {slip_index}",
        "table_id": table, "meter_id": meter, "seat": f"1 + mod({kth}, 6)",
        "award": "%(prize)s::numeric", "recorded_at": slip_at,
        "meter_before": after, "meter_after": f"{after} - %(prize)s::numeric",
        **{c: f"CASE WHEN tpl.{c} IS NULL THEN NULL ELSE {slip_at} + interval '3 minutes' END"
           for c in ("validated_at", "paid_at")},
        "idempotency_key": f"CASE WHEN tpl.idempotency_key = '' THEN '' "
                           f"ELSE 'history-' || {slip_index} END",
    }, every, params)
    world.events = upto
    _set_meters(world)
    return counts


def _set_meters(world: World) -> None:
    """Each meter holds the sums of its ledger (as the services keep it), seeded before the
    first loaded event."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("""
            UPDATE tables_meter AS m SET amount = s.amount, reserve = s.reserve,
                   overflow = s.overflow, contributed = s.contributed, funded = s.funded,
                   total_paid = s.paid, wagers_counted = s.counted, wagers_sum = s.summed,
                   hits = s.hits, seeded_at = %(seeded)s
            FROM (SELECT meter_id, sum(amount_delta) AS amount, sum(reserve_delta) AS reserve,
                         sum(overflow_delta) AS overflow, sum(contributed) AS contributed,
                         sum(funded) AS funded, sum(paid) AS paid,
                         sum(wagers_counted) AS counted, sum(wagers_sum) AS summed,
                         count(*) FILTER (WHERE kind = 'hit')
                         - count(*) FILTER (WHERE kind = 'reversal' AND paid < 0) AS hits
                  FROM tables_meterentry WHERE meter_id = ANY(%(meters)s::bigint[])
                  GROUP BY meter_id) AS s
            WHERE m.id = s.meter_id""",
            {"meters": world.meters, "seeded": world.start - dt.timedelta(days=1)})


def load_readings(world: World) -> int:
    """A reading of each meter for every gaming day the loaded history has ended (hits net
    out: each $500.00 hit is reset at once, so the amount grows by the contributions alone)."""
    from tables.meters.reconciliation import day_end, gaming_day
    from tables.models import MeterReading

    c_amount = 2 * WAGER * Decimal("0.5") / 100
    c_reserve = 2 * WAGER * Decimal("0.25") / 100
    end = world.start + world.step * world.events
    day, last = gaming_day(world.property, world.start), gaming_day(world.property, end)
    rows = []
    while day < last:
        ended = day_end(world.property, day)
        done = max(0, min(world.events, int((ended - world.start) / world.step)))
        k = done // UNIT  # contributions of each meter by the end of the day
        for i, pk in enumerate(world.meters):
            reserve, hits, paid = world.before[i]
            rows.append(MeterReading(
                meter_id=pk, gaming_day=day, taken_at=ended,
                amount=world.amounts[i] + k * c_amount, reserve=reserve + k * c_reserve,
                overflow=0, hits=hits + k // HIT_EVERY, total_paid=paid + PRIZE * (k // HIT_EVERY)))
        day += dt.timedelta(days=1)
    return len(MeterReading.objects.bulk_create(rows, ignore_conflicts=True, batch_size=2000))


# --- The audit log -----------------------------------------------------------------------------

def _audit_rows(world: World, first: int, count: int, at, targets: dict):
    """``count`` events as the services write them on PostgreSQL: unlinked (``seq`` empty,
    ``hash`` the digest of the fields), linked by the database at COMMIT."""
    from casino.audit_hash import BODY_FIELDS, body_of, chain_key, jsonable

    people = list(world.people.values())
    for n in range(first, first + count):
        action, model = AUDIT_MIX[n % len(AUDIT_MIX)]
        person = people[n % len(people)]
        type_id, ids = targets.get(model, (None, [None]))
        target = ids[n % len(ids)]
        values = {"created_at": at(n), "actor_id": person.pk, "actor_repr": person.username,
                  "property_id": world.property.pk, "action": action,
                  "target_type_id": type_id, "target_id": "" if target is None else str(target),
                  "target_repr": "" if target is None else f"{model} {target}",
                  "before": None, "after": jsonable({"n": n, "by": person.username})}
        assert tuple(values) == BODY_FIELDS
        yield (*values.values(), chain_key(world.property.pk), None, "", body_of(values))


AUDIT_COLUMNS = ("created_at", "actor_id", "actor_repr", "property_id", "action",
                 "target_type_id", "target_id", "target_repr", "before", "after", "chain",
                 "seq", "prev_hash", "hash")


def _copy_audit(rows) -> int:
    from django.db import connection, transaction

    count = 0
    with transaction.atomic(), connection.cursor() as cursor:
        raw = cursor.cursor if hasattr(cursor, "cursor") else cursor
        with raw.copy(f"COPY casino_auditevent ({', '.join(AUDIT_COLUMNS)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row([json.dumps(v) if isinstance(v, dict) else v for v in row])
                count += 1
    return count  # linked by casino_auditevent_link() at the COMMIT above


def _targets(world: World) -> dict:
    from django.contrib.contenttypes.models import ContentType

    from tables.models import JackpotSlip, Meter, Table
    slips = list(JackpotSlip.objects.filter(property=world.property).order_by("pk")
                 .values_list("pk", flat=True)[:5000])
    return {"jackpotslip": (ContentType.objects.get_for_model(JackpotSlip).pk, slips),
            "meter": (ContentType.objects.get_for_model(Meter).pk, world.meters),
            "table": (ContentType.objects.get_for_model(Table).pk, world.tables)}


def load_audit(world: World, upto: int) -> int:
    """Audit events ``world.audit`` up to ``upto``, spread over the loaded history's time."""
    targets, loaded = _targets(world), 0
    while world.audit < upto:
        count = min(AUDIT_CHUNK, upto - world.audit)
        loaded += _copy_audit(_audit_rows(world, world.audit, count,
                                          lambda n: world.start + world.audit_step * n,
                                          targets))
        world.audit += count
    return loaded


def audit_hour(world: World, count: int) -> int:
    """An hour of the floor's audit events, written now (what the hourly check finds new)."""
    from django.utils import timezone
    now = timezone.now()
    gap = dt.timedelta(hours=1) / count
    first = 10 ** 9 + world.audit  # apart from the loaded ones
    world.audit += count
    return _copy_audit(_audit_rows(world, first, count,
                                   lambda n: now - gap * (first + count - n), _targets(world)))


# --- Live play and statistics ------------------------------------------------------------------

def play(world: World, events: int, tag: str) -> int:
    """``events`` wagers posted and applied through the services now, spread over the tables
    (what five minutes of the floor adds before a reconciliation run)."""
    from django.utils import timezone

    from tables.meters import wagers
    from tables.models import Table

    labels = dict(Table.objects.filter(pk__in=world.tables).values_list("pk", "label"))
    now = timezone.now().isoformat()
    posted = [{"id": f"play-{tag}-{n}", "table": labels[world.tables[n % TABLES]],
               "seat": 1 + n % 6, "wager": "five_card_progressive", "amount": str(WAGER),
               "placed_at": now} for n in range(events)]
    results, touched = wagers.wagers_ingest(property=world.property, events=posted)
    if {r["status"] for r in results} != {"accepted"}:
        raise RuntimeError(f"play refused: {results[:3]}")
    return sum(wagers.wagers_apply(table_id=t) for t in sorted(touched))


def analyze() -> None:
    """Statistics fresh, as autovacuum would have them after a load."""
    from django.db import connection
    with connection.cursor() as cursor:
        for table in ("tables_wagerevent", "tables_meterentry", "tables_jackpotslip",
                      "tables_meterreading", "casino_auditevent", "tables_meter"):
            cursor.execute(f"VACUUM ANALYZE {table}")


def sizes() -> dict[str, int]:
    """Rows of the history tables (estimates after ANALYZE)."""
    from django.db import connection
    with connection.cursor() as cursor:
        cursor.execute("SELECT relname, reltuples::bigint FROM pg_class WHERE relname = ANY(%s)",
                       [["tables_wagerevent", "tables_meterentry", "casino_auditevent",
                         "tables_jackpotslip", "tables_meterreading"]])
        return dict(cursor.fetchall())
