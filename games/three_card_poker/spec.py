"""What Three Card Poker offers (§649a.2, §649a.7, §649a.12): wagers, options, meters, and
the most one patron can win in a round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any, cast

from games import envy
from games import five_card_hand_bonus as fchb
from games.errors import GameError
from games.money import ZERO
from games.paytables import Paytable, PaytableNames, catalog
from games.settlement import win_row
from games.spec import (
    GameSpec,
    MeterSpec,
    OptionSpec,
    ParLine,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    cards_schema,
    dealing_procedure,
    par_lines,
    player_schema,
)

GAME = "three_card_poker"
POSITIONS = 7
ONE = Decimal(1)  # Ante and Play pay 1 to 1, §649a.12(a) (facts.md: PRIMARY)
FCHB_SECTION = "§649a.12(i)"
VARIANTS = ("none", "e1", "e2", "e3")  # §649a.7(e)(1)-(3)
# The progressive wagers, each with the Envy line it carries and the sections of that Envy
# Bonus (§649a.11(c)(7)(v) and (9)(v) say §643a.12(h)(5) and (j)(5): chapter 649a's are meant).
PROGRESSIVES = {
    "three_card_progressive": ("three_card_envy_bonus", "§649a.11(c)(5)(v), §649a.12(e)"),
    "five_card_progressive": ("five_card_envy_bonus", "§649a.11(c)(7)(v), §649a.12(h)(5)"),
    "five_of_six_progressive": ("five_of_six_envy_bonus", "§649a.11(c)(9)(v), §649a.12(j)(5)"),
}
ANTE_OR_PAIR_PLUS = ("ante", "pair_plus")  # "After placing an Ante Wager or a Pair Plus Wager"
FIVE_CARD_WAGERS = ("five_card_progressive", "five_card_hand_bonus_player",
                    "five_card_hand_bonus_dealer")


def max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum: Decimal
) -> Decimal:
    """An upper bound of what one patron can win in a round betting ``minimum`` on each wager
    in ``offered`` (wager key -> paytable name or id; ``ante_bonus`` may be given there or in
    ``options``, and counts only when one is chosen: §649a.12(b) is optional), on each of ``options["adjacent_boxes"]`` boxes: every wager at its best row,
    a meter row at the meter's least initial amount (none known: not counted), and an Envy
    Bonus from every other seat. Wins that cannot come together are added up, so apart from
    a meter with no known minimum it errs high, never shortchanging a patron (§655a.12(b)
    wording; §649a itself sets no payout limit)."""
    if "ante" in offered and options.get("ante_bonus") not in (None, ""):
        offered = {"ante_bonus": str(options["ante_bonus"]), **offered}
    total = ZERO
    for key, chosen in offered.items():
        if key == "ante":
            total += 2 * minimum  # Ante and Play at 1 to 1, §649a.12(a)
        elif key in ("five_card_hand_bonus_player", "five_card_hand_bonus_dealer"):
            total += fchb.max_win(minimum, fchb.paytable(GAME))
        elif key != "play":
            total += _best_win(key, _offered_table(key, chosen), minimum)
    return total * int(cast(Any, options.get("adjacent_boxes")) or 1)


def _offered_table(key: str, chosen: object) -> Paytable:
    table = catalog().resolve(GAME, key, str(chosen))
    if table is None:
        raise GameError(f"{chosen!r} is not a paytable of {key} in the catalog")
    return table


def _best_win(key: str, table: Paytable, minimum: Decimal) -> Decimal:
    """The best row's net win on ``minimum``, plus the largest Envy Bonus that wager can
    receive from each of the six other seats."""
    meter = m.min_initial if (m := SPEC.meter(key)) else None
    wins = [win_row(key, minimum, r, "", meter=meter).net for r in table.rows
            if not r.hand.startswith(envy.ROW_PREFIX) and (r.basis != "meter_percent" or meter)]
    return max(wins, default=ZERO) + (SPEC.positions - 1) * envy.best_envy(table, minimum)


def _wager(key: str, name: str, rule: str, **kw: Any) -> WagerSpec:
    return WagerSpec(key=key, name=name, rule=rule, **kw)


_REQUEST = RequestSpec(
    round={"dealer": cards_schema(3, description="The dealer's three cards."),
           "community": cards_schema(2, description="The two community cards, dealt for the "
                                                    "five-card wagers (§649a.11(c)(7)-(8))."),
           **fchb.draw_schemas(POSITIONS, dealer=True, section=FCHB_SECTION)},
    position={"cards": cards_schema(3, description="The player's three cards."),
              "player": player_schema("adjacent boxes, §649a.7(f)")},
    dealer={"hand": {"type": "string"}, "qualifies": {"type": "boolean", "description": (
                "Queen high or better (§649a.11(b))")},
            "five_card_hand": {"type": "string", "description": "With community cards: the "
                                                                "dealer's five-card hand; "
                                                                "absent without them."}},
    dealer_required=("hand", "qualifies"),
    example={"game": GAME, "options": {"ante_bonus": "A"},
             "positions": [{"seat": 1, "wagers": {"ante": "10.00", "play": "10.00"},
                            "cards": ["Ah", "Kh", "Qh"]}],
             "dealer": ["2c", "7d", "9s"]},
)


SPEC = GameSpec(
    key=GAME,
    name="Three Card Poker",
    rule="§649a.2(a)",
    positions=POSITIONS,
    wagers=(
        # §649a.2(b)(2): every layout has the Ante, Play and Pair Plus areas; a player plays
        # the Ante (then Play), the Pair Plus, or both (§649a.7(d)(1)-(3)).
        _wager("ante", "Ante Wager", "§649a.7(d)(1)", base=True,
               requires_wagers={"play": "§649a.7(d)(1)"}),
        _wager("play", "Play Wager", "§649a.7(d)(1)", base=True, follows="ante",
               requires_wagers={"ante": "§649a.7(d)(1)"}),
        _wager("pair_plus", "Pair Plus Wager", "§649a.7(d)(2)", base=True,
               paytable_required=True),
        _wager("three_card_progressive", "Three-Card Progressive Payout Wager", "§649a.7(d)(4)",
               paytable_required=True, meter="three_card_progressive",
               requires_wagers={ANTE_OR_PAIR_PLUS: "§649a.7(d)(4)"}),
        _wager("six_card_bonus", "Six Card Bonus Wager", "§649a.7(d)(5)",
               paytable_required=True, requires_wagers={ANTE_OR_PAIR_PLUS: "§649a.7(d)(5)"}),
        _wager("five_card_progressive", "Five-Card Progressive Payout Wager", "§649a.7(d)(6)",
               paytable_required=True, meter="five_card_progressive",
               requires_wagers={ANTE_OR_PAIR_PLUS: "§649a.7(d)(6)"}),
        _wager("five_card_hand_bonus_player", "Five Card Hand Bonus Wager on the player's hand",
               "§649a.7(d)(7)", meter=fchb.WAGER,
               requires_wagers={ANTE_OR_PAIR_PLUS: "§649a.7(d)(7)"}),
        _wager("five_card_hand_bonus_dealer", "Five Card Hand Bonus Wager on the dealer's hand",
               "§649a.7(d)(7)", meter=fchb.WAGER,
               requires_wagers={ANTE_OR_PAIR_PLUS: "§649a.7(d)(7)"}),
        # Its own subsection of §649a.7(d) is not in the excerpts: the rule of every other
        # additional wager, (d)(4)-(7), which the engine applies to every position.
        _wager("five_of_six_progressive", "5 of 6 Progressive Payout Wager", "§649a.11(c)(9)",
               paytable_required=True, meter="five_of_six_progressive",
               requires_wagers={ANTE_OR_PAIR_PLUS: "secondary: as §649a.7(d)(4)-(7)"}),
    ),
    options=(
        OptionSpec("variant", "Pair Plus and Ante version", "§649a.7(e)", VARIANTS, "none",
                   requires_wagers={"ante": "§649a.7(e)", "pair_plus": "§649a.7(e)"}),
        OptionSpec("adjacent_boxes", "Adjacent boxes one player may wager on", "§649a.7(f)",
                   default=1),
        OptionSpec("ante_bonus", "Ante Bonus paytable", "§649a.12(b)",
                   PaytableNames(GAME, "ante_bonus"), None,
                   requires_wagers={"play": "§649a.12(b)"},
                   required_with={"play": "§649a.11(c)(3)(ii)(B), §649a.12(b)"}),
        dealing_procedure("§649a.7(c), §649a.8-§649a.10"),
    ),
    meters=(
        MeterSpec("three_card_progressive", "Three-Card Progressive", "§649a.12(e)",
                  note="no minimum known (the text of §649a.12(e) was not available to us): the "
                       "Rules Submission's amounts"),
        MeterSpec("five_card_progressive", "Five-Card Progressive", "§649a.12(h)(3)",
                  min_initial=Decimal("10000.00"), min_reset=Decimal("10000.00"),
                  note="commonly posted minimum; $10,000 as in §643a.12(e)(3) and "
                       "§647a.12(d)(3). Confirm against 58 Pa. Code §649a.12(h)(3)."),
        replace(fchb.meter_spec(FCHB_SECTION),
                note="commonly posted minimum; $10,000 as in §643a.12(f)(4) and "
                     "§647a.12(e)(4). Confirm against 58 Pa. Code §649a.12(i)(4)."),
        MeterSpec("five_of_six_progressive", "5 of 6 Progressive", "§649a.12(j)",
                  note="no minimum known (the text of §649a.12(j) was not available to us): the "
                       "Rules Submission's amounts"),
    ),
    max_round_win=max_round_win,
    par=ParSpec(
        "games.par.three_card_poker:par_sheet",
        par_lines("pair_plus", "six_card_bonus", "three_card_progressive",
                  "five_card_progressive", "five_of_six_progressive",
                  "five_card_hand_bonus_player", "five_card_hand_bonus_dealer",
                  # the base game on the Ante line, with the Ante Bonus it pays (§649a.12(b))
                  ante=ParLine(paytable_option="ante_bonus", paytable_default="none")),
        included={"play": "ante"}),
    slip_cards=SlipCards(round=(("dealer", "Dealer's cards"),
                                ("community", "Community cards (five-card wagers)"))),
    request=_REQUEST,
)

