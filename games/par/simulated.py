"""The par sheets that are simulated, not counted: Pai Gow Poker house way against house way
(§645a.11) and the Texas Hold 'Em Bonus base game under a stated strategy (§647a.11). Each
uses a seeded random number generator (numpy's PCG64), so the same seed gives the same sheet,
and states the 95% confidence interval of its house edge. The Texas Hold 'Em Bonus Wager and
Progressive, which need no decisions, are exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from math import comb

import numpy as np

from games import batch
from games.cards import ACE, rank
from games.hands import CATEGORY_STARTS
from games.pai_gow.house_way import DEFAULT_HOUSE_WAY, HOUSE_WAYS, set_hand
from games.pai_gow.pai_gow_wager import VIGORISH, compare
from games.par import core, poker
from games.par.core import WagerPar
from games.settlement import LOSE, PUSH, WIN
from games.texas_holdem_bonus import ANTE_PAYS_ON, bonus_hands
from games.texas_holdem_bonus import GAME as THB
from games.texas_holdem_bonus import SPEC as THB_SPEC

DEFAULT_SEED = 20260101
THB_ROUNDS = 400_000
PAI_GOW_ROUNDS = 100_000
THB_STRATEGY = ("Stated strategy: bet the Flop except with two unpaired, unsuited cards both "
                "below 8 (fold those); bet the Turn and the River when a hole card pairs the "
                "board or the hole cards are a pair, else check (§647a.11(b), (d), (f))")


def _progress(progress, fraction: float) -> None:
    if progress is not None:
        progress(fraction)


def pai_gow(options: Mapping[str, str], *, progress=None) -> WagerPar:
    """The Pai Gow Poker Wager, the player setting his hand by the dealer's house way: won 1 to
    1 less the 5% vigorish (§645a.13(a)), a tie when one hand wins, copies to the dealer
    (§645a.11(f)). One deck of 53 cards, the player's and the dealer's seven from it."""
    core.refuse_unknown(options, ("rounds", "seed", "house_way", "ez_pai_gow"))
    rounds = core.option(options, "rounds", PAI_GOW_ROUNDS, int)
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    way = options.get("house_way", DEFAULT_HOUSE_WAY)
    if way not in HOUSE_WAYS:
        raise core.ParError({"options.house_way": f"one of {', '.join(HOUSE_WAYS)}"})
    if not 1000 <= rounds <= 5_000_000:
        raise core.ParError({"options.rounds": "1,000 to 5,000,000 rounds"})
    ez = core.option(options, "ez_pai_gow", False, bool)
    win_net = 1.0 if ez else 1.0 - float(VIGORISH)
    rng = np.random.default_rng(seed)
    nets = np.empty(rounds)
    results = np.empty(rounds, object)
    step = max(rounds // 20, 1)
    for i in range(rounds):
        cards = rng.choice(53, 14, replace=False).tolist()
        player, dealer = set_hand(cards[:7], way), set_hand(cards[7:], way)
        result = compare(player.high, player.low, dealer.high, dealer.low)
        results[i] = result
        nets[i] = win_net if result == WIN else 0.0 if result == PUSH else -1.0
        if i % step == 0:
            _progress(progress, i / rounds)
    _progress(progress, 1.0)
    labels = {"player wins both hands": results == WIN, "one hand each: returned":
              results == PUSH, "dealer wins (copies included)": results == LOSE}
    par = core.monte_carlo(
        "pai_gow", "Pai Gow Poker Wager", None, nets, labels, seed=seed,
        strategy=f"The player sets every hand by the house way '{way}', as the dealer does "
                 f"(§645a.11(c)); {'EZ Pai Gow Poker: no vigorish' if ez else '5% vigorish on wins (§645a.13(a))'}")
    return par


def texas_holdem_ante(options: Mapping[str, str], *, progress=None) -> WagerPar:
    """The Ante, Flop, Turn and River Wagers per unit of Ante under the stated strategy.

    Strategy: bet the Flop (twice the Ante, §647a.11(b)) except with two unpaired cards both
    below 8 and not suited; bet the Turn and the River (one Ante each, §647a.11(d), (f)) when a
    hole card pairs the board or the hole cards are a pair, else check. A winning hand is paid
    1 to 1 on each wager still up, the Ante only on a straight or better (or a flush or better,
    as the paytable option ``ante_pays_on`` says), ties returned (§647a.11(h)(2))."""
    core.refuse_unknown(options, ("rounds", "seed", "ante_pays_on"))
    rounds = core.option(options, "rounds", THB_ROUNDS, int)
    if not 10_000 <= rounds <= 20_000_000:
        raise core.ParError({"options.rounds": "10,000 to 20,000,000 rounds"})
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    pays_on = options.get("ante_pays_on", "straight_or_better")
    if pays_on not in ANTE_PAYS_ON:
        raise core.ParError({"options.ante_pays_on": f"one of {', '.join(ANTE_PAYS_ON)}"})
    ante_minimum = CATEGORY_STARTS[ANTE_PAYS_ON[pays_on]]
    rng = np.random.default_rng(seed)
    nets = np.empty(rounds)
    chunk = 1 << 16
    for start in range(0, rounds, chunk):
        n = min(chunk, rounds - start)
        deal = np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.int64)
        hole, dealer, board = deal[:, :2], deal[:, 2:4], deal[:, 4:9]
        r = hole >> 2
        paired = r[:, 0] == r[:, 1]
        suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)
        plays = paired | suited | (r.max(axis=1) >= 6)  # 6 is the rank index of an 8
        matches = ((board >> 2)[:, :, None] == r[:, None, :]).any(axis=2)  # (n, 5) board cards
        turn = plays & (paired | matches[:, :4].any(axis=1))
        river = plays & (paired | matches.any(axis=1))
        player = batch.strengths(np.hstack([hole, board]))
        dealer_best = batch.strengths(np.hstack([dealer, board]))
        units = 2.0 + turn + river  # Flop twice the Ante, Turn and River one each
        win, tie = player > dealer_best, player == dealer_best
        ante = np.where(player >= ante_minimum, 1.0, 0.0)
        played = np.where(win, units + ante, np.where(tie, 0.0, -(units + 1)))
        nets[start:start + n] = np.where(plays, played, -1.0)
        _progress(progress, (start + n) / rounds)
    return core.monte_carlo(
        "ante", "Ante, Flop, Turn and River Wagers", None, nets,
        {"folds before the Flop": nets == -1.0, "player wins": nets > 0,
         "tie: returned": nets == 0, "dealer wins": nets < -1.0},
        seed=seed, strategy=THB_STRATEGY)


def texas_holdem_bonus(table) -> WagerPar:
    """The Bonus Wager on the first two cards (§647a.11(h)(3)), exact: the 1,326 two-card
    hands; a pair of aces with the dealer's two aces needs the dealer to hold both other aces,
    1 of the C(50, 2) dealer hands."""
    tally: dict[str, float] = {}
    aces = [c for c in range(52) if rank(c) == ACE]
    hands = [(a, b) for a in range(52) for b in range(a + 1, 52)]
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
    return WagerPar("bonus", THB_SPEC.wager("bonus").name, table.id,
                    core.by_rows(table, tally, "bonus"),
                    notes=["Exact: every two-card hand; the Bonus is paid whether the player "
                           "folds or not (§647a.11(h)(3))"])


def texas_holdem_progressive(table, meter, stake) -> WagerPar:
    """The Progressive on the two cards and the Flop (§647a.11(i)): every five-card hand."""
    p = poker.five_card_probabilities(table, 5)
    par = WagerPar("progressive", THB_SPEC.wager("progressive").name, table.id,
                   core.by_rows(table, p, "progressive", meter=meter, stake=stake))
    return core.progressive(par, table, p, stake=stake, meter=meter)


THB_WAGERS = ("ante", "bonus", "progressive", "five_card_hand_bonus_player",
              "five_card_hand_bonus_dealer")


def texas_holdem(wager, paytable, options, *, progress=None) -> list[WagerPar]:
    out = []
    for key in [wager] if wager else list(THB_WAGERS):
        if key == "ante":
            out.append(texas_holdem_ante({k: v for k, v in options.items()
                                          if k in ("rounds", "seed", "ante_pays_on")},
                                         progress=progress))
        elif key == "bonus":
            out += [texas_holdem_bonus(t) for t in core.tables_for(THB, "bonus", paytable)]
        elif key == "progressive":
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [texas_holdem_progressive(t, meter, stake)
                    for t in core.tables_for(THB, "progressive", paytable)]
        elif key.startswith("five_card_hand_bonus"):
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [poker.five_card_hand_bonus(THB, key, THB_SPEC.wager(key).name, t,
                                               meter=meter, stake=stake)
                    for t in core.tables_for(THB, key, paytable,
                                             catalog_wager="five_card_hand_bonus")]
        else:
            raise core.ParError({"wager": f"{key!r}: Texas Hold 'Em Bonus par sheets cover "
                                          f"{', '.join(THB_WAGERS)}"})
    core.refuse_unknown(options, ("rounds", "seed", "ante_pays_on", "meter", "stake"))
    return out


