"""Progressive meters on the floor (§605a.7, linked: §605a.8): seeding, contributions, hits,
resets, reversals, new parameters and two-person adjustments.

Every change is a ``MeterEntry`` written with the meter row locked (``select_for_update``, meters
always in pk order) and the meter's cached sums updated in the same transaction. Amounts are
exact Decimals with fractions of a cent; only payments are whole cents.
"""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.audit import audit_record
from casino.permissions import require
from games.money import CENT, MAX_AMOUNT, to_cents
from tables.floor.models import Table
from tables.meters import hooks
from tables.meters.models import (
    METER_DIGITS,
    AdjustmentStatus,
    EntryKind,
    Meter,
    MeterAdjustment,
    MeterEntry,
    MysteryTrigger,
)
from tables.meters.parameters import (
    mystery_problem,
    newer_parameters,
    parameters_dict,
    parameters_from,
    set_parameters,
)
from tables.meters.selectors import (
    dollars,
    meter_name,
    needed_meter_keys,
    owner_filter,
    owner_tables,
    terms_of,
)

HUNDRED = Decimal(100)
ZERO = Decimal(0)


class MeterError(ValueError):
    """A meter operation the rules refuse; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str = "non_field_errors"):
        super().__init__(message)
        self.field = field


# --- Ledger ----------------------------------------------------------------------------------

def _entry(meter: Meter, kind: str, *, amount_delta=ZERO, reserve_delta=ZERO,
           overflow_delta=ZERO, contributed=ZERO, funded=ZERO, paid=ZERO, **fields) -> MeterEntry:
    """Apply the deltas to the (locked) meter and build its ledger row (saved by the caller)."""
    meter.amount += amount_delta
    meter.reserve += reserve_delta
    meter.overflow += overflow_delta
    meter.contributed += contributed
    meter.funded += funded
    meter.total_paid += paid
    return MeterEntry(meter=meter, kind=kind, amount_delta=amount_delta,
                      reserve_delta=reserve_delta, overflow_delta=overflow_delta,
                      amount_after=meter.amount, contributed=contributed, funded=funded,
                      paid=paid, **fields)


STATE_FIELDS = ["amount", "reserve", "overflow", "contributed", "funded", "total_paid", "hits",
                "wagers_counted", "wagers_sum"]


def _draw_trigger(meter: Meter) -> MysteryTrigger | None:
    """§631b.6(c)(3): a random dollar value between the configuration's minimum and maximum,
    from a cryptographic RNG, always above what the meter shows now."""
    if not meter.is_mystery:
        return None
    low = max(meter.mystery_minimum, to_cents(meter.amount) + CENT)
    cents = int((meter.mystery_maximum - low) / CENT)
    amount = low + CENT * secrets.randbelow(max(cents, 0) + 1)
    return MysteryTrigger.objects.create(meter=meter, amount=amount)


@transaction.atomic
def meter_seed(*, table: Table, key: str, actor) -> Meter:
    """A floor manager seeds a meter the table's terms need at its initial amount (audited)."""
    require(actor, "tables.operate", table.property)
    submission = terms_of(table)
    if key not in needed_meter_keys(submission):
        raise MeterError(f"{table.label} does not need a {meter_name(table.game, key)} meter "
                         f"under its terms (§605a.7(a))", "key")
    if Meter.objects.filter(**owner_filter(table), key=key).exists():
        raise MeterError(f"{meter_name(table.game, key)} is already seeded", "key")
    p = parameters_from(submission, key)
    problem = mystery_problem(p, submission, key)
    if problem:
        raise MeterError(f"{meter_name(table.game, key)} cannot be seeded: {problem}", "key")
    owner = ({"linked_group": table.linked_group} if table.linked_group_id
             else {"table": table})
    meter = Meter(property=table.property, game=table.game, key=key,
                  name=meter_name(table.game, key), amount=ZERO, seeded_by=actor, **owner)
    set_parameters(meter, submission, p)
    try:
        with transaction.atomic():
            meter.save()
    except IntegrityError:  # seeded a moment ago by someone else
        raise MeterError(f"{meter.name} is already seeded", "key") from None
    _entry(meter, EntryKind.SEED, amount_delta=p.initial, funded=p.initial, actor=actor,
           reason=f"Seeded at the initial amount {dollars(p.initial)} (§605a.7)").save()
    meter.save(update_fields=STATE_FIELDS)
    _draw_trigger(meter)
    audit_record(actor=actor, action="tables.meter.seed", target=meter,
                 after={"key": key, "amount": meter.amount, **parameters_dict(meter)})
    return meter


def lock_meters(table) -> dict[str, Meter]:
    """The table's meters locked for update in pk order, inside the caller's transaction,
    keyed by the engine's meter key."""
    return {m.key: m for m in Meter.objects.select_for_update(no_key=True)
            .filter(**owner_filter(table))
            .order_by("pk")}


