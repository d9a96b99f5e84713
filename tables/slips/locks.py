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
4. The property's slip counter, while a number is taken (numbers are gapless).
5. The audit chain, last: the database links a transaction's events into its property's chain
   at COMMIT, after every lock above (``casino.audit_chain``).

A recording takes 1, 2 and 4 and creates its slips (new rows: no lock of 3 is waited for); a
Must-Hit-By win found by the applier the same (``tables.meters.services._mystery_win``). A
validation and a payment take 3. A void request takes 3; its confirmation takes 1 and 2 when the
slip was paid from a meter, then 3. Meter writes that are no slip's (seeding, a two-person
adjustment, new parameters) lock the one meter row (2) and nothing after it but the chain.
"""

from __future__ import annotations

from django.db.models import Q

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


def counter(prop) -> SlipCounter:
    """Step 4: the property's slip counter, locked until commit (made the first time: one
    statement after that, issue 23)."""
    found = SlipCounter.objects.select_for_update().filter(property=prop).first()
    if found is not None:
        return found
    SlipCounter.objects.get_or_create(property=prop)
    return SlipCounter.objects.select_for_update().get(property=prop)
