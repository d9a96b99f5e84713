"""Reading a Three Card Poker round: the cards, and the wagers §649a.7 allows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games import envy
from games import five_card_hand_bonus as fchb
from games.money import fmt
from games.payload import ROUND_FIELDS, Reader, whole_number
from games.paytables import Paytable
from games.progressive import RoundMeter
from games.three_card_poker.spec import (
    FCHB_SECTION,
    FIVE_CARD_WAGERS,
    GAME,
    PROGRESSIVES,
    SPEC,
    VARIANTS,
)


@dataclass(frozen=True)
class Position:
    seat: int
    path: str
    cards: tuple[int, ...]
    wagers: Mapping[str, Decimal]
    player: str | None = None  # who wagers on this box, when on several (§649a.7(f))

    @property
    def folded(self) -> bool:
        """An Ante without a Play: the Ante was forfeited (§649a.11(b))."""
        return "ante" in self.wagers and "play" not in self.wagers


@dataclass(frozen=True)
class Round:
    dealer: tuple[int, ...]
    community: tuple[int, ...] | None
    positions: tuple[Position, ...]
    paytables: Mapping[str, Paytable]
    meters: Mapping[str, RoundMeter]
    draws: fchb.Draws


def read_round(payload: Mapping[str, Any]) -> Round:
    """The round, or InvalidRound naming every bad field."""
    reader = Reader(payload, SPEC, fields=(*ROUND_FIELDS, *fchb.DRAW_FIELDS, "dealer", "community"),
                    position_fields=("cards", "player"), options=("payout_limit",))
    options = _read_options(reader)
    dealer = reader.cards("dealer", payload.get("dealer"), count=3)
    read = reader.positions()
    owners = reader.owners(read, most=options["adjacent_boxes"],
                           rule="§649a.7(f), options.adjacent_boxes")
    positions = []
    for p in read:
        cards = reader.cards(f"{p['path']}.cards", p["raw"].get("cards"), count=3)
        _verify_wagers(reader, p["path"], p["wagers"], options["variant"])
        positions.append(Position(p["seat"], p["path"], cards or (), p["wagers"],
                                  owners.get(p["seat"])))
    placed = {key for p in positions for key in p.wagers}
    community = None
    if payload.get("community") is not None or placed & set(FIVE_CARD_WAGERS):
        # §649a.11(c)(7)-(8): the two community cards dealt for the five-card wagers.
        community = reader.cards("community", payload.get("community"), count=2)
    reader.distinct([("dealer", dealer), ("community", community),
                     *((f"{p.path}.cards", p.cards) for p in positions)])
    paytables = _read_paytables(reader, placed)
    for key, (_, rule) in PROGRESSIVES.items():
        if (table := paytables.get(key)) is not None:
            envy.verify_envy_amounts(reader, read, key, table,
                                     name=SPEC.require_wager(key).name, rule=rule)
    meters = {key: RoundMeter.read(reader, key) for key in (*PROGRESSIVES, fchb.WAGER)}
    draws = fchb.read_draws(reader, dealer=True, section=FCHB_SECTION)
    reader.done()
    assert dealer is not None  # reader.cards failed the request (reader.done raised)
    # Each placed wager's paytable was required: reader.done raised if one was not read.
    read_tables = {key: table for key, table in paytables.items() if table is not None}
    return Round(dealer, community, tuple(positions), read_tables, meters, draws)


def _read_options(reader: Reader) -> dict[str, Any]:
    options = reader.options
    if "payout_limit" in options:
        reader.fail("options.payout_limit",
                    "Three Card Poker has no payout limitation: §649a.12 is 'payout odds; "
                    "Envy Bonus; rate of progression' (§649a.7(d)(5)), unlike §643a.12(g)")
    variant = reader.choice("options.variant", options.get("variant", "none"), VARIANTS)
    boxes = options.get("adjacent_boxes", 1)
    if not whole_number(boxes, 1):
        reader.fail("options.adjacent_boxes", "a whole number of boxes, 1 or more (§649a.7(f))")
        boxes = 1
    reader.option_choice("dealing_procedure")  # §649a.8-§649a.10: settled alike
    return {"variant": variant, "adjacent_boxes": boxes}


def _verify_wagers(reader: Reader, path: str, wagers: Mapping[str, Decimal],
                   variant: str | None) -> None:
    """§649a.7(d)-(e): what a position may hold."""
    ante, play, pair_plus = (wagers.get(k) for k in ("ante", "play", "pair_plus"))
    if play is not None and ante is None:
        reader.fail(f"{path}.wagers.play", "a Play Wager is made only on an Ante Wager "
                    "(§649a.7(d)(1), §649a.11(b))")
    elif play is not None and ante is not None and play != ante:
        reader.fail(f"{path}.wagers.play", f"the Play Wager must equal the Ante Wager of "
                    f"${fmt(ante)} (§649a.7(d)(1))")
    if ante is None and pair_plus is None:
        reader.fail(f"{path}.wagers", "an Ante Wager or a Pair Plus Wager, or both, is needed "
                    "before any other wager (§649a.7(d)(1)-(7))")
    problem = _variant_problem(variant, ante, pair_plus)
    if problem:
        field, message = problem
        reader.fail(f"{path}.wagers.{field}", message)


def _variant_problem(variant: str | None, ante: Decimal | None,
                     pair_plus: Decimal | None) -> tuple[str, str] | None:
    """The version of §649a.7(e) the Rules Submission selected, or None if the wagers fit."""
    if variant == "e3":
        if ante is None or pair_plus is None:
            return ("ante" if ante is None else "pair_plus",
                    "this version requires both an Ante and a Pair Plus Wager (§649a.7(e)(3))")
        if max(ante, pair_plus) > 5 * min(ante, pair_plus):
            field = "ante" if ante > pair_plus else "pair_plus"
            return field, ("one of the Ante and Pair Plus Wagers may be at most five times the "
                           "other (§649a.7(e)(3))")
        return None
    if variant not in ("e1", "e2") or pair_plus is None:
        return None
    least = pair_plus if variant == "e1" else pair_plus / 2
    if ante is None or ante < least:
        words = "equal to or greater than" if variant == "e1" else "at least 1/2 of"
        sub = "(1)" if variant == "e1" else "(2)"
        return "pair_plus", (f"a Pair Plus Wager needs an Ante Wager {words} it "
                             f"(§649a.7(e){sub})")
    return None


def _read_paytables(reader: Reader, placed: set[str]) -> dict[str, Paytable | None]:
    tables = {w.key: reader.paytable(w.key) for w in SPEC.wagers
              if w.paytable_required and w.key in placed}
    for option in SPEC.options:  # the Ante Bonus of every Play Wager (§649a.12(b))
        if not placed.isdisjoint(option.required_with):
            tables[option.key] = reader.paytable(option.key)
    if placed & {"five_card_hand_bonus_player", "five_card_hand_bonus_dealer"}:
        tables[fchb.WAGER] = fchb.paytable(GAME)
    for key in ("ante_bonus", "pair_plus", "six_card_bonus"):
        table = tables.get(key)
        if table is not None and any(r.basis == "meter_percent" for r in table.rows):
            # A catalog entry can say anything; these wagers have no meter (§649a.12(b), (d),
            # (f) against the progressives of (e), (h), (j)).
            reader.fail(f"options.{key}", f"paytable {table.name} pays a share of a meter, "
                        f"but {key} has no progressive meter ({table.citation})")
    return tables
