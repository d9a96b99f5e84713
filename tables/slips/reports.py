"""The daily jackpot slip report: one gaming day's slips with totals per wager (void slips
listed, not totalled), and the same as CSV for the accounting department."""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Sum
from django.utils import timezone

from casino.evidence_anchors import anchor_words
from casino.models import Property
from games.money import fmt
from tables.slips.models import JackpotSlip, SlipStatus
from tables.slips.selectors import recorder, slip_list, username

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class DailyReport:
    day: datetime.date
    slips: list
    totals: list  # (wager name, count, total) per wager
    total: Decimal
    count: int
    anchor: str = ""  # the latest anchor of the property's audit chain (issue 28)


def daily_report(*, property: Property, day: datetime.date) -> DailyReport:
    """Slips recorded in one gaming day, void ones listed but not totalled."""
    slips = list(slip_list(property=property, filters={"date_from": day.isoformat(),
                                                       "date_to": day.isoformat()})
                 .order_by("number"))
    live = [s for s in slips if s.status != SlipStatus.VOIDED]
    by_wager = (JackpotSlip.objects.filter(pk__in=[s.pk for s in live])
                .values("wager_name").annotate(n=Count("pk"), total=Sum("award"))
                .order_by("wager_name"))
    return DailyReport(day=day, slips=slips,
                       totals=[(r["wager_name"], r["n"], r["total"]) for r in by_wager],
                       total=sum((s.award for s in live), ZERO), count=len(live),
                       anchor=anchor_words(property.pk))


CSV_COLUMNS = ("Slip", "Kind", "Status", "Recorded at", "Table", "Seat", "Wager", "Wager amount",
               "Hand", "Odds", "Amount paid", "Paid from", "Meter before", "Meter after",
               "Recorded by", "Validated by", "Paid by", "Sections")


def daily_report_csv(report: DailyReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for s in report.slips:
        writer.writerow([
            s.number, s.get_kind_display(), s.get_status_display(),
            timezone.localtime(s.recorded_at).strftime("%Y-%m-%d %H:%M"), s.table.label,
            s.seat, s.wager_name, fmt(s.wager_amount), s.hand, s.odds, fmt(s.award),
            s.get_paid_from_display(), _meter(s.meter_before), _meter(s.meter_after),
            recorder(s), username(s.validated_by), username(s.paid_by), s.rule])
    return out.getvalue()


def _meter(value) -> str:
    return "" if value is None else f"{value:.2f}"
