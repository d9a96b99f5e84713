"""How every page, print, PDF and CSV header writes money, dates, odds and people: one place,
so "$1,000.00", "2026-12-01" and "Fiona Marsh" read the same wherever staff meet them.

Amounts are Decimals (never floats); a progressive meter keeps fractions of a cent and shows
them (§605a.7: the meter is the record), every other amount shows whole cents."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from django.utils import timezone

DATE = "%Y-%m-%d"
MOMENT = "%Y-%m-%d %H:%M"  # 24-hour, in the property's time zone (settings.TIME_ZONE)


def as_decimal(value) -> Decimal | None:
    """``value`` (a Decimal, int or decimal string such as "1000.00") as a Decimal; None for
    nothing or for what is not an amount. Floats are refused: money is never a float."""
    if value is None or value == "" or isinstance(value, (bool, float)):
        return None
    try:
        number = Decimal(str(value).strip().removeprefix("$").replace(",", ""))
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def money(value, *, sign: bool = False) -> str:
    """"$1,000.00", "-$12.50"; a meter's fraction of a cent kept ("$10,000.055"); with
    ``sign`` a change reads "+$0.025". Anything that is not an amount is shown as it is."""
    number = as_decimal(value)
    if number is None:
        return "" if value is None else str(value)
    whole, _, frac = f"{abs(number).normalize():f}".partition(".")
    prefix = "-" if number < 0 else ("+" if sign and number > 0 else "")
    return f"{prefix}${int(whole):,}.{frac.ljust(2, '0')}"


def number(value) -> str:
    """A count or odds figure with thousands separators: "1,000", "2.5", "12,500"."""
    figure = as_decimal(value)
    if figure is None:
        return "" if value is None else str(value)
    whole, dot, frac = f"{figure.normalize():f}".partition(".")
    return f"{'-' if figure < 0 else ''}{int(whole.lstrip('-') or 0):,}{dot}{frac}"


def how_many(count: int, noun: str, *, exact: bool = True) -> str:
    """A count of rows as the lists say it: "1 event", "2,345 events", or for a count that
    stopped at its cap "More than 10,000 events"."""
    if not exact:
        return f"More than {count:,} {noun}s"
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def odds(value, basis: str) -> str:
    """A paytable row as it is posted: "1,000 to 1", "9 for 1", "10% of meter",
    "$1,000.00" (``basis`` is the catalog's "to", "for", "meter_percent" or "amount")."""
    if basis == "amount":
        return money(value)
    if basis == "meter_percent":
        return f"{number(value)}% of meter"
    return f"{number(value)} {basis} 1"


def day(value) -> str:
    """A date as every page writes it: "2026-12-01" (a moment on its local day)."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        value = timezone.localtime(value) if timezone.is_aware(value) else value
    return value.strftime(DATE) if isinstance(value, date) else str(value)


def moment(value) -> str:
    """A moment in the property's time zone, 24-hour: "2026-12-01 16:16"."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        return (timezone.localtime(value) if timezone.is_aware(value) else value).strftime(MOMENT)
    return day(value)


def person(user, *, nobody: str = "the system") -> str:
    """Who did it, by name ("Fiona Marsh"); the user name only when no name is on file;
    ``nobody`` for what the system did itself (a worker, the demo loader)."""
    if user is None:
        return nobody
    return user.get_full_name() or user.get_username()


def age(since, now=None) -> str:
    """How long something has waited, as a floor says it: "just now", "12 minutes",
    "2 hours 5 minutes", "3 days"."""
    if since is None:
        return ""
    seconds = max(0, int(((now or timezone.now()) - since).total_seconds()))
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400

    def plural(n, word):
        return f"{n} {word}{'' if n == 1 else 's'}"
    if minutes < 1:
        return "just now"
    if hours < 1:
        return plural(minutes, "minute")
    if days < 1:
        rest = minutes - hours * 60
        return plural(hours, "hour") + (f" {plural(rest, 'minute')}" if rest else "")
    return plural(days, "day")
