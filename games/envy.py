"""Envy Bonuses, shared by every game that has one: who receives one, for whose hand, how much.

An Envy Bonus is a fixed sum paid to a player who placed the game's progressive (or other
qualifying) wager when *another* player at the table holds an Envy Bonus Qualifying Hand: one
bonus for each other player holding one, never one for his own hand or for the dealer's
(§649a.11(c)(5)(v), (7)(v) and (9)(v); §643a.11(f)(3)(iii)(E) and (iv)(E); §647a.11(i)(5);
§645a.11's Envy Bonus).

The game decides the facts, this module applies the rule:

- ``holders``: seat -> the qualifying hand held there (players only: the dealer is never a
  holder). Whether a folded hand still counts is the game's call (see its module).
- ``eligible``: the seats that placed the wager the Envy Bonus rides on (a player who folded
  keeps that eligibility in Three Card Poker, §649a.11(b)(2)).
- ``owners``: seat -> player, where one player wagers on several boxes (§649a.7(f)): a hand at
  another box of the same player is still "his own hand".

Amounts live in the progressive wager's paytable as rows named ``envy_<hand>`` with a fixed
``amount``, one per wager the table lists (``when = {wager = "5.00"}``: "based upon the amount
of the Progressive Payout Wager placed by the player receiving the Envy Bonus",
§643a.12(e)(5)); a row without ``when`` pays whatever the wager.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.errors import GameError
from games.hands import Category, category
from games.money import ZERO, fmt
from games.payload import Reader
from games.paytables import Paytable, Row
from games.settlement import Line, bonus

ROW_PREFIX = "envy_"
# The Five-Card Envy Bonus Qualifying Hands, a straight flush or better (§643a.11(f)(3)(iv)(E),
# §647a.11(i)(5), §649a.1), by their paytable names.
STRAIGHT_FLUSH_OR_BETTER = {Category.ROYAL_FLUSH: "royal_flush",
                            Category.STRAIGHT_FLUSH: "straight_flush"}


@dataclass(frozen=True)
class EnvyAward:
    """``seat`` receives an Envy Bonus because ``from_seat`` holds the qualifying ``hand``."""

    seat: int
    from_seat: int
    hand: str


def envy_awards(
    holders: Mapping[int, str],
    eligible: Iterable[int],
    *,
    owners: Mapping[int, object] | None = None,
) -> tuple[EnvyAward, ...]:
    """One award per (eligible seat, qualifying hand of another player), in seat order.

    >>> envy_awards({2: "royal_flush", 5: "straight_flush"}, [2, 3])  # doctest: +NORMALIZE_WHITESPACE
    (EnvyAward(seat=2, from_seat=5, hand='straight_flush'),
     EnvyAward(seat=3, from_seat=2, hand='royal_flush'),
     EnvyAward(seat=3, from_seat=5, hand='straight_flush'))
    """
    owners = owners or {}
    return tuple(
        EnvyAward(seat, holder, hand)
        for seat in sorted(set(eligible))
        for holder, hand in sorted(holders.items())
        if not _same_player(seat, holder, owners)
    )


def _same_player(seat: int, other: int, owners: Mapping[int, object]) -> bool:
    """"Not entitled to an Envy Bonus for his own hand": the same box, or his other box."""
    return seat == other or (seat in owners and other in owners and owners[seat] == owners[other])


def envy_row(paytable: Paytable, hand: str, wager: Decimal) -> Row | None:
    """The row paying the Envy Bonus for ``hand`` to a player whose wager is ``wager``."""
    return paytable.row(ROW_PREFIX + hand, wager=fmt(wager))


def envy_wagers(paytable: Paytable) -> tuple[Decimal, ...]:
    """The wager amounts the paytable's Envy rows are written for; empty if any amount."""
    amounts = {
        Decimal(r.when["wager"]) for r in paytable.rows
        if r.hand.startswith(ROW_PREFIX) and "wager" in r.when
    }
    return tuple(sorted(amounts))


def straight_flush_holders(strengths: Mapping[int, int]) -> dict[int, str]:
    """``holders`` among seat -> five-card strength: each seat holding a straight flush or
    better, with its hand's paytable name."""
    return {seat: STRAIGHT_FLUSH_OR_BETTER[cat] for seat, s in strengths.items()
            if (cat := category(s)) in STRAIGHT_FLUSH_OR_BETTER}


def best_envy(paytable: Paytable, amount: Decimal) -> Decimal:
    """The largest Envy Bonus one wager of ``amount`` can receive for one other hand (every
    amount listed when the table has none for ``amount``); for payout-limit floors."""
    rows = [r for r in paytable.rows if r.hand.startswith(ROW_PREFIX)]
    mine = [r for r in rows if r.when.get("wager") == fmt(amount)]
    return max((r.value for r in mine or rows), default=ZERO)


def can_receive_envy(paytable: Paytable, wager: Decimal) -> bool:
    """Whether the Envy table pays a player with this wager: it lists no amount, or this one."""
    amounts = envy_wagers(paytable)
    return not amounts or wager in amounts


def verify_envy_wager(paytable: Paytable, wager: Decimal, rule: str) -> None:
    """Refuse a wager the Envy table has no amounts for: the engine never guesses a payout."""
    if not can_receive_envy(paytable, wager):
        listed = ", ".join(f"${fmt(a)}" for a in envy_wagers(paytable))
        raise GameError(
            f"the Envy Bonus of paytable {paytable.name} is set for wagers of {listed} only "
            f"({rule}); ${fmt(wager)} has no Envy amount"
        )


def verify_envy_amounts(
    reader: Reader, positions: Sequence[Mapping[str, Any]], key: str, paytable: Paytable, *,
    name: str, rule: str,
) -> None:
    """Refuse, field by field, a ``key`` wager of an amount the Envy table is not written for
    ("based upon the amount of the Progressive Payout Wager", e.g. §643a.12(e)(5)); ``name``
    and ``rule`` are the wager's, for the message."""
    for p in positions:
        amount = p["wagers"].get(key)
        if amount is None:
            continue
        try:
            verify_envy_wager(paytable, amount, rule)
        except GameError as e:
            reader.fail(f"{p['path']}.wagers.{key}", f"{name}: {e}")


def envy_lines(
    awards: Iterable[EnvyAward],
    paytable: Paytable,
    wagers: Mapping[int, Decimal],
    *,
    line_wager: str,
    rule: str,
) -> dict[int, list[Line]]:
    """Settlement lines by receiving seat: each award paid at the row for the receiver's
    wager (``wagers[seat]``), naming the envied hand and seat; a hand the paytable pays no
    Envy for gives no line."""
    lines: dict[int, list[Line]] = {}
    for award in awards:
        row = envy_row(paytable, award.hand, wagers[award.seat])
        if row is not None:
            lines.setdefault(award.seat, []).append(
                bonus(line_wager, row.value, row.odds, rule,
                      hand=award.hand.replace("_", " "), from_seat=award.from_seat)
            )
    return lines