def _reset(meter: Meter, *, actor, reference: str, reason: str) -> MeterEntry:
    """After a hit: the meter shows its reset amount again. Overflow above the limit returns to
    the meter first (it belongs to the players), then the reserve pool funds what is missing,
    then the house. A newer approved submission takes effect here (parameters are frozen while
    in play)."""
    _adopt(meter, actor=actor, why="at the reset")
    left = meter.amount
    room = (meter.limit - left) if meter.limit is not None else meter.overflow
    from_overflow = max(ZERO, min(meter.overflow, room))
    need = max(ZERO, meter.reset_amount - left - from_overflow)
    from_reserve = min(meter.reserve, need)
    house = need - from_reserve
    entry = _entry(meter, EntryKind.RESET, amount_delta=from_overflow + need,
                   reserve_delta=-from_reserve, overflow_delta=-from_overflow, funded=house,
                   actor=actor, reference=reference, reason=reason)
    entry.save()
    if meter.is_mystery:  # it stays one: terms without a configuration are never adopted
        MysteryTrigger.objects.filter(meter=meter, hit_at__isnull=True).update(
            hit_at=timezone.now())
    _draw_trigger(meter)
    return entry


def _submission_now(meter: Meter):
    """The version every table of the meter plays by now, or None while they differ (a
    linked group's parameters change only when all its tables agree, §605a.8). A table's own
    meter locked with its table joined (``tables.meters.wagers``) reads nothing more."""
    if not meter.linked_group_id and Meter.table.is_cached(meter):
        return terms_of(meter.table)
    versions = {terms_of(t) for t in Table.objects.filter(pk__in=owner_tables(meter))
                .select_related("submission", "property")}
    return versions.pop() if len(versions) == 1 else None


def _adopt(meter: Meter, *, actor, why: str) -> bool:
    """Take a newer approved version's parameters (a ledger row and an audit event)."""
    submission = _submission_now(meter)
    newer = newer_parameters(meter, submission)
    if newer is None:
        return False
    before = parameters_dict(meter)
    set_parameters(meter, submission, newer)
    _entry(meter, EntryKind.PARAMETERS, actor=actor,
           reason=f"Parameters of Rules Submission version {submission.version} take effect "
                  f"{why} (§601a.2)").save()
    audit_record(actor=actor, action="tables.meter.parameters", target=meter, before=before,
                 after=parameters_dict(meter))
    return True


PARAMETER_FIELDS = ["submission", "initial_amount", "reset_amount", "rate", "reserve_rate",
                    "limit", "mystery_minimum", "mystery_maximum"]


def meters_adopt_parameters() -> list[Meter]:
    """Meters whose tables are all closed take the version in force now (beat)."""
    adopted = []
    for pk in Meter.objects.values_list("pk", flat=True):
        with transaction.atomic():
            meter = Meter.objects.select_for_update(no_key=True).get(pk=pk)
            tables = Table.objects.filter(pk__in=owner_tables(meter))
            if tables.exclude(status="closed").exists():
                continue
            if _adopt(meter, actor=None, why="with every table closed"):
                meter.save(update_fields=PARAMETER_FIELDS)
                adopted.append(meter)
    return adopted


def _hit(meter: Meter, *, amount: Decimal, actor, reference: str, reason: str = "",
         **where) -> MeterEntry:
    if amount <= 0 or amount != amount.quantize(CENT):
        raise MeterError("a payment is a positive amount in whole cents", "amount")
    if amount > meter.amount:
        raise MeterError(f"{dollars(amount)} is more than the meter shows "
                         f"({dollars(to_cents(meter.amount))}): a meter never goes below zero "
                         f"(§605a.7)", "amount")
    meter.hits += 1
    entry = _entry(meter, EntryKind.HIT, amount_delta=-amount, paid=amount, actor=actor,
                   reference=reference, reason=reason, **where)
    entry.save()
    return entry


def meter_pay(*, meter: Meter, amount: Decimal, resets: bool, actor, reference: str,
              table_id: int | None = None, seat: int | None = None):
    """Record a hit of ``amount`` paid from the locked ``meter`` (whole cents, as the engine
    worked them out) at ``table_id`` and ``seat`` (a table's own meter: its table) and, when
    ``resets``, the reset to the reset amount. Runs inside the caller's transaction with the
    meter from ``lock_meters``."""
    hit = _hit(meter, amount=amount, actor=actor, reference=reference,
               reason="Progressive payout paid (§605a.7)",
               table_id=table_id or meter.table_id, seat=seat)
    if resets:
        _reset(meter, actor=actor, reference=reference,
               reason="Reset after a 100% payout (§605a.7)")
    meter.save(update_fields=[*STATE_FIELDS, *PARAMETER_FIELDS])
    audit_record(actor=actor, action="tables.meter.hit", target=meter,
                 after={"reference": reference, "paid": amount, "resets": resets,
                        "amount": meter.amount})
    return hit


