"""Reads of a floor manager's shift (issue 30): the property's open tables, the jackpot slips of
the current gaming day, each meter's movement over the day from its ledger (§605a.7(a)) and
what waits on whom; and the jackpot notice every page of a validator polls.

Who may validate, pay or confirm a void is never decided here: each waiting slip is put to
``tables.slips.decisions`` (the two-person rules of §649a.11(c)(5)(iii) and its twins), the
same functions the slip's page, the API and the services ask.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.utils import timezone

from casino.formats import person
from casino.models import Property
from casino.snapshots import snapshot
from tables.floor.models import Layout, LayoutStatus, Table, TableStatus
from tables.meters.models import EntryKind, Meter, MeterEntry
from tables.meters.reconciliation import day_end, gaming_day
from tables.slips.decisions import VALIDATED_KINDS, may_confirm_void, may_pay, may_validate
from tables.slips.models import JackpotSlip, SlipStatus
from tables.slips.selectors import recorder
from tables.slips.services import PENDING


def day_bounds(prop: Property, now: datetime.datetime | None = None):
    """The gaming day ``now`` belongs to and when it began and ends: a day runs from the
    property's ``gaming_day_ends`` to the same hour the next morning (local time)."""
    day = gaming_day(prop, now or timezone.now())
    # The day before ends when this one begins (never "end less 24 hours": a day the clocks
    # change is 23 or 25 hours long).
    return day, day_end(prop, day - datetime.timedelta(days=1)), day_end(prop, day)


# --- Meter movement ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Movement:
    """One meter over the gaming day, read from its ledger: the wagers counted and what they
    contributed (to the meter, the reserve and the overflow, §605a.7(a)), the hits paid (net of
    the reversals of voided slips), what resets put back on the meter, seeds and approved
    adjustments, and the meter's change and amount now."""

    meter: Meter
    wagers: int
    contributed: Decimal
    hits: int
    paid: Decimal
    reset: Decimal
    seeded_adjusted: Decimal
    change: Decimal

    @property
    def started_at(self) -> Decimal:
        """What the meter showed when the day began: the amount now less the day's change."""
        return self.meter.amount - self.change


def _movement_sums(prop: Property, start, end) -> dict[int, dict]:
    """Per meter, the day's sums in one grouped query. A reversal answers a hit (its
    ``amount_delta`` +P, ``paid`` -P: nothing of a reset) or a reset (``amount_delta`` -R,
    ``paid`` 0): so a reversal's ``amount_delta + paid`` is exactly what it takes back of a
    reset, and its ``paid`` what it takes back of the payments."""
    kind = {k: Q(kind=k) for k in EntryKind.values}
    rows = (MeterEntry.objects.filter(meter__property=prop, created_at__gte=start,
                                      created_at__lt=end)
            .values("meter_id")
            .annotate(day_wagers=Sum("wagers_counted"), day_contributed=Sum("contributed"),
                      day_hits=Count("pk", filter=kind[EntryKind.HIT]), day_paid=Sum("paid"),
                      day_reset=Sum("amount_delta", filter=kind[EntryKind.RESET]),
                      reversed_delta=Sum("amount_delta", filter=kind[EntryKind.REVERSAL]),
                      reversed_paid=Sum("paid", filter=kind[EntryKind.REVERSAL]),
                      day_other=Sum("amount_delta", filter=kind[EntryKind.SEED]
                                    | kind[EntryKind.ADJUSTMENT] | kind[EntryKind.PARAMETERS]),
                      day_change=Sum("amount_delta"))
            .order_by("meter_id"))
    return {r["meter_id"]: r for r in rows}


def meter_movement(prop: Property, start, end) -> list[Movement]:
    """Every meter of the property (a quiet one too: "no change" is worth reading), in the
    order of the meter board."""
    sums = _movement_sums(prop, start, end)
    meters = (Meter.objects.filter(property=prop).select_related("table", "linked_group")
              .order_by("pk"))
    out = []
    for m in meters:
        s = sums.get(m.pk, {})

        def total(key, s=s):
            return s.get(key) or 0

        out.append(Movement(
            meter=m, wagers=total("day_wagers"), contributed=total("day_contributed"),
            hits=total("day_hits"), paid=total("day_paid"),
            reset=total("day_reset") + total("reversed_delta") + total("reversed_paid"),
            seeded_adjusted=total("day_other"), change=total("day_change")))
    return out


# --- What waits on whom -----------------------------------------------------------------------

@dataclass(frozen=True)
class Waiting:
    """A slip waiting for a step: ``step`` ("validation", "payment", "void"), on whom in words,
    and whether the viewer may take the step now (``decision``, from ``decisions``)."""

    slip: JackpotSlip
    step: str
    on_whom: str
    decision: object

    @property
    def yours(self) -> bool:
        return bool(self.decision)


