"""Jackpot slips against their audit events (issue 28; registered with
``casino.registry.record_check``): every event of a slip carries its snapshot (number, status,
amounts, meter before and after, how it is paid; ``recording.snapshot``), so the latest one must
say what the slip says now, the person who paid it must be the one the payment event names,
and a slip no event records is reported (§465a.26: the slip is the payout's record).
"""

from __future__ import annotations

from casino import record_checks as rc
from tables.slips.models import JackpotSlip, PaidFrom, SlipKind, SlipStatus

# (field, words, money): what a slip's events carry, as the check names it.
FIELDS = (("number", "number", False), ("status", "status", dict(SlipStatus.choices)),
          ("seat", "seat", False), ("wager", "wager", False),
          ("wager_amount", "wager amount", True), ("award", "award", True),
          ("odds", "odds", False), ("paid_from", "paid from", dict(PaidFrom.choices)),
          ("meter_before", "meter before", True), ("meter_after", "meter after", True),
          ("rule", "rule", False), ("kind", "kind", dict(SlipKind.choices)))
COLUMNS = ("pk", "number", "recorded_at", "paid_by_id", "void_reason",
           *(f for f, _, _ in FIELDS if f != "number"))


def _slips(scope: rc.Scope, touched: set[int] | None):
    slips = JackpotSlip.objects.filter(property_id=scope.property_id)
    if touched is not None:
        slips = slips.filter(pk__in=touched) | slips.filter(recorded_at__gte=scope.since.at)
    return slips.order_by("number").values(*COLUMNS)


def check_slips(scope: rc.Scope):
    """Each slip (of the scope) against the latest event carrying its snapshot, the latest
    carrying its void reason, and its payment event."""
    touched = rc.touched(scope, JackpotSlip)
    slips = list(_slips(scope, touched))
    ids = [s["pk"] for s in slips]
    snapshot = rc.latest_events(scope, JackpotSlip, ids, touched, carrying="award")
    reasons = rc.latest_events(scope, JackpotSlip, ids, touched, carrying="reason")
    payments = rc.latest_events(scope, JackpotSlip, ids, touched, actions=["tables.slip.pay"],
                                carrying="award")
    for slip in slips:
        record = f"Jackpot slip {slip['number']} at {scope.name}"
        if slip["pk"] not in snapshot:
            if scope.unvouched(slip["recorded_at"]):
                yield rc.no_event(record)
            continue
        event = snapshot[slip["pk"]]  # None: no new event carries it (--full compares it)
        found = rc.differs(record, FIELDS, slip, event) if event is not None else None
        reason = reasons.get(slip["pk"])
        if found is None and reason is not None:
            found = rc.differs(record, (("void_reason", "void reason", False),), slip, reason,
                               source={"void_reason": reason.after["reason"]})
        paid = payments.get(slip["pk"])
        if found is None and slip["status"] == SlipStatus.PAID and paid is not None and (
                paid.actor_id != slip["paid_by_id"]):
            found = (f"{record}: paid by another person in the database than its payment "
                     f"event names (recorded {paid.when}).")
        if found:
            yield found
