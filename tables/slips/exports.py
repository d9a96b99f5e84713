"""Jackpot slips as CSV, any number of them (issue 24): the slip list's filters, every slip
oldest first, streamed in keyset chunks (``tables.meters.exports.keyset``), every cell through
``casino.csv_export`` (a name or a void reason is never run as a spreadsheet formula)."""

from __future__ import annotations

from django.utils import timezone

from casino.csv_export import streaming_csv
from tables.meters.exports import keyset
from tables.slips import selectors
from tables.slips.models import PaidFrom, SlipKind, SlipStatus

HEADER = ["Slip", "Kind", "Status", "Table", "Game", "Rules Submission version", "Seat",
          "Wager", "Wager amount", "Hand", "Odds", "Award", "Paid from", "Meter",
          "Meter before", "Meter after", "Recorded", "Recorded by", "Validated",
          "Validated by", "Paid", "Paid by", "Voided", "Voided by", "Void reason"]
FIELDS = ("number", "kind", "status", "table__label", "game", "submission_version", "seat",
          "wager_name", "wager_amount", "hand", "odds", "award", "paid_from", "meter_name",
          "meter_before", "meter_after", "recorded_at", "recorded_by__username",
          "validated_at", "validated_by__username", "paid_at", "paid_by__username",
          "voided_at", "voided_by__username", "void_reason")
TIMES = {FIELDS.index(f) for f in ("recorded_at", "validated_at", "paid_at", "voided_at")}


def _rows(slips):
    names = {**dict(SlipKind.choices), **dict(SlipStatus.choices), **dict(PaidFrom.choices)}
    labelled = {FIELDS.index(f) for f in ("kind", "status", "paid_from")}
    for values in keyset(slips, FIELDS):
        yield [timezone.localtime(v).strftime("%Y-%m-%d %H:%M:%S") if i in TIMES and v
               else names.get(v, v) if i in labelled else ("" if v is None else v)
               for i, v in enumerate(values)]


def slips_csv(property, filters: dict):
    """The slips the list shows for ``filters`` (a bad filter is the selector's
    ``SlipError``)."""
    slips = selectors.slip_list(property=property, filters=filters)
    stamp = timezone.localdate().isoformat()
    return streaming_csv(f"jackpot-slips-{stamp}.csv", HEADER, _rows(slips))
