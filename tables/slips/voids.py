"""Voiding a jackpot slip in two explicit steps: one person asks, with a reason
(``slip_void``); another confirms (``slip_void_confirm``). A second ask is refused (a 409 naming
the open request), never taken as a confirmation.

What a void may undo (issue 19; a meter goes down only by a paid and recorded jackpot, cf.
N.J.A.C. 13:69D-1.52(f), and never goes back up for money already handed out):

- A paid slip is never voided, nor a jackpot slip whose Envy Bonus or shared-award slip was
  paid: money handed out in error is documented by a two-person meter adjustment.
- An Envy Bonus or shared-award slip is voided with its jackpot slip (they come from one
  recorded round; a wrong round is voided whole and recorded again).
- A Must-Hit-By Mystery Bonus slip is never voided (``MYSTERY_NO_VOID``).
- The rule for the meter: a confirmed void of an unpaid meter slip answers the slip's own hit
  and reseed with reversal rows of the opposite amounts, and nothing else. The meter then stands
  where it would had the win never been recorded: its amount before the win plus everything
  contributed since, less the other wins recorded against it since (their amounts were fixed
  when they were recorded and stand); the hit count and the total paid fall back by this slip's.

Locks: ``tables.slips.locks`` (a confirmation of a meter slip: the owner and its meters, then
the slip and its companions).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from casino.audit import audit_record
from casino.permissions import require
from tables.meters import services as meter_service
from tables.slips import locks
from tables.slips.decisions import (
    MYSTERY_NO_VOID,
    PAID_NO_VOID,
    enforce,
    may_ask_void,
    may_confirm_void,
)
from tables.slips.errors import check_input, fail
from tables.slips.models import JackpotSlip, SlipStatus
from tables.slips.recording import snapshot

VOID_FIELDS = {"reason"}
__all__ = ["MYSTERY_NO_VOID", "PAID_NO_VOID", "slip_void", "slip_void_confirm"]


@transaction.atomic
def slip_void(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """Ask for a void, with a reason: nothing changes until a second person confirms it."""
    require(actor, "slips.void", slip.property)
    data = check_input(data or {}, VOID_FIELDS)
    reason = str(data.get("reason") or "").strip()
    if not reason:
        raise fail("reason", "A reason is required to ask for a void.")
    parent, companions = locks.family(slip)
    enforce(may_ask_void(actor, parent, companions))  # the page's rule (``decisions``)
    parent.void_reason, parent.void_requested_by = reason, actor
    parent.void_requested_at = timezone.now()
    parent.save(update_fields=["void_reason", "void_requested_by", "void_requested_at"])
    audit_record(actor=actor, action="tables.slip.void_request", target=parent,
                 after={"number": parent.number, "reason": reason})
    return parent


@transaction.atomic
def slip_void_confirm(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """A second person confirms the open void request: the slip and its companions are void,
    and an unpaid meter slip's hit and reseed are reversed (the rule in the module's words)."""
    require(actor, "slips.void", slip.property)
    check_input(data or {}, set())
    if slip.meter_id is not None and slip.meter_before is not None and not slip.parent_id:
        locks.meters(slip.table, apply=False)
    parent, companions = locks.family(slip)
    enforce(may_confirm_void(actor, parent, companions))  # the page's rule (``decisions``)
    now = timezone.now()
    if parent.meter_before is not None:
        meter_service.meter_payment_reverse(
            reference=parent.meter_reference(), actor=actor,
            reason=f"Slip {parent.number} void: {parent.void_reason}")
    for s in (parent, *(c for c in companions if c.status != SlipStatus.VOIDED)):
        before = snapshot(s)
        if s is not parent:
            s.void_reason = f"Jackpot slip {parent.number} void: {parent.void_reason}"
            s.void_requested_by, s.void_requested_at = (parent.void_requested_by,
                                                        parent.void_requested_at)
        s.status, s.voided_by, s.voided_at = SlipStatus.VOIDED, actor, now
        s.save(update_fields=["status", "voided_by", "voided_at", "void_reason",
                              "void_requested_by", "void_requested_at"])
        audit_record(actor=actor, action="tables.slip.void", target=s, before=before,
                     after={**snapshot(s), "reason": s.void_reason,
                            "requested_by": s.void_requested_by.get_username()})
    return parent
