"""Minibaccarat, Midibaccarat and Baccarat with their 2021 side wagers and variations
(Chapters 627a/627b, 629a/629b, 631a/631b): one engine game, ``"baccarat"``, whose
``options.variant`` is the chapter (``"baccarat"`` by default, ``"midibaccarat"``,
``"minibaccarat"``).

Request::

    {"game": "baccarat",
     "options": {"variant": "minibaccarat", "commission_free": true, "decks": 8,
                 "perfect_pairs": "A", "royal_9_progressive": "5",
                 "royal_9_combinations": {"1": "Ks 9s", "2": "Kh 9h", ...}},
     "meters": {"royal_9_mega_jackpot": "50210.37", ...},
     "player_cards": ["Kh", "9h"], "banker_cards": ["4c", "2d", "Td"],
     "positions": [{"seat": 1, "wagers": {"banker": "25.00", "royal_9_progressive": "5.00"}}]}

``player_cards`` and ``banker_cards`` are the hands as dealt (2 or 3 cards, in order) and must
obey the third-card rules; or ``shoe`` gives the cards in order and the engine deals. Paytables:
``options.perfect_pairs`` (A-C, also read from ``perfect_pairs_player``/``_banker``),
``lucky_nines`` (A-D), ``five_treasures`` (A-B, the five wagers together), and
``royal_9_progressive`` ("1" or "5": the table's denomination). Hand names: see ``side_wagers``
and ``progressives``. Each seat's ``hand`` is the round's result, the same for every seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from games.baccarat import request, side_wagers, wagers
from games.baccarat.lines import Settler
from games.baccarat.progressives import (
    HEAVENLY_9,
    HEAVENLY_9_INCREMENT_PERCENT,
    HEAVENLY_9_MINIMUM_WAGER,
    HEAVENLY_9_SEED,
    MUST_HIT_BY,
    MUST_HIT_BY_PAYMENTS,
    ROYAL_9_METER_MINIMUMS,
    ROYAL_9_METER_NAMES,
    ROYAL_9_METERS,
    must_hit_by_range,
    must_hit_by_seeding_problem,
    royal_9_par_options,
)
from games.baccarat.request import MAIN
from games.baccarat.table import (
    GAME,
    MAX_DECKS,
    PAYTABLE_KEY,
    SHARED_PAYTABLES,
    read_paytable,
    read_royal_9_combinations,
    read_table,
)
from games.baccarat.variants import BACCARAT, MIDIBACCARAT, MINIBACCARAT, VARIANTS
from games.payload import ROUND_FIELDS, Reader
from games.paytables import Paytable, PaytableNames, catalog
from games.settlement import RoundResult, win_row
from games.spec import (
    GameSpec,
    MeterMinimum,
    MeterSpec,
    OptionSpec,
    ParLine,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    cards_schema,
    par_lines,
)

NOT_BACCARAT = (MINIBACCARAT, MIDIBACCARAT)
COMMISSION_NOTE = ("Banker wagers are paid 1 to 1 less a 5% commission: the standard odds "
                   "(secondary, confirm against the chapter's payout-odds and vigorish section)")


WAGERS = (
    # The game: a player wagers on one of the three hands (§627a.7(a), §629a.7(a), §631a.8(a)),
    # the wager each side wager with ``requires_wagers={MAIN: ...}`` is offered "to each player
    # who placed" (the engine refuses those on a position without one, too).
    WagerSpec("player", "Player's Hand", "§627a.7(a), §629a.7(a)(1), §631a.8(a)(1)",
              base=True),
    WagerSpec("banker", "Banker's Hand", "§627a.7(a), §629a.7(a)(2), §631a.8(a)(2)",
              base=True),
    WagerSpec("tie", "Tie Hand", "§627a.7(a), §629a.7(a)(3), §631a.8(a)(3)", base=True),
    WagerSpec("player_pair", "Player Pair", "§627b.2(c)(1), §629b.2(c)(1), §631b.5(c)(1)",
              requires={"commission_free": True}),
    WagerSpec("banker_pair", "Banker Pair", "§627b.2(c)(2), §629b.2(c)(2), §631b.5(c)(2)",
              requires={"commission_free": True}),
    WagerSpec("lucky_six", "Lucky Six", "§627b.2(c)(3), §629b.2(c)(3), §631b.5(c)(3)",
              requires={"commission_free": True}),
    WagerSpec("perfect_pairs_player", "Perfect Pairs on the Player Hand",
              "§627b.1(c), §629b.1(c), §631b.1(c)"),
    WagerSpec("perfect_pairs_banker", "Perfect Pairs on the Banker Hand",
              "§627b.1(c), §629b.1(c), §631b.1(c)"),
    WagerSpec("royal_9_progressive", "Royal 9 Progressive", "§627b.3, §629b.3",
              paytable_required=True, meter="royal_9_mega_jackpot", denominated=True,
              requires={"variant": NOT_BACCARAT},
              requires_wagers={MAIN: "§627b.3(b), §629b.3(b)"}),
    WagerSpec("heavenly_9_progressive", "Heavenly 9 Progressive", "§631b.2", meter=HEAVENLY_9,
              requires={"variant": BACCARAT}, requires_wagers={MAIN: "§631b.2(a)"},
              minimum=HEAVENLY_9_MINIMUM_WAGER, minimum_rule="§631b.2(c)"),
    *(WagerSpec(key, name, side_wagers.FIVE_TREASURES_RULE[key], requires={"variant": BACCARAT},
                requires_wagers={MAIN: "§631b.3(a)"})
      for key, name in side_wagers.FIVE_TREASURES.items()),
    WagerSpec("lucky_nines", "Lucky Nines", "§631b.4", paytable_required=True,
              requires={"variant": BACCARAT, "fully_automated": True},
              requires_wagers={MAIN: "§631b.4(c)"}),
)

_KING_9 = {"oneOf": [{"type": "string", "maxLength": 20, "example": "Ks 9s"},
                     {"type": "array", "items": {"type": "string", "maxLength": 8},
                      "minItems": 2, "maxItems": 2, "example": ["Ks", "9s"]}]}
ROYAL_9_COMBINATIONS_SHAPE = {
    "description": "Each position's personal King-9 combination, printed on the layout, one "
                   "per position and no two alike (§627b.3(e)(5), §629b.3(e)(5)): position "
                   "(\"1\", \"2\", ...) -> its two cards, or a list by position from 1. "
                   "Every position of the variant's table has one.",
    "oneOf": [{"type": "object", "additionalProperties": _KING_9, "nullable": True,
               "example": {"1": "Ks 9s", "2": "Kh 9h", "3": "Kd 9d", "4": "Kc 9c",
                           "5": "Ks 9h", "6": "Kh 9s", "7": "Kd 9c"}},
              {"type": "array", "items": _KING_9}],
}


def check_royal_9_combinations(options: Mapping[str, object]) -> dict[str, list[str]]:
    """The Rules Submission's combinations read as a round reads them (every position of the
    chosen variant's table, each a King and a Nine, no two alike): errors by field path."""
    variant = VARIANTS.get(str(options.get("variant")), VARIANTS[BACCARAT])
    reader = Reader({"options": {"royal_9_combinations": options.get("royal_9_combinations")}},
                    SPEC)
    if variant.royal_9 is None:
        names = " and ".join(VARIANTS[v].name for v in NOT_BACCARAT)
        return {"options.royal_9_combinations": [
            f"the Royal 9 Progressive is played at {names} only, not at {variant.name} "
            "(§627b.3, §629b.3)"]}
    read_royal_9_combinations(reader, variant)
    return reader.errors


