"""Jackpot slips: every write, audited in its transaction (the one module the pages, the API and
the other rooms call).

Segregation of duties as the chapters and §465a.26 expect: a floor manager records the slip
(``recording``: the amount fixed and the meter hit and reseeded at once, the jackpot lock); a
floorperson or above who is not the recorder validates it, confirming every payout it makes
(``validation``, §649a.11(c)(5)(iii) and its twins); it is paid as the engine and the Rules
Submission say, wins on one meter in the order they were recorded (here); a void takes two
people and never undoes a payment (``voids``). The lock order of all of it: ``locks``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from casino.audit import audit_record
from casino.permissions import require
from tables.meters.selectors import live_meter_amounts
from tables.slips import locks
from tables.slips.awards import PAID_FROM_WORDS, PAY_REFUSED, Preview, settle_slip, with_meter
from tables.slips.decisions import enforce, may_pay
from tables.slips.errors import check_input, choices, fail
from tables.slips.models import JackpotSlip, PaidFrom, SlipKind, SlipStatus
from tables.slips.recording import (
    RECORD_FIELDS,
    mystery_slip_record,
    next_number,
    seat_and_wager,
    slip_record,
    snapshot,
)
from tables.slips.validation import slip_validate, slip_validate_at
from tables.slips.voids import MYSTERY_NO_VOID, slip_void, slip_void_confirm

__all__ = ["MYSTERY_NO_VOID", "mystery_slip_record", "next_number", "slip_pay", "slip_preview",
           "slip_record", "slip_validate", "slip_validate_at", "slip_void",
           "slip_void_confirm"]

PAY_FIELDS = {"paid_from"}
PENDING = (SlipStatus.RECORDED, SlipStatus.VALIDATED)


def slip_preview(*, table, data: object) -> Preview:
    """What recording ``data`` would document, settled by the table's terms and live meter;
    nothing is written (the amount is fixed only when the slip is recorded)."""
    data = check_input(data, RECORD_FIELDS)
    seat, wager, body = seat_and_wager(table, data)
    preview = settle_slip(table, seat, wager, body)
    return with_meter(preview, live_meter_amounts(table))


def earlier_unpaid(slip: JackpotSlip) -> JackpotSlip | None:
    """The first slip recorded against the same meter before ``slip``'s jackpot and neither
    paid nor void: wins on one meter are paid in the order they were recorded (cf. 9 NYCRR
    5321.18(b)(3)(iii)). A jackpot and the shares of its own award are one recording."""
    if slip.meter_id is None:
        return None
    head = slip.parent if slip.parent_id else slip
    return (JackpotSlip.objects.filter(meter_id=slip.meter_id, number__lt=head.number,
                                       status__in=PENDING)
            .exclude(pk=head.pk).exclude(parent_id=head.pk).select_related("table")
            .order_by("number").first())


def _paid_from(slip: JackpotSlip, data: dict) -> str:
    paid_from = data.get("paid_from") or slip.paid_from
    if paid_from not in PaidFrom.values:
        raise fail("paid_from", f"Choose one of {choices(PaidFrom)}.")
    if slip.kind == SlipKind.MYSTERY and paid_from != slip.paid_from:
        raise fail("paid_from", f"A Must-Hit-By Mystery Bonus is paid the way the Rules "
                                f"Submission names: {PAID_FROM_WORDS[slip.paid_from].lower()} "
                                f"(§631b.6(c)(6)).")
    if paid_from in PAY_REFUSED.get(slip.paid_from, set()):
        raise fail("paid_from", f"This payout may not be paid from "
                                f"{PAID_FROM_WORDS[paid_from].lower()} ({slip.rule}).")
    return paid_from


@transaction.atomic
def slip_pay(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """Mark a validated slip paid, by whom and from where: what the engine says may not come
    from the table inventory never does (§649a.11(c)(5)(iv) and its twins), a Must-Hit-By
    payout only the way the Rules Submission names (§631b.6(c)(6)), and a later win on a meter
    never before an earlier one (a 409 naming it). A companion's jackpot slip is locked first
    (``locks`` step 3), so its void and this payment never cross."""
    require(actor, "slips.validate", slip.property)
    data = check_input(data or {}, PAY_FIELDS)
    if slip.parent_id:
        locks.slip(slip.parent)
    slip = locks.slip(slip)
    enforce(may_pay(actor, slip, earlier=earlier_unpaid(slip)))  # the page's rule (decisions)
    paid_from = _paid_from(slip, data)
    before = snapshot(slip)
    slip.status, slip.paid_from = SlipStatus.PAID, paid_from
    slip.paid_by, slip.paid_at = actor, timezone.now()
    slip.save(update_fields=["status", "paid_from", "paid_by", "paid_at"])
    audit_record(actor=actor, action="tables.slip.pay", target=slip, before=before,
                 after=snapshot(slip))
    return slip