@transaction.atomic
def meter_payment_reverse(*, reference: str, actor, reason: str) -> list[MeterEntry]:
    """Reverse the hit (and reset) recorded under ``reference``, for a voided slip: each row is
    answered by a reversal row with the opposite deltas; a second reversal changes nothing."""
    if not reason.strip():
        raise MeterError("a reason is required", "reason")
    rows = list(MeterEntry.objects.filter(reference=reference,
                                          kind__in=[EntryKind.HIT, EntryKind.RESET])
                .order_by("-pk"))
    if not rows or MeterEntry.objects.filter(reference=reference,
                                             kind=EntryKind.REVERSAL).exists():
        return []
    meters = {m.pk: m for m in Meter.objects.select_for_update(no_key=True)
              .filter(pk__in={r.meter_id for r in rows}).order_by("pk")}
    reversals = []
    for row in rows:
        meter = meters[row.meter_id]
        if row.kind == EntryKind.HIT:
            meter.hits -= 1
        entry = _entry(meter, EntryKind.REVERSAL, amount_delta=-row.amount_delta,
                       reserve_delta=-row.reserve_delta, overflow_delta=-row.overflow_delta,
                       funded=-row.funded, paid=-row.paid, actor=actor, reference=reference,
                       reason=reason)
        entry.save()
        reversals.append(entry)
    for meter in meters.values():
        meter.save(update_fields=STATE_FIELDS)
        audit_record(actor=actor, action="tables.meter.reverse", target=meter,
                     after={"reference": reference, "reason": reason, "amount": meter.amount})
    return reversals


# --- Contributions ---------------------------------------------------------------------------

def _split(meter: Meter, wagered: Decimal) -> tuple[Decimal, Decimal, Decimal]:
    """(to the meter, to the reserve, to the overflow) of ``wagered``: the rate of progression
    goes to the meter up to its limit, beyond it to the overflow; the reserve rate to the
    reserve pool. Exact: no rounding anywhere."""
    to_meter = wagered * meter.rate / HUNDRED
    to_reserve = wagered * meter.reserve_rate / HUNDRED
    to_overflow = ZERO
    if meter.limit is not None and meter.amount + to_meter > meter.limit:
        room = max(ZERO, meter.limit - meter.amount)
        to_overflow, to_meter = to_meter - room, room
    return to_meter, to_reserve, to_overflow


def _contribution(meter: Meter, events: list, last_event: int) -> MeterEntry:
    wagered = sum((e[4] for e in events), ZERO)
    to_meter, to_reserve, to_overflow = _split(meter, wagered)
    meter.wagers_counted += len(events)
    meter.wagers_sum += wagered
    return _entry(meter, EntryKind.CONTRIBUTION, amount_delta=to_meter, reserve_delta=to_reserve,
                  overflow_delta=to_overflow, contributed=to_meter + to_reserve + to_overflow,
                  wagers_counted=len(events), wagers_sum=wagered, last_event=last_event,
                  reason=f"{len(events)} qualifying wagers at {meter.rate.normalize():f}% "
                         f"(§605a.7(a))")


def meter_apply_contributions(meter: Meter, events: list) -> list[MeterEntry]:
    """Add ``events`` ((pk, table_id, seat, wager, amount) in order) to the locked ``meter``:
    one contribution row for the batch, or for a Must-Hit-By meter, one per stretch up to the
    qualifying wager that takes it past its trigger, which wins (§631b.6(c)(3))."""
    if not events:
        return []
    if not meter.is_mystery:
        entry = _contribution(meter, events, events[-1][0])
        entry.save()
        return [entry]
    return _apply_mystery(meter, events)


def _apply_mystery(meter: Meter, events: list) -> list[MeterEntry]:
    trigger = MysteryTrigger.objects.get(meter=meter, hit_at__isnull=True)
    entries, start, running = [], 0, meter.amount
    for i, event in enumerate(events):
        running += _split(meter, event[4])[0]
        if running <= trigger.amount:
            continue
        entries.append(_contribution(meter, events[start:i + 1], event[0]))
        entries[-1].save()
        entries.extend(_mystery_win(meter, trigger, event))
        trigger = MysteryTrigger.objects.get(meter=meter, hit_at__isnull=True)
        start, running = i + 1, meter.amount
    if start < len(events):
        entries.append(_contribution(meter, events[start:], events[-1][0]))
        entries[-1].save()
    return entries