def _earlier(slip: JackpotSlip, pending: list[JackpotSlip]) -> JackpotSlip | None:
    """``services.earlier_unpaid(slip)`` from rows already read (every pending slip of the
    property): the first slip recorded against the same meter before the slip's jackpot,
    neither paid nor void, that is not of the same recording."""
    if slip.meter_id is None:
        return None
    head_pk = slip.parent_id or slip.pk
    head_number = slip.parent.number if slip.parent_id else slip.number
    earlier = [s for s in pending if s.meter_id == slip.meter_id and s.number < head_number
               and s.pk != head_pk and s.parent_id != head_pk]
    return min(earlier, key=lambda s: s.number, default=None)


def _pending_slips(prop: Property) -> list[JackpotSlip]:
    """The property's slips neither paid nor void, oldest first, with their companions (a
    void's decision reads them): two queries."""
    return list(JackpotSlip.objects.filter(property=prop, status__in=PENDING)
                .select_related("table", "parent", "property", "recorded_by",
                                "void_requested_by")
                .prefetch_related("companions").order_by("number"))


def waiting_on(user, pending: list[JackpotSlip]) -> list[Waiting]:
    """What each pending slip waits for and on whom, with the viewer's decision. A companion
    (an Envy Bonus or a shared award) is validated with its jackpot slip and not listed for
    validation; it is paid on its own."""
    out = []
    for slip in pending:
        companions = list(slip.companions.all())
        if slip.void_requested_by_id is not None:
            out.append(Waiting(slip, "void", (
                f"A second person, not {person(slip.void_requested_by)} who asked for it "
                f"(\"{slip.void_reason}\")"), may_confirm_void(user, slip, companions)))
        elif slip.status == SlipStatus.RECORDED and not slip.parent_id \
                and slip.kind in VALIDATED_KINDS:
            out.append(Waiting(slip, "validation", (
                f"A floorperson or above, not {recorder(slip)} who recorded it"),
                may_validate(user, slip)))
        elif slip.status == SlipStatus.VALIDATED:
            earlier = _earlier(slip, pending)
            on_whom = ("A floorperson or above" if earlier is None
                       else f"Slip {earlier.number} first (wins on one meter are paid in the "
                            f"order they were recorded)")
            out.append(Waiting(slip, "payment", on_whom, may_pay(user, slip, earlier=earlier)))
    return out


# --- The shift page ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Shift:
    day: datetime.date
    start: datetime.datetime
    end: datetime.datetime
    tables: list
    slips: list
    meters: list
    waiting: list
    layouts: list

    @property
    def waiting_count(self) -> int:
        return len(self.waiting) + len(self.layouts)


def shift_for(user, prop: Property, now: datetime.datetime | None = None) -> Shift:
    """The shift of ``user`` at ``prop``, all read as of one moment (``casino.snapshots``): a
    slip recorded halfway through never shows in the day's slips but not in what waits."""
    day, start, end = day_bounds(prop, now)
    with snapshot():
        tables = list(Table.objects.filter(property=prop, status=TableStatus.OPEN)
                      .select_related("linked_group", "submission", "opened_by")
                      .order_by("pit", "label"))
        slips = list(JackpotSlip.objects.filter(property=prop, recorded_at__gte=start,
                                                recorded_at__lt=end)
                     .select_related("table", "parent", "recorded_by", "validated_by",
                                     "paid_by", "voided_by")
                     .order_by("number"))
        meters = meter_movement(prop, start, end)
        waiting = waiting_on(user, _pending_slips(prop))
        layouts = list(Layout.objects.filter(property=prop, status=LayoutStatus.SUBMITTED)
                       .select_related("prepared_by").order_by("submitted_at", "pk"))
    return Shift(day, start, end, tables, slips, meters, waiting, layouts)


# --- The jackpot notice -----------------------------------------------------------------------

NOTICE_STEPS = ("validation", "payment")


def notice_version(user, prop: Property) -> str:
    """The notice's ETag: what the viewer's notices are made of (the pending slips' state, the
    viewer) in one small indexed query, so an unchanged poll costs almost nothing."""
    rows = list(JackpotSlip.objects.filter(property=prop, status__in=PENDING)
                .order_by("pk").values_list("pk", "status", "recorded_by_id", "meter_id",
                                            "number", "parent_id", "void_requested_by_id"))
    digest = hashlib.sha256(repr((user.pk, rows)).encode()).hexdigest()[:32]
    return f'"{digest}"'


def notices_for(user, prop: Property) -> list[Waiting]:
    """The jackpots waiting for the viewer: slips they may validate (never their own,
    §649a.11(c)(5)(iii)) or pay now, oldest first."""
    with snapshot():
        return [w for w in waiting_on(user, _pending_slips(prop))
                if w.step in NOTICE_STEPS and w.yours]
