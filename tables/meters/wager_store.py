"""Wager events in and out of their table in as few round trips and as little per-row work as
the database allows (issue 23: ``meters.ingest``, 10,000 events a second with workers applying).

The feed must answer only after the events are stored (§605a.7: a meter never loses a wager
it acknowledged), so storing is on the request's path; applying is the workers'.

- ``insert_events``: one INSERT ... SELECT FROM unnest(...) of the whole request on
  PostgreSQL, each column sent as one array *literal* built by ``str.join``. Django's psycopg
  cursor quotes parameters on the client, and quoting a list element by element was a quarter
  of the request's CPU; a text literal is quoted by libpq in one call. The property and the
  time received are one value each, not arrays. An id already stored is a duplicate
  (``ON CONFLICT DO NOTHING``). Elsewhere (SQLite): multi-row VALUES in chunks.
- ``take_unapplied``: the next events of a meter owner, marked applied and returned in one
  statement (``UPDATE ... WHERE id IN (the first unapplied, in id order) RETURNING``), under the
  owner's lock the caller holds (``tables.meters.wagers``), so no id list travels back.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection

from tables.meters.models import WagerEvent

CHUNK = 500  # rows per INSERT where there is no unnest
_TABLE = WagerEvent._meta.db_table
_COLUMNS = "property_id, event_id, table_id, seat, wager, amount, placed_at, received_at"
_CONFLICT = "ON CONFLICT (property_id, event_id) DO NOTHING RETURNING event_id"
_UNNEST = (f"INSERT INTO {_TABLE} ({_COLUMNS}) SELECT %s, e, t, s, w, a, p, %s FROM unnest("
           f"%s::text[], %s::bigint[], %s::int[], %s::text[], %s::numeric[], "
           f"%s::timestamptz[]) AS u(e, t, s, w, a, p) {_CONFLICT}")
_TAKE = (f"UPDATE {_TABLE} SET applied_at = %s WHERE id IN (SELECT id FROM {_TABLE} "
         f"WHERE table_id = ANY(%s::bigint[]) AND applied_at IS NULL ORDER BY id LIMIT %s) "
         f"RETURNING id, table_id, seat, wager, amount")


def text_array(values) -> str:
    """A PostgreSQL array literal of ``values`` as text, each element double-quoted with its
    backslashes and double quotes escaped (an id may hold any character but NUL, which the
    API refuses)."""
    return "{" + ",".join(['"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'
                           for v in values]) + "}"


def number_array(values) -> str:
    """A PostgreSQL array literal of integers or Decimals (their ``str`` is their literal)."""
    return "{" + ",".join(map(str, values)) + "}"


def insert_events(property_id: int, rows: list[tuple], now: datetime) -> set[str]:
    """Store ``rows`` ((event_id, table_id, seat, wager, amount, placed_at), ...) received
    ``now``; the ids actually inserted (the others were stored before)."""
    if not rows:
        return set()
    if connection.vendor == "postgresql":
        ids, tables, seats, wagers, amounts, placed = zip(*rows, strict=True)
        statements = [(_UNNEST, [property_id, now, text_array(ids), number_array(tables),
                                 number_array(seats), text_array(wagers),
                                 number_array(amounts),
                                 text_array(p.isoformat() for p in placed)])]
    else:
        statements = []
        for start in range(0, len(rows), CHUNK):
            chunk = rows[start:start + CHUNK]
            values = "VALUES " + ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(chunk))
            statements.append((f"INSERT INTO {_TABLE} ({_COLUMNS}) {values} {_CONFLICT}",
                               [v for row in chunk for v in (property_id, *row, now)]))
    inserted: set[str] = set()
    with connection.cursor() as cursor:
        for statement, params in statements:
            cursor.execute(statement, params)
            inserted.update(r[0] for r in cursor.fetchall())
    return inserted


def take_unapplied(table_ids: list[int], limit: int, now: datetime) -> list[tuple]:
    """Inside the caller's transaction, holding the owner's lock: the first ``limit``
    unapplied events of ``table_ids`` in id order, as (pk, table_id, seat, wager, amount),
    marked applied ``now``."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_TAKE, [now, number_array(table_ids), limit])
            return sorted(cursor.fetchall())
    events = list(WagerEvent.objects.filter(table_id__in=table_ids, applied_at__isnull=True)
                  .order_by("pk").values_list("pk", "table_id", "seat", "wager", "amount")
                  [:limit])
    if events:
        WagerEvent.objects.filter(pk__in=[e[0] for e in events]).update(applied_at=now)
    return events
