"""The Five Card Hand Bonus Wager, shared by Let It Ride (§643a.11(f)(3)(v), §643a.12(f)),
Texas Hold 'Em Bonus (§647a.7(d)(4), §647a.11(j), §647a.12(e)) and Three Card Poker
(§649a.7(d)(7), §649a.11(c)(8), §649a.12(i)).

The wager is that a five-card Poker hand -- the player's, or in Hold 'Em and Three Card Poker
the dealer's, or both -- is a flush or better. It is paid whatever the hand does against the
dealer, at one paytable, the same in every chapter ((1)): royal flush 100% of the meter,
straight flush 10% of the meter, four of a kind 500 for 1, full house 100 for 1, flush 50 for 1,
the highest hand only ((2)). A percentage-of-meter award on the dealer's hand is divided
equally among the players who wagered on the dealer's hand (§647a.12(e)(2)). Fixed-odds wins,
Magic Cards and Lucky Bonuses are credited to the player's game account; a percentage-of-meter
award never is (§643a.11(f)(3)(v)(C), §647a.11(j)(3), §649a.11(c)(8)(iii)). The table game
system may also draw a Magic Card (20 for 1 when the card is in the hand wagered on) and a
Lucky position (5 for 1 to the player whose position, or the dealer's, is drawn) ((3),
§647a.1). The meter starts and resets at $10,000 or more ((4)).

A game builds one ``Bet`` per hand wagered on, in its settlement order, and calls::

    draws = read_draws(reader, dealer=True)          # before reader.done()
    meter = RoundMeter.read(reader, "five_card_hand_bonus")  # games/progressive.py
    lines = settle_bets(bets, section="§647a.12(e)", paytable=paytable("texas_holdem_bonus"),
                        meter=meter, draws=draws)   # seat -> [Line, ...]

The paytables are in ``paytables/five_card_hand_bonus.toml`` as
``<game>.five_card_hand_bonus.standard`` for the three games. Hand names are the
``Category`` names: ``royal_flush``, ``straight_flush``, ``four_of_a_kind``, ``full_house``,
``flush``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.hands import category, describe, strength
from games.payload import Reader, whole_number
from games.paytables import Paytable, Row, catalog
from games.progressive import RoundMeter, best_win, pay_row
from games.settlement import (
    GAME_ACCOUNT,
    NOT_TABLE_INVENTORY,
    WIN,
    Line,
    bonus,
    lose,
    paid_by_row,
)
from games.spec import CARD, MeterSpec

WAGER = "five_card_hand_bonus"
PLAYER, DEALER = "player", "dealer"
MAGIC_CARD_ODDS = Decimal(20)  # "Magic Card 20 for 1", §643a.12(f)(3), §647a.12(e)(3)
LUCKY_BONUS_ODDS = Decimal(5)  # "Lucky Bonus 5 for 1"
METER_MINIMUM = Decimal("10000.00")  # initial and reset amount, §643a.12(f)(4), §647a.12(e)(4)
# A floorperson or above verifies a payout of 500 for 1 or a share of the meter, by the
# chapter's paytable section: §649a.11(c)(8)(ii), §643a.11(f)(3)(v)(B), §647a.11(j)(2).
VERIFY = {"§649a.12(i)": "§649a.11(c)(8)(ii)", "§643a.12(f)": "§643a.11(f)(3)(v)(B)",
          "§647a.12(e)": "§647a.11(j)(2)"}
VERIFY_FOR_ONE = Decimal(500)


@dataclass(frozen=True)
class Bet:
    """One Five Card Hand Bonus Wager: ``seat`` wagered ``amount`` on the five ``cards`` of
    ``on`` (PLAYER: his own hand; DEALER: the dealer's); ``wager`` is the line's key."""

    seat: int
    on: str
    wager: str
    amount: Decimal
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Draws:
    """What the table game system drew for the round: the Magic Card and the Lucky position
    (a seat or ``"dealer"``); either may be absent when the certificate holder does not pay it."""

    magic_card: int | None = None
    lucky_position: int | str | None = None


def paytable(game: str) -> Paytable:
    """The game's Five Card Hand Bonus paytable (one per chapter; nothing to choose)."""
    table = catalog().get(f"{game}.{WAGER}.standard")
    if table is None:  # every catalog holds the shipped paytables
        raise KeyError(f"{game}.{WAGER}.standard")
    return table


def meter_spec(section: str, key: str = WAGER) -> MeterSpec:
    """The meter the wager needs, for the game's SPEC; ``section`` is the paytable's, e.g.
    ``"§647a.12(e)"``."""
    return MeterSpec(
        key=key, name="Five Card Hand Bonus", rule=f"{section}(4)",
        min_initial=METER_MINIMUM, min_reset=METER_MINIMUM,
    )


# The request's draw fields (Magic Card, Lucky Bonus) in the games that have them.
DRAW_FIELDS = ("magic_card", "lucky_position")


def draw_schemas(positions: int, *, dealer: bool, section: str) -> dict[str, dict[str, object]]:
    """The JSON Schema of each of ``DRAW_FIELDS``, as ``read_draws`` reads them."""
    seat: dict[str, object] = {"type": "integer", "minimum": 1, "maximum": positions}
    return {
        "magic_card": {**CARD, "description": f"The Magic Card drawn ({section}(3))."},
        "lucky_position": {
            **({"anyOf": [seat, {"type": "string", "enum": [DEALER]}]} if dealer else seat),
            "description": f"The Lucky Bonus position drawn ({section}(3))."},
    }


def read_draws(reader: Reader, *, dealer: bool, section: str) -> Draws:
    """``magic_card`` (a card, e.g. ``"7h"``) and ``lucky_position`` (a seat, or ``"dealer"``
    where the dealer's hand can be wagered on) from the request, each optional."""
    payload = reader.payload
    magic = None
    if payload.get("magic_card") is not None:
        raw = payload["magic_card"]
        if isinstance(raw, str):
            cards = reader.cards("magic_card", raw, count=1)
            magic = cards[0] if cards else None
        else:
            reader.fail("magic_card", f"the Magic Card is one card, like '7h' ({section}(3))")
    lucky = payload.get("lucky_position")
    if lucky is not None and not _is_position(lucky, reader.spec.positions, dealer):
        where = f"a seat 1-{reader.spec.positions}" + (' or "dealer"' if dealer else "")
        reader.fail("lucky_position", f"the Lucky Bonus position is {where} ({section}(3))")
        lucky = None
    return Draws(magic, lucky)


def _is_position(value: object, seats: int, dealer: bool) -> bool:
    if dealer and value == DEALER:
        return True
    return whole_number(value, 1, seats)


def settle_bets(
    bets: Sequence[Bet], *, section: str, paytable: Paytable, meter: RoundMeter, draws: Draws
) -> dict[int, list[Line]]:
    """Lines for each seat, in the order ``bets`` are paid: the wager, then any Magic Card and
    Lucky Bonus it earned. ``section`` is the chapter's paytable subsection."""
    dealer_ways = sum(1 for b in bets if b.on == DEALER)
    dealer_share: list[Decimal] = []  # the dealer's meter award, taken once, shared
    lines: dict[int, list[Line]] = {}
    for bet in bets:
        seat_lines = lines.setdefault(bet.seat, [])
        seat_lines.append(_wager_line(bet, section, paytable, meter, dealer_ways, dealer_share))
        seat_lines.extend(_draw_lines(bet, section, draws))
    return lines


def _wager_line(
    bet: Bet, section: str, paytable: Paytable, meter: RoundMeter, dealer_ways: int,
    dealer_share: list[Decimal],
) -> Line:
    hand_strength = strength(bet.cards)
    hand = describe(hand_strength)
    extra: dict[str, Any] = {"hand": hand, "from_seat": DEALER if bet.on == DEALER else None}
    # §...(2): only the highest hand pays: the hand's category is its highest.
    row = paytable.row(category(hand_strength).name.lower())
    if row is None:
        return lose(bet.wager, bet.amount, f"{section}(1)", **extra)
    if row.basis != "meter_percent":
        return paid_by_row(bet.wager, bet.amount, row, f"{section}(1)", paid_from=GAME_ACCOUNT,
                           verify=_verify(row, section), **extra)
    if bet.on == PLAYER:
        return pay_row(bet.wager, bet.amount, row, f"{section}(1)", meter,
                       verify=_verify(row, section), **extra)
    # §647a.12(e)(2): the dealer's-hand jackpot is divided equally among its bettors.
    if not dealer_share:
        dealer_share.append(meter.pay(row.value, ways=dealer_ways))
    odds = row.odds if dealer_ways == 1 else f"{row.odds}, shared {dealer_ways} ways"
    return Line(bet.wager, bet.amount, WIN, odds, dealer_share[0] - bet.amount,
                f"{section}(1), {section}(2)", paid_from=NOT_TABLE_INVENTORY, meter=meter.key,
                verify=_verify(row, section), meter_reset=row.value == 100, **extra)


def _verify(row: Row, section: str) -> str | None:
    """The chapter's clause when ``row`` pays 500 for 1 or more, or a share of the meter."""
    for_one = {"for": row.value, "to": row.value + 1}.get(row.basis)
    if row.basis == "meter_percent" or (for_one is not None and for_one >= VERIFY_FOR_ONE):
        return VERIFY[section]
    return None


def _draw_lines(bet: Bet, section: str, draws: Draws) -> list[Line]:
    """Magic Card and Lucky Bonus: additional payouts on the wager, won or lost (§647a.1),
    credited to the game account."""
    found = []
    from_seat = DEALER if bet.on == DEALER else None
    if draws.magic_card is not None and draws.magic_card in bet.cards:
        found.append(bonus("magic_card", bet.amount * MAGIC_CARD_ODDS, "20 for 1",
                           f"{section}(3)", from_seat=from_seat, paid_from=GAME_ACCOUNT))
    if draws.lucky_position == (DEALER if bet.on == DEALER else bet.seat):
        found.append(bonus("lucky_bonus", bet.amount * LUCKY_BONUS_ODDS, "5 for 1",
                           f"{section}(3)", from_seat=from_seat, paid_from=GAME_ACCOUNT))
    return found


def max_win(amount: Decimal, paytable: Paytable, meter: Decimal = METER_MINIMUM) -> Decimal:
    """The most one ``amount`` wager can win (net) in a round: its best row (a meter row valued
    at ``meter``, by default the regulation's least meter) plus a Magic Card and a Lucky Bonus;
    for a payout-limit floor."""
    return best_win(amount, paytable, meter) + amount * (MAGIC_CARD_ODDS + LUCKY_BONUS_ODDS)
