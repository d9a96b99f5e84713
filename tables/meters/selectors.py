"""Reads of the progressive meters: which meters a table's terms need and which it has
(linked tables share their group's, §605a.8), the live amounts a round settles with, what the
meter pages show, and meter amounts as the API and staff read them (exact Decimals with
fractions of a cent, §605a.7)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from decimal import Decimal

import games
from casino.formats import money
from casino.snapshots import snapshot
from tables.floor.models import Table
from tables.floor.selectors import terms_for
from tables.meters.models import (
    AdjustmentStatus,
    EntryKind,
    Meter,
    MeterAdjustment,
    MysteryTrigger,
)


def exact(value: Decimal) -> str:
    """A meter amount with every decimal it has, at least to the cent ("10000.055")."""
    whole, _, frac = f"{value.normalize():f}".partition(".")
    return f"{whole}.{frac.ljust(2, '0')}"


def dollars(value: Decimal, *, sign: bool = False) -> str:
    """An amount as staff read it: "$10,000.055" (every decimal a meter keeps, at least the
    cents), "-$12.50"; with ``sign`` a change reads "+$0.025" (the one money format,
    ``casino.formats.money``)."""
    return money(value, sign=sign)

# --- Which meters a table needs ---------------------------------------------------------------

def terms_of(table: Table):
    """The Rules Submission ``table`` plays by: the floor's answer (§601a.2)."""
    return terms_for(table)


def owner_filter(table: Table) -> dict:
    """Linked tables share their group's meters (§605a.8); others have their own."""
    if table.linked_group_id:
        return {"linked_group_id": table.linked_group_id}
    return {"table_id": table.pk}


def owner_tables(meter: Meter) -> list[int]:
    if meter.linked_group_id:
        return list(Table.objects.filter(linked_group_id=meter.linked_group_id)
                    .values_list("pk", flat=True))
    return [meter.table_id]


def meter_name(game: str, key: str) -> str:
    spec = games.spec(game)
    m = spec.meter(key)
    return m.name if m else key


def needed_meter_keys(submission) -> list[str]:
    """The meters the approved terms set (validation keeps exactly those its wagers and
    options need, §605a.7(a)), in the game's order: a JSON object's keys come back in another
    order on PostgreSQL than on SQLite."""
    if submission is None:
        return []
    order = [m.key for m in games.spec(submission.game).meters]
    return sorted(submission.meters, key=lambda k: order.index(k) if k in order else len(order))


def contributing_wagers(submission, key: str) -> frozenset[str]:
    """The offered wagers that feed meter ``key``: those whose meters it is, and for the
    Must-Hit-By meter the qualifying Heavenly 9 wager (§631b.6(c)(1)-(2))."""
    spec = games.spec(submission.game)
    feeding = {w for w in submission.wagers if any(m.key == key for m in spec.meters_for(w))}
    option = spec.option(key)
    if option is not None and submission.options.get(key) not in (None, False, ""):
        feeding |= {w for w in option.requires_wagers if w in submission.wagers}
    return frozenset(feeding)


def unseeded_meters(table) -> list[str]:
    """The display names of the progressive meters ``table``'s terms need that are not seeded
    yet: a table cannot open until this is empty."""
    submission = terms_of(table)
    have = set(Meter.objects.filter(**owner_filter(table)).values_list("key", flat=True))
    return [meter_name(table.game, k) for k in needed_meter_keys(submission) if k not in have]


def live_meter_amounts(table) -> dict:
    """The engine's ``meters`` for a round at ``table``: each meter key its terms need -> the
    amount on the meter now, and ``<key>_reset`` -> its reset amount."""
    return meter_amounts(Meter.objects.filter(**owner_filter(table)).values_list(
        "key", "amount", "reset_amount"))


def meter_amounts(rows: Iterable[tuple[str, Decimal, Decimal]]) -> dict:
    """``live_meter_amounts`` of (key, amount, reset amount) rows: of meters a caller has
    locked and read already (a recording, ``tables.slips.recording``)."""
    out: dict = {}
    for key, amount, reset in rows:
        out[key] = amount
        out[f"{key}_reset"] = reset
    return out


def meters_of(table: Table):
    return Meter.objects.filter(**owner_filter(table)).order_by("pk")


def opening_problems(table: Table, terms) -> list[dict]:
    """The floor's opening check (registered in ``tables.floor.hooks``): every meter the terms
    need is seeded (§605a.7(a))."""
    return [{"reason": f"The {name} meter is not seeded.", "section": "§605a.7(a)"}
            for name in unseeded_meters(table)]


def meter_key_name(key: str) -> str | None:
    """A meter key in words, from whichever game has that meter (the audit log's "Meter")."""
    return next((m.name for g in games.GAMES if (m := games.spec(g).meter(key))), None)


# --- What the meter pages show ------------------------------------------------------------------

def property_meters(prop):
    """The property's meters for the board and a meter's page, with what each row shows (its
    table, linked group and tables, terms) read in four queries however many meters."""
    return (Meter.objects.filter(property=prop)
            .select_related("table", "linked_group", "submission")
            .prefetch_related("linked_group__tables").order_by("pk"))


def last_hits(meter: Meter, limit: int):
    """The meter's newest hits, newest first, with the table each was won at."""
    return list(meter.entries.filter(kind=EntryKind.HIT).select_related("table")
                .order_by("-pk")[:limit])


def reversed_references(meter: Meter) -> set[str]:
    """The references of the meter's hits and reseeds a confirmed void reversed."""
    return set(meter.entries.filter(kind=EntryKind.REVERSAL).values_list("reference", flat=True))


def crossed_triggers(meter: Meter, limit: int):
    """The meter's Must-Hit-By triggers that were hit, newest first (§631b.6(c)(3)): an open
    trigger is never read here."""
    return (MysteryTrigger.objects.filter(meter=meter, hit_at__isnull=False)
            .select_related("hit_entry", "hit_entry__table").order_by("-pk")[:limit])


def proposed_adjustments(prop):
    """The property's meter adjustments still waiting for a second person's decision."""
    return MeterAdjustment.objects.filter(meter__property=prop, status=AdjustmentStatus.PROPOSED)


@contextmanager
def one_moment() -> Iterator[None]:
    """Every read of the block as of one moment (issue 29: the meter list read the meters, then
    the pending events: an applier that ran between them showed ``pending`` 0 beside totals
    that did not have the events yet). On PostgreSQL a read-only REPEATABLE READ transaction
    (one snapshot for all its statements); on SQLite one transaction, whose first read holds
    the database as it was, without the write lock (``casino.snapshots``: tablets polling
    never make a writer wait). Inside a caller's transaction, that transaction's reads."""
    with snapshot():
        yield
