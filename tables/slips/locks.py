"""The one lock order of every jackpot slip, meter, counter and audit write (issue 19).

A transaction takes these locks in this order, never one of an earlier step after one of a
later step, so no two of them can wait for each other in a circle (PostgreSQL would abort one
as a deadlock: the 500 the issue saw when a void and an Envy Bonus payment crossed):

1. The meters' owner row: the table, or its linked group (``FOR NO KEY UPDATE``). The wager
   applier (``tables.meters.wagers``), a recording of an award of a meter's wager and the
   confirmed void of a meter slip take it: one writer of a meter at a time, so two wins on one
   meter, at one table or at linked tables (§605a.8), are recorded one after the other.
2. The owner's meters, in pk order (``FOR NO KEY UPDATE``).
3. Jackpot slips: a jackpot slip before its Envy Bonus and shared-award slips, those in number
   order. Paying a companion locks its jackpot slip first; validating and voiding lock the
   jackpot slip and then every companion.
4. The property's slip counter, while numbers are taken (numbers are gapless). Every recording
   at the property waits for it, so it is taken as late as can be: a recording inserts its
   slips unnumbered and hits the meter first, then takes all its numbers in one statement
   and writes them; the counter is held from there only for that write, the audit events
   and the commit (issue 32: held for the meter's hit too, it made a recording's p99 at 20
   clients 1.9 s against a median of about 0.2 s).
5. The audit chain, last: the database links a transaction's events into its property's chain
   at COMMIT, after every lock above (``casino.audit_chain``).

A recording takes 1, 2 and 4 and creates its slips (new rows: no lock of 3 is waited for); a
Must-Hit-By win found by the applier the same (``tables.meters.services._mystery_win``), which
takes its number before the meter is hit and the slip made, still after 1 and 2. A validation
(its slips read and locked in one statement: ``family_at``) and a payment take 3. A void
request takes 3; its confirmation takes 1 and 2 when the slip was paid from a meter, then 3.
Meter writes that are no slip's (seeding, a two-person adjustment, new parameters) lock the one
meter row (2) and nothing after it but the chain.
"""

from __future__ import annotations

import weakref

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Q
from django.db.models.query import get_related_populators

from tables.floor.models import Table
from tables.meters.models import Meter
from tables.meters.wagers import apply_received, lock_owner_meters
from tables.slips.models import JackpotSlip, SlipCounter

RELATED = ("property", "table", "table__property", "table__submission", "submission", "meter",
           "recorded_by", "validated_by", "void_requested_by")


def meters(table: Table, *, apply: bool = True) -> dict[str, Meter]:
    """Steps 1 and 2: the table's meter owner and meters; with ``apply``, every wager already
    received applied (a win is recorded against the meter as it stands). A void does not
    apply: a Must-Hit-By win found meanwhile would take the counter (4) before the slips (3)."""
    return apply_received(table) if apply else lock_owner_meters(table)


def _current(row: JackpotSlip) -> JackpotSlip:
    """``row`` with every joined row that disagrees with its own foreign keys forgotten, so
    it is read when used. A lock that waited for another transaction gets the slip's row as
    that one left it, but PostgreSQL re-checks only the locked row (``FOR UPDATE OF``): a
    person joined to it keeps the version read before the wait, so a void request made
    meanwhile came back as ``void_requested_by_id`` set with ``void_requested_by`` None
    (issue 29: a 500 on confirming, "the system" named on a second request)."""
    cache = row._state.fields_cache
    for name in [n for n in RELATED if "__" not in n and n in cache]:
        joined = cache[name]
        if getattr(row, f"{name}_id") != (joined.pk if joined is not None else None):
            del cache[name]
    return row


def slip(found: JackpotSlip) -> JackpotSlip:
    """Step 3 for one slip: its row, locked, read again (everything joined to it current)."""
    return _current(JackpotSlip.objects.select_for_update(of=("self",))
                    .select_related(*RELATED).get(pk=found.pk))


def family(found: JackpotSlip, related: tuple[str, ...] = RELATED,
           ) -> tuple[JackpotSlip, list[JackpotSlip]]:
    """Step 3 for a jackpot slip and its companions: the jackpot slip first, then each Envy
    Bonus and shared-award slip in number order. One statement (issue 23): companions are
    numbered after their jackpot slip, and PostgreSQL locks the rows in the order it sorts
    them, so the order of the locks is the one above. ``related``: the rows joined to them (a
    caller that already holds the others joins fewer: issue 32)."""
    rows = list(JackpotSlip.objects.select_for_update(of=("self",)).select_related(*related)
                .filter(Q(pk=found.pk) | Q(parent_id=found.pk)).order_by("number"))
    if not rows or rows[0].pk != found.pk:
        raise JackpotSlip.DoesNotExist(f"slip {found.pk} is gone")
    rows = [_current(row) for row in rows]
    return rows[0], rows[1:]