OPTIONS = (
    OptionSpec("variant", "Minibaccarat, Midibaccarat or Baccarat", "§627a, §629a, §631a",
               choices=tuple(VARIANTS), default=BACCARAT),
    OptionSpec("commission_free", "Commission free", "§627b.2(a), §629b.2(a), §631b.5(a)"),
    OptionSpec("decks", "Decks in the shoe", "§627a.3, §629a.3, §631a.3",
               choices=tuple(str(n) for n in range(1, 9)), default=8),
    OptionSpec("perfect_pairs", "Perfect Pairs paytable", "§627b.1(e), §629b.1(e), §631b.1(e)",
               choices=PaytableNames(GAME, "perfect_pairs"), default=None),
    OptionSpec("five_treasures", "5 Treasures paytable", "§631b.3(h)",
               choices=PaytableNames(GAME, "five_treasures"), default=None),
    OptionSpec("royal_9_combinations", "Royal 9 personal King-9 combination of each position",
               "§627b.3(e)(5), §629b.3(e)(5)", default=None, shape=ROYAL_9_COMBINATIONS_SHAPE,
               check=check_royal_9_combinations),
    OptionSpec("fully_automated", "Fully automated electronic gaming table (Lucky Nines)",
               "§631b.4(a)"),
    OptionSpec("alternative_card_reveal", "Alternative card reveal procedure (Midibaccarat)",
               "§629b.4"),
    OptionSpec("must_hit_by", "Must-Hit-By Mystery Bonus configuration", "§631b.6(c)(4)",
               choices=tuple(c.name for c in MUST_HIT_BY), default=None,
               requires_wagers={HEAVENLY_9: "§631b.6(a)"}),
    OptionSpec("must_hit_by_payment", "Must-Hit-By Mystery Bonus payment", "§631b.6(c)(6)",
               choices=MUST_HIT_BY_PAYMENTS, default=None,
               with_option=("must_hit_by", "§631b.6(c)(6)")),
)