def _mystery_win(meter: Meter, trigger: MysteryTrigger, event) -> list[MeterEntry]:
    """The qualifying wager that took the meter past the trigger wins 100% of it (paid in whole
    cents, §631b.6(c)(7)); the meter resets to the minimum and a new trigger is drawn
    (§631b.6(c)(3), (5)(iv)), and a jackpot slip for the table and seat waits for a floorperson
    or above to validate it (§631b.6(c)(5)(i)-(ii)), recorded by the slips room through
    ``hooks.mystery_slips()``. Locks in the order slips take them: the
    meter (held by the caller), then the slip counter, before the first audit event (the
    reset may audit new parameters) takes the audit chain's lock."""
    slips = hooks.mystery_slips()
    pk, table_id, seat = event[0], event[1], event[2]
    reference = f"mystery-{meter.pk}-{pk}"
    number, submission = slips.number(meter.property), meter.submission
    hit = _hit(meter, amount=to_cents(meter.amount), actor=None, reference=reference,
               table_id=table_id, seat=seat,
               reason="Must-Hit-By Mystery Bonus won: 100% of the meter (§631b.6(c)(3), (7))")
    MysteryTrigger.objects.filter(pk=trigger.pk).update(hit_at=timezone.now(), hit_entry=hit)
    reset = _reset(meter, actor=None, reference=reference,
                   reason="Reset to the minimum after the Must-Hit-By win (§631b.6(c)(5)(iv))")
    slip = slips.record(meter=meter, submission=submission, number=number, event=event,
                        hit=hit, reset=reset)
    audit_record(actor=None, action="tables.meter.mystery_win", target=meter,
                 after={"table": table_id, "seat": seat, "paid": hit.paid,
                        "trigger": trigger.amount, "reference": reference,
                        "slip": slip.number})
    return [hit, reset]


# --- Adjustments (two people) -----------------------------------------------------------------

@transaction.atomic
def adjustment_propose(*, meter: Meter, amount: Decimal, reason: str, actor) -> MeterAdjustment:
    """A correction of the amount shown, with a reason; it changes nothing until a second
    person approves it (a meter decreases only by a paid win or a documented adjustment: a
    secondary source, cf. N.J.A.C. 13:69D-1.52(f); Pennsylvania's §605a.7 is silent)."""
    require(actor, "meters.adjust", meter.property)
    if not reason.strip():
        raise MeterError("a reason is required", "reason")
    if not amount.is_finite() or abs(amount) >= MAX_AMOUNT:
        raise MeterError("enter a signed amount in dollars, like -12.50", "amount")
    if amount.as_tuple().exponent < -METER_DIGITS["decimal_places"]:
        raise MeterError(f"a meter keeps at most {METER_DIGITS['decimal_places']} decimal "
                         f"places", "amount")
    if amount == 0:
        raise MeterError("an adjustment changes the meter: enter a non-zero amount", "amount")
    adjustment = MeterAdjustment.objects.create(meter=meter, amount=amount, reason=reason,
                                                proposed_by=actor)
    audit_record(actor=actor, action="tables.meter_adjustment.propose", target=adjustment,
                 property=meter.property, after={"meter": meter.pk, "amount": amount,
                                                 "reason": reason})
    return adjustment


@transaction.atomic
def adjustment_decide(*, adjustment: MeterAdjustment, actor, approve: bool) -> MeterAdjustment:
    """A second person approves (the ledger row is written) or rejects the adjustment."""
    adjustment = MeterAdjustment.objects.select_for_update().get(pk=adjustment.pk)
    if adjustment.status != AdjustmentStatus.PROPOSED:
        raise MeterError("this adjustment was already decided")
    require(actor, "meters.adjust", adjustment.meter.property)
    if adjustment.proposed_by_id == actor.pk:
        raise MeterError("a second person must approve an adjustment, not the one who "
                         "proposed it")
    meter = Meter.objects.select_for_update(no_key=True).get(pk=adjustment.meter_id)
    if approve:
        if meter.amount + adjustment.amount < 0:
            raise MeterError("the meter would go below zero", "amount")
        entry = _entry(meter, EntryKind.ADJUSTMENT, amount_delta=adjustment.amount,
                       funded=adjustment.amount, actor=actor, reason=adjustment.reason,
                       reference=f"adjustment-{adjustment.pk}")
        entry.save()
        meter.save(update_fields=STATE_FIELDS)
        adjustment.entry = entry
    adjustment.status = AdjustmentStatus.APPROVED if approve else AdjustmentStatus.REJECTED
    adjustment.decided_by, adjustment.decided_at = actor, timezone.now()
    adjustment.save()
    verb = "approve" if approve else "reject"
    audit_record(actor=actor, action=f"tables.meter_adjustment.{verb}", target=adjustment,
                 property=meter.property, after={"meter": meter.pk, "amount": adjustment.amount,
                                                 "meter_amount": meter.amount})
    return adjustment
