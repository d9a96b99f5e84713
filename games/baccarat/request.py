"""Reading a Baccarat settlement request: the hands (as dealt, or dealt from a shoe), the
positions and their wagers, the progressive meters. Everything wrong is collected by the
``Reader`` and refused at once, each field with the rule it breaks."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from games.baccarat.progressives import HEAVENLY_9, ROYAL_9_METER_NAMES
from games.baccarat.rules import Coup, deal, third_card_errors, verify_shoe
from games.baccarat.table import Table
from games.baccarat.variants import VARIANTS
from games.errors import InvalidCards
from games.payload import Reader
from games.paytables import Paytable
from games.progressive import RoundMeter
from games.spec import WagerSpec

MAIN = ("player", "banker", "tie")


def read_coup(reader: Reader, table: Table) -> tuple[Coup | None, int | None]:
    """The hands as dealt, checked against the third-card rules, or dealt from ``shoe``."""
    payload, decks, section = reader.payload, table.decks, table.variant.third_card
    if "shoe" in payload:
        if "player_cards" in payload or "banker_cards" in payload:
            reader.fail("shoe", "give either the shoe or player_cards and banker_cards")
        shoe = reader.cards("shoe", payload["shoe"], count=None, distinct=False)
        if shoe is None:
            return None, None
        try:
            verify_shoe(shoe, decks)
        except InvalidCards as e:
            reader.fail("shoe", str(e))
            return None, None
        try:
            return deal(shoe)
        except InvalidCards as e:
            reader.fail("shoe", f"{e} ({section})")
            return None, None
    player = reader.cards("player_cards", payload.get("player_cards"), count=(2, 3),
                          distinct=False)
    banker = reader.cards("banker_cards", payload.get("banker_cards"), count=(2, 3),
                          distinct=False)
    if player is None or banker is None:
        return None, None
    for path, cards in (("player_cards", player), ("banker_cards", player + banker)):
        try:
            verify_shoe(cards, decks)
        except InvalidCards as e:
            reader.fail(path, str(e))
            return None, None
    errors = third_card_errors(player, banker, section)
    for path, message in errors.items():
        reader.fail(path, message)
    return (None, None) if errors else (Coup(player, banker), None)


def read_positions(reader: Reader, table: Table) -> list[dict[str, Any]]:
    """The positions and their wagers, each wager one the table offers to that player."""
    positions = reader.positions()
    variant = table.variant
    not_offered: dict[str, str | None] = {}  # the table's answer, the same for every position
    for position in positions:
        path, placed = position["path"], position["wagers"]
        if position["seat"] > variant.positions:
            reader.fail(f"{path}.seat", f"the {variant.name} table has {variant.positions} "
                                        f"positions ({variant.positions_rule})")
        for key, amount in placed.items():
            wager = reader.spec.require_wager(key)  # reader.positions() read the game's keys
            if key not in not_offered:
                not_offered[key] = _not_offered(wager, table)
            problem = not_offered[key] or _refusal(wager, placed, amount)
            if problem:
                reader.fail(f"{path}.wagers.{key}", problem)
    return positions


def _not_offered(wager: WagerSpec, table: Table) -> str | None:
    """Why the table does not offer this wager (its ``requires``), or None."""
    for option, required in wager.requires.items():
        allowed = required if isinstance(required, tuple) else (required,)
        if table.option(option) not in allowed:
            where = (" or ".join(VARIANTS[v].name for v in allowed) if option == "variant"
                     else f"tables with options.{option} = {str(required).lower()}")
            return f"the {wager.name} wager is offered on {where} only ({wager.rule})"
    return None


def _refusal(wager: WagerSpec, placed: dict[str, Decimal], amount: Decimal) -> str | None:
    """Why this position (holding ``placed``) cannot place the wager the table offers, or
    None. The side wagers' ``requires_wagers`` are the player's too: they are offered "to each
    player who placed" a wager on the Player, Banker or Tie Hand."""
    for needed, rule in wager.needed_wagers():
        if placed.keys().isdisjoint(needed):
            return (f"the {wager.name} wager is open to a player who placed a wager on the "
                    f"Player, Banker or Tie Hand ({rule})")
    return wager.below_minimum(amount)


def verify_royal_9(
    reader: Reader, positions: list[dict[str, Any]], paytable: Paytable | None
) -> None:
    """A Royal 9 wager is the table's denomination ($1 or $5)."""
    for position in positions:
        amount = position["wagers"].get("royal_9_progressive")
        if paytable is not None and amount is not None and amount != Decimal(paytable.name):
            reader.fail(f"{position['path']}.wagers.royal_9_progressive",
                        f"this table's Royal 9 Progressive wager is ${paytable.name}.00 "
                        f"({paytable.citation})")


def read_meters(reader: Reader, royal_9: Paytable | None) -> dict[str, RoundMeter]:
    """Each progressive meter given, its amount and its reset amount (``<key>_reset``, paid
    after a 100% award) refused below the least reset amount SPEC publishes for the table
    (Royal 9 by denomination)."""
    keys = [HEAVENLY_9, *(ROYAL_9_METER_NAMES if royal_9 is not None else ())]
    context = {"royal_9_progressive": royal_9.name if royal_9 is not None else None}
    meters = {}
    for key in keys:
        meter = RoundMeter.read(reader, key)
        spec = reader.spec.require_meter(key)
        _, least, rule = spec.minimums(context)
        assert least is not None  # SPEC sets a least reset amount for every Baccarat meter
        for path, amount in ((key, meter.amount), (f"{key}_reset", meter.reset)):
            if amount is not None and amount < least:
                reader.fail(f"meters.{path}", f"below the least initial and reset amount of "
                                              f"${least:,} ({rule})")
        if spec.fixed and meter.reset is not None and meter.reset != least:
            reader.fail(f"meters.{key}_reset", f"the meter reseeds at ${least:,}, as the "
                                               f"regulation fixes it ({rule})")
        meters[key] = meter
    return meters