ROYAL_9_METER_RULE = "§627b.3(f)(2), (g)(2); §629b.3(f)(2), (g)(2)"


def _royal_9_meter(key: str, name: str) -> MeterSpec:
    """A Royal 9 jackpot meter: its least initial and reset amounts by denomination."""
    by_denomination = tuple(
        MeterMinimum(when={"royal_9_progressive": d}, rule=f"§627b.3({sub})(2), §629b.3({sub})(2)",
                     min_initial=ROYAL_9_METER_MINIMUMS[d][key],
                     min_reset=ROYAL_9_METER_MINIMUMS[d][key])
        for d, sub in (("5", "f"), ("1", "g"))
    )
    least = ROYAL_9_METER_MINIMUMS["1"][key]
    return MeterSpec(key, name, ROYAL_9_METER_RULE, min_initial=least, min_reset=least,
                     wager="royal_9_progressive", minimums_when=by_denomination,
                     note=f"at least ${ROYAL_9_METER_MINIMUMS['5'][key]:,} on a $5 denomination "
                          f"table, ${least:,} at $1; rate of progression in the Rules Submission")


METERS = (
    MeterSpec(HEAVENLY_9, "Heavenly 9 Progressive", "§631b.2(i)", min_initial=HEAVENLY_9_SEED,
              min_reset=HEAVENLY_9_SEED, min_rate=HEAVENLY_9_INCREMENT_PERCENT,
              max_rate=HEAVENLY_9_INCREMENT_PERCENT, fixed=True,
              note="Meter Seed/ Reseed $10,000 and Increment Rate 10%, both fixed by the text "
                   "(§631b.2(i))"),
    *(_royal_9_meter(key, name) for key, name in ROYAL_9_METER_NAMES.items()),
    # Keyed like the ``must_hit_by`` option, not tied to the Heavenly 9 wager: the meter is
    # needed only when a configuration is chosen (§631b.6(a) makes the bonus optional), and
    # the chosen row's minimum applies.
    MeterSpec("must_hit_by", "Must-Hit-By Mystery Bonus", "§631b.6(c)(4)",
              min_initial=min(c.minimum for c in MUST_HIT_BY),
              min_reset=min(c.minimum for c in MUST_HIT_BY),
              minimums_when=tuple(
                  MeterMinimum(when={"must_hit_by": c.name}, rule="§631b.6(c)(4)",
                               min_initial=c.minimum, min_reset=c.minimum,
                               rate=c.contribution_percent, below=c.maximum,
                               reset_is_minimum=True)
                  for c in MUST_HIT_BY),
              trigger_range=must_hit_by_range, seeding_problem=must_hit_by_seeding_problem,
              note="minimum and maximum dollar values and contribution rate by configuration "
                   "(§631b.6(c)(4)); reset to the minimum (§631b.6(c)(5)(iv))"),
)


def max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """An upper bound of what one patron can win in a round betting ``minimum_wager`` on each
    offered wager: only one of the Player, Banker, Tie (and Lucky Six, with a Banker win) outcomes
    pays, every other wager is counted at its best row, meters at their least amount. The
    excerpts give Baccarat no payout-limit clause; the bound serves the §655a.12(b)-style floor."""
    main = {"player": Decimal(1), "banker": Decimal(1), "tie": wagers.TIE_ODDS}
    outcomes = [main[w] for w in MAIN if w in offered]
    if "lucky_six" in offered:
        banker = Decimal("0.5") if options.get("commission_free") else Decimal(1)
        outcomes.append(wagers.LUCKY_SIX_ODDS[3] + (banker if "banker" in offered else 0))
    total = max(outcomes, default=Decimal(0)) * minimum_wager
    total += sum(wagers.PAIR_ODDS * minimum_wager for w in ("player_pair", "banker_pair")
                 if w in offered)
    for wager in offered:
        key = PAYTABLE_KEY.get(wager, wager)
        name = offered[wager] or options.get(key)
        listed = catalog().for_wager(GAME, key)
        only = listed[0] if len(listed) == 1 else None
        paytable = catalog().resolve(GAME, key, str(name)) if name else only
        if paytable is not None:
            total += _best_net(wager, paytable, minimum_wager)
    return total


def _best_net(wager: str, paytable: Paytable, minimum_wager: Decimal) -> Decimal:
    stake, meters = minimum_wager, {}
    if wager == "royal_9_progressive":
        stake, minimums = Decimal(paytable.name), ROYAL_9_METER_MINIMUMS[paytable.name]
        meters = {row: minimums[key] for row, key in ROYAL_9_METERS.items()}
    elif wager == HEAVENLY_9:
        stake = max(minimum_wager, HEAVENLY_9_MINIMUM_WAGER)
    return max(
        win_row(wager, stake, row, "", meter=meters.get(row.hand, HEAVENLY_9_SEED)).net
        for row in paytable.rows
    )


