"""The records-retention period (58 Pa. Code §465a.6(c): a licensee's books, records and
documents, computer generated data and ledgers included, are kept at least 5 years, and
destroyed only after it unless the Board permits, §465a.6(b)(5)): ``RECORDS_RETENTION_YEARS``.
One rule for every archive (the audit log's, the meter ledger's) and for ``history_status``."""

import datetime as dt

from django.conf import settings
from django.utils import timezone


def latest_cut(today: dt.date | None = None) -> dt.date:
    """The latest day an archive may cut before: today, the period's years back (a 29 February
    falls back to the 28th). Whatever was recorded on or after it is kept."""
    today = today or timezone.localdate()
    years = settings.RECORDS_RETENTION_YEARS
    try:
        return today.replace(year=today.year - years)
    except ValueError:
        return today.replace(year=today.year - years, day=28)


def records_retention(today: dt.date | None = None) -> dt.timedelta:
    """The period as a span back from today (whole calendar years)."""
    today = today or timezone.localdate()
    return today - latest_cut(today)


def inside_period(before: dt.date, what: str, *, permission: str = "",
                  today: dt.date | None = None) -> str | None:
    """Why an archive of ``what`` ("ledger rows") recorded before ``before`` is refused, or
    None when the cut is outside the period or the Board permitted an earlier destruction in
    writing (``permission``: its reference, §465a.6(b)(5))."""
    latest = latest_cut(today)
    if before <= latest or permission.strip():
        return None
    years = settings.RECORDS_RETENTION_YEARS
    return (f"{before:%Y-%m-%d} is inside the records-retention period ({years} years, "
            f"RECORDS_RETENTION_YEARS; §465a.6(c)): {what} recorded on or after "
            f"{latest:%Y-%m-%d} are kept. Give --before {latest:%Y-%m-%d} or earlier, or the "
            f"Board's written permission (--board-permission, §465a.6(b)(5)); nothing was "
            f"archived.")
