"""The table a round is settled for, read from the request's ``options``: the chapter, Commission
free or not, the decks in the shoe, the side wagers' paytables and Royal 9 layout, as the
certificate holder's Rules Submission sets them (§601a.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.baccarat.progressives import MustHitBy, is_king_9, must_hit_by
from games.baccarat.variants import BACCARAT, MIDIBACCARAT, VARIANTS, Variant
from games.cards import card_str, parse_cards
from games.errors import InvalidCards
from games.payload import Reader, whole_number
from games.paytables import Paytable, catalog

GAME = "baccarat"
DEFAULT_DECKS = 8
MAX_DECKS = 8
# Paytables chosen once for several wagers: the option key and the wagers it serves.
SHARED_PAYTABLES = {
    "perfect_pairs": ("perfect_pairs_player", "perfect_pairs_banker"),
    "five_treasures": ("fortune_7", "golden_8", "heavenly_9", "blazing_7s", "cover_all"),
}
PAYTABLE_KEY = {w: key for key, wagers in SHARED_PAYTABLES.items() for w in wagers}


@dataclass(frozen=True)
class Table:
    variant: Variant
    commission_free: bool = False
    decks: int = DEFAULT_DECKS
    fully_automated: bool = False
    alternative_card_reveal: bool = False
    must_hit_by: MustHitBy | None = None

    def option(self, key: str) -> object:
        """The option a wager's ``requires`` names (``variant`` is the chapter's key)."""
        return self.variant.key if key == "variant" else getattr(self, key)


def read_table(reader: Reader) -> Table:
    options = reader.options
    variant = VARIANTS[BACCARAT]
    if "variant" in options:
        chosen = reader.choice("options.variant", options["variant"], VARIANTS)
        if chosen is not None:
            variant = VARIANTS[chosen]
    # None where the request's value was refused (``reader.fail``; ``reader.done`` raises).
    flags: dict[str, Any] = {k: reader.flag(k) for k in
             ("commission_free", "fully_automated", "alternative_card_reveal")}
    # §629b.4(a): the alternative card reveal is a Midibaccarat procedure.
    if flags["alternative_card_reveal"] and variant.key != MIDIBACCARAT:
        reader.fail("options.alternative_card_reveal",
                    "the alternative card reveal procedure is offered on Midibaccarat only "
                    "(§629b.4(a))")
    return Table(variant, decks=_decks(reader, options), must_hit_by=_mhb(reader, options, variant),
                 **flags)


def _decks(reader: Reader, options: Mapping[str, Any]) -> int:
    value = options.get("decks", DEFAULT_DECKS)
    if isinstance(value, str) and value.isascii() and value.isdecimal() and len(value) <= 3:
        value = int(value)  # "8"; never " 8" or another script's digits
    if not whole_number(value, 1, MAX_DECKS):
        reader.fail("options.decks", f"the shoe holds 1 to {MAX_DECKS} decks (§631a.3)")
        return DEFAULT_DECKS
    return int(value)


def _mhb(reader: Reader, options: Mapping[str, Any], variant: Variant) -> MustHitBy | None:
    name = options.get("must_hit_by")
    if options.get("must_hit_by_payment") is not None:  # §631b.6(c)(6): how the bonus is paid
        if name is None:
            reader.fail("options.must_hit_by_payment",
                        "the Must-Hit-By payment is set only with a Must-Hit-By configuration "
                        "(§631b.6(c)(6))")
        reader.option_choice("must_hit_by_payment")
    if name is None:
        return None
    found = must_hit_by(str(name))
    if found is None:
        reader.fail("options.must_hit_by",
                    f"{name!r} is not a Must-Hit-By configuration of §631b.6(c)(4) "
                    "(A-1, A-2, A-5 ... D-5: paytable and minimum progressive wager)")
    elif variant.key != BACCARAT:
        reader.fail("options.must_hit_by",
                    "the Must-Hit-By Mystery Bonus rides on the Heavenly 9 Progressive wager of "
                    "Baccarat (§631b.6(a))")
    return found


def read_paytable(reader: Reader, key: str) -> Paytable | None:
    """The paytable chosen in ``options.<key>`` (``key``: a wager, or ``perfect_pairs`` /
    ``five_treasures`` for the wagers sharing one). Perfect Pairs is also read from
    ``options.perfect_pairs_player`` or ``..._banker``, which must agree: the certificate holder
    selects one paytable for the wager (§631b.1(e))."""
    if key != "perfect_pairs":
        return reader.paytable(key)
    options = reader.options
    given = {k: options[k] for k in (key, *SHARED_PAYTABLES[key]) if k in options}
    if len({str(v) for v in given.values()}) > 1:
        shown = ", ".join(f"{k}={v!r}" for k, v in given.items())
        reader.fail(f"options.{key}", f"one paytable serves the Perfect Pairs wager on both "
                                      f"hands (§631b.1(e)); got {shown}")
        return None
    if key in options or not given:
        return reader.paytable(key)
    field, name = next(iter(given.items()))
    found = catalog().resolve(GAME, key, str(name))
    if found is None:
        names = ", ".join(p.name for p in catalog().for_wager(GAME, key))
        reader.fail(f"options.{field}", f"{name!r} is not a paytable of {key} in the catalog "
                                        f"({names})")
    return found


def read_royal_9_combinations(reader: Reader, variant: Variant) -> dict[int, frozenset[int]]:
    """Each position's personal King-9 combination, printed on the layout, one per position and
    no two alike (§627b.3(e)(5)): ``{"1": "Ks 9h", "2": ["Kh", "9h"], ...}`` or a list by seat.
    Every position's is needed, occupied or not: Mega Envy pays on any of them ((e)(9))."""
    path = "options.royal_9_combinations"
    raw = reader.options.get("royal_9_combinations")
    if isinstance(raw, list):
        raw = {i: v for i, v in enumerate(raw, start=1)}
    if not isinstance(raw, Mapping) or not raw:
        reader.fail(path, "each position's King-9 combination printed on the layout is needed "
                          f"to settle the Royal 9 Progressive wager ({variant.royal_9}(e)(5))")
        return {}
    combinations: dict[int, frozenset[int]] = {}
    seats: set[int] = set()
    for key, value in raw.items():
        text = str(key)  # "3", or 3 from a list by seat; never another script's digits
        seat = int(text) if text.isascii() and text.isdecimal() and len(text) <= 3 else 0
        if not 1 <= seat <= variant.positions:
            reader.fail(f"{path}.{key}", f"not a position of the {variant.name} table "
                                         f"(1-{variant.positions}, {variant.positions_rule})")
            continue
        if seat in seats:
            reader.fail(f"{path}.{key}", f"position {seat} is given twice: each position has "
                                         f"one combination ({variant.royal_9}(e)(5))")
            continue
        seats.add(seat)
        cards = _king_9(reader, f"{path}.{key}", value, variant)
        if cards is not None and cards in combinations.values():
            shown = " ".join(card_str(c) for c in sorted(cards))
            reader.fail(f"{path}.{key}", f"{shown} is another position's combination: each "
                                         f"position's is unique ({variant.royal_9}(e)(5))")
        elif cards is not None:
            combinations[seat] = cards
    missing = [str(s) for s in range(1, variant.positions + 1) if s not in seats]
    if missing:
        shown = f"position {missing[0]}" if len(missing) == 1 else f"positions {', '.join(missing)}"
        reader.fail(path, f"no combination for {shown}: each position of "
                          f"the {variant.name} table has one, and Mega Envy pays on any of them, "
                          f"occupied or not ({variant.royal_9}(e)(5), (e)(9))")
    return combinations


def _king_9(reader: Reader, path: str, value: object, variant: Variant) -> frozenset[int] | None:
    try:
        cards = parse_cards(value, count=2)
    except InvalidCards as e:
        reader.fail(path, str(e))
        return None
    if not is_king_9(cards):
        reader.fail(path, f"a personal combination is a King and a Nine ({variant.royal_9}(e)(5))")
        return None
    return frozenset(cards)