class Prepared:
    """A statement whose SQL Django works out once per database, then runs with each call's
    values (``build(**SENTINELS)`` makes its queryset; each keyword's sentinel marks where the
    call's value goes): Django compiles every queryset afresh, and the family's lock with its
    joins cost about a millisecond of a validation's CPU in compiling alone (issue 32). Rows
    are made as Django makes them (``from_db``, the joined rows, the converters, these worked
    out once too). Kept per connection (one a thread), whose compiler the converters are
    bound to."""

    def __init__(self, build, **sentinels):
        self.build, self.sentinels = build, sentinels
        self.compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def _compile(self, db):
        compiler = self.build(**self.sentinels).query.get_compiler(connection=db)
        sql, params = compiler.as_sql()
        names = {value: name for name, value in self.sentinels.items()}
        order = [names[value] for value in params]  # every parameter is a sentinel
        info = compiler.klass_info
        start, end = info["select_fields"][0], info["select_fields"][-1] + 1
        init = [column[0].target.attname for column in compiler.select[start:end]]
        converters = compiler.get_converters([s[0] for s in compiler.select[:compiler.col_count]])
        found = (compiler, sql, order, converters, info["model"], start, end, init,
                 get_related_populators(info, compiler.select, db.alias))
        self.compiled[db] = found
        return found

    def rows(self, **values) -> list:
        db = connections[DEFAULT_DB_ALIAS]
        compiler, sql, order, converters, model, start, end, init, related = (
            self.compiled.get(db) or self._compile(db))
        with db.cursor() as cursor:
            cursor.execute(sql, [values[name] for name in order])
            fetched = cursor.fetchall()
        found = []
        for row in compiler.apply_converters(fetched, converters) if converters else fetched:
            obj = model.from_db(db.alias, init, row[start:end])
            for populator in related:
                populator.populate(row, obj)
            found.append(obj)
        return found


# Joined to a slip validated by its id: what the rule, the verification and the answer read.
VALIDATED_WITH = ("table", "submission", "meter", "recorded_by")
_FAMILY_AT = Prepared(
    lambda pk, prop: (JackpotSlip.objects.select_for_update(of=("self",))
                      .select_related(*VALIDATED_WITH)
                      .filter(Q(pk=pk) | Q(parent_id=pk), property_id=prop)
                      .order_by("number")),
    pk=-1_000_032, prop=-2_000_032)


def family_at(prop, pk) -> tuple[JackpotSlip, list[JackpotSlip]]:
    """Step 3 as ``family``, for the slip ``pk`` of ``prop`` not read before: its row and its
    companions' read and locked in one statement (issue 32: a validation read the slip, then
    locked it again), joined with ``VALIDATED_WITH`` and handed ``prop`` rather than joining
    it. ``DoesNotExist``: no such slip at ``prop``."""
    low, high = connection.ops.integer_field_range(JackpotSlip._meta.pk.get_internal_type())
    in_range = low <= pk <= high  # the raw statement skips the ORM's out-of-range answer
    rows = _FAMILY_AT.rows(pk=pk, prop=prop.pk) if prop is not None and in_range else []
    if not rows or rows[0].pk != pk:
        raise JackpotSlip.DoesNotExist(f"no slip {pk} at {prop}")
    for row in rows:
        row.property = row.table.property = prop
    rows = [_current(row) for row in rows]
    return rows[0], rows[1:]


TAKE = (f"UPDATE {SlipCounter._meta.db_table} SET last_number = last_number + %s "
        f"WHERE property_id = %s RETURNING last_number")


def numbers(prop, count: int = 1) -> int:
    """Step 4: ``count`` numbers of the property's slip counter in one statement (its row
    locked until commit; made the first time), the first of them returned. A rolled-back
    recording gives its numbers back."""
    with connection.cursor() as cursor:
        cursor.execute(TAKE, [count, prop.pk])
        found = cursor.fetchone()
        if found is None:
            SlipCounter.objects.get_or_create(property_id=prop.pk)
            cursor.execute(TAKE, [count, prop.pk])
            found = cursor.fetchone()
    return found[0] - count + 1
