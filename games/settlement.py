"""Settlement lines: what each wager of a seat won or lost, and the rule that says so.

Every game's ``settle`` returns a ``RoundResult`` built from these lines, so every settlement
line carries its section (``rule``) for a compliance officer to check.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from games.money import ZERO, fmt, to_cents
from games.paytables import Row

TABLE_INVENTORY = "table_inventory"
# Credited to the player's game account (electronic wagering: §643a.11(f)(3)(v)(C),
# §647a.11(j)(3), §649a.11(c)(8)(iii)).
GAME_ACCOUNT = "game_account"
NOT_TABLE_INVENTORY = "not_table_inventory"
WIN, LOSE, PUSH = "win", "lose", "push"


@dataclass(frozen=True)
class Line:
    """One wager's outcome. ``net`` is the player's signed result in dollars."""

    wager: str
    amount: Decimal
    result: str
    odds: str
    net: Decimal
    rule: str
    paid_from: str = TABLE_INVENTORY
    hand: str | None = None
    from_seat: int | str | None = None
    meter: str | None = None
    # The clause making a floorperson or above verify this payout before it is paid
    # (§649a.11(c)(5)(iii) and its twins; 500 for 1 or a meter share: §649a.11(c)(8)(ii)).
    verify: str | None = None
    # A meter award: whether it pays the meter out whole, so the meter restarts at its reset
    # amount (a payout limit can keep part of a 100% award on the meter, §645a.13(j)).
    meter_reset: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "wager": self.wager, "amount": fmt(self.amount), "result": self.result,
            "odds": self.odds, "net": fmt(self.net), "rule": self.rule,
            "paid_from": self.paid_from,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        if self.from_seat is not None:
            data["from_seat"] = self.from_seat
        if self.meter is not None:
            data["meter"] = self.meter
            if self.meter_reset is not None:
                data["meter_reset"] = self.meter_reset
        if self.verify is not None:
            data["verification"] = self.verify
        return data


def win_to(wager: str, amount: Decimal, odds: Decimal, rule: str, **extra: Any) -> Line:
    """Paid ``odds`` to 1 on top of the returned stake."""
    return Line(wager, amount, WIN, f"{odds.normalize():f} to 1", to_cents(amount * odds), rule, **extra)


def win_for(wager: str, amount: Decimal, odds: Decimal, rule: str, **extra: Any) -> Line:
    """Paid ``odds`` for 1: the payout includes the stake, so the net win is odds - 1 units."""
    net = to_cents(amount * odds) - amount
    return Line(wager, amount, WIN, f"{odds.normalize():f} for 1", net, rule, **extra)


def win_row(
    wager: str, amount: Decimal, row: Row, rule: str, *, meter: Decimal | None = None,
    **extra: Any,
) -> Line:
    """Paid by a paytable row: to 1, for 1, a share of the meter at the moment of payment, or a
    fixed amount. Meter and fixed awards replace the stake, as "for" payouts do."""
    if row.basis == "to":
        return win_to(wager, amount, row.value, rule, **extra)
    if row.basis == "for":
        return win_for(wager, amount, row.value, rule, **extra)
    if row.basis == "meter_percent":
        if meter is None:
            raise ValueError(f"{wager}: a meter amount is needed to pay {row.odds}")
        award = to_cents(meter * row.value / 100)
    else:
        award = row.value
    return Line(wager, amount, WIN, row.odds, award - amount, rule, **extra)


def best_net(
    wager: str, amount: Decimal, rows: Iterable[Row], *, meter: Decimal | None = None
) -> Decimal:
    """The most ``amount`` nets at any of ``rows`` (a meter row valued at ``meter``); for the
    payout-limit floors."""
    return max(win_row(wager, amount, row, "", meter=meter).net for row in rows)


def paid_by_row(wager: str, amount: Decimal, row: Row | None, rule: str, **extra: Any) -> Line:
    """Won at ``row``, the paytable's row for the hand, or lost when the hand made none."""
    if row is None:
        return lose(wager, amount, rule, **extra)
    return win_row(wager, amount, row, rule, **extra)


def lose(wager: str, amount: Decimal, rule: str, **extra: Any) -> Line:
    return Line(wager, amount, LOSE, "", -amount, rule, **extra)


def push(wager: str, amount: Decimal, rule: str, **extra: Any) -> Line:
    return Line(wager, amount, PUSH, "", ZERO, rule, **extra)


def bonus(wager: str, award: Decimal, odds: str, rule: str, **extra: Any) -> Line:
    """An award with no stake of its own (Envy Bonus, Magic Card, Lucky Bonus): net is all of it."""
    return Line(wager, ZERO, WIN, odds, to_cents(award), rule, **extra)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    hand: str
    lines: tuple[Line, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def net(self) -> Decimal:
        return sum((line.net for line in self.lines), ZERO)

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "hand": self.hand, "net": fmt(self.net),
            "lines": [line.as_dict() for line in self.lines], **self.extra,
        }


@dataclass(frozen=True)
class RoundResult:
    game: str
    positions: tuple[SeatResult, ...]
    dealer: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "dealer": self.dealer,
            "positions": [p.as_dict() for p in self.positions],
            "meter_awards": [
                {"seat": p.seat, "wager": line.wager, "meter": line.meter,
                 "award": fmt(line.net + line.amount), "rule": line.rule}
                for p in self.positions for line in p.lines if line.meter and line.result == WIN
            ],
            "notes": list(self.notes),
        }


def void_round(
    game: str, positions: Iterable[dict[str, Any]], *, rule: str, note: str
) -> RoundResult:
    """A round whose stub count shows the wrong number of cards (a misdeal): every hand void
    and every wager returned, so no Envy Bonus, no meter award and no slip (§645a.9(e),
    §647a.8(h)). ``positions`` as ``Reader.positions`` reads them."""
    return RoundResult(
        game=game,
        positions=tuple(
            SeatResult(p["seat"], "void (misdeal)",
                       tuple(push(k, a, rule, hand="void") for k, a in p["wagers"].items()))
            for p in positions
        ),
        notes=(note,),
    )
