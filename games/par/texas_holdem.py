"""Texas Hold 'Em Bonus par sheets (58 Pa. Code ch. 647a), all exact: the Ante, Flop, Turn and
River Wagers under optimal play derived by the engine (``games.par.holdem_exact``), the Bonus
Wager on the two cards, the Progressive and the Five Card Hand Bonus."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from math import comb
from typing import Any

from games.cards import ACE, rank
from games.hands import CATEGORY_STARTS
from games.par import core, holdem_exact, poker
from games.par.core import Outcome, WagerPar
from games.paytables import Paytable
from games.texas_holdem_bonus import ANTE_PAYS_ON, GAME, SPEC, bonus_hands

WAGERS = ("ante", "bonus", "progressive", "five_card_hand_bonus_player",
          "five_card_hand_bonus_dealer")
STRATEGY = "Optimal play, derived by the engine from every deal"
_UNITS = {2: "the Flop Wager", 3: "the Flop Wager and one of the Turn and River Wagers",
          4: "the Flop, Turn and River Wagers"}


# The optimal-play counts take a while: each Ante rule's once per process (a worker computes
# one submission's lines one after another).
_FOUND: dict[str, dict[str, Any]] = {}


def ante(options: Mapping[str, str], *, progress: core.Progress | None = None) -> WagerPar:
    """The Ante, Flop, Turn and River Wagers per unit of Ante under optimal play: fold before
    the Flop when the hand is worth less played than the Ante it loses (§647a.11(b)); bet the
    Turn and the River when, counting every card to come and every dealer hand, the hand
    beats the dealer more often than it loses (§647a.11(d), (f)). A winning hand wins each
    wager 1 to 1, the Ante only on a straight or better (or a flush or better, as
    ``ante_pays_on`` says); ties are returned (§647a.11(h)(2)). Published: 2.04% per Ante
    (Wizard of Odds, the Ante paid on a straight or better)."""
    pays_on = options.get("ante_pays_on", "straight_or_better")
    if pays_on not in ANTE_PAYS_ON:
        raise core.ParError({"options.ante_pays_on": f"one of {', '.join(ANTE_PAYS_ON)}"})
    if pays_on not in _FOUND:
        _FOUND[pays_on] = holdem_exact.optimal(CATEGORY_STARTS[ANTE_PAYS_ON[pays_on]],
                                               progress)
    return _ante_par(_FOUND[pays_on], pays_on)


def _ante_par(found: dict[str, Any], pays_on: str) -> WagerPar:
    names, sizes, mass = found["names"], found["sizes"], found["mass"]
    share = sizes / comb(52, 2)
    value = [float(mass[i, u, 2] * (3 + u) + mass[i, u, 1] * (2 + u) - mass[i, u, 0] * (3 + u))
             for i in range(len(names)) for u in range(3)]
    played = [sum(value[3 * i:3 * i + 3]) > -1 for i in range(len(names))]
    fold = sum(float(share[i]) for i in range(len(names)) if not played[i])
    outcomes = [Outcome("folds before the Flop: the Ante lost", fold, -1.0)]
    weight = [float(share[i]) if played[i] else 0.0 for i in range(len(names))]

    def total(u: int, j: int) -> float:
        return sum(w * float(mass[i, u, j]) for i, w in enumerate(weight))

    for u, units in enumerate((2, 3, 4)):
        outcomes.append(Outcome(f"loses with {_UNITS[units]}", total(u, 0), -1.0 - units))
    outcomes.append(Outcome("ties the dealer: every wager returned",
                            sum(total(u, 3) for u in range(3)), 0.0))
    best = "a flush" if pays_on == "flush_or_better" else "a straight"
    for u, units in enumerate((2, 3, 4)):
        outcomes.append(Outcome(f"beats the dealer below {best} with {_UNITS[units]}: the "
                                "Ante returned", total(u, 1), float(units)))
    for u, units in enumerate((2, 3, 4)):
        outcomes.append(Outcome(f"beats the dealer with {best} or better and {_UNITS[units]}",
                                total(u, 2), 1.0 + units))
    turn = sum(w * float(found["turn_bet"][i]) for i, w in enumerate(weight))
    river = sum(w * float(found["river_bet"][i]) for i, w in enumerate(weight))
    wagered = 1 + 2 * (1 - fold) + turn + river
    folded = [names[i] for i in range(len(names)) if not played[i]]
    par = WagerPar("ante", "Ante, Flop, Turn and River Wagers", None, outcomes, notes=[
        f"{STRATEGY}: fold before the Flop only {_listed(folded)}; bet the Turn, and the River, "
        "when the hand beats more of the cards and dealer hands still to come than it loses to "
        "(§647a.11(b), (d), (f))",
        "Exact: every two-card hand, Flop, Turn, River and dealer hand (the boards counted once "
        "per suit pattern); a player who checks the Turn may still bet the River "
        "(§647a.11(f)), so each of those bets is worth its own chance of winning less losing"])
    assert par.house_edge is not None  # WagerPar works it out from the outcomes
    par.extra.update({
        "house_edge_per_total_wagered": par.house_edge / wagered,
        "average_units_wagered": wagered,
        "strategy": {
            "name": STRATEGY, "folds": folded,
            "turn_bet_frequency": turn, "river_bet_frequency": river,
            "preflop": [{"hand": names[i], "played": played[i],
                         "value_played": sum(value[3 * i:3 * i + 3])}
                        for i in range(len(names))],
        }})
    return par


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def bonus(table: Paytable) -> WagerPar:
    """The Bonus Wager on the first two cards (§647a.11(h)(3)), exact: the 1,326 two-card
    hands; a pair of aces with the dealer's two aces needs the dealer to hold both other aces,
    1 of the C(50, 2) dealer hands."""
    tally: dict[str, float] = {}
    aces = [c for c in range(52) if rank(c) == ACE]
    hands = [(a, b) for a in range(52) for b in range(a + 1, 52)]
    splits: tuple[tuple[tuple[int, ...], float], ...]
    for cards in hands:
        if rank(cards[0]) == rank(cards[1]) == ACE:
            dealer_aces = tuple(c for c in aces if c not in cards)
            splits = ((dealer_aces, 1 / comb(50, 2)), ((0, 1), 1 - 1 / comb(50, 2)))
        else:
            splits = (((0, 1), 1.0),)
        for dealer, weight in splits:
            row = table.first_row(bonus_hands(cards, dealer))
            if row is not None:
                tally[row.hand] = tally.get(row.hand, 0.0) + weight / len(hands)
    return WagerPar("bonus", SPEC.require_wager("bonus").name, table.id,
                    core.by_rows(table, tally, "bonus"),
                    notes=["Exact: every two-card hand; the Bonus is paid whether the player "
                           "folds or not (§647a.11(h)(3))"])


def progressive(table: Paytable, meter: Decimal | None, stake: Decimal) -> WagerPar:
    """The Progressive on the two cards and the Flop (§647a.11(i)): every five-card hand."""
    p = poker.five_card_probabilities(table, 5)
    par = WagerPar("progressive", SPEC.require_wager("progressive").name, table.id,
                   core.by_rows(table, p, "progressive", meter=meter, stake=stake),
                   notes=["Exact: every five-card hand"])
    return core.progressive(par, table, p, stake=stake, meter=meter)


def par_sheet(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
              progress: core.Progress | None = None) -> list[WagerPar]:
    core.refuse_unknown(options, ("ante_pays_on", "meter", "stake"))
    out = []
    for key in [wager] if wager else list(WAGERS):
        if key == "ante":
            out.append(ante(options, progress=progress))
        elif key == "bonus":
            out += [bonus(t) for t in core.tables_for(GAME, "bonus", paytable)]
        elif key == "progressive":
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [progressive(t, meter, stake)
                    for t in core.tables_for(GAME, "progressive", paytable)]
        elif key.startswith("five_card_hand_bonus"):
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [poker.five_card_hand_bonus(GAME, key, SPEC.require_wager(key).name, t,
                                               meter=meter, stake=stake)
                    for t in core.tables_for(GAME, key, paytable,
                                             catalog_wager="five_card_hand_bonus")]
        else:
            raise core.ParError({"wager": f"{key!r}: Texas Hold 'Em Bonus par sheets cover "
                                          f"{', '.join(WAGERS)}"})
    return out