_HAND: dict[str, object] = {"type": "object", "properties": {
    "cards": cards_schema(2, 3), "point_count": {"type": "integer", "minimum": 0, "maximum": 9},
    "natural": {"type": "boolean"}}, "required": ["cards", "point_count", "natural"],
    "additionalProperties": False}
_REQUEST = RequestSpec(
    round={
        "player_cards": cards_schema(2, 3, description="The Player hand as dealt, with any "
                                                       "third card (the third-card rules)."),
        "banker_cards": cards_schema(2, 3, description="The Banker hand as dealt, with any "
                                                       "third card."),
        "shoe": cards_schema(4, 52 * MAX_DECKS, description="Instead of the hands: the shoe's cards from "
                                                 "the top; the engine deals the round."),
    },
    dealer={
        "variant": {"type": "string", "enum": list(VARIANTS)},
        "player": _HAND, "banker": _HAND,
        "winner": {"type": "string", "enum": ["player", "banker", "tie"]},
        "cards_dealt": {"type": "integer", "description": "Dealt from a shoe: the cards used; "
                                                         "absent when the hands were given."},
    },
    dealer_required=("variant", "player", "banker", "winner"),
    example={"game": GAME, "positions": [{"seat": 1, "wagers": {"banker": "25.00"}}],
             "player_cards": ["9h", "Kd"], "banker_cards": ["7s", "Ac"]},
)


SPEC = GameSpec(
    key=GAME,
    name="Baccarat (Minibaccarat, Midibaccarat, Baccarat)",
    rule="§627a, §629a, §631a",
    positions=max(v.positions for v in VARIANTS.values()),
    wagers=WAGERS,
    options=OPTIONS,
    meters=METERS,
    max_round_win=max_round_win,
    par=ParSpec(
        "games.par.baccarat:par_sheet",
        par_lines("player", "banker", "tie", "player_pair", "banker_pair", "lucky_six",
                  "lucky_nines", "heavenly_9_progressive",
                  # a paytable chosen once for several wagers (SHARED_PAYTABLES)
                  **{w: ParLine(paytable_option=k) for k, ws in SHARED_PAYTABLES.items()
                     for w in ws},
                  royal_9_progressive=ParLine(options=royal_9_par_options)),
        options=("decks", "commission_free", "variant")),
    # a Player and a Banker hand, no seat's own cards
    slip_cards=SlipCards(round=(("player_cards", "Player hand"), ("banker_cards", "Banker hand")),
                         seats=False),
    request=_REQUEST,
)


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle one round: every wager of every position, with the section that says so."""
    reader = Reader(payload, SPEC,
                    fields=(*ROUND_FIELDS, "player_cards", "banker_cards", "shoe"),
                    options=SHARED_PAYTABLES["perfect_pairs"])
    table = read_table(reader)
    coup, dealt = request.read_coup(reader, table)
    positions = request.read_positions(reader, table)
    placed = {w for p in positions for w in p["wagers"]}
    paytables = {k: read_paytable(reader, k) for k in {PAYTABLE_KEY.get(w, w) for w in placed}
                 if k in PAYTABLE_KEY.values() or SPEC.require_wager(k).paytable_required}
    paytables.setdefault(HEAVENLY_9, catalog().get(f"{GAME}.{HEAVENLY_9}.standard"))
    combinations = {}
    if "royal_9_progressive" in placed and table.variant.royal_9:
        combinations = read_royal_9_combinations(reader, table.variant)
        request.verify_royal_9(reader, positions, paytables.get("royal_9_progressive"))
    meters = request.read_meters(reader, paytables.get("royal_9_progressive"))
    reader.done()
    assert coup is not None  # read_coup failed the request when it read no coup
    settler = Settler(table, coup, order=tuple(w.key for w in WAGERS), paytables=paytables,
                      combinations=combinations, meters=meters)
    # Meter awards go to the highest numbered position first (§631b.5(f)'s order of payment).
    results = {p["seat"]: settler.seat(p["seat"], p["wagers"])
               for p in sorted(positions, key=lambda p: -p["seat"])}
    notes = [COMMISSION_NOTE] if "banker" in placed and not table.commission_free else []
    dealer = {"variant": table.variant.key, **coup.as_dict()}
    if dealt is not None:
        dealer["cards_dealt"] = dealt
    return RoundResult(GAME, tuple(results[s] for s in sorted(results)), dealer, tuple(notes))


__all__ = ["SPEC", "max_round_win", "settle"]
