"""Reads of the signs room: a sign by its secret, the property's signs, and what a sign shows
the players (§605a.7(a)(1): the amount which can be won; linked tables, one common meter,
§605a.8), with the cheap version a screen polls between changes.

A sign shows nothing else: no names of people, no slips, no other property."""

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Max, Q, QuerySet
from django.utils import timezone

from casino.formats import money
from tables.floor.models import LinkedGroup, Table, TableStatus
from tables.meters import hooks
from tables.meters.models import EntryKind, Meter, MeterEntry, WagerEvent
from tables.signs.models import MeterSign

# An open table whose feed has posted no wager event for this long (since it opened or since
# its last event, whichever is later) is "Not in play": the sign does not pretend a meter is
# contributing when no table is (issue 30; §605a.7 is silent on a quiet feed).
QUIET = timedelta(minutes=10)
# How long a sign names the winning table after a hit.
WIN_SHOWN = timedelta(minutes=1)
# A secret is 43 characters (``secrets.token_urlsafe(32)``); anything far longer is no secret.
SECRET_MAX = 100


def secret_digest(secret: str) -> str:
    """What is stored of a sign's secret, and what a request's secret is looked up by (an
    equality on the digest: nothing of the secret is compared character by character)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def active_signs(property) -> QuerySet[MeterSign]:
    """The property's signs not revoked, oldest first."""
    return (MeterSign.objects.filter(property=property, revoked_at__isnull=True)
            .select_related("table", "linked_group").order_by("pk"))


def sign_owner(property, *, table: str = "", linked_group: str = "") -> tuple[dict, dict]:
    """The table or linked group of ``property`` a new sign is for, from its label or name:
    (``{"table": ...}`` or ``{"linked_group": ...}``, {}) or ({}, the refused field's words)."""
    if table and linked_group:
        return {}, {"linked_group": "A sign is for a table or a linked group, not both."}
    if table:
        found = Table.objects.filter(property=property, label=table).first()
        return ({"table": found}, {}) if found else (
            {}, {"table": f"There is no table {table} at your property."})
    if linked_group:
        found = LinkedGroup.objects.filter(property=property, name=linked_group).first()
        return ({"linked_group": found}, {}) if found else (
            {}, {"linked_group": f"There is no linked group {linked_group} at your property."})
    return {}, {"table": "Name the table (or the linked group) the sign is for."}


def sign_for_secret(secret: str) -> MeterSign | None:
    """The live sign whose secret this is; None for a revoked or unknown one (a 404)."""
    if not secret or len(secret) > SECRET_MAX:
        return None
    return (MeterSign.objects.filter(secret_sha256=secret_digest(secret),
                                     revoked_at__isnull=True)
            .select_related("table", "linked_group").first())


def _meters(sign: MeterSign) -> QuerySet[Meter]:
    """The meters the players at the sign's table or group can win: a table's own and its
    linked group's (§605a.8)."""
    if sign.linked_group_id:
        where = Q(linked_group_id=sign.linked_group_id)
    else:
        where = Q(table_id=sign.table_id)
        if sign.table.linked_group_id:
            where |= Q(linked_group_id=sign.table.linked_group_id)
    return Meter.objects.filter(where).order_by("pk")


def _tables(sign: MeterSign) -> QuerySet[Table]:
    if sign.linked_group_id:
        return Table.objects.filter(linked_group_id=sign.linked_group_id)
    return Table.objects.filter(pk=sign.table_id)


def _in_play(sign: MeterSign, now: datetime) -> bool:
    """Some table of the sign is open and its feed not quiet (``QUIET``)."""
    for pk, opened_at in (_tables(sign).filter(status=TableStatus.OPEN)
                          .values_list("pk", "opened_at")):
        last = (WagerEvent.objects.filter(table_id=pk).order_by("-id")
                .values_list("received_at", flat=True).first())
        since = max((t for t in (opened_at, last) if t is not None), default=None)
        if since is None or now - since <= QUIET:
            return True
    return False


@dataclass(frozen=True)
class SignVersion:
    """What changes what a sign shows, read without the amounts: a new ledger row (every change
    of an amount is one), a jackpot pending or paid, a recent hit, the table opened, closed or
    gone quiet. The same version, the same sign: the screen is answered "not modified"."""

    meters: tuple[int, ...]
    last_entry: int
    pending: tuple[int, ...]
    winners: tuple[tuple[int, str], ...]
    in_play: bool

    @property
    def etag(self) -> str:
        return '"' + hashlib.sha256(repr(self).encode()).hexdigest()[:32] + '"'


def sign_version(sign: MeterSign, now: datetime | None = None) -> SignVersion:
    now = now or timezone.now()
    meters = list(_meters(sign).only("pk"))
    pks = tuple(m.pk for m in meters)
    last = (MeterEntry.objects.filter(meter_id__in=pks).aggregate(last=Max("id"))["last"]
            if pks else None)
    pending = hooks.pending_jackpots(meters)
    hits = (MeterEntry.objects.filter(meter_id__in=pks, kind=EntryKind.HIT,
                                      created_at__gte=now - WIN_SHOWN)
            .order_by("pk").values_list("meter_id", "table__label")) if pks else []
    return SignVersion(meters=pks, last_entry=last or 0,
                       pending=tuple(pk for pk in pks if pending[pk]),
                       winners=tuple(sorted({m: label or "" for m, label in hits}.items())),
                       in_play=_in_play(sign, now))


def sign_state(sign: MeterSign, version: SignVersion) -> dict:
    """What the sign shows, every amount as "$10,000.00" (whole cents, the fraction of a cent
    kept behind): its title, whether it is in play, and per meter its name, amount, whether a
    jackpot is pending and the table that won it in the last minute."""
    winners = dict(version.winners)
    meters = Meter.objects.filter(pk__in=version.meters).order_by("pk")
    return {
        "title": sign.owner_label,
        "in_play": version.in_play,
        "meters": [{"name": m.name, "amount": money(m.shown),
                    "jackpot_pending": m.pk in version.pending,
                    "won_at": _won_at(sign, winners, m.pk)} for m in meters],
    }


def _won_at(sign: MeterSign, winners: dict, pk: int) -> str | None:
    """The table that won the meter in the last minute (a group meter's hit names its table;
    the sign's own label when the ledger row names none)."""
    if pk not in winners:
        return None
    return winners[pk] or sign.owner_label
