"""Reads of the jackpot slips: the property's slips filtered by gaming day, table, status,
kind and amount, a page of them by number (keyset, issue 24), one slip, and who recorded it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet
from django.utils import timezone

from casino.formats import person
from casino.limits import whole_id
from casino.models import Property
from tables.slips.errors import choices, fail
from tables.slips.models import JackpotSlip, SlipKind, SlipStatus

SYSTEM = "Progressive table game system"  # who records a Must-Hit-By slip (§631b.6(c)(5))

FILTERS = ("date_from", "date_to", "table", "status", "amount_min", "amount_max", "kind")


def slip_list(*, property: Property, filters: dict | None = None) -> QuerySet[JackpotSlip]:
    """The property's slips, newest first, filtered by gaming day, table label, status, kind
    and amount (each filter a string; a bad one is a ``SlipError`` naming it)."""
    qs = (JackpotSlip.objects.filter(property=property)
          .select_related("table", "parent", "recorded_by", "validated_by", "paid_by",
                          "void_requested_by", "voided_by"))
    f = {k: v for k, v in (filters or {}).items() if k in FILTERS and v not in (None, "")}
    if "date_from" in f:
        qs = qs.filter(recorded_at__gte=_day_start(property, _date(f, "date_from")))
    if "date_to" in f:
        qs = qs.filter(recorded_at__lt=_day_start(property, _date(f, "date_to"))
                       + datetime.timedelta(days=1))
    if "amount_min" in f:
        qs = qs.filter(award__gte=_amount(f, "amount_min"))
    if "amount_max" in f:
        qs = qs.filter(award__lte=_amount(f, "amount_max"))
    for name, kinds in (("status", SlipStatus), ("kind", SlipKind)):
        if name in f and f[name] not in kinds.values:
            raise fail(name, f"Choose one of {choices(kinds)}.")
    if "table" in f:
        qs = qs.filter(table__label=f["table"])
    if "status" in f:
        qs = qs.filter(status=f["status"])
    if "kind" in f:
        qs = qs.filter(kind=f["kind"])
    return qs


PAGE = 50


@dataclass(frozen=True)
class SlipPage:
    """Slips newest first and the numbers the pages beside them start after."""

    slips: list
    older: int | None  # ``?older=`` of the next older page, None on the oldest
    newer: int | None  # ``?newer=`` of the next newer page, None on the newest
    newest: bool


def _number(value) -> int | None:
    """A slip number as a page link writes it (ASCII digits, within the column), else None."""
    number = whole_id(value)
    return number if number is not None and number < 2**31 else None


def slip_page(slips: QuerySet[JackpotSlip], *, older=None, newer=None,
              size: int = PAGE) -> SlipPage:
    """The page of ``slips`` numbered just below ``older``, or just above ``newer``; the
    newest without either (or with a number that does not read). Each page starts at its
    number in the index on property and number, never at an offset counted from the newest:
    as quick on the oldest slips as on today's."""
    older, newer = _number(older), _number(newer)
    if newer is not None and older is None:
        rows = list(slips.filter(number__gt=newer).order_by("number")[:size + 1])
        if not rows:  # nothing newer: the newest page
            return slip_page(slips, size=size)
        more_newer, rows = len(rows) > size, rows[:size][::-1]
        more_older = slips.filter(number__lt=rows[-1].number).exists()
    else:
        chosen = slips if older is None else slips.filter(number__lt=older)
        rows = list(chosen.order_by("-number")[:size + 1])
        more_older, rows = len(rows) > size, rows[:size]
        more_newer = older is not None and slips.filter(number__gte=older).exists()
    return SlipPage(rows, rows[-1].number if rows and more_older else None,
                    rows[0].number if rows and more_newer else None, newest=not more_newer)


def _amount(filters: dict, name: str) -> Decimal:
    try:
        return Decimal(str(filters[name]))
    except ArithmeticError as exc:
        raise fail(name, "An amount in dollars, like 1200.00.") from exc


def _date(filters: dict, name: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(str(filters[name]))
    except ValueError as exc:
        raise fail(name, "A date as YYYY-MM-DD.") from exc


def _day_start(prop: Property, day: datetime.date) -> datetime.datetime:
    """A gaming day starts when the previous one ends (the property's cut-off, local time)."""
    start = datetime.datetime.combine(day, prop.gaming_day_ends)
    return timezone.make_aware(start)


def gaming_day(prop: Property, moment: datetime.datetime | None = None) -> datetime.date:
    local = timezone.localtime(moment or timezone.now())
    return local.date() - datetime.timedelta(days=1 if local.time() < prop.gaming_day_ends
                                             else 0)


def slip_get(*, property: Property, pk: int) -> JackpotSlip:
    """One slip of ``property`` (another property's is ``DoesNotExist``: a 404)."""
    return (JackpotSlip.objects.select_related("table", "property", "recorded_by",
                                               "validated_by", "paid_by", "voided_by",
                                               "void_requested_by", "meter", "parent")
            .get(property=property, pk=pk))

def username(user) -> str:
    """Who, as the slip, its print, PDF and CSV name them: the person's name ("Fiona Marsh"),
    the user name only when no name is on file."""
    return person(user) if user else ""


def recorder(slip: JackpotSlip) -> str:
    """Who recorded the slip: a person, or the system for a Must-Hit-By Mystery Bonus."""
    return username(slip.recorded_by) if slip.recorded_by_id else SYSTEM


@dataclass(frozen=True)
class PendingJackpot:
    """A slip recorded against a meter and neither paid nor void: the meter was hit and
    reseeded when it was recorded, the player is still to be paid (issue 19's jackpot lock)."""

    pk: int
    number: int
    kind: str
    status: str
    status_name: str
    amount: Decimal
    table: str
    seat: int
    recorded_at: datetime.datetime


def pending_jackpots(meters) -> dict[int, list[PendingJackpot]]:
    """Per meter pk, its pending jackpots in the order they were recorded (one query)."""
    found: dict[int, list[PendingJackpot]] = {}
    rows = (JackpotSlip.objects.filter(meter__in=list(meters),
                                       status__in=(SlipStatus.RECORDED, SlipStatus.VALIDATED))
            .select_related("table").order_by("number"))
    for s in rows:
        found.setdefault(s.meter_id, []).append(PendingJackpot(
            s.pk, s.number, s.kind, s.status, s.get_status_display(), s.award, s.table.label,
            s.seat, s.recorded_at))
    return found
