"""Jackpot slips in the Board's evidence bundle (issue 28; casino/evidence_bundle.py): each
slip recorded in the period with the values its audit events carry (recorded, validated,
paid, void), which ``tools/verify_evidence.py`` compares offline (§465a.26: the slip is the
record of the payout)."""

from casino.evidence_bundle import Record
from tables.slips.models import JackpotSlip

# The slip's values its events carry under the same names (tables.slips.recording.snapshot).
CHECKED = ("number", "kind", "status", "seat", "wager", "award", "odds", "paid_from",
           "meter_before", "meter_after", "rule")


def slip_records(prop, start, end) -> list[Record]:
    slips = JackpotSlip.objects.filter(property=prop).select_related("table").order_by("number")
    if start is not None:
        slips = slips.filter(recorded_at__gte=start)
    if end is not None:
        slips = slips.filter(recorded_at__lt=end)
    return [Record(
        kind="slip", name=f"Jackpot slip {slip.number}", target=slip,
        values={**{name: getattr(slip, name) for name in CHECKED},
                "table": slip.table.label, "game": slip.game, "wager_name": slip.wager_name,
                "wager_amount": slip.wager_amount, "hand": slip.hand,
                "recorded_at": slip.recorded_at, "validated_at": slip.validated_at,
                "paid_at": slip.paid_at, "voided_at": slip.voided_at,
                "void_reason": slip.void_reason},
        checked={name: name for name in CHECKED}) for slip in slips.iterator(chunk_size=2000)]
