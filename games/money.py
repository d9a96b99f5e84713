"""Money in the engine: Decimal dollars, never floats.

Wagers and payouts are whole cents. A payout that works out to a fraction of a cent (1 to 2 on
$5.05, 10% of a meter of $12,345.678) is paid down to the cent: the casino never pays more than
the paytable, and the meter keeps the exact remainder (§605a.7: the meter is the record).
"""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from functools import lru_cache

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
# No wager, meter or limit at a table comes near a billion dollars; the bound keeps every
# product of an amount and a paytable's odds exact in Decimal's 28 digits.
MAX_AMOUNT = Decimal("1000000000")


def to_cents(value: Decimal) -> Decimal:
    """Round a payout down to whole cents."""
    return value.quantize(CENT, rounding=ROUND_DOWN)


def fmt(value: Decimal) -> str:
    """Dollars as the API writes them: ``"5.00"``, ``"-12.50"``; a meter's fraction of a cent
    as it stands (``"12345.678"``)."""
    text = str(value)
    if text[-3:-2] == ".":  # already in cents: the common case, without quantizing
        return text
    cents = value.quantize(CENT)
    return str(cents) if cents == value else text


def parse_dollars(value: object) -> Decimal:
    """A dollar amount from a decimal string (or int); refuses floats, NaN and sub-cent amounts."""
    if type(value) is str:
        return _parse_text(value)
    return _parse(value)


# A table's requests repeat a few amounts ("5.00", "25.00"); Decimals are immutable, so each
# text is parsed once.
@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Decimal:
    return _parse(text)


# Plain ASCII dollars: "5", "5.00", "-12.50". Decimal() also reads "1e999999999" (whose
# quantize raised), "5_0", " 5 ", "+5" and other scripts' digits: none is an amount anyone
# writes, so none is read as one.
_PLAIN = re.compile(r"-?[0-9]{1,100}(\.[0-9]{1,100})?")


# Unsigned figures written plainly: "5", "2.5", "12345.6789" (a meter keeps fractions of a
# cent, a rate four places).
_UNSIGNED = re.compile(r"[0-9]{1,100}(\.[0-9]{1,100})?")


def plain_decimal(value: object) -> Decimal | None:
    """``value`` as a decimal when written plainly, as ASCII digits and a point (or a whole
    JSON number from 0, or a Decimal the house already holds), else None: ``Decimal()`` alone
    reads "5_0" as 50, "٥" as 5, and "1e2", " 5 " and "+5" too, none of which anyone writes
    for a figure."""
    if isinstance(value, Decimal):
        return value if value.is_finite() and value >= 0 else None
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value) if value >= 0 else None
    if isinstance(value, str) and _UNSIGNED.fullmatch(value):
        return Decimal(value)
    return None


def _parse(value: object) -> Decimal:
    if isinstance(value, (bool, float)):
        raise ValueError("amounts are decimal strings in dollars, like \"5.00\"")
    if isinstance(value, str) and not _PLAIN.fullmatch(value):
        raise ValueError(f"{value[:40]!r} is not an amount in dollars, like \"5.00\" (ASCII "
                         "digits and a point: no exponent, spaces, separators or \"+\")")
    try:
        amount = Decimal(value if isinstance(value, str) else str(value))
    except (InvalidOperation, AttributeError, ValueError):
        raise ValueError(f"{value!r} is not an amount in dollars, like \"5.00\"") from None
    if not amount.is_finite():
        raise ValueError(f"{value!r} is not an amount in dollars")
    if abs(amount) >= MAX_AMOUNT:
        raise ValueError(f"{value} is too large: amounts are below ${MAX_AMOUNT:,}")
    if amount != amount.quantize(CENT):
        raise ValueError(f"{value} has a fraction of a cent; wagers are whole cents")
    return amount.quantize(CENT)
