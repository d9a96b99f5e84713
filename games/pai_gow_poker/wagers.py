"""The optional wagers (§645a.7(e)) and Envy Bonuses, settled on the seven cards the dealer
rearranges "to form the highest ranking hand" (§645a.11(h)), whatever the player's setting.

Each paytable lists its rows highest first; the first row the seven cards form is the one paid
(so a straight that also holds three of a kind is paid as three of a kind where the table pays
three of a kind above the straight, as Fortune Bonus and Dynasty Bonus do).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from games import envy
from games.cards import JOKER, RED_SUITS, suit
from games.errors import InvalidRound
from games.paytables import Paytable, Row
from games.progressive import RoundMeter, pay_row
from games.settlement import Line, lose

QUALIFYING_WAGERS = ("fortune_bonus", "emperors_treasure", "dynasty_bonus")
QUALIFYING_MINIMUM = Decimal("5.00")  # §645a.1 "Qualifying Wager": at least $5
RULES = {
    "fortune_bonus": "§645a.11(h)(1), §645a.13(b)",
    "emperors_treasure": "§645a.11(h)(2), §645a.13(c)",
    "insurance": "§645a.11(h)(3), §645a.13(d)",
    "progressive": "§645a.11(h)(4), §645a.13(e)",
    "queens_dragon": "§645a.11(h)(5), §645a.13(f)",
    "dynasty_bonus": "§645a.11(h)(6), §645a.13(g)",
    "protection": "§645a.11(h)(7), §645a.13(h)",
    "red_black": "§645a.11(h)(8), §645a.13(i)",
}
OPTIONAL_WAGERS = tuple(RULES)  # §645a.11(h)'s order of settlement
ENVY_RULES = {
    "fortune_bonus": "§645a.11(h)(1)(ii), §645a.13(b)",
    "emperors_treasure": "§645a.11(h)(2)(ii), §645a.13(c)",
    "dynasty_bonus": "§645a.11(h)(6)(ii), §645a.13(g)",
}
COLORS = ("red", "black")
JOKER_COLOR_NEITHER = "neither"
JOKER_COLOR_CHOSEN = "chosen_color"
_COLOR_HANDS = {7: "seven", 6: "six", 5: "five", 4: "four"}


def paid_row(paytable: Paytable, formed: frozenset[str]) -> Row | None:
    """The paytable's highest row among the hands the seven cards form (Envy rows aside)."""
    return next((r for r in paytable.rows
                 if r.hand in formed and not r.hand.startswith(envy.ROW_PREFIX)), None)


def color_hand(cards: Sequence[int], color: str, joker_color: str) -> str | None:
    """§645a.7(e)(5)(iv): four or more of the seven cards of the chosen colour. The joker is
    neither red nor black unless the Rules Submission counts it as the chosen colour."""
    red = color == "red"
    count = sum(1 for c in cards if c != JOKER and (suit(c) in RED_SUITS) == red)
    if JOKER in cards and joker_color == JOKER_COLOR_CHOSEN:
        count += 1
    return f"{_COLOR_HANDS[count]}_cards_of_the_chosen_color" if count >= 4 else None


def wager_line(
    key: str, amount: Decimal, formed: frozenset[str], table: Paytable, meter: RoundMeter,
) -> Line:
    """One optional wager: won at the paytable's row for the hand, or collected. ``formed``
    holds the names of the hands the seven cards form (Queen's Dragon: the dealer's; Red/Black:
    the colour count). A meter award is only quoted: the hand's payout limit may cap it before
    the meter pays it (§645a.13(j), ``game._optional_lines``)."""
    row = paid_row(table, formed)
    if row is None:
        return lose(key, amount, RULES[key])
    # §645a.11(h)(4)(ii)(D): a share of the Progressive's meter never comes from the inventory;
    # (C): a floorperson or above validates a progressive payout.
    verify = "§645a.11(h)(4)(ii)(C)" if key == "progressive" else None
    return pay_row(key, amount, row, RULES[key], meter, hand=row.hand.replace("_", " "),
                   verify=verify, take=False)


def envy_hand(table: Paytable, formed: frozenset[str]) -> str | None:
    """The hand an Envy Bonus of this table is paid for: its highest Envy row formed."""
    prefix = envy.ROW_PREFIX
    return next((r.hand[len(prefix):] for r in table.rows
                 if r.hand.startswith(prefix) and r.hand[len(prefix):] in formed), None)


def envy_lines(
    key: str,
    table: Paytable,
    formed: Mapping[int, frozenset[str]],
    qualifying: Mapping[int, Decimal],
    qualifying_hands: Sequence[int],
    owners: Mapping[int, object],
) -> dict[int, list[Line]]:
    """§645a.11(h)(1)(ii), (2)(ii), (6)(ii): each seat with an Envy lammer for ``key`` (a
    Qualifying Wager, ``qualifying``) receives this table's Envy Bonus for every other player's
    Envy Bonus Qualifying Hand (``qualifying_hands``), never for his own or the dealer's."""
    due = envy.envy_awards(dict.fromkeys(qualifying_hands, ""), qualifying, owners=owners)
    if due and not any(r.hand.startswith(envy.ROW_PREFIX) for r in table.rows):
        raise InvalidRound({f"options.{key}": (
            f"an Envy Bonus is due ({ENVY_RULES[key]}) but paytable {table.name} has no Envy "
            "Bonus amounts in the catalog; add the Rules Submission's amounts first")})
    holders = {seat: hand for seat in qualifying_hands
               if (hand := envy_hand(table, formed[seat])) is not None}
    awards = envy.envy_awards(holders, qualifying, owners=owners)
    return envy.envy_lines(awards, table, qualifying, line_wager="envy_bonus",
                           rule=ENVY_RULES[key])
