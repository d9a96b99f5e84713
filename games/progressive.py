"""Paying progressive payouts from a meter at the moment of payment.

A progressive wager's paytable may pay a percentage of a meter (``basis = "meter_percent"``).
Each award is a share of the amount on the meter when that player is paid (§643a.12(e)(4),
§647a.12(d)(4), §645a.13(e)(3)), so the players of one round are paid in the game's order of
settlement and an award lowers the meter for the next one; a 100% award empties it and the meter
restarts at its reset amount, which the request gives as ``meters.<key>_reset``. The meter keeps
the exact fraction of a cent; awards are paid down to the cent (games/money.py).

A meter goes down only by what is paid: where a payout limit caps a meter award (Pai Gow
Poker, §645a.13(j)), the game quotes the award (``pay_row(..., take=False)``), caps the hand and
then ``take``s the capped line, so what the limit keeps stays on the meter, and the meter
restarts only when a 100% award is paid out whole (``Line.meter_reset``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from games.envy import ROW_PREFIX
from games.errors import InvalidRound
from games.money import to_cents
from games.payload import Reader
from games.paytables import Paytable, Row
from games.settlement import NOT_TABLE_INVENTORY, WIN, Line, best_net, paid_by_row


class RoundMeter:
    """A progressive meter through one round's settlement, paid down award by award."""

    def __init__(self, key: str, amount: Decimal | None, reset: Decimal | None = None):
        self.key = key
        self.amount = amount
        self.reset = reset
        self._reset_used = False

    @classmethod
    def read(cls, reader: Reader, key: str) -> RoundMeter:
        """Reads ``meters.<key>`` (and ``meters.<key>_reset``) when given; a round that needs
        a missing amount is refused when the award comes up."""
        meters = reader.meters
        amount = reader.meter(key) if key in meters else None
        reset = reader.meter(f"{key}_reset") if f"{key}_reset" in meters else None
        return cls(key, amount, reset)

    def quote(self, percent: Decimal, *, ways: int = 1) -> Decimal:
        """Each of ``ways`` equal shares of ``percent`` of the meter, down to the cent; the
        meter is not changed (``take`` pays it)."""
        if self.amount is None:
            needed = f"{self.key}_reset" if self._reset_used else self.key
            why = ("a 100% award emptied the meter earlier in this round; its reset amount"
                   if self._reset_used else "the meter amount")
            raise InvalidRound({f"meters.{needed}": f"{why} is needed to pay {percent}% of it"})
        return to_cents(self.amount * percent / 100 / ways)

    def take(self, paid: Decimal, *, whole: bool) -> None:
        """Lower the meter by ``paid``; ``whole``: a 100% award paid out whole, after which
        the meter restarts at its reset amount (§605a.7)."""
        if whole:
            self.amount, self._reset_used = self.reset, True
        elif self.amount is not None:
            self.amount -= paid

    def take_line(self, line: Line) -> None:
        """Pay the meter award ``line`` as it stands (capped or not) out of the meter."""
        self.take(line.net + line.amount, whole=bool(line.meter_reset))

    def pay(self, percent: Decimal, *, ways: int = 1) -> Decimal:
        """Each of ``ways`` equal shares of ``percent`` of the meter, down to the cent, taken
        from the meter now."""
        share = self.quote(percent, ways=ways)
        self.take(share * ways, whole=percent == 100)
        return share


def pay_row(
    wager: str, amount: Decimal, row: Row | None, rule: str, meter: RoundMeter | None, *,
    paid_from: str = NOT_TABLE_INVENTORY, verify: str | None = None, take: bool = True,
    **extra: Any,
) -> Line:
    """A progressive wager at ``row``: a share of ``meter`` as it stands now (paid from
    ``paid_from``: a percentage-of-meter award never comes from the table inventory, nor is it
    credited to a game account, unless the game's rule says otherwise), the row's odds, or
    lost when the hand made no row. A win carries ``verify``, the clause that has a floorperson
    or above validate the progressive payout (§649a.11(c)(5)(iii) and its twins). With
    ``take=False`` the award is only quoted: the caller caps it and ``meter.take_line``s it."""
    if row is None:
        return paid_by_row(wager, amount, row, rule, **extra)
    if row.basis != "meter_percent":
        return paid_by_row(wager, amount, row, rule, verify=verify, **extra)
    assert meter is not None, "a percentage-of-meter row is paid from a meter"
    line = Line(wager, amount, WIN, row.odds, meter.quote(row.value) - amount, rule,
                paid_from=paid_from, meter=meter.key, verify=verify,
                meter_reset=row.value == 100, **extra)
    if take:
        meter.take_line(line)
    return line


def best_win(amount: Decimal, paytable: Paytable, meter: Decimal) -> Decimal:
    """The net win of ``amount`` at the paytable's best hand row (Envy rows aside), a meter
    row valued at ``meter`` (for payout-limit floors: the regulation's least meter)."""
    rows = (row for row in paytable.rows if not row.hand.startswith(ROW_PREFIX))
    return best_net(paytable.wager, amount, rows, meter=meter)
